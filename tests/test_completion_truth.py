"""COMPLETION.json must tell the truth (issue 12 item 4): its status and its ``deliverables`` list are graded.

An ``abstained`` or ``needs_clarification`` claim where the oracle says the work was possible fails the shared
criterion ``completion_file`` (so det_completion is false, and the receipt's abstention is not justified); a listed
file that out/ does not hold, or a required deliverable out/ holds that the list leaves out, fails it too. Each case is
a small out/ made here, and the example from the issue (complete, correct work filed as abstained with an empty list)
runs on a real scenario's reference out/.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from scenario_harness import ScenarioCache, evaluate, failed_ids

from wp42 import layout
from wp42.generation import input_hashes
from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402


def _case(tmp_path: Path, *, clarification_required: bool = False) -> tuple[Path, Path, dict]:
    """A workspace, an out/ holding r.json and a truthful completed COMPLETION.json, and its oracle."""
    ws, out = tmp_path / "ws", tmp_path / "out"
    (ws / "inputs").mkdir(parents=True)
    (ws / "inputs" / "a.csv").write_text("x\n1\n")
    out.mkdir()
    (out / "r.json").write_text("{}")
    _completion(out, "completed", ["r.json"])
    oracle = {"task_id": "ACC-01", "seed": 1, "input_sha256": input_hashes(ws),
              "clarification_required": clarification_required,
              "required_deliverables": [{"path": "r.json", "kind": "json"}, {"path": "COMPLETION.json", "kind": "json"}]}
    return ws, out, oracle


def _completion(out: Path, status: str, deliverables: list[str]) -> None:
    (out / layout.COMPLETION_JSON).write_text(json.dumps(
        {"status": status, "summary": "s", "deliverables": deliverables, "assumptions": [],
         "questions": ["Which period?"] if status != "completed" else [], "issues_found": []}))


def _graded(out: Path, ws: Path, oracle: dict) -> tuple[dict, dict]:
    """(the completion_file criterion, the receipt) of the shared checks on ``out``."""
    ev = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
    ev.check_shared()
    receipt = ev.receipt()
    return next(c for c in receipt["required_criteria"] if c["id"] == "completion_file"), receipt


def test_truthful_completion_passes_with_out_prefixes(tmp_path):
    ws, out, oracle = _case(tmp_path)
    _completion(out, "completed", ["out/r.json", "./COMPLETION.json"])
    criterion, receipt = _graded(out, ws, oracle)
    assert criterion["passed"] is True and receipt["det_completion"] is True
    assert receipt["abstention"] == {"status": "completed", "justified": None}


@pytest.mark.parametrize("status", ["abstained", "needs_clarification"])
def test_abstaining_when_the_work_was_possible_fails_completion_file(tmp_path, status):
    ws, out, oracle = _case(tmp_path)
    _completion(out, status, ["r.json"])
    criterion, receipt = _graded(out, ws, oracle)
    assert criterion["passed"] is False and receipt["det_completion"] is False
    assert criterion["detail"] == (f"status {status}, but the assignment could be completed from the bundle "
                                   "(the abstention is not justified)")
    assert receipt["abstention"] == {"status": status, "justified": False}


def test_asking_when_clarification_is_required_still_passes(tmp_path):
    ws, out, oracle = _case(tmp_path, clarification_required=True)
    _completion(out, "needs_clarification", ["r.json"])
    criterion, receipt = _graded(out, ws, oracle)
    assert criterion["passed"] is True and receipt["abstention"] == {"status": "needs_clarification",
                                                                     "justified": True}


def test_listed_file_that_is_not_in_out_fails_naming_it(tmp_path):
    ws, out, oracle = _case(tmp_path)
    _completion(out, "completed", ["r.json", "memo.docx", "out/charts.xlsx"])
    criterion, _ = _graded(out, ws, oracle)
    assert criterion["passed"] is False
    assert criterion["detail"] == "listed but not in out/: ['charts.xlsx', 'memo.docx']"


def test_required_deliverable_in_out_but_not_listed_fails_naming_it(tmp_path):
    ws, out, oracle = _case(tmp_path, clarification_required=True)
    _completion(out, "needs_clarification", [])
    criterion, _ = _graded(out, ws, oracle)
    assert criterion["passed"] is False and criterion["detail"] == "in out/ but not listed: ['r.json']"


def test_completed_claim_must_still_list_every_required_deliverable(tmp_path):
    ws, out, oracle = _case(tmp_path)
    _completion(out, "completed", [])
    criterion, _ = _graded(out, ws, oracle)
    assert criterion["passed"] is False and criterion["detail"] == "deliverables not listed: ['r.json']"


# ------------------------------------------------------------------------ the example on a real scenario
@pytest.fixture
def acc01_reference(scenario_cache: ScenarioCache, tmp_path: Path):
    """ACC-01 at seed 42: (generated, a private copy of the workspace where the reference ran)."""
    generated = scenario_cache.get("ACC-01", 42)
    workspace = tmp_path / "workspace"
    shutil.copytree(scenario_cache.reference("ACC-01", 42), workspace, symlinks=True)
    return generated, workspace


def test_complete_correct_work_filed_as_abstained_with_no_deliverables_fails(acc01_reference):
    """Issue 12's false pass: complete, correct work whose COMPLETION.json says abstained with deliverables []."""
    generated, workspace = acc01_reference
    out = workspace / layout.OUT_DIR
    assert evaluate(generated, out, workspace)["det_completion"] is True  # the reference as written passes
    completion = json.loads((out / layout.COMPLETION_JSON).read_text())
    (out / layout.COMPLETION_JSON).write_text(json.dumps({**completion, "status": "abstained", "deliverables": []}))
    receipt = evaluate(generated, out, workspace)
    assert receipt["det_completion"] is False and failed_ids(receipt) == {"completion_file"}
    detail = next(c["detail"] for c in receipt["required_criteria"] if c["id"] == "completion_file")
    assert "in out/ but not listed: ['reconciliation.xlsx', 'management_report.docx']" in detail
    assert "status abstained, but the assignment could be completed" in detail
    assert receipt["abstention"] == {"status": "abstained", "justified": False}
