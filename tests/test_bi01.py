"""BI-01's own checks, each named for a way a worker's output could fool (or be wrongly convicted by) a criterion;
the contract every scenario keeps (regeneration, schemas, reference, do-nothing, wrong solutions, input integrity,
copied inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from scenario_harness import (
    SEEDS,
    copy_workspace,
    evaluate,
    failed_ids,
    grade_fixture,
    make_workspace,
    run_solution,
)

from wp42 import layout

TASK = "BI-01"
WORKBOOK = "comp_sales_dashboard.xlsx"


def _book(solved):
    import openpyxl

    path = solved / layout.OUT_DIR / WORKBOOK
    return path, openpyxl.load_workbook(path)


def _set_where(solved, sheet: str, column: int, equals, target: int, value):
    """In the reference workbook's ``sheet``, set column ``target`` of every row whose column ``column`` holds
    ``equals`` to ``value`` (a callable gets the row number); returns out/."""
    path, book = _book(solved)
    rows = book[sheet]
    for row in range(2, rows.max_row + 1):
        if rows.cell(row, column).value == equals:
            rows.cell(row, target).value = value(row) if callable(value) else value
    book.save(path)
    return path.parent


def _completion(solved, **changes):
    path = solved / layout.OUT_DIR / layout.COMPLETION_JSON
    completion = json.loads(path.read_text(encoding="utf-8"))
    completion.update(changes)
    path.write_text(json.dumps(completion), encoding="utf-8")


def _conflict(generated) -> dict:
    return next(p for p in generated.oracle()["facts"]["promos"] if p["conflicting_weeks"])


def _long(iso: str) -> str:
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}"


def test_seed_7_moves_the_period_and_the_planted_items(scenario_cache):
    a, b = (scenario_cache.get(TASK, seed).oracle() for seed in SEEDS)
    assert a["facts"]["regions"] != b["facts"]["regions"]
    assert a["planted_items"][0]["date"] != b["planted_items"][0]["date"]
    assert _conflict_promo(a) != _conflict_promo(b)


def _conflict_promo(oracle) -> str:
    return next(p["promo_id"] for p in oracle["facts"]["promos"] if p["conflicting_weeks"])


def test_oracle_keeps_the_decoys_comparable(generated):
    """The boundary store and the store whose refit ended before the period are comparable; the refit store and
    the new store are not (the policy, read from the calendar and the store master)."""
    oracle = generated.oracle()
    items = {p["id"]: p for p in oracle["planted_items"]}
    stores = oracle["facts"]["stores"]
    assert stores[items["opened_on_first_day"]["store_id"]]["comparable"] is True
    assert stores[items["refit_before_period"]["store_id"]]["comparable"] is True
    assert stores[items["refit_closure"]["store_id"]]["comparable"] is False
    assert stores[items["new_store"]["store_id"]]["comparable"] is False


def test_na_growth_on_a_non_comparable_store_is_not_a_typed_formula(generated, solved):
    """A non-comparable store's Growth % written "n/a" is what the brief allows (blank or not a growth), not a
    typed value where a formula belongs (found by the analyst_notes alternative: formulas_live convicted it)."""
    out = _set_where(solved, "Store Comp", 4, "No", 7, "n/a")
    assert failed_ids(evaluate(generated, out, solved)) == set()


def test_constant_growth_formula_fails_formulas_live(generated, solved):
    """``=0.0285`` as a store's Growth %: a formula in form only, moving with nothing on Store Comp."""
    path, book = _book(solved)
    sheet = book["Store Comp"]
    stores = generated.oracle()["facts"]["stores"]
    for row in range(2, sheet.max_row + 1):
        want = stores[sheet.cell(row, 1).value]
        if want["comparable"]:
            sheet.cell(row, 7).value = f"={want['growth']}"
    book.save(path)
    receipt = evaluate(generated, path.parent, solved)
    assert failed_ids(receipt) == {"formulas_live"}


def test_growth_given_to_a_non_comparable_store_fails_store_growth(generated, solved):
    out = _set_where(solved, "Store Comp", 4, "No", 7, lambda row: f"=E{row}/F{row}-1")
    assert "store_growth" in failed_ids(evaluate(generated, out, solved))


