"""ECON-01's own checks: the three things that separate the two releases (the shelter revision, the employment unit
change, the discontinued leisure and hospitality series) hold in the data, and each way a worker could pass a check
without doing the work fails it. The contract every scenario keeps is in tests/test_scenario_contract.py."""

from __future__ import annotations

import csv
import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import docx
import openpyxl
import pytest
from PIL import Image
from scenario_harness import evaluate, failed_ids, fixture_workspace, grade_fixture

from wp42 import layout

TASK = "ECON-01"


def _release(bundle: Path) -> dict[str, dict[str, Decimal]]:
    values: dict[str, dict[str, Decimal]] = {}
    with next((bundle / layout.INPUTS_DIR).glob("trso_prices_pay_*.csv")).open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            values.setdefault(row["series_id"], {})[row["period"]] = Decimal(row["value"])
    return values


def _prior(bundle: Path) -> dict[str, dict[str, Decimal]]:
    sheet = openpyxl.load_workbook(next((bundle / layout.INPUTS_DIR).glob("monitor_data_*.xlsx")))["Release data"]
    rows = list(sheet.iter_rows(values_only=True))
    return {str(h): {str(r[0]): Decimal(str(r[i])) for r in rows[1:]} for i, h in enumerate(rows[0]) if i}


def test_the_releases_differ_only_where_planted(generated):
    """Shelter and all items differ in the revised months only; employment agrees once in thousands; the
    discontinued series is in the workbook and not in the release."""
    new, prior, oracle = _release(generated.bundle), _prior(generated.bundle), generated.oracle()
    revised = oracle["planted_items"][0]
    for title, sid in (("Shelter", "TRCPI-SHEL"), ("All items", "TRCPI-ALL"), ("Food and beverages", "TRCPI-FOOD")):
        changed = sorted(p for p, v in prior[title].items() if new[sid][p] != v)
        expected = sorted(r["month"] for r in revised["revisions"] if r["series"] == title)
        assert changed == expected
    assert len([r for r in revised["revisions"] if r["series"] == "Shelter"]) == 3
    jobs = prior["Nonfarm payroll employment (thousands)"]
    assert all((new["TREMP-NF"][p] / 1000).quantize(Decimal("0.1")) == v for p, v in jobs.items())
    assert all(new["TREMP-NF"][p] != v for p, v in jobs.items())  # naively compared, every month looks revised
    assert "TRAHE-LH" not in new and oracle["clarification_required"] is True


def _note_add(out: Path, text: str) -> None:
    path = out / "monitor_note.docx"
    document = docx.Document(str(path))
    document.add_paragraph(text)
    document.save(str(path))


def test_last_months_leisure_figure_in_the_note_fails(generated, solved):
    """A worker that leaves the cells empty but quotes last month's figure in the note has carried it forward."""
    out = solved / layout.OUT_DIR
    gone = generated.oracle()["discontinued"]
    _note_add(out, f"Leisure and hospitality earnings were ${gone['last_published']} last month, the latest figure "
                   "available.")
    receipt = evaluate(generated, out, solved)
    assert "discontinued_not_filled" in failed_ids(receipt) and receipt["det_completion"] is False


def test_employment_listed_as_revised_in_another_unit_fails(generated, solved):
    """A Revisions row for employment in thousands against persons is the unit change taken for a revision."""
    out = solved / layout.OUT_DIR
    path = out / "monitor_update.xlsx"
    book = openpyxl.load_workbook(path)
    month = generated.oracle()["facts"]["prior_latest_month"]
    persons = _release(generated.bundle)["TREMP-NF"][month]
    book["Revisions"].append(["Nonfarm payroll employment", month, float((persons / 1000).quantize(Decimal("0.1"))),
                              float(persons), None])
    book.save(path)
    assert "no_false_revisions" in failed_ids(evaluate(generated, out, solved))


def test_a_blank_or_small_chart_fails(generated, solved):
    """The chart is graded as a picture too: a blank canvas, a thumbnail or a JPEG named .png is not the chart."""
    out = solved / layout.OUT_DIR
    chart = out / "inflation_vs_pay.png"
    for image, kind in ((Image.new("RGB", (1000, 560), "white"), "PNG"),
                        (Image.open(chart).convert("RGB").resize((640, 360)), "PNG"),
                        (Image.open(chart).convert("RGB"), "JPEG")):
        image.save(chart, kind)
        assert "chart_png" in failed_ids(evaluate(generated, out, solved)), kind


