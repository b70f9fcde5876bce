"""PM-01 (monthly schedule and cost status through the project-controls portal): its own checks, each named for
the way a worker could fool a check or a generator could break the design. The contract every scenario keeps
(regeneration, schemas, reference, do-nothing, wrong solutions, input integrity, copied inputs) is in
tests/test_scenario_contract.py."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import docx
import openpyxl
import pytest
from scenario_harness import Generated, evaluate, failed_ids, grade_fixture, make_workspace, run_solution

from wp42 import layout
from wp42.layout import PORTAL_CREDENTIALS, PORTAL_SUBMISSIONS, Bundle
from wp42.portal import start_portal

TASK = "PM-01"


def _return(oracle: dict) -> dict[str, str]:
    """The status return's right values by field name."""
    f = oracle["facts"]
    return {"status_date": oracle["data_date"], "bac": f["bac"], "pv": f["pv"], "ev": f["ev"], "ac": f["ac"],
            "cpi": f["cpi"], "spi": f["spi"], "eac": f["eac"], "forecast_finish": f["forecast_finish"],
            "critical_path": ", ".join(f["critical_path"]), "excluded_change_order": f["change_orders_duplicate"][0],
            "comment": ""}


def _submit(ws: Path, values: dict[str, str]) -> None:
    (ws / layout.OUT_DIR / PORTAL_SUBMISSIONS).write_text(json.dumps([{
        "submission_id": "S0001", "time": "2025-06-13T16:00:00+00:00", "form_id": "status_return",
        "values": values}]), encoding="utf-8")


# --- the design holds at every seed ------------------------------------------------------------------------------------

def test_the_delay_moves_the_finish_and_the_slip_does_not(generated: Generated):
    oracle = generated.oracle()
    facts, items = oracle["facts"], {p["id"]: p for p in oracle["planted_items"]}
    delay, slip = items["critical_delay"], items["absorbed_slip"]
    assert delay["extension_wd"] > delay["float_before_wd"] > 0
    assert delay["task_id"] in facts["critical_path"] and delay["task_id"] not in facts["baseline_critical_path"]
    assert 0 < slip["extension_wd"] < slip["float_before_wd"] and facts["total_float"][slip["task_id"]] > 0
    assert date.fromisoformat(facts["forecast_finish"]) > date.fromisoformat(facts["baseline_finish"])


def test_the_duplicate_and_the_decoy_share_the_location_but_not_the_instruction(generated: Generated):
    oracle = generated.oracle()
    items = {p["id"]: p for p in oracle["planted_items"]}
    dup, decoy = items["duplicate_change_order"], items["same_location_change"]
    assert dup["site_instruction"] != decoy["site_instruction"] and dup["amount"] != decoy["amount"]
    assert dup["co_number"] in oracle["facts"]["change_orders_out_of_budget"]
    assert decoy["co_number"] in oracle["facts"]["change_orders_in_budget"]
    book = openpyxl.load_workbook(Bundle(generated.bundle).inputs / "change_order_log.xlsx")
    rows = [r for r in book.worksheets[0].iter_rows(min_row=2, values_only=True) if r[2] == dup["site_instruction"]]
    assert len(rows) == 2 and rows[0][6] == rows[1][6] and rows[0][4] != rows[1][4]  # same price, reworded


def test_the_brief_names_no_planted_change_order_or_activity(generated: Generated):
    oracle = generated.oracle()
    brief = Bundle(generated.bundle).brief.read_text(encoding="utf-8")
    for item in oracle["planted_items"]:
        for key in ("co_number", "task_id", "site_instruction"):
            if key in item:
                assert item[key] not in brief, (item["id"], item[key])


def test_the_portal_asks_the_return_in_another_order_than_the_brief(generated: Generated):
    oracle = generated.oracle()
    portal = json.loads(Bundle(generated.bundle).portal_json.read_text(encoding="utf-8"))
    [perturbation] = oracle["interface_perturbations"]
    [form] = [f for f in portal["forms"] if f["id"] == perturbation["form_id"]]
    fields = [f["name"] for f in form["fields"]]
    assert fields == perturbation["form_order"]
    assert [f for f in fields if f in perturbation["brief_order"]] != perturbation["brief_order"]


# --- through the portal ------------------------------------------------------------------------------------------------

def test_reference_files_the_status_return_through_the_portal_and_passes(generated: Generated, tmp_path: Path):
    ws = make_workspace(generated.bundle, tmp_path)
    (ws / layout.OUT_DIR).mkdir()
    with start_portal(ws, ws / layout.OUT_DIR, tmp_path / "access.jsonl") as portal:
        (ws / PORTAL_CREDENTIALS).write_text(json.dumps({"url": portal.url, **portal.credentials}), encoding="utf-8")
        run_solution(generated, ws, env={"WP42_PORTAL_URL": portal.url})
    entries = json.loads((ws / layout.OUT_DIR / PORTAL_SUBMISSIONS).read_text(encoding="utf-8"))
    assert [e["form_id"] for e in entries] == ["status_return"]
    receipt = evaluate(generated, ws / layout.OUT_DIR, ws)
    assert "status_return" in {c["id"] for c in receipt["required_criteria"]}
    assert receipt["det_completion"] is True, failed_ids(receipt)