def test_both_candidate_weeks_filled_in_is_a_guess(generated, solved):
    """Two Promo Check rows for the promotion in doubt, one per week, each with an actual: the same subject given
    two answers is a hedge, not a question left open."""
    path, book = _book(solved)
    sheet = book["Promo Check"]
    conflict = _conflict(generated)
    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row, 1).value == conflict["promo_id"]:
            sheet.cell(row, 5).value = 123456.78
            sheet.cell(row, 6).value, sheet.cell(row, 7).value = f"=E{row}-D{row}", f"=F{row}/D{row}"
            last = sheet.max_row + 1
            sheet.append([conflict["promo_id"], conflict["department"], conflict["conflicting_weeks"][1],
                          float(conflict["planned"]), 234567.89, f"=E{last}-D{last}", f"=F{last}/D{last}"])
    book.save(path)
    assert failed_ids(evaluate(generated, path.parent, solved)) == {"conflicting_promo_not_guessed"}


def test_question_naming_department_and_weeks_is_asking_about_the_promotion(generated, solved):
    """A question that names the department and the two weeks, not the id, is the right question."""
    conflict = _conflict(generated)
    weeks = [date.fromisoformat(w) for w in conflict["conflicting_weeks"]]
    _completion(solved, questions=[f"The {conflict['department']} promotion appears in the plan for the week of "
                                   f"{weeks[0]:%m/%d} and again for {weeks[1]:%m/%d} - which one ran?"])
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert failed_ids(receipt) == set()
    assert receipt["abstention"] == {"status": "needs_clarification", "justified": True}


def test_vague_question_is_not_the_clarification(generated, solved):
    """needs_clarification with a question that names neither the promotion nor its weeks: not justified."""
    _completion(solved, questions=["Some of the plan looks odd; please advise before I finalise."])
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert failed_ids(receipt) == {"asked_conflicting_promo"}
    assert receipt["abstention"]["justified"] is False


@pytest.mark.parametrize("spelling", ["{d:%B} {d.day}, {d.year}", "{d.month}/{d.day}/{d:%y}", "{d:%b}. {d.day}th",
                                      "{d.day} {d:%B} {d.year}"])
def test_duplicate_date_in_other_spellings_is_reported(generated, solved, spelling):
    day = date.fromisoformat(generated.oracle()["planted_items"][0]["date"])
    _completion(solved, issues_found=[f"POS file for {spelling.format(d=day)} loaded twice; counted once."])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == set()


def test_wrong_date_does_not_report_the_duplicate(generated, solved):
    """Naming the day loaded in two files (the decoy) instead of the day loaded twice reports nothing right."""
    items = {p["id"]: p for p in generated.oracle()["planted_items"]}
    _completion(solved, issues_found=[f"{items['split_load']['date']} was loaded twice."])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"duplicate_load_reported"}


def test_the_split_day_also_called_loaded_twice_is_a_wrong_report(generated, solved):
    """The right date plus the decoy (loaded in two files, both counting) also called loaded twice: a reader would
    drop a day's real sales; the right date among wrong ones is not the report."""
    items = {p["id"]: p for p in generated.oracle()["planted_items"]}
    path = solved / layout.OUT_DIR / layout.COMPLETION_JSON
    issues = json.loads(path.read_text(encoding="utf-8"))["issues_found"]
    _completion(solved, issues_found=[*issues, f"{items['split_load']['date']} was also loaded twice."])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"duplicate_load_reported"}


@pytest.mark.parametrize("later", ["On review, {day} was not loaded twice; both loads are genuine and were counted.",
                                   "Both loads of {day} are kept in the figures.",
                                   "No data problems found; the mart is clean."])
def test_a_later_entry_taking_the_doubled_day_back_fails(generated, solved, later):
    """K1, a later contradiction: the doubled day reported, then denied, kept or given a clean bill in another
    entry. A reader cannot tell whether to remove the day; evaluator 1.4 passed any list naming it."""
    day = generated.oracle()["planted_items"][0]["date"]
    path = solved / layout.OUT_DIR / layout.COMPLETION_JSON
    issues = json.loads(path.read_text(encoding="utf-8"))["issues_found"]
    _completion(solved, issues_found=[*issues, later.format(day=day)])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"duplicate_load_reported"}


