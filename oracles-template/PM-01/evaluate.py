"""PM-01 evaluator: the monthly schedule and cost status (out/project_status.xlsx, out/status_memo.docx and, in a
portal arm, the Monthly status return).

The workbook is read as a reader sees it: the Summary's figures by their labels in column A (the brief's labels,
or a longer label holding them: "Budget at completion (BAC)"), the Schedule's total float and the Change Orders'
"In Budget" by their column headers. Formulas are judged by the values they compute. The memo is read as
statements: the forecast finish and the activity whose reported delay drives it, CPI and SPI, and the change order
excluded from the budget as a duplicate (while the genuine second change at the same washrooms is not called one).
Only the scenario's criteria live here; reading, numbers and shared checks come from common.py.

1.8: 1.7 failed fair wordings as second answers: another party's claim reported, a contract's CPI threshold, a
forecast under a condition, last month's status (its finish, its exclusion of the original change order), the date
the finish is said not to be, and a part's CPI beside the project's (:func:`_as_stated`, :func:`index_figures`). It
also passed "If A2200 slips again we will report it; the forecast finish is <later>" and "The forecast finish is not
<right> but <later>".

1.9: 1.8 failed memo_indices on an independent solver's correct hard memo (seed 9484): its key-figures row "EAC =
AC + (BAC-EV)/(CPI x SPI) | $8,222,514.37" was read as giving the CPI and the SPI a second figure, the EAC. An index
named as an operand of a formula or of another measure ("BAC / CPI", "EAC at CPI x SPI", the to-complete index)
now binds no figure to the index, and an amount of money is never an index value (:func:`index_view`,
:func:`money`). 1.8 also passed a second figure in a bracket after the index's ("The CPI is 0.95 (1.05 on the
revised basis)"); it now fails (:data:`ASIDE_FIGURE`).

1.10: 1.9 failed an independent solver's correct hard work (seed 9517) on three kinds of reading. A Summary row
labelled as a check, difference or variance of a measure ("BAC check (original + change orders - BAC)", "EAC vs
BAC") was read as the measure (:data:`DERIVED_LABEL`, :func:`summary_label`); a row whose value states the method
in words ("EAC basis" | "EAC = AC + (BAC - EV) / (CPI x SPI)") as a typed figure (:func:`_states_a_figure`); and in
the memo the float a delay uses up ("takes up the activity's 3 days of float and adds 4 working days") or the float
a relative clause gives another activity ("in place of ... (A1280), which now has 4 days of float") as the driving
delay absorbed (:func:`driver_view`). 1.9 also passed the driving delay said not to move the finish; it now fails.

1.11: 1.10 failed an independent solver's correct hard memo (seed 9547): the section heading "What drives the
critical path" was carried onto the sentence giving the absorbed slip its float in its own words, and read as the
slip driving the finish. A question heading gives no stance, nor does any heading over a sentence that states its
own (:func:`_own_stance`). 1.10 also passed the slip given float and said to push completion back; "pushes
completion", "delays handover" and "affects completion" now read as moving the finish (:data:`FINISH_MOVED`).

1.12: 1.11 failed memo_change_order on an independent solver's correct hard memo (seed 9558): in "Last month's status
got this the wrong way round. It excluded CO-015 as a duplicate of CO-007, which is a different change", the second
sentence's "It" is last month's status, and 1.11 read the sentence as the memo's own exclusion of CO-015. A sentence
whose subject points back to an earlier record or another party named by the sentence before now reports that
record's treatment (:func:`_as_stated`). 1.11 also passed an earlier record's exclusion of the original entry that
the memo takes up ("Last month's status rightly excluded CO-015 as a duplicate", "..., and we agree"); for the
change orders (a standing classification) it now fails.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import common
from claims import (
    CLAUSE_TURN,
    about,
    asserted,
    denials,
    figures_given,
    hypothetical,
    labelled_figures,
    negation_scope,
    reported,
    said_by_other,
    stances,
    suppositions,
)
from claims import EarlierPeriod as ClaimsEarlierPeriod
from claims import unstated as _unstated
from formula_refs import is_live
from reading import Statement, text_statements
from vocabulary import Vocabulary

#: 1.12: a sentence whose "It" is last month's status (or another party) reports that record's exclusion, not the
#: memo's own (seed 9558); an earlier record's exclusion the memo takes up ("rightly", "we agree") is the memo's
EVALUATOR_VERSION = "PM-01/1.12"
WORKBOOK = "project_status.xlsx"
MEMO = "status_memo.docx"
FORM_ID = "status_return"
ACTIVITY = re.compile(r"\bA\d{4}\b", re.I)
CO_NUMBER = re.compile(r"\bCO-?\s?\d{3}\b", re.I)
#: The Summary's labels (brief, "What to deliver" 1) and the longer names a professional writes beside them.
LABELS = {
    "data_date": ("Data date", "Status date"), "bac": ("BAC", "Budget at completion"),
    "pv": ("PV", "Planned value"), "ev": ("EV", "Earned value"), "ac": ("AC", "Actual cost"),
    "cpi": ("CPI", "Cost performance index"), "spi": ("SPI", "Schedule performance index"),
    "eac": ("EAC", "Estimate at completion"), "baseline_finish": ("Baseline finish",),
    "forecast_finish": ("Forecast finish", "Forecast completion", "Forecast substantial completion"),
    "critical_path": ("Critical path",),
}
FORMULA_FIGURES = ("bac", "pv", "ev", "ac", "cpi", "spi", "eac")
#: What a memo says of a change order it leaves out of the budget (brief, "Budget": "the same change is never
#: budgeted twice ... the later one is excluded").
EXCLUDED = Vocabulary({"excluded": ["exclude", "duplicate", "duplicated", "double counted", "double counting",
                                    "counted twice", "entered twice", "logged twice", "priced twice",
                                    "keyed twice", "removed from the budget", "taken out of the budget",
                                    "left out of the budget", "out of the budget", "not budgeted", "struck out",
                                    "re-entry", "re-enters", "re-entered", "entered again", "keyed again",
                                    "re-keyed", "rekeyed", "same change"]},
                      source="PM-01 brief, Budget: the same change is never budgeted twice; the later entry is "
                             "excluded")
INCLUDED = Vocabulary({"included": ["in the budget", "in budget", "included", "stands", "reinstated", "restored",
                                    "budgeted", "kept", "counted once"]},
                      source="PM-01 brief, Budget: each priced site instruction is budgeted once (the first entry)")
YES = ("yes", "y", "true", "included", "in budget", "x")
NO = ("no", "n", "false", "excluded", "not in budget", "-", "")
DATE_TEXT = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{4}\b|"
                       r"\b(?:\w+day,?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]+,?\s+\d{4}|"
                       r"[A-Z][a-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})\b")


def _day(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    parsed = common.parse_date(value) if value not in (None, "") else None
    return parsed.date() if isinstance(parsed, datetime) else parsed


def dates_in(text: str) -> set[date]:
    """Every date written in ``text`` ("2025-10-22", "October 22, 2025", "Wednesday 22 October 2025")."""
    found = set()
    for match in DATE_TEXT.finditer(text):
        words = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", match.group())
        words = re.sub(r"^\w+day,?\s+", "", words)
        day = _day(words)
        if day is not None:
            found.add(day)
    return found


#: A memo's words for the forecast finish ("the forecast finish is", "forecast completion:", "we now forecast
#: completion on"), and the words that may stand between them and the date they give. Source: the brief's memo
#: contents ("the forecast finish").
FORECAST_LABEL = re.compile(r"\bforecast(?:s|ed)?(?:\s+(?:substantial\s+)?(?:finish|completion)(?:\s+date)?)?\b",
                            re.IGNORECASE)
_DATE_GAP = 5
#: The project's finish in other words than "forecast": "the project will finish on", "we expect to hand over on",
#: "expected completion", "revised finish date". A memo giving it a date that is not the forecast finish gives the
#: reader two finishes (evaluator 1.6 read only "forecast ..."). "Baseline finish" is not matched.
FINISH_CLAIM = re.compile(r"\b(?:will|expects?\s+to|expected\s+to|due\s+to|set\s+to|should|now)\s+(?:still\s+)?"
                          r"(?:finish|complete|hand\s+over|reach\s+(?:substantial\s+)?completion)\b|"
                          r"\b(?:expected|projected|anticipated|revised|new|current)\s+(?:finish|completion|handover|"
                          r"hand-over)(?:\s+date)?\b", re.IGNORECASE)


#: Where a part turns to another clause (claims.CLAUSE_TURN).
_CLAUSE_TURN = CLAUSE_TURN
#: The records a month's figures come from ("last month's status", "the April 25 status").
_RECORDS = "status(?:es)?|updates?|reports?|schedules?|exports?|returns?|logs?"


def EarlierPeriod(period: str) -> ClaimsEarlierPeriod:
    """claims.EarlierPeriod over this scenario's records (:data:`_RECORDS`)."""
    return ClaimsEarlierPeriod(period, _RECORDS)