def test_chart_data_from_the_previous_release_fails(generated, solved):
    """The chart's table must use the revised all-items values: the previous release's inflation for a revised
    month differs from the new release's by more than the tolerance in at least one month."""
    out = solved / layout.OUT_DIR
    path = out / "monitor_update.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Chart data"]
    new, prior = _release(generated.bundle), _prior(generated.bundle)
    for row in sheet.iter_rows(min_row=2):
        month = row[0].value
        if month in prior["All items"]:
            year, number = map(int, month.split("-"))
            year_ago = f"{year - 1}-{number:02d}"
            row[1].value = float((prior["All items"][month] / new["TRCPI-ALL"][year_ago] - 1) * 100)
    book.save(path)
    assert "chart_data" in failed_ids(evaluate(generated, out, solved))


def test_a_question_about_something_else_is_not_the_missing_series(generated, solved):
    """Stopping to ask without naming the series (a vague question) fails, and the abstention is not justified."""
    out = solved / layout.OUT_DIR
    path = out / layout.COMPLETION_JSON
    completion = json.loads(path.read_text())
    path.write_text(json.dumps({**completion, "status": "needs_clarification",
                                "questions": ["Is there anything else you need this month?"]}))
    receipt = evaluate(generated, out, solved)
    assert "missing_series_handled" in failed_ids(receipt)
    assert receipt["abstention"]["justified"] is False


def test_reporting_the_missing_series_without_asking_passes(generated, solved):
    """An independent economist (seed 9204, hard level) left the leisure and hospitality lines empty, said in the
    note that the office did not publish them, and marked the work completed with no question: house rule 1 and
    the note's "anything we could not report this month and why" settle the case, so that is correct work.
    Evaluator 1.0 failed it on asked_about_discontinued."""
    out = solved / layout.OUT_DIR
    path = out / layout.COMPLETION_JSON
    completion = json.loads(path.read_text())
    path.write_text(json.dumps({**completion, "status": "completed", "questions": []}))
    receipt = evaluate(generated, out, solved)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)
    assert receipt["abstention"]["status"] is None or receipt["abstention"]["status"] == "completed"


# ------------------------------------------------------------------------------------------------- the coverage set
def test_coverage_release_is_clean_with_the_same_brief(scenario_cache):
    """The coverage bundle has the challenge brief byte for byte, no revision, the leisure and hospitality series
    published, and the employment unit change kept as ordinary work."""
    for seed in (42, 7):
        challenge, coverage = scenario_cache.get(TASK, seed), scenario_cache.get(TASK, seed, "coverage")
        assert (coverage.bundle / "BRIEF.md").read_bytes() == (challenge.bundle / "BRIEF.md").read_bytes()
        new, prior = _release(coverage.bundle), _prior(coverage.bundle)
        for title, sid in (("Shelter", "TRCPI-SHEL"), ("All items", "TRCPI-ALL")):
            assert all(new[sid][p] == v for p, v in prior[title].items())
        assert "TRAHE-LH" in new and coverage.oracle()["clarification_required"] is False
        assert not any(coverage.task()["designed_features"].values())


def test_coverage_note_calling_a_published_series_missing_is_invented(scenario_cache, tmp_path):
    """On the clean release, a note that says leisure and hospitality earnings are not published invents a
    problem, while 'Revisions: none' and 'a change of unit, not a revision' invent nothing."""
    from scenario_harness import copy_workspace

    generated = scenario_cache.get(TASK, 42, "coverage")
    workspace = copy_workspace(scenario_cache.reference(TASK, 42, "coverage"), tmp_path)
    out = workspace / layout.OUT_DIR
    _note_add(out, "Revisions: none.")
    _note_add(out, "Employment is now in persons: a change of unit, not a revision.")
    assert "no_invented_issues" not in failed_ids(evaluate(generated, out, workspace))
    _note_add(out, "Leisure and hospitality earnings are not published this month.")
    assert "no_invented_issues" in failed_ids(evaluate(generated, out, workspace))


