"""BANK-01's own checks (the missing-quarter clarification trap); the contract every scenario keeps (regeneration,
schemas, reference incl. its justified needs_clarification, do-nothing, wrong solutions, input integrity, copied
inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

import json
import sys
from decimal import Decimal

import pytest
from scenario_harness import SEEDS, copy_workspace, evaluate, failed_ids, grade_fixture

from wp42 import layout

sys.path.insert(0, str(layout.Repo.find().benchmark))
from genkit import bizdays  # noqa: E402

TASK = "BANK-01"


def test_is_complex_and_seed_7_moves_dscr_and_tangible_net_worth(scenario_cache):
    a, b = (scenario_cache.get(TASK, seed) for seed in SEEDS)
    assert a.task()["difficulty"] == b.task()["difficulty"] == "complex"
    fa, fb = a.oracle()["facts"], b.oracle()["facts"]
    assert fa["dscr"] != fb["dscr"] and fa["tangible_net_worth"] != fb["tangible_net_worth"]


def test_wrong_solutions_are_the_designed_ones(generated):
    assert {w["name"] for w in generated.manifest()["wrong"]} >= {
        "trusts_certificate", "annualizes_ttm", "off_by_one_period", "ignores_definitions", "fabricated_cached",
        "ignores_amendment", "paragraph_text_only"}


def test_missing_quarter_is_really_missing(generated):
    """The clarification trap holds: the quarter the leverage test needs is absent, the year-to-date ones are there."""
    names = sorted(p.name for p in (generated.bundle / layout.INPUTS_DIR).glob("financial_statements_*.pdf"))
    assert names == [f"financial_statements_{q}.pdf" for q in ("2024Q3", "2025Q1", "2025Q2", "2025Q3")]
    oracle = generated.oracle()
    assert oracle["clarification_required"] is True and oracle["facts"]["missing_quarter"]["key"] == "2024Q4"
    assert Decimal(oracle["facts"]["dscr"]) < Decimal(oracle["facts"]["min_dscr"])
    assert Decimal(oracle["facts"]["certificate"]["dscr"]) >= Decimal(oracle["facts"]["min_dscr"])


def test_asking_without_the_right_status_or_topic_fails(generated, solved):
    """A run that asks a vague question, or asks but marks the work completed, does not pass the trap."""
    out = solved / layout.OUT_DIR
    completion_path = out / layout.COMPLETION_JSON
    completion = json.loads(completion_path.read_text())
    for status, questions in (("needs_clarification", ["Can you send more information?"]),
                              ("completed", completion["questions"])):
        completion_path.write_text(json.dumps({**completion, "status": status, "questions": questions}))
        receipt = evaluate(generated, out, solved)
        assert "asked_for_missing_quarter" in failed_ids(receipt)
        assert receipt["det_completion"] is False
        if status == "needs_clarification":
            assert receipt["abstention"]["justified"] is False


# ---------------------------------------------------------------------------------------------- red-team regressions
def _write_memo(path, blocks):
    """A memo of ``blocks``: a string is a paragraph, a list of tuples a table (first tuple the header row),
    ``("heading", text)`` a Heading 2 and ``("hidden", text)`` a paragraph whose run is hidden text (w:vanish)."""
    import docx

    document = docx.Document()
    for block in blocks:
        if isinstance(block, str):
            document.add_paragraph(block)
        elif isinstance(block, list):
            table = document.add_table(rows=0, cols=len(block[0]))
            for values in block:
                for cell, text in zip(table.add_row().cells, values, strict=True):
                    cell.text = text
        elif block[0] == "heading":
            document.add_heading(block[1], level=2)
        else:
            document.add_paragraph().add_run(block[1]).font.hidden = True
    document.save(path)


def _memo_figures(oracle):
    facts, planted = oracle["facts"], {p["id"]: p for p in oracle["planted_items"]}
    bonus, receivable = planted["certificate_bonus_addback"], planted["certificate_tnw_shareholder_receivable"]
    return (f"{Decimal(facts['dscr']):.2f}x", f"{Decimal(facts['min_dscr']):.2f}x",
            f"{Decimal(bonus['certificate_dscr']):.2f}x", f"${Decimal(bonus['amount']):,.0f}",
            f"${Decimal(receivable['amount']):,.0f}", f"${Decimal(facts['tangible_net_worth']):,.0f}",
            f"${Decimal(facts['min_tnw']):,.0f}")


def test_constant_formulas_fail_formulas_present(generated, solved):
    """``=1.03`` as the DSCR and ``=1178371`` as cash flow available: formulas of constants, not over Calculations."""
    import openpyxl

    facts = generated.oracle()["facts"]
    path = solved / layout.OUT_DIR / "covenant_test.xlsx"
    book = openpyxl.load_workbook(path)
    book["Calculations"]["B6"] = f"={facts['cash_flow_available_for_debt_service']}"
    book["Covenants"]["C3"], book["Covenants"]["C4"] = f"={facts['dscr']}", f"={facts['tangible_net_worth']}"
    book.save(path)
    assert failed_ids(evaluate(generated, path.parent, solved)) == {"formulas_present"}


def test_no_breach_result_is_not_a_breach(generated, solved):
    """The Result cell "No breach" contains the word breach but says the opposite."""
    import openpyxl

    path = solved / layout.OUT_DIR / "covenant_test.xlsx"
    book = openpyxl.load_workbook(path)
    book["Covenants"]["D3"] = "No breach"
    book.save(path)
    assert failed_ids(evaluate(generated, path.parent, solved)) == {"dscr_result"}


def test_memo_saying_no_breach_with_the_right_ratio_fails(generated, solved):
    dscr, minimum, certified, bonus, receivable, tnw, min_tnw = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [
        f"DSCR {dscr} against a minimum of {minimum}: no breach; the certificate shows {certified}.",
        f"The certificate adds back a {bonus} bonus.", f"The certificate omits the {receivable} due from shareholder.",
        f"Tangible Net Worth {tnw} against a minimum of {min_tnw} - pass."])
    assert failed_ids(evaluate(generated, out, solved)) == {"memo_dscr_breach"}


def test_memo_denying_the_breach_past_the_ratio_fails(generated, solved):
    """Audit (1.6 false pass): "We found no evidence that the Debt Service Coverage Ratio of 1.03x against a minimum
    of 1.25x is a breach" denies the breach, but the point in "1.03x" ended the negation (claims._clauses), so the
    memo read as stating it. The same sentence without the denial passes."""
    dscr, minimum = _memo_figures(generated.oracle())[:2]
    ratio = f"the Debt Service Coverage Ratio of {dscr} against a minimum of {minimum}"
    denied = f"We found no evidence that {ratio} is a breach."
    assert _failed_with_dscr_sentences(generated, solved, denied) == {"memo_dscr_breach"}
    assert _failed_with_dscr_sentences(generated, solved, f"We found that {ratio} is a breach.") == set()


def test_memo_listing_every_figure_does_not_pass_memo_checks(generated, solved):
    """Stuffing: every key figure and every keyword on one line explains nothing."""
    out = solved / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", ["Figures: " + " ".join(_memo_figures(generated.oracle()))
                                           + " breach tangible net worth certificate bonus add-back shareholder"])
    assert failed_ids(evaluate(generated, out, solved)) == {
        "memo_dscr_breach", "memo_certificate_differences", "memo_tnw"}


def test_fair_memo_with_a_results_table_and_a_cure_period_passes(generated, solved):
    """A table row per covenant and 'no cure period for the default' (not a negated breach) are fair work."""
    dscr, minimum, certified, bonus, receivable, tnw, min_tnw = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [
        f"The borrower is in breach: DSCR of {dscr} is below the {minimum} minimum (Event of Default, no cure period "
        "for the default).", "Covenant | Requirement | Actual | Result", f"Tangible Net Worth | {min_tnw} | {tnw} | Pass",
        f"Certificate: EBITDA includes a {bonus} bonus add-back the definition does not allow; certified DSCR {certified}.",
        f"TNW in the certificate does not deduct the shareholder receivable of {receivable}."])
    assert failed_ids(evaluate(generated, out, solved)) == set()


# ------------------------------------------------------------------------------------ issue 12: fair grades, hedges
def _failed_with_dscr_sentences(generated, solved, *sentences):
    """Failed ids for a memo of ``sentences`` about the DSCR plus correct certificate and TNW findings."""
    out = solved / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [*sentences, *_certificate_and_tnw_findings(generated.oracle())])
    return failed_ids(evaluate(generated, out, solved))


def _certificate_and_tnw_findings(oracle):
    """Correct sentences for memo_certificate_differences and memo_tnw, so a test isolates memo_dscr_breach."""
    dscr, minimum, certified, bonus, receivable, tnw, min_tnw = _memo_figures(oracle)
    return [f"The certificate shows {certified} after adding back a {bonus} bonus.",
            f"The certificate omits the {receivable} due from shareholder.",
            f"Tangible Net Worth {tnw} against a minimum of {min_tnw} - pass."]


@pytest.mark.parametrize("column", ["Borrower certificate", "Per company", "Management's figure"])
def test_certificate_ratio_under_a_borrower_certificate_column_passes(generated, solved, column):
    """Issue 12: the certified ratio in a summary-table column headed "Borrower certificate" (or the company's or
    management's figure, beside the bank's ratio) is stated about the certificate; evaluator 1.1 read table cells
    without their header and failed memo_certificate_differences."""
    dscr, minimum, certified, bonus, receivable, tnw, min_tnw = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [
        ("heading", "Summary"),
        [("Covenant (section)", "Requirement", "Bank calculation", column, "Result"),
         ("Debt Service Coverage Ratio (6.2)", f"Not less than {minimum}", dscr, certified, "Breach"),
         ("Tangible Net Worth (6.3)", f"Not less than {min_tnw}", tnw, "as filed", "Pass")],
        f"The Debt Service Coverage Ratio of {dscr} is below the {minimum} minimum: a breach and an Event of Default.",
        f"The borrower added back a {bonus} owner bonus that the EBITDA definition does not allow.",
        f"Tangible Net Worth is {tnw} against the {min_tnw} minimum, after deducting the {receivable} due from "
        "shareholder that the borrower left in."])
    assert failed_ids(evaluate(generated, out, solved)) == set()


def test_dense_sentence_with_ratio_minimum_certificate_ratio_and_bonus_passes(generated, solved):
    """Issue 12: one sentence giving the ratio, the minimum, the certificate's ratio, the bonus and tangible net
    worth is dense, correct prose; evaluator 1.1's "more than four key figures on one line is a list" rule failed
    memo_certificate_differences."""
    dscr, minimum, certified, bonus, receivable, tnw, min_tnw = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [
        f"Our Debt Service Coverage Ratio is {dscr} against a {minimum} minimum, a breach; the certificate shows "
        f"{certified} only because it adds back a {bonus} bonus, and its Tangible Net Worth omits the {receivable} "
        f"due from shareholder (ours is {tnw} against a minimum of {min_tnw})."])
    assert failed_ids(evaluate(generated, out, solved)) == set()


def test_breach_hedged_over_every_ratio_fails(generated, solved):
    """Issue 12: "breach if the ratio is any of 0.50x ... 3.00x" gives the DSCR every answer; evaluator 1.1 passed
    memo_dscr_breach on it (the list holds the right ratio, the minimum and the certificate's ratio)."""
    dscr, minimum = _memo_figures(generated.oracle())[:2]
    every = ", ".join(f"{n / 100:.2f}x" for n in range(50, 301))
    failed = _failed_with_dscr_sentences(
        generated, solved,
        f"The Debt Service Coverage Ratio is in breach if the ratio is any of {every}; the minimum is {minimum}.")
    assert failed == {"memo_dscr_breach"}


def test_dscr_called_a_breach_and_a_pass_fails(generated, solved):
    """A hedge: the paragraph calls the DSCR a breach while the results table marks the same ratio Pass; evaluator
    1.1 passed memo_dscr_breach on the paragraph alone."""
    dscr, minimum, _, _, _, tnw, min_tnw = _memo_figures(generated.oracle())
    failed = _failed_with_dscr_sentences(
        generated, solved,
        [("Covenant", "Requirement", "Actual", "Result"),
         ("Debt Service Coverage Ratio", minimum, dscr, "Pass"), ("Tangible Net Worth", min_tnw, tnw, "Pass")],
        f"The Debt Service Coverage Ratio of {dscr} is below the {minimum} minimum: breach.")
    assert failed == {"memo_dscr_breach"}


def test_breach_only_in_hidden_text_fails(generated, solved):
    """The right conclusion in hidden text (w:vanish) while the visible memo says the covenant is met: a reader
    sees a pass; evaluator 1.1 read the hidden run and passed memo_dscr_breach."""
    dscr, minimum = _memo_figures(generated.oracle())[:2]
    failed = _failed_with_dscr_sentences(
        generated, solved,
        f"The Debt Service Coverage Ratio of {dscr} is acceptable against the {minimum} minimum.",
        ("hidden", f"The Debt Service Coverage Ratio of {dscr} is a breach of the {minimum} minimum."))
    assert failed == {"memo_dscr_breach"}



def test_certified_ratio_given_as_the_dscr_with_a_pass_fails(generated, solved):
    """A hedge: the breach at the bank's ratio in one paragraph, and "the DSCR is 1.37x, in compliance" (the
    certificate's answer in the memo's own words) in another; evaluator 1.1 passed memo_dscr_breach."""
    dscr, minimum, certified = _memo_figures(generated.oracle())[:3]
    failed = _failed_with_dscr_sentences(
        generated, solved,
        f"The Debt Service Coverage Ratio of {dscr} is below the {minimum} minimum: breach.",
        f"The Debt Service Coverage Ratio is {certified}, in compliance with the covenant.")
    assert failed == {"memo_dscr_breach"}


@pytest.mark.parametrize("sentence", [
    # "does not meet" states the breach without the word; evaluator 1.1 failed memo_dscr_breach on it
    "The Debt Service Coverage Ratio of {dscr} does not meet the {minimum} minimum in Section 6.2.",
    # the pass belongs to the other covenant: not a second answer for the DSCR (guards 1.2's hedge rule)
    "Tangible Net Worth passes, unlike the Debt Service Coverage Ratio at {dscr}, which is in breach of the {minimum} "
    "minimum.",
    # a short series in prose states each ratio (guards the list rule, which first read any three figures as a list)
    "The Debt Service Coverage Ratio was 1.45x, 1.78x and {dscr} at March, June and September: a breach of the "
    "{minimum} minimum at the test date.",
])
def test_fair_wordings_of_the_breach_pass(generated, solved, sentence):
    """Dense or indirect prose that a careful reader takes as the DSCR breach, with no second answer."""
    dscr, minimum = _memo_figures(generated.oracle())[:2]
    assert _failed_with_dscr_sentences(generated, solved, sentence.format(dscr=dscr, minimum=minimum)) == set()


# ---------------------------------------------------------------------------------------- realism (issue 13 item 4)
def test_dscr_does_not_land_on_a_whole_hundredth_by_construction(generated):
    """Before, the true DSCR was a whole-hundredth target to the sixth decimal (e.g. 1.150000)."""
    dscr = Decimal(generated.oracle()["facts"]["dscr"])
    assert abs(dscr * 100 - round(dscr * 100)) >= Decimal("0.01"), dscr


def test_statement_packages_are_issued_on_business_days_after_the_quarter(generated):
    """Before, the 2024Q3 package was dated Saturday October 26, 2024."""
    import pypdf

    packages = sorted((generated.bundle / layout.INPUTS_DIR).glob("financial_statements_*.pdf"))
    assert len(packages) == 4
    for pdf in packages:
        issued = pypdf.PdfReader(pdf).metadata.creation_date.date()
        quarter_end = {"Q1": 3, "Q2": 6, "Q3": 9, "Q4": 12}[pdf.stem[-2:]]
        assert bizdays.is_business_day(issued) and (issued.year, issued.month) > (int(pdf.stem[-6:-2]), quarter_end)


# ------------------------------------------------------------------------------- the coverage set (issue 16)
@pytest.fixture(params=SEEDS)
def coverage(request, scenario_cache):
    """The coverage bundle at each seed and a private copy of its solved workspace: ``(generated, workspace)``."""
    generated = scenario_cache.get(TASK, request.param, "coverage")
    return generated, copy_workspace(scenario_cache.reference(TASK, request.param, "coverage"), request.getfixturevalue(
        "tmp_path"))


def _coverage_figures(oracle):
    facts = oracle["facts"]
    return {"dscr": f"{Decimal(facts['dscr']):.2f}x", "min_dscr": f"{Decimal(facts['min_dscr']):.2f}x",
            "leverage": f"{Decimal(facts['leverage']):.2f}x", "max": f"{Decimal(facts['max_leverage']):.2f}x",
            "tnw": f"${Decimal(facts['tangible_net_worth']):,.0f}", "min_tnw": f"${Decimal(facts['min_tnw']):,.0f}",
            "ttm": f"${Decimal(facts['ttm_ebitda']):,.0f}"}


def _careful_clean_memo(oracle):
    """A memo in my own words for clean records: every result with its figures, thin headroom named, what a breach
    would mean, the certificate found in agreement, nothing asked for."""
    v = _coverage_figures(oracle)
    return [
        ("heading", "Results and any breach"),
        [("Covenant", "Limit", "Ours", "Certificate", "Breach?"),
         ("Debt Service Coverage Ratio", v["min_dscr"], v["dscr"], v["dscr"], "No"),
         ("Total Funded Debt to EBITDA", v["max"], v["leverage"], v["leverage"], "No"),
         ("Tangible Net Worth", v["min_tnw"], v["tnw"], v["tnw"], "No")],
        f"The Debt Service Coverage Ratio is {v['dscr']} against the {v['min_dscr']} minimum, so the covenant is met; "
        "the headroom before a breach is thin and we will watch the next quarter.",
        f"Leverage (Total Funded Debt to EBITDA) is {v['leverage']}, on four-quarter EBITDA of {v['ttm']}, within "
        f"the {v['max']} maximum: pass.",
        f"Tangible Net Worth is {v['tnw']} against a minimum of {v['min_tnw']}; compliant.",
        "A ratio below its minimum would be an Event of Default under Section 8.1(c), without a cure period.",
        ("heading", "Where the certificate differs"),
        "We found no differences: the certificate deducts the amount due from the shareholder, caps the litigation "
        "add-back and does not add back the officers' bonus, as the definitions require.",
        "No covenant is breached and the certificate contains no error.",
        ("heading", "What we still need"),
        "Nothing: the Q4 2024 statements are in the file, as are the other quarters.",
    ]


def test_coverage_records_are_complete_and_the_certificate_agrees(coverage):
    generated, _ = coverage
    names = sorted(p.name for p in (generated.bundle / layout.INPUTS_DIR).glob("financial_statements_*.pdf"))
    assert names == [f"financial_statements_{q}.pdf" for q in ("2024Q3", "2024Q4", "2025Q1", "2025Q2", "2025Q3")]
    facts = generated.oracle()["facts"]
    assert Decimal(facts["dscr"]) >= Decimal(facts["min_dscr"])
    assert Decimal(facts["leverage"]) <= Decimal(facts["max_leverage"])
    assert Decimal(facts["tangible_net_worth"]) >= Decimal(facts["min_tnw"])
    assert facts["certificate"] == {"dscr": f"{Decimal(facts['dscr']):.2f}", "tnw": facts["tangible_net_worth"],
                                    "leverage": f"{Decimal(facts['leverage']):.2f}", "ttm_ebitda": facts["ttm_ebitda"]}


@pytest.mark.parametrize("fair", [
    "",
    "The certificate correctly omits the officers' bonus from its add-backs.",
    "Adding the bonus back would have been an error; the certificate does not do so.",
    "The borrower's cash taxes paid differ from its tax expense because of timing.",
    "We did not identify any misstatement, and the borrower remains in compliance with all three covenants.",
    "A modest fall in cash flow could put the borrower in breach next quarter, so we recommend closer monitoring.",
    "Compliance: Yes; Breach: No",
    "Variance between our calculation and the certificate: $0.",
    "The certificate and our test differ only by rounding.",
    "The certificate is error-free.",
])
def test_careful_nothing_to_report_memo_passes_coverage(coverage, fair):
    """'No differences', a 'Breach?' column of 'No', 'headroom before a breach', 'would be an Event of Default',
    'Nothing' under 'What we still need', and an issues_found entry saying so are not inventions; nor is each
    ``fair`` sentence (a supposition, a correct omission, a difference that is not the certificate's)."""
    generated, workspace = coverage
    out = workspace / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [*_careful_clean_memo(generated.oracle()), *([fair] if fair else [])])
    completion = json.loads((out / layout.COMPLETION_JSON).read_text())
    completion["issues_found"] = ["No issues found", "The certificate agrees with our recomputation."]
    (out / layout.COMPLETION_JSON).write_text(json.dumps(completion))
    receipt = evaluate(generated, out, workspace)
    assert receipt["det_completion"] is True, [(c["id"], c["detail"]) for c in receipt["required_criteria"]
                                               if not c["passed"]]
    assert {c["id"]: c["passed"] for c in receipt["required_criteria"]}["no_invented_issues"] is True


