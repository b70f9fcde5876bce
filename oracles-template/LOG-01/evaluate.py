"""LOG-01 evaluator: the carrier invoice audit (out/freight_audit.xlsx, out/dispute_note.docx and, in a portal
arm, the Invoice dispute forms).

The workbook is read as a reader sees it: the Audit sheet by its column headers (the brief's, or the same words
with a unit or a longer name), one row per invoice line keyed by invoice number and shipment number; the Summary's
figures by their labels in column A. Formulas are judged by the values they compute. The dispute note is read as
statements: each disputed shipment named with its amount, the total, and neither of the two genuine same-lane
shipments disputed. Only the scenario's criteria live here; reading, numbers and shared checks come from common.py.

1.7: 1.6 failed seven fair wordings of a correct note or report: what the carrier's system may show, reported and
refused ("Your system may show FLF-2503-5536 as correctly billed on RE-2025-23757; it was already billed ..."), a
request to check ("Please confirm whether FLF-2503-5590 is billed correctly in your system"), a suspicion cleared
("Our duplicate check flagged FLF-2503-6022 and FLF-2503-6023 as possible duplicates; they are two shipments"),
contingencies ("if you can, the total disputed would be EUR 474,97"), each invoice's part beside the total ("RE-2025-
23646 total EUR 2,78, ... together EUR 557,59") and the over-billed subtotal in a sentence naming the under-billed
line. See :func:`own_statements`, :func:`parts_beside_total` and :func:`working_of_total`.

1.9: 1.8 read a totals row under column headers as a label and its first figure: "Total amount disputed (net)" merged
over the line columns, then 954,00 | 682,30 | 271,70 under Invoiced, Correct and Amount disputed, gave the Invoiced
column's sum as a second total disputed (an independent solver's note at seed 9531). Each figure of such a row is its
column's total; see :func:`column_totals`.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import Any

import common
from amounts import parse_number
from claims import about, asserted, completion_statements, figures_given, labelled_figures, mentions, stances
from formula_refs import is_live
from reading import Statement
from vocabulary import Vocabulary

EVALUATOR_VERSION = "LOG-01/1.9"
WORKBOOK = "freight_audit.xlsx"
NOTE = "dispute_note.docx"
FORM_ID = "dispute"
SHIPMENT = re.compile(r"\bFLF-\d{4}-\d{4}\b", re.I)
INVOICE = re.compile(r"\bRE-\d{4}-\d+\b", re.I)
#: A document number (invoice, credit note, shipment, claim: RE-2025-22168, GS-2025-1332, FLF-2503-4120), whose
#: digits are no amount: "credit note GS-2025-1332 for EUR 272.72" gives 272.72, not -2025.
DOCUMENT_NO = re.compile(r"\b[A-Z]{2,3}-\d{2,4}-\d+\b", re.I)
#: The brief's findings ("What to deliver" 1) and the words an auditor writes for them.
FINDINGS = Vocabulary({
    "wrong_zone": ["Wrong zone", "zone", "zone error", "incorrect zone"],
    "fuel_week": ["Fuel surcharge week", "fuel week", "diesel week", "index week", "fuel surcharge", "diesel surcharge",
                  "diesel floater", "fuel index"],
    "rebilled": ["Duplicate billing", "duplicate", "double billing", "billed twice", "rebilled", "re-billed",
                  "already billed", "double-billed"],
    "weight_break": ["Weight break", "weight band", "wrong break", "weight bracket", "wrong band"],
    "accessorial_unsupported": ["Accessorial not supported", "accessorial", "waiting time", "waiting time not supported",
                    "unsupported waiting", "wartezeit"],
    "not_in_manifest": ["Not in manifest", "not in our manifest", "unknown shipment"],
    "ok": ["OK", "correct", "no finding", "agreed", "in order", "okay"],
}, source="LOG-01 brief, What to deliver 1: Finding is OK, Wrong zone, Fuel surcharge week, Duplicate billing or "
          "Weight break (hard level: also Accessorial not supported and Not in manifest)")
#: What a note says of an agreed credit it chases (hard level: "still outstanding", "has not been issued", "No such
#: credit note has been received ... without further delay": an independent solver at seed 9430, failed by 1.4).
OUTSTANDING = ["outstanding", "not been issued", "not yet issued", "not issued", "not received", "still owed",
               "still due", "still open", "remind", "reminder", "overdue", "yet to", "missing", "never issued",
               "not yet received", "has not arrived", "chase", "not been received", "no such credit note",
               "without further delay"]
#: The Audit sheet's columns, found by the start of their headers ("Invoice No.", "Shipment number",
#: "Difference (EUR)"); a header naming an amount ("Invoiced (EUR)") is not the invoice number.
HEADERS = ("invoice", "shipment", "difference", "finding")
#: What a dispute note says of a line it disputes.
DISPUTED = ["dispute", "disputed", "overcharge", "overcharged", "overbilled", "credit", "wrong", "incorrect",
            "duplicate", "billed twice", "query", "challenge"]
#: What a note or report says of a line it pays: the opposite of disputing it. A line given both is a hedge (a table
#: that disputes FLF-1 and a later "On reflection, FLF-1 is billed correctly and is not disputed"). Phrases, so the
#: negation inside "not disputed" is the option, not a denial of "disputed". Source: the brief ("lines that are right
#: are not disputed").
#: "Billed correctly" in words that say the line is right: the adverb, not the verb "corrected", which says a line
#: was wrong and is put right ("Under-billing, corrected in your favour": an independent solver's note at seed 9510,
#: whose stems 1.7 read as "billed correctly").
BILLED_RIGHT = re.compile(r"\b(?:bill(?:s|ed)?|charged|invoiced)\s+correct(?:ly)?\b|"
                          r"\bcorrectly\s+(?:bill(?:s|ed)?|charged|invoiced)\b", re.I)
ACCEPTED = ["not disputed", "undisputed", "not in dispute", BILLED_RIGHT, "no error",
            "not an error", "approved for payment", "nothing to dispute"]
#: Words that label a figure as what a line is disputed for ("the amount disputed is EUR 95.00", "overcharged by
#: EUR 95.00", a column "Amount disputed (EUR)" or "Difference (EUR)").
DISPUTE_LABELS = ["disputed", "dispute", "overcharge", "overcharged", "overbilled", "over-billed", "underbilled",
                  "under-billed", "difference"]
#: An amount as a note writes one: with its currency, or with two decimals ("EUR 95.00", "95,00 EUR", "64.67").
MONEY = re.compile(r"(?:\bEUR\b|\u20ac)\s*-?\d(?:[\d.,]*\d)?|-?\d(?:[\d.,]*\d)?\s*(?:\bEUR\b|\u20ac)|"
                   r"-?\d[\d.,]*[.,]\d{2}(?![\d])", re.I)
#: What after an amount makes it the gross (with VAT) of a total given net ("credit note requested: EUR 228,73 gross
#: incl. 19 % VAT"): the brief's amounts are net of VAT, so it is no second total.
GROSS = re.compile(r"^\s*(?:EUR|\u20ac)?\s*\(?\s*(?:gross|incl\.?|including|inkl\.?|with\s+VAT|plus\s+VAT)", re.I)
#: An amount the report gives as the month's total ("EUR 243.31 disputed", "243,31 EUR in dispute").
TOTAL_BEFORE = re.compile(r"(" + MONEY.pattern + r")\s+(?:(?:are|is|was|were|to\s+be)\s+)?(?:disputed|in\s+dispute)\b",
                          re.I)
#: The Summary's labels and the longer names an auditor writes beside them.
LABELS = {"total_invoiced": ("Total invoiced", "Invoiced total"), "total_correct": ("Total correct", "Correct total"),
          "amount_disputed": ("Amount disputed", "Total disputed", "Disputed amount")}


#: What makes the rest of its clause give no answer of the writer's on a line or the total (LOG-01 1.7): another
#: party's words or records ("Your system may show ...", "Hollweg claims ..."; not after "I" or "we"), a request to
#: check ("Please confirm whether ...", "should be checked"), a contingency ("if you can, the total disputed would
#: be ..."). From the word to the clause's end: "Please issue a credit note for EUR 557,59, or tell us if you
#: disagree" keeps its total.
CONTEXT = re.compile(r"(?<!\bwe )(?<!\bi )\b(?:says?|said|claims?|claimed|shows?|showed|states|stated|wrote|writes|"
                     r"asks?|asked|insists?|insisted)\b|\b(?:confirm|check|verify)\s+(?:whether|if)\b|\bwhether\b|"
                     r"\bshould\s+be\s+(?:checked|confirmed|verified)\b|\b(?:if|unless|would|could)\b", re.I)
#: A suspicion, which makes its whole clause no finding: "Our duplicate check flagged FLF-2503-6022 and FLF-2503-6023
#: as possible duplicates" (LOG-01 1.7).
SUSPICION = re.compile(r"\b(?:flagged|possible|possibly|potential|suspected|apparent)\b|\b(?:looks?|looked|seems?|"
                       r"seemed)\s+like\b", re.I)
#: Where such a clause ends: a semicolon, colon or full stop, or a turn to the writer's own words (", and", "but",
#: "and it/they/we").
CONTEXT_END = re.compile(r"[;:]|\.(?:\s|$)|,\s*(?:and|but|so|while|whereas)\b|\bbut\b|\band\s+(?:we|i|it|they|this|that|"
                         r"both)\b", re.I)


def own_statements(statements: list[Statement]) -> list[Statement]:
    """The statements with the words that give an answer on a line or the total (:data:`DISPUTED`,
    :data:`ACCEPTED`, :data:`DISPUTE_LABELS`, "total", "credit note", and amounts) blanked from a :data:`CONTEXT`
    word to its clause's end, and in a whole clause :data:`SUSPICION` marks; shipment and invoice numbers stay, so
    the clause after the turn still speaks of them: "Our duplicate check flagged FLF-1 and FLF-2 as possible
    duplicates, and they are duplicates" still disputes them (LOG-01 1.7). Table rows are read as they are."""
    terms = sorted({*DISPUTED, *(t for t in ACCEPTED if isinstance(t, str)), *DISPUTE_LABELS, "total", "credit note",
                    "correctly", "duplicates", "under-billed", "over-billed"}, key=len, reverse=True)
    words = re.compile(r"\b(?:" + "|".join(map(re.escape, terms)) + r")\b|" + BILLED_RIGHT.pattern + "|" +
                       MONEY.pattern, re.I)

    def own(text: str) -> str:
        result = list(text)
        bounds = [0] + [m.end() for m in CONTEXT_END.finditer(text)] + [len(text)]
        for lo, hi in zip(bounds, bounds[1:], strict=False):
            start = lo if SUSPICION.search(text, lo, hi) else next(
                (m.start() for m in CONTEXT.finditer(text, lo, hi)), None)
            if start is None:
                continue
            for m in words.finditer(text, start, hi):
                result[m.start():m.end()] = " " * (m.end() - m.start())
        return "".join(result)
    return [s if s.cells is not None else dataclasses.replace(s, text=own(s.text)) for s in statements]


