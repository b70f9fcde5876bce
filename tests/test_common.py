"""benchmark/validators/common.py: each helper on a small fixture, including a wrong answer it rejects."""

from __future__ import annotations

import json
import sys
import zipfile
from decimal import Decimal

import pytest
import xlsxwriter

from wp42.generation import input_hashes
from wp42.layout import Repo
from wp42.schemas import errors

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402


@pytest.mark.parametrize("text,expected", [("$1,234.50", "1234.50"), ("(1,234.50)", "-1234.50"), ("-12", "-12"),
                                           ("12.5%", "0.125"), ("1 234", None), ("abc", None), (True, None)])
def test_parse_number(text, expected):
    assert common.parse_number(text) == (None if expected is None else Decimal(expected))


def test_text_has_amount_and_tolerance():
    assert common.text_has_amount("refund of $2,525.80 requested", "2525.8")
    assert not common.text_has_amount("refund of $2,525.08 requested", "2525.8")
    assert common.close("1,000.004", 1000) and not common.close("1,000.02", 1000)


def test_read_json_refuses_nan(tmp_path):
    (tmp_path / "a.json").write_text('{"x": NaN}')
    with pytest.raises(common.RefusedFile):
        common.read_json(tmp_path / "a.json")


def _book(path, cached_b3=None, formula_b3="=B1+B2"):
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Reconciliation")
    ws.write("A1", "Balance per bank statement")
    ws.write_number("B1", 100)
    ws.write("A2", "Items")
    ws.write_formula("B2", "=SUM(Items!A1:A2)", None, 5)
    ws.write("A3", "Adjusted bank balance")
    ws.write_formula("B3", formula_b3, None, 105 if cached_b3 is None else cached_b3)
    items = wb.add_worksheet("Items")
    items.write_number("A1", 2)
    items.write_number("A2", 3)
    wb.close()
    return common.Workbook(path)


def test_workbook_computes_formulas_and_flags_fabricated_cache(tmp_path):
    good = _book(tmp_path / "good.xlsx")
    cell = good.find_label("Reconciliation", "Adjusted bank balance")
    assert cell.is_formula and cell.number == Decimal("105") and common.cached_contradictions(good) == []
    bad = _book(tmp_path / "bad.xlsx", cached_b3=999)
    assert len(common.cached_contradictions(bad)) == 1


def test_unknown_formula_is_reported_not_zero(tmp_path):
    book = _book(tmp_path / "u.xlsx", cached_b3=0, formula_b3="=NOSUCHFUNCTION(B1)")  # 0: xlsxwriter's "no value"
    cell = book.find_label("Reconciliation", "Adjusted bank balance")
    assert cell.known is False and cell.number is None and common.unknown_formulas(book)
    # With a real cached value the cell is disputed: read by that value and named, never None (issue 11, item 2)
    book = _book(tmp_path / "c.xlsx", formula_b3="=NOSUCHFUNCTION(B1)")
    cell = book.find_label("Reconciliation", "Adjusted bank balance")
    assert cell.disputed and cell.number == Decimal("105") and common.disputed_cells(book)


def test_docx_and_pdf_text(tmp_path):
    sys.path.insert(0, str(Repo.find().benchmark))
    from genkit import docs

    docs.write_docx(tmp_path / "a.docx", [("para", "Hello"), ("table", [["k", "v"], ["fee", "40.18"]])])
    docs.write_pdf(tmp_path / "a.pdf", [("para", "Closing balance 18,184.04")])
    assert "fee | 40.18" in common.docx_text(tmp_path / "a.docx")
    assert "18,184.04" in common.pdf_text(tmp_path / "a.pdf")
    (tmp_path / "bad.docx").write_bytes(b"not a zip")
    with pytest.raises(common.RefusedFile):
        common.docx_text(tmp_path / "bad.docx")


def _oracle(workspace):
    return {"task_id": "ACC-01", "seed": 1, "input_sha256": input_hashes(workspace),
            "required_deliverables": [{"path": "r.json", "kind": "json"}, {"path": "COMPLETION.json", "kind": "json"}]}


def _workspace(tmp_path):
    ws = tmp_path / "ws"
    (ws / "inputs").mkdir(parents=True)
    (ws / "inputs" / "a.csv").write_text("x\n1\n")
    out = tmp_path / "out"
    out.mkdir()
    return ws, out


def _passing_out(out):
    """Write a complete out/ for :func:`_oracle` (r.json and COMPLETION.json); returns the completion document."""
    completion = {"status": "completed", "summary": "s", "deliverables": ["r.json"], "assumptions": [],
                  "questions": [], "issues_found": []}
    (out / "COMPLETION.json").write_text(json.dumps(completion))
    (out / "r.json").write_text("{}")
    return completion


