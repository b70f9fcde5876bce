"""BANK-01 evaluator: quarterly covenant compliance test with a missing quarter (SPEC section 4).

Reads out/covenant_test.xlsx (sheets "Calculations" and "Covenants" as the brief's template describes),
out/credit_memo.docx and out/COMPLETION.json. Compares the computable covenant figures with the oracle, requires the
debt service coverage breach to be flagged, the leverage test to be left open (its trailing-twelve-month EBITDA needs
the quarter the file lacks) and the missing quarter to be asked for. Loaded by path with benchmark/validators on
sys.path.

Coverage set (SPEC section 9, issue 16): the file is complete and the certificate agrees with the agreement's
figures. The same figures, formulas and results are graded (leverage now tested and passing, the DSCR passing, at
times close to its minimum), and ``no_invented_issues`` fails on any breach, certificate difference, misstatement,
needless request or question the worker reports (:func:`inventions`), read as a careful reader reads: "no
differences", "not in breach", "a breach would be an Event of Default" are not inventions.

1.11: the second-answer checks (a pass or another ratio for the DSCR, another tangible net worth, a leverage result,
the certificate called right) read what the writer states of the test date (:func:`_as_stated`; fair-wording audit).
1.10 failed the borrower's words reported and refused ("Mr Pemberton states leverage is 1.52x; we have not tested
it", "... wrote that the DSCR covenant is met; it is not"), a forecast under its condition, a request to check
("Whether the Q3 bonus add-back is permitted should be confirmed ..."), an earlier quarter or fiscal year ("At
September 30, 2024 the DSCR covenant was met", "The FY2024 DSCR of 1.41x"), a figure set aside ("A DSCR of 1.37x
is not supported"), a part of the ratio or of tangible net worth ("For the third quarter alone ...", "before the
$310,321 due from shareholder is deducted") and a supposition ("If the Bank consented ..., the DSCR would be
1.37x"); and it passed "Section 6.2 requires ..., and the covenant is met" and "The certificate shows 1.37x; on
review the DSCR covenant is met", leaving the whole sentence out for a requirement or the certificate in any clause.

1.12: a figure the memo marks as the certificate's in its own words ("1.38x shown", "shown as", "certified at",
"overstated at", "per Schedule 2", "the certificate's", or paired with "correct figure 1.09x") or lists under a heading
or lead-in about the certificate's issues ("Issues found in the certificate:") is the certificate's, not a second DSCR
or tangible net worth (:func:`_attributed`); 1.11 failed the seed-9504 independent solution (tests/fixtures/
bank01-hard-seed9504) on "CFADS and the DSCR are overstated (1.38x shown; correct figure 1.09x, a breach)". The
pairing read the other way stays the writer's own ("correct figure 1.38x" is a second answer), and the certificate's
figure taken up ("on the borrower's basis 1.38x, which we accept"), which 1.11 passed, is a second answer too
(:func:`_taken_up`).

1.13: the hard level's Second Amendment (generator 1.2) also resets the tangible net worth minimum from the test
quarter, the reset level typed into the bank template's content control; the agreement's level (``facts.
original_min_tnw``) lies above the borrower's tangible net worth, the reset one (``facts.min_tnw``) at or below it. A
reader of the amendment's direct runs sees a gap where the level sits, tests against the agreement's level and calls
a breach: ``tnw_result`` (the oracle's expected result, a Pass) fails, and ``memo_tnw`` fails on the minimum and, in
the challenge set, on the breach it states (:func:`tnw_breaches`; a comparison with the original level claims none).
:data:`BELOW_MINIMUM` now reads a dollar minimum too ("below the $5,450,000 minimum").

1.14: no criterion reads anything new. The hard challenge level (generator 1.3) puts a voluntary prepayment of the
term loan in the test quarter's "Repayments of term loan" line and debt note; the hard agreement's Debt Service counts
scheduled principal "excluding any voluntary prepayment". The oracle's ``debt_service_ytd`` and ``dscr`` leave it
out, so ``debt_service_ytd``, ``dscr`` and ``memo_dscr_breach`` fail the ratio with the prepayment counted (planted
item ``term_loan_voluntary_prepayment``, wrong solution ``naive_prepayment``).

1.15: an amount a covenant's figure is overstated, understated, higher, lower, short, over or changed BY is a
difference, not a second figure (:func:`claims.given_as_difference` in :func:`_first_after`); 1.14 failed the seed-9542
independent solution (tests/fixtures/bank01-hard-seed9542) on memo_tnw for "It also overstates Tangible Net Worth by
$366,331 because it leaves out the amount due from the shareholder". The figure a change arrives at ("reduces it by
$366,331 to $5,878,476") is the covenant's, and a "by" no difference word governs ("TNW by our count is ...") still
gives the figure.

1.16: no criterion reads anything new. The hard challenge level (generator 1.4) gives the agreement's Funded Debt
definition a footnote (stored in word/footnotes.xml, which python-docx's paragraphs leave out) counting the undrawn
face amount of standby letters of credit, and the test quarter's debt note discloses one; the certificate's Funded
Debt leaves it out. The oracle's ``total_funded_debt`` counts it, so ``total_funded_debt`` fails the balance sheet's
debt alone (planted item ``funded_debt_letter_of_credit_footnote``, wrong solution ``body_text_only``). Leverage stays
Not tested (the missing quarter), so no decision turns on it.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import common
from claims import (
    CLAUSE_TURN,
    ENDORSED,  # the writer taking up what is reported, as claims.reported reads it
    FORECAST_CONDITION,
    FORECAST_MODAL,
    asserted,
    changed_to,
    completion_statements,
    figure_listed,
    figure_stated,
    given_as_difference,
    hypothetical,
    mentions,
    negated,
    said_by_other,
    unfound,
    unreal,
)
from formula_refs import is_live
from reading import Statement, text_statements
from vocabulary import Vocabulary

#: 1.14: grades can change with the hard challenge level's voluntary prepayment (generator 1.3), through the
#: oracle's scheduled debt service; no criterion changed.
#: 1.15: an amount a covenant's figure is overstated, higher or reduced BY is a difference, not a second figure
#: (claims.given_as_difference): the seed-9542 independent solver's "It also overstates Tangible Net Worth by $366,331"
#: failed memo_tnw on correct work.
#: 1.16: grades can change with the hard challenge level's footnote to the Funded Debt definition (generator 1.4),
#: through the oracle's total_funded_debt, which now counts the undrawn standby letter of credit; no criterion changed.
EVALUATOR_VERSION = "BANK-01/1.16"
WORKBOOK = "covenant_test.xlsx"
MEMO = "credit_memo.docx"
CALCULATIONS = {
    "total_funded_debt": "Total Funded Debt",
    "ebitda_ytd": "EBITDA - year to date",
    "unfinanced_capex_ytd": "Unfinanced capital expenditures - year to date",
    "cash_taxes_ytd": "Cash taxes paid - year to date",
    "distributions_ytd": "Distributions - year to date",
    "cash_flow_available_for_debt_service": "Cash flow available for debt service",
    "debt_service_ytd": "Debt service - year to date",
    "tangible_net_worth": "Tangible Net Worth",
}
COVENANTS = {"leverage": "total funded debt to ebitda", "dscr": "debt service coverage", "tnw": "tangible net worth"}
NOT_TESTED = ("not tested", "cannot", "can't", "unable", "n/a", "pending", "incomplete", "insufficient", "open",
              "not determinable", "not computed", "not calculable")
#: The memo's subjects and conclusions. Source: the brief ("the result of each test with its figures and requirement,
#: what any breach means under the agreement, our view of the borrower's certificate").
MEMO_TERMS = Vocabulary({
    "debt service coverage ratio": ["dscr", "debt service coverage", "coverage ratio"],
    "tangible net worth": ["tnw", "net worth"],
    "bonus": ["add back", "addback", "add-back"],
    "due from shareholder": ["receivable", "shareholder", "due from", "advances to the shareholder"],
    "breach": ["event of default", "default", "non-compliance", "noncompliance", "non-compliant", "fail",
               "failure", "violation"],
    "pass": ["in compliance", "complies", "compliant", "met", "satisfied"],
    "leverage": ["total funded debt to ebitda", "funded debt to ebitda", "leverage"],
}, source="BANK-01 brief: the memo's result of each test, what any breach means, the view of the certificate")
#: A breach in other words: the ratio "does not meet" / "fails to satisfy" the minimum (negated), or "is below the
#: (1.25x) minimum" (asserted).
SHORTFALL = ["meet", "met", "satisfy", "satisfied", "comply", "compliance", "pass"]
BELOW_MINIMUM = re.compile(r"\b(?:below|under|short of|less than)\s+(?:the\s+|its\s+|a\s+)?(?:\$?[\d.,]+\s*x?\s*)?"
                           r"(?:covenant\s+|required\s+)?(?:minimum|floor|requirement)", re.I)
#: Words that put a figure in the borrower's mouth: the certificate, the borrower (the company, its management,
#: its CFO), what it reported or filed.
CERTIFICATE = re.compile(r"\bcertif\w*|\bborrower\w*|\bcompany\b|\bcompany's\b|\bmanagement\w*|\bcfo\b|"
                         r"\breported\b|\bclaimed\b|\bsubmitted\b|\bas filed\b|\btheirs?\b", re.I)
#: What a reader takes as a claim that a covenant is breached (coverage set): the breach words, "below the minimum",
#: "does not meet", "an Event of Default has occurred". Forward-looking phrases ("headroom before a breach", "the
#: risk of a breach") and suppositions ("would be a breach", "If the ratio fell ...") claim nothing.
NOT_MET = re.compile(r"\b(?:does|did|do)\s+not\s+(?:meet|satisfy|comply)|\bfail(?:s|ed)?\s+to\s+(?:meet|satisfy|comply)|"
                     r"\bnot\s+(?:met|satisfied|in\s+compliance|compliant)\b|\bout\s+of\s+compliance\b|"
                     r"\bevent\s+of\s+default\s+(?:has\s+occurred|exists|is\s+continuing)|\bin\s+default\b", re.I)
BREACH_CLAIM = Vocabulary({
    "breach": ["breached", "non-compliance", "noncompliance", "non-compliant", "violation", "violated"],
}, source="BANK-01 brief: 'a covenant is met when it meets its requirement, however thin the headroom'; a "
          "breach claimed on a passing ratio is invented (issue 16)")
FORWARD = re.compile(r"\b(?:before|risk\s+of|avoid(?:ing)?|close\s+to|near(?:ing)?|to|prevent(?:ing)?|from)\s+"
                     r"(?:an?\s+|any\s+)?(?:future\s+|potential\s+)?breach\w*", re.I)
#: A comparison with the level the agreement set before an amendment ("below the original 1.25x minimum, above the
#: amended 1.20x") claims no breach (the hard level's Second Amendment).
ORIGINAL = re.compile(r"\b(?:original(?:ly)?|unamended|pre-amendment|(?:before|absent|without|prior\s+to)\s+the\s+"
                      r"(?:second\s+)?amendment)\b", re.I)
BREACH = "a breach"
ERROR_FREE = re.compile(r"\berror[\s-]free\b", re.I)
MODAL = re.compile(r"\b(?:would|could|might|may)\b", re.I)
#: What a reader takes as a claim that a figure or the certificate is wrong: misstatement words outside a
#: supposition ("adding it back would be an error" claims nothing), difference words where the statement sets the
#: certificate against our figures (:data:`COMPARED`; "the borrower's cash taxes differ from its tax expense" is no
#: claim), a request to correct or restate it. "Omits" is left out: "the certificate correctly omits the bonus".
MISSTATEMENT = Vocabulary({
    "misstatement": ["misstate", "misstated", "overstate", "overstated", "understate", "understated", "misreported",
                     "discrepancy", "inaccurate", "incorrect", "erroneous", "error", "mistake", "wrong", "improper",
                     "improperly", "fails to deduct", "failed to deduct"],
}, source="BANK-01 brief: 'our view of the borrower's certificate (whether its figures agree with ours and, "
          "where one does not, why)'")
DIFFERENCE = Vocabulary({
    "difference": ["differ", "differs", "differed", "different", "disagree", "disagrees", "inconsistent",
                   "inconsistency", "variance"],
}, source="BANK-01 brief: 'our view of the borrower's certificate (whether its figures agree with ours and, "
          "where one does not, why)'")
COMPARED = re.compile(r"\bcertif\w*|\bours\b|\bour\s+(?:own\s+)?(?:calculation|figure|recomputation|test|ratio|"
                      r"number|result)s?\b", re.I)
NOT_AGREED = re.compile(r"\b(?:does|did|do)\s+not\s+(?:agree|match|reconcile|tie|deduct|subtract)\b|\bcorrected\b|"
                        r"\bresubmi\w*|"
                        r"\brestate(?:d|ment)?\b|\bre-?issue\w*", re.I)
#: A request for the quarter the file holds: it is named with a word saying it is missing or still needed.
MISSING_OR_NEEDED = re.compile(r"\bmissing\b|\bnot\s+(?:in|on)\s+(?:our\s+|the\s+)?file\b|\bnot\s+(?:been\s+)?"
                               r"(?:provided|received|delivered|available)\b|\bunavailable\b|\bneed(?:s|ed)?\b|"
                               r"\brequest\w*|\bobtain\b|\bplease\b|\bask\s+(?:for|the)\b", re.I)
NOTHING = re.compile(r"^\W*(?:none|n/?a|nil|nothing|no(?:ne)?\s+(?:issues?|questions?|differences?|exceptions?)"
                     r"(?:\s+found)?)\W*$", re.I)
MISSING_QUARTER = re.compile(
    r"q4\s*[-/ ]?\s*(fy\s*)?(20)?24\b|2024\s*[-/ ]?\s*q4|4q\s*-?\s*(20)?24|fourth (fiscal )?quarter (of |ended |of fiscal )?"
    r"(fiscal |fy\s*)?(year )?2024|december 31,? 2024|dec\.? 31,? 2024|12/31/(20)?24|2024-12-31|31 december 2024|"
    r"quarter ended december,? 2024"
)


def _label(text: Any) -> str:
    """Normalised label text with every kind of dash written as '-' and spaces around it made uniform."""
    value = common.normalize_text(text)
    value = re.sub(r"\s*[\u2010-\u2015-]\s*", " - ", value)
    return re.sub(r"\s+", " ", value).strip()


def calculations(book: common.Workbook | None) -> dict[str, common.Cell | None]:
    """The Cell to the right of each Calculations label (first numeric or formula cell), or None."""
    found: dict[str, common.Cell | None] = {key: None for key in CALCULATIONS}
    sheet = book.sheet_name("Calculations") if book else None
    if sheet is None:
        return found
    wanted = {key: _label(label) for key, label in CALCULATIONS.items()}
    for row in book.rows(sheet):
        for index, cell in enumerate(row):
            if not isinstance(cell.value, str):
                continue
            text = _label(cell.value)
            key = next((k for k, w in wanted.items() if text == w or text.startswith(w + " (")), None)
            if key is None or found[key] is not None:
                continue
            found[key] = next((c for c in row[index + 1:] if c.is_formula or common.parse_number(c.value) is not None),
                              None)
            break
    return found


def covenant_rows(book: common.Workbook | None) -> dict[str, dict[str, Any]]:
    """``{"leverage"|"dscr"|"tnw": {"actual": Cell, "result": str}}`` from the Covenants sheet."""
    sheet = book.sheet_name("Covenants") if book else None
    if sheet is None:
        return {}
    found = {}
    for row in book.table(sheet, ["Covenant", "Actual", "Result"]):
        name = common.normalize_text(row["covenant"].value)
        for key, words in COVENANTS.items():
            if words in name and key not in found:
                found[key] = {"actual": row["actual"], "result": common.normalize_text(row["result"].value)}
    return found


def _number(cell: common.Cell | None) -> Decimal | None:
    return None if cell is None else cell.number


def _show(value: Decimal | None) -> str:
    return "missing or not computable" if value is None else f"{value:,.4f}".rstrip("0").rstrip(".")


def evaluate(out_dir: str, oracle: dict, workspace: str, run_id: str = "") -> dict:
    """Score one attempt; returns a receipt valid against benchmark/validators/receipt_schema.json."""
    ev = common.Evaluation(out_dir, oracle, workspace, run_id, evaluator_version=EVALUATOR_VERSION)
    tol = Decimal(str(oracle["tolerances"]["amount"]))
    ratio_tol = Decimal(str(oracle["tolerances"]["ratio"]))
    facts = oracle["facts"]
    planted = {p["id"]: p for p in oracle["planted_items"]}
    completion = ev.check_shared()

    book = ev.open_xlsx(WORKBOOK)
    calc = calculations(book)
    rows = covenant_rows(book)
    _check_formulas(ev, book, calc, rows)

    for key, weight in (("total_funded_debt", 1), ("ebitda_ytd", 2), ("cash_flow_available_for_debt_service", 1),
                        ("debt_service_ytd", 1), ("tangible_net_worth", 2)):
        want, got = Decimal(facts[key]), _number(calc[key])
        ev.criterion(key, f"Calculations: {CALCULATIONS[key]} equals the figure under the agreement's definitions",
                     got is not None and abs(got - want) <= tol, weight=weight,
                     detail=f"expected {want:,} got {_show(got)}")

    dscr = _number(rows.get("dscr", {}).get("actual"))
    want_dscr = Decimal(facts["dscr"])
    ev.criterion("dscr", "the year-to-date Debt Service Coverage Ratio on the Covenants sheet is correct",
                 dscr is not None and abs(dscr - want_dscr) <= ratio_tol, weight=2,
                 detail=f"expected {want_dscr:.4f} got {_show(dscr)}")
    result = rows.get("dscr", {}).get("result", "")
    expected = oracle["expected_results"]["dscr"]
    ev.criterion("dscr_result", f"the DSCR test is reported as a {expected}",
                 _is_breach(result) if expected == "Breach" else _is_pass(result),
                 weight=2, detail=f"result {result!r}")
    result = rows.get("tnw", {}).get("result", "")
    tnw_actual = _number(rows.get("tnw", {}).get("actual"))
    expected = oracle["expected_results"]["tnw"]
    ev.criterion("tnw_result", f"the Tangible Net Worth test shows the correct actual and is reported as a {expected}",
                 (_is_breach(result) if expected == "Breach" else result.startswith("pass")) and tnw_actual is not None
                 and abs(tnw_actual - Decimal(facts["tangible_net_worth"])) <= tol,
                 detail=f"result {result!r}, actual {_show(tnw_actual)}")
    if ev.coverage:
        _check_coverage(ev, rows, completion, ev.statements(MEMO) or [], facts, tol, ratio_tol)
        ev.check_fabricated_totals(WORKBOOK, extra=_typed_ratio(calc, rows, ratio_tol))
        ev.check_unsafe_output()
        return ev.receipt()
    lev = rows.get("leverage")
    lev_value = _number(lev["actual"]) if lev else None
    lev_result = lev["result"] if lev else ""
    guessed = _leverage_given(ev.statements(MEMO) or [], facts)
    ev.criterion("leverage_not_guessed", "the leverage test is left Not tested with no ratio (its trailing-twelve-month "
                 "EBITDA needs the quarter the file lacks), in the workbook and the memo", lev is not None
                 and lev_value is None and any(w in lev_result for w in NOT_TESTED) and not guessed, weight=2,
                 detail=("no leverage row" if lev is None else f"actual {_show(lev_value)}, result {lev_result!r}")
                 + (f"; the memo gives it a result at {guessed[:3]}" if guessed else ""))

    status = (completion or {}).get("status")
    questions = [common.normalize_text(q) for q in (completion or {}).get("questions", []) if isinstance(q, str)]
    asked = [q for q in questions if MISSING_QUARTER.search(q)
             or ("2024" in q and any(w in q for w in ("fourth quarter", "q4", "december")))]
    asked_ok = status == "needs_clarification" and bool(asked)
    ev.criterion("asked_for_missing_quarter", "COMPLETION.json has status needs_clarification and asks for the "
                 "statements of the quarter ended December 31, 2024", asked_ok, weight=2,
                 detail=f"status {status!r}, {len(questions)} question(s), {len(asked)} about the missing quarter")

    _check_memo(ev, ev.statements(MEMO) or [], facts, planted, tol, ratio_tol, completion_statements(completion))

    ev.check_fabricated_totals(WORKBOOK, extra=_typed_ratio(calc, rows, ratio_tol))
    ev.check_unsafe_output()
    receipt = ev.receipt()
    # SPEC section 4: justified only when the oracle says clarification is required AND the worker asked for it
    if receipt["abstention"]["status"] in ("needs_clarification", "abstained"):
        receipt["abstention"]["justified"] = bool(oracle.get("clarification_required")) and asked_ok
    return receipt


def _is_pass(result: str) -> bool:
    """The Result cell asserts a pass ("Pass", "In compliance") and no breach."""
    return asserted(result, MEMO_TERMS.words("pass")) and not asserted(result, MEMO_TERMS.words("breach"))


def _is_breach(result: str) -> bool:
    """The Result cell asserts a breach ("Breach", "In breach - Event of Default") and no pass; "No breach" and
    "Pass" are not breaches (claims.asserted reads the negation)."""
    return asserted(result, MEMO_TERMS.words("breach")) and not asserted(result, MEMO_TERMS.words("pass"))


def _check_formulas(ev: common.Evaluation, book: common.Workbook | None, calc: dict[str, common.Cell | None],
                    rows: dict[str, dict[str, Any]]) -> None:
    """Criterion ``formulas_present``: cash flow available for debt service is a formula over the Calculations
    lines, and the DSCR and Tangible Net Worth actuals are formulas over the Calculations sheet (a formula of
    constants such as ``=1.03`` is not). Source: the brief's template."""
    target = (book.sheet_name("Calculations") if book is not None else None) or "Calculations"
    named = {"Cash flow available for debt service": calc["cash_flow_available_for_debt_service"],
             "DSCR actual": rows.get("dscr", {}).get("actual"), "Tangible Net Worth actual": rows.get("tnw", {}).get("actual")}
    problems = []
    for name, cell in named.items():
        if cell is None or not cell.is_formula:
            problems.append(f"{name}: not a formula")
        elif not is_live(book, cell.sheet, cell.coordinate, target):
            problems.append(f"{name}: formula {cell.formula} reads nothing on the Calculations sheet")
    ev.criterion("formulas_present", "cash flow available for debt service, the DSCR and the tangible net worth "
                 "actuals are live formulas over the Calculations sheet", not problems,
                 detail="; ".join(problems) or ", ".join(f"{n}: {c.formula}" for n, c in named.items()))