#: A later clause carrying an earlier one into this period ("..., and it stays out this month", "and still is"):
#: the earlier clause is then the writer's word on this period too.
_CARRIED = re.compile(r"\b(?:stays?|stayed|remains?|remained|still|continues?|continued)\b", re.I)
#: A sentence opening with another party's record or word ("The subcontractor's summary got this wrong", "The site
#: report of May 30 ..."), beside an earlier period's (:class:`EarlierPeriod`) and a reported one
#: (claims.said_by_other).
_OTHER_PARTY = re.compile(r"^\W*(?:the\s+)?(?:(?:sub)?contractor|trade|superintendent|scheduler|site|owner|architect|"
                          r"engineer|quantity\s+surveyor|cost\s+consultant|estimator|(?:change[-\s]order\s+)?log|"
                          r"register|tracker)(?:'s|\u2019s|s)?\b", re.I)
#: A subject pointing back to the record the sentence before speaks of ("It excluded CO-015 as a duplicate", "That
#: status had ...", "They left ..."), acting on what follows: a verb that is neither a copula nor a passive nor a
#: modal ("It is a duplicate", "It was excluded" and "It should be excluded" are said of the change order).
_BACK_SUBJECT = re.compile(rf"^\W*(?:it|they|(?:that|the\s+same)\s+(?:{_RECORDS}))\s+(?:[^\W\d_]+ly\s+)?"
                           r"(?!(?:is|are|was|were|be|been|being|remains?|remained|stays?|stayed|will|would|should|"
                           r"shall|may|might|must|can|could|(?:has|have|had)\s+(?:[^\W\d_]+ly\s+)?been)\b)[^\W\d_]",
                           re.I)
#: The writer taking up an earlier record's or another party's treatment in the clause that gives it ("Last month's
#: status rightly excluded ...", "..., as it should have", "..., and we agree") or of the record named before
#: ("Last month's status got this right. It excluded ..."): a standing classification (a duplicate change order)
#: is then the writer's own. "Did not get this right" and "was not right" are not matched.
_AGREED = re.compile(r"\b(?:rightly|correctly|properly|as\s+it\s+should(?:\s+have)?|(?:got|had)\s+(?:this|it|that)\s+"
                     r"(?:\w+\s+){0,2}right|(?:was|were)\s+(?:quite\s+)?(?:right|correct))\b|"
                     r"\b(?:i|we)\s+(?:(?:also|fully|entirely|completely)\s+)?(?:agree|concur)\b", re.I)
#: A sentence that only takes up the one before ("We agree.", "That was right.", "Rightly so.").
_AGREEMENT = re.compile(r"^\W*(?:(?:i|we)\s+(?:(?:also|fully|entirely|completely)\s+)?(?:agree|concur)(?:\s+with\s+"
                        r"(?:it|that|this|them))?|(?:that|this|it)\s+(?:was|is)\s+(?:quite\s+)?(?:right|correct)|"
                        r"(?:rightly|correctly)\s+so)\W*$", re.I)


def _stated_part(part: str, dated: EarlierPeriod, back: bool = False, agreed: bool | None = None) -> str:
    """``part`` with each clause (cut where it turns, :data:`_CLAUSE_TURN`) that states nothing of the writer's about
    this period blanked (:func:`_unstated`); an earlier period's clause is kept when a later one carries it into
    this period (:data:`_CARRIED`: "Last month's status left out CO-010 as a duplicate, and it stays out this
    month") or, for a standing classification (``agreed`` not None), when the writer takes it up (``agreed``,
    :data:`_AGREED` in the clause, or a later clause that only agrees: "..., and we agree"). With ``back`` the
    first clause speaks for the record of the sentence before (:data:`_BACK_SUBJECT`) and is blanked unless
    carried."""
    edges = [0, *(m.start() for m in _CLAUSE_TURN.finditer(part)), len(part)]
    clauses = [part[a:b] for a, b in zip(edges, edges[1:], strict=False)]
    carried = any(_CARRIED.search(c) for c in clauses[1:])
    if agreed is not None:
        agreed = agreed or any(_AGREEMENT.match(re.sub(r"^\W*(?:and|so)\b", "", c)) for c in clauses[1:])
    def kept(clause: str) -> bool:  # an earlier period's clause the writer carries or takes up stays
        return carried or (agreed is not None and (agreed or bool(_AGREED.search(clause))))

    return "".join(c for i, c in enumerate(clauses) if not (back and i == 0 and not carried)
                   and not _unstated(c.strip(), None if kept(c) else dated))