@pytest.mark.parametrize("invented", [
    "The DSCR of {dscr} is in breach of the covenant.",
    "The certificate overstates Tangible Net Worth by the amount due from the shareholder.",
    "Our Tangible Net Worth differs from the certificate's by the shareholder receivable.",
    "We still need the borrower's statements for the quarter ended December 31, 2024.",
    "The ratio of {dscr} does not meet the {min_dscr} minimum.",
])
def test_one_invented_problem_in_prose_fails_coverage(coverage, invented):
    generated, workspace = coverage
    out = workspace / layout.OUT_DIR
    memo = _careful_clean_memo(generated.oracle())
    _write_memo(out / "credit_memo.docx", [*memo, invented.format(**_coverage_figures(generated.oracle()))])
    receipt = evaluate(generated, out, workspace)
    assert "no_invented_issues" in failed_ids(receipt)
    assert receipt["det_completion"] is False


def test_invented_issue_in_completion_or_result_fails_coverage(coverage):
    """An issues_found entry claiming a difference, and a Result of Breach on a passing ratio, each fail."""
    import openpyxl

    generated, workspace = coverage
    out = workspace / layout.OUT_DIR
    completion_path = out / layout.COMPLETION_JSON
    original = completion_path.read_text()
    completion_path.write_text(json.dumps({**json.loads(original), "issues_found": [
        "The certificate's DSCR is misstated: the bonus should have been treated as a distribution."]}))
    assert "no_invented_issues" in failed_ids(evaluate(generated, out, workspace))
    completion_path.write_text(original)
    book = openpyxl.load_workbook(out / "covenant_test.xlsx")
    book["Covenants"]["D3"] = "Breach"
    book.save(out / "covenant_test.xlsx")
    assert {"no_invented_issues", "dscr_result"} <= failed_ids(evaluate(generated, out, workspace))