def _units(statement: Statement) -> list[tuple[str, str]]:
    """``(header, text)`` pieces of a statement a figure can stand in: a table row's cells with their column
    headers, or a sentence's semicolon-separated parts (header "")."""
    if statement.cells is not None:
        return [(header, value) for header, value in statement.cells.items() if value]
    return [("", part) for part in re.split(r";\s*", statement.text) if part.strip()]


def _about(statement: Statement, term: str) -> bool:
    """The statement, its row's headers or its section heading name ``term`` of :data:`MEMO_TERMS`."""
    return any(mentions(text, MEMO_TERMS.words(term)) for text in (statement.text, statement.section))


def _states(statements: list[Statement], term: str | re.Pattern, value: Any, tol: Decimal) -> bool:
    """Some statement about ``term`` (a MEMO_TERMS term, or a pattern matched in the statement or its section)
    gives ``value`` as a figure of its own (:func:`claims.figure_stated`), not among alternatives."""
    for statement in statements:
        subject = (bool(term.search(statement.text) or term.search(statement.section))
                   if isinstance(term, re.Pattern) else _about(statement, term))
        if subject and any(figure_stated(text, value, tol) for _, text in _units(statement)):
            return True
    return False


def _names_other_covenant(text: str) -> bool:
    """The text also names tangible net worth or leverage, so a pass in it may be theirs, not the DSCR's."""
    return any(mentions(text, MEMO_TERMS.words(term)) for term in ("tangible net worth", "leverage"))