def amount(ev: common.Evaluation, value: Any) -> Decimal | None:
    """A figure as the worker wrote it: in English form (243.31, 1,234.56) or, as the carrier's documents write it,
    in German form (243,31, 1.234,56); None when neither reads it."""
    number = ev.number(value)
    return number if number is not None or isinstance(value, (int, float, Decimal)) else parse_number(value, "de-DE")


def _key(value: Any, pattern: re.Pattern) -> str | None:
    match = pattern.search(str(value or ""))
    return match.group().upper() if match else None


def audit_rows(ev: common.Evaluation, book: common.Workbook | None) -> dict[tuple[str, str], list[dict]]:
    """``{(invoice, shipment): [{"difference": Decimal | None, "finding": canonical | None, "text": str}]}`` from
    the Audit sheet (a shipment billed twice on one invoice has two rows under one key)."""
    if book is None or book.sheet_name("Audit") is None:
        return {}
    rows = book.rows(book.sheet_name("Audit"))
    found: dict[tuple[str, str], list[dict]] = {}
    cols: dict[str, int] = {}
    for index, row in enumerate(rows[:15]):
        heads = [common.normalize_text(c.value) if isinstance(c.value, str) else "" for c in row]
        cols = {name: next((i for i, h in enumerate(heads) if h.startswith(name) and not any(
                    w in h for w in ("invoiced", "amount"))), -1) for name in HEADERS}
        if min(cols.values()) >= 0:
            rows = rows[index + 1:]
            break
    else:
        return {}
    for row in rows:
        cell = {name: row[i] if i < len(row) else None for name, i in cols.items()}
        inv = _key(cell["invoice"] and cell["invoice"].value, INVOICE)
        ship = _key(cell["shipment"] and cell["shipment"].value, SHIPMENT)
        if not inv or not ship:
            continue
        diff = cell["difference"]
        number = None if diff is None else diff.number if diff.number is not None else amount(ev, diff.value)
        text = str((cell["finding"] and cell["finding"].value) or "")
        finding = FINDINGS.canonical(text) if text.strip() else "ok"
        found.setdefault((inv, ship), []).append({"difference": number, "finding": finding, "text": text})
    return found


