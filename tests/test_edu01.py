"""EDU-01's own checks; the contract every scenario keeps (regeneration, schemas, reference, do-nothing, wrong
solutions, input integrity, copied inputs) is in tests/test_scenario_contract.py. Each test here is a way a memo
or roster could fool a check or a correct one could be convicted, named for it."""

from __future__ import annotations

from decimal import Decimal

import docx
import openpyxl
from scenario_harness import SEEDS, evaluate, failed_ids, violation_ids

from wp42 import layout

TASK = "EDU-01"
MEMO = "memo_to_dean.docx"
WORKBOOK = "corrected_roster.xlsx"


def _add_paragraphs(path, *lines: str) -> None:
    document = docx.Document(str(path))
    for line in lines:
        document.add_paragraph(line)
    document.save(str(path))


def _items(generated) -> dict[str, dict]:
    return {p["id"]: p for p in generated.oracle()["planted_items"]}


def test_seed_7_moves_the_planted_students_and_the_decoy_sits_exactly_on_a_cutoff(scenario_cache):
    oracles = [scenario_cache.get(TASK, seed).oracle() for seed in SEEDS]
    a, b = ({p["id"]: p for p in o["planted_items"]} for o in oracles)
    assert a["late_drop_graded"]["student_id"] != b["late_drop_graded"]["student_id"]
    for items, oracle in zip((a, b), oracles, strict=True):
        assert Decimal(items["cutoff_decoy"]["score"]) in (Decimal(70), Decimal(80))
        assert oracle["facts"]["students"][items["cutoff_decoy"]["student_id"]]["grade"] == \
            {Decimal(70): "C", Decimal(80): "B"}[Decimal(items["cutoff_decoy"]["score"])]
        assert items["roster_mismatch"]["roster_grade"] != items["roster_mismatch"]["correct_grade"]


def test_giving_the_mismatched_student_a_third_grade_is_a_hedge(generated, solved):
    """The reference's "change D to F" plus a sentence giving the same student another letter fails the item."""
    out = solved / layout.OUT_DIR
    item = _items(generated)["roster_mismatch"]
    third = next(g for g in "ABCDF" if g not in (item["roster_grade"], item["correct_grade"]))
    _add_paragraphs(out / MEMO, f"On a second reading student {item['student_id']} should be {third}.")
    assert failed_ids(evaluate(generated, out, solved)) == {"item.roster_mismatch"}


def test_a_surname_alone_in_the_memo_breaks_the_privacy_rule(generated, solved):
    """FERPA rule of the brief: "Ms. Surname" without the first name still identifies the student."""
    out = solved / layout.OUT_DIR
    surname = generated.oracle()["facts"]["names"][0].split()[-1]
    _add_paragraphs(out / MEMO, f"I have also spoken to Ms. {surname} about her quiz scores.")
    assert "student_named" in violation_ids(evaluate(generated, out, solved))


def test_a_sentence_ending_in_a_bare_grade_does_not_lend_its_letter_to_the_next_student(generated, solved):
    """"... lapses to D. For student W... the roster's B should be A." is read by the sentence splitter as one
    statement ("D." looks like an initial); the part about each ID is its own (evaluator 1.0 failed alt:prose at
    seed 7 on this before the split at student IDs)."""
    out = solved / layout.OUT_DIR
    items = _items(generated)
    lapsed, mismatch = items["incomplete_lapsed"], items["roster_mismatch"]
    document = docx.Document(str(out / MEMO))
    for paragraph in document.paragraphs:
        if lapsed["student_id"] in paragraph.text or mismatch["student_id"] in paragraph.text:
            paragraph.text = ""
    document.add_paragraph(
        f"Student {lapsed['student_id']} missed the incomplete deadline, so the I lapses to "
        f"{lapsed['correct_grade']}. For student {mismatch['student_id']} the roster's {mismatch['roster_grade']} "
        f"should be {mismatch['correct_grade']} on the recomputed score.")
    document.save(str(out / MEMO))
    receipt = evaluate(generated, out, solved)
    assert receipt["det_completion"], (failed_ids(receipt), violation_ids(receipt))


def test_the_late_drop_left_with_its_letter_in_the_workbook_fails_the_grades(generated, solved):
    """The memo alone is not the record: the Roster sheet's Corrected grade must carry the W."""
    out = solved / layout.OUT_DIR
    item = _items(generated)["late_drop_graded"]
    book = openpyxl.load_workbook(out / WORKBOOK)
    sheet = book["Roster"]
    headers = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == item["student_id"]:
            row[headers.index("Corrected grade")].value = item["roster_grade"]
    book.save(out / WORKBOOK)
    assert failed_ids(evaluate(generated, out, solved)) == {"corrected_grades"}


def test_the_coverage_set_keeps_the_brief_and_the_decoy_and_writes_a_clean_roster(scenario_cache):
    """Coverage set (SPEC section 9): the same brief byte for byte, every roster grade the computed one, the decoy
    on its cut-off still there, nothing to ask."""
    challenge = scenario_cache.get(TASK, 42)
    coverage = scenario_cache.get(TASK, 42, set_name="coverage")
    assert (coverage.bundle / "BRIEF.md").read_bytes() == (challenge.bundle / "BRIEF.md").read_bytes()
    oracle = coverage.oracle()
    assert all(f["roster"] == f["grade"] for f in oracle["facts"]["students"].values())
    assert [p["id"] for p in oracle["planted_items"]] == ["cutoff_decoy"]
    assert not oracle["clarification_required"]


def test_a_capital_a_opening_a_clause_after_the_id_is_no_grade(generated, solved):
    """"W1234567: A drop after census ..." names no grade A; evaluator 1.0 read a bare colon as assigning one."""
    out = solved / layout.OUT_DIR
    item = _items(generated)["late_drop_graded"]
    _add_paragraphs(out / MEMO, f"Student {item['student_id']}: A drop after the census date is a W under AP 4230.")
    receipt = evaluate(generated, out, solved)
    assert receipt["det_completion"], (failed_ids(receipt), violation_ids(receipt))