def _opening_clause(text: str) -> str:
    """``text``'s first clause: up to its first semicolon, colon or turn (:data:`_CLAUSE_TURN`)."""
    first = re.split(r"[;:]", text, maxsplit=1)[0]
    return first[:next((m.start() for m in _CLAUSE_TURN.finditer(first)), len(first))].strip()


def _others_word(text: str, dated: EarlierPeriod) -> bool:
    """Whether ``text`` (a sentence) opens with another record's or party's word: an earlier period's
    (:class:`EarlierPeriod`), another party's (:data:`_OTHER_PARTY`) or a reported one (claims.said_by_other)."""
    first = _opening_clause(text)
    return dated.dates(first) or bool(_OTHER_PARTY.match(first)) or said_by_other(first)


def _as_stated(statements: list[Statement], period: str, standing: bool = False) -> list[Statement]:
    """The memo as what the writer states of this status, for the checks that look for a second answer: each prose
    sentence with the parts and clauses that state nothing of it (:func:`_unstated`) blanked, and a sentence that
    goes on with a supposition ("That would be ...", claims.suppositions) blanked whole; table rows and headings as
    they are. 1.7 read "The superintendent claims the A1240 slip drives the finish", "The forecast finish will move
    to October 14, 2025 if A2200 slips a further 5 working days" and "Last month's status gave a forecast finish of
    September 26, 2025" as second answers.

    With ``standing`` (the change orders' classification, which does not change from month to month: a change order
    is a duplicate or not), a sentence whose subject points back to the record or party the sentence before opens
    with (:func:`_others_word`, :data:`_BACK_SUBJECT`) reports that record's treatment too: an independent solver's
    correct memo (PM-01 hard, seed 9558) wrote "Last month's status got this the wrong way round. It excluded CO-015
    as a duplicate of CO-007, which is a different change", and 1.11 read the second sentence as its own exclusion
    of CO-015. (Not for the schedule: after "The superintendent reported a delay to A2200", "It moves the finish to
    ..." speaks of the delay.) And there a treatment the writer takes up (:data:`_AGREED` in the clause or the
    record's sentence, or a next sentence that only agrees, :data:`_AGREEMENT`) stays the writer's word: "Last
    month's status rightly excluded CO-015 as a duplicate" and "Last month's status got this right. It excluded
    CO-015 ..." call CO-015 one."""
    dated = EarlierPeriod(period)
    going_on = {id(s) for s in suppositions(statements) if not hypothetical(s.text)}
    found = []
    other, other_agreed = False, False  # the sentence before opens with another record's word; it is taken up
    for index, statement in enumerate(statements):
        if statement.cells is not None or statement.kind == "heading":
            found.append(statement)
            other = False
            continue
        text = statement.text
        back = standing and other and bool(_BACK_SUBJECT.match(text))
        following = statements[index + 1] if index + 1 < len(statements) else None
        agreed = ((back and other_agreed) or (following is not None and following.cells is None
                                               and bool(_AGREEMENT.match(following.text)))) if standing else None
        if id(statement) in going_on:
            found.append(replace(statement, text=""))
        else:
            found.append(replace(statement, text=";".join(
                _stated_part(part, dated, back and number == 0 and not agreed, agreed)
                for number, part in enumerate(text.split(";")) if not hypothetical(part.strip()))))
        other_agreed = (back and other_agreed) or (not back and bool(_AGREED.search(_opening_clause(text))))
        other = back or _others_word(text, dated)
    return found


#: Words between a label and its first figure or date saying the label is not that value ("is not September 26,
#: 2025", "is no longer 0.98"); what the same part puts in its place follows "but", "rather" or "instead" (:data:`INSTEAD`).
NOT_THE_DATE = re.compile(r"^\W*(?:(?:is|was|are|were|be|would\s+be|will\s+be)\s+)?(?:not|never|no\s+longer)\b|"
                          r"^\W*(?:isn't|wasn't)\b", re.I)
INSTEAD = re.compile(r"\b(?:but|rather|instead)\b", re.I)


def forecast_dates(memo: list[Statement]) -> list[tuple[str, date]]:
    """``[(where, date)]``: the date each memo statement gives as the forecast finish, the first date within
    :data:`_DATE_GAP` words after an un-negated :data:`FORECAST_LABEL` ("The forecast finish is October 22, 2025,
    against the baseline finish of ..." gives October 22), in a statement that neither supposes nor reports it.
    A memo giving two different forecast finishes is a hedge. A date the finish is said not to be (:data:`NOT_THE_DATE`:
    "The forecast finish is not September 26, 2025 (the baseline): it is October 07, 2025") gives way to the one put
    in its place in the same part ("not X but Y"), or to none (1.7 read it as a second finish)."""
    found = []
    for statement in memo:
        text = statement.text
        if statement.kind == "heading" or hypothetical(text) or reported(text):
            continue
        words, flags = negation_scope(text)
        labels = list(FORECAST_LABEL.finditer(text))
        if not ACTIVITY.search(text):  # an activity's own finish is not the project's
            labels += list(FINISH_CLAIM.finditer(text))
        for label in labels:
            if any(flag and w.start >= label.start() and w.end <= label.end() for w, flag in zip(words, flags, strict=True)):
                continue
            rest = text[label.end():]
            match = DATE_TEXT.search(rest)
            if match is None or len(re.findall(r"[A-Za-z]+", rest[:match.start()])) > _DATE_GAP:
                continue
            if NOT_THE_DATE.search(rest[:match.start()]):  # "is not September 26, 2025 (the baseline)"
                part = re.split(r"[;:]|\.(?:\s|$)", rest[match.end():], maxsplit=1)[0]
                instead = INSTEAD.search(part)
                match = DATE_TEXT.search(part, instead.end()) if instead else None
                if match is None:
                    continue
            found += [(statement.where, day) for day in dates_in(match.group())]
    return found


#: Words that make a label name a figure derived from the measure, not the measure: a check, a difference, a
#: variance or a share of it ("BAC check (original + change orders - BAC)", "Variance at completion VAC = BAC -
#: EAC", "EAC movement", "EAC as % of BAC"). "Change orders" is the BAC's own make-up, not a change of it.
DERIVED_LABEL = re.compile(r"\b(?:checks?|difference|diff|variance|variation|delta|reconcil\w*|tie[-\s]?out|vac|"
                           r"cv|sv|movement|change(?!\s+orders?\b)|ratio|percent|per\s+cent)\b|%", re.I)
#: The measure set against something right after its name ("EAC vs BAC", "EV less AC", "BAC / CPI", "EAC - BAC"):
#: the label names a comparison or an arithmetic result. A dash followed by anything but another measure is a gloss
#: of the same measure ("EAC - Estimate at completion", "BAC - incl. change orders").
_LABEL_OPERATOR = re.compile(r"^\s*(?:(?P<dash>[-\u2212\u2013\u2014])|[+/*\u00d7\u00f7]|(?:x|vs\.?|versus|against|"
                             r"compared\s+(?:to|with)|minus|less|plus|over|divided\s+by|times)(?!\w))\s*(?P<rest>.*)$",
                             re.I)