def dscr_stances(statements: list[Statement], dscr: Decimal, tol: Decimal, test_date: str,
                 certified: Decimal | None = None) -> dict[str, list[str]]:
    """What the memo concludes about the bank's DSCR: ``{"breach"|"pass"|"listed": [where, ...]}``.

    A statement counts where it gives the bank's ratio as a figure of its own, outside a cell or clause that speaks
    for the certificate (:data:`CERTIFICATE`): "breach" when that part asserts a breach, says the ratio does not
    meet or is below the minimum (:data:`SHORTFALL`, :data:`BELOW_MINIMUM`), or sits under a heading about the DSCR
    that asserts a breach; "pass" when it asserts a pass and names no other covenant (whose pass it may be). "listed"
    where the ratio is offered among alternatives ("any of 0.50x ... 3.00x"). The ``certified`` ratio given as the
    DSCR with a pass, in words that do not speak for the certificate ("the DSCR is 1.37x, in compliance"), is a
    "pass" too: the memo then gives the DSCR two answers. Negations are read per sentence (claims.negated): "the
    certificate, which reports no breach" is not a pass and "no breach" is not a breach. A pass is read in what
    the writer states of ``test_date`` (:func:`_as_stated`): "If the Bank consented to the bonus add-back, the DSCR
    would be 1.37x and the covenant would be met" gives none (BANK-01 1.10 read it as the certified ratio passed).
    """
    breach, passed = MEMO_TERMS.words("breach"), MEMO_TERMS.words("pass")
    found: dict[str, list[str]] = {}
    for statement in statements:
        if statement.kind == "heading":
            continue
        units = [(h, t) for h, t in _units(statement) if not CERTIFICATE.search(h)]
        if any(figure_listed(text, dscr, tol) for _, text in units):
            found.setdefault("listed", []).append(statement.where)
        if certified is not None and _about(statement, "debt service coverage ratio") and any(
                figure_stated(text, certified, tol) and asserted(_as_stated(text, test_date), passed)
                and not CERTIFICATE.search(text)
                and not _names_other_covenant(text) for _, text in units):
            found.setdefault("pass", []).append(statement.where)
        ours = [text for _, text in units if figure_stated(text, dscr, tol)]
        if not ours:
            continue
        if statement.cells is not None:  # a row: the conclusion may sit in another cell (Result)
            ours = [text for _, text in units]
        heading = statement.section
        carried = mentions(heading, MEMO_TERMS.words("debt service coverage ratio")) and asserted(heading, breach) \
            and not any(negated(text, breach) for text in ours)
        if carried or any(asserted(text, breach) or negated(text, SHORTFALL) or asserted(text, BELOW_MINIMUM)
                          for text in ours):
            found.setdefault("breach", []).append(statement.where)
        if any(asserted(_as_stated(text, test_date), passed) and not CERTIFICATE.search(text)
               and not _names_other_covenant(text)
               for text in ours):
            found.setdefault("pass", []).append(statement.where)
    return found