# ------------------------------------------------------------------------------------------------- the hard level
def test_hard_release_has_real_volume_and_an_offsetting_revision(scenario_cache):
    """Fourteen classes and sector series; shelter up and transportation services down in the same months, with
    the all-items index unchanged in at least one of them (the total hides the pair)."""
    hard = scenario_cache.get(TASK, 42, "challenge", "hard")
    new, prior = _release(hard.bundle), _prior(hard.bundle)
    assert len([s for s in new if s.startswith("TRCPI-")]) == 15 and sum(len(v) for v in new.values()) > 2000
    revisions = hard.oracle()["facts"]["revisions"]
    up = {r["month"] for r in revisions if r["series"] == "Shelter" and Decimal(r["revision"]) > 0}
    down = {r["month"] for r in revisions if r["series"] == "Transportation services" and Decimal(r["revision"]) < 0}
    assert len(up) == 3 and up == down
    assert any(new["TRCPI-ALL"][m] == prior["All items"][m] for m in up)
    assert any(new["TRCPI-ALL"][m] != prior["All items"][m] for m in up)


def test_hard_accommodation_and_food_in_the_leisure_line_fails(scenario_cache, tmp_path):
    """The release's accommodation and food services earnings are part of the sector, not the series: putting them
    in the leisure and hospitality line is an estimate of our own."""
    from scenario_harness import copy_workspace

    hard = scenario_cache.get(TASK, 42, "challenge", "hard")
    workspace = copy_workspace(scenario_cache.reference(TASK, 42, "challenge", "hard"), tmp_path)
    out = workspace / layout.OUT_DIR
    book = openpyxl.load_workbook(out / "monitor_update.xlsx")
    latest = hard.oracle()["facts"]["latest_month"]
    for row in book["Pay and jobs"].iter_rows():
        if row[0].value == hard.oracle()["pay_labels"]["lh"]:
            row[1].value = float(_release(hard.bundle)["TRAHE-AFS"][latest])
    book.save(out / "monitor_update.xlsx")
    assert "discontinued_not_filled" in failed_ids(evaluate(hard, out, workspace))


def test_a_second_all_items_row_with_other_figures_fails(generated, solved):
    """A hedge on the Indices sheet: the right All items row, then another All items row below the table on the
    unrebased index with another year-on-year change. A reader sees two headline figures; the first row read is not
    the answer."""
    path = solved / layout.OUT_DIR / "monitor_update.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Indices"]
    row = next(r for r in range(1, sheet.max_row + 1) if str(sheet.cell(r, 1).value).startswith("All items"))
    values = [sheet.cell(row, c).value for c in range(1, sheet.max_column + 1)]
    values[1:3] = [(v * 1.3 if isinstance(v, (int, float)) else v) for v in values[1:3]]
    sheet.append(values)
    book.save(path)
    failed = failed_ids(evaluate(generated, path.parent, solved))
    assert {"rebased_indices", "yoy_changes"} <= failed, failed


def _second_pay_row(solved: Path, label: str, value) -> None:
    """Append a second "Pay and jobs" row naming ``label`` (the sheet's own label text) with ``value``."""
    path = solved / layout.OUT_DIR / "monitor_update.xlsx"
    book = openpyxl.load_workbook(path)
    book["Pay and jobs"].append([label, value])
    book.save(path)


def test_a_second_employment_row_in_persons_fails(generated, solved):
    """The right employment row in thousands, then a second one giving the release's persons: a reader sees two
    employment figures, one a thousand times the other. Evaluator 1.2 read the first row per label: passed."""
    oracle = generated.oracle()
    label = oracle["pay_labels"]["employment"]
    _second_pay_row(solved, label, float(Decimal(oracle["facts"]["pay"]["employment"]) * 1000))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"employment_thousands"}


def test_a_second_earnings_row_with_another_growth_fails(generated, solved):
    oracle = generated.oracle()
    label = oracle["pay_labels"]["ahe_yoy"]
    _second_pay_row(solved, label, float(Decimal(oracle["facts"]["pay"]["ahe_yoy"]) + 1))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"pay_growth"}