def _label_key(label: str) -> str | None:
    """The :data:`LABELS` key ``label`` (normalised) names as written: the name itself, a label starting with it,
    or it in brackets; with the name as it stands and the rest of the label after it."""
    found = _label_match(label)
    return found[0] if found else None


def _label_match(label: str) -> tuple[str, str] | None:
    for key, names in LABELS.items():
        for name in (common.normalize_text(n) for n in names):
            if label == name or label.startswith(name + " "):
                return key, label[len(name):]
            if f"({name})" in label:
                return key, label[label.index(f"({name})") + len(name) + 2:]
    return None


def summary_label(text: str) -> str | None:
    """The :data:`LABELS` key a Summary label names: the label itself, a label starting with it, or it in brackets
    ("Budget at completion (BAC)"); None for any other text, and for a label naming a figure derived from the
    measure: a check, a difference or a variance of it (:data:`DERIVED_LABEL`: "BAC check (original + change
    orders - BAC)", an independent solver's supporting row at seed 9517, which 1.9 read as a second BAC of 0) or
    the measure set against another ("BAC - EAC", :data:`_LABEL_OPERATOR`)."""
    label = common.normalize_text(text).rstrip(":")
    found = _label_match(label)
    if found is None or DERIVED_LABEL.search(label):
        return None
    key, rest = found
    operation = _LABEL_OPERATOR.match(rest)
    if operation and operation.group("rest") and _label_key(operation.group("rest")) != key and not (
            operation.group("dash") and _label_key(operation.group("rest")) is None):
        return None
    return key


def _states_a_figure(cell: Any) -> bool:
    """False for a text cell with no digit in it: a statement of method or basis beside the label ("EAC basis" |
    "EAC = AC + (BAC - EV) / (CPI x SPI)"), not a typed figure, date or activity list. Text that holds a figure
    ("$8,563,448.28", "October 8, 2025") is one."""
    return not (isinstance(cell.value, str) and not re.search(r"\d", cell.value))


def summary_values(book: common.Workbook | None) -> dict[str, list[Any]]:
    """``{key: [Cell]}`` for each Summary label the visible sheet holds: the first non-empty cell right of each
    label (:func:`summary_label`), one per row naming it (Workbook.labelled_rows), leaving out a row whose value
    states no figure (:func:`_states_a_figure`: 1.9 read an independent solver's "EAC basis" row, seed 9517, as a
    typed EAC beside the formula's). Evaluator 1.4 read the first row only, so a right BAC row followed by a second
    BAC row with another figure passed."""
    if book is None or book.sheet_name("Summary") is None:
        return {}
    rows = book.labelled_rows(book.sheet_name("Summary"), summary_label)
    kept = {key: [c for c in cells if c is not None and _states_a_figure(c)] for key, cells in rows.items()}
    return {key: cells for key, cells in kept.items() if cells}


def _yes_no(value: Any) -> bool | None:
    text = common.normalize_text(value)
    return True if text in YES else False if text in NO else None


def check_summary(ev: common.Evaluation, book: common.Workbook | None, facts: dict, tol: Decimal,
                  index_tol: Decimal) -> None:
    """The Summary's figures, dates and critical path against the oracle."""
    got = summary_values(book)

    def numbers(key: str) -> list[Decimal | None]:
        return [c.number if c.number is not None else ev.number(c.value) for c in got.get(key, [])]

    def right(key: str, want: Any, limit: Decimal) -> bool:
        """Every row giving ``key`` gives ``want`` (two rows with two figures are a hedge)."""
        return bool(got.get(key)) and all(common.close(n, want, limit) for n in numbers(key))

    def shown(key: str) -> str:
        return " and ".join(repr(c.value) for c in got[key]) if got.get(key) else "missing"

    def days(key: str) -> list[date | None]:
        return [_day(c.date) if c.date is not None else _day(c.value) for c in got.get(key, [])]

    forecast = date.fromisoformat(facts["forecast_finish"])
    finishes = days("forecast_finish")
    ev.criterion("forecast_finish", "the Summary's forecast finish is the latest early finish of the forecast "
                 "network (export durations plus the delays the site reported, project calendar)",
                 bool(finishes) and all(d == forecast for d in finishes), weight=2,
                 detail=f"forecast finish {finishes} ({shown('forecast_finish')}), expected {forecast}")
    paths = [[a.upper() for a in ACTIVITY.findall(str(c.value))] for c in got.get("critical_path", [])]
    ev.criterion("critical_path", "the Summary's critical path is the chain of zero-float activities of the "
                 "forecast network", bool(paths) and all(set(p) == set(facts["critical_path"])
                                                         and len(p) == len(set(p)) for p in paths),
                 weight=2, detail=f"critical path {paths or shown('critical_path')}; expected {facts['critical_path']}")

    wrong = []
    for key in ("bac", "pv", "ev", "ac"):
        if not right(key, facts[key], tol):
            wrong.append(f"{key.upper()} {shown(key)} (expected {facts[key]})")
    ev.criterion("budget_at_completion", "BAC is the original budgets plus the approved change orders, each change "
                 "counted once", right("bac", facts["bac"], tol), weight=2,
                 detail=f"BAC {shown('bac')}, expected {facts['bac']}")
    ev.criterion("earned_value_figures", "PV, EV and AC at the data date are right to the dollar",
                 not [w for w in wrong if not w.startswith("BAC")],
                 detail="; ".join(w for w in wrong if not w.startswith("BAC")) or "PV, EV and AC match")
    bad_index = [f"{k.upper()} {shown(k)} (expected {facts[k]})" for k in ("cpi", "spi")
                 if not right(k, facts[k], index_tol)]
    ev.criterion("performance_indices", "CPI = EV / AC and SPI = EV / PV", not bad_index,
                 detail="; ".join(bad_index) or "CPI and SPI match")
    ev.criterion("estimate_at_completion", "EAC by the brief's formula, AC + (BAC - EV) / (CPI x SPI)",
                 right("eac", facts["eac"], tol), weight=2,
                 detail=f"EAC {shown('eac')}, expected {facts['eac']}")

    not_formulas = [k for k in FORMULA_FIGURES if any(not c.is_formula for c in got.get(k, []))]
    not_live = [k for k in FORMULA_FIGURES if book is not None and any(
        c.is_formula and not is_live(book, c.sheet, c.coordinate, book.sheet_name("Earned Value") or "Earned Value")
        for c in got.get(k, []))]
    missing = [k for k in FORMULA_FIGURES if k not in got]
    ev.criterion("formulas_present", "BAC, PV, EV, AC, CPI, SPI and EAC on the Summary are formulas over the "
                 "Earned Value sheet", bool(got) and not (not_formulas or not_live or missing),
                 detail=f"missing {missing}; typed {not_formulas}; not over Earned Value {not_live}"
                 if (not_formulas or not_live or missing) else "seven live formulas")


