"""What every scenario test needs: generate a scenario at a seed, copy a worker's workspace, run a solution in it,
score its out/ with the scenario's evaluate.py, and read which checks failed.

The contract every scenario keeps lives in tests/test_scenario_contract.py; each tests/test_<id>.py keeps only its
scenario's own edge cases. Both take generated scenarios from the session-scoped ``scenario_cache`` fixture
(tests/conftest.py), so each (scenario, seed) is generated, and its reference solution run, once per session.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.generation import copy_public_bundle
from wp42.generation import generate as generate_scenario
from wp42.layout import Oracle, Repo
from wp42.schemas import errors
from wp42.variants import wrong_solution_sets

REPO = Repo.find()
#: The seeds every scenario is tested at: the committed one and one other.
SEEDS = (42, 7)
#: The seeds the hard level (issue 25) is tested at: its instances are a real month's volume, so one seed in the
#: suite; ``wp42 validate --level hard`` proves more.
HARD_SEEDS = (42,)
SOLVE_TIMEOUT_S = 300


def scenario_ids() -> list[str]:
    """Every scenario id under benchmark/scenarios (a folder with a generate.py), sorted."""
    return REPO.task_ids()


def template_manifest(task_id: str) -> dict[str, Any]:
    """The committed solutions.json of ``task_id`` (oracles-template), readable at collection time."""
    return json.loads(Oracle.at(REPO.oracles_template, task_id).solutions_manifest.read_text(encoding="utf-8"))


def scenario_sets(task_id: str) -> list[str]:
    """The sets ``task_id`` is proved on: solutions.json ``sets`` (default ``["challenge"]``, SPEC section 9)."""
    return list(template_manifest(task_id).get("sets", ["challenge"]))


def wrong_sets(entry: dict[str, Any]) -> list[str]:
    """The sets on which a wrong solution must fail its targets (:func:`wp42.variants.wrong_solution_sets`)."""
    return wrong_solution_sets(entry)


def wrong_levels(task_id: str, entry: dict[str, Any]) -> list[str]:
    """The levels at which a wrong solution must fail its targets (default: every level ``task_id`` declares)."""
    return list(entry.get("levels", scenario_levels(task_id)))


def scenario_levels(task_id: str) -> list[str]:
    """The levels ``task_id`` is proved on: solutions.json ``levels`` (default ``["standard"]``, issue 25)."""
    return list(template_manifest(task_id).get("levels", ["standard"]))


def variants(task_id: str) -> list[tuple[int, str, str]]:
    """Every ``(seed, set, level)`` the contract tests ``task_id`` at: :data:`SEEDS` at the standard level and
    :data:`HARD_SEEDS` at the hard one, in each declared set."""
    return [(seed, set_name, level) for level in scenario_levels(task_id) for set_name in scenario_sets(task_id)
            for seed in (SEEDS if level == "standard" else HARD_SEEDS)]


def variant_label(task_id: str, seed: int, set_name: str = "challenge", level: str = "standard") -> str:
    """``ACC-01-42``, ``ACC-01-42-coverage``, ``ACC-01-42-hard``, ``ACC-01-42-coverage-hard``: a test id."""
    return "-".join([task_id, str(seed)] + [part for part in (set_name, level) if part not in ("challenge",
                                                                                              "standard")])


def generate(task_id: str, seed: int, bundle_dir: Path, oracle_root: Path | None, set_name: str = "challenge",
             level: str = "standard") -> None:
    """Generate ``task_id`` at ``seed`` (of set ``set_name``, level ``level``) into ``bundle_dir`` (never into the
    repository); ``oracle_root=None`` writes the public bundle only.

    Raises:
        wp42.errors.UserError: the generator failed (the message carries its stderr).
    """
    generate_scenario(task_id, seed, oracle_root, repo=REPO, bundle_dir=bundle_dir, set_name=set_name, level=level)


@dataclass(frozen=True)
class Generated:
    """One scenario generated at one seed and set: the public bundle and the oracle root holding its hidden
    sources."""

    task_id: str
    seed: int
    bundle: Path
    oracle_root: Path
    set_name: str = "challenge"
    level: str = "standard"

    @property
    def hidden(self) -> Oracle:
        return Oracle.at(self.oracle_root, self.task_id)

    def oracle(self) -> dict[str, Any]:
        """A fresh parse of oracle.json (callers may change it)."""
        return json.loads(self.hidden.oracle_json.read_text(encoding="utf-8"))

    def task(self) -> dict[str, Any]:
        return json.loads((self.bundle / layout.TASK_JSON).read_text(encoding="utf-8"))

    def manifest(self) -> dict[str, Any]:
        return json.loads(self.hidden.solutions_manifest.read_text(encoding="utf-8"))

    def wrong(self, name: str) -> dict[str, Any]:
        """The manifest entry of wrong solution ``name``.

        Raises:
            KeyError: no wrong solution of that name.
        """
        for entry in self.manifest()["wrong"]:
            if entry["name"] == name:
                return entry
        raise KeyError(f"{self.task_id} has no wrong solution {name!r}")

    def alternative(self, name: str) -> dict[str, Any]:
        """The manifest entry of alternative correct solution ``name`` (worker ``alt:<name>``).

        Raises:
            KeyError: no alternative of that name.
        """
        for entry in self.manifest().get("alternatives", []):
            if entry["name"] == name:
                return entry
        raise KeyError(f"{self.task_id} has no alternative solution {name!r}")


def make_workspace(bundle: Path, parent: Path) -> Path:
    """A worker's workspace ``parent/workspace``, made as the runner makes it (the worker's view of ``bundle``:
    no generate.py, task.json without grading metadata); no out/ yet."""
    workspace = parent / layout.WORKSPACE_DIR
    copy_public_bundle(bundle, workspace)
    return workspace


def copy_workspace(workspace: Path, parent: Path) -> Path:
    """A private copy ``parent/workspace`` of a workspace (out/ included) that a test may change."""
    target = parent / layout.WORKSPACE_DIR
    shutil.copytree(workspace, target, symlinks=True)
    return target


def run_solution(generated: Generated, workspace: Path, args: Iterable[str] = (), env: dict[str, str] | None = None,
                 script: str = "solve.py") -> Path:
    """Run the scenario's solutions/``script`` with ``args`` as a worker would: copied alone into a private folder
    next to ``workspace``, run with ``workspace`` as its working directory. Returns ``workspace/out``.

    Raises:
        subprocess.CalledProcessError: the solution exited non-zero.
        subprocess.TimeoutExpired: it ran past ``SOLVE_TIMEOUT_S``.
    """
    private = workspace.parent / "solution"
    shutil.copytree(generated.hidden.solutions, private, dirs_exist_ok=True)
    out = workspace / layout.OUT_DIR
    env = {**os.environ, "WP42_OUT": str(out), "WP42_WORKSPACE": str(workspace), "WP42_TASK_ID": generated.task_id,
           **(env or {})}
    subprocess.run([sys.executable, str(private / script), *args], cwd=workspace, env=env, check=True,
                   capture_output=True, timeout=SOLVE_TIMEOUT_S)
    return out


def run_through_portal(generated: Generated, workspace: Path, access_log: Path, args: Iterable[str] = (),
                       script: str = "solve.py") -> list[dict[str, Any]]:
    """Serve ``workspace``'s portal (its out/ receiving the submissions), hand the solution the portal's address
    and credentials as a portal arm does, run ``script``, and return the entries of out/portal_submissions.json.

    Raises:
        subprocess.CalledProcessError: the solution exited non-zero.
    """
    from wp42.portal import start_portal

    out = workspace / layout.OUT_DIR
    out.mkdir(exist_ok=True)
    with start_portal(workspace, out, access_log) as portal:
        (workspace / layout.PORTAL_CREDENTIALS).write_text(json.dumps({"url": portal.url, **portal.credentials}),
                                                            encoding="utf-8")
        run_solution(generated, workspace, args, env={"WP42_PORTAL_URL": portal.url}, script=script)
    return json.loads((out / layout.PORTAL_SUBMISSIONS).read_text(encoding="utf-8"))


def evaluate(generated: Generated, out: Path, workspace: Path, oracle: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    """Score ``out`` by loading the generated evaluate.py in this process (benchmark/validators importable) and
    calling its ``evaluate(out_dir, oracle, workspace, run_id)``; asserts the receipt follows the receipt schema."""
    if str(REPO.validators_dir) not in sys.path:
        sys.path.insert(0, str(REPO.validators_dir))
    name = f"evaluate_{generated.task_id.replace('-', '_').lower()}"
    spec = importlib.util.spec_from_file_location(name, generated.hidden.evaluate_py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    receipt = module.evaluate(str(out), oracle if oracle is not None else generated.oracle(), str(workspace), "test")
    assert errors("receipt", receipt) == []
    return receipt


def fixture_workspace(task_id: str, seed: int, fixture: str, tmp_path: Path, level: str = "hard",
                      set_name: str = "challenge") -> tuple[Generated, Path]:
    """``(generated, workspace)``: ``task_id``'s instance of set ``set_name`` at ``seed`` and ``level`` regenerated
    under ``tmp_path`` with the current generator, and a workspace whose out/ is a copy of
    ``tests/fixtures/<fixture>/out`` (an independent solver's deliverables) that a test may change."""
    generate(task_id, seed, tmp_path / "bundle", tmp_path / "oracles", set_name=set_name, level=level)
    generated = Generated(task_id, seed, tmp_path / "bundle", tmp_path / "oracles", set_name=set_name, level=level)
    workspace = make_workspace(generated.bundle, tmp_path)
    shutil.copytree(Path(__file__).parent / "fixtures" / fixture / "out", workspace / layout.OUT_DIR)
    return generated, workspace


def grade_fixture(task_id: str, seed: int, fixture: str, tmp_path: Path, level: str = "hard",
                  set_name: str = "challenge") -> dict[str, Any]:
    """The receipt for ``tests/fixtures/<fixture>/out`` graded with the current evaluator (see
    :func:`fixture_workspace`)."""
    generated, workspace = fixture_workspace(task_id, seed, fixture, tmp_path, level, set_name)
    return evaluate(generated, workspace / layout.OUT_DIR, workspace)


def violation_ids(receipt: dict[str, Any]) -> set[str]:
    """Ids of the receipt's critical violations."""
    return {v["id"] for v in receipt["critical_violations"]}


def failed_ids(receipt: dict[str, Any]) -> set[str]:
    """Ids of the failed required criteria and of the critical violations."""
    return {c["id"] for c in receipt["required_criteria"] if not c["passed"]} | violation_ids(receipt)


class ScenarioCache:
    """Scenarios generated on first use and kept for the session, under a pytest temporary directory.

    ``get`` generates with the oracle, ``public`` without one, ``reference`` runs the reference solution once in a
    workspace of its own; callers that change a workspace take a :func:`copy_workspace` first. Each takes the set
    (``"challenge"``, the default, or ``"coverage"``) and the level (``"standard"``, the default, or ``"hard"``).
    """

    def __init__(self, mktemp: Callable[[str], Path]) -> None:
        self._mktemp = mktemp
        self._generated: dict[tuple[str, int, str, str], Generated] = {}
        self._public: dict[tuple[str, int, str, str], Path] = {}
        self._reference: dict[tuple[str, int, str, str], Path] = {}

    def get(self, task_id: str, seed: int, set_name: str = "challenge", level: str = "standard") -> Generated:
        """``task_id`` generated at ``seed`` (set ``set_name``, level ``level``) with its oracle."""
        key = (task_id, seed, set_name, level)
        if key not in self._generated:
            base = self._mktemp(variant_label(*key))
            generate(task_id, seed, base / "bundle", base / "oracles", set_name, level)
            self._generated[key] = Generated(task_id, seed, base / "bundle", base / "oracles", set_name, level)
        return self._generated[key]

    def public(self, task_id: str, seed: int, set_name: str = "challenge", level: str = "standard") -> Path:
        """``task_id`` generated at ``seed`` (set ``set_name``, level ``level``) with no oracle: the public bundle."""
        key = (task_id, seed, set_name, level)
        if key not in self._public:
            bundle = self._mktemp(variant_label(*key) + "-public") / "bundle"
            generate(task_id, seed, bundle, None, set_name, level)
            self._public[key] = bundle
        return self._public[key]

    def reference(self, task_id: str, seed: int, set_name: str = "challenge", level: str = "standard") -> Path:
        """A workspace in which the reference solution has run (its out/ inside). Do not change it: copy it."""
        key = (task_id, seed, set_name, level)
        if key not in self._reference:
            generated = self.get(*key)
            workspace = make_workspace(generated.bundle, self._mktemp(variant_label(*key) + "-reference"))
            run_solution(generated, workspace)
            self._reference[key] = workspace
        return self._reference[key]
