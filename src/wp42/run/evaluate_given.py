"""``wp42 evaluate``: grade an out/ folder a user names, after checking it is graded against the right answer key.

An out/ folder does not say which bundle (seed, set, level) its worker ran on, and graded against another seed's
oracle it would fail as a wrong answer rather than as a mismatch. So :func:`evaluate_given` grades with what it can
check, and says what it could not:

- OUT_DIR is an attempt's ``out/`` (run.json beside it) and no --workspace: the attempt is graded as ``wp42 score``
  grades it (:func:`wp42.run.runner.grade_attempt`, receipt not written): run.json's seed, set, level and
  ``input_sha256_before`` must match the oracle's, else one line naming the seed and the fix.
- no --workspace and no run.json: the scenario folder's bundle is the workspace; its inputs must match the
  oracle's ``input_sha256`` (as ``wp42 run`` checks), and the receipt notes that nothing recorded which bundle the
  worker ran on.
- --workspace: its task.json's seed must be the oracle's (:func:`wp42.generation.load_oracle`); when its inputs
  differ from the oracle's the receipt notes that the worker changed them or the workspace came from another
  variant (a worker's task.json does not name its set or level).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.evaluation import evaluate_out
from wp42.generation import differing_inputs, input_hashes, load_oracle, load_task
from wp42.layout import Attempt, Oracle, Repo
from wp42.run.runner import check_bundle_matches_oracle, grade_attempt
from wp42.schemas import load_json, run_record


def evaluate_given(task_id: str, out_dir: Path, *, workspace: Path | None = None, oracle_root: Path | str | None = None,
                   run_id: str = "", repo: Repo | None = None) -> dict[str, Any]:
    """Score ``out_dir`` for ``task_id`` and return a schema-valid receipt (never written to disk).

    Args:
        workspace: the workspace the worker used; None: the attempt's (when ``out_dir`` is an attempt's out/),
            else the scenario folder's bundle.
        oracle_root: None: the one an attempt's run.json records, else ``$WP42_ORACLE_ROOT`` or the default.
        run_id: recorded in the receipt (default: an attempt's own run id, else "").

    Raises:
        UserError: unknown task, missing OUT_DIR, workspace or oracle; an oracle for another seed, set or level
            than the attempt, the workspace or the scenario folder; inputs that differ from the oracle's (the
            scenario folder's, or those an attempt's worker was given); an attempt of another scenario.
    """
    repo = repo or Repo.find()
    repo.resolve_task_ids([task_id], all_tasks=False)
    out_dir = Path(out_dir)
    attempt = Attempt(out_dir.parent)
    if workspace is None and out_dir.name == layout.OUT_DIR and attempt.run_json.is_file():
        return _evaluate_attempt(task_id, attempt, oracle_root, run_id, repo)
    root = layout.oracle_root(oracle_root)
    if workspace is not None:
        receipt = evaluate_out(task_id, out_dir, workspace=Path(workspace), oracle_root=root, run_id=run_id,
                               repo=repo)
        oracle_json = Oracle.at(root, task_id).oracle_json
        differing = differing_inputs(input_hashes(Path(workspace)), load_json(oracle_json))
        if differing:
            receipt["notes"] = [*receipt.get("notes", []), (
                f"{len(differing)} input file(s) of the workspace differ from those the oracle was computed from "
                f"(e.g. {differing[0]}): either the worker changed them or the workspace was made from another "
                "bundle (set or level) than the oracle's")]
        return receipt
    bundle = repo.bundle(task_id)
    task = load_task(bundle.root)
    oracle = load_oracle(root, task_id, expected_seed=task.get("generator_seed"), expected_set=task.get("set"),
                         expected_level=task.get("level"))
    check_bundle_matches_oracle(task_id, input_hashes(bundle.root), oracle)
    receipt = evaluate_out(task_id, out_dir, oracle_root=root, run_id=run_id, repo=repo)
    variant = f"seed {oracle.get('seed')}, {oracle.get('set', layout.DEFAULT_SET)} set, " \
              f"{oracle.get('level', layout.DEFAULT_LEVEL)} level"
    receipt["notes"] = [*receipt.get("notes", []), (
        f"graded against the oracle of the scenario folder's bundle ({variant}); nothing records which bundle out/ "
        "was produced from (no --workspace, no run.json beside it), so a worker that ran on another seed, set or "
        "level is graded as wrong here: pass --workspace, or evaluate an attempt's out/ folder")]
    return receipt


def _evaluate_attempt(task_id: str, attempt: Attempt, oracle_root: Path | str | None, run_id: str,
                      repo: Repo) -> dict[str, Any]:
    """Grade the attempt ``attempt`` as ``wp42 score`` would, without writing its receipt.json."""
    recorded = run_record(attempt).get("task_id")
    if recorded != task_id:
        raise UserError(f"{attempt.run_json} records an attempt of {recorded}, not {task_id}: run `wp42 evaluate "
                        f"{recorded} {attempt.out}`")
    receipt = grade_attempt(attempt, layout.oracle_root(oracle_root) if oracle_root else None, repo, write=False)
    if run_id:
        receipt["run_id"] = run_id
    return receipt