# ------------------------------------------------------------------------------------ the hard level (issue 25)
def _hard(scenario_cache, tmp_path, set_name):
    """The hard bundle at seed 42 in ``set_name`` and a private copy of its solved workspace."""
    generated = scenario_cache.get(TASK, 42, set_name, "hard")
    return generated, copy_workspace(scenario_cache.reference(TASK, 42, set_name, "hard"), tmp_path)


@pytest.mark.parametrize("set_name", ["challenge", "coverage"])
def test_hard_minimum_comes_from_the_second_amendment(scenario_cache, tmp_path, set_name):
    """The amendment sets 1.20x for the test quarter; in the coverage set the ratio sits between 1.20x and 1.25x."""
    generated, _ = _hard(scenario_cache, tmp_path, set_name)
    assert (generated.bundle / layout.INPUTS_DIR / "credit_agreement_second_amendment.docx").is_file()
    facts = generated.oracle()["facts"]
    assert facts["min_dscr"] == "1.20"
    dscr = Decimal(facts["dscr"])
    if generated.oracle()["set"] == "coverage":
        assert Decimal("1.20") <= dscr < Decimal("1.25")
    else:
        assert dscr < Decimal("1.20") <= Decimal(facts["certificate"]["dscr"])


def test_hard_coverage_breach_against_the_original_minimum_is_invented(scenario_cache, tmp_path):
    """Reading only the agreement (1.25x) turns the passing ratio into a breach: dscr_result and no_invented_issues
    fail. Comparing the ratio with the original level, while passing it under the amendment, is fair."""
    import openpyxl

    generated, workspace = _hard(scenario_cache, tmp_path, "coverage")
    out = workspace / layout.OUT_DIR
    v = _coverage_figures(generated.oracle())
    _write_memo(out / "credit_memo.docx", [*_careful_clean_memo(generated.oracle()),
                                           f"At {v['dscr']} the ratio is below the 1.25x minimum of the original "
                                           f"agreement, but above the {v['min_dscr']} set by the Second Amendment, "
                                           "so it passes."])
    assert failed_ids(evaluate(generated, out, workspace)) == set()
    book = openpyxl.load_workbook(out / "covenant_test.xlsx")
    book["Covenants"]["D3"] = "Breach"
    book.save(out / "covenant_test.xlsx")
    assert {"dscr_result", "no_invented_issues"} <= failed_ids(evaluate(generated, out, workspace))


def test_hard_challenge_memo_against_the_unamended_minimum_fails(scenario_cache, tmp_path):
    """The breach stated against 1.25x only (the amendment not read) does not state the minimum that applies."""
    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    dscr, minimum, certified, bonus, receivable, tnw, min_tnw = _memo_figures(generated.oracle())
    assert minimum == "1.20x"
    out = workspace / layout.OUT_DIR
    _write_memo(out / "credit_memo.docx", [
        f"The DSCR of {dscr} is below the 1.25x minimum: a breach.", *_certificate_and_tnw_findings(generated.oracle())])
    assert "memo_dscr_breach" in failed_ids(evaluate(generated, out, workspace))


# ------------------------------------------------------------------------------ misleading-answer audit (BANK-01 1.8)
def _memo_plus(out, *blocks):
    import docx

    document = docx.Document(out / "credit_memo.docx")
    for block in blocks:
        if isinstance(block, tuple):
            document.add_heading(block[1], level=2)
        else:
            document.add_paragraph(block)
    document.save(out / "credit_memo.docx")