def test_a_return_filled_in_the_briefs_order_fails(generated: Generated, solved: Path):
    """The interface perturbation: the brief's values typed into the form's fields by position."""
    oracle = generated.oracle()
    right = _return(oracle)
    _submit(solved, right)
    assert "status_return" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    by_position = dict(zip(oracle["interface_perturbations"][0]["form_order"],
                           [right[k] for k in oracle["interface_perturbations"][0]["brief_order"]], strict=False))
    _submit(solved, by_position)
    assert "status_return" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    _submit(solved, {**right, "cpi": right["spi"], "spi": right["cpi"]})  # the form asks SPI before CPI
    assert "status_return" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_return_that_excludes_the_genuine_change_fails(generated: Generated, solved: Path):
    oracle = generated.oracle()
    decoy = next(p["co_number"] for p in oracle["planted_items"] if p["id"] == "same_location_change")
    _submit(solved, {**_return(oracle), "excluded_change_order": f"{oracle['facts']['change_orders_duplicate'][0]}, "
                                                                 f"{decoy}"})
    assert "status_return" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


# --- the workbook ------------------------------------------------------------------------------------------------------

def test_two_floats_for_one_activity_is_a_hedge(generated: Generated, solved: Path):
    path = solved / layout.OUT_DIR / "project_status.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Schedule"]
    first = [c.value for c in sheet[2]]
    first[-1] = first[-1] + 3
    sheet.append(first)
    book.save(path)
    assert "total_float" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_critical_path_with_an_extra_activity_fails(generated: Generated, solved: Path):
    oracle = generated.oracle()
    extra = next(t for t in oracle["facts"]["total_float"] if t not in oracle["facts"]["critical_path"])
    path = solved / layout.OUT_DIR / "project_status.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Summary"]
    row = next(r for r in sheet.iter_rows() if r[0].value == "Critical path")
    row[1].value = f"{row[1].value}, {extra}"
    book.save(path)
    assert "critical_path" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


# --- the memo ----------------------------------------------------------------------------------------------------------

def _memo(solved: Path, *paragraphs: str) -> None:
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    document.save(str(solved / layout.OUT_DIR / "status_memo.docx"))


def _memo_basics(oracle: dict) -> list[str]:
    f = oracle["facts"]
    delay = next(p for p in oracle["planted_items"] if p["id"] == "critical_delay")
    finish = date.fromisoformat(f["forecast_finish"])
    return [f"CPI is {float(f['cpi']):.2f} and SPI is {float(f['spi']):.2f}.",
            f"The forecast finish is {finish:%B %d, %Y}, driven by {delay['task_id']}."]


def test_the_original_named_beside_the_duplicate_is_not_called_one(generated: Generated, solved: Path):
    """"CO-009 duplicates CO-005" says nothing against CO-005, and a memo saying the genuine change is not a
    duplicate passes; calling the genuine change a duplicate fails."""
    oracle = generated.oracle()
    items = {p["id"]: p for p in oracle["planted_items"]}
    dup, original = items["duplicate_change_order"]["co_number"], items["duplicate_change_order"]["original_co"]
    decoy = items["same_location_change"]["co_number"]
    _memo(solved, *_memo_basics(oracle), f"{dup} duplicates {original} and is excluded from the budget.",
          f"{decoy} is at the same washrooms but is not a duplicate.")
    assert "memo_change_order" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    _memo(solved, *_memo_basics(oracle), f"{dup} duplicates {original} and is excluded from the budget.",
          f"{decoy} is also a duplicate and is excluded.")
    assert "memo_change_order" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_correction_of_last_months_exclusion_does_not_call_the_original_a_duplicate(generated: Generated,
                                                                                     solved: Path):
    """An independent solver's correct memo (PM-01 hard, seed 9203) failed evaluator 1.2: the sentence's first change
    order was taken as its only subject, so "the first entry (CO-010) stands and CO-012 is excluded" and a
    correction of last month's wrong exclusion called the original a duplicate. Clause by clause, the last word on
    a change order decides; a memo that leaves the original excluded still fails."""
    oracle = generated.oracle()
    items = {p["id"]: p for p in oracle["planted_items"]}
    dup, original = items["duplicate_change_order"]["co_number"], items["duplicate_change_order"]["original_co"]
    solver = [f"{dup} excluded (duplicate). {dup} repeats the site instruction already approved as {original}.",
              f"A change is budgeted only once, so the first entry ({original}) stands and {dup} is excluded.",
              f"Last month's status left out {original} as a duplicate of CO-001, but CO-001 is a different change, "
              f"so {original} is now in the budget.",
              f"{original} was wrongly excluded as a duplicate last month."]
    _memo(solved, *_memo_basics(oracle), *solver)
    assert "memo_change_order" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    for wrong in (f"Last month's status left out {original} as a duplicate, and it stays out this month.",
                  f"{original} is in the budget but {original} is a duplicate of CO-001 and is excluded."):
        _memo(solved, *_memo_basics(oracle), *solver[:2], wrong)
        assert "memo_change_order" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)), wrong


def test_two_cpi_figures_in_the_memo_is_a_hedge(generated: Generated, solved: Path):
    oracle = generated.oracle()
    items = {p["id"]: p for p in oracle["planted_items"]}
    dup = items["duplicate_change_order"]["co_number"]
    basics = _memo_basics(oracle)
    _memo(solved, *basics, f"{dup} is a duplicate and is excluded.")
    assert "memo_indices" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    _memo(solved, *basics, f"On the owner's reading the CPI is {float(oracle['facts']['cpi']) + 0.07:.2f}.",
          f"{dup} is a duplicate and is excluded.")
    assert "memo_indices" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_memo_without_the_forecast_date_fails(generated: Generated, solved: Path):
    oracle = generated.oracle()
    dup = next(p["co_number"] for p in oracle["planted_items"] if p["id"] == "duplicate_change_order")
    basics = _memo_basics(oracle)
    baseline = date.fromisoformat(oracle["facts"]["baseline_finish"])
    _memo(solved, basics[0], f"The finish holds at the baseline, {baseline:%d %B %Y}.", f"{dup} is a duplicate.")
    assert "memo_schedule" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))



