"""Every receipt the warm evaluation service gives is byte-identical to the per-process path's (issue 14, "Done
when"): each scenario's reference output and each of its wrong solutions at seed 42, scored both ways."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from scenario_harness import (
    REPO,
    ScenarioCache,
    make_workspace,
    run_solution,
    scenario_ids,
    template_manifest,
    wrong_levels,
    wrong_sets,
)

from wp42 import schemas
from wp42.evaluation import evaluate_out
from wp42.evaluation.receipts import UNSCORED_STATUSES

pytestmark = pytest.mark.slow
SEED = 42
#: Evaluations (and solution runs) at a time: the pool grows to this many warm parents.
JOBS = 2


@pytest.mark.parametrize("task_id", scenario_ids())
def test_service_receipts_are_the_per_process_receipts_byte_for_byte(task_id, scenario_cache: ScenarioCache,
                                                                     tmp_path: Path):
    generated = scenario_cache.get(task_id, SEED)
    # the wrong solutions that must fail this bundle: the challenge set at the standard level (a coverage-only one,
    # e.g. invents_issues, passes here by design)
    wrong = [w for w in template_manifest(task_id)["wrong"]
             if "challenge" in wrong_sets(w) and "standard" in wrong_levels(task_id, w)]

    def solve(entry: dict) -> tuple[str, Path]:
        workspace = make_workspace(generated.bundle, tmp_path / entry["name"])
        run_solution(generated, workspace, entry["args"])
        return f"wrong:{entry['name']}", workspace

    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        workspaces = [("reference", scenario_cache.reference(task_id, SEED)), *pool.map(solve, wrong)]

    def receipt_bytes(case: tuple[str, Path, str]) -> str:
        _label, workspace, mode = case
        receipt = evaluate_out(task_id, workspace / "out", workspace=workspace, oracle_root=generated.oracle_root,
                               run_id="identity", repo=REPO, mode=mode)
        return schemas.dump_json(receipt)

    cases = [(label, workspace, mode) for label, workspace in workspaces for mode in ("service", "process")]
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        texts = dict(zip(((label, mode) for label, _w, mode in cases), pool.map(receipt_bytes, cases), strict=True))
    different = [label for label, _w in workspaces if texts[(label, "service")] != texts[(label, "process")]]
    assert different == []
    # the comparison is of scored work: the reference passes and every wrong solution is scored, not passed
    statuses = {label: json.loads(texts[(label, "service")])["status"] for label, _w in workspaces}
    assert statuses.pop("reference") == "passed"
    assert len(statuses) == len(wrong) and not set(statuses.values()) & (UNSCORED_STATUSES | {"passed"}), statuses