@pytest.mark.parametrize("blocks", [
    ["On reflection, the Debt Service Coverage Ratio is {other}."],
    ["In conclusion, the DSCR covenant is met and there is no breach."],
    [("heading", "Breaches"), "Debt Service Coverage Ratio {dscr} against the {minimum} minimum - not a breach; the "
                              "covenant is met."],
])
def test_a_later_paragraph_taking_the_dscr_breach_back_fails(generated, solved, blocks):
    """Audit K1/K2 (1.7 passed): the breach stated in Results, then another ratio, a closing 'no breach', or the
    ratio listed under 'Breaches' with its own sentence denying it."""
    dscr, minimum, *_ = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _memo_plus(out, *[b if isinstance(b, tuple) else b.format(dscr=dscr, minimum=minimum, other="1.31x")
                      for b in blocks])
    assert failed_ids(evaluate(generated, out, solved)) == {"memo_dscr_breach"}


def test_completion_clearing_the_dscr_fails(generated, solved):
    out = solved / layout.OUT_DIR
    path = out / layout.COMPLETION_JSON
    body = json.loads(path.read_text())
    body["issues_found"].append("On review, the DSCR covenant is met; there is no breach.")
    path.write_text(json.dumps(body))
    assert failed_ids(evaluate(generated, out, solved)) == {"memo_dscr_breach"}


def test_a_closing_summary_giving_the_certified_tangible_net_worth_fails(generated, solved):
    """Audit K1 (1.7 passed): the certificate's tangible net worth given later as ours."""
    certified = generated.oracle()["facts"]["certificate"]["tnw"]
    out = solved / layout.OUT_DIR
    _memo_plus(out, f"In summary, Tangible Net Worth is ${Decimal(certified):,.0f}, well above the minimum.")
    assert failed_ids(evaluate(generated, out, solved)) == {"memo_tnw"}


def test_a_leverage_result_in_the_memo_fails_leverage_not_guessed(generated, solved):
    """Audit K1 (1.7 passed): the workbook leaves leverage Not tested; the memo's recommendation gives it a ratio and
    a pass."""
    out = solved / layout.OUT_DIR
    _memo_plus(out, "Recommendation: leverage (Total Funded Debt to EBITDA) is 2.10x, in compliance.")
    assert failed_ids(evaluate(generated, out, solved)) == {"leverage_not_guessed"}


def test_a_later_paragraph_calling_the_certificate_right_fails(generated, solved):
    """Audit K1 (1.7 passed): the differences explained, then "the certificate agrees with our figures"."""
    out = solved / layout.OUT_DIR
    _memo_plus(out, "On review, the borrower's certificate agrees with our figures and the bonus add-back is "
                    "permitted.")
    assert failed_ids(evaluate(generated, out, solved)) == {"memo_certificate_differences"}


def test_fair_rewording_with_history_requirements_and_what_agrees_passes(generated, solved):
    """Fair: the breach again in other words, tangible net worth at an earlier quarter end, the leverage limit, what
    the certificate gets right and a requirement ("must be at least ... to be in compliance")."""
    dscr, minimum, *_ = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _memo_plus(out, f"To be clear: the DSCR of {dscr} falls short of the {minimum} minimum, which is a breach.",
               f"The DSCR must be at least {minimum} to be in compliance.",
               "Tangible Net Worth was $3,608,578 at September 30, 2024.",
               "Leverage (maximum 3.50x) is not tested until the missing quarter arrives.",
               "These items agree with our figures: Funded Debt and debt service; the bonus add-back does not.")
    receipt = evaluate(generated, out, solved)
    assert receipt["det_completion"] is True, failed_ids(receipt)


@pytest.mark.parametrize("sentence, failed", [
    ("The DSCR minimum was 1.25x before the Second Amendment; the amended minimum is 1.20x.", set()),
    ("Under the original agreement the DSCR had to be at least 1.25x.", set()),
    ("On reflection, the Debt Service Coverage Ratio is 1.31x.", {"memo_dscr_breach"}),
    ("In conclusion, the DSCR covenant is met.", {"memo_dscr_breach"}),
])
def test_hard_original_minimum_is_a_level_and_a_later_ratio_or_pass_a_second_answer(scenario_cache, tmp_path, sentence,
                                                                                     failed):
    """BANK-01 1.8 read "the DSCR minimum was 1.25x before the Second Amendment" as a second DSCR; a
    figure introduced as a limit is the covenant's level. Another ratio or a closing pass still fails."""
    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    out = workspace / layout.OUT_DIR
    _memo_plus(out, sentence)
    assert failed_ids(evaluate(generated, out, workspace)) == failed


# --- the hard level's content-controlled tangible net worth level (generator 1.2, evaluator 1.13; issue 25) ----------
AMENDMENT = "credit_agreement_second_amendment.docx"
#: What a reader of the amendment's direct runs (python-docx's Paragraph.text) fails: it tests tangible net worth
#: against the agreement's level, a breach, where the reset level in the content control gives a pass.
CONTROL_CRITERIA = {"tnw_result", "memo_tnw"}
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _controls(path) -> dict[str, str]:
    """{alias: text} of the content controls in a Word document's body (zipfile + ElementTree)."""
    import zipfile
    from xml.etree import ElementTree

    with zipfile.ZipFile(path) as package:
        root = ElementTree.fromstring(package.read("word/document.xml"))
    return {sdt.find(f"{W}sdtPr/{W}alias").get(f"{W}val"): "".join(t.text or "" for t in sdt.iter(f"{W}t"))
            for sdt in root.iter(f"{W}sdt")}


@pytest.mark.parametrize("set_name", ["challenge", "coverage"])
def test_hard_tnw_level_is_only_in_the_amendment_s_content_control(scenario_cache, tmp_path, set_name):
    """The restated 6.3's reset level is the template's content control ("Amended level"): a reader of every w:t
    sees it in the sentence, python-docx's Paragraph.text leaves a gap there. The agreement's level lies above the
    borrower's tangible net worth, the reset one at or below it (a pass). The challenge certificate states the
    agreement's level (its unreduced figure clears it), the coverage certificate the reset one."""
    import docx

    generated, _ = _hard(scenario_cache, tmp_path, set_name)
    oracle = generated.oracle()
    facts = oracle["facts"]
    level = f"${Decimal(facts['min_tnw']):,.0f}"
    inputs = generated.bundle / layout.INPUTS_DIR
    assert _controls(inputs / AMENDMENT) == {"Amended level": level}
    quick = "\n".join(p.text for p in docx.Document(inputs / AMENDMENT).paragraphs)
    assert level not in quick and "Tangible Net Worth of not less than  as of the last day" in quick
    full = "\n".join("".join(t.text or "" for t in p._p.iter(f"{W}t"))
                     for p in docx.Document(inputs / AMENDMENT).paragraphs)
    assert f"Tangible Net Worth of not less than {level} as of the last day of each fiscal quarter ending on or " \
           "after September 30, 2025" in full
    tnw, minimum, agreed = (Decimal(facts[k]) for k in ("tangible_net_worth", "min_tnw", "original_min_tnw"))
    assert minimum <= tnw < agreed and minimum % 50000 == agreed % 50000 == 0
    agreement = "\n".join(p.text for p in docx.Document(inputs / "credit_agreement.docx").paragraphs)
    assert f"Tangible Net Worth of not less than ${agreed:,.0f} as of the last day" in agreement
    certificate = docx.Document(inputs / "compliance_certificate_2025Q3.docx")
    required = next(r.cells[1].text for r in certificate.tables[0].rows if r.cells[0].text.startswith("Tangible"))
    assert oracle["expected_results"]["tnw"] == "Pass"
    assert {"tnw_minimum_reset"} <= {p["id"] for p in oracle["planted_items"]}
    if set_name == "challenge":
        assert agreed <= Decimal(facts["certificate"]["tnw"]) and required == f">= ${agreed:,.0f}"
        # the three of the standard level and the certificate's Funded Debt without the footnote's letter of credit
        assert generated.task()["designed_features"]["planted_errors"] == 4
    else:
        assert required == f">= {level}"


def test_standard_level_has_no_content_control(scenario_cache):
    """The item is the hard level's alone: no Word input of the standard bundles carries a content control."""
    for seed in SEEDS:
        for path in (scenario_cache.get(TASK, seed).bundle / layout.INPUTS_DIR).glob("*.docx"):
            assert _controls(path) == {}, path.name


@pytest.mark.parametrize("set_name, careless", [("challenge", CONTROL_CRITERIA),
                                                ("coverage", CONTROL_CRITERIA | {"no_invented_issues"})])
def test_hard_reference_reads_the_control_and_paragraph_text_only_fails_only_its_criteria(scenario_cache, tmp_path,
                                                                                          set_name, careless):
    """The reference (every w:t of each paragraph) passes Tangible Net Worth against the reset level;
    paragraph_text_only, the same work with the amendment read as Paragraph.text gives it, tests against the
    agreement's level and calls a breach: it fails exactly the criteria the level decides (on clean records the
    breach is also an invented issue)."""
    from scenario_harness import make_workspace, run_solution

    generated, workspace = _hard(scenario_cache, tmp_path, set_name)
    reference = evaluate(generated, workspace / layout.OUT_DIR, workspace)
    assert reference["det_completion"] is True, failed_ids(reference)
    assert CONTROL_CRITERIA <= {c["id"] for c in reference["required_criteria"] if c["passed"]}
    quick = make_workspace(generated.bundle, tmp_path / "careless")
    out = run_solution(generated, quick, ["--variant", "paragraph_text_only"])
    assert failed_ids(evaluate(generated, out, quick)) == careless