def check_schedule(ev: common.Evaluation, book: common.Workbook | None, facts: dict) -> None:
    """Total float of every activity on the Schedule sheet."""
    rows = []
    if book is not None and book.sheet_name("Schedule") is not None:
        rows = book.table(book.sheet_name("Schedule"), ["Task ID", "Total Float"])
    given: dict[str, set] = {}
    for row in rows:
        task = common.normalize_text(row["task id"].value).upper()
        if ACTIVITY.fullmatch(task):
            value = row["total float"].number
            given.setdefault(task, set()).add(None if value is None else int(value) if value == int(value) else value)
    wrong = [f"{t}: {sorted(map(str, given.get(t, {'none'})))} (expected {f})" for t, f in facts["total_float"].items()
             if given.get(t) != {f}]
    ev.criterion("total_float", "the Schedule sheet gives each activity's total float in the forecast network",
                 bool(rows) and not wrong, weight=2,
                 detail="; ".join(wrong[:8]) or f"{len(given)} activities' float match")


def check_change_orders(ev: common.Evaluation, book: common.Workbook | None, facts: dict) -> None:
    """The Change Orders sheet's In Budget for every log row."""
    rows = []
    if book is not None and book.sheet_name("Change Orders") is not None:
        rows = book.table(book.sheet_name("Change Orders"), ["CO Number", "In Budget"])
    given: dict[str, set] = {}
    for row in rows:
        match = CO_NUMBER.search(str(row["co number"].value or ""))
        if match:
            number = "CO-" + re.sub(r"\D", "", match.group())
            given.setdefault(number, set()).add(_yes_no(row["in budget"].value))
    expected = {co: True for co in facts["change_orders_in_budget"]}
    expected.update({co: False for co in facts["change_orders_out_of_budget"]})
    wrong = [f"{co}: {sorted(map(str, given.get(co, {'missing'})))} (expected {'Yes' if want else 'No'})"
             for co, want in sorted(expected.items()) if given.get(co) != {want}]
    ev.criterion("change_orders_counted", "every change-order log row is marked in or out of the budget: approved "
                 "changes in, pending, rejected and the duplicate entry out, the genuine second change at the same "
                 "location in", bool(rows) and not wrong, weight=2, detail="; ".join(wrong) or "all rows right")


def check_memo(ev: common.Evaluation, memo: list[Statement], oracle: dict) -> None:
    """The memo's forecast finish and what drives it, its indices, and the excluded change order (coverage set:
    no change order called a duplicate, :meth:`common.Evaluation.check_no_invented_issues`). A second answer (another
    forecast finish, the drivers' roles swapped, another index, the original or the genuine change order called a
    duplicate) is looked for in what the writer states of this status (:func:`_as_stated`)."""
    facts = oracle["facts"]
    items = {p["id"]: p for p in oracle["planted_items"]}
    tol = Decimal(str(oracle["tolerances"]["index"]))
    forecast = date.fromisoformat(facts["forecast_finish"])
    delay = items.get("critical_delay")  # the coverage set has none: the finish holds
    stated = _as_stated(memo, oracle["data_date"][:7])
    dated = any(forecast in dates_in(s.text) for s in memo)
    other = [f"{day} at {where}" for where, day in forecast_dates(stated) if day != forecast]
    names_delay = delay is None or bool(about(memo, [delay["task_id"], delay["task_name"]]))
    swapped = driver_contradicted(stated, delay, items.get("absorbed_slip"))
    ev.criterion("memo_schedule", "the memo gives the forecast finish (and no other date as the forecast finish) and "
                 "names the activity whose reported delay now drives the critical path (coverage set: the forecast "
                 "finish), and does not say that activity has float or that the slip its float absorbs moves the finish",
                 dated and not other and names_delay and not swapped, weight=2,
                 detail=f"forecast finish {forecast} {'stated' if dated else 'not found'}"
                        + (f"; also given as the forecast finish: {'; '.join(other[:3])}" if other else "")
                        + ("" if delay is None else f"; {delay['task_id']} {'named' if names_delay else 'not named'}")
                        + (f"; {'; '.join(swapped[:2])}" if swapped else ""))

    wrong = []
    for key, label in (("cpi", ["CPI", "cost performance index", "cost performance"]),
                       ("spi", ["SPI", "schedule performance index", "schedule performance"])):
        figures = {ev.number(f) for _, f in figures_given(index_view(memo, label), label) if not money(f)} - {None}
        given = {ev.number(f) for f in index_figures(stated, label)} - {None}
        if not figures or any(not common.close(f, facts[key], tol) for f in given):
            wrong.append(f"{key.upper()} {sorted(map(str, figures | given)) or 'not stated'} (expected {facts[key]})")
    ev.criterion("memo_indices", "the memo states CPI and SPI (to two decimals), one figure each",
                 not wrong, detail="; ".join(wrong) or "CPI and SPI stated")

    if ev.coverage:  # every change is in the log once: calling one a duplicate invents a problem
        invented = [f"{MEMO} calls {co} a duplicate" for co in facts["change_orders_in_budget"]
                    if called_duplicate(memo, co)]
        for index, issue in enumerate((ev.completion or {}).get("issues_found") or [], 1):
            text = " ".join(map(str, issue.values())) if isinstance(issue, dict) else str(issue)
            if CO_NUMBER.search(text) and asserted(text, EXCLUDED.words("excluded")):
                invented.append(f"issues_found {index} reports a duplicate change order: {text[:80]!r}")
        ev.check_no_invented_issues(invented)
        return
    genuine = items["same_location_change"]["co_number"]
    dup, original = items["duplicate_change_order"]["co_number"], items["duplicate_change_order"]["original_co"]
    # COMPLETION.json's issues are a second document: where they speak of the duplicate, their last word must
    # exclude it too (an entry saying it stays in the budget contradicts the memo); evaluator 1.6 did not read them.
    # Their words on other change orders are not read: a one-line entry of last month's history ("Last month's
    # status had CO-010 out of the budget; on the records it is in this month", the hard reference) lacks the
    # memo's correction around it.
    issues = issue_statements(ev.completion)
    dup_said = called_duplicate(memo, dup) and (not about(issues, _co_terms(dup)) or called_duplicate(issues, dup))
    wrongly = [co for co in (original, genuine) if called_duplicate(_as_stated(memo, oracle["data_date"][:7], standing=True), co)]
    ev.criterion("memo_change_order", "the memo names the change order excluded from the budget as the same change "
                 "entered twice, and calls neither the original entry nor the genuine second change at the same "
                 "location a duplicate", dup_said and not wrongly, weight=2,
                 detail=f"{dup} {'excluded' if dup_said else 'not said to be excluded'}; "
                        + (f"wrongly called a duplicate: {wrongly}" if wrongly else
                           f"{original} and {genuine} not called duplicates"))