def test_last_months_leisure_figure_on_a_second_row_fails(generated, solved):
    """"Not published in this release", then a second leisure row carrying last month's earnings forward: the
    discontinued series is filled after all (evaluator 1.2 read only the first row: passed)."""
    oracle = generated.oracle()
    _second_pay_row(solved, oracle["pay_labels"]["lh"], 23.45)
    assert "discontinued_not_filled" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_repeated_identical_pay_row_passes(generated, solved):
    oracle = generated.oracle()
    _second_pay_row(solved, oracle["pay_labels"]["ahe"], float(oracle["facts"]["pay"]["ahe"]))
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


# --- an independent solver's correct work (tests/fixtures/econ01-hard-seed9308) ------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9308_completes(tmp_path):
    # Written from the public bundle alone and read correct by the lead. ECON-01 1.3 failed discontinued_not_filled
    # on its note: "Average hourly earnings in leisure and hospitality (series TRAHE-LH), which we reported last
    # month ($26.30 in April, ...), is not published in the May 2025 release ... we show neither a value ... carry
    # nothing forward" was read as not saying the series is unpublished ("reported" stands un-negated beside the
    # negated "published") and as giving last month's figure for May.
    receipt = grade_fixture(TASK, 9308, "econ01-hard-seed9308", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def test_last_months_figure_carried_forward_or_given_for_this_month_still_fails(tmp_path):
    import shutil

    generated, workspace = fixture_workspace(TASK, 9308, "econ01-hard-seed9308", tmp_path)
    last = generated.oracle()["discontinued"]["last_published"]
    out = workspace / layout.OUT_DIR
    kept = Path(__file__).parent / "fixtures" / "econ01-hard-seed9308" / "out" / "monitor_note.docx"
    for line in (f"Leisure and hospitality earnings are not published this month; we carried forward April's "
                 f"${last} for May.", f"Leisure and hospitality earnings were ${last} an hour in May."):
        shutil.copy(kept, out / "monitor_note.docx")
        _note_add(out, line)
        assert "discontinued_not_filled" in failed_ids(evaluate(generated, out, workspace)), line


# --- a second answer for the same item (misleading-answer audit, evaluator 1.5) -----------------------------------

def test_a_closing_line_giving_inflation_another_figure_fails(generated, solved):
    """K1: the note gives the headline rate, then sums up "prices rose <another rate>". The reader has two
    headline figures; evaluator 1.4 passed it (any statement with the right figure sufficed)."""
    out = solved / layout.OUT_DIR
    facts = generated.oracle()["facts"]
    rates = [Decimal(r["cpi_yoy"]) for r in facts["chart"]] + [
        Decimal(i["yoy_pct"]) for i in facts["indices"].values() if "yoy_pct" in i]
    other = next(x for x in (Decimal(facts["cpi_yoy"]) + Decimal("0.37") * k for k in range(1, 20))
                 if all(abs(x - r) > Decimal("0.1") for r in rates))  # no month's or component's own rate
    _note_add(out, f"Summary: prices rose {other:.2f}% in the year, ahead of pay.")
    assert failed_ids(evaluate(generated, out, solved)) == {"note_inflation"}


def test_real_pay_given_with_the_opposite_direction_later_fails(generated, solved):
    """K1: real earnings growth stated right, then "real pay rose by <the same size>" with the sign turned."""
    out = solved / layout.OUT_DIR
    real = Decimal(generated.oracle()["facts"]["pay"]["real_ahe_yoy"])
    verb = "fell" if real > 0 else "rose"
    _note_add(out, f"In short, real pay {verb} by {abs(real):.2f}% over the year.")
    assert failed_ids(evaluate(generated, out, solved)) == {"note_pay"}


def test_saying_the_indices_were_not_revised_fails_in_the_note_or_in_completion(generated, solved):
    """K1 and K2: "No figures were revised since last month" after the revision paragraph, or an issues_found entry
    "No revisions this month", or the paragraph under "Revisions since last month" itself denying the revision."""
    out = solved / layout.OUT_DIR
    _note_add(out, "No figures were revised since last month.")
    assert failed_ids(evaluate(generated, out, solved)) == {"note_revision"}
    note = out / "monitor_note.docx"
    document = docx.Document(str(note))
    document.paragraphs[-1].text = ""
    for paragraph in document.paragraphs:
        if paragraph.text.startswith("The office revised"):
            paragraph.text = "The All items and Shelter indices were not revised; the Revisions sheet is empty."
    document.save(str(note))
    assert failed_ids(evaluate(generated, out, solved)) == {"note_revision"}


def test_an_issue_in_completion_saying_nothing_was_revised_fails(generated, solved):
    out = solved / layout.OUT_DIR
    path = out / "COMPLETION.json"
    completion = json.loads(path.read_text())
    completion["issues_found"] = ["No revisions this month."]
    path.write_text(json.dumps(completion))
    assert failed_ids(evaluate(generated, out, solved)) == {"note_revision"}


def test_a_figure_carried_into_the_missing_line_in_prose_fails(generated, solved):
    """K1: the note says the line is left empty, then gives it a figure "carried forward from March"."""
    out = solved / layout.OUT_DIR
    _note_add(out, "Leisure and hospitality earnings were $24.10, carried forward from March.")
    assert failed_ids(evaluate(generated, out, solved)) == {"discontinued_not_filled"}


def test_right_figures_reworded_with_what_was_not_revised_pass(generated, solved):
    """A correct rewording: last month's own rate beside this month's, the inflation target, real pay as a fall,
    "nothing else was revised", the unit change called no revision, a supposition about the revision."""
    out = solved / layout.OUT_DIR
    facts = generated.oracle()["facts"]
    cpi, real = Decimal(facts["cpi_yoy"]), Decimal(facts["pay"]["real_ahe_yoy"])
    march = Decimal(facts["chart"][-2]["cpi_yoy"])
    direction = "fell" if real < 0 else "rose"
    for line in (f"Inflation was {cpi:.2f}% in the latest month, against {march:.2f}% a month earlier.",
                 f"Prices rose {cpi:.2f}% over the year, above the 2% target.",
                 f"In real terms pay {direction} by {abs(real):.2f}%.",
                 "The office revised shelter and all items; nothing else was revised.",
                 "Payroll employment was not revised; the unit change is not a revision.",
                 "If the office had not revised shelter, inflation would have been lower."):
        _note_add(out, line)
    receipt = evaluate(generated, out, solved)
    assert receipt["det_completion"], failed_ids(receipt)


# --- fair wordings of another month's, a part's or a supposed figure (fair-wording audit, evaluator 1.6) ------------
@pytest.fixture
def hard(scenario_cache, tmp_path):
    """(generated, solved workspace, the figures a sentence names) of the hard challenge release at seed 42."""
    from scenario_harness import copy_workspace

    generated = scenario_cache.get(TASK, 42, "challenge", "hard")
    facts, gone = generated.oracle()["facts"], generated.oracle()["discontinued"]
    chart = {row["month"]: row for row in facts["chart"]}

    def real(month: str) -> str:
        row = chart[month]
        return f"{abs(((1 + float(row['ahe_yoy']) / 100) / (1 + float(row['cpi_yoy']) / 100) - 1) * 100):.2f}"

    year, month = int(facts["latest_month"][:4]), int(facts["latest_month"][5:])
    before, year_earlier = f"{year}-{month - 1:02d}", f"{year - 1}-{month:02d}"
    names = {"before": date(year, month - 1, 1).strftime("%B"), "latest": date(year, month, 1).strftime("%B"),
             "year_earlier": f"{date(year - 1, month, 1):%B %Y}", "latest_year": f"{date(year, month, 1):%B %Y}",
             "real_before": real(before), "real_year_earlier": real(year_earlier),
             "cpi_before": f"{float(chart[before]['cpi_yoy']):.2f}", "gone": gone["last_published"]}
    return generated, copy_workspace(scenario_cache.reference(TASK, 42, "challenge", "hard"), tmp_path), names


@pytest.mark.parametrize("sentence", [
    # K1/K5: last month's edition, reported, and the month before's real pay growth dated to it
    "Last month's Monitor said real pay grew {real_before}% in {before}; on this release's figures that still holds.",
    "Last month's edition gave inflation of {cpi_before}% and real pay growth of {real_before}% for {before}.",
    "In {before}, real earnings grew {real_before}%.",
    # K10: the same month a year earlier, labelled
    "Real earnings fell {real_year_earlier}% in the year to {year_earlier}, before turning positive in the autumn.",
    # K6: a figure said not to be carried forward
    "We have not carried forward {before}'s leisure and hospitality figure (${gone}).",
    # K8: a rate with shelter left out, beside the all-items rate
    "Excluding shelter, consumer prices rose 2.05% over the year.",
    # K9: a supposition opened by "without"
    "Without the Shelter revisions, {before}'s inflation rate would have been 3.50%.",
])
def test_another_months_a_parts_or_a_supposed_figure_is_no_second_answer(hard, sentence):
    """Evaluator 1.5 failed each (note_pay; discontinued_not_filled; note_inflation; note_inflation and
    note_revision): the figure is dated to another month, denied, a part's, or supposed."""
    generated, solved, names = hard
    _note_add(solved / layout.OUT_DIR, sentence.format(**names))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == set()


@pytest.mark.parametrize("sentence, failed", [
    ("Real pay grew {real_before}%, up from {before}.", {"note_pay"}),
    ("Real earnings grew {real_before}% this month; in {before} they grew 0.5%.", {"note_pay"}),
    ("Real earnings grew {real_before}% in {latest}.", {"note_pay"}),
    ("Real earnings grew {real_before}% this month, as in {before}.", {"note_pay"}),
    ("Real earnings fell {real_year_earlier}% in the year to {latest_year}.", {"note_pay"}),
    ("We have carried forward {before}'s leisure and hospitality figure (${gone}).", {"discontinued_not_filled"}),
    ("We have not carried forward {before}'s figure; leisure and hospitality earnings are ${gone} in {latest}.",
     {"discontinued_not_filled"}),
    ("Including shelter, consumer prices rose 2.05% over the year.", {"note_inflation"}),
    ("Consumer prices rose 2.05% over the year, excluding nothing.", {"note_inflation"}),
    ("Without the Shelter revisions, inflation is 3.50%.", {"note_inflation", "note_revision"}),
])
def test_the_same_words_as_the_writers_own_second_answer_fail(hard, sentence, failed):
    generated, solved, names = hard
    _note_add(solved / layout.OUT_DIR, sentence.format(**names))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == failed


# --- a denial said of another series (independent solver, seed 9512; evaluator 1.7) -------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9512_completes(tmp_path):
    # Written from the public bundle alone and read correct by the lead. ECON-01 1.6 failed note_revision on its
    # issues_found[2]: "The leisure and hospitality series (TRAHE-LH) has been dropped ... Its history in our
    # workbook can no longer be checked against the office, so it is not treated as revised." "it" is the leisure
    # and hospitality series, which the office did not revise; "no longer" was read as "no revisions".
    receipt = grade_fixture(TASK, 9512, "econ01-hard-seed9512", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


@pytest.fixture(params=[42, 7])
def hard_solved(request, scenario_cache, tmp_path):
    """(generated, solved workspace, a component the office did not revise) of the hard challenge release."""
    from scenario_harness import copy_workspace

    generated = scenario_cache.get(TASK, request.param, "challenge", "hard")
    facts = generated.oracle()["facts"]
    revised = {r["series"] for r in facts["revisions"]}
    unrevised = next(name for name in sorted(facts["indices"]) if name not in revised)
    solved = copy_workspace(scenario_cache.reference(TASK, request.param, "challenge", "hard"), tmp_path)
    return generated, solved, unrevised


def _issue_add(out: Path, text: str) -> None:
    path = out / "COMPLETION.json"
    completion = json.loads(path.read_text())
    completion["issues_found"] = [*completion.get("issues_found", []), text]
    path.write_text(json.dumps(completion))


def _failed_with(hard_solved, where: str, text: str) -> set[str]:
    """The failed criteria once ``text`` is added to the note or as an issues_found entry, with ``{unrevised}`` a
    component the office did not revise and ``{month}`` the first month whose all-items index it revised."""
    generated, solved, unrevised = hard_solved
    revised = min(r["month"] for r in generated.oracle()["facts"]["revisions"] if r["series"] == "All items")
    month = date(int(revised[:4]), int(revised[5:7]), 1).strftime("%B")
    out = solved / layout.OUT_DIR
    (_issue_add if where == "issues" else _note_add)(out, text.format(unrevised=unrevised, month=month))
    return failed_ids(evaluate(generated, out, solved))


_DROPPED = ("The leisure and hospitality series (TRAHE-LH) has been dropped from the office's file for all months, "
            "not just the latest.")


@pytest.mark.parametrize("where, text", [
    ("issues", _DROPPED + " Its history in our workbook can no longer be checked against the office, so it is not "
               "treated as revised."),
    ("issues", "The leisure and hospitality index (TRAHE-LH) has been dropped. Its index history can no longer be "
               "checked, so we do not treat it as revised."),
    ("note", "Leisure and hospitality earnings are no longer published. They are therefore not treated as revised."),
    ("note", "The shelter index was revised; the {unrevised} index was not revised."),
])
def test_a_denial_said_of_another_series_passes(hard_solved, where, text):
    """Evaluator 1.6 failed each on note_revision: the sentence says "not revised" of the leisure and hospitality
    series (named in the sentence before, pointed back to with "it", "its", "they") or of a component the office
    did not revise, which denies nothing of the revised price indices."""
    failed = _failed_with(hard_solved, where, text)
    assert failed == set(), failed


@pytest.mark.parametrize("where, text", [
    ("issues", "Shelter was not revised."),
    ("issues", "The CPI data were not revised this month."),
    ("issues", "No revisions this month."),
    ("issues", "Transportation services: not treated as revised."),
    ("note", "The all-items index is unchanged from last month's workbook."),
    ("issues", "The shelter series has been rebased by the office. Its history in our workbook can no longer be "
               "checked against the office, so it is not treated as revised."),
    ("note", "Transportation services has been reclassified. It is not treated as revised."),
])
def test_a_denial_said_of_a_revised_series_or_the_release_still_fails(hard_solved, where, text):
    """The writer says a revised series, or the release as a whole, was not revised: the reader is misled."""
    assert _failed_with(hard_solved, where, text) == {"note_revision"}


# --- a bare "none" points back (independent solver, seed 9529; evaluator 1.8) ---------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9529_completes(tmp_path):
    # Written from the public bundle alone and read correct by the lead. ECON-01 1.7 failed note_revision on its
    # issues_found[1]: "The office has changed the employment unit from thousands to persons in the series file.
    # Converted to thousands, no employment value changed, so none is listed as a revision." "none" is none of the
    # employment values, which the office did not revise; it was read as the release as a whole.
    receipt = grade_fixture(TASK, 9529, "econ01-hard-seed9529", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


_UNIT = "The office has changed the employment unit from thousands to persons in the series file."


@pytest.mark.parametrize("where, text", [
    ("issues", _UNIT + " Converted to thousands, no employment value changed, so none is listed as a revision."),
    ("issues", "Employment is now published in persons. In thousands, no value changed, so none is listed as a "
               "revision."),
    ("issues", "Payroll employment values match the workbook once converted to thousands; none is listed as a "
               "revision."),
    ("note", "The employment series moved from thousands to persons; converted back, none of its values changed, "
             "so none is listed as a revision."),
    ("note", "The {unrevised} index: no value changed, so none is listed as a revision."),
])
def test_a_none_said_of_an_unrevised_series_passes(hard_solved, where, text):
    """Each says "none" of the values of a series the office did not revise (employment, named in the clause or the
    semicolon part before, or an unrevised component), which denies nothing of the revised price indices; evaluator
    1.7 read a bare "none" as the release as a whole."""
    failed = _failed_with(hard_solved, where, text)
    assert failed == set(), failed


@pytest.mark.parametrize("where, text", [
    ("issues", "No series was revised this month."),
    ("issues", "The release revised nothing; employment's unit changed only."),
    ("issues", "None of the {month} values changed, so none is listed as a revision."),
    ("issues", "Shelter: no value changed."),
    ("note", "The employment unit changed, but none of the price indices was revised."),
    ("issues", "Employment is now in persons. Transportation services: no value changed, so none is listed as a "
               "revision."),
])
def test_a_none_said_of_the_release_or_a_revised_series_still_fails(hard_solved, where, text):
    """The writer says the release, the month's values or a revised series were not revised or did not change: the
    reader is misled. Evaluator 1.7 let "The release revised nothing" and "Shelter: no value changed" pass."""
    assert _failed_with(hard_solved, where, text) == {"note_revision"}