@pytest.mark.parametrize("sentence, failed", [
    ("Tangible Net Worth of {tnw} meets the {min_tnw} minimum as reset by the Second Amendment.", set()),
    ("Tangible Net Worth of {tnw} against the {min_tnw} minimum; the covenant is met.", set()),
    ("Tangible Net Worth of {tnw} is below the original {agreed} minimum but above the {min_tnw} set by the Second "
     "Amendment, so it passes.", set()),
    # the agreement's level applied, or the pass taken back
    ("Tangible Net Worth of {tnw} is below the {agreed} minimum of Section 6.3: a breach.", {"memo_tnw"}),
    ("Tangible Net Worth of {tnw} against the {min_tnw} minimum; the covenant is breached.", {"memo_tnw"}),
    ("Tangible Net Worth of {tnw} against the {min_tnw} minimum: pass. On reflection, Tangible Net Worth of {tnw} "
     "does not meet the covenant.", {"memo_tnw"}),
])
def test_hard_tnw_against_the_reset_level(scenario_cache, tmp_path, sentence, failed):
    """Evaluator 1.13: at the hard challenge level memo_tnw wants the reset minimum and never the figure given as a
    breach; a comparison with the original level is fair. The reference memo's tangible net worth line is replaced
    by ``sentence``."""
    import docx

    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    facts = generated.oracle()["facts"]
    figures = {k: f"${Decimal(facts[v]):,.0f}" for k, v in (("tnw", "tangible_net_worth"), ("min_tnw", "min_tnw"),
                                                            ("agreed", "original_min_tnw"))}
    path = workspace / layout.OUT_DIR / "credit_memo.docx"
    memo = docx.Document(path)
    line = next(p for p in memo.paragraphs if p.text.startswith("Tangible Net Worth (6.3)"))
    line.text = sentence.format(**figures)
    memo.save(path)
    assert failed_ids(evaluate(generated, path.parent, workspace)) == failed


#: What the independent solvers' work, done before the reset level existed, now fails: it states the minimum the
#: agreement had then (a pass), which is neither the agreement's level now nor the reset one. Done before the
#: voluntary prepayment existed too (generator 1.3), it gives the funded debt of a balance sheet whose term loan
#: (and, where the revolver funded the prepayment, revolving line) has since moved; its debt service, scheduled
#: principal and cash interest, is still the instance's.
FIXTURE_CRITERIA = {"memo_tnw", "total_funded_debt"}


# ------------------------------------------------------------------- independent solution at seed 9458 (BANK-01 1.10)
def test_an_independent_solvers_hard_work_at_seed_9458_misses_only_the_reset_level(tmp_path):
    """tests/fixtures/bank01-hard-seed9458: 1.9 read "Without the add-back the DSCR is 1.16x, and the covenant is
    breached, not met" (the memo's certificate exceptions) as the memo denying the breach it states. The work was
    done before the amendment's reset Tangible Net Worth minimum existed (generator 1.2): its result stands (a
    pass) but the minimum it states is not the one that applies, so it fails memo_tnw; done before the voluntary
    prepayment (generator 1.3), its funded debt is that of the balance sheet before it (:data:`FIXTURE_CRITERIA`);
    done before the Funded Debt footnote too (generator 1.4), which moves that same figure again."""
    receipt = grade_fixture(TASK, 9458, "bank01-hard-seed9458", tmp_path)
    assert failed_ids(receipt) == FIXTURE_CRITERIA, failed_ids(receipt)


@pytest.mark.parametrize("sentence, failed", [
    ("Without the add-back the DSCR is {dscr}, and the covenant is breached, not met.", set()),
    ("Without the bonus add-back, the DSCR is {dscr}, and the covenant is breached.", set()),
    ("Without the add-back the DSCR is {dscr} and the covenant is met.", {"memo_dscr_breach"}),
    ("Without the add-back, the DSCR is {dscr} and there is no breach.", {"memo_dscr_breach"}),
    ("On review, the DSCR covenant is met; there is no breach.", {"memo_dscr_breach"}),
    ("DSCR {dscr} - not a breach.", {"memo_dscr_breach"}),
])
def test_a_fronted_without_phrase_negates_only_itself(generated, solved, sentence, failed):
    """1.9 false fail (independent solver, seed 9458): a "Without the add-back" that opens the sentence negated the
    whole clause after it, so "the covenant is breached" read as "no breach". The phrase negates only itself now;
    the main clause after it still counts when it calls the DSCR met (1.9 passed that: "met" sat under "Without"),
    and a denial of the breach anywhere still fails."""
    dscr, *_ = _memo_figures(generated.oracle())
    out = solved / layout.OUT_DIR
    _memo_plus(out, sentence.format(dscr=dscr))
    assert failed_ids(evaluate(generated, out, solved)) == failed


# ------------------------------------------------------------------------------ fair-wording audit (BANK-01 1.11)
def _signatory(generated) -> str:
    """The surname of the borrower's officer who signed the certificate ("Signed: Ulric Pemberton, Chief ...")."""
    import docx

    document = docx.Document(generated.bundle / layout.INPUTS_DIR / "compliance_certificate_2025Q3.docx")
    signed = next(p.text for p in document.paragraphs if p.text.startswith("Signed:"))
    return signed.removeprefix("Signed:").split(",")[0].split()[-1]


def _fair_wording(generated, template: str) -> str:
    """``template`` filled with the hard instance's figures: {dscr}, {minimum}, {certified} (the certificate's DSCR),
    {bonus}, {receivable}, {tnw}, {cert_tnw}, {cert_lev}, {distributions} and {officer} (the certificate's
    signatory)."""
    oracle = generated.oracle()
    facts = oracle["facts"]
    dscr, minimum, certified, bonus, receivable, tnw, _ = _memo_figures(oracle)
    return template.format(dscr=dscr, minimum=minimum, certified=certified, bonus=bonus, receivable=receivable,
                           tnw=tnw, cert_tnw=f"${Decimal(facts['certificate']['tnw']):,.0f}",
                           cert_lev=f"{Decimal(facts['certificate']['leverage']):.2f}x",
                           distributions=f"${Decimal(facts['distributions_ytd']):,.0f}", officer=_signatory(generated))


def _with_wording(generated, workspace, where: str, sentence: str) -> set[str]:
    """Failed ids once ``sentence`` (filled, :func:`_fair_wording`) is added to the memo or to COMPLETION.json's
    ``where`` (``"memo"``, ``"issues_found"``, ``"summary"``)."""
    out = workspace / layout.OUT_DIR
    text = _fair_wording(generated, sentence)
    if where == "memo":
        _memo_plus(out, text)
    else:
        path = out / layout.COMPLETION_JSON
        body = json.loads(path.read_text())
        if where == "summary":
            body["summary"] += " " + text
        else:
            body[where].append(text)
        path.write_text(json.dumps(body))
    return failed_ids(evaluate(generated, out, workspace))


@pytest.mark.parametrize("where, sentence", [
    # K1: the borrower's words reported and refused
    ("memo", "Mr {officer} states that the bonus add-back is permitted as a non-recurring item; the EBITDA definition "
             "allows no such add-back without the Bank's written consent, which we have not given."),
    ("memo", "Mr {officer} states leverage is {cert_lev}; we have not tested it, because the Q4 2024 statements are "
             "not in our file."),
    ("issues_found", "Mr {officer} wrote that the DSCR covenant is met; it is not."),
    ("memo", "Lucinda Kettering says the DSCR is {certified}; on the agreement's definitions it is {dscr}."),
    # K3: a forecast under its condition
    ("memo", "The DSCR is expected to recover to 1.28x once the laser cell is in full production, but that does not "
             "cure the breach at September 30, 2025."),
    # K4: requests to verify
    ("memo", "Whether the Q3 bonus add-back is permitted should be confirmed with the Bank's counsel before the "
             "committee meets; we have not allowed it."),
    ("memo", "Please have a second analyst check whether the DSCR covenant is met on our figures before this goes "
             "to committee."),
    # K5: earlier quarters
    ("memo", "At September 30, 2024 the DSCR covenant was met."),
    ("memo", "For the quarter ended June 30, 2025 the DSCR was 1.31x and the covenant was met."),
    ("summary", "Q3 2024's DSCR covenant was met; this quarter it is breached at {dscr}."),
    # K6: a figure named to be set aside
    ("memo", "A DSCR of {certified} is not supported by the statements; the DSCR is {dscr}."),
    ("memo", "Tangible Net Worth of {cert_tnw} is not supported by the definition; it is {tnw}."),
    # K8: a part beside the total
    ("memo", "Before distributions of {distributions} the DSCR would be 1.55x; after them it is {dscr}, below the "
             "{minimum} minimum."),
    ("memo", "For the third quarter alone the DSCR is 0.85x; year to date it is {dscr}."),
    ("memo", "Tangible Net Worth before the {receivable} due from shareholder is deducted is {cert_tnw}; after it, "
             "{tnw}."),
    # K9: suppositions
    ("memo", "If the Bank consented to the bonus add-back, the DSCR would be {certified} and the covenant would be "
             "met."),
    ("memo", "Had the bonus been paid after September 30, 2025, the DSCR would have been {certified} and the "
             "covenant met."),
    # K10: a label naming the earlier year
    ("memo", "The DSCR for fiscal 2024 was 1.41x."),
    ("memo", "The FY2024 DSCR of 1.41x met the 1.25x minimum then in force."),
])
def test_fair_wordings_of_the_borrower_s_words_forecasts_checks_and_other_periods_pass(scenario_cache, tmp_path,
                                                                                       where, sentence):
    """1.10 false fails (the fair-wording audit, hard seed 42): the borrower's words reported and refused, a
    forecast under its condition, a request to check, an earlier quarter or fiscal year, a figure set aside, a part
    of the ratio or of tangible net worth and a supposition were each read as a second answer (memo_dscr_breach,
    memo_certificate_differences, memo_tnw, leverage_not_guessed)."""
    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    assert _with_wording(generated, workspace, where, sentence) == set()