def check_audit(ev: common.Evaluation, rows: dict, oracle: dict, tol: Decimal) -> list[str]:
    """One criterion per planted error (its row's finding and difference), the decoys paid (the same-lane twins;
    at the hard level the shipment at a break's limit), the other lines undisputed and every invoice line present.
    Returns, on the coverage set, the problems the worker invented (lines disputed, issues listed)."""
    facts = oracle["facts"]
    expected: dict[tuple[str, str], list[str]] = {}
    for line in facts["audit"]:
        expected.setdefault((line["invoice"], line["shipment"]), []).append(line["difference"])
    missing = [f"{i} {s}" for (i, s), diffs in expected.items() if len(rows.get((i, s), [])) < len(diffs)]
    ev.criterion("audit_lines_complete", "the Audit sheet has one row per invoice line of both invoices",
                 bool(rows) and not missing, detail=f"missing rows: {missing[:6]}" if missing or not rows
                 else f"{sum(len(v) for v in rows.values())} rows")
    planted = {}
    for item in oracle["planted_items"]:
        if not item.get("error", True) or item["kind"] == "prior_credit":
            continue
        key = (item["invoice"], item["shipment"])
        planted[key] = item
        got = rows.get(key, [])
        ok = any(r["finding"] == item["kind"] and common.close(r["difference"], item["difference"], tol) for r in got)
        ev.criterion(f"finding.{item['id']}", f"the Audit row of {item['invoice']} {item['shipment']} gives the "
                     f"finding {FINDINGS.words(item['kind'])[1]} and a difference of {item['difference']} EUR",
                     ok, weight=2, detail=f"rows {[(r['text'], str(r['difference'])) for r in got] or 'none'}")
    decoy = next(p for p in oracle["planted_items"] if p["kind"] == "decoy")
    twins = [(decoy["invoice"], s) for s in decoy["shipments"]]
    wrong_twins = [f"{s}: {[(r['text'], str(r['difference'])) for r in rows.get((i, s), [])] or 'no row'}"
                   for i, s in twins if not rows.get((i, s)) or any(
                       r["finding"] != "ok" or not common.close(r["difference"], 0, tol) for r in rows[(i, s)])]
    ev.criterion("same_lane_shipments_paid", "the two genuine shipments on the same lane, day and weight are both "
                 "OK with no difference", not wrong_twins, weight=2, detail="; ".join(wrong_twins) or "both OK")
    at_limit = next((p for p in oracle["planted_items"] if p["kind"] == "decoy_break_limit"), None)
    limit_key = (at_limit["invoice"], at_limit["shipment"]) if at_limit else None
    if at_limit:
        got = rows.get(limit_key, [])
        ev.criterion("break_limit_paid", f"the shipment weighing exactly {at_limit['weight']} kg, a break's upper "
                     "limit, is OK with no difference (the limit belongs to its break)", bool(got) and all(
                         r["finding"] == "ok" and common.close(r["difference"], 0, tol) for r in got),
                     detail=f"{at_limit['shipment']}: {[(r['text'], str(r['difference'])) for r in got] or 'no row'}")
    others = []
    for key, got in rows.items():
        if key in planted or key in twins or key == limit_key:
            continue
        for r in got:
            if r["finding"] != "ok" or not common.close(r["difference"], 0, tol):
                others.append(f"{key[0]} {key[1]}: {r['text']!r} {r['difference']}")
    ev.criterion("no_other_disputes", "every other invoice line is OK with no difference", bool(rows) and not others,
                 detail="; ".join(others[:6]) or "no other line disputed")
    invented = list(others)
    for index, issue in enumerate((ev.completion or {}).get("issues_found") or [], 1):
        text = " ".join(map(str, issue.values())) if isinstance(issue, dict) else str(issue)
        if SHIPMENT.search(text) and not asserted(text, FINDINGS.words("ok")):
            invented.append(f"issues_found {index} disputes a line: {text[:80]!r}")
    return invented