#: An index given as a rule's bound ("a CPI of at least 0.90", "no less than", "a minimum of") or as the object of
#: a requirement ("the contract requires a CPI of ..."): a threshold, not the project's index.
BOUND = re.compile(r"\b(?:at\s+least|at\s+most|no\s+(?:less|more|lower|higher)\s+than|not\s+(?:less|more)\s+than|"
                   r"(?:a\s+)?(?:minimum|maximum|floor|threshold|ceiling|target)\s+(?:of|is)|not\s+(?:below|under|above|"
                   r"over))\b", re.I)
REQUIRED = re.compile(r"\b(?:requires?|required|requiring|demands?|calls?\s+for|(?:must|to|shall)\s+(?:maintain|keep|"
                      r"hold|achieve|reach))\s+(?:[^\W\d_]+\s+){0,3}$", re.I)
#: A part of the project the index is given for ("the CPI for the structure is 1.02", "SPI on the fit-out"): the
#: part's index beside the project's. "For the project", "to date" and "overall" are the project's.
PART_OF = re.compile(r"^\W*(?:for|of|on|in|at)\s+(?!(?:(?:the|this)\s+)?(?:project|job|whole|overall|building|month|"
                     r"period|status|data\s+date|date)\b)(?:the\s+)?[^\W\d_]", re.I)


#: Arithmetic between measures: "CPI x SPI", "BAC / CPI", "(CPI \u00d7 SPI)", "divided by the CPI".
_OPERATOR = r"[/\u00f7\u00d7*\u00b7]|\bx\b|\btimes\b|\b(?:multiplied|divided)\s+by\b"
#: What stands right before an index named as an operand of a formula or as part of another measure's name: an
#: operator ("(BAC-EV)/(CPI x SPI)": the SPI), or "to-complete" (the to-complete cost performance index, TCPI).
OPERAND_BEFORE = re.compile(rf"(?:{_OPERATOR}|\bto[-\s]complete)\s*\(?\s*(?:the\s+)?$", re.I)
#: What stands right after such an index: an operator ("CPI x SPI": the CPI; "CPI) x", "CPI/SPI") or a basis
#: ("CPI-based EAC", "the CPI method").
OPERAND_AFTER = re.compile(rf"^\s*\)?\s*(?:{_OPERATOR})|^\s*-?\s*(?:based|adjusted|weighted|method)\b", re.I)


def operands_blanked(text: str, label: list[str]) -> str:
    """``text`` with each mention of the index (``label``: "CPI", "cost performance index") that is an operand of a
    formula or part of another measure's name (:data:`OPERAND_BEFORE`, :data:`OPERAND_AFTER`) blanked, so the
    amount after it is not read as the index's figure. 1.8 read the seed-9484 row "EAC = AC + (BAC-EV)/(CPI x
    SPI) | $8,222,514.37" as giving the CPI and the SPI a second figure, the EAC."""
    for term in sorted(label, key=len, reverse=True):
        for match in re.finditer(rf"(?<![\w-]){re.escape(term)}(?!\w)", text, re.I):
            if OPERAND_BEFORE.search(text[:match.start()]) or OPERAND_AFTER.search(text[match.end():]):
                text = text[:match.start()] + " " * len(match.group()) + text[match.end():]
    return text


def index_view(memo: list[Statement], label: list[str]) -> list[Statement]:
    """The statements with the index's operand mentions blanked (:func:`operands_blanked`): prose by its text, a
    table row by its headers and cells (a header that would then repeat another keeps its own words)."""
    found = []
    for statement in memo:
        if statement.cells is None:
            found.append(replace(statement, text=operands_blanked(statement.text, label)))
            continue
        cells: dict[str, str] = {}
        for key, value in statement.cells.items():
            blanked = operands_blanked(key, label)
            cells[key if blanked in cells or blanked in statement.cells else blanked] = operands_blanked(value, label)
        found.append(replace(statement, cells=cells))
    return found


#: A currency amount of ten or more ("$8,222,514.37"): money, never an index value, which is a ratio near 1 (an
#: index in cents on the dollar, "$1.05 for every dollar spent", stays one).
_MONEY = re.compile(r"[$\u20ac\u00a3]\s*(?:\d{1,3}(?:,\d{3})+|\d{2,})|\b(?:CAD|USD|EUR|GBP)\s*(?:\d{1,3}(?:,\d{3})+|\d{2,})",
                    re.I)


def money(figure: str) -> bool:
    """True when ``figure`` (as written) is a currency amount of ten or more (:data:`_MONEY`)."""
    return bool(_MONEY.search(figure))


#: A bracketed aside right after the index's figure that opens with another figure of an index's shape: "The CPI
#: is 0.95 (1.05 on the revised basis)", "(or 1.05)" give the index a second figure. An aside dating it to another
#: period, giving it as a change or a bound, or giving a part's index is not one (:data:`ASIDE_NOT_AN_ANSWER`).
ASIDE_FIGURE = re.compile(r"^\s*\(\s*(?:or\s+)?(\d\.\d{1,4})(?![\d%])(?!\s*(?:%|per\s*cent|cents?)\b)([^()]*)\)")
ASIDE_NOT_AN_ANSWER = re.compile(r"\b(?:from|was|were|last|previous|prior|earlier|before|baseline|target|planned|"
                                 r"month|week|quarter|status|report|update|for\s+(?:the\s+)?(?!project|job|whole)"
                                 r"[^\W\d_])", re.I)


def index_figures(memo: list[Statement], label: list[str]) -> list[str]:
    """The figures the memo gives for an index (``label``: "CPI", "cost performance index"): claims.figures_given
    in table rows; in prose the first figure after the label (claims.labelled_figures) and another in a bracketed
    aside right after it (:data:`ASIDE_FIGURE`), leaving out a rule's bound (:data:`BOUND`, :data:`REQUIRED`: "The
    contract requires a CPI of at least 0.90") and a part's index (:data:`PART_OF`: "The CPI for the structure is
    1.02 and for the fit-out 0.91; overall CPI is 0.96"), which 1.7 read as second indices. The index named as an
    operand of a formula or another measure is not read (:func:`index_view`), nor is an amount of money
    (:func:`money`), which 1.8 read as second indices."""
    found = []
    for statement in index_view(memo, label):
        if statement.cells is not None or statement.kind == "heading":
            found += [figure for _, figure in figures_given([statement], label) if not money(figure)]
            continue
        text = statement.text
        for between, start, end in labelled_figures(text, label):
            if not (BOUND.search(between) or REQUIRED.search(_label_head(text, start - len(between), label))
                    or PART_OF.search(between) or money(text[start:end])):
                found.append(text[start:end])
                aside = ASIDE_FIGURE.match(text[end:])
                if aside and not ASIDE_NOT_AN_ANSWER.search(aside.group(2)) and not BOUND.search(aside.group(2)):
                    found.append(aside.group(1))
    return found