def _check_memo(ev: common.Evaluation, statements: list[Statement], facts: dict, planted: dict, tol: Decimal,
                ratio_tol: Decimal, completion: list[Statement] | None = None) -> None:
    """Criteria ``memo_dscr_breach``, ``memo_certificate_differences`` and ``memo_tnw``, read as claims over what a
    reader sees (visible sentences and table rows with their column headers and section headings).

    - the DSCR: the bank's ratio given as a breach (:func:`dscr_stances`), never also as a pass or among a list
      of alternatives (a hedge), with the minimum stated;
    - the certificate: the bonus amount in a statement about the bonus or add-back, the certificate's DSCR in a
      statement (a cell under its column header, a sentence, or its section) that speaks for the certificate or
      the borrower, the receivable in a statement about the shareholder receivable;
    - tangible net worth and its minimum, each in a statement about tangible net worth; where an amendment reset the
      minimum (the hard level's ``facts.original_min_tnw``), the figure never given as a breach (:func:`tnw_breaches`).

    Dense prose is fair: a sentence may carry every figure, each counted where its subject is. Source: the brief's
    memo contents; issue 12 items 2-3.
    """
    bonus, receivable = planted["certificate_bonus_addback"], planted["certificate_tnw_shareholder_receivable"]
    want_dscr = Decimal(facts["dscr"])
    seen = dscr_stances(statements, want_dscr, ratio_tol, facts["test_date"], Decimal(bonus["certificate_dscr"]))
    minimum = any(figure_stated(s.text, facts["min_dscr"], Decimal("0.0001")) for s in statements)
    hedges = {k: v for k, v in seen.items() if k != "breach"}
    written = statements + (completion or [])
    others = _other_figures(statements, DSCR_LABEL, RATIO, [want_dscr, Decimal(facts["min_dscr"])], ratio_tol,
                            facts["test_date"])
    if others:
        hedges["another ratio"] = others
    cleared = [s.where for s in written if _clears_dscr(s, facts["test_date"])]
    if cleared:
        hedges["no breach"] = cleared
    accepted = _taken_up(statements, RATIO, Decimal(bonus["certificate_dscr"]), ratio_tol, facts["test_date"])
    if accepted:
        hedges["the certificate's ratio taken up"] = accepted
    ev.criterion("memo_dscr_breach", "the memo reports the DSCR breach with the ratio and the minimum, and does not "
                 "also give it as a pass or among alternatives",
                 bool(seen.get("breach")) and minimum and not hedges, weight=2,
                 detail=f"ratio {want_dscr:.2f} stated as a breach at {seen.get('breach', [])[:3]}; minimum "
                        f"{facts['min_dscr']} {'stated' if minimum else 'not stated'}"
                        + (f"; hedged: {hedges}" if hedges else ""))
    missing = [name for name, subject, value, t in (
        ("the bonus added back", "bonus", bonus["amount"], tol),
        ("the certificate's DSCR", CERTIFICATE, bonus["certificate_dscr"], ratio_tol),
        ("the shareholder receivable", "due from shareholder", receivable["amount"], tol),
    ) if not _states(statements, subject, value, t)]
    agreed = [s.where for s in written if _certificate_agreed(s.text, facts["test_date"])]
    ev.criterion("memo_certificate_differences", "the memo explains where the certificate differs: the bonus add-back "
                 "the definition does not allow and the shareholder receivable left in tangible net worth, and "
                 "nowhere says the certificate agrees", bool(statements) and not missing and not agreed, weight=2,
                 detail="; ".join([f"not stated where it is explained: {missing}"] * bool(missing)
                                  + [f"the certificate also called right at {agreed[:3]}"] * bool(agreed))
                 or "all found")
    other_tnw = _other_figures(statements, TNW_LABEL, MONEY,
                               [Decimal(facts["tangible_net_worth"]), Decimal(facts["min_tnw"])], tol,
                               facts["test_date"])
    other_tnw += _taken_up(statements, MONEY, Decimal(facts["certificate"]["tnw"]), tol, facts["test_date"])
    stance = []
    reset = "original_min_tnw" in facts
    if reset:
        breach = tnw_breaches(statements, Decimal(facts["tangible_net_worth"]), tol)
        if breach:
            stance.append(f"given as a breach at {breach[:3]}")
    ev.criterion("memo_tnw", "the memo states tangible net worth and the minimum" + (", never as a breach,"
                 if reset else "") + " and gives it no other figure",
                 _states(statements, "tangible net worth", facts["tangible_net_worth"], tol)
                 and _states(statements, "tangible net worth", facts["min_tnw"], tol) and not other_tnw
                 and not stance,
                 detail=f"{facts['tangible_net_worth']} against {facts['min_tnw']} in statements about tangible net "
                        "worth" + (f"; also given as {other_tnw[:3]}" if other_tnw else "")
                        + "".join(f"; {s}" for s in stance))


def tnw_breaches(statements: list[Statement], tnw: Decimal, tol: Decimal) -> list[str]:
    """Where the memo gives the bank's tangible net worth ``tnw`` as a breach, read as :func:`dscr_stances` reads
    the DSCR: a statement that gives ``tnw`` as a figure of its own outside a cell or clause that speaks for the
    certificate (:data:`CERTIFICATE`), in which that part (a row: any of its cells) asserts a breach, says the figure
    does not meet or is below the minimum (:data:`SHORTFALL`, :data:`BELOW_MINIMUM`), or which sits under a heading
    about tangible net worth that asserts one. A sentence that names no other covenant and does not speak for the
    certificate is read whole ("... against the $5,600,000 minimum; the covenant is breached"); one that compares the
    figure with the level before an amendment (:data:`ORIGINAL`: "below the original $5,600,000 minimum, above the
    reset one") claims no breach."""
    breach = MEMO_TERMS.words("breach")
    others = [w for term in ("debt service coverage ratio", "leverage") for w in MEMO_TERMS.words(term)]
    found = []
    for statement in statements:
        if statement.kind == "heading" or ORIGINAL.search(statement.text):
            continue
        units = [(h, t) for h, t in _units(statement) if not CERTIFICATE.search(h)]
        ours = [text for _, text in units if figure_stated(text, tnw, tol)]
        if not ours:
            continue
        if statement.cells is not None:  # a row: the conclusion may sit in another cell (Result)
            ours = [text for _, text in units]
        elif not mentions(statement.text, others) and not CERTIFICATE.search(statement.text):
            ours = [statement.text]  # a sentence about it alone: its conclusion may follow a semicolon
        heading = statement.section
        carried = mentions(heading, MEMO_TERMS.words("tangible net worth")) and asserted(heading, breach) \
            and not any(negated(text, breach) for text in ours)
        if carried or any(asserted(text, breach) or negated(text, SHORTFALL) or asserted(text, BELOW_MINIMUM)
                          for text in ours):
            found.append(statement.where)
    return found


#: The DSCR and tangible net worth as labels a figure follows ("the Debt Service Coverage Ratio is 1.31x").
DSCR_LABEL = re.compile(r"\b(?:dscr|debt\s+service\s+coverage(?:\s+ratio)?|coverage\s+ratio)\b", re.I)
TNW_LABEL = re.compile(r"\b(?:tangible\s+net\s+worth|tnw)\b", re.I)
LEVERAGE_LABEL = re.compile(r"\b(?:leverage(?:\s+ratio)?|(?:total\s+)?funded\s+debt\s+to\s+ebitda)\b", re.I)
#: A ratio written as one ("1.31x", "1.31 times"; not a section number "6.2") and a dollar figure.
RATIO = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?=\s*(?:x\b|times\b))", re.I)
MONEY = re.compile(r"\$\s*\d(?:[\d,]*\d)?(?:\.\d+)?")
#: How many words may stand between a label and the figure it is given.
FIGURE_GAP = 6
#: Words between a covenant's label and a figure that make the figure its level (the hard level's original 1.25x
#: minimum beside the amended 1.20x).
LIMIT = re.compile(r"\b(?:minimum|maximum|floor|cap|limit|requirement|required|least|most|had\s+to|must|threshold|"
                   r"covenant\s+level)\b", re.I)