def summary_values(book: common.Workbook | None) -> dict[str, Any]:
    """``{key: Cell}`` for each Summary label in column A: the first non-empty cell to its right."""
    if book is None or book.sheet_name("Summary") is None:
        return {}
    found: dict[str, Any] = {}
    for row in book.rows(book.sheet_name("Summary")):
        if not row or not isinstance(row[0].value, str):
            continue
        label = common.normalize_text(row[0].value).rstrip(":")
        for key, names in LABELS.items():
            if key not in found and any(label == common.normalize_text(n) or label.startswith(
                    common.normalize_text(n) + " ") for n in names):
                value = next((c for c in row[1:] if c.value not in (None, "")), None)
                if value is not None:
                    found[key] = value
    return found


def check_summary(ev: common.Evaluation, book: common.Workbook | None, facts: dict, tol: Decimal) -> None:
    """The Summary's three figures and that they are live formulas over the Audit sheet."""
    got = summary_values(book)

    def number(key: str) -> Decimal | None:
        cell = got.get(key)
        return None if cell is None else cell.number if cell.number is not None else amount(ev, cell.value)

    wrong = [f"{k} {number(k)} (expected {facts[k]})" for k in ("total_invoiced", "total_correct")
             if not common.close(number(k), facts[k], tol)]
    ev.criterion("summary_totals", "Total invoiced and Total correct on the Summary", not wrong,
                 detail="; ".join(wrong) or "both match")
    ev.criterion("amount_disputed", "the Summary's Amount disputed is the sum of the disputed differences",
                 common.close(number("amount_disputed"), facts["amount_disputed"], tol), weight=2,
                 detail=f"Amount disputed {number('amount_disputed')}, expected {facts['amount_disputed']}")
    bad = [k for k in LABELS if k not in got or not got[k].is_formula or book is None
           or not is_live(book, got[k].sheet, got[k].coordinate, book.sheet_name("Audit") or "Audit")]
    ev.criterion("formulas_present", "Total invoiced, Total correct and Amount disputed are formulas over the Audit "
                 "sheet", bool(got) and not bad, detail=f"missing, typed or not over Audit: {bad}" if bad
                 else "three live formulas")


def without_document_numbers(note: list[Statement]) -> list[Statement]:
    """The note's statements with every document number (:data:`DOCUMENT_NO`) written as the word "reference", so
    that a figure read after a label is an amount, not the digits of a number."""
    def mask(text: str) -> str:
        return DOCUMENT_NO.sub("reference", text)
    return [dataclasses.replace(s, text=mask(s.text), cells=None if s.cells is None else {
        mask(k): mask(v or "") for k, v in s.cells.items()}) for s in note]