def test_the_doubled_day_reworded_with_nothing_else_duplicated_passes(generated, solved):
    """The right report in other words, with a sentence clearing the other days and one saying the day counts once."""
    day = generated.oracle()["planted_items"][0]["date"]
    _completion(solved, issues_found=[f"The POS file for {day} went into the mart twice; I removed the second copy "
                                      "so each sale counts once. Both loads of that day were counted once.",
                                      "No other business date was duplicated."])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == set()


def test_jpeg_saved_as_png_fails_chart_without_a_violation(generated, solved):
    """A JPEG named .png is the worker's mistake: the chart (a required png deliverable) is not there, nothing is
    hostile."""
    from PIL import Image

    path = solved / layout.OUT_DIR / "comp_growth_by_region.png"
    Image.open(path).convert("RGB").save(path, format="JPEG")
    receipt = evaluate(generated, path.parent, solved)
    assert failed_ids(receipt) == {"chart", "deliverables_present"}


def test_percentage_points_and_chain_total_label_pass(generated, solved):
    """Growth typed as percentage points by formula and the chain row called "Total": a careful reader's same
    answer."""
    path, book = _book(solved)
    sheet = book["Region Summary"]
    for row in range(2, sheet.max_row + 1):
        sheet.cell(row, 5).value = f"=(C{row}/D{row}-1)*100"
        if sheet.cell(row, 1).value == "Chain":
            sheet.cell(row, 1).value = "Total"
    book.save(path)
    assert failed_ids(evaluate(generated, path.parent, solved)) == set()


def test_chain_row_with_a_qualifier_is_the_chain(generated, solved):
    """"Chain (comparable stores)" names the chain row as "Chain" does."""
    out = _set_where(solved, "Region Summary", 1, "Chain", 1, "Chain (comparable stores)")
    assert failed_ids(evaluate(generated, out, solved)) == set()


def test_split_day_explained_in_coverage_is_not_an_invented_issue(scenario_cache, tmp_path):
    """Coverage: "no business day was loaded twice; the 15th came in two files and both count" reports no problem
    (negation read as a careful reader reads it); "was loaded twice" asserts one."""
    generated = scenario_cache.get(TASK, SEEDS[0], "coverage")
    split = next(p for p in generated.oracle()["planted_items"] if p["id"] == "split_load")["date"]
    solved = copy_workspace(scenario_cache.reference(TASK, SEEDS[0], "coverage"), tmp_path)
    _completion(solved, issues_found=[f"No business day was loaded twice. {_long(split)} came in two files (one per "
                                      "group of districts); both loads count."])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == set()
    _completion(solved, issues_found=[f"{_long(split)} was loaded twice."])
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"no_invented_issues"}


def test_store_sales_off_by_a_dollar_fail(generated, solved):
    path, book = _book(solved)
    sheet = book["Store Comp"]
    sheet.cell(2, 5).value = float(Decimal(str(sheet.cell(2, 5).value)) + 1)
    book.save(path)
    assert "store_sales" in failed_ids(evaluate(generated, path.parent, solved))


# ---------------------------------------------------------------------------------------------- the hard level
def test_hard_level_has_the_chains_size_and_last_years_items(scenario_cache):
    """Issue 25 items 2-3: 36-41 stores in five districts; a doubled day in last year's period (carried in last
    year's figures) next to this year's; a refit in last year's period makes its store non-comparable."""
    oracle = scenario_cache.get(TASK, SEEDS[0], "challenge", "hard").oracle()
    facts, items = oracle["facts"], {p["id"]: p for p in oracle["planted_items"]}
    assert 36 <= len(facts["stores"]) <= 41 and len(facts["regions"]) == 6  # five districts and the chain
    assert facts["ly_start"] <= items["duplicate_load_ly"]["date"] <= facts["ly_end"]
    assert facts["ty_start"] <= items["duplicate_load"]["date"] <= facts["ty_end"]
    assert facts["ly_start"] <= items["refit_last_year"]["closed_from"] <= facts["ly_end"]
    assert facts["stores"][items["refit_last_year"]["store_id"]]["comparable"] is False
    assert date.fromisoformat(items["refit_before_period"]["closed_to"]) == \
        date.fromisoformat(facts["ty_start"]) - timedelta(days=1)
    assert facts["stores"][items["refit_before_period"]["store_id"]]["comparable"] is True