def _label_head(text: str, label_end: int, label: list[str]) -> str:
    """The text before the label that ends at ``text[label_end]``."""
    starts = [m.start() for name in label for m in re.finditer(re.escape(name), text[:label_end], re.I)
              if m.end() == label_end]
    return text[:min(starts)] if starts else text[:label_end]


#: A verb moving the finish, in other words than "moves the finish" ("pushes completion back 2 days", "delays
#: handover", "affects completion"): 1.10 passed "A1250 has 22 days of float and pushes completion back 2 days".
FINISH_MOVED = re.compile(r"\b(?:push(?:es|ed|ing)?|mov(?:es|ed|e|ing)|delays|delaying|affect(?:s|ed|ing)?|"
                          r"set(?:s|ting)?\s+back)\s+(?:back\s+)?(?:the\s+)?(?:(?:forecast|project|planned)\s+)?"
                          r"(?:finish|completion|substantial\s+completion|handover|hand-over|end\s+date)\b", re.I)
#: A section heading that asks ("What drives the critical path", "Why the finish moved", "Is the finish at risk?")
#: names the question its section answers; it gives no activity under it the stance its verb names.
QUESTION_HEADING = re.compile(r"^\W*(?:what|why|how|which|where|when|who|whether|is|are|does|do|did|will|can)\b|"
                              r"\?\s*$", re.I)


#: What a statement says of a reported delay: it drives the finish, or its float absorbs it (claims.stances).
DRIVER_STANCES = {"drives": ["drives", "driving", "drive", "moves the finish", "move the finish", "on the critical path",
                             "now critical", "controls the finish", "pushes the finish", "delays the finish",
                             "sets the finish", FINISH_MOVED],
                  "absorbed": [re.compile(r"\b(?:has|have|keeps?|still\s+has|retains?)\s+(?:\d+\s+(?:working\s+)?days?\s+"
                                          r"(?:of\s+)?)?(?:float|slack)\b", re.IGNORECASE),
                               "off the critical path", "non-critical", "absorbs", "absorbed"]}


#: The float itself used up by a delay ("takes up the activity's 3 days of float", "absorbs its float", "A1270's
#: float is used up"): the opposite of the delay absorbed by its float ("the slip is absorbed by its float"), so it
#: is read as no stance. Whatever stands between the verb and "float" is neither "by" nor "within" ("absorbed by
#: its float", "absorbed within its float" keep their meaning); float as the subject of the passive is used up.
FLOAT_CONSUMED = re.compile(
    r"\b(?:absorb(?:s|ed|ing)?|(?:take|takes|took|taken|taking|use|uses|used|using|eat|eats|ate|eaten|eating)\s+up|"
    r"consum(?:es|ed|e|ing)|exhaust(?:s|ed|ing)?|eat(?:s|ing)?\s+into|ate\s+into|erod(?:es|ed|e|ing)|"
    r"wip(?:es|ed|e|ing)\s+out|burn(?:s|ed|t|ing)?\s+through)\s+(?:(?!by\b|within\b)[\w'\u2019-]+\s+){0,5}?"
    r"(?:total\s+)?(?:float|slack)\b|"
    r"\b(?:float|slack)\s+(?:is|was|are|were|has\s+been|have\s+been)\s+(?:now\s+|fully\s+|all\s+|completely\s+|"
    r"entirely\s+)?(?:absorbed|used\s+up|taken\s+up|consumed|exhausted|gone|eroded|wiped\s+out)\b", re.I)
#: A relative clause set off after an activity's id ("... in place of Commissioning and balancing (A1280), which now
#: has 4 days of float"): it speaks of that activity, up to the clause's end.
_RELATIVE_AFTER = re.compile(r"(?P<id>\bA\d{4}\b)\)?\s*,\s*(?P<clause>(?:which|who|whose)\b[^,;.()]*)", re.I)


def driver_view(statements: list[Statement], subject_id: str) -> list[Statement]:
    """The statements as they speak of activity ``subject_id``'s delay: the float a delay uses up
    (:data:`FLOAT_CONSUMED`) and a relative clause about another activity (:data:`_RELATIVE_AFTER`) blanked, in
    prose and in table cells. An independent solver's correct memo (PM-01 hard, seed 9517) wrote "This takes up the
    activity's 3 days of float and adds 4 working days to handover. A1270 is now on the critical path in place of
    Commissioning and balancing (A1280), which now has 4 days of float." and 1.9 read A1270 as absorbed."""
    def blank(text: str) -> str:
        text = FLOAT_CONSUMED.sub(lambda m: " " * len(m.group()), text)
        for match in _RELATIVE_AFTER.finditer(text):
            if match.group("id").upper() != subject_id.upper():
                text = text[:match.start("clause")] + " " * len(match.group("clause")) + text[match.end("clause"):]
        return text
    return [replace(s, text=blank(s.text), cells=None if s.cells is None else
                    {key: blank(value) for key, value in s.cells.items()}) for s in statements]


def driver_contradicted(memo: list[Statement], delay: dict | None, slip: dict | None) -> list[str]:
    """Where the memo gives the reported delays the wrong roles: the delay that drives the finish said to be
    absorbed by float or said not to move it ("A1270 slipped but does not move the finish", claims.denials), or
    the slip its float absorbs said to drive the finish (:data:`DRIVER_STANCES` asserted about the activity, by id
    or name, claims.stances, read in :func:`driver_view`). Evaluator 1.6 asked only that the driving activity be
    named, so "the delay to A1130 is what moves the finish; A1270 has float" after the right paragraph passed; 1.9
    passed "A1270 ... does not move the finish"."""
    found = []
    for item, wrong in ((delay, "absorbed"), (slip, "drives")):
        if item is None:
            continue
        view = driver_view(memo, item["task_id"])
        # the id as a pattern: the reader's whole-word match misses the possessive ("A1270's delay")
        subject = [re.compile(rf"\b{re.escape(item['task_id'])}\b", re.I), item["task_name"]]
        said = [s for s in stances(view, subject, DRIVER_STANCES).get(wrong, []) if _own_stance(s, subject, wrong)]
        found += [f"{item['task_id']} said to be {wrong} at {s.where}" for s in said]
        if item is delay:
            found += [f"{item['task_id']} said not to drive the finish at {s.where}"
                      for s in denials(view, subject, DRIVER_STANCES).get("drives", [])]
    return found