def test_a_forecast_finish_at_the_baseline_with_the_right_date_elsewhere_fails(generated: Generated, solved: Path):
    """A hedge on the finish: the memo gives the baseline date as the forecast finish and the right date only as a
    worst case. A careful reader takes away "the finish holds"; the right date appearing somewhere is not enough.
    The reference's "The forecast finish is X, against the baseline finish of Y" stays right."""
    oracle = generated.oracle()
    dup = next(p["co_number"] for p in oracle["planted_items"] if p["id"] == "duplicate_change_order")
    delay = next(p for p in oracle["planted_items"] if p["id"] == "critical_delay")
    basics = _memo_basics(oracle)
    baseline = date.fromisoformat(oracle["facts"]["baseline_finish"])
    forecast = date.fromisoformat(oracle["facts"]["forecast_finish"])
    _memo(solved, basics[0], f"The forecast finish is {baseline:%B %d, %Y}.",
          f"{delay['task_id']} is delayed; the worst case is {forecast:%B %d, %Y}.", f"{dup} is a duplicate.")
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert "memo_schedule" in failed_ids(receipt)
    _memo(solved, basics[0], f"The forecast finish is {forecast:%B %d, %Y}, against the baseline finish of "
          f"{baseline:%B %d, %Y}, driven by {delay['task_id']}.", f"{dup} is a duplicate.")
    assert "memo_schedule" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))

# --- the coverage set (clean records) ----------------------------------------------------------------------------------

def test_coverage_log_holds_each_change_once_and_the_brief_is_the_same(scenario_cache):
    challenge, coverage = scenario_cache.get(TASK, 42), scenario_cache.get(TASK, 42, "coverage")
    assert Bundle(coverage.bundle).brief.read_bytes() == Bundle(challenge.bundle).brief.read_bytes()
    book = openpyxl.load_workbook(Bundle(coverage.bundle).inputs / "change_order_log.xlsx")
    instructions = [r[2] for r in book.worksheets[0].iter_rows(min_row=2, values_only=True)]
    assert len(instructions) == len(set(instructions))
    oracle = coverage.oracle()
    assert oracle["facts"]["forecast_finish"] == oracle["facts"]["baseline_finish"]
    assert oracle["facts"]["change_orders_duplicate"] == [] and oracle["interface_perturbations"] == []


def test_coverage_memo_calling_the_washroom_change_a_duplicate_invents_a_problem(scenario_cache, tmp_path: Path):
    from scenario_harness import copy_workspace

    coverage = scenario_cache.get(TASK, 7, "coverage")
    ws = copy_workspace(scenario_cache.reference(TASK, 7, "coverage"), tmp_path)
    oracle = coverage.oracle()
    assert "no_invented_issues" not in failed_ids(evaluate(coverage, ws / layout.OUT_DIR, ws))
    decoy = next(p["co_number"] for p in oracle["planted_items"] if p["id"] == "same_location_change")
    finish = date.fromisoformat(oracle["facts"]["forecast_finish"])
    _memo(ws, f"CPI is {float(oracle['facts']['cpi']):.2f} and SPI is {float(oracle['facts']['spi']):.2f}.",
          f"The forecast finish is {finish:%B %d, %Y}.", f"{decoy} looks like a duplicate of the earlier washroom "
          "change and is excluded.")
    assert "no_invented_issues" in failed_ids(evaluate(coverage, ws / layout.OUT_DIR, ws))


@pytest.mark.parametrize("arm", ["A2", "A3"])
def test_reference_passes_in_the_ordinary_runner_with_and_without_the_portal(scenario_cache, tmp_path: Path, arm: str):
    """In A3 the runner serves the portal from outside the sandbox and the reference files the status return
    through the form (signed by the portal); the receipt then grades ``status_return`` too."""
    from wp42.runner import AttemptSpec, run_attempt

    generated = scenario_cache.get(TASK, 42)
    spec = AttemptSpec(TASK, "reference", arm, 1, f"ref-{arm}", tmp_path / "runs", generated.oracle_root)
    receipt = run_attempt(spec)
    assert receipt["status"] == "passed", receipt["notes"]
    graded = {c["id"] for c in receipt["required_criteria"]}
    assert ("status_return" in graded) == (arm == "A3")
    if arm == "A3":
        submissions = json.loads((spec.folder.out / PORTAL_SUBMISSIONS).read_text())
        assert [e["form_id"] for e in submissions] == ["status_return"] and submissions[0].get("signature")


# --- the hard level ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [42, 7])
def test_hard_last_month_wrongly_excluded_a_genuine_change_that_this_month_budgets(scenario_cache, seed: int):
    """The error carried forward: last month's filed status has a genuine washroom change "No"; the oracle puts it
    back in the budget, and the coverage set's filed status has no such error."""
    hard = scenario_cache.get(TASK, seed, "challenge", "hard")
    oracle = hard.oracle()
    [item] = [p for p in oracle["planted_items"] if p["id"] == "carried_forward_exclusion"]
    assert item["co_number"] in oracle["facts"]["change_orders_in_budget"]
    book = openpyxl.load_workbook(Bundle(hard.bundle).inputs / item["source"])
    flags = {r[0]: r[4] for r in book["Change Orders"].iter_rows(min_row=2, values_only=True)}
    assert flags[item["co_number"]] == "No"
    assert len(oracle["facts"]["total_float"]) > 50  # the floor-by-floor schedule
    clean = scenario_cache.get(TASK, seed, "coverage", "hard").oracle()
    assert not [p for p in clean["planted_items"] if p["id"] == "carried_forward_exclusion"]