def test_hard_level_doubled_days_offset_in_the_chain_growth(scenario_cache):
    """The two doubled days hide each other in the rate: the chain growth computed with both left in is within
    a percentage point of the true one, though each year's comp sales are wrong (why a check of the rate alone
    is not enough)."""
    oracle = scenario_cache.get(TASK, SEEDS[0], "challenge", "hard").oracle()
    chain = oracle["facts"]["regions"]["Chain"]
    extra = {p["date"][:4]: Decimal(p["duplicated_sales"]) for p in oracle["planted_items"]
             if p["kind"] == "duplicated_load_day"}
    ty, ly = Decimal(chain["sales_ty"]), Decimal(chain["sales_ly"])
    comp_share = ty / sum(Decimal(s["sales_ty"]) for s in oracle["facts"]["stores"].values())
    naive = (ty + extra["2025"] * comp_share) / (ly + extra["2024"] * comp_share) - 1
    assert abs(naive - Decimal(chain["growth"])) < Decimal("0.01")


# ------------------------------------------------ the hard level's moved promotion, told only in a cell note (1.3)
PLAN = "promo_plan_fy2025.xlsx"
#: The criteria the moved promotion feeds: a reader of the plan's values gets its week and actual wrong.
NOTE_CRITERIA = {"promo_check"}


def _moved(generated) -> dict:
    return next(p for p in generated.oracle()["planted_items"] if p["id"].startswith("promo_moved_note"))


def _plan_rows(bundle: Path, **load) -> tuple[object, dict[str, list]]:
    """The plan's first sheet and ``{promo id: [row cells, ...]}``, loaded with openpyxl (``load``: its options)."""
    import openpyxl

    sheet = openpyxl.load_workbook(bundle / layout.INPUTS_DIR / PLAN, **load).worksheets[0]
    rows: dict[str, list] = {}
    for row in sheet.iter_rows(min_row=5):
        if row[0].value:
            rows.setdefault(row[0].value, []).append(row)
    return sheet, rows


def test_hard_challenge_moved_week_is_only_in_the_planners_note(scenario_cache):
    """The evidence sits where a planner keeps it: one note in the workbook, by the row's owner, on the moved
    promotion's Week start, which still shows the approved week (and the values say nothing of the move). The note
    gives the week the promotion ran; the mart's lift for its department is there (the oracle's actual), and the
    approved week's sales, what a reader of values reports, fall well short of the plan."""
    generated = scenario_cache.get(TASK, SEEDS[0], "challenge", "hard")
    item = _moved(generated)
    assert item["id"] == "promo_moved_note" and item["error"] is True
    sheet, rows = _plan_rows(generated.bundle)
    notes = [c for row in sheet.iter_rows() for c in row if c.comment is not None]
    assert [f"{sheet.title}!{c.coordinate}" for c in notes] == [item["cell"]]
    (row,) = rows[item["promo_id"]]
    note = notes[0].comment
    assert notes[0].row == row[0].row and notes[0].column == 4  # Week start
    assert note.author == row[9].value and note.text.startswith(f"{row[9].value}:\n")
    ran = date.fromisoformat(item["week_start"])
    assert f"Moved to the week of {ran.month}/{ran.day} " in note.text and "not re-keyed" in note.text
    assert row[3].value.date() == date.fromisoformat(item["approved_week_start"]) != ran
    values = " ".join(str(c.value) for r in sheet.iter_rows() for c in r if c.value is not None)
    assert "Moved" not in values and "re-keyed" not in values
    promo = next(p for p in generated.oracle()["facts"]["promos"] if p["promo_id"] == item["promo_id"])
    assert promo["week_start"] == item["week_start"] and promo["actual"] == item["actual"]
    assert Decimal(item["actual_in_approved_week"]) < Decimal(promo["planned"]) * Decimal("0.9")
    assert generated.task()["designed_features"]["planted_errors"] == 3


