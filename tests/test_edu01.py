"""EDU-01's own checks; the contract every scenario keeps (regeneration, schemas, reference, do-nothing, wrong
solutions, input integrity, copied inputs) is in tests/test_scenario_contract.py. Each test here is a way a memo
or roster could fool a check or a correct one could be convicted, named for it."""

from __future__ import annotations

import csv
import importlib.util
import json
from decimal import Decimal
from pathlib import Path

import docx
import openpyxl
import pytest
from pypdf import PdfReader
from scenario_harness import (
    SEEDS,
    copy_workspace,
    evaluate,
    failed_ids,
    make_workspace,
    run_solution,
    violation_ids,
)

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


def _rewrite_memo_line(out, student_id: str, text: str) -> None:
    """Replace the memo paragraph naming ``student_id`` with ``text`` (its list style kept)."""
    document = docx.Document(str(out / MEMO))
    paragraph = next(p for p in document.paragraphs if student_id in p.text)
    paragraph.text = text
    document.save(str(out / MEMO))


def test_a_closing_line_that_keeps_the_roster_grade_contradicts_the_change(generated, solved):
    """K1, a later contradiction: the memo lists "change F to W", then closes "student W...'s F stands: the roster
    grade is correct". The dean cannot tell which to act on. Evaluator 1.1 passed it (the possessive ID was not read
    as the student, and nothing read a grade said to stay); 1.2 fails the item."""
    out = solved / layout.OUT_DIR
    item = _items(generated)["late_drop_graded"]
    _add_paragraphs(out / MEMO, f"In summary, student {item['student_id']}'s {item['roster_grade']} stands: the "
                                f"roster grade is correct.")
    assert failed_ids(evaluate(generated, out, solved)) == {"item.late_drop_graded"}


def test_an_issue_in_completion_that_calls_the_change_no_change_contradicts_the_memo(generated, solved):
    """K1 in COMPLETION.json: issues_found says the lapsed incomplete's I is correct while the memo changes it to F
    (evaluator 1.1 read no issues_found in the challenge set)."""
    out = solved / layout.OUT_DIR
    item = _items(generated)["incomplete_lapsed"]
    path = out / "COMPLETION.json"
    completion = json.loads(path.read_text())
    completion["issues_found"] = [f"Student {item['student_id']}: the I is correct; no change."] + [
        i for i in completion["issues_found"] if item["student_id"] not in i]
    path.write_text(json.dumps(completion))
    assert failed_ids(evaluate(generated, out, solved)) == {"item.incomplete_lapsed"}


def test_an_item_under_grades_that_must_change_whose_own_sentence_keeps_the_grade_fails(generated, solved):
    """K2, the heading over a denial: under "Grades that must change" the item reads "no change; the D stands",
    though it quotes the gradebook's F. The item's own words decide (evaluator 1.1 passed it on the letters alone)."""
    out = solved / layout.OUT_DIR
    item = _items(generated)["roster_mismatch"]
    sid, roster, want = item["student_id"], item["roster_grade"], item["correct_grade"]
    _rewrite_memo_line(out, sid, f"Student {sid}: no change; the {roster} stands (the gradebook's weighted score "
                                 f"of {item['score']} is a {want} under the syllabus cut-offs).")
    assert failed_ids(evaluate(generated, out, solved)) == {"item.roster_mismatch"}


def test_the_right_changes_reworded_with_a_grade_that_stays_for_the_decoy_pass(generated, solved):
    """A correct rewording: "so the F cannot stand; it becomes a W", a roster grade said to be wrong, and the
    decoy on the cut-off said to be correct and to stay (it is not an error) all pass."""
    out = solved / layout.OUT_DIR
    items = _items(generated)
    drop, mismatch, decoy = items["late_drop_graded"], items["roster_mismatch"], items["cutoff_decoy"]
    _rewrite_memo_line(out, drop["student_id"], f"{drop['student_id']} withdrew after census and before the "
                       f"withdrawal deadline, so the {drop['roster_grade']} cannot stand; it becomes a W.")
    _add_paragraphs(out / MEMO,
                    f"For {mismatch['student_id']} the roster's {mismatch['roster_grade']} is wrong and should not "
                    f"remain on the transcript.",
                    f"Student {decoy['student_id']}'s {decoy['grade']} on the cut-off is correct and stays; it is "
                    f"not an error.")
    receipt = evaluate(generated, out, solved)
    assert receipt["det_completion"], (failed_ids(receipt), violation_ids(receipt))


# --- the hard level (issue 25) ---------------------------------------------------------------------------------------