def column_totals(statement: Statement) -> list[str] | None:
    """The figures a totals row of a table under column headers gives for the total disputed, read column by
    column as a careful reader does: after a label cell naming a total ("Total amount disputed (net)", merged over
    the line columns, or "Total"), figures in two or more headed columns are each their column's total ("954,00 |
    682,30 | 271,70" under Invoiced, Correct and Amount disputed: the first two are those columns' sums), so the
    row gives the total disputed only under a header naming the dispute (:data:`DISPUTE_LABELS`) or a total. None
    when the row is no such row, and :func:`claims.figures_given` reads it: one figure after its label is the
    label's ("Total amount disputed | 954,00" under Invoiced still gives 954,00), and so is the first where no
    header names the dispute. Source: an independent solver's note at seed 9531 (LOG-01 1.9)."""
    if statement.cells is None:
        return None
    keys = list(statement.cells)
    label = next((i for i, k in enumerate(keys) if mentions(statement.cells[k] or "", "total")
                  and not MONEY.search(statement.cells[k] or "")), None)
    if label is None:
        return None
    figures = [k for k in keys[label + 1:] if MONEY.fullmatch((statement.cells[k] or "").strip())]
    if len(figures) < 2 or any(k.startswith("column ") for k in figures):
        return None
    disputed = [statement.cells[k] for k in figures if mentions(k, DISPUTE_LABELS) or mentions(k, "total")]
    return disputed or None


def check_note(ev: common.Evaluation, note: list[Statement], oracle: dict, tol: Decimal) -> list[str]:
    """The dispute note: each disputed shipment named with its amount, the total, no genuine twin disputed, and at
    the hard level the agreed credit from last month. Returns what the note invents (coverage set)."""
    facts = oracle["facts"]
    missing = []
    for line in facts["disputed_lines"]:
        said = about(note, [line["shipment"]])
        amounts = {amount(ev, n) for s in said for n in re.findall(r"\d[\d,.]*\d|\d", s.text)}
        # the figure as written, without its sign: an under-billed line is "-25.03" or "under-billed by 25.03"
        if not any(common.close(a, abs(Decimal(line["amount"])), tol) for a in amounts - {None}):
            missing.append(f"{line['shipment']} with {line['amount']}")
    report = own_statements(completion_statements(ev.completion))
    own = own_statements(note)  # another party's words, a check asked, a contingency, a suspicion: no answer
    contradicted = line_contradictions(ev, own, report, facts, tol)
    ev.criterion("note_lines", "the dispute note names each disputed line's shipment with its amount, and neither "
                 "the note nor COMPLETION.json gives a disputed line another amount or calls it right",
                 bool(note) and not missing and not contradicted, weight=2,
                 detail="; ".join(([f"not found: {missing}"] if missing else []) + contradicted) or "all named")
    labelled: list[tuple[Statement, str]] = []
    for statement in without_document_numbers(own):
        by_column = column_totals(statement)  # a totals row: each figure its column's
        labelled += [(statement, f) for f in by_column] if by_column is not None else figures_given(
            [statement], ["total", "credit note"])
    given = [(st, f, amount(ev, f)) for st, f in labelled]
    totals = {t for st, f, t in given if t is not None and not subtotal_beside_net(ev, st, t, facts, tol)
              and not billed_total(st, f, t, facts, tol) and not parts_beside_total(ev, st, t, facts, tol)}
    prior = facts.get("prior_credit")
    if prior:  # last month's agreed credit (alone or added to this month's total) and the month's credit note,
        # named to say why the agreed credit is still owed, are not a second total
        totals = {t for t in totals if not any(common.close(t, x, tol) for x in (
            Decimal(prior["amount"]), Decimal(prior["amount"]) + Decimal(facts["amount_disputed"]),
            Decimal(prior["credit_note_amount"])))}
    totals |= report_totals(ev, report, facts, tol)
    nothing = not facts["disputed_lines"]  # coverage set: a note saying nothing is disputed needs no total
    ev.criterion("note_total", "the dispute note states the total amount disputed (one figure, COMPLETION.json "
                 "giving no other; on clean invoices, none or zero)", bool(note) and (all(common.close(t, 0, tol) for t in totals) if nothing else
                 len(totals) == 1 and common.close(next(iter(totals)), facts["amount_disputed"], tol)), weight=2,
                 detail=f"totals given {sorted(map(str, totals)) or 'none'}; expected {facts['amount_disputed']}")
    decoy = next(p for p in oracle["planted_items"] if p["kind"] == "decoy")
    accused = [s for s in decoy["shipments"] for st in about(own, [s]) if asserted(st.text, DISPUTED)]
    ev.criterion("note_spares_same_lane", "the dispute note disputes neither of the two genuine same-lane shipments",
                 bool(note) and not accused, detail=f"disputed: {accused}" if accused else "not disputed")
    return check_prior_credit(ev, note, prior, tol) if prior else []