def test_hard_reference_reads_the_note_and_the_values_reader_fails_only_promo_check(scenario_cache, tmp_path):
    """The reference (openpyxl's cell.comment) passes and reports the move; values_only, the same work with the
    plan read as values, gives the moved promotion its approved week and that week's sales: it fails exactly
    promo_check, for that promotion alone."""
    generated = scenario_cache.get(TASK, SEEDS[0], "challenge", "hard")
    item = _moved(generated)
    solved = scenario_cache.reference(TASK, SEEDS[0], "challenge", "hard")
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"] is True and failed_ids(receipt) == set(), failed_ids(receipt)
    issues = json.loads((solved / layout.OUT_DIR / layout.COMPLETION_JSON).read_text(encoding="utf-8"))["issues_found"]
    assert any(item["promo_id"] in line and "note" in line for line in issues)
    workspace = make_workspace(generated.bundle, tmp_path)
    out = run_solution(generated, workspace, ["--variant", "values_only"])
    receipt = evaluate(generated, out, workspace)
    assert failed_ids(receipt) == NOTE_CRITERIA
    detail = next(c["detail"] for c in receipt["required_criteria"] if c["id"] == "promo_check")
    assert set(re.findall(r"PR-\d+-\d+", detail)) == {item["promo_id"]}, detail


def test_hard_coverage_note_agrees_with_its_row_and_nothing_is_wrong(scenario_cache, tmp_path):
    """The coverage set keeps the same kind of note with nothing wrong: the row was re-keyed to the week the
    promotion ran and re-approved on the note's day. The reference passes, and so does a reader of values (the
    note changes no figure here)."""
    generated = scenario_cache.get(TASK, SEEDS[0], "coverage", "hard")
    item = _moved(generated)
    assert item["id"] == "promo_moved_note_agrees" and item["error"] is False
    assert generated.task()["designed_features"]["planted_errors"] == 0
    sheet, rows = _plan_rows(generated.bundle)
    (row,) = rows[item["promo_id"]]
    approved = date.fromisoformat(item["approved_week_start"])
    assert row[3].comment is not None and row[3].comment.text.split("\n", 1)[1].startswith(
        f"Moved from the week of {approved.month}/{approved.day}:")
    assert row[3].value.date() == date.fromisoformat(item["week_start"]) and row[8].value.date().isoformat() == \
        item["note_day"]
    solved = scenario_cache.reference(TASK, SEEDS[0], "coverage", "hard")
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"] is True and failed_ids(receipt) == set(), failed_ids(receipt)
    workspace = make_workspace(generated.bundle, tmp_path)
    receipt = evaluate(generated, run_solution(generated, workspace, ["--variant", "values_only"]), workspace)
    assert failed_ids(receipt) == set(), failed_ids(receipt)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_standard_level_has_no_note_and_the_committed_bundle_is_unchanged(scenario_cache):
    """The note is the hard level's alone: the seed-42 standard bundle is byte for byte the committed one (generated
    before the item existed) and its plan has no comments part; the oracle has no moved promotion."""
    standard = scenario_cache.public(TASK, 42)
    committed = Path(__file__).resolve().parents[1] / "benchmark" / "scenarios" / TASK / layout.INPUTS_DIR
    assert {f.name: _sha256(f) for f in (standard / layout.INPUTS_DIR).iterdir()} == {
        f.name: _sha256(f) for f in committed.iterdir()}
    with zipfile.ZipFile(standard / layout.INPUTS_DIR / PLAN) as package:
        assert not [n for n in package.namelist() if "comment" in n]
    generated = scenario_cache.get(TASK, 7)
    assert not [p for p in generated.oracle()["planted_items"] if p["id"].startswith("promo_moved_note")]