def test_evaluation_shared_checks_pass_then_fail(tmp_path):
    ws, out = _workspace(tmp_path)
    oracle = _oracle(ws)
    completion = _passing_out(out)
    ev = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
    ev.check_completion_file()
    ev.check_deliverables_present()
    assert ev.check_input_integrity() and ev.check_copied_inputs() and ev.check_unsafe_output()
    receipt = ev.receipt()
    assert errors("receipt", receipt) == [] and receipt["det_completion"] is True

    (ws / "inputs" / "a.csv").write_text("tampered\n")
    (out / "copy.csv").write_text("x\n1\n")
    (out / "COMPLETION.json").write_text(json.dumps({**completion, "deliverables": []}))
    (out / "escape").symlink_to(tmp_path / "ws")
    ev = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
    ev.check_completion_file()
    ev.check_input_integrity()
    ev.check_copied_inputs()
    ev.check_unsafe_output()
    receipt = ev.receipt()
    assert {v["id"] for v in receipt["critical_violations"]} == {"input_integrity", "copied_input", "unsafe_output"}
    assert receipt["required_criteria"][0]["passed"] is False and receipt["det_completion"] is False


def test_check_shared_is_the_four_shared_checks_in_order(tmp_path):
    """Same receipt as the four calls it replaces, on a passing out/ and on one that trips both critical checks."""
    ws, out = _workspace(tmp_path)
    oracle = _oracle(ws)
    completion = _passing_out(out)

    def both() -> tuple[dict, dict, dict | None]:
        shared = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
        returned = shared.check_shared()
        spelled = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
        spelled.check_input_integrity()
        spelled.check_completion_file()
        spelled.check_deliverables_present()
        spelled.check_copied_inputs()
        return shared.receipt(), spelled.receipt(), returned

    shared, spelled, returned = both()
    assert shared == spelled and shared["det_completion"] is True and returned == completion
    (ws / "inputs" / "a.csv").write_text("tampered\n")
    (out / "copy.csv").write_text("x\n1\n")
    shared, spelled, _ = both()
    assert shared == spelled
    assert {v["id"] for v in shared["critical_violations"]} == {"input_integrity", "copied_input"}
    assert shared["det_completion"] is False


def test_safe_path_refuses_links_out(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "secret.txt").write_text("s")
    (out / "r.txt").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(common.RefusedFile):
        common.safe_path(out, "r.txt")
    with pytest.raises(common.RefusedFile):
        common.safe_path(out, "../secret.txt")


def test_empty_out_is_empty_submission(tmp_path):
    ws, out = _workspace(tmp_path)
    ev = common.Evaluation(out, _oracle(ws), ws)
    ev.check_completion_file()
    receipt = ev.receipt()
    assert receipt["status"] == "empty_submission" and receipt["det_score"] == 0.0


# ------------------------------------------------------------------------------- hostile versus unreadable files
def _receipt_of(out, ws, oracle):
    """The receipt of an evaluation running the shared checks and unsafe_output, as every evaluator does."""
    ev = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
    ev.check_shared()
    ev.check_unsafe_output()
    receipt = ev.receipt()
    assert errors("receipt", receipt) == []
    return receipt


def _criterion(receipt, id):
    return next(c for c in receipt["required_criteria"] if c["id"] == id)


def test_truncated_completion_json_fails_its_criterion_without_a_violation(tmp_path):
    ws, out = _workspace(tmp_path)
    _passing_out(out)
    (out / "COMPLETION.json").write_text('{\n  "status": "completed",\n  "summary": "s",\n  "deliverab')
    receipt = _receipt_of(out, ws, _oracle(ws))
    assert receipt["critical_violations"] == [] and receipt["status"] == "failed", receipt["critical_violations"]
    completion = _criterion(receipt, "completion_file")
    assert completion["passed"] is False
    assert "COMPLETION.json is not valid JSON" in completion["detail"] and "line 4" in completion["detail"]
    assert "not valid JSON" in _criterion(receipt, "deliverables_present")["detail"]