@pytest.mark.parametrize("where, sentence, failed", [
    ("memo", "Mr {officer} states that the bonus add-back is permitted, and we agree.", "memo_certificate_differences"),
    ("memo", "As Mr {officer} states, the bonus add-back is permitted.", "memo_certificate_differences"),
    ("memo", "Mr {officer} states leverage is {cert_lev}, and we agree.", "leverage_not_guessed"),
    ("issues_found", "Mr {officer} wrote that the DSCR covenant is met; it is met.", "memo_dscr_breach"),
    ("memo", "Section 6.2 as amended requires a DSCR of not less than {minimum}, and the covenant is met.",
     "memo_dscr_breach"),
    ("memo", "The DSCR is expected to recover to 1.28x.", "memo_dscr_breach"),
    ("memo", "The DSCR is expected to recover to 1.28x once the laser cell is in full production, and there is no "
             "breach at September 30, 2025.", "memo_dscr_breach"),
    ("memo", "We checked whether the DSCR covenant is met: it is met.", "memo_dscr_breach"),
    ("memo", "We asked counsel whether the bonus add-back is permitted; the bonus add-back is permitted.",
     "memo_certificate_differences"),
    ("memo", "At June 30, 2025 the DSCR covenant was met, and it is still met.", "memo_dscr_breach"),
    ("memo", "At June 30, 2025 and at September 30, 2025 the DSCR covenant is met.", "memo_dscr_breach"),
    ("memo", "A DSCR of {certified} is not a breach.", "memo_dscr_breach"),
    ("memo", "A DSCR of {certified} is correct.", "memo_dscr_breach"),
    ("memo", "Overall, the DSCR is 0.85x; year to date it is {dscr}.", "memo_dscr_breach"),
    ("memo", "Tangible Net Worth, after every deduction, is {cert_tnw}.", "memo_tnw"),
    ("memo", "If the Bank consented to the bonus add-back, the DSCR would be {certified}; the covenant is met.",
     "memo_dscr_breach"),
    ("memo", "The fiscal 2025 DSCR is 1.41x.", "memo_dscr_breach"),
    ("memo", "The certificate shows {certified}; on review the DSCR covenant is met.", "memo_dscr_breach"),
])
def test_the_writer_s_own_second_answer_in_the_same_words_still_fails(scenario_cache, tmp_path, where, sentence,
                                                                       failed):
    """Kept strict beside 1.11: the reported words taken up ("and we agree", "As Mr X states, ..."), a finding
    stated after a requirement, a check, a supposition or an earlier quarter, an unconditional forecast, the test
    date named beside an earlier one, a figure called right or "not a breach", an unqualified second ratio, this
    fiscal year's ratio. 1.10 passed the requirement one and "The certificate shows ...; on review the DSCR covenant
    is met" (it left out a whole sentence on a requirement or the certificate in any clause)."""
    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    assert _with_wording(generated, workspace, where, sentence) == {failed}


# ------------------------------------------------------------------- independent solution at seed 9504 (BANK-01 1.12)
def test_an_independent_solvers_hard_work_at_seed_9504_misses_only_the_reset_level(tmp_path):
    """tests/fixtures/bank01-hard-seed9504: 1.11 read the certificate's figures in the memo's list of certificate
    issues ("CFADS and the DSCR are overstated (1.38x shown; correct figure 1.09x, a breach)", "TNW is overstated
    ($5,277,585 shown; correct figure $4,834,333, still a pass)") as a second DSCR and a second tangible net worth.
    Done before the amendment's reset Tangible Net Worth minimum existed (generator 1.2), its result stands (a pass)
    but the minimum it states is not the one that applies, so it fails memo_tnw; done before the voluntary prepayment
    (generator 1.3), its funded debt is that of the balance sheet before it (:data:`FIXTURE_CRITERIA`); done before
    the Funded Debt footnote too (generator 1.4), which moves that same figure again."""
    receipt = grade_fixture(TASK, 9504, "bank01-hard-seed9504", tmp_path)
    assert failed_ids(receipt) == FIXTURE_CRITERIA, failed_ids(receipt)


#: The seed-9504 solver's lead-in to its list of what the certificate gets wrong.
ISSUES_LEAD_IN = "Issues found in the certificate:"


def _memo_plus_wording(generated, out, blocks) -> None:
    """``blocks`` (strings filled by :func:`_fair_wording`, ``("heading", text)`` tuples) added to the memo."""
    _memo_plus(out, *[b if isinstance(b, tuple) else _fair_wording(generated, b) for b in blocks])


@pytest.mark.parametrize("blocks", [
    # the seed-9504 solver's items under its lead-in
    [ISSUES_LEAD_IN,
     '1. Schedule 2 adds back a {bonus} "non-recurring owner bonus" to EBITDA. The definition does not allow it, so '
     "CFADS and the DSCR are overstated ({certified} shown; correct figure {dscr}, a breach).",
     "2. Schedule 3 leaves out the deduction of {receivable} due from shareholder that the Tangible Net Worth "
     "definition requires. TNW is overstated ({cert_tnw} shown; correct figure {tnw}, still a pass)."],
    # the same items with no lead-in: "N shown" beside the correct figure
    [("heading", "Further notes"), "CFADS and the DSCR are overstated ({certified} shown; correct figure {dscr}, a "
                                   "breach).",
     "TNW is overstated ({cert_tnw} shown; correct figure {tnw}, still a pass)."],
    # "shown as N", "overstated at N", "N per Schedule 2", a figure paired with the correct one
    [("heading", "Further notes"), "In Schedule 2 the DSCR is shown as {certified}; on the definitions it is {dscr}, "
                                   "a breach."],
    [("heading", "Further notes"), "Schedule 3 gives Tangible Net Worth overstated at {cert_tnw}, as the "
                                   "{receivable} due from shareholder is not deducted."],
    [("heading", "Further notes"), "DSCR {certified} per Schedule 2, against {dscr} on the agreement's definitions: a "
                                   "breach."],
    [("heading", "Further notes"), "Tangible Net Worth is overstated ({cert_tnw}; correct figure {tnw})."],
    # a lead-in about the certificate's errors: its items give the certificate's figures
    ["Errors in the certificate:", "The DSCR of {certified} includes the {bonus} owner bonus.",
     "Tangible Net Worth of {cert_tnw} leaves in the {receivable} due from shareholder."],
])
def test_the_certificate_s_figures_marked_or_listed_as_its_issues_pass(generated, solved, blocks):
    """1.11 false fail (independent solver, hard seed 9504): a figure the memo marks as the certificate's ("1.38x
    shown", "shown as", "overstated at", "per Schedule 2", paired with "correct figure ...") or lists under a lead-in
    about the certificate's issues is the certificate's, not a second DSCR or tangible net worth."""
    out = solved / layout.OUT_DIR
    _memo_plus_wording(generated, out, blocks)
    receipt = evaluate(generated, out, solved)
    assert failed_ids(receipt) == set(), failed_ids(receipt)