# ---------------------------------------------------------------------------------------------- audit (1.5 -> 1.6)
#: COMPLETION.json summaries that say of a promotion the opposite of what the reference's Promo Check shows (it
#: leaves out the promotion in doubt, ``{doubt}``, and gives the others, one of them ``{other}``).
SUMMARIES_CONTRADICTING = [
    "Comp sales dashboard and chart built; all promotions are shown in Promo Check with their variances.",
    "Dashboard built; Promo Check shows {doubt} with its variance for the later of its two weeks.",
    "Dashboard built; the {department} promotion is shown with its variance.",
    "Dashboard built; {other}'s variance is left out until you confirm its week.",
]
#: The same point in other words that agree with the sheet.
SUMMARIES_AGREEING = [
    "Dashboard built. Promo Check shows every promotion except {doubt} with its variance; that one is left out until "
    "you confirm its week.",
    "Dashboard built; the {department} promotion ({doubt}) is left blank pending your answer, and the other "
    "promotions are shown with their variances.",
    "Dashboard built; once you confirm the week I will show {doubt}'s variance as well.",
]


def _summary(generated, text: str) -> str:
    conflict = _conflict(generated)
    other = next(p["promo_id"] for p in generated.oracle()["facts"]["promos"] if not p["conflicting_weeks"])
    return text.format(doubt=conflict["promo_id"], department=conflict["department"], other=other)


@pytest.mark.parametrize("summary", SUMMARIES_CONTRADICTING)
def test_a_summary_contradicting_promo_check_fails(generated, solved, summary):
    """Audit (1.5 false pass): the workbook leaves out the promotion in doubt and the question asks about it, but
    COMPLETION.json's summary says every promotion (or that one) is shown with its variance, or says a promotion the
    sheet gives is left out. The manager reads the summary first and is told the opposite of the deliverable; 1.5
    read the summary for nothing."""
    _completion(solved, summary=_summary(generated, summary))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert failed_ids(receipt) == {"promo_check"}, summary
    assert "Promo Check" in next(c["detail"] for c in receipt["required_criteria"] if c["id"] == "promo_check")


@pytest.mark.parametrize("summary", SUMMARIES_AGREEING)
def test_a_summary_agreeing_with_promo_check_in_other_words_passes(generated, solved, summary):
    _completion(solved, summary=_summary(generated, summary))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert failed_ids(receipt) == set(), (summary, failed_ids(receipt))


def test_a_coverage_summary_holding_back_a_promotion_the_sheet_shows_fails(scenario_cache, tmp_path):
    """The opposite on the coverage set, where every promotion's week is certain and the sheet shows each: a summary
    saying one of them is left out until its week is confirmed contradicts it."""
    generated = scenario_cache.get(TASK, SEEDS[0], "coverage")
    solved = copy_workspace(scenario_cache.reference(TASK, SEEDS[0], "coverage"), tmp_path)
    promo = generated.oracle()["facts"]["promos"][0]["promo_id"]
    _completion(solved, summary=f"Dashboard built; {promo} is left out of Promo Check until you confirm its week.")
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"promo_check"}
    _completion(solved, summary=f"Dashboard built; {promo} is shown with its variance, as are the others.")
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == set()


# ------------------------------------------------------------------------------- fair-wording audit (1.6 -> 1.7)
#: Fair COMPLETION.json wordings a careful reader is not misled by, by the audit's kind: where each goes
#: ("issue": an issues_found entry added, "summary": added to the summary) and its text, naming the instance's doubled
#: day ``{doubled}``, the day loaded in two files that both count ``{split}`` and the promotion in doubt ``{doubt}``.
#: BI-01 1.6 failed each.
FAIR_COMPLETION = {
    "K1 the load log's words, refused": ("issue", "The load log records {split} as loaded twice, but the two loads "
                                                  "hold different stores, so both count."),
    "K1 the load log's suggestion, denied": ("issue", "The load log suggests {split} was loaded twice; it was not: the "
                                                      "two files hold different stores."),
    "K1 the plan's listing": ("summary", "Marketing's plan shows {doubt} twice, once for each of its two weeks."),
    "K3 the row once confirmed": ("summary", "{doubt} will be shown with its variance once you confirm the week."),
    "K3 added once confirmed": ("summary", "Once you confirm the week, {doubt} will be added with its variance."),
    "K4 a request to check the split day": ("issue", "Please check whether {split} was loaded twice; its two loads hold "
                                                     "different stores, so both were counted."),
    "K9 what a repeat would look like": ("issue", "A repeated load would show as two successful loads of the same "
                                                  "file; {doubled} shows that, {split} does not."),
}
#: The writer's own second answer in the same words, and the criterion it must still fail.
MISLEADING_COMPLETION = {
    "K1 the load log's words as the writer's finding": ("issue", "The load log shows {split} loaded twice.",
                                                        "duplicate_load_reported"),
    "K1 the finding with the log as its source": ("issue", "{split} was loaded twice, as the load log records.",
                                                  "duplicate_load_reported"),
    "K1 the log's words, then agreed with": ("issue", "The load log records {split} as loaded twice; it was loaded "
                                                      "twice.", "duplicate_load_reported"),
    "K4 checked, and answered": ("issue", "We checked whether {split} was loaded twice: it was loaded twice.",
                                 "duplicate_load_reported"),
    "K9 the split day called a repeat": ("issue", "A repeated load shows as two successful loads of the same file; "
                                                  "{doubled} and {split} are repeated loads.", "duplicate_load_reported"),
    "K3 the row said to be shown": ("summary", "{doubt} is shown with its variance.", "promo_check"),
    "K1 the plan's listing, then Promo Check's": ("summary", "Marketing's plan shows {doubt} twice, and Promo Check "
                                                             "shows it with its variance.", "promo_check"),
}