def _line_figures(ev: common.Evaluation, line: dict, facts: dict) -> list[Decimal]:
    """The figures that belong to a disputed line: its amount disputed and what each billing of its shipment on its
    invoice was invoiced and should cost (absolute values)."""
    own = [abs(Decimal(line["amount"]))]
    for billed in facts["audit"]:
        if billed["shipment"] == line["shipment"]:
            own += [abs(Decimal(billed[k])) for k in ("invoiced", "correct", "difference")]
    return own


def line_contradictions(ev: common.Evaluation, note: list[Statement], report: list[Statement], facts: dict,
                        tol: Decimal) -> list[str]:
    """What the note or COMPLETION.json (``report``) says of a disputed line against its dispute: the line called
    right (:data:`ACCEPTED` beside a dispute: claims.stances' hedge), or given a figure that is none of its own
    (:func:`_line_figures`) where it names that line alone: an amount (:data:`MONEY`; not a weight, a line number
    or a rate per 100 kg) labelled as the amount disputed
    (:data:`DISPUTE_LABELS`: "For FLF-1 the amount disputed is EUR 95.00" after a table row of 111.28), or in a
    report issue the one amount it gives ("FLF-1: Wrong zone, EUR 95.00"). A reader cannot tell which to act on."""
    problems = []
    both = note + report
    for line in facts["disputed_lines"]:
        shipment = line["shipment"]
        said = stances(both, [shipment], {"disputed": DISPUTED, "accepted": ACCEPTED})
        if "accepted" in said:
            problems.append(f"{shipment} also called right at {said['accepted'][0].where}")
        own = _line_figures(ev, line, facts)
        for statement in about(both, [shipment]):
            if statement.kind == "heading" or {m.upper() for m in SHIPMENT.findall(statement.text)} != {shipment}:
                continue
            if statement.cells is not None:
                figures = [f for _, f in figures_given([statement], DISPUTE_LABELS)]
            else:
                figures = [statement.text[a:b] for _, a, b in labelled_figures(statement.text, DISPUTE_LABELS)]
                amounts = MONEY.findall(DOCUMENT_NO.sub("reference", statement.text))
                if not figures and statement.where.startswith("COMPLETION.json") and len(amounts) == 1:
                    figures = amounts
            working = working_of_total(ev, statement, facts, tol)
            for figure in figures:
                value = amount(ev, figure) if MONEY.fullmatch(figure.strip()) else None
                if value is not None and not any(common.close(abs(value), x, tol) for x in own + working):
                    problems.append(f"{shipment} also given {figure.strip()} at {statement.where}")
    return problems


def report_totals(ev: common.Evaluation, report: list[Statement], facts: dict, tol: Decimal) -> set[Decimal]:
    """The totals COMPLETION.json (``report``) gives in sentences naming no shipment: a figure after "total" or
    "credit note", or an amount followed by "disputed" ("Audited 27 invoice lines; EUR 243.31 disputed."), less
    a gross amount (:data:`GROSS`), what the invoices bill or should bill and, at the hard level, last month's
    agreed credit."""
    found = set()
    for statement in report:
        if SHIPMENT.search(statement.text):
            continue
        figures = [f for _, f in figures_given([statement], ["total", "credit note"])]
        figures += [m.group(1) for m in TOTAL_BEFORE.finditer(statement.text)]
        for figure in figures:
            at = statement.text.find(figure)
            gross = at >= 0 and GROSS.match(statement.text[at + len(figure):])
            if MONEY.fullmatch(figure.strip()) and not gross and (value := amount(ev, figure)) is not None:
                found.add(value)
    known = [Decimal(facts["total_invoiced"]), Decimal(facts["total_correct"])]
    for invoice in facts["invoices"]:
        lines = [line for line in facts["audit"] if line["invoice"] == invoice]
        known += [sum((Decimal(line[k]) for line in lines), Decimal(0)) for k in ("invoiced", "correct")]
    prior = facts.get("prior_credit")
    if prior:
        known += [Decimal(prior["amount"]), Decimal(prior["amount"]) + Decimal(facts["amount_disputed"]),
                  Decimal(prior["credit_note_amount"])]
    return {v for v in found if not any(common.close(v, k, tol) for k in known)}


def subtotal_beside_net(ev: common.Evaluation, statement: Statement, figure: Decimal, facts: dict,
                        tol: Decimal) -> bool:
    """True when ``figure`` is the over-billed lines' subtotal (or the under-billing set against it) and the same
    sentence goes on to the net amount disputed: "Over-billed lines total EUR 256,79; net of the under-billing
    correction the amount disputed is EUR 192,21" shows its working (an independent solver's correct note, LOG-01
    hard at seed 9407, which evaluator 1.2 read as two totals). A subtotal given alone is still a second total."""
    lines = [Decimal(line["amount"]) for line in facts["disputed_lines"]]
    parts = (sum((a for a in lines if a > 0), Decimal(0)), -sum((a for a in lines if a < 0), Decimal(0)))
    if not any(common.close(figure, p, tol) for p in parts) or common.close(figure, facts["amount_disputed"], tol):
        return False
    figures = {amount(ev, n) for n in re.findall(r"\d[\d,.]*\d|\d", statement.text)} - {None}
    return any(common.close(f, facts["amount_disputed"], tol) for f in figures)