# --- repeated Summary rows -------------------------------------------------------------------------------------------

def _second_summary_row(solved: Path, label: str, value) -> None:
    """Append a second Summary row naming ``label`` with ``value`` (None: a copy of the first row's value cell)."""
    path = solved / layout.OUT_DIR / "project_status.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Summary"]
    row = next(r for r in sheet.iter_rows() if r[0].value == label)
    sheet.append([label, row[1].value if value is None else value])
    book.save(path)


def test_a_second_bac_row_with_another_figure_fails(generated: Generated, solved: Path):
    """The right BAC row, then a second BAC row below it giving the budget with the duplicate change order counted
    again: a reader sees two budgets. Evaluator 1.4 read the first row per label: budget_at_completion passed."""
    bac = float(generated.oracle()["facts"]["bac"])
    _second_summary_row(solved, "BAC", bac + 25000)
    assert "budget_at_completion" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_second_forecast_finish_row_at_the_baseline_fails(generated: Generated, solved: Path):
    """A second Forecast finish row giving the baseline finish: two finishes, one of them the plan's."""
    oracle = generated.oracle()
    baseline = oracle["facts"].get("baseline_finish") or oracle["facts"]["forecast_finish"]
    wrong = date.fromisoformat(baseline)
    if wrong == date.fromisoformat(oracle["facts"]["forecast_finish"]):
        wrong = date.fromordinal(wrong.toordinal() - 14)
    _second_summary_row(solved, "Forecast finish", wrong)
    assert "forecast_finish" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_repeated_bac_row_with_the_same_formula_passes(generated: Generated, solved: Path):
    """The BAC given twice by the same live formula says one thing twice: no hedge."""
    _second_summary_row(solved, "BAC", None)
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


def test_an_independent_solvers_correct_hard_work_at_seed_9403_completes(tmp_path):
    """tests/fixtures/pm01-hard-seed9403: a correction of last month's exclusion over three sentences ("Correction:
    the June 13 status excluded CO-013 instead, recording it as a duplicate of CO-010. ... This report restores
    CO-013 to the budget.") was read by evaluator 1.5 as calling CO-013 a duplicate."""
    receipt = grade_fixture(TASK, 9403, "pm01-hard-seed9403", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _memo_adding(solved: Path, *paragraphs: tuple[str, str]) -> None:
    """The reference memo with ``paragraphs`` (``(style, text)``) added at its end."""
    path = solved / layout.OUT_DIR / "status_memo.docx"
    document = docx.Document(str(path))
    for style, text in paragraphs:
        document.add_paragraph(text, style=style)
    document.save(str(path))


def _baseline(oracle: dict) -> date:
    return date.fromisoformat(oracle["facts"]["baseline_finish"])


@pytest.mark.parametrize("sentence", ["We expect to hand over on {d:%B %d, %Y}, as planned.",
                                      "The project will finish on {d:%B %d, %Y}."])
def test_a_summary_giving_the_baseline_as_the_finish_in_other_words_fails(generated: Generated, solved: Path,
                                                                         sentence: str):
    """K1, a later contradiction: the forecast finish stated, then a summary gives the project's finish as the
    baseline without the word "forecast". Evaluator 1.6 read only "forecast ..." labels: passed."""
    _memo_adding(solved, ("Heading 2", "Summary"), ("Normal", sentence.format(d=_baseline(generated.oracle()))))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_schedule"}


def test_a_summary_swapping_the_delay_and_the_absorbed_slip_fails(generated: Generated, solved: Path):
    """K1: the driving delay named right, then a summary says the slip its float absorbs moves the finish and the
    driving activity has float. Evaluator 1.6 asked only that the driving activity be named."""
    items = {p["id"]: p for p in generated.oracle()["planted_items"]}
    delay, slip = items["critical_delay"], items["absorbed_slip"]
    _memo_adding(solved, ("Heading 2", "Summary"),
                 ("Normal", f"The delay to {slip['task_name']} ({slip['task_id']}) is what moves the finish; "
                            f"{delay['task_name']} ({delay['task_id']}) has float and does not drive it."))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_schedule"}


def test_a_summary_giving_cost_performance_another_figure_fails(generated: Generated, solved: Path):
    """K1: CPI stated, then "Cost performance is 1.04" (no "index"): the same subject given two answers."""
    _memo_adding(solved, ("Heading 2", "Summary"), ("Normal", "Cost performance is 1.04, under budget."))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_indices"}


def test_an_issue_putting_the_duplicate_back_in_the_budget_fails(generated: Generated, solved: Path):
    """K1 in COMPLETION.json: the memo excludes the duplicate, a later issues_found entry says it is in the budget."""
    dup = next(p for p in generated.oracle()["planted_items"] if p["id"] == "duplicate_change_order")["co_number"]
    path = solved / layout.OUT_DIR / layout.COMPLETION_JSON
    completion = json.loads(path.read_text(encoding="utf-8"))
    completion["issues_found"].append(f"{dup} is a genuine change and is in the budget.")
    path.write_text(json.dumps(completion), encoding="utf-8")
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_change_order"}


def test_the_status_reworded_with_the_slip_that_does_not_move_the_finish_passes(generated: Generated,
                                                                                  solved: Path):
    """The right findings in other words: the finish as "Forecast completion", the driving delay and the absorbed
    slip by their roles, the duplicate as keyed twice, and the original said not to be a duplicate."""
    oracle = generated.oracle()
    items = {p["id"]: p for p in oracle["planted_items"]}
    delay, slip, dup = items["critical_delay"], items["absorbed_slip"], items["duplicate_change_order"]
    finish = date.fromisoformat(oracle["facts"]["forecast_finish"])
    f = oracle["facts"]
    _memo(solved, f"Cost performance is {float(f['cpi']):.2f} and schedule performance {float(f['spi']):.2f}.",
          f"Forecast completion: {finish:%A %d %B %Y} (baseline {_baseline(oracle):%B %d, %Y}). "
          f"{delay['task_id']} {delay['task_name']} picked up {delay['extension_wd']} working days and now drives "
          f"the finish; {slip['task_id']} {slip['task_name']} also slipped but has float, so it does not move the "
          "finish.",
          f"{dup['co_number']} repeats {dup['original_co']}: it was keyed twice and is left out of the budget. "
          f"{dup['original_co']} itself is not a duplicate.")
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


# --- fair-wording audit (PM-01 1.8) -----------------------------------------------------------------------------------
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]