def _add_to_completion(generated, solved, where: str, text: str) -> dict:
    items = {p["id"]: p for p in generated.oracle()["planted_items"]}
    text = text.format(doubled=items["duplicate_load"]["date"], split=items["split_load"]["date"],
                       doubt=_conflict(generated)["promo_id"])
    completion = json.loads((solved / layout.OUT_DIR / layout.COMPLETION_JSON).read_text(encoding="utf-8"))
    if where == "issue":
        _completion(solved, issues_found=[*completion["issues_found"], text])
    else:
        _completion(solved, summary=f"{completion['summary']} {text}")
    return evaluate(generated, solved / layout.OUT_DIR, solved)


@pytest.mark.parametrize("kind", FAIR_COMPLETION)
def test_a_fair_completion_wording_passes(generated, solved, kind):
    """Fair-wording audit (1.6 failed each): the reference's COMPLETION.json plus one sentence a careful analyst
    writes: a source's words reported and refused, the plan's listing, what will be shown once the week is confirmed,
    a request to check, what a repeat would look like beside the days that show it and the day that does not."""
    receipt = _add_to_completion(generated, solved, *FAIR_COMPLETION[kind])
    assert failed_ids(receipt) == set(), failed_ids(receipt)


@pytest.mark.parametrize("kind", MISLEADING_COMPLETION)
def test_the_misleading_twin_of_a_fair_completion_wording_still_fails(generated, solved, kind):
    where, text, criterion = MISLEADING_COMPLETION[kind]
    assert failed_ids(_add_to_completion(generated, solved, where, text)) == {criterion}