def _set_corrected_grade(out, student_id: str, grade: str) -> None:
    """Write ``grade`` into the reference Roster sheet's Corrected grade for ``student_id``."""
    book = openpyxl.load_workbook(out / WORKBOOK)
    sheet = book["Roster"]
    headers = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == student_id:
            row[headers.index("Corrected grade")].value = grade
    book.save(out / WORKBOOK)


def _drop_memo_lines(out, student_id: str) -> None:
    document = docx.Document(str(out / MEMO))
    for paragraph in document.paragraphs:
        if student_id in paragraph.text:
            paragraph.text = ""
    document.save(str(out / MEMO))


def test_hard_level_is_a_large_section_with_its_records_across_documents(scenario_cache):
    """Issue 25: 80-100 students with 18 scores each, the fourth W shown only by the course history, the approved
    late withdrawal only by the registrar's actions, the decoy's score just under a cut-off before rounding."""
    generated = scenario_cache.get(TASK, 42, level="hard")
    oracle, inputs = generated.oracle(), generated.bundle / "inputs"
    items = {p["id"]: p for p in oracle["planted_items"]}
    assert 80 <= len(oracle["facts"]["students"]) <= 100
    header = [c.value for c in openpyxl.load_workbook(inputs / "gradebook.xlsx")["Gradebook"][3]]
    assert len(header) - 2 >= 18
    with open(inputs / "course_history_stat_c1000.csv", encoding="utf-8") as handle:
        history = list(csv.DictReader(handle))
    prior_w = {sid: sum(r["Final grade"] == "W" for r in history if r["Student ID"] == sid)
               for sid in (items["fourth_w_graded"]["student_id"], items["third_w_allowed"]["student_id"])}
    assert list(prior_w.values()) == [3, 2]
    with open(inputs / "grade_roster_export.csv", encoding="utf-8") as handle:
        roster = {r["Student ID"]: r for r in csv.DictReader(handle)}
    assert roster[items["fourth_w_graded"]["student_id"]]["Final grade"] == "W"  # looks right on the roster alone
    assert roster[items["approved_late_withdrawal"]["student_id"]]["Notes"] == ""  # the approval is elsewhere
    decoy = items["cutoff_decoy"]
    assert Decimal(decoy["unrounded"]) < Decimal(decoy["score"]) == Decimal(oracle["facts"]["cutoff"])
    first, second = items["transposed_first"], items["transposed_second"]
    assert (first["roster_grade"], second["roster_grade"]) == (second["correct_grade"], first["correct_grade"])


def test_hard_level_keeping_the_w_of_a_fourth_withdrawal_fails(scenario_cache, tmp_path):
    """The course history shows three W notations: leaving the roster's W (workbook and memo) fails the grades and
    the item."""
    generated = scenario_cache.get(TASK, 42, level="hard")
    out = copy_workspace(scenario_cache.reference(TASK, 42, level="hard"), tmp_path) / layout.OUT_DIR
    item = _items(generated)["fourth_w_graded"]
    _set_corrected_grade(out, item["student_id"], "W")
    _drop_memo_lines(out, item["student_id"])
    assert failed_ids(evaluate(generated, out, out.parent)) == {"corrected_grades", "item.fourth_w_graded"}


def test_hard_level_a_letter_for_the_approved_late_withdrawal_fails(scenario_cache, tmp_path):
    """The registrar approved the late withdrawal: a letter grade in place of the roster's W is a decoy taken."""
    generated = scenario_cache.get(TASK, 42, level="hard")
    out = copy_workspace(scenario_cache.reference(TASK, 42, level="hard"), tmp_path) / layout.OUT_DIR
    _set_corrected_grade(out, _items(generated)["approved_late_withdrawal"]["student_id"], "F")
    assert failed_ids(evaluate(generated, out, out.parent)) == {"corrected_grades"}


def test_hard_level_the_lower_letter_for_the_score_that_rounds_onto_a_cutoff_fails(scenario_cache, tmp_path):
    """The syllabus rounds to two decimals before the cut-offs: the letter below for the decoy fails the grades."""
    generated = scenario_cache.get(TASK, 42, level="hard")
    out = copy_workspace(scenario_cache.reference(TASK, 42, level="hard"), tmp_path) / layout.OUT_DIR
    decoy = _items(generated)["cutoff_decoy"]
    lower = "ABCDF"["ABCDF".index(decoy["grade"]) + 1]
    _set_corrected_grade(out, decoy["student_id"], lower)
    assert failed_ids(evaluate(generated, out, out.parent)) == {"corrected_grades"}