@pytest.mark.parametrize("blocks, failed", [
    (["The DSCR is {certified} and passes."], "memo_dscr_breach"),
    (["DSCR {dscr} (breach); on the borrower's basis {certified}, which we accept."], "memo_dscr_breach"),
    (["TNW is {cert_tnw}."], "memo_tnw"),
    (["DSCR of {dscr} or {certified} depending on the bonus."], "memo_dscr_breach"),
    # the pairing read the other way: the correct figure is the writer's own
    (["CFADS and the DSCR are overstated ({dscr} shown; correct figure {certified}, a pass)."], "memo_dscr_breach"),
    (["TNW is overstated ({tnw} shown; correct figure {cert_tnw})."], "memo_tnw"),
    # a marked figure taken up
    (["TNW is {cert_tnw} per Schedule 3, which we accept."], "memo_tnw"),
    # a lead-in about the certificate's issues does not make the writer's pass the certificate's
    ([ISSUES_LEAD_IN, "The DSCR is {certified} and passes."], "memo_dscr_breach"),
])
def test_the_certificate_s_figure_given_or_taken_up_as_ours_still_fails(generated, solved, blocks, failed):
    """Kept strict beside 1.12: the certificate's DSCR or tangible net worth given as the memo's own, accepted
    ("which we accept"), offered beside ours ("1.09x or 1.38x"), or named the correct figure."""
    out = solved / layout.OUT_DIR
    _memo_plus_wording(generated, out, [("heading", "Conclusion"), *blocks])
    assert failed_ids(evaluate(generated, out, solved)) == {failed}


# ------------------------------- the hard challenge level's voluntary prepayment (generator 1.3, evaluator 1.14; issue 25)
PREPAYMENT = "term_loan_voluntary_prepayment"
#: What counting the voluntary prepayment as debt service fails: the debt service line, the ratio and the memo's
#: breach stated with the right ratio.
PREPAYMENT_CRITERIA = {"debt_service_ytd", "dscr", "memo_dscr_breach"}


def _package_text(path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(str(path)).pages)


def _agreement_text(generated) -> str:
    import docx

    return "\n".join(p.text for p in docx.Document(generated.bundle / layout.INPUTS_DIR / "credit_agreement.docx")
                     .paragraphs)


@pytest.mark.parametrize("seed", [42, 7, 11, 2026])
def test_hard_prepayment_is_in_the_repayment_line_and_the_debt_note_but_not_in_debt_service(scenario_cache, seed):
    """The test quarter's "Repayments of term loan" holds the scheduled instalment plus the voluntary prepayment the
    debt note discloses; the hard agreement's Debt Service excludes it; the oracle's debt service and DSCR leave it
    out (a breach below 1.20x), the certificate's debt service too (its DSCR differs from ours only by the bonus);
    counted, it moves the ratio by far more than the tolerance."""
    generated = scenario_cache.get(TASK, seed, "challenge", "hard")
    oracle = generated.oracle()
    facts, item = oracle["facts"], {p["id"]: p for p in oracle["planted_items"]}[PREPAYMENT]
    prepaid, service = Decimal(item["amount"]), Decimal(facts["debt_service_ytd"])
    assert item["error"] is False and item["quarter"] == "2025Q3" and prepaid > 0 and prepaid % 25000 == 0
    assert generated.task()["designed_features"]["planted_errors"] == 4  # the prepayment is no error
    text = _package_text(generated.bundle / layout.INPUTS_DIR / "financial_statements_2025Q3.pdf")
    assert f"voluntary prepayment of ${prepaid:,.0f} of the term loan" in text
    assert f"Repayments of term loan ({Decimal(item['repayments_line']):,.0f})" in text
    assert "excluding any voluntary prepayment of principal and repayments of Revolving Loans" in _agreement_text(generated)
    assert Decimal(item["debt_service"]) == service and Decimal(item["naive_debt_service"]) == service + prepaid
    dscr, naive = Decimal(facts["dscr"]), Decimal(item["naive_dscr"])
    assert naive < dscr - Decimal("0.05") and dscr < Decimal(facts["min_dscr"])
    import docx

    certificate = docx.Document(generated.bundle / layout.INPUTS_DIR / "compliance_certificate_2025Q3.docx")
    cells = {row.cells[0].text: row.cells[-1].text for table in certificate.tables for row in table.rows}
    assert cells["Debt service (scheduled principal and cash interest)"] == f"${service:,.0f}"
    bonus = {p["id"]: p for p in oracle["planted_items"]}["certificate_bonus_addback"]
    cfads = Decimal(facts["cash_flow_available_for_debt_service"])
    assert round((cfads + Decimal(bonus["amount"])) / service, 2) == Decimal(facts["certificate"]["dscr"])


@pytest.mark.parametrize("seed, set_name, level", [(42, "challenge", "standard"), (7, "challenge", "standard"),
                                                   (42, "coverage", "hard")])
def test_no_prepayment_outside_the_hard_challenge_level(scenario_cache, seed, set_name, level):
    """The standard level keeps its agreement wording and its packages; the hard coverage set has clean records."""
    generated = scenario_cache.get(TASK, seed, set_name, level)
    assert PREPAYMENT not in {p["id"] for p in generated.oracle()["planted_items"]}
    text = _package_text(generated.bundle / layout.INPUTS_DIR / "financial_statements_2025Q3.pdf")
    assert "voluntary prepayment" not in text
    wording = "(excluding any voluntary prepayment of principal and repayments of Revolving Loans)" if level == "hard" \
        else "(excluding repayments of Revolving Loans)"
    assert wording in _agreement_text(generated)


@pytest.mark.parametrize("seed", [42, 7, 11, 2026])
def test_hard_reference_leaves_the_prepayment_out_and_naive_prepayment_fails_only_its_criteria(scenario_cache,
                                                                                                tmp_path, seed):
    """The reference (debt service less the prepayment its debt note discloses) passes at full marks;
    naive_prepayment, the same work with the repayment lines summed as they stand, fails exactly
    :data:`PREPAYMENT_CRITERIA` (its ratio is a deeper breach, so dscr_result still passes)."""
    _reference_passes_and_variant_fails_only(scenario_cache, tmp_path, seed, "naive_prepayment", PREPAYMENT_CRITERIA,
                                             (PREPAYMENT, "debt_service_ytd", "naive_debt_service"))


def _reference_passes_and_variant_fails_only(scenario_cache, tmp_path, seed: int, variant: str, criteria: set[str],
                                             naive: tuple[str, str, str]) -> None:
    """At the hard challenge level at ``seed``: the reference passes at full marks and the wrong solution
    ``variant`` fails exactly ``criteria``; ``naive`` is ``(planted item id, criterion, the item's field)``: that
    criterion's detail shows the item's naive figure as what the variant gave."""
    from scenario_harness import make_workspace, run_solution

    generated = scenario_cache.get(TASK, seed, "challenge", "hard")
    reference = evaluate(generated, *_solved(scenario_cache, seed, tmp_path))
    assert reference["det_completion"] is True and reference["det_score"] == 1.0, failed_ids(reference)
    workspace = make_workspace(generated.bundle, tmp_path / variant)
    receipt = evaluate(generated, run_solution(generated, workspace, ["--variant", variant]), workspace)
    assert failed_ids(receipt) == criteria
    item_id, criterion, field = naive
    item = {p["id"]: p for p in generated.oracle()["planted_items"]}[item_id]
    detail = {c["id"]: c["detail"] for c in receipt["required_criteria"]}[criterion]
    assert f"got {Decimal(item[field]):,}" in detail


def _solved(scenario_cache, seed, tmp_path):
    """``(out, workspace)`` of a private copy of the reference's hard challenge work at ``seed``."""
    workspace = copy_workspace(scenario_cache.reference(TASK, seed, "challenge", "hard"), tmp_path)
    return workspace / layout.OUT_DIR, workspace


@pytest.mark.parametrize("sentence, failed", [
    ("Debt service of {service} excludes the {prepaid} voluntary prepayment of the term loan in September 2025.",
     set()),
    ("Debt service of {naive} includes the {prepaid} voluntary prepayment of the term loan; the DSCR is {naive_dscr}, "
     "a breach.", {"memo_dscr_breach"}),
])
def test_hard_memo_on_the_prepayment(scenario_cache, tmp_path, sentence, failed):
    """A memo line that leaves the prepayment out of debt service is fair; one that gives the ratio with it counted
    gives the DSCR a second answer."""
    generated = scenario_cache.get(TASK, 42, "challenge", "hard")
    item = {p["id"]: p for p in generated.oracle()["planted_items"]}[PREPAYMENT]
    out, workspace = _solved(scenario_cache, 42, tmp_path)
    _memo_plus(out, sentence.format(service=f"${Decimal(item['debt_service']):,.0f}",
                                    naive=f"${Decimal(item['naive_debt_service']):,.0f}",
                                    prepaid=f"${Decimal(item['amount']):,.0f}",
                                    naive_dscr=f"{Decimal(item['naive_dscr']):.2f}x"))
    assert failed_ids(evaluate(generated, out, workspace)) == failed