# --- an independent solver's correct work (tests/fixtures/bi01-hard-seed9527) -------------------------------------
def test_an_independent_solvers_correct_hard_work_at_seed_9527_completes(tmp_path):
    # Read correct by the lead. BI-01 1.7 failed formulas_live: the control row under Region Summary ("Check: sum of
    # regions = Chain", =SUM(C2:C6)-C7, growth empty) was read as a region's figures, its empty cell as typed and its
    # differences, zero whatever Store Comp holds, as formulas that do not move.
    receipt = grade_fixture(TASK, 9527, "bi01-hard-seed9527", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


#: A control row added under the reference's Region Summary: ``(blank row first, label, {column: formula or value})``
#: with {c} the column, {last} the last region's row and {chain} the Chain row's.
FAIR_CONTROL_ROWS = {
    "the solver's check row": (True, "Check: sum of regions = Chain (FY2025, FY2024)",
                               {"C": "=SUM(C2:C{last})-C{chain}", "D": "=SUM(D2:D{last})-D{chain}"}),
    "a control total, growth too": (False, "Control total (Chain less regions)",
                                    {"C": "=C{chain}-SUM(C2:C{last})", "D": "=D{chain}-SUM(D2:D{last})",
                                     "E": "=E{chain}-(C{chain}/D{chain}-1)"}),
    "a rounded difference": (True, "Difference: regions vs Chain",
                             {"C": "=ROUND(SUM(C2:C{last})-C{chain},2)", "D": "=ROUND(SUM(D2:D{last})-D{chain},2)"}),
    "an OK flag": (True, "Reconciliation check",
                   {"C": '=IF(ABS(SUM(C2:C{last})-C{chain})<0.01,"OK","CHECK")',
                    "D": '=IF(ABS(SUM(D2:D{last})-D{chain})<0.01,"OK","CHECK")'}),
    "a tie-out flag": (False, "Tie-out: regions = Chain",
                       {"C": "=ROUND(SUM(C2:C{last}),2)=ROUND(C{chain},2)",
                        "D": "=ROUND(SUM(D2:D{last}),2)=ROUND(D{chain},2)"}),
}
#: The misleading twins: ``(label, {column: formula or value}, {column of the Chain row or the first region: value})``;
#: "{ty}" is the Chain's (or the region's) FY2025 comp sales as a number.
MISLEADING_CONTROL_ROWS = {
    "a typed Chain figure beside the check": ("Check: sum of regions = Chain",
                                              {"C": "=SUM(C2:C{last})-C{chain}"}, {"chain": "{ty}"}),
    "a check of =0": ("Check: sum of regions = Chain", {"C": "=0", "D": "=0"}, {}),
    "a typed 0 check": ("Check: sum of regions = Chain", {"C": 0, "D": 0}, {}),
    "a check cancelling itself": ("Check: sum of regions = Chain",
                                  {"C": "=SUM(C2:C{last})-SUM(C2:C{last})", "D": "=C2*0"}, {}),
    "a region typed over its formula": ("Check: sum of regions = Chain",
                                        {"C": "=SUM(C2:C{last})-C{chain}"}, {"region": "{ty}"}),
    "a typed OK": ("Check: sum of regions = Chain", {"C": "OK", "D": "OK"}, {}),
}


def _with_control_row(generated, solved, blank: bool, label: str, cells: dict, typed: dict | None = None) -> Path:
    """The reference workbook with a control row under Region Summary (after an empty row when ``blank``) and,
    per ``typed``, the Chain row's or the first region's FY2025 comp sales typed as its value; returns out/."""
    path, book = _book(solved)
    sheet = book["Region Summary"]
    chain = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == "Chain")
    row = sheet.max_row + (2 if blank else 1)
    sheet.cell(row, 1).value = label
    for column, value in cells.items():
        sheet[f"{column}{row}"] = value.format(last=chain - 1, chain=chain) if isinstance(value, str) else value
    regions = generated.oracle()["facts"]["regions"]
    for which, value in (typed or {}).items():
        target = chain if which == "chain" else 2
        want = regions["Chain" if which == "chain" else sheet.cell(2, 1).value]["sales_ty"]
        sheet.cell(target, 3).value = float(value.format(ty=want))
    book.save(path)
    return path.parent


@pytest.mark.parametrize("kind", FAIR_CONTROL_ROWS)
def test_a_control_row_under_the_region_summary_passes(generated, solved, kind):
    """1.7 false fail (the seed-9527 fixture's kind): a row labelled a check whose formulas are zero (or "OK",
    TRUE) whatever Store Comp holds and move with the figures they reconcile is a control total, not a dead figure;
    its empty growth cell is no typed value."""
    out = _with_control_row(generated, solved, *FAIR_CONTROL_ROWS[kind])
    receipt = evaluate(generated, out, solved)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


@pytest.mark.parametrize("kind", MISLEADING_CONTROL_ROWS)
def test_a_check_row_that_checks_nothing_or_a_typed_figure_still_fails(generated, solved, kind):
    """The misleading twins: a check row of ``=0``, a typed 0 or "OK", or a formula that cancels itself shows
    agreement over any figures; a typed Chain or region figure beside a real check is still a typed figure."""
    label, cells, typed = MISLEADING_CONTROL_ROWS[kind]
    out = _with_control_row(generated, solved, False, label, cells, typed)
    assert failed_ids(evaluate(generated, out, solved)) == {"formulas_live"}
