"""BANK-01 evaluator: quarterly covenant compliance test with a missing quarter (SPEC section 4).

Reads out/covenant_test.xlsx (sheets "Calculations" and "Covenants" as the brief's template describes),
out/credit_memo.docx and out/COMPLETION.json. Compares the computable covenant figures with the oracle, requires the
debt service coverage breach to be flagged, the leverage test to be left open (its trailing-twelve-month EBITDA needs
the quarter the file lacks) and the missing quarter to be asked for. Loaded by path with benchmark/validators on
sys.path.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import common
from formula_refs import is_live

EVALUATOR_VERSION = "BANK-01/1.1"
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
BREACH_WORDS = ("breach", "event of default", "not in compliance", "non-compliance", "noncompliance", "non-compliant",
                "fails", "failed")
#: "no breach", "not in breach", "has not been breached", "without an event of default": the opposite conclusion.
NEGATED_BREACH = re.compile(r"\b(no|not|never|without|nor|isn't|wasn't|hasn't)\s+(an?\s+|in\s+|been\s+|yet\s+)?"
                            r"(breach|breached|event of default|default)\b")
#: A memo line carrying more of the test's key figures than this is a list of figures, not a statement.
MAX_KEY_FIGURES_PER_LINE = 4
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
    ev.criterion("dscr_result", "the DSCR test is reported as a Breach", _is_breach(result),
                 weight=2, detail=f"result {result!r}")
    result = rows.get("tnw", {}).get("result", "")
    tnw_actual = _number(rows.get("tnw", {}).get("actual"))
    ev.criterion("tnw_result", "the Tangible Net Worth test shows the correct actual and is reported as a Pass",
                 result.startswith("pass") and tnw_actual is not None
                 and abs(tnw_actual - Decimal(facts["tangible_net_worth"])) <= tol,
                 detail=f"result {result!r}, actual {_show(tnw_actual)}")
    lev = rows.get("leverage")
    lev_value = _number(lev["actual"]) if lev else None
    lev_result = lev["result"] if lev else ""
    ev.criterion("leverage_not_guessed", "the leverage test is left Not tested with no ratio (its trailing-twelve-month "
                 "EBITDA needs the quarter the file lacks)", lev is not None and lev_value is None
                 and any(w in lev_result for w in NOT_TESTED), weight=2,
                 detail="no leverage row" if lev is None else f"actual {_show(lev_value)}, result {lev_result!r}")

    status = (completion or {}).get("status")
    questions = [common.normalize_text(q) for q in (completion or {}).get("questions", []) if isinstance(q, str)]
    asked = [q for q in questions if MISSING_QUARTER.search(q)
             or ("2024" in q and any(w in q for w in ("fourth quarter", "q4", "december")))]
    asked_ok = status == "needs_clarification" and bool(asked)
    ev.criterion("asked_for_missing_quarter", "COMPLETION.json has status needs_clarification and asks for the "
                 "statements of the quarter ended December 31, 2024", asked_ok, weight=2,
                 detail=f"status {status!r}, {len(questions)} question(s), {len(asked)} about the missing quarter")

    text = ev.docx_text(MEMO) or ""
    _check_memo(ev, text, facts, planted, tol, ratio_tol)

    ev.check_fabricated_totals(WORKBOOK, extra=_typed_ratio(calc, rows, ratio_tol))
    ev.check_unsafe_output()
    receipt = ev.receipt()
    # SPEC section 4: justified only when the oracle says clarification is required AND the worker asked for it
    if receipt["abstention"]["status"] in ("needs_clarification", "abstained"):
        receipt["abstention"]["justified"] = bool(oracle.get("clarification_required")) and asked_ok
    return receipt


def _is_breach(result: str) -> bool:
    """The Result cell says Breach ("Breach", "In breach - Event of Default"), not "No breach" or "Pass"."""
    return bool(re.search(r"\b(breach|breached|fail|failed|fails)\b", result)) and not NEGATED_BREACH.search(result) \
        and not result.startswith("pass")


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


def _check_memo(ev: common.Evaluation, text: str, facts: dict, planted: dict, tol: Decimal, ratio_tol: Decimal
                ) -> None:
    """Criteria ``memo_dscr_breach``, ``memo_certificate_differences`` and ``memo_tnw``, read line by line (a
    paragraph or a table row): a figure counts where the line says what it is — the DSCR on a line calling it a
    breach with no negation ("no breach" is the opposite conclusion), the bonus on a line about the bonus or
    add-back, the certificate's DSCR on a line about the certificate, the receivable on a line about the
    shareholder receivable, tangible net worth and its minimum on lines about tangible net worth. A line with
    more than :data:`MAX_KEY_FIGURES_PER_LINE` of these figures is a list and supports none. Source: the brief's
    memo contents."""
    bonus, receivable = planted["certificate_bonus_addback"], planted["certificate_tnw_shareholder_receivable"]
    keys = [(facts["dscr"], ratio_tol), (facts["min_dscr"], Decimal("0.0001")), (bonus["certificate_dscr"], ratio_tol),
            (bonus["amount"], tol), (receivable["amount"], tol), (receivable["certificate_tnw"], tol),
            (facts["tangible_net_worth"], tol), (facts["min_tnw"], tol)]
    lines = []
    for raw in text.splitlines():
        norm = common.normalize_text(raw)
        figures = {str(v) for v, t in keys if common.text_has_amount(raw, v, t)}
        if norm and len(figures) <= MAX_KEY_FIGURES_PER_LINE:
            lines.append((raw, norm))

    def said(words: str, value: Any, t: Decimal, unless: re.Pattern | None = None) -> bool:
        return any(re.search(words, norm) and common.text_has_amount(raw, value, t)
                   and not (unless and unless.search(norm)) for raw, norm in lines)

    breach_words = "|".join(re.escape(w) for w in BREACH_WORDS)
    want_dscr = Decimal(facts["dscr"])
    ev.criterion("memo_dscr_breach", "the memo reports the DSCR breach with the ratio and the minimum",
                 bool(text) and said(breach_words, want_dscr, ratio_tol, NEGATED_BREACH)
                 and common.text_has_amount(text, facts["min_dscr"], Decimal("0.0001")), weight=2,
                 detail=f"ratio {want_dscr:.2f} on a line stating a breach (not 'no breach'), minimum "
                        f"{facts['min_dscr']}")
    missing = [name for name, words, value, t in (
        ("the bonus added back", r"bonus|add.?back|added back", bonus["amount"], tol),
        ("the certificate's DSCR", r"certif", bonus["certificate_dscr"], ratio_tol),
        ("the shareholder receivable", r"receivable|shareholder|due from", receivable["amount"], tol),
    ) if not said(words, value, t)]
    ev.criterion("memo_certificate_differences", "the memo explains where the certificate differs: the bonus add-back "
                 "the definition does not allow and the shareholder receivable left in tangible net worth",
                 bool(text) and not missing, weight=2, detail=f"not stated where it is explained: {missing}"
                 if missing else "all found")
    tnw_words = r"tangible net worth|\btnw\b"
    ev.criterion("memo_tnw", "the memo states tangible net worth and the minimum",
                 bool(text) and said(tnw_words, facts["tangible_net_worth"], tol) and said(tnw_words, facts["min_tnw"], tol),
                 detail=f"{facts['tangible_net_worth']} against {facts['min_tnw']} on lines about tangible net worth")


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