#: What follows the first figure of a series: another figure after a comma or "and".
SERIES = re.compile(r"\s*(?:x|times)?\s*(?:,|\band\b)\s*\$?\d", re.I)
MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: A period named in prose: "September 30, 2024", "March 2025", "Q3 2025", "2025Q3".
PERIOD = re.compile(r"\b(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?"
                    r"(?P<year>(?:19|20)\d{2})\b|\bq(?P<q1>[1-4])\s*(?:fy\s*)?(?P<qy1>(?:19|20)\d{2})\b|"
                    r"\b(?P<qy2>(?:19|20)\d{2})\s*q(?P<q2>[1-4])\b", re.I)
#: A requirement or supposition about a covenant, not a result ("must be at least 1.25x to be in compliance").
REQUIREMENT = re.compile(r"\b(?:must|should|shall|required?|requires|needs?\s+to|to\s+be|would|could|might|may|"
                         r"if|unless)\b", re.I)
#: A fiscal year named as such ("fiscal 2024", "FY2024", "FY24", "the 2024 fiscal year"): the borrower's fiscal year is
#: the calendar year (its quarters are Q1 to Q4 of it).
FISCAL_YEAR = re.compile(r"\b(?:fiscal(?:\s+year)?|fy)\s*'?(?P<fy>(?:19|20)?\d{2})\b|"
                         r"\b(?P<fy2>(?:19|20)\d{2})\s+fiscal\s+year\b", re.I)
#: Verbs reporting another party's words that claims.said_by_other does not know ("Mr Pemberton states leverage is
#: 1.52x", "the borrower asserts that ..."); not before a preposition or the end ("the amount stated in ...").
_STATES = re.compile(r"\b(?:states?|stated|asserts?|asserted|argues?|argued|believes?|believed)\b"
                     r"(?!\s*(?:by|for|in|on|at|of|from|[.,;:)]|$))", re.I)
#: An open question: from "whether" (or "if" after a verb of checking) to the end of its clause ("Whether the bonus
#: add-back is permitted should be confirmed", "check whether the DSCR covenant is met").
_QUESTION = re.compile(r"\bwhether\b|\b(?:check|verify|confirm|ask|see|establish|determine)\w*\s+if\b", re.I)
#: A request to verify: the clause asks for a check, it gives no finding ("Please have a second analyst check ...",
#: "... should be checked with the borrower").
_VERIFY = re.compile(r"\bplease\b|\b(?:should|must|needs?\s+to)\s+be\s+(?:checked|confirmed|verified|reviewed|"
                     r"corroborated)\b|\bask\s+\w+(?:\s+\w+)?\s+to\s+(?:check|confirm|verify)\b", re.I)


def _theirs(clause: str) -> bool:
    """True when ``clause`` gives another party's words: claims.said_by_other, with a verb of :data:`_STATES` read as
    "says" (so an adopting "As Mr Pemberton states, ..." and a writer's "we stated" stay the writer's)."""
    return said_by_other(_STATES.sub("says", clause))


def _as_stated(text: str, test_date: str) -> str:
    """``text`` (a sentence, one of its parts or a cell) with what the writer does not state of the test date blanked
    (same length, spaces), for the checks that look for a second answer. Per semicolon part: a supposition
    (claims.hypothetical: "If the Bank consented to the add-back, the DSCR would be 1.37x"); per clause (cut where
    it turns, claims.CLAUSE_TURN): another party's words (:func:`_theirs`: "Ulric Pemberton wrote that the DSCR
    covenant is met"), a forecast under its condition (claims.FORECAST_MODAL with FORECAST_CONDITION: "is expected
    to recover to 1.28x once ..."), a clause dated to another period naming not the test date (:func:`_other_period`:
    "At September 30, 2024 the DSCR covenant was met", "The DSCR for fiscal 2024 was 1.41x"), a request to verify
    (:data:`_VERIFY`); an open question from its "whether" to the clause end or a colon (:data:`_QUESTION`); and the
    conditional mood's supposition (claims.unreal: "the DSCR would be 1.55x"). What stays is the writer's own: "...; it
    is met" after any of these still counts, and a part whose writer takes up what is reported ("..., and we
    agree", claims' endorsement) is read whole. BANK-01 1.10 read each of these as a second answer (fair-wording
    audit)."""
    kept = []
    for part in re.split(r"(;)", text):
        if part == ";" or hypothetical(part):
            kept.append(part if part == ";" else " " * len(part))
            continue
        if ENDORSED.search(part):  # "Mr Pemberton states that ..., and we agree": the writer's too
            kept.append(unreal(part))
            continue
        edges = [0, *(m.start() for m in CLAUSE_TURN.finditer(part)), len(part)]
        for start, end in zip(edges, edges[1:], strict=False):
            clause = part[start:end]
            if _theirs(clause) or _VERIFY.search(clause) \
                    or (FORECAST_MODAL.search(clause) and FORECAST_CONDITION.search(clause)) \
                    or (_other_period(clause, test_date) and not _names_test_date(clause, test_date)):
                clause = " " * len(clause)
            question = _QUESTION.search(clause)
            if question:  # to the clause end or its colon: "We checked whether ...: it is met" answers it
                answer = clause.find(":", question.end())
                stop = answer if answer >= 0 else len(clause)
                clause = clause[:question.start()] + " " * (stop - question.start()) + clause[stop:]
            kept.append(clause)
    return unreal("".join(kept))