def test_hard_level_correcting_one_half_of_the_transposed_pair_fails_the_other(scenario_cache, tmp_path):
    """The transposed grades offset in the distribution; fixing one row of the pair leaves the other wrong."""
    generated = scenario_cache.get(TASK, 42, level="hard")
    out = copy_workspace(scenario_cache.reference(TASK, 42, level="hard"), tmp_path) / layout.OUT_DIR
    second = _items(generated)["transposed_second"]
    _set_corrected_grade(out, second["student_id"], second["roster_grade"])
    _drop_memo_lines(out, second["student_id"])
    assert failed_ids(evaluate(generated, out, out.parent)) == {"corrected_grades", "item.transposed_second"}


def test_hard_coverage_keeps_the_three_decoys_and_asks_nothing(scenario_cache):
    """The hard coverage set is clean but keeps the decoys: the approved late W, the third W, the rounding decoy."""
    oracle = scenario_cache.get(TASK, 42, set_name="coverage", level="hard").oracle()
    assert [p["id"] for p in oracle["planted_items"]] == ["cutoff_decoy", "approved_late_withdrawal",
                                                          "third_w_allowed", "incomplete_lapsed_paper_posted"]
    assert all(f["roster"] == f["grade"] for f in oracle["facts"]["students"].values())


# --- the hard level's paper agreement, only on a scanned page (issue 25: evidence a text extraction skips) ------------

def _paper(generated) -> dict:
    return next(p for p in generated.oracle()["planted_items"] if p["id"].startswith("incomplete_lapsed_paper"))


