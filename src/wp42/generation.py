"""Regenerating scenarios: running a generate.py as a script, installing hidden sources, hashing bundles.

The framework never imports a scenario: ``generate(...)`` runs ``python benchmark/scenarios/<ID>/generate.py --seed N
--oracle-root DIR`` in a child process, exactly as a user would (SPEC section 2). Generators call
:func:`install_hidden_sources` (through ``benchmark/genkit``) to put the oracle next to its hidden sources.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.layout import Bundle, Oracle, Repo
from wp42.schemas import dump_json, load_json

GENERATE_TIMEOUT_S = 600
#: The two sets of every template (SPEC section 9), the default first: ``challenge`` plants errors, an injection or
#: a clarification trap; ``coverage`` is the same assignment with clean records, whose right answer says so.
SETS = ("challenge", "coverage")
#: The levels of every template (issue 25), the default first: ``hard`` is the same assignment at a real month's
#: volume with items that show only across documents, offsetting errors and decoys that look wrong but are right.
LEVELS = ("standard", "hard")


@dataclass(frozen=True)
class GenerationResult:
    task_id: str
    seed: int
    bundle: Path
    oracle: Path | None
    seconds: float
    set_name: str = "challenge"
    level: str = "standard"


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file's bytes, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def hash_tree(root: Path, prefix: str = "") -> dict[str, str]:
    """``{relative posix path: sha256}`` of every regular file under ``root`` (links are recorded, not followed).

    A link is recorded as ``"link:<target>"`` so that a worker replacing an input by a link is seen.
    """
    root = Path(root)
    found: dict[str, str] = {}
    if not root.exists():
        return found
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames.sort()
        for name in sorted(filenames) + sorted(d for d in dirnames if Path(dirpath, d).is_symlink()):
            path = Path(dirpath) / name
            rel = prefix + path.relative_to(root).as_posix()
            if path.is_symlink():
                found[rel] = "link:" + os.readlink(path)
            elif path.is_file():
                found[rel] = sha256_file(path)
    return dict(sorted(found.items()))


def input_hashes(bundle_root: Path) -> dict[str, str]:
    """sha256 of every file a worker must leave untouched: ``inputs/**`` and ``portal/**``, keyed by bundle path."""
    bundle = Bundle(Path(bundle_root))
    return {
        **hash_tree(bundle.inputs, f"{layout.INPUTS_DIR}/"),
        **hash_tree(bundle.portal_dir, f"{layout.PORTAL_DIR}/"),
    }


def differing_inputs(hashes: dict[str, str], oracle: dict[str, Any]) -> list[str]:
    """The bundle paths (``inputs/...``, ``portal/...``) whose sha256 in ``hashes`` (:func:`input_hashes`) differs
    from ``oracle["input_sha256"]``, the inputs the oracle was computed from: changed, missing or extra; sorted."""
    expected = oracle.get("input_sha256") or {}
    return sorted(k for k in set(hashes) | set(expected) if hashes.get(k) != expected.get(k))


def bundle_sha256(bundle_root: Path) -> str:
    """One sha256 over the public part of a bundle (task.json, BRIEF.md, inputs/, portal/), generate.py excluded."""
    bundle = Bundle(Path(bundle_root))
    files = input_hashes(bundle.root)
    for path in (bundle.task_json, bundle.brief):
        if path.is_file():
            files[path.name] = sha256_file(path)
    digest = hashlib.sha256()
    for rel, value in sorted(files.items()):
        digest.update(f"{rel}\0{value}\n".encode())
    return digest.hexdigest()


def check_oracle_root(oracle_root: Path, repo: Repo) -> Path:
    """Resolve an oracle root and make sure it can hold oracles: outside the repository, and creatable.

    Called before anything is written, so a bad oracle root never leaves a half-regenerated bundle behind.

    Raises:
        UserError: the folder lies inside the repository (SPEC section 2), or cannot be created.
    """
    root = Path(oracle_root).expanduser().resolve()
    checkout = repo.root.resolve()
    if root == checkout or checkout in root.parents:
        raise UserError(f"the oracle root {root} is inside the repository: choose a folder outside it")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create the oracle root {root} ({exc.strerror}): choose a writable folder") from None
    return root


def generate(
    task_id: str,
    seed: int,
    oracle_root: Path | None,
    *,
    repo: Repo | None = None,
    bundle_dir: Path | None = None,
    set_name: str = "challenge",
    level: str = "standard",
) -> GenerationResult:
    """Run one scenario's generate.py as a script.

    Args:
        task_id: a scenario id such as ``ACC-01``.
        seed: the generator seed (``numpy.random.default_rng(seed)``).
        oracle_root: where the oracle goes; ``None`` rebuilds the public bundle only (SPEC section 2, independence).
        bundle_dir: write the public bundle here instead of ``benchmark/scenarios/<ID>/`` (gates and tests use it).
        set_name: ``"challenge"`` (planted items) or ``"coverage"`` (clean records), SPEC section 9.
        level: ``"standard"`` or ``"hard"`` (issue 25).

    Raises:
        UserError: the generator failed; the message carries the end of its stderr.
    """
    import time

    repo = repo or Repo.find()
    script = repo.bundle(task_id).generate_py
    if not script.is_file():
        raise UserError(f"unknown task id {task_id!r}: {script} does not exist")
    if oracle_root is not None:
        oracle_root = check_oracle_root(oracle_root, repo)
    if set_name not in SETS:
        raise UserError(f"unknown set {set_name!r}: choose one of {', '.join(SETS)}")
    command = [sys.executable, str(script), "--seed", str(int(seed))]
    if level not in LEVELS:
        raise UserError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if set_name != "challenge":
        command += ["--set", set_name]
    if level != "standard":
        command += ["--level", level]
    if oracle_root is None:
        command.append("--no-oracle")
    else:
        command += ["--oracle-root", str(oracle_root)]
    if bundle_dir is not None:
        command += ["--bundle-dir", str(bundle_dir)]
    env = {**os.environ, layout.HOME_ENV: str(repo.root), "PYTHONHASHSEED": "0"}
    started = time.monotonic()
    try:
        proc = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=GENERATE_TIMEOUT_S, cwd=script.parent
        )
    except subprocess.TimeoutExpired:
        raise UserError(f"{script} ran past {GENERATE_TIMEOUT_S}s at seed {seed}") from None
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-6:])
        raise UserError(f"{script} --seed {seed} --set {set_name} --level {level} failed (exit {proc.returncode}):"
                        f"\n{tail}")
    oracle = Oracle.at(oracle_root, task_id).root if oracle_root is not None else None
    return GenerationResult(
        task_id, int(seed), Path(bundle_dir or script.parent), oracle, time.monotonic() - started, set_name, level
    )


def install_hidden_sources(task_id: str, oracle_root: Path, oracle: dict[str, Any], repo: Repo | None = None) -> Path:
    """Write ``oracle.json`` and copy ``oracles-template/<ID>/`` (evaluate.py, rubric.json, REFERENCE.md, solutions/)
    into ``<oracle_root>/<ID>/``, replacing what a previous seed left; ``validation/`` is kept.

    Refuses an oracle root inside the repository (SPEC section 2: the oracle root is never inside it).

    Raises:
        UserError: the oracle root lies inside the repository, or the template folder is missing.
    """
    repo = repo or Repo.find()
    oracle_root = check_oracle_root(oracle_root, repo)
    template = repo.template(task_id)
    if not template.is_dir():
        raise UserError(f"no hidden sources for {task_id}: {template} is missing")
    target = Oracle.at(oracle_root, task_id)
    target.root.mkdir(parents=True, exist_ok=True)
    for child in target.root.iterdir():
        if child.name == layout.VALIDATION_DIR:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
    for child in sorted(template.iterdir()):
        if child.name == "__pycache__":
            continue
        if child.is_dir():
            shutil.copytree(child, target.root / child.name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(child, target.root / child.name)
    target.oracle_json.write_text(dump_json(oracle), encoding="utf-8")
    return target.root


def load_oracle(oracle_root: Path, task_id: str, expected_seed: int | None = None, expected_set: str | None = None,
                expected_level: str | None = None) -> dict[str, Any]:
    """Read ``<oracle_root>/<ID>/oracle.json`` and check it belongs to the bundle being graded: the same seed and,
    when given, the same set and level (an oracle without ``set``/``level`` predates issues 16 and 25 and is a
    challenge/standard one). Grading a coverage attempt with the challenge oracle of the same seed would score it
    against errors its records never had.

    Raises:
        UserError: the oracle is missing, unreadable, or for another seed, set or level; the message gives the
            ``wp42 generate`` command that installs the right one.
    """
    path = Oracle.at(oracle_root, task_id).oracle_json
    if not path.is_file():
        seed = "N" if expected_seed is None else expected_seed
        raise UserError(
            f"no oracle for {task_id} at {path}: run `wp42 generate {task_id} --seed {seed} --oracle-root "
            f"{oracle_root}`" + (" with the seed of the bundle" if expected_seed is None else "")
        )
    try:
        oracle = load_json(path)
    except ValueError as exc:
        raise UserError(f"{exc}: regenerate it with `wp42 generate {task_id}`") from None
    have = (oracle.get("seed"), oracle.get("set", layout.DEFAULT_SET), oracle.get("level", layout.DEFAULT_LEVEL))
    want = (have[0] if expected_seed is None else expected_seed, expected_set or have[1], expected_level or have[2])
    if have != want:
        def flags(seed: Any, set_name: str, level: str) -> str:
            return f"--seed {seed}" + "".join(f" --{k} {v}" for k, v, d in (("set", set_name, layout.DEFAULT_SET),
                                                                             ("level", level, layout.DEFAULT_LEVEL))
                                              if v != d)
        what = "seed {} ({} set, {} level)"
        raise UserError(
            f"the oracle at {path} is for {what.format(*have)} but the bundle being graded is "
            f"{what.format(*want)}: run `wp42 generate {task_id} {flags(*want)} --oracle-root {oracle_root}`"
        )
    return oracle


def load_task(bundle_root: Path) -> dict[str, Any]:
    """Read a bundle's task.json.

    Raises:
        UserError: the file is missing or not valid JSON.
    """
    path = Bundle(Path(bundle_root)).task_json
    if not path.is_file():
        raise UserError(f"{path} is missing: regenerate the scenario with `wp42 generate {path.parent.name}`")
    try:
        return load_json(path)
    except ValueError as exc:
        raise UserError(str(exc)) from None


#: task.json fields that describe the design or serve only the gates and the report (SPEC section 2, decisions;
#: issue 13 item 1): telling a worker "5 planted errors, a prompt injection" spoils the test, and the difficulty
#: label, dependency depth and minutes estimate are the report's weights, not the assignment.
#: task.json fields only gates and reports read; a worker never sees them (``set`` would tell it whether anything is
#: wrong with the records, ``level`` how hard to look).
GRADING_FIELDS = ("designed_features", "designed_dependency_depth", "difficulty", "professional_minutes_estimate",
                  "set", "level")


def worker_task(task: dict[str, Any]) -> dict[str, Any]:
    """The worker's view of a task.json: ``task`` without :data:`GRADING_FIELDS` (a new dict; ``task`` unchanged).
    It keeps what a worker needs: ids, organisation, title, seed, locale, required deliverables, applications,
    time limit and budget."""
    return {key: value for key, value in task.items() if key not in GRADING_FIELDS}


def copy_public_bundle(bundle_root: Path, workspace: Path) -> None:
    """Copy what a worker may see of a bundle into ``workspace`` (created; must not exist): BRIEF.md, inputs/ and
    portal/ as they are (links kept as links, timestamps kept) and task.json as :func:`worker_task` writes it.
    generate.py is never copied (SPEC section 2). The repository keeps the full task.json for gates, reports and
    the bundle hash.

    Raises:
        UserError: the bundle's task.json is missing or not valid JSON.
        FileExistsError: ``workspace`` exists.
    """
    bundle = Bundle(Path(bundle_root))
    task = load_task(bundle.root)
    workspace.mkdir(parents=True)
    for name in Bundle.PUBLIC_NAMES:
        source = bundle.root / name
        if name == layout.TASK_JSON:
            (workspace / name).write_text(dump_json(worker_task(task)), encoding="utf-8")
        elif source.is_dir():
            shutil.copytree(source, workspace / name, symlinks=True)
        elif source.is_file():
            shutil.copy2(source, workspace / name)