def _parts(facts: dict) -> tuple[Decimal, Decimal]:
    """The over-billed lines' subtotal and the under-billing set against it (both positive)."""
    lines = [Decimal(line["amount"]) for line in facts["disputed_lines"]]
    return sum((a for a in lines if a > 0), Decimal(0)), -sum((a for a in lines if a < 0), Decimal(0))


def working_of_total(ev: common.Evaluation, statement: Statement, facts: dict, tol: Decimal) -> list[Decimal]:
    """The month's total and its over- and under-billed parts, when ``statement`` works the total out from them,
    giving all three: "The over-billed lines total EUR 582,62 and the under-billed line FLF-2503-5590
    reduces this by EUR 25,03, so the amount disputed is EUR 557,59" gives the under-billed line no other amount
    (LOG-01 1.7). Otherwise none: "FLF-2503-5590 is under-billed by EUR 25,03; the amount disputed for
    FLF-2503-5590 is EUR 557,59" still gives it the total."""
    over, under = _parts(facts)
    total = Decimal(facts["amount_disputed"])
    figures = {amount(ev, n) for n in re.findall(r"\d[\d,.]*\d|\d", statement.text)} - {None}
    if not (over and under) or not all(any(common.close(f, x, tol) for f in figures) for x in (over, under, total)):
        return []
    return [total, over, under]


def parts_beside_total(ev: common.Evaluation, statement: Statement, figure: Decimal, facts: dict,
                       tol: Decimal) -> bool:
    """True when ``figure`` is one of several parts the same statement gives that add up to the total it also
    states: "Disputed per invoice: RE-2025-23646 total EUR 2,78, RE-2025-23683 total EUR 169,75 and RE-2025-23757
    total EUR 385,06, together EUR 557,59" (LOG-01 1.7). Parts that do not add up, or a part with no total beside
    it, are still a second total."""
    total = Decimal(facts["amount_disputed"])
    if common.close(figure, total, tol):
        return False
    values = [v for v in (amount(ev, m) for m in MONEY.findall(DOCUMENT_NO.sub("reference", statement.text)))
              if v is not None]
    parts = [v for v in values if not common.close(v, total, tol)]
    return len(parts) > 1 and len(parts) < len(values) and any(common.close(figure, v, tol) for v in parts) and \
        abs(sum(parts, Decimal(0)) - total) <= tol * len(parts)


#: An amount with its currency ("EUR 192,21", "85.304,42 EUR", "€ 5"): where the words that claim a later figure
#: start in a sentence (:func:`billed_total`); a date or a line count is no such amount.
CURRENCY_AMOUNT = re.compile(r"(?:\bEUR\b|\u20ac)\s*\d(?:[\d.,]*\d)?|\d(?:[\d.,]*\d)?\s*(?:\bEUR\b|\u20ac)", re.I)


def billed_total(statement: Statement, figure: str, value: Decimal, facts: dict, tol: Decimal) -> bool:
    """True when ``value`` (``figure`` as written, read under the label "total") is what the invoices bill or
    should bill, net: the total invoiced, the total correct, or one invoice's, and the words that lead to it do not
    dispute it. "Invoices audited: RE-2025-26972 ... and RE-2025-27120; total net EUR 85.304,42 (210 invoice
    lines)" names the invoices beside "Total amount disputed: EUR 0,00" (an independent solver's coverage note,
    LOG-01 hard at seed 9424, which 1.3 read as a second total). The leading words are, in prose, those after the
    last semicolon or amount with its currency before the figure ("We dispute EUR 192,21 of the invoices' total
    of EUR 85.304,42": the verb claims the first figure only); in a table row, the row up to the figure.
    "Total amount disputed: EUR 85.304,42" and "Please issue a credit note for the total of EUR 85.304,42" still
    give a total disputed."""
    if common.close(value, facts["amount_disputed"], tol):
        return False
    billed = [Decimal(facts["total_invoiced"]), Decimal(facts["total_correct"])]
    for invoice in facts["invoices"]:
        lines = [line for line in facts["audit"] if line["invoice"] == invoice]
        billed += [sum((Decimal(line[k]) for line in lines), Decimal(0)) for k in ("invoiced", "correct")]
    at = statement.text.find(figure)
    if at < 0 or not any(common.close(value, b, tol) for b in billed):
        return False
    start = 0
    if statement.cells is None:
        start = max([statement.text.rfind(";", 0, at) + 1,
                     *(m.end() for m in CURRENCY_AMOUNT.finditer(statement.text, 0, at))])
    return not asserted(statement.text[start:at], DISPUTED)


def chases(ev: common.Evaluation, text: str, prior: dict, tol: Decimal) -> bool:
    """True when ``text`` names the agreed credit (its amount, or its invoice) as still owed."""
    figures = {amount(ev, n) for n in re.findall(r"\d[\d,.]*\d|\d", text)} - {None}
    named = prior["invoice"] in text.upper() or any(common.close(f, prior["amount"], tol) for f in figures)
    return named and asserted(text, OUTSTANDING)