def _wording(oracle: dict, template: str) -> str:
    """``template`` filled with this instance's items and figures: {delay} and {slip} the reported delay that drives
    the finish and the slip its float absorbs, {original} the change order the duplicate repeats, {baseline},
    {forecast} and {later} finish dates, {cpi} and {spi} the indices, {prior} the month before the data date's."""
    f, items = oracle["facts"], {p["id"]: p for p in oracle["planted_items"]}
    forecast = date.fromisoformat(f["forecast_finish"])
    return template.format(
        delay=items["critical_delay"]["task_id"], slip=items["absorbed_slip"]["task_id"], original=items["duplicate_change_order"]["original_co"],
        baseline=f"{_baseline(oracle):%B %d, %Y}", forecast=f"{forecast:%B %d, %Y}",
        later=f"{date.fromordinal(forecast.toordinal() + 7):%B %d, %Y}", cpi=f"{float(f['cpi']):.2f}",
        spi=f"{float(f['spi']):.2f}", prior=_MONTHS[int(oracle["data_date"][5:7]) - 2])


@pytest.mark.parametrize("sentence", [
    # K1: another party's claim, attributed and refused
    "The superintendent claims the {slip} slip drives the finish; it does not: {slip} keeps its float.",
    # K2: a contract's threshold
    "The contract requires a CPI of at least 0.90 before the owner's representative is notified; at {cpi} we are "
    "above it.",
    # K3: forecasts under a condition
    "The forecast finish will move to {later} if {delay} slips a further 5 working days.",
    "SPI is expected to reach 1.00 once the drywall crews are doubled.",
    # K5: last month's status
    "Last month's status gave a forecast finish of {baseline}.",
    "Last month's status excluded {original} as a duplicate.",
    # K6: the date the finish is not
    "The forecast finish is not {baseline} (the baseline): it is {forecast}.",
    # K8: a part's index beside the project's
    "The CPI for the structure is 1.02 and for the fit-out 0.91; overall CPI is {cpi}.",
    # K10: a label naming the earlier status
    "The forecast finish of {baseline} in the {prior} 25 status is superseded.",
])
def test_fair_wordings_of_claims_thresholds_forecasts_and_last_month_pass(generated: Generated, solved: Path,
                                                                           sentence: str):
    """1.7 false fails (the fair-wording audit): another party's claim reported and refused, a contract's threshold,
    a conditional forecast, last month's status, the date the finish is said not to be and a part's CPI were each
    read as a second answer (memo_schedule, memo_indices, memo_change_order)."""
    _memo_adding(solved, ("Normal", _wording(generated.oracle(), sentence)))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


@pytest.mark.parametrize(("sentence", "failed"), [
    ("As the superintendent claims, the {slip} slip drives the finish.", "memo_schedule"),
    ("The superintendent asked us to look again, but the {slip} slip drives the finish.", "memo_schedule"),
    ("The contract requires a CPI of at least 0.90; the CPI is 0.90.", "memo_indices"),
    ("If {delay} slips again we will report it; the forecast finish is {later}.", "memo_schedule"),
    ("The forecast finish will move to {later}.", "memo_schedule"),
    ("Last month's status had it in, but {original} is a duplicate and is excluded.", "memo_change_order"),
    ("The project started on March 03, 2025 and the forecast finish is {later}.", "memo_schedule"),
    ("The forecast finish is not {forecast} but {later}.", "memo_schedule"),
    ("The CPI for the project is 1.02.", "memo_indices"),
])
def test_the_writer_s_own_second_answer_in_the_same_words_still_fails(generated: Generated, solved: Path,
                                                                       sentence: str, failed: str):
    """Kept strict beside 1.8: the claim adopted or followed by the writer's own, the figure stated in a part of its
    own after a requirement or a condition, an unconditional forecast, last month named in another clause or only in
    passing, the negated date replaced by another, and the project's own CPI still fail. 1.7 passed the fourth and
    eighth."""
    _memo_adding(solved, ("Normal", _wording(generated.oracle(), sentence)))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {failed}