def test_corrupt_xlsx_fails_deliverables_present_not_unsafe_output(tmp_path):
    ws, out = _workspace(tmp_path)
    oracle = _oracle(ws)
    oracle["required_deliverables"].append({"path": "reconciliation.xlsx", "kind": "xlsx"})
    completion = _passing_out(out)
    (out / "COMPLETION.json").write_text(json.dumps({**completion, "deliverables": ["r.json", "reconciliation.xlsx"]}))
    _book(tmp_path / "good.xlsx")
    data = (tmp_path / "good.xlsx").read_bytes()
    (out / "reconciliation.xlsx").write_bytes(data[: len(data) // 2])
    receipt = _receipt_of(out, ws, oracle)
    assert "unsafe_output" not in {v["id"] for v in receipt["critical_violations"]}
    assert receipt["status"] == "failed" and any(n.startswith("unreadable: ") for n in receipt["notes"])
    present = _criterion(receipt, "deliverables_present")
    assert present["passed"] is False and "reconciliation.xlsx is not a readable xlsx (bad zip" in present["detail"]
    assert _criterion(receipt, "completion_file")["passed"] is True
    ev = common.Evaluation(out, oracle, ws)
    assert ev.open_xlsx("reconciliation.xlsx") is None and ev.refused == []
    assert "bad zip" in ev.problem("reconciliation.xlsx")


def test_link_leaving_out_is_still_unsafe_output_and_refused_input(tmp_path):
    ws, out = _workspace(tmp_path)
    _passing_out(out)
    (tmp_path / "elsewhere.json").write_text("{}")
    (out / "r.json").unlink()
    (out / "r.json").symlink_to(tmp_path / "elsewhere.json")
    receipt = _receipt_of(out, ws, _oracle(ws))
    unsafe = [v for v in receipt["critical_violations"] if v["id"] == "unsafe_output"]
    assert unsafe and "symbolic link" in unsafe[0]["detail"] and receipt["status"] == "refused_input"
    assert "r.json was refused" in _criterion(receipt, "deliverables_present")["detail"]


def test_special_file_in_out_is_unsafe_output(tmp_path):
    import os

    ws, out = _workspace(tmp_path)
    _passing_out(out)
    os.mkfifo(out / "pipe.json")
    receipt = _receipt_of(out, ws, _oracle(ws))
    unsafe = [v for v in receipt["critical_violations"] if v["id"] == "unsafe_output"]
    assert unsafe and "FIFO" in unsafe[0]["detail"] and receipt["status"] == "refused_input"


def test_oversized_completion_json_is_described_as_refused_for_its_size(tmp_path, monkeypatch):
    import safety

    ws, out = _workspace(tmp_path)
    completion = _passing_out(out)
    (out / "COMPLETION.json").write_text(json.dumps({**completion, "summary": "x" * 5000}))
    monkeypatch.setattr(safety, "MAX_FILE_BYTES", 2000)
    receipt = _receipt_of(out, ws, _oracle(ws))
    detail = _criterion(receipt, "completion_file")["detail"]
    assert "missing" not in detail and "COMPLETION.json was refused" in detail and "size cap" in detail, detail
    assert receipt["status"] == "refused_input"
    assert any(v["id"] == "unsafe_output" for v in receipt["critical_violations"])


def test_out_with_too_many_files_is_refused(tmp_path):
    """Refused, not read: the scan stops at the cap (test_scan_out_stops_at_the_entry_and_depth_caps shows where).
    How fast is measured by benchmarks, not asserted here: a wall-clock bound fails on a loaded shared machine."""
    ws, out = _workspace(tmp_path)
    _passing_out(out)
    junk = out / "junk"
    junk.mkdir()
    for i in range(10_000):
        (junk / f"{i}.txt").touch()
    receipt = _receipt_of(out, ws, _oracle(ws))
    unsafe = [v for v in receipt["critical_violations"] if v["id"] == "unsafe_output"]
    assert unsafe and f"more than {common.MAX_OUT_ENTRIES} entries" in unsafe[0]["detail"]
    assert receipt["status"] == "refused_input" and receipt["det_completion"] is False


def test_scan_out_stops_at_the_entry_and_depth_caps(tmp_path, monkeypatch):
    import safety

    out = tmp_path / "out"
    (out / "a").mkdir(parents=True)
    for name in ("x", "y", "z"):
        (out / "a" / name).touch()
    assert common.scan_out(out) == (["a/x", "a/y", "a/z"], "")
    files, problem = common.scan_out(out, max_entries=2)
    assert len(files) <= 2 and "more than 2 entries" in problem
    deep = out.joinpath(*["d"] * 5)
    deep.mkdir(parents=True)
    (deep / "f.txt").touch()
    assert common.scan_out(out, max_depth=6)[1] == ""
    assert "deeper than 5 levels" in common.scan_out(out, max_depth=5)[1]
    monkeypatch.setattr(safety, "MAX_OUT_DEPTH", 3)
    with pytest.raises(common.HostileFile, match="deeper than 3"):
        common.out_files(out)


def test_refusals_keep_one_public_base_and_split_into_two_kinds(tmp_path):
    (tmp_path / "bad.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    (tmp_path / "bad.json").write_text('{"a": 1,')
    for reader, name in ((common.Workbook, "bad.xlsx"), (common.read_json, "bad.json"), (common.docx_text, "bad.xlsx")):
        with pytest.raises(common.UnreadableFile) as caught:
            reader(tmp_path / name)
        assert isinstance(caught.value, common.RefusedFile) and not common.is_hostile(caught.value)
    with zipfile.ZipFile(tmp_path / "dtd.docx", "w") as archive:
        archive.writestr("word/document.xml", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')
    with pytest.raises(common.HostileFile):
        common.check_zip(tmp_path / "dtd.docx")
    assert common.is_hostile(common.RefusedFile("written before the split"))


def test_no_invented_issues_fails_on_an_invented_problem_or_a_question(tmp_path):
    """Issue 16: the coverage set's criterion passes on a clean report and fails on an invented exception, on a
    needs_clarification status for complete records, and on an empty out/."""
    ws, out = _workspace(tmp_path)
    oracle = {**_oracle(ws), "set": "coverage", "clarification_required": False}
    completion = _passing_out(out)

    def verdict(invented):
        ev = common.Evaluation(out, oracle, ws, evaluator_version="t/1")
        assert ev.coverage
        ev.check_completion_file()
        passed = ev.check_no_invented_issues(invented)
        criterion = next(c for c in ev.receipt()["required_criteria"] if c["id"] == common.NO_INVENTED_ISSUES)
        assert criterion["passed"] is passed
        return passed, criterion["detail"]

    assert verdict([]) == (True, "nothing invented")
    passed, detail = verdict(["r.json: a duplicate payment that is not there"])
    assert not passed and "duplicate payment" in detail
    (out / "COMPLETION.json").write_text(json.dumps({**completion, "status": "needs_clarification"}))
    passed, detail = verdict([])
    assert not passed and "needs_clarification" in detail
    for path in out.iterdir():
        path.unlink()
    assert verdict([])[0] is False
    assert not common.Evaluation(out, _oracle(ws), ws).coverage  # an oracle without a set is challenge


def test_required_deliverables_follow_the_arm(tmp_path):
    """Issue 13 item 7: a deliverable marked ``when: without_portal`` (PROC-01's invoice_decisions.csv) is required
    when the attempt did not work through the portal and not when it did (portal evidence, or the portal's
    submissions in out/)."""
    ws, out = _workspace(tmp_path)
    oracle = _oracle(ws)
    oracle["required_deliverables"].append({"path": "decisions.csv", "kind": "csv", "when": "without_portal"})
    _passing_out(out)

    def failed(evidence=None):
        ev = common.Evaluation(out, oracle, ws, evaluator_version="t/1", portal_evidence=evidence)
        ev.check_completion_file()
        ev.check_deliverables_present()
        return {c["id"] for c in ev.receipt()["required_criteria"] if not c["passed"]}

    assert failed() == {"completion_file", "deliverables_present"}  # without the portal, the file is missing
    assert failed({"key": "k", "attempt_id": "a", "issued": []}) == set()  # a portal arm: not required
    (out / "portal_submissions.json").write_text("[]")
    assert failed() == set()  # scored on its own, with the portal's submissions in out/


@pytest.mark.parametrize("kind, name", [("png", "chart.png"), ("pptx", "deck.pptx")])
def test_png_and_pptx_deliverables_must_open_as_their_kind(tmp_path, kind, name):
    """A chart (ECON-01, BI-01) or a deck (CONS-01) named in required_deliverables is opened as its kind: text saved
    under the name fails deliverables_present with the reason; the real file passes."""
    from PIL import Image
    from pptx import Presentation

    ws, out = _workspace(tmp_path)
    oracle = _oracle(ws)
    oracle["required_deliverables"].append({"path": name, "kind": kind})
    completion = _passing_out(out)
    (out / "COMPLETION.json").write_text(json.dumps({**completion, "deliverables": ["r.json", name]}))
    (out / name).write_text("the chart and the deck are attached\n")
    present = _criterion(_receipt_of(out, ws, oracle), "deliverables_present")
    assert present["passed"] is False and name in present["detail"], present
    if kind == "png":
        Image.new("RGB", (640, 480), "white").save(out / name)
    else:
        Presentation().save(out / name)
    assert _criterion(_receipt_of(out, ws, oracle), "deliverables_present")["passed"] is True
