"""The framework's shape (issue 21): no import circle in src/wp42; every module's docstring says its job.

The import graph is read with ``ast`` from the source files, never by importing them, so a circle that only
bites in one import order (a lazy import inside a function, a package ``__init__`` that re-exports) is still
seen.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wp42.layout import Repo
from wp42.moved import MOVED

PACKAGE = "wp42"


def module_files(src: Path, package: str = PACKAGE) -> dict[str, Path]:
    """Every module below ``src/<package>``: dotted name -> file (a package is its ``__init__.py``)."""
    modules: dict[str, Path] = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of the dotted ``name`` that is one of ``modules`` (an attribute import resolves to
    its module); None for a name outside them."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(src: Path, package: str = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its source (top level, inside functions, under
    ``TYPE_CHECKING``). ``from a import b`` points at the module ``a.b`` when there is one, else at ``a``."""
    modules = module_files(src, package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(_known(alias.name, modules) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    source = ".".join([*base, node.module] if node.module else base)
                else:
                    source = node.module or ""
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    targets.add(submodule if submodule in modules else _known(source, modules))
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each circle as one path ``[a, b, ..., a]``: one per strongly connected component of more than one
    module (Tarjan's algorithm), sorted so the message is stable."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(_circle_in(component, graph) for component in components)


def _circle_in(component: set[str], graph: dict[str, set[str]]) -> list[str]:
    """One circle through the smallest member of a strongly connected ``component`` (breadth first)."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & component):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    raise ValueError(f"{sorted(component)} is not strongly connected")


def _write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


SRC = Repo.find().root / "src"


def test_no_import_circle_in_wp42() -> None:
    graph = import_graph(SRC)
    assert len(graph) > 40, f"read only {len(graph)} modules under {SRC / PACKAGE}"
    circles = import_cycles(graph)
    listed = "\n".join(" -> ".join(circle) for circle in circles)
    assert not circles, f"import circles in src/wp42 (the used side should define what both use):\n{listed}"


def test_every_circle_kind_is_seen(tmp_path: Path) -> None:
    """The detector itself: a lazy import inside a function and a relative import inside a package both close
    a circle; a chain of imports with no way back (chain1 -> chain2 -> p.pages) does not."""
    src = _write(tmp_path, {
        "wp42/__init__.py": '"""Root."""\n',
        "wp42/a.py": "def f():\n    from wp42 import b\n",
        "wp42/b.py": "from wp42.a import f\n",
        "wp42/p/__init__.py": "from wp42.p.app import make\n",
        "wp42/p/app.py": "from . import pages\n",
        "wp42/p/pages.py": "from wp42.p.app import make\n",
        "wp42/chain1.py": "import wp42.chain2\n",
        "wp42/chain2.py": "from wp42.p import pages\n",
    })
    assert import_cycles(import_graph(src)) == [
        ["wp42.a", "wp42.b", "wp42.a"],
        ["wp42.p.app", "wp42.p.pages", "wp42.p.app"],
    ]


@pytest.mark.parametrize("module", sorted(module_files(SRC)))
def test_first_docstring_line_says_the_job(module: str) -> None:
    path = module_files(SRC)[module]
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    first = (docstring or "").strip().splitlines()[0] if (docstring or "").strip() else ""
    assert len(first.split()) >= 4, f"{path.relative_to(SRC)}: first docstring line {first!r} says no job"


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_module_path_is_its_new_module(old: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every moved module stays importable under its old name for one release: a deprecation note first in
    the old file's docstring, nothing in the file but the alias, a DeprecationWarning on import, and the very
    module object of the new path (so private names and monkeypatching reach the code that runs)."""
    path = SRC / Path(*old.split(".")).with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert (ast.get_docstring(tree) or "").startswith(f"Deprecated: moved to :mod:`{MOVED[old]}`"), path
    body = [ast.unparse(node) for node in tree.body[1:]]
    assert body == ["from wp42.moved import alias", "alias(__name__)"], path
    new = importlib.import_module(MOVED[old])
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=f"{old} moved to {MOVED[old]}"):
        assert importlib.import_module(old) is new


def test_old_module_path_still_runs_as_a_program() -> None:
    """``python -m wp42.builtin_workers`` (the path its docstring gave before the move) runs the moved module as
    the program: the same exit status and usage line as ``python -m wp42.run.builtin_workers``."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    new = subprocess.run([sys.executable, "-m", "wp42.run.builtin_workers"], capture_output=True, text=True,
                         env=env, timeout=60)
    old = subprocess.run([sys.executable, "-m", "wp42.builtin_workers"], capture_output=True, text=True, env=env,
                         timeout=60)
    assert new.returncode == 2 and "usage: python -m wp42.run.builtin_workers" in new.stderr
    assert old.returncode == new.returncode, old.stderr
    assert new.stderr.strip() in old.stderr and "DeprecationWarning" in old.stderr