def _scan_reader():
    """The reference's reader of scanned agreements (oracles-template/EDU-01/solutions/agreement_scan.py)."""
    path = Path(__file__).resolve().parents[1] / "oracles-template" / TASK / "solutions" / "agreement_scan.py"
    spec = importlib.util.spec_from_file_location("edu01_agreement_scan", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("set_name", ["challenge", "coverage"])
def test_hard_level_one_agreement_is_only_a_scanned_signed_form(scenario_cache, set_name):
    """The paper agreement is the agreements file's last page: an image with no text layer. The text page names the
    agreement and says the signed form is scanned; neither it nor any other input gives its grade or its student.
    The challenge roster shows the I past the deadline; the coverage roster has the form's grade posted."""
    generated = scenario_cache.get(TASK, 42, set_name, "hard")
    item, inputs = _paper(generated), generated.bundle / "inputs"
    reader = PdfReader(str(inputs / "incomplete_agreements.pdf"))
    scan = reader.pages[-1]
    assert (scan.extract_text() or "").strip() == "" and [image.image.mode for image in scan.images] == ["L"]
    text = " ".join(" ".join((page.extract_text() or "") for page in reader.pages[:-1]).split())
    assert f"Agreement {item['agreement']}" in text and f"scanned as page {len(reader.pages)}" in text
    assert item["student_id"] not in text
    with open(inputs / "grade_roster_export.csv", encoding="utf-8") as handle:
        row = next(r for r in csv.DictReader(handle) if r["Student ID"] == item["student_id"])
    assert row["Notes"] == f"Incomplete agreement {item['agreement']}"
    grade = item.get("correct_grade", item.get("grade"))
    assert row["Final grade"] == ("I" if set_name == "challenge" else grade)
    assert grade in ("B", "C", "D")  # never F
    gradebook = openpyxl.load_workbook(inputs / "gradebook.xlsx")["Gradebook"]
    final = next(r[-1] for r in gradebook.iter_rows(min_row=4, values_only=True) if r[0] == item["student_id"])
    assert final is None


def test_hard_level_the_scanned_form_reads_by_ocr(scenario_cache):
    """tesseract (the reference's reader) reads the form's agreement number, student ID and boxed grade."""
    generated = scenario_cache.get(TASK, 42, "challenge", "hard")
    item = _paper(generated)
    found = _scan_reader().read_scans(generated.bundle / "inputs" / "incomplete_agreements.pdf")
    assert found == {item["student_id"]: (item["agreement"], item["correct_grade"])}


def test_hard_level_reading_the_text_layer_only_fails_the_paper_agreement_alone(scenario_cache, tmp_path):
    """The quick reader (solutions.json ``reads_text_layer``) takes the scanned agreement for one not on file: the
    I stands and is asked about, which fails the grades and the item and nothing else."""
    generated = scenario_cache.get(TASK, 42, "challenge", "hard")
    ws = make_workspace(generated.bundle, tmp_path)
    out = run_solution(generated, ws, ["--variant", "reads_text_layer"])
    receipt = evaluate(generated, out, ws)
    assert failed_ids(receipt) == {"corrected_grades", "item.incomplete_lapsed_paper"}
    assert _paper(generated)["student_id"] in next(c["detail"] for c in receipt["required_criteria"]
                                                    if c["id"] == "corrected_grades")


def test_hard_coverage_with_the_posted_lapse_grade_passes_the_reference(scenario_cache):
    generated = scenario_cache.get(TASK, 42, "coverage", "hard")
    ws = scenario_cache.reference(TASK, 42, "coverage", "hard")
    receipt = evaluate(generated, ws / layout.OUT_DIR, ws)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def test_the_standard_level_has_no_scanned_agreement(scenario_cache):
    generated = scenario_cache.get(TASK, 42)
    reader = PdfReader(str(generated.bundle / "inputs" / "incomplete_agreements.pdf"))
    assert all((page.extract_text() or "").strip() for page in reader.pages)
    assert not any(p["id"].startswith("incomplete_lapsed_paper") for p in generated.oracle()["planted_items"])


# --- fair wordings of someone else's keep, a question, a pending or supposed keep (fair-wording audit, 1.3) --------
@pytest.fixture
def hard(scenario_cache, tmp_path):
    """(generated, solved workspace, names for a sentence: each planted item's student ID and score) of the hard
    challenge section at seed 42."""
    generated = scenario_cache.get(TASK, 42, "challenge", "hard")
    items = _items(generated)
    names = {key: items[key]["student_id"] for key in items}
    names.update(first_score=items["transposed_first"]["score"], second_score=items["transposed_second"]["score"],
                 mismatch_score=items["roster_mismatch"]["score"])
    return generated, copy_workspace(scenario_cache.reference(TASK, 42, "challenge", "hard"), tmp_path), names


def _graded(hard, sentence: str) -> set[str]:
    generated, solved, names = hard
    _add_paragraphs(solved / layout.OUT_DIR / MEMO, sentence.format(**names))
    return failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


@pytest.mark.parametrize("sentence", [
    # K1: someone else's words, refused
    "The roster export's note for student {transposed_second} says the B stands; the gradebook gives {second_score}, "
    "an F.",
    "The instructor's comment claims {roster_mismatch}'s D is correct, but the gradebook gives {mismatch_score}, "
    "which is an F.",
    # K2: the threshold the score does not reach
    "Student {transposed_second}'s weighted score of {second_score} is well below the 60.00 needed to be a D, so the "
    "grade is F.",
    # K3: the roster as it stands until the change is approved
    "Student {transposed_first}'s F will remain on the roster until the change is approved; the correct grade is B.",
    "Until you approve the change, the F stays on student {late_drop_graded}'s transcript.",
    "With no change to the other grades, student {late_drop_graded}'s F becomes W.",  # "no change" is not about it
    # K4: a request to verify
    "Please confirm whether student {fourth_w_graded}'s W stands given the three earlier W notations; I have "
    "recommended F.",
    "Whether student {roster_mismatch}'s D is correct should be checked with the instructor; on the gradebook it is "
    "an F.",
    # K9: the conditional mood
    "Student {incomplete_lapsed}'s I lapses to F unless you extend the deadline, in which case the I would stand.",
    "Student {late_drop_graded}'s F would stand only if the drop had come after November 14, 2025; it came on "
    "October 23, so the grade is W.",
])
def test_a_keep_in_someone_elses_words_a_question_or_a_supposition_is_no_second_answer(hard, sentence):
    """Evaluator 1.2 failed each on the student's item but the two whose keep or "no change" stands before the ID
    (it did not read the words before the ID; 1.3 does, for a keep only): a reported keep, a question, a threshold
    not reached, a keep pending approval or a conditional were read as the memo keeping the roster grade or assigning
    another."""
    assert _graded(hard, sentence) == set()


@pytest.mark.parametrize("sentence, failed", [
    ("The roster export's note for student {transposed_second} says the grade changes; the B stands.",
     "transposed_second"),
    ("I agree with the instructor: {roster_mismatch}'s D is correct.", "roster_mismatch"),
    ("The instructor's comment claims {roster_mismatch}'s D is wrong, but {roster_mismatch}'s D is correct.",
     "roster_mismatch"),
    ("Student {transposed_second}'s weighted score of {second_score} is well above the 45.00 needed to be a D.",
     "transposed_second"),
    ("Student {transposed_first}'s F will remain on the roster; the correct grade is B.", "transposed_first"),
    ("The F stays on student {late_drop_graded}'s transcript.", "late_drop_graded"),  # passed 1.2 (text before the ID)
    ("I have confirmed that student {fourth_w_graded}'s W stands.", "fourth_w_graded"),
    ("Student {incomplete_lapsed}'s I lapses to F unless you extend the deadline; in any case the I stands.",
     "incomplete_lapsed"),
    ("Student {late_drop_graded}'s F stands; it would change only if the drop had come before November 14, 2025.",
     "late_drop_graded"),
])
def test_the_same_words_as_the_writers_own_keep_fail(hard, sentence, failed):
    assert _graded(hard, sentence) == {f"item.{failed}"}