# --- an index named as an operand of another measure (PM-01 1.9) ---------------------------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9484_completes(tmp_path):
    """tests/fixtures/pm01-hard-seed9484: the key-figures row "EAC = AC + (BAC-EV)/(CPI x SPI) | $8,222,514.37"
    was read by evaluator 1.8 as giving the CPI and the SPI a second figure, the EAC."""
    receipt = grade_fixture(TASK, 9484, "pm01-hard-seed9484", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _memo_table(solved: Path, *rows: tuple[str, str]) -> None:
    """The reference memo with a two-column key-figures table (``rows``: ``(measure, value)``) added at its end."""
    path = solved / layout.OUT_DIR / "status_memo.docx"
    document = docx.Document(str(path))
    table = document.add_table(rows=0, cols=2)
    for measure, value in (("Measure", "Value"), *rows):
        cells = table.add_row().cells
        cells[0].text, cells[1].text = measure, value
    document.save(str(path))


def _eac(oracle: dict) -> str:
    return f"{float(oracle['facts']['eac']):,.2f}"


@pytest.mark.parametrize("sentence", [
    "The EAC at CPI x SPI is {eac}.",
    "EAC = AC + (BAC - EV) / (CPI \u00d7 SPI) = ${eac}.",
    "The EAC (BAC / CPI) is {eac}.",
    "The to-complete cost performance index is 1.08.",
    "The EAC on the current CPI is ${eac}.",
])
def test_an_index_named_as_an_operand_of_another_measure_passes(generated: Generated, solved: Path, sentence: str):
    """1.8 false fails: an index named inside a formula or as the basis of another measure ("EAC at CPI x SPI",
    "BAC / CPI", the to-complete index) was read as the index, and the amount after it as a second CPI or SPI."""
    _memo_adding(solved, ("Normal", sentence.format(eac=_eac(generated.oracle()))))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


def test_a_formula_row_beside_the_index_rows_passes(generated: Generated, solved: Path):
    """The seed-9484 shape in a table of its own: the EAC's row labelled by its formula."""
    oracle = generated.oracle()
    f = oracle["facts"]
    _memo_table(solved, ("CPI (EV/AC)", f"{float(f['cpi']):.2f}"), ("SPI (EV/PV)", f"{float(f['spi']):.2f}"),
                ("EAC = AC + (BAC-EV)/(CPI x SPI)", f"${_eac(oracle)}"))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


@pytest.mark.parametrize("sentence", [
    "CPI: 1.05",
    "The CPI is {cpi} (1.05 on the revised basis).",
    "The EAC at CPI x SPI is {eac}; the CPI is 1.05.",
    "EAC = BAC / CPI, with a CPI of 1.05, is ${eac}.",
    "The CPI is $1.05 for every dollar spent.",
])
def test_a_second_index_beside_a_formula_still_fails(generated: Generated, solved: Path, sentence: str):
    """Kept strict beside 1.9: the index given a wrong figure of its own, in or beside a formula that names it, and
    an index written as cents on the dollar ("$1.05 for every dollar"), which is a ratio, not an amount."""
    oracle = generated.oracle()
    _memo_adding(solved, ("Normal", sentence.format(eac=_eac(oracle), cpi=f"{float(oracle['facts']['cpi']):.2f}")))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_indices"}


def test_a_wrong_index_row_beside_the_formula_row_still_fails(generated: Generated, solved: Path):
    """A table row giving the CPI a wrong figure beside the formula row and the right one still fails."""
    oracle = generated.oracle()
    f = oracle["facts"]
    _memo_table(solved, ("CPI", f"{float(f['cpi']):.2f}"), ("CPI", "1.05"),
                ("EAC = AC + (BAC-EV)/(CPI x SPI)", f"${_eac(oracle)}"))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_indices"}


@pytest.mark.parametrize("aside", ["({prior_cpi} last month)", "(up from {prior_cpi})", "(0.9520 unrounded)"])
def test_an_aside_giving_last_months_index_or_more_decimals_passes(generated: Generated, solved: Path, aside: str):
    """Beside 1.9's bracket rule ("The CPI is 0.95 (1.05 on the revised basis)" fails): an aside with last month's
    index, a change from it or the same index to more decimals is not a second answer."""
    f = generated.oracle()["facts"]
    text = f"The CPI is {float(f['cpi']):.2f} " + aside.format(prior_cpi=f"{float(f['cpi']) - 0.02:.2f}") + "."
    _memo_adding(solved, ("Normal", text.replace("0.9520", f"{float(f['cpi']):.4f}")))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


# --- derived Summary rows, method statements and float used up (PM-01 1.10) ------------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9517_completes(tmp_path):
    """tests/fixtures/pm01-hard-seed9517: the Summary's "BAC check (original + change orders - BAC)" row was read by
    evaluator 1.9 as a second BAC, its "EAC basis" row (the formula in words) as a typed EAC, and the memo's "...
    in place of Commissioning and balancing (A1280), which now has 4 days of float" as A1270 having float."""
    receipt = grade_fixture(TASK, 9517, "pm01-hard-seed9517", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _summary_rows(solved: Path, *rows: tuple[str, object]) -> None:
    """The reference workbook's Summary with ``rows`` (``(label, value)``; a value may be a formula) added below."""
    path = solved / layout.OUT_DIR / "project_status.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Summary"]
    for row in rows:
        sheet.append(list(row))
    book.save(path)


def _summary_cell(solved: Path, label: str) -> str:
    """The coordinate of the value beside ``label`` on the reference Summary."""
    sheet = openpyxl.load_workbook(solved / layout.OUT_DIR / "project_status.xlsx")["Summary"]
    return next(r[1].coordinate for r in sheet.iter_rows() if r[0].value == label)


@pytest.mark.parametrize("rows", [
    (("BAC check (original + change orders - BAC)", "={bac}-{bac}"),),
    (("Variance at completion VAC = BAC - EAC", "={bac}-{eac}"),),
    (("EAC - BAC", "={eac}-{bac}"), ("EAC vs BAC (difference)", "={eac}-{bac}")),
    (("EAC as % of BAC", "={eac}/{bac}"),),
    (("EAC basis", "EAC = AC + (BAC - EV) / (CPI x SPI)"), ("BAC basis", "original budgets plus approved changes")),
    (("EAC - Estimate at completion", "={eac}"),),
])
def test_a_check_a_variance_or_a_method_row_beside_the_measure_passes(generated: Generated, solved: Path, rows):
    """1.9 false fails: a row labelled as a check, difference or variance of a measure was read as the measure
    (a second BAC of 0), and a row stating the method in words as a typed figure for it. A gloss after a dash is the
    measure, given by the same formula."""
    cells = {"bac": _summary_cell(solved, "BAC"), "eac": _summary_cell(solved, "EAC")}
    _summary_rows(solved, *((label, _fill(value, cells)) for label, value in rows))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


@pytest.mark.parametrize(("rows", "failed"), [
    ((("BAC (with change orders)", "={bac}+25000"),), {"budget_at_completion"}),
    ((("Budget at completion (revised)", 8000000),), {"budget_at_completion", "formulas_present"}),
    ((("EAC", "{eac_figure}"),), {"formulas_present"}),
    ((("EAC basis", "${eac_text} at CPI x SPI"),), {"estimate_at_completion", "formulas_present"}),
    ((("EAC basis", "$9,100,000 on the owner's reading"),), {"estimate_at_completion", "formulas_present"}),
])
def test_a_second_figure_for_the_measure_or_a_typed_one_still_fails(generated: Generated, solved: Path, rows,
                                                                     failed: set[str]):
    """Kept strict beside 1.10: a second real BAC under a longer label, the EAC typed as a number (or as text
    holding the figure, even under "basis") and a basis row giving another figure still fail."""
    eac = float(generated.oracle()["facts"]["eac"])
    cells = {"bac": _summary_cell(solved, "BAC"), "eac_figure": round(eac, 2), "eac_text": f"{eac:,.2f}"}
    _summary_rows(solved, *((label, _fill(value, cells)) for label, value in rows))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == failed


def _fill(value: object, cells: dict[str, object]) -> object:
    """``value`` with its ``{name}`` fields filled from ``cells``; a value that is one field alone takes that
    field's value as it is (a number stays a number)."""
    if not isinstance(value, str):
        return value
    if value.startswith("{") and value.endswith("}") and value[1:-1] in cells:
        return cells[value[1:-1]]
    return value.format(**cells)


@pytest.mark.parametrize("sentence", [
    "{delay} needs {ext} more working days. This takes up the activity's {float} days of float and adds "
    "{late} working days to handover.",
    "The delay to {delay} absorbs its {float} days of float and moves the finish by {late} working days.",
    "{delay}'s float is used up by the delay, and the finish moves {late} working days.",
    "{delay} is now on the critical path in place of {other}, which now has {late} days of float.",
])
def test_float_used_up_or_another_activitys_float_passes(generated: Generated, solved: Path, sentence: str):
    """1.9 false fails: float the delay uses up ("takes up", "absorbs its float") was read as the delay absorbed,
    and a relative clause after another activity ("in place of A1280, which now has 4 days of float") as the
    delay's own float (an independent solver's memo at seed 9517)."""
    _memo_adding(solved, ("Normal", _float_wording(generated.oracle(), sentence)))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


@pytest.mark.parametrize("sentence", [
    "{delay}'s delay is absorbed by its float.",
    "The delay to {delay} is absorbed within its float.",
    "{delay} slipped {ext} working days, so it does not move the finish.",
    "{delay} does not move the finish.",
    "{other} is off the critical path in place of {delay}, which still has {late} days of float.",
])
def test_the_driving_delay_said_to_be_absorbed_or_not_to_move_the_finish_still_fails(generated: Generated,
                                                                                       solved: Path, sentence: str):
    """Kept strict beside 1.10: the delay that drives the finish said to be absorbed by its float, said not to move
    the finish (1.9 passed both of those) or given the float in a relative clause of its own."""
    _memo_adding(solved, ("Normal", _float_wording(generated.oracle(), sentence)))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_schedule"}


def _float_wording(oracle: dict, template: str) -> str:
    """``template`` filled with the driving delay ({delay}, {ext} days, {float} days of float before it, {late} days
    it adds) and another activity that leaves the critical path ({other})."""
    delay = next(p for p in oracle["planted_items"] if p["id"] == "critical_delay")
    f = oracle["facts"]
    other = next(t for t in f["total_float"] if t not in f["critical_path"] and t != delay["task_id"])
    return template.format(delay=delay["task_id"], ext=delay["extension_wd"], float=delay["float_before_wd"],
                           late=delay["extension_wd"] - delay["float_before_wd"], other=other)


# --- a section heading carried over a sentence's own stance (PM-01 1.11) -------------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9547_completes(tmp_path):
    """tests/fixtures/pm01-hard-seed9547: under the heading "What drives the critical path", the memo's "The
    2-working-day delay reported on July 18 for Millwork and doors, Level 1 (A1250) has 22 days of float and does not
    affect completion." was read by evaluator 1.10 as A1250 driving the finish: the heading's "drives" was carried
    onto a sentence that states its own stance."""
    receipt = grade_fixture(TASK, 9547, "pm01-hard-seed9547", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _slip_wording(oracle: dict, template: str) -> str:
    """``template`` filled with the slip its float absorbs ({slip}, {name}, {ext} days, {float} days of float)."""
    slip = next(p for p in oracle["planted_items"] if p["id"] == "absorbed_slip")
    return template.format(slip=slip["task_id"], name=slip["task_name"], ext=slip["extension_wd"],
                           float=oracle["facts"]["total_float"][slip["task_id"]])


@pytest.mark.parametrize(("heading", "sentence"), [
    ("What drives the critical path", "The {ext}-working-day delay reported for {name} ({slip}) has {float} days of "
                                      "float and does not affect completion."),
    ("What drives the critical path", "{slip} slipped {ext} working days but still has {float} days of float."),
    ("What drives the critical path", "The delay to {slip} is absorbed by its float and does not move the finish."),
    ("What drives the critical path", "{name} ({slip}) was reported {ext} working days late."),
    ("Why the finish moved", "The slip to {slip} is absorbed within its {float} days of float."),
    ("Is the finish at risk?", "{slip} slipped {ext} working days."),
    ("Critical path drivers", "{slip} has {float} days of float, so its {ext}-day delay does not affect completion."),
    ("Delays driving the finish", "{slip}'s {ext}-day slip is absorbed by its float."),
])
def test_the_slip_under_a_heading_about_what_drives_the_finish_passes(generated: Generated, solved: Path,
                                                                      heading: str, sentence: str):
    """1.10 false fails: a section heading asking what drives the finish ("What drives the critical path", "Why
    the finish moved") gave "drives" to every activity named under it, and a heading naming the drivers ("Critical
    path drivers") did so even to a sentence giving the slip its float in its own words."""
    _memo_adding(solved, ("Heading 2", heading), ("Normal", _slip_wording(generated.oracle(), sentence)))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


@pytest.mark.parametrize(("heading", "sentence"), [
    ("What drives the critical path", "The {slip} delay drives the new critical path."),
    ("What drives the critical path", "{slip} has {float} days of float and pushes completion back {ext} days."),
    ("What drives the critical path", "The {ext}-day {slip} delay moves the finish."),
    ("Notes", "The {slip} delay drives the new critical path."),
    ("Notes", "{slip} has {float} days of float and pushes completion back {ext} days."),
    ("Notes", "The {ext}-day {slip} delay moves the finish."),
    ("Notes", "The slip to {slip} delays handover by {ext} working days."),
    ("Delays driving the finish:", "{slip} ({name})."),
    ("Delays driving the finish", "{slip} slipped {ext} working days."),
])
def test_the_slip_said_to_drive_the_finish_still_fails(generated: Generated, solved: Path, heading: str,
                                                       sentence: str):
    """Kept strict beside 1.11: the slip said plainly to drive or move the finish, or given float and said to push
    completion back, under any heading, and the slip listed under a heading that calls its items drivers."""
    _memo_adding(solved, ("Heading 2", heading), ("Normal", _slip_wording(generated.oracle(), sentence)))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_schedule"}


# --- another record's exclusion, reported in a sentence of its own (PM-01 1.12) ---------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9558_completes(tmp_path):
    """tests/fixtures/pm01-hard-seed9558: "Last month's status got this the wrong way round. It excluded CO-015 as a
    duplicate of CO-007, which is a different change" was read by evaluator 1.11 as the memo calling CO-015 a
    duplicate: the second sentence's "It" is last month's status, which the memo says was wrong."""
    receipt = grade_fixture(TASK, 9558, "pm01-hard-seed9558", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _paragraphs(oracle: dict, template: str) -> list[tuple[str, str]]:
    """``template`` filled in (:func:`_wording`), one Normal paragraph per line."""
    return [("Normal", line) for line in _wording(oracle, template).split("\n")]


@pytest.mark.parametrize("sentences", [
    "Last month's status got this the wrong way round. It excluded {original} as a duplicate of CO-001, which is a "
    "different change.",
    "Last month's status got this the wrong way round.\nIt excluded {original} as a duplicate of CO-001.",
    "The {prior} status was wrong on this. It treated {original} as a duplicate of CO-001 and left it out of the "
    "budget.",
    "The prior report did not get this right. It had {original} down as a duplicate of CO-001.",
    "Last month's status got this the wrong way round. That status excluded {original} as a duplicate of CO-001.",
    "Last month's status was wrong. It had excluded {original} as a duplicate of CO-001; CO-001 is a different "
    "change.",
    "The subcontractor's summary got this wrong. It listed {original} as a duplicate of CO-001.",
    "Last month's status made an error here: it excluded {original} as a duplicate of CO-001.",
])
def test_another_records_exclusion_reported_in_a_sentence_of_its_own_passes(generated: Generated, solved: Path,
                                                                            sentences: str):
    """1.11 false fails (seed 9558): a sentence whose subject ("It", "That status") is the earlier record or other
    party the sentence before names reports that record's exclusion of the original entry, not the memo's."""
    _memo_adding(solved, *_paragraphs(generated.oracle(), sentences))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


@pytest.mark.parametrize("sentences", [
    "{original} is a duplicate of CO-001 and is excluded.",
    "As last month's status rightly did, {original} is excluded as a duplicate.",
    "Last month's status got this right. It excluded {original} as a duplicate of CO-001.",
    "Last month's status rightly excluded {original} as a duplicate of CO-001.",
    "Last month's status correctly excluded {original} as a duplicate of CO-001.",
    "Last month's status excluded {original} as a duplicate of CO-001, and we agree.",
    "Last month's status excluded {original} as a duplicate of CO-001.\nWe agree.",
    "Last month's status excluded {original} as a duplicate of CO-001, as it should have.",
    "Last month's status was wrong about this. It kept {original} in the budget, but {original} is a duplicate of "
    "CO-001 and is excluded.",
    "Last month's status got this the wrong way round. It kept {original} in; {original} is a duplicate of CO-001 "
    "and is excluded.",
])
def test_the_original_called_a_duplicate_by_the_memo_or_with_its_agreement_still_fails(generated: Generated,
                                                                                       solved: Path, sentences: str):
    """Kept strict beside 1.12: the memo's own exclusion of the original entry, after a back-reference to last
    month's status or in the same sentence, and last month's exclusion the memo takes up ("rightly", "got this
    right. It excluded ...", "we agree") fail. 1.11 passed the fourth to eighth."""
    _memo_adding(solved, *_paragraphs(generated.oracle(), sentences))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"memo_change_order"}