def _own_stance(statement: Statement, subject: list, option: str) -> bool:
    """Whether ``statement`` gives ``subject`` the ``option`` that :func:`claims.stances` found in it by its own
    words, or by its section heading where the heading may give it: not a question (:data:`QUESTION_HEADING`, unless
    a lead-in ending with a colon), and not over a sentence stating another stance of its own. An independent
    solver's correct memo (PM-01 hard, seed 9547) wrote under "What drives the critical path" "The 2-working-day
    delay reported on July 18 for Millwork and doors, Level 1 (A1250) has 22 days of float and does not affect
    completion.", and 1.10 read the heading's "drives" as A1250's."""
    own = stances([replace(statement, section="")], subject, DRIVER_STANCES)
    if option in own:
        return True
    heading = (statement.section or "").strip()
    return not own and (heading.endswith(":") or not QUESTION_HEADING.search(heading))


def issue_statements(completion: dict | None) -> list[Statement]:
    """COMPLETION.json's issues_found as statements (an object entry read by its values)."""
    found = []
    for index, issue in enumerate((completion or {}).get("issues_found") or [], 1):
        text = " ".join(map(str, issue.values())) if isinstance(issue, dict) else str(issue)
        found += text_statements(text, f"COMPLETION.json issues_found {index}")
    return found


#: Where a sentence about several change orders turns from one to the next: semicolons and the conjunctions that
#: open a clause ("..., but CO-007 is a different change, so CO-010 is now in the budget").
_CLAUSE_BREAK = re.compile(r";\s+|,\s+(?:but|while|whereas|so|and)\s+|\s+(?:so|and|but)\s+", re.IGNORECASE)
#: A clause that says an exclusion was a mistake restores the change order ("CO-010 was wrongly left out").
_CORRECTION = re.compile(r"\b(?:wrong(?:ly)?|in error|mistaken(?:ly)?|incorrect(?:ly)?|by mistake)\b", re.IGNORECASE)


def called_duplicate(memo: list[Statement], co: str) -> bool:
    """True when the memo's last word on ``co`` calls it excluded as a duplicate (EXCLUDED), read clause by clause
    through the memo in order: a correction may take several sentences ("Correction: the June 13 status excluded
    CO-013 instead, recording it as a duplicate of CO-010. CO-010 is a different change. This report restores CO-013
    to the budget." is an independent solver's correct memo, PM-01 hard at seed 9403, which evaluator 1.5 failed).

    A table row speaks of its first change order. A sentence is split into clauses (:data:`_CLAUSE_BREAK`); each
    clause speaks of the first change order it names, or of the previous clause's when it names none. Within a
    sentence the last clause about ``co`` decides, so a correction stands: "Last month's status left out CO-010 as a
    duplicate of CO-007, but CO-007 is a different change, so CO-010 is now in the budget" does not call CO-010 a
    duplicate (an independent solver's correct memo, PM-01 hard at seed 9203, failed evaluator 1.2 on it), nor does
    "the first entry (CO-010) stands and CO-012 is excluded" or "CO-010 was wrongly excluded as a duplicate".
    "CO-009 duplicates CO-005" is about CO-009 only, "CO-008 is not a duplicate" asserts nothing, and a clause
    reporting what someone else says (claims.reported) gives no verdict."""
    verdict = None
    for statement in about(memo, _co_terms(co)):
        if statement.cells is not None:
            cells = [v for v in statement.cells.values() if v]
            subject = next((_co_key(m) for v in cells for m in [CO_NUMBER.search(v)] if m), None)
            if subject == co and any(asserted(v, EXCLUDED.words("excluded")) for v in cells):
                return True
            continue
        subject = None
        for clause in _CLAUSE_BREAK.split(statement.text):
            named = CO_NUMBER.search(clause)
            subject = _co_key(named) if named else subject
            if subject != co or reported(clause):
                continue
            if asserted(clause, EXCLUDED.words("excluded")):
                verdict = "included" if _CORRECTION.search(clause) else "excluded"
            elif asserted(clause, INCLUDED.words("included")):
                verdict = "included"
    return verdict == "excluded"


def _co_terms(co: str) -> list[str]:
    digits = co.split("-")[1]
    return [co, f"CO {digits}", f"CO{digits}", f"change order {digits}", f"change order {int(digits)}"]


def _co_key(match: re.Match) -> str:
    return "CO-" + re.sub(r"\D", "", match.group())


def check_portal(ev: common.Evaluation, facts: dict, tol: Decimal, index_tol: Decimal) -> None:
    """In a portal arm: the latest Monthly status return carries the status, field by field (the form asks them
    in another order than the brief)."""
    entries = [e for e in (ev.portal_submissions() or []) if isinstance(e, dict) and e.get("form_id") == FORM_ID
               and isinstance(e.get("values"), dict)]
    values = entries[-1]["values"] if entries else {}
    wrong = [k for k in ("bac", "pv", "ev", "ac", "eac") if not common.close(ev.number(values.get(k)), facts[k], tol)]
    wrong += [k for k in ("cpi", "spi") if not common.close(ev.number(values.get(k)), facts[k], index_tol)]
    if _day(values.get("forecast_finish")) != date.fromisoformat(facts["forecast_finish"]):
        wrong.append("forecast_finish")
    if set(a.upper() for a in ACTIVITY.findall(str(values.get("critical_path") or ""))) != set(facts["critical_path"]):
        wrong.append("critical_path")
    excluded = {"CO-" + re.sub(r"\D", "", m) for m in CO_NUMBER.findall(str(values.get("excluded_change_order") or ""))}
    if excluded != set(facts["change_orders_duplicate"]):
        wrong.append("excluded_change_order")
    ev.criterion("status_return", "the Monthly status return in the portal carries the same status, each figure in "
                 "its own field", bool(entries) and not wrong, weight=2,
                 detail=(f"fields wrong: {wrong}" if entries else "no status return submitted") + ev.rejected_detail())


def evaluate(out_dir: str, oracle: dict, workspace: str, run_id: str = "") -> dict:
    """Score one attempt; returns a receipt valid against benchmark/validators/receipt_schema.json."""
    ev = common.Evaluation(out_dir, oracle, workspace, run_id, evaluator_version=EVALUATOR_VERSION)
    ev.check_shared()  # critical input_integrity and copied_input; criteria completion_file, deliverables_present
    facts = oracle["facts"]
    tol = Decimal(str(oracle["tolerances"]["amount"]))
    index_tol = Decimal(str(oracle["tolerances"]["index"]))
    book = ev.open_xlsx(WORKBOOK)
    check_summary(ev, book, facts, tol, index_tol)
    check_schedule(ev, book, facts)
    check_change_orders(ev, book, facts)
    check_memo(ev, ev.statements(MEMO) or [], oracle)
    if ev.portal_arm:
        check_portal(ev, facts, tol, index_tol)
    ev.check_fabricated_totals(WORKBOOK)
    ev.check_unsafe_output()
    return ev.receipt()