# ------------------------------------------------------------------- independent solution at seed 9542 (BANK-01 1.15)
def test_an_independent_solvers_hard_work_at_seed_9542_fails_only_the_footnote_item_it_predates(tmp_path):
    """tests/fixtures/bank01-hard-seed9542: 1.14 read "It also overstates Tangible Net Worth by $366,331 because it
    leaves out the amount due from the shareholder" (the memo's view of the certificate) as a second tangible net
    worth beside $5,512,145; an amount a figure is overstated by is a difference, not the figure. The work was correct
    (full marks under 1.15); solved before the Funded Debt footnote existed (generator 1.4), its Total Funded Debt is
    the balance sheet's debt without the letter of credit: it now fails that item's criterion and nothing else."""
    receipt = grade_fixture(TASK, 9542, "bank01-hard-seed9542", tmp_path)
    assert failed_ids(receipt) == FOOTNOTE_CRITERIA, failed_ids(receipt)


def _tnw_wording(generated, template: str) -> str:
    """``template`` filled as :func:`_fair_wording` fills it, plus {tnw_min} (the reset minimum) and {headroom}
    (tangible net worth less that minimum)."""
    facts = generated.oracle()["facts"]
    headroom = Decimal(facts["tangible_net_worth"]) - Decimal(facts["min_tnw"])
    return _fair_wording(generated, template.replace("{tnw_min}", f"${Decimal(facts['min_tnw']):,.0f}")
                         .replace("{headroom}", f"${headroom:,.0f}"))


@pytest.mark.parametrize("sentence", [
    # the seed-9542 solver's sentence, the certificate named only in the sentence before
    "It also overstates Tangible Net Worth by {receivable} because it leaves out the amount due from the "
    "shareholder.",
    "Tangible Net Worth is overstated by {receivable} because the amount due from the shareholder is not deducted.",
    "Leaving the amount due from the shareholder in would overstate TNW by {receivable}.",
    "Tangible Net Worth exceeds the minimum by {headroom}, which is thin headroom.",
    "Tangible Net Worth is higher than the minimum by only {headroom}.",
    "Tangible Net Worth is {receivable} lower once the amount due from the shareholder is deducted.",
    "Deducting the amount due from the shareholder reduces Tangible Net Worth by {receivable} to {tnw}.",
])
def test_an_amount_tangible_net_worth_is_overstated_or_higher_by_is_a_difference(scenario_cache, tmp_path, sentence):
    """1.14 false fail (independent solver, hard seed 9542): an amount the figure is overstated, higher, over or
    reduced BY, or that is "lower" than it, is a difference (claims.given_as_difference), not a second tangible net
    worth; the figure a change arrives at ("... to $5,512,145") is the covenant's."""
    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    out = workspace / layout.OUT_DIR
    _memo_plus(out, ("heading", "Further notes"), _tnw_wording(generated, sentence))
    assert failed_ids(evaluate(generated, out, workspace)) == set()


@pytest.mark.parametrize("sentence", [
    "Tangible Net Worth is {receivable}.",
    "Tangible Net Worth by our count is {receivable}.",
    "Tangible Net Worth of {tnw} is a breach of the covenant.",
    "TNW is {cert_tnw} against a minimum of {tnw_min}.",
    "Tangible Net Worth is {cert_tnw}, overstated by {receivable}.",
    "Adding back the amount due from the shareholder raises Tangible Net Worth by {receivable} to {cert_tnw}.",
])
def test_a_difference_beside_a_wrong_tangible_net_worth_still_fails(scenario_cache, tmp_path, sentence):
    """Kept strict beside 1.15: the difference said plainly as the figure, a "by" no difference word governs, the
    right figure called a breach, the certificate's figure given as ours (alone, before "overstated by", or as
    the figure a change arrives at)."""
    generated, workspace = _hard(scenario_cache, tmp_path, "challenge")
    out = workspace / layout.OUT_DIR
    _memo_plus(out, ("heading", "Further notes"), _tnw_wording(generated, sentence))
    assert failed_ids(evaluate(generated, out, workspace)) == {"memo_tnw"}


# ------------------------------------------------- the hard challenge level's Funded Debt footnote (generator 1.4)
FOOTNOTE = "funded_debt_letter_of_credit_footnote"
#: What reading the agreement's paragraphs without word/footnotes.xml fails: the Funded Debt figure (leverage stays
#: Not tested for the missing quarter, so no decision turns on it).
FOOTNOTE_CRITERIA = {"total_funded_debt"}
FOOTNOTE_WORDS = "Funded Debt also includes the undrawn face amount of all standby letters of credit"


def _footnotes(path) -> dict[str, str]:
    """{footnote id: its text} of a Word document's word/footnotes.xml (separators left out), {} without the part."""
    import zipfile
    from xml.etree import ElementTree

    with zipfile.ZipFile(path) as package:
        if "word/footnotes.xml" not in package.namelist():
            return {}
        root = ElementTree.fromstring(package.read("word/footnotes.xml"))
    return {n.get(f"{W}id"): "".join(t.text or "" for t in n.iter(f"{W}t")).strip() for n in root
            if n.get(f"{W}type") is None}


def _marked_paragraphs(path) -> list[str]:
    """The body paragraphs of a Word document that carry a footnote reference mark."""
    import zipfile
    from xml.etree import ElementTree

    with zipfile.ZipFile(path) as package:
        root = ElementTree.fromstring(package.read("word/document.xml"))
    return ["".join(t.text or "" for t in p.iter(f"{W}t")) for p in root.iter(f"{W}p")
            if p.find(f".//{W}footnoteReference") is not None]


@pytest.mark.parametrize("seed", [42, 7, 11, 2026])
def test_hard_funded_debt_footnote_is_only_in_footnotes_xml(scenario_cache, seed):
    """The agreement's footnote 1 counts undrawn standby letters of credit in Funded Debt: it is in
    word/footnotes.xml with its mark after the Funded Debt definition, and not in python-docx's paragraphs. The Q3
    debt note discloses the letter of credit; the oracle's Total Funded Debt counts it, the certificate's does not, and
    the difference is far beyond the tolerance (the leverage the oracle keeps still passes 3.50x)."""
    import docx

    generated = scenario_cache.get(TASK, seed, "challenge", "hard")
    oracle = generated.oracle()
    item = {p["id"]: p for p in oracle["planted_items"]}[FOOTNOTE]
    amount = Decimal(item["amount"])
    assert item.get("error", True) is True and amount >= 150000 and amount % 25000 == 0
    inputs = generated.bundle / layout.INPUTS_DIR
    agreement = inputs / "credit_agreement.docx"
    notes = _footnotes(agreement)
    assert list(notes) == ["1"] and FOOTNOTE_WORDS in notes["1"]
    (marked,) = _marked_paragraphs(agreement)
    assert marked.startswith('"Funded Debt" means') and marked.endswith("excluding Subordinated Debt.")
    paragraphs = "\n".join(p.text for p in docx.Document(agreement).paragraphs)
    assert "letters of credit" not in paragraphs and '"Funded Debt" means' in paragraphs
    text = _package_text(inputs / "financial_statements_2025Q3.pdf")
    assert f"standby letter of credit of ${amount:,.0f}" in text and "undrawn at September 30, 2025" in text
    funded, naive = Decimal(oracle["facts"]["total_funded_debt"]), Decimal(item["naive_total_funded_debt"])
    assert funded == naive + amount and Decimal(item["total_funded_debt"]) == funded
    certificate = docx.Document(inputs / "compliance_certificate_2025Q3.docx")
    cells = {row.cells[0].text: row.cells[-1].text for table in certificate.tables for row in table.rows}
    assert cells["Funded Debt at September 30, 2025"] == f"${naive:,.0f}"
    assert Decimal(oracle["facts"]["not_derivable_from_inputs"]["leverage"]) <= Decimal(oracle["facts"]["max_leverage"])


@pytest.mark.parametrize("seed, set_name, level", [(42, "challenge", "standard"), (7, "challenge", "standard"),
                                                   (42, "coverage", "hard"), (7, "coverage", "hard")])
def test_no_footnote_outside_the_hard_challenge_level(scenario_cache, seed, set_name, level):
    """The standard level and the hard coverage set: no footnotes part in any Word input, no letter of credit."""
    generated = scenario_cache.get(TASK, seed, set_name, level)
    assert FOOTNOTE not in {p["id"] for p in generated.oracle()["planted_items"]}
    inputs = generated.bundle / layout.INPUTS_DIR
    for path in inputs.glob("*.docx"):
        assert _footnotes(path) == {}, path.name
    assert "letter of credit" not in _package_text(inputs / "financial_statements_2025Q3.pdf")


@pytest.mark.parametrize("seed", [42, 7, 11, 2026])
def test_hard_reference_reads_the_footnote_and_body_text_only_fails_only_total_funded_debt(scenario_cache, tmp_path,
                                                                                          seed):
    """The reference (word/footnotes.xml read) counts the letter of credit and passes at full marks; body_text_only,
    the same work with the agreement read as python-docx's paragraphs, takes the balance sheet's debt and fails
    exactly :data:`FOOTNOTE_CRITERIA` with the naive figure."""
    _reference_passes_and_variant_fails_only(scenario_cache, tmp_path, seed, "body_text_only", FOOTNOTE_CRITERIA,
                                             (FOOTNOTE, "total_funded_debt", "naive_total_funded_debt"))