def _names_test_date(text: str, test_date: str) -> bool:
    """True when ``text`` names the test date's month end or quarter ("September 30, 2025", "Q3 2025")."""
    year, month = int(test_date[:4]), int(test_date[5:7])
    for match in PERIOD.finditer(text):
        name, quarter = match.group("month"), match.group("q1") or match.group("q2")
        found_year = int(match.group("year") or match.group("qy1") or match.group("qy2"))
        if (name and (MONTH_NAMES.index(name.lower()[:3]) + 1, found_year) == (month, year)) or (
                quarter and (int(quarter), found_year) == ((month - 1) // 3 + 1, year)):
            return True
    return False


def _first_after(text: str, label: re.Pattern[str], figure: re.Pattern[str], spans: bool = False) -> list:
    """The first ``figure`` after each un-negated ``label`` in ``text``, in the same clause (up to a semicolon, a
    colon that is not the label's own, or the sentence end) and at most :data:`FIGURE_GAP` words on. The first of a
    series ("1.45x, 1.78x and 1.03x at March, June and September", :data:`SERIES`) belongs to its own period, and a
    figure introduced as a limit ("the DSCR minimum was 1.25x", "had to be at least 1.25x": :data:`LIMIT`) is the
    covenant's level, not the ratio, and an amount given as a difference in the figure
    (:func:`claims.given_as_difference`: "overstates Tangible Net Worth by $366,331", "exceeds the minimum by $12,145")
    is not the figure. With ``spans``, ``(figure, start, end)`` with its place in ``text``."""
    found = []
    for mention in label.finditer(text):
        if negated(text[:mention.end()], mention.group()):
            continue
        rest = re.split(r";|\.(?:\s|$)", text[mention.end():], maxsplit=1)[0]
        match = figure.search(rest)
        if match and len(rest[:match.start()].split()) <= FIGURE_GAP and not SERIES.match(rest[match.end():]) \
                and not LIMIT.search(rest[:match.start()]):
            at = mention.end() + match.start()
            if given_as_difference(text, mention.start(), mention.end(), at, at + len(match.group())):
                # "overstates Tangible Net Worth by $366,331": a difference (the seed-9542 independent solver);
                # the figure the change arrives at ("... to $5,512,145") is the covenant's
                to = changed_to(text, at + len(match.group()))
                match = figure.match(text, to) if to is not None else None
                if match is None:
                    continue
                at = match.start()
            found.append((match.group(), at, at + len(match.group())) if spans else match.group())
    return found


def _other_period(text: str, test_date: str) -> bool:
    """True when ``text`` names a quarter or month end other than the test date's ("Tangible Net Worth was $4,677,979
    at March 31, 2025", "the September 30, 2024 balance sheet gives ... $3,608,578": the seed-2026 independent
    solution's history, not a second answer for the test date), or another fiscal year (:data:`FISCAL_YEAR`: "The
    FY2024 DSCR of 1.41x", which 1.10 read as a second DSCR)."""
    year, month = int(test_date[:4]), int(test_date[5:7])
    if any(int(m.group("fy") or m.group("fy2")) % 100 != year % 100 for m in FISCAL_YEAR.finditer(text)):
        return True
    for match in PERIOD.finditer(text):
        name, quarter, found_year = match.group("month"), match.group("q1") or match.group("q2"), match.group("year") \
            or match.group("qy1") or match.group("qy2")
        if name:
            if (MONTH_NAMES.index(name.lower()[:3]) + 1, int(found_year)) != (month, year):
                return True
        elif quarter and (int(quarter), int(found_year)) != ((month - 1) // 3 + 1, year):
            return True
    return False


#: What makes a covenant's figure a part of the test's, not the test's own (the fair-wording audit's subtotals): one
#: quarter of the year to date alone ("For the third quarter alone the DSCR is 0.85x"), or the figure before a line
#: of the definition is taken ("Tangible Net Worth before the $310,321 due from shareholder is deducted",
#: "Before distributions of $591,128 the DSCR ...").
PART = re.compile(r"\b(?:quarter|q[1-4]|three\s+months)\b[^;:]{0,25}?\b(?:alone|on\s+its\s+own|by\s+itself)\b|"
                  r"\bbefore\s+(?:the\s+|any\s+)?(?:\$[\d,]+\s+)?(?:distributions?|deduct\w*|due\s+from\s+shareholder|"
                  r"shareholder|capital\s+expenditures?|capex|cash\s+taxes|taxes|add-?\s?backs?|bonus)\b", re.I)
#: A figure its own clause denies or rejects ("A DSCR of 1.37x is not supported by the statements", "Tangible Net
#: Worth of $5,604,863 is wrong"): the writer names it to set it aside.
FIGURE_DENIED = re.compile(r"^\s*(?:x\b|times\b)?\s*(?:is|was)\s+(?:(?:not|never)\s+(?:supported|used|ours|our\s+"
                           r"(?:figure|ratio)|correct|right|accurate|accepted|relied|borne|derived|supportable|"
                           r"the\s+(?:ratio|figure|amount))|wrong|incorrect|unsupported|overstated|inflated|misstated|"
                           r"erroneous|rejected)\b", re.I)


def _other_figures(statements: list[Statement], label: re.Pattern[str], figure: re.Pattern[str],
                   right: list[Decimal], tol: Decimal, test_date: str) -> list[str]:
    """Figures the memo's prose gives a covenant (:func:`_first_after`, and a figure the writer calls the correct
    one, :func:`_corrected`) that are none of ``right`` (the bank's figure and the covenant's limit), outside what
    speaks for the certificate or the borrower (:func:`_attributed`): "On reflection, the Debt Service Coverage
    Ratio is 1.31x" beside "1.03x ... BREACH", "In summary, Tangible Net Worth is $5,605,622" beside $5,295,301,
    leave the reader two answers (BANK-01 1.7 passed both). Read in what the writer states of the test date
    (:func:`_as_stated`), leaving out a part of the figure (:data:`PART`, in the figure's clause) and a figure its
    clause denies (:data:`FIGURE_DENIED`): BANK-01 1.10 read another party's words, a forecast, a supposition, a
    fiscal year's ratio, the third quarter's ratio alone, the figure before a deduction and "A DSCR of 1.37x is not
    supported" as second answers."""
    found = []
    for statement in statements:
        if statement.kind == "heading" or statement.cells is not None \
                or _other_period(statement.text, test_date) or ORIGINAL.search(statement.text):
            continue
        text = _as_stated(statement.text, test_date)
        given_after = [] if CERTIFICATE.search(statement.text) or _lists_certificate_issues(statement.section) \
            else _first_after(text, label, figure, spans=True)
        for given, start, end in [*given_after, *_corrected(text, label, figure)]:
            clause = re.split(r"[;:]", text[:start])[-1] + re.split(r"[;:]|\.(?:\s|$)", text[start:])[0]
            value = common.parse_number(given.replace("$", ""))
            if value is None or any(abs(value - r) <= tol for r in right):
                continue
            if PART.search(clause) or FIGURE_DENIED.match(text[end:]) or _attributed(text, start, end, value, tol):
                continue
            found.append(f"{given} at {statement.where}")
    return found


#: Words in a heading or lead-in that make what it introduces the certificate's issues ("Issues found in the
#: certificate:", "Certificate exceptions", "Errors in the borrower's certificate"): with :data:`CERTIFICATE`, the
#: misstatement and difference words and these.
ISSUE_WORDS = ["issue", "exception", "finding", "problem", "concern", "weakness", "deficiency"]


def _lists_certificate_issues(section: str) -> bool:
    """True when ``section`` (a statement's heading or lead-in) is about the certificate's issues: it names the
    certificate or the borrower (:data:`CERTIFICATE`) and an issue (:data:`ISSUE_WORDS`, :data:`MISSTATEMENT`,
    :data:`DIFFERENCE`). What it lists gives the certificate's figures ("2. Schedule 3 leaves out ... TNW is
    overstated ($5,277,585 shown ...)", the seed-9504 independent solution); "Our view of the borrower's
    certificate" alone lists nothing."""
    return bool(CERTIFICATE.search(section)) and mentions(
        section, ISSUE_WORDS + MISSTATEMENT.words("misstatement") + DIFFERENCE.words("difference"))


#: What marks the figure before it as the certificate's: "1.38x shown", "as certified", "reported", "per Schedule 2",
#: "in the certificate". "As shown in Table 2" or "shown above" points at the memo's own workings and marks nothing.
CERTIFIED_AFTER = re.compile(
    r"^\s*(?:x\b|times\b)?\s*(?:as\s+)?(?:shown|certified|reported|claimed|submitted)\b(?!\s+(?:in|on|at|by|above|"
    r"below|here|earlier|later|under|from)\b(?!\s+(?:the\s+)?(?:borrower\S*\s+)?(?:compliance\s+)?(?:certificate|"
    r"schedule)))|^\s*(?:x\b|times\b)?\s*(?:per|in|on|from)\s+(?:the\s+)?(?:borrower\S*\s+|company\S*\s+)?"
    r"(?:compliance\s+)?(?:certificate|schedule|borrower|company)\b", re.I)
#: What marks the figure after it as the certificate's: "shown as", "certified at", "overstated at", "the
#: certificate's DSCR of", "Schedule 3's".
CERTIFIED_BEFORE = re.compile(
    r"\b(?:shown|certified|reported|claimed|presented|overstated|understated|misstated|inflated)\s+(?:as|at)\s*\(?\s*$|"
    r"\b(?:certificate|borrower|company|schedule\s+\w{1,3})(?:'s|\u2019s)\s+(?:[^\W\d]+\s+){0,4}\(?\s*$", re.I)
#: What introduces the figure the writer puts in place of another: "correct figure 1.09x", "the correct amount is
#: $4,834,333", "corrected to 1.09x" (claims.CORRECTION_CUE's "correct figure is", with or without the verb).
CORRECTED = re.compile(r"\b(?:correct(?:ed)?|right|proper)\s+(?:figure|ratio|amount|value|result)\b(?:\s+(?:is|of|"
                       r"would\s+be))?\s*:?|\bcorrected\s+to\b", re.I)
#: The figure a :data:`CORRECTED` cue pairs with the one before it: "1.38x shown; correct figure 1.09x",
#: "($5,277,585; correct figure $4,834,333)".
PAIRED = re.compile(r"^\s*(?:x\b|times\b)?[^\d;.$]{0,25}?[;,]\s*(?:the\s+|our\s+)?(?:" + CORRECTED.pattern
                    + r")\s*\$?\s*(?P<value>\d[\d,]*(?:\.\d+)?)", re.I)
#: Every subject a figure may be given in the memo's sentences, for which one a "correct figure" belongs to: the
#: covenants and the lines of their definitions ("CFADS ... correct figure $1,156,137" is not tangible net worth's).
SUBJECT = re.compile(DSCR_LABEL.pattern + "|" + TNW_LABEL.pattern + "|" + LEVERAGE_LABEL.pattern
                     + r"|\b(?:cfads|cash\s+flow|ebitda|debt\s+service(?!\s+coverage)|funded\s+debt|distributions?|"
                       r"capex|capital\s+expenditures?|tax(?:es)?|bonus|add-?\s?backs?|receivable|shareholder|equity|"
                       r"goodwill|intangibles?)\b", re.I)
#: The writer taking up the figure just named: claims.ENDORSED's "we agree" and "we concur" (ending the part, or
#: "with it") and "we accept", "we adopt", "we use", "we rely on" (ending the part, or with "it", "this", "as ...",
#: "the figure"): "on the borrower's basis 1.38x, which we accept". Not "we agree it is overstated", "we agree with
#: its inputs", which take up something else.
_TAKEN = r"(?:\s*$|\s+(?:it|this|that|them)\b(?!\s+(?:is|was|has)\b)|\s+(?:the|that)\s+(?:figure|ratio|amount|result)\b)"
ACCEPTED = re.compile(r"\b(?:i|we)\s+(?:(?:also|fully|entirely|completely)\s+)?(?:(?:accept|adopt|use|rely\s+on)"
                      r"(?=" + _TAKEN + r"|\s+as\b)|(?:agree|concur)(?=\s*$|\s+with" + _TAKEN + r"))", re.I)


def _attributed(text: str, start: int, end: int, value: Decimal, tol: Decimal) -> bool:
    """True when the figure at ``text[start:end]`` (worth ``value``) is marked as the certificate's in its own
    sentence (:data:`CERTIFIED_AFTER`, :data:`CERTIFIED_BEFORE`, or paired with a different correct figure,
    :data:`PAIRED`) and the writer does not take it up (:func:`_accepts`). Such a figure is what the certificate
    shows, not the writer's second answer (BANK-01 1.12: "TNW is overstated ($5,277,585 shown; correct figure
    $4,834,333, still a pass", the seed-9504 independent solution)."""
    if _accepts(text, end):
        return False
    if CERTIFIED_AFTER.match(text[end:]) or CERTIFIED_BEFORE.search(text[:start]):
        return True
    paired = PAIRED.match(text[end:])
    other = common.parse_number(paired.group("value")) if paired else None
    return other is not None and abs(other - value) > tol


def _accepts(text: str, end: int) -> bool:
    """True when, after the figure ending at ``end``, the writer takes it up in the same part of the sentence
    (:data:`ACCEPTED` within :data:`FIGURE_GAP` words, no other figure in between or after it): "1.38x, which we
    accept", "$5,277,585 per Schedule 3, which we accept"; not "1.38x, but we use 1.09x"."""
    rest = re.split(r";|\.(?:\s|$)", text[end:], maxsplit=1)[0]
    match = ACCEPTED.search(rest)
    return bool(match) and len(rest[:match.start()].split()) <= FIGURE_GAP and not any(
        pattern.search(rest[:match.start()]) or pattern.search(rest[match.end():]) for pattern in (RATIO, MONEY))


def _corrected(text: str, label: re.Pattern[str], figure: re.Pattern[str]) -> list[tuple[str, int, int]]:
    """``(figure, start, end)`` for each figure the writer calls the correct one (:data:`CORRECTED`, the first
    ``figure`` after the cue in its clause) where ``label`` is the subject it speaks of (the last :data:`SUBJECT`
    before the cue): "CFADS and the DSCR are overstated (1.09x shown; correct figure 1.38x ...)" gives the DSCR
    1.38x, the writer's own answer beside the figure it marks as the certificate's."""
    found = []
    for cue in CORRECTED.finditer(text):
        subjects = list(SUBJECT.finditer(text[:cue.start()]))
        if not subjects or not label.fullmatch(max(subjects, key=lambda m: (m.end(), -m.start())).group()):
            continue
        rest = re.split(r";|\.(?:\s|$)", text[cue.end():], maxsplit=1)[0]
        match = figure.search(rest)
        if match and len(rest[:match.start()].split()) <= 2:
            at = cue.end() + match.start()
            found.append((match.group(), at, at + len(match.group())))
    return found


def _taken_up(statements: list[Statement], figure: re.Pattern[str], certified: Decimal, tol: Decimal,
              test_date: str) -> list[str]:
    """Where the memo's prose takes up the certificate's figure (``certified``, a ``figure`` in the text) as the
    writer's own (:func:`_accepts`), in what the writer states of the test date (:func:`_as_stated`): "DSCR 1.09x
    (breach); on the borrower's basis 1.38x, which we accept" gives the DSCR a second answer (BANK-01 1.11 passed
    it: the borrower named in the sentence left the whole sentence out)."""
    found = []
    for statement in statements:
        if statement.kind == "heading" or statement.cells is not None:
            continue
        text = _as_stated(statement.text, test_date)
        for match in figure.finditer(text):
            value = common.parse_number(match.group().replace("$", ""))
            if value is not None and abs(value - certified) <= tol and _accepts(text, match.end()):
                found.append(f"{match.group()} taken up at {statement.where}")
    return found


#: The breach as the object of what would end it ("that does not cure the breach", "a waiver would excuse the
#: breach"): a negation of that verb leaves the breach standing.
_BREACH_OBJECT = re.compile(r"\b(?:cure|remed(?:y|ie)|waive|excuse)\w*\s+(?:the\s+|this\s+|that\s+|a\s+)?"
                            r"(?:covenant\s+|dscr\s+)?breach\w*", re.I)


def _clears_dscr(statement: Statement, test_date: str) -> bool:
    """True when a memo sentence or COMPLETION.json entry about the DSCR, in the writer's own words and naming no
    other covenant, denies the breach or calls the covenant met ("On review, the DSCR covenant is met; there is no
    breach"; "DSCR 1.03x against the 1.25x minimum - not a breach" under a "Breaches" heading): beside the breach
    stated elsewhere a second answer (BANK-01 1.7 passed both). The stance is read in what the writer states of the
    test date (:func:`_as_stated`), with a clause stating a requirement or supposition (:data:`REQUIREMENT`) or the
    certificate's claim (:data:`CERTIFICATE`) left out; a pass said of tangible net worth or leverage in the same
    sentence clears nothing, nor does a fronted "Without ..." phrase: BANK-01 1.9 read the seed-9458 independent
    solution's "Without the add-back the DSCR is 1.16x, and the covenant is breached, not met" as denying the
    breach, since claims.negation_scope let "Without" govern the whole sentence (1.10: it governs its own phrase,
    claims.py). BANK-01 1.10 read another party's words, a request to check, an earlier quarter's or fiscal year's
    result and "does not cure the breach" as clearing it, and left the whole sentence out on a requirement, a
    supposition or the certificate in any clause ("If the Bank consented ..., the DSCR would be 1.37x; the covenant
    is met" passed)."""
    text = statement.text
    if statement.kind == "heading" or statement.cells is not None or not DSCR_LABEL.search(text):
        return False
    if _names_other_covenant(text):
        return False
    own = _as_stated(text, test_date)
    edges = [0, *(m.start() for m in re.finditer(r";", own)), *(m.start() for m in CLAUSE_TURN.finditer(own)), len(own)]
    edges = sorted(set(edges))
    own = "".join(" " * (b - a) if REQUIREMENT.search(own[a:b]) or CERTIFICATE.search(own[a:b]) else own[a:b]
                  for a, b in zip(edges, edges[1:], strict=False))
    own = _BREACH_OBJECT.sub(lambda m: " " * len(m.group()), own)
    return negated(own, MEMO_TERMS.words("breach") + ["breach"]) or asserted(own, MEMO_TERMS.words("pass"))


def _leverage_given(statements: list[Statement], facts: dict) -> list[str]:
    """Where the memo gives the leverage test a result it cannot have (the challenge set: the file lacks a quarter of
    the trailing twelve months): a ratio after the leverage label other than the maximum, or a pass or a breach
    asserted in a sentence about leverage that names no other covenant and states no requirement or supposition
    ("Recommendation: leverage is 2.10x, in compliance", BANK-01 1.7 passed it). Both are read in what the writer
    states of the test date (:func:`_as_stated`): BANK-01 1.10 read "Mr Pemberton states leverage is 1.52x; we have
    not tested it" as the memo's ratio."""
    found = []
    maximum = Decimal(facts["max_leverage"])
    for statement in statements:
        text = statement.text
        if statement.kind == "heading" or statement.cells is not None or not LEVERAGE_LABEL.search(text):
            continue
        own = _as_stated(text, facts["test_date"])
        ratios = [r for r in _first_after(own, LEVERAGE_LABEL, RATIO) if abs(Decimal(r) - maximum) > Decimal("0.005")]
        other = any(mentions(text, MEMO_TERMS.words(t)) for t in ("debt service coverage ratio", "tangible net worth"))
        result = not (hypothetical(text) or REQUIREMENT.search(text) or CERTIFICATE.search(text) or other) and (
            asserted(own, MEMO_TERMS.words("pass")) or asserted(own, MEMO_TERMS.words("breach")))
        if (ratios and not CERTIFICATE.search(text)) or result:
            found.append(statement.where)
    return found


#: The certificate, its add-back or its tangible net worth called right: "agrees with our figures", "the bonus
#: add-back is permitted".
CERTIFICATE_AGREED = re.compile(r"\b(?:agrees?|agreed|matches|match|consistent|reconciles?|ties?)\s+(?:with|to)\s+"
                                r"(?:our|the\s+bank|ours)\b|\b(?:is|are|was|were)\s+(?:permitted|allowed|acceptable|"
                                r"allowable)\b", re.I)
CERTIFICATE_SUBJECT = re.compile(r"\bcertif\w*|\bbonus\b|\badd-?\s?backs?\b|\bshareholder\b", re.I)


def _certificate_agreed(text: str, test_date: str) -> bool:
    """True when a memo sentence or COMPLETION.json entry about the certificate, its add-back or the shareholder
    receivable, named before the verb in its clause, calls it right (:data:`CERTIFICATE_AGREED`, asserted; the
    seed-2026 independent solution's "These items agree with our figures: ... before the bonus add-back" lists what
    agrees), outside a supposition, a modal or a condition
    ("would be permitted only with the Bank's consent"): beside the differences explained elsewhere, a second
    answer (BANK-01 1.7 passed "On review, the borrower's certificate agrees with our figures"). Read in what the
    writer states (:func:`_as_stated`): BANK-01 1.10 read "Mr Pemberton states that the bonus add-back is
    permitted ...; the definition allows no such add-back" and "Whether the Q3 bonus add-back is permitted should
    be confirmed with the Bank's counsel" as the memo calling the add-back right."""
    if hypothetical(text) or MODAL.search(text) or re.search(r"\b(?:only|unless|provided)\b", text, re.I):
        return False
    text = _as_stated(text, test_date)
    for match in CERTIFICATE_AGREED.finditer(text):
        clause = re.split(r"[;:]", text[:match.start()])[-1]  # "These items agree with our figures: ... bonus" is not it
        if CERTIFICATE_SUBJECT.search(clause) and asserted(text[:match.end()], CERTIFICATE_AGREED):
            return True
    return False


def _typed_ratio(calc: dict[str, common.Cell | None], rows: dict[str, dict[str, Any]], tol: Decimal) -> list[str]:
    """A DSCR typed as a constant that disagrees with the Calculations it should be computed from."""
    cell = rows.get("dscr", {}).get("actual")
    cfads, service = _number(calc["cash_flow_available_for_debt_service"]), _number(calc["debt_service_ytd"])
    if cell is None or cell.is_formula or cell.number is None or cfads is None or not service:
        return []
    implied = cfads / service
    if abs(implied - cell.number) > tol:
        return [f"DSCR typed as {cell.number} but the Calculations sheet gives {implied:.4f}"]
    return []


# ----------------------------------------------------------------------------------------------- the coverage set
def _check_coverage(ev: common.Evaluation, rows: dict[str, dict[str, Any]], completion: dict | None,
                    statements: list[Statement], facts: dict, tol: Decimal, ratio_tol: Decimal) -> None:
    """The coverage set's own criteria (SPEC section 9): ``leverage_tested`` (the four quarters are in the file, so
    the ratio is computed and passes), ``memo_results`` (the memo gives the DSCR, tangible net worth and leverage
    with their limits and passes, and no covenant ratio as a breach or among alternatives) and
    ``no_invented_issues`` (:func:`inventions`)."""
    lev = rows.get("leverage")
    lev_value = _number(lev["actual"]) if lev else None
    want = Decimal(facts["leverage"])
    ev.criterion("leverage_tested", "the Total Funded Debt to EBITDA ratio (Funded Debt over the four quarters' "
                 "EBITDA) is on the Covenants sheet and reported as a Pass",
                 lev_value is not None and abs(lev_value - want) <= ratio_tol and _is_pass(lev["result"]), weight=2,
                 detail="no leverage row" if lev is None else
                 f"expected {want:.4f} got {_show(lev_value)}, result {lev['result']!r}")
    seen = dscr_stances(statements, Decimal(facts["dscr"]), ratio_tol, facts["test_date"])
    problems = []
    if not _passes(statements, "debt service coverage ratio", facts["dscr"], ratio_tol):
        problems.append(f"DSCR {Decimal(facts['dscr']):.2f} not given as a pass")
    breach = [s.where for s in statements if s.kind != "heading" and any(
        figure_stated(t, facts["dscr"], ratio_tol) and _problem(t) == BREACH for _, t in _units(s))]
    if breach or seen.get("listed"):
        problems.append(f"DSCR given as a breach at {breach[:3]} or among alternatives at {seen.get('listed', [])[:3]}")
    if not _passes(statements, "leverage", facts["leverage"], ratio_tol):
        problems.append(f"leverage {Decimal(facts['leverage']):.2f} not given as a pass")
    for name, value, limit in (("DSCR minimum", facts["min_dscr"], "debt service coverage ratio"),
                               ("leverage maximum", facts["max_leverage"], "leverage")):
        if not _states(statements, limit, value, Decimal("0.0001")):
            problems.append(f"{name} {value} not stated")
    ev.criterion("memo_results", "the memo gives the DSCR and the leverage ratio with their limits as passes, and no "
                 "ratio as a breach or among alternatives", bool(statements) and not problems, weight=2,
                 detail="; ".join(problems) or "all found")
    ev.criterion("memo_tnw", "the memo states tangible net worth and the minimum",
                 _states(statements, "tangible net worth", facts["tangible_net_worth"], tol)
                 and _states(statements, "tangible net worth", facts["min_tnw"], tol),
                 detail=f"{facts['tangible_net_worth']} against {facts['min_tnw']} in statements about tangible net "
                        "worth")
    ev.check_no_invented_issues(inventions(rows, completion, statements))


def _passes(statements: list[Statement], term: str, value: Any, tol: Decimal) -> bool:
    """Some statement about ``term`` gives ``value`` as a figure of its own and asserts a pass (in the statement, a
    cell of its row, or its section heading) without claiming a breach (:func:`_problem`: "the headroom before a
    breach is thin" claims none)."""
    passed = MEMO_TERMS.words("pass")
    for statement in statements:
        if statement.kind == "heading" or not _about(statement, term):
            continue
        texts = [t for _, t in _units(statement)]
        if not any(figure_stated(t, value, tol) for t in texts):
            continue
        if any(_problem(t) == BREACH for t in texts):
            continue
        if any(asserted(t, passed) for t in texts) or asserted(statement.section, passed):
            return True
    return False


def _problem(text: str) -> str | None:
    """What ``text`` (one sentence, one part of it, or one table cell) claims is wrong, or None: a breach
    (:data:`BREACH_CLAIM`, :data:`BELOW_MINIMUM`, :data:`NOT_MET`), a misstatement (:data:`MISSTATEMENT`), a
    difference from the certificate (:data:`DIFFERENCE` or :data:`NOT_AGREED` where :data:`COMPARED` sets the
    certificate or the borrower against our figures), a request for the
    December 2024 quarter (:data:`MISSING_QUARTER` with :data:`MISSING_OR_NEEDED`). Negated mentions ("no breach",
    "we found no differences", "not misstated"), a label answered "no" or "none" ("Breach: No"), and suppositions
    ("If ...") claim nothing, nor does what the shared :func:`claims.unfound` blanks (a label answered "no" or
    "none", a difference stated as nil, "$0" or rounding, what was looked for, a search that found nothing); breach
    words claim nothing in a modal or forward-looking phrase ("would be a breach",
    "headroom before a breach") or beside the level an amendment replaced (:data:`ORIGINAL`)."""
    if hypothetical(text):
        return None
    text = unfound(text)
    plain = FORWARD.sub(" ", text)
    if not MODAL.search(plain) and not ORIGINAL.search(plain) and (
            asserted(plain, BREACH_CLAIM.words("breach")) or asserted(plain, BELOW_MINIMUM)
            or asserted(plain, NOT_MET)):
        return BREACH
    if not MODAL.search(text) and asserted(ERROR_FREE.sub(" ", text), MISSTATEMENT.words("misstatement")):
        return "a misstatement"
    if COMPARED.search(text) and (asserted(text, DIFFERENCE.words("difference"))
                                                             or asserted(text, NOT_AGREED)):
        return "a difference from the certificate"
    if MISSING_QUARTER.search(common.normalize_text(text)) and asserted(text, MISSING_OR_NEEDED):
        return "a request for the December 2024 quarter, which is in the file"
    return None


def inventions(rows: dict[str, dict[str, Any]], completion: dict | None, statements: list[Statement]) -> list[str]:
    """Every problem the worker reports that the coverage records do not have, one line each (for
    ``no_invented_issues``): a covenant Result that is a breach or Not tested, an ``issues_found`` entry or a
    memo sentence or table cell that claims a problem (:func:`_problem`; headings and column headers claim
    nothing), a question (other than "none"). Source: issue 16 item 2; /work/briefs/sets.md step 3."""
    found = []
    for key, row in rows.items():
        if _is_breach(row["result"]) or any(w in row["result"] for w in NOT_TESTED):
            found.append(f"Covenants: {COVENANTS[key]} reported as {row['result']!r}")
    entries = [("issues_found", e) for e in (completion or {}).get("issues_found", []) if isinstance(e, str)]
    for where, entry in entries:
        if NOTHING.match(entry):
            continue
        for statement in text_statements(entry, f"COMPLETION.json {where}"):
            claim = _problem(statement.text)
            if claim:
                found.append(f"COMPLETION.json {where} claims {claim}: {statement.text[:90]!r}")
                break
    for question in (completion or {}).get("questions", []):
        if isinstance(question, str) and question.strip() and not NOTHING.match(question):
            found.append(f"COMPLETION.json asks {question[:90]!r}, but the file is complete")
    for statement in statements:
        if statement.kind == "heading":
            continue
        texts = [v for v in statement.cells.values() if v] if statement.cells is not None else \
            [part for part in re.split(r";\s*", statement.text) if part.strip()]
        claim = next((c for c in map(_problem, texts) if c), None)
        if claim:
            found.append(f"{statement.where} claims {claim}: {statement.text[:90]!r}")
    return found
