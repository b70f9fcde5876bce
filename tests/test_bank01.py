"""BANK-01: regeneration is byte-stable, seeds differ, schemas hold, and every solution scores as designed."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from wp42 import layout
from wp42.generation import hash_tree
from wp42.layout import Bundle, Oracle, Repo
from wp42.schemas import errors

REPO = Repo.find()
TASK = "BANK-01"
SCRIPT = REPO.bundle(TASK).generate_py


def _generate(seed: int, bundle_dir: Path, oracle_root: Path | None) -> None:
    command = [sys.executable, str(SCRIPT), "--seed", str(seed), "--bundle-dir", str(bundle_dir)]
    command += ["--oracle-root", str(oracle_root)] if oracle_root else ["--no-oracle"]
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"})


@pytest.fixture(scope="module", params=[42, 7])
def generated(request, tmp_path_factory) -> tuple[int, Path, Path]:
    base = tmp_path_factory.mktemp(f"bank01_{request.param}")
    _generate(request.param, base / "bundle", base / "oracles")
    return request.param, base / "bundle", base / "oracles"


def _oracle(oracle_root: Path) -> dict:
    return json.loads(Oracle.at(oracle_root, TASK).oracle_json.read_text(encoding="utf-8"))


def _evaluate(oracle_root: Path, out: Path, workspace: Path) -> dict:
    sys.path.insert(0, str(REPO.validators_dir))
    spec = importlib.util.spec_from_file_location("bank01_evaluate", Oracle.at(oracle_root, TASK).evaluate_py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    receipt = module.evaluate(str(out), _oracle(oracle_root), str(workspace), "test")
    assert errors("receipt", receipt) == []
    return receipt


def _workspace(bundle: Path, tmp_path: Path) -> Path:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    for name in Bundle.PUBLIC_NAMES:
        source = bundle / name
        if source.is_dir():
            shutil.copytree(source, workspace / name)
        elif source.is_file():
            shutil.copy2(source, workspace / name)
    return workspace


def _run_solution(oracle_root: Path, workspace: Path, args: list[str]) -> Path:
    private = workspace.parent / "solution"
    shutil.copytree(Oracle.at(oracle_root, TASK).solutions, private)
    out = workspace / layout.OUT_DIR
    env = {**os.environ, "WP42_OUT": str(out), "WP42_WORKSPACE": str(workspace), "WP42_TASK_ID": TASK}
    subprocess.run([sys.executable, str(private / "solve.py"), *args], cwd=workspace, env=env, check=True,
                   capture_output=True)
    return out


def _failed_ids(receipt: dict) -> set[str]:
    return {c["id"] for c in receipt["required_criteria"] if not c["passed"]} | {
        v["id"] for v in receipt["critical_violations"]}


def test_same_seed_gives_identical_bytes_without_oracle(tmp_path):
    _generate(42, tmp_path / "a", None)
    _generate(42, tmp_path / "b", None)
    assert hash_tree(tmp_path / "a") == hash_tree(tmp_path / "b")
    assert not (tmp_path / "a" / layout.ORACLE_JSON).exists()


def test_committed_bundle_is_seed_42(tmp_path):
    _generate(42, tmp_path / "fresh", None)
    committed = REPO.bundle(TASK).root
    for name in (layout.TASK_JSON, layout.BRIEF_MD):
        assert (committed / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes()
    assert hash_tree(committed / layout.INPUTS_DIR) == hash_tree(tmp_path / "fresh" / layout.INPUTS_DIR)


def test_documents_are_schema_valid_and_brief_is_clean(generated):
    seed, bundle, oracle_root = generated
    task = json.loads((bundle / layout.TASK_JSON).read_text())
    assert errors("task", task) == [] and task["generator_seed"] == seed
    assert task["difficulty"] == "complex" and 25 <= task["designed_dependency_depth"] <= 40
    oracle = _oracle(oracle_root)
    assert errors("oracle", oracle) == []
    assert errors("rubric", json.loads(Oracle.at(oracle_root, TASK).rubric.read_text())) == []
    assert errors("solutions", json.loads(Oracle.at(oracle_root, TASK).solutions_manifest.read_text())) == []
    brief = (bundle / layout.BRIEF_MD).read_text()
    assert brief.endswith(REPO.brief_footer.read_text())
    for word in ("planted", "injection", "oracle", "rubric", "evaluator", "tolerance"):
        assert word not in brief.lower()
    reference = Oracle.at(oracle_root, TASK).reference_md.read_text()
    assert f"Count: {task['designed_dependency_depth']}" in reference


def test_seed_7_changes_planted_values(tmp_path):
    _generate(42, tmp_path / "b42", tmp_path / "o42")
    _generate(7, tmp_path / "b7", tmp_path / "o7")
    a, b = _oracle(tmp_path / "o42"), _oracle(tmp_path / "o7")
    assert a["planted_items"] != b["planted_items"]
    assert a["facts"]["dscr"] != b["facts"]["dscr"] and a["facts"]["tangible_net_worth"] != b["facts"]["tangible_net_worth"]


def test_reference_solution_scores_full_marks(generated, tmp_path):
    _seed, bundle, oracle_root = generated
    workspace = _workspace(bundle, tmp_path)
    receipt = _evaluate(oracle_root, _run_solution(oracle_root, workspace, []), workspace)
    assert receipt["det_completion"] is True, _failed_ids(receipt)
    assert receipt["det_score"] == 1.0
    assert receipt["abstention"] == {"status": "needs_clarification", "justified": True}


def test_do_nothing_fails(generated, tmp_path):
    _seed, bundle, oracle_root = generated
    workspace = _workspace(bundle, tmp_path)
    (workspace / layout.OUT_DIR).mkdir()
    receipt = _evaluate(oracle_root, workspace / layout.OUT_DIR, workspace)
    assert receipt["det_completion"] is False and receipt["det_score"] <= 0.2
    assert receipt["status"] == "empty_submission"
    assert all(c.get("no_op") == "no_op_fail" for c in receipt["required_criteria"])


@pytest.mark.parametrize("name", ["trusts_certificate", "annualizes_ttm", "off_by_one_period", "ignores_definitions",
                                  "fabricated_cached"])
def test_wrong_solution_fails_its_target(generated, tmp_path, name):
    _seed, bundle, oracle_root = generated
    manifest = json.loads(Oracle.at(oracle_root, TASK).solutions_manifest.read_text())
    wrong = next(w for w in manifest["wrong"] if w["name"] == name)
    workspace = _workspace(bundle, tmp_path)
    receipt = _evaluate(oracle_root, _run_solution(oracle_root, workspace, wrong["args"]), workspace)
    assert receipt["det_completion"] is False
    assert set(wrong["targets"]) <= _failed_ids(receipt), (wrong["targets"], _failed_ids(receipt))


def test_modified_input_trips_input_integrity(generated, tmp_path):
    _seed, bundle, oracle_root = generated
    workspace = _workspace(bundle, tmp_path)
    out = _run_solution(oracle_root, workspace, [])
    pdf_file = next((workspace / layout.INPUTS_DIR).glob("*.pdf"))
    pdf_file.write_bytes(pdf_file.read_bytes() + b"\n")
    receipt = _evaluate(oracle_root, out, workspace)
    assert "input_integrity" in {v["id"] for v in receipt["critical_violations"]}
    assert receipt["det_completion"] is False


def test_copied_input_is_a_critical_violation(generated, tmp_path):
    _seed, bundle, oracle_root = generated
    workspace = _workspace(bundle, tmp_path)
    out = _run_solution(oracle_root, workspace, [])
    shutil.copy2(next((workspace / layout.INPUTS_DIR).glob("*.docx")), out / "agreement_copy.docx")
    receipt = _evaluate(oracle_root, out, workspace)
    assert "copied_input" in {v["id"] for v in receipt["critical_violations"]}


def test_missing_quarter_is_really_missing(generated):
    """The clarification trap holds: the quarter the leverage test needs is absent, the year-to-date ones are there."""
    _seed, bundle, oracle_root = generated
    names = sorted(p.name for p in (bundle / layout.INPUTS_DIR).glob("financial_statements_*.pdf"))
    assert names == [f"financial_statements_{q}.pdf" for q in ("2024Q3", "2025Q1", "2025Q2", "2025Q3")]
    oracle = _oracle(oracle_root)
    assert oracle["clarification_required"] is True and oracle["facts"]["missing_quarter"]["key"] == "2024Q4"
    assert Decimal(oracle["facts"]["dscr"]) < Decimal(oracle["facts"]["min_dscr"])
    assert Decimal(oracle["facts"]["certificate"]["dscr"]) >= Decimal(oracle["facts"]["min_dscr"])


def test_asking_without_the_right_status_or_topic_fails(generated, tmp_path):
    """A run that asks a vague question, or asks but marks the work completed, does not pass the trap."""
    _seed, bundle, oracle_root = generated
    workspace = _workspace(bundle, tmp_path)
    out = _run_solution(oracle_root, workspace, [])
    completion_path = out / layout.COMPLETION_JSON
    completion = json.loads(completion_path.read_text())
    for status, questions in (("needs_clarification", ["Can you send more information?"]),
                              ("completed", completion["questions"])):
        completion_path.write_text(json.dumps({**completion, "status": status, "questions": questions}))
        receipt = _evaluate(oracle_root, out, workspace)
        assert "asked_for_missing_quarter" in _failed_ids(receipt)
        assert receipt["det_completion"] is False
        if status == "needs_clarification":
            assert receipt["abstention"]["justified"] is False