def passages(note: list[Statement]) -> list[str]:
    """The note as a reader takes in a point: each prose paragraph whole (its sentences joined, in order), each
    table row alone. "You accepted ... RE-2025-23358, EUR 406,01 net ... We have not received it ... Please issue
    the credit note for EUR 406,01" chases the credit in one paragraph though no one sentence names it, its amount
    and that it is owed (LOG-01 seed 9201, an independent solver)."""
    found: dict[str, list[str]] = {}
    for statement in note:
        if statement.kind != "heading":
            found.setdefault(statement.where, []).append(statement.text)
    return [" ".join(texts) for texts in found.values()]


def check_prior_credit(ev: common.Evaluation, note: list[Statement], prior: dict, tol: Decimal) -> list[str]:
    """Hard level: the credit the carrier agreed for last month's invoice. Challenge: not issued (the month's credit
    note settles something else), so the note chases it with its amount and COMPLETION lists it; coverage: issued,
    so chasing it invents a problem."""
    said = [text for text in passages(note) if chases(ev, text, prior, tol)]
    issues = [" ".join(map(str, i.values())) if isinstance(i, dict) else str(i)
              for i in (ev.completion or {}).get("issues_found") or []]
    listed = [i for i in issues if prior["invoice"] in i.upper() or any(
        common.close(amount(ev, n), prior["amount"], tol) for n in re.findall(r"\d[\d,.]*\d|\d", i))]
    with_amount = [t for t in said if any(common.close(amount(ev, n), prior["amount"], tol)
                                          for n in re.findall(r"\d[\d,.]*\d|\d", t))]
    if prior["issued"]:
        return [f"note chases the credit already issued: {t[:80]!r}" for t in said] + [
            f"issues_found lists the credit already issued: {i[:80]!r}" for i in listed]
    ev.criterion("prior_credit_chased", f"the dispute note chases the credit of {prior['amount']} EUR agreed for "
                 f"{prior['invoice']} and not issued (the month's credit note {prior['credit_note']} settles "
                 "something else), and COMPLETION lists it", bool(with_amount) and bool(listed), weight=2,
                 detail=f"note: {with_amount[:1] or 'not chased with its amount'}; issues_found: "
                        f"{listed[:1] or 'not listed'}")
    return []


def check_portal(ev: common.Evaluation, oracle: dict, tol: Decimal) -> None:
    """In a portal arm: one Invoice dispute per disputed line, each field in its own field (the form asks them in
    another order than the brief); a later submission for the same invoice and shipment replaces an earlier one."""
    latest: dict[tuple[str, str], dict] = {}
    for entry in ev.portal_submissions() or []:
        if isinstance(entry, dict) and entry.get("form_id") == FORM_ID and isinstance(entry.get("values"), dict):
            v = entry["values"]
            key = (_key(v.get("invoice_no"), INVOICE), _key(v.get("shipment"), SHIPMENT))
            latest[key] = v
    want = {(d["invoice"], d["shipment"]): d for d in oracle["facts"]["disputed_lines"]}
    wrong = [f"{i} {s}: {'missing' if (i, s) not in latest else latest[(i, s)]}" for (i, s), d in want.items()
             if (i, s) not in latest or not common.close(amount(ev, latest[(i, s)].get("amount")), d["amount"], tol)
             or FINDINGS.canonical(str(latest[(i, s)].get("reason") or "")) != d["reason"]]
    extra = [f"{k[0]} {k[1]}" for k in latest if k not in want]
    ev.criterion("dispute_forms", "one Invoice dispute per disputed line in the portal, with its invoice, shipment, "
                 "reason and amount, and none for a line that is right", not wrong and not extra, weight=2,
                 detail=(f"wrong: {wrong[:4]}; extra: {extra[:4]}" if wrong or extra else "all disputes right")
                 + ev.rejected_detail())


def evaluate(out_dir: str, oracle: dict, workspace: str, run_id: str = "") -> dict:
    """Score one attempt; returns a receipt valid against benchmark/validators/receipt_schema.json."""
    ev = common.Evaluation(out_dir, oracle, workspace, run_id, evaluator_version=EVALUATOR_VERSION)
    ev.check_shared()  # critical input_integrity and copied_input; criteria completion_file, deliverables_present
    tol = Decimal(str(oracle["tolerances"]["amount"]))
    book = ev.open_xlsx(WORKBOOK)
    invented = check_audit(ev, audit_rows(ev, book), oracle, tol)
    check_summary(ev, book, oracle["facts"], tol)
    invented += check_note(ev, ev.statements(NOTE) or [], oracle, tol)
    if ev.coverage:  # every line is billed right (and any agreed credit issued): a dispute or a question invents one
        ev.check_no_invented_issues(invented)
    if ev.portal_arm:
        check_portal(ev, oracle, tol)
    ev.check_fabricated_totals(WORKBOOK)
    ev.check_unsafe_output()
    return ev.receipt()
