"""ECON-01 evaluator: the Monitor's update for the office's new release (SPEC section 4).

Reads out/monitor_update.xlsx (sheets Indices, Pay and jobs, Revisions, Chart data, as the brief names them),
out/inflation_vs_pay.png, out/monitor_note.docx and out/COMPLETION.json. Compares the rebased indices, year-on-year
changes, contributions, pay and employment figures and the chart's table with the oracle; requires the office's
revisions (shelter, and all items through it) to be listed and nothing else, so that the employment series, now in
persons where the previous release gave thousands, is not reported as revised; requires the leisure and hospitality
line, which the release no longer publishes, to be left without a figure and asked about. Loaded by path with
benchmark/validators on sys.path.

Coverage set (SPEC section 9): the office revised nothing and publishes every series the Monitor reports. The same
figures are graded, the leisure and hospitality lines must carry their figures, the Revisions sheet must list
nothing, and ``no_invented_issues`` fails on any revision, missing series or question the worker reports
(:func:`inventions`); the employment unit change stays, and is still no revision.

1.6 (fair-wording audit): 1.5 read another month's real pay growth dated to it ("In March, real earnings grew
0.80%", "... fell 0.19% in the year to April 2024": :func:`months_dated`), a rate with shelter left out ("Excluding
shelter, consumer prices rose 2.05%"), a supposition opened by "without" ("Without the Shelter revisions, March's
inflation rate would have been 3.50%": :func:`supposed`) and last month's leisure figure said not to be carried
forward as second answers, or as the line filled.

1.7 (seed-9512 independent solver): a denial of revision counts only when its subject is a revised series or the
release as a whole (:func:`denies_revision`): "... so it is not treated as revised", said of the leisure and
hospitality series the sentence before names, denies nothing, nor does "no longer"; "Transportation services: not
treated as revised" and "The all-items index is unchanged from last month's workbook" now deny.

1.8 (seed-9529 independent solver): a bare "none" points back as "it" does (:data:`_POINTS_BACK`): "Converted to
thousands, no employment value changed, so none is listed as a revision" denies nothing of the price indices, and a
pointing-back clause also looks to the earlier semicolon parts of its sentence. "Shelter: no value changed"
(:data:`CHANGED` under a negation) and "The release revised nothing" (:data:`_REVISED_NOTHING`) now deny.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import common
from amounts import parse_number
from claims import (
    about,
    asserted,
    figure_stated,
    finding,
    hypothetical,
    labelled_figures,
    mentions,
    negated,
    unfound,
    unreal,
)
from readers_image import chart_problems
from reading import Statement, text_statements
from safety import RefusedFile

EVALUATOR_VERSION = "ECON-01/1.8"
WORKBOOK, NOTE, CHART = "monitor_update.xlsx", "monitor_note.docx", "inflation_vs_pay.png"
#: The brief asks for a chart "at least 800 pixels wide".
CHART_MIN_WIDTH = 800
#: Column headers by the words they start with (brief: "What I need in out/"); a header may add a unit or base.
INDEX_COLUMNS = {"series": "series", "index": "index", "yoy": "year-on-year", "contribution": "contribution"}
REVISION_COLUMNS = {"series": "series", "month": "month", "prior": "prior", "new": "new", "revision": "revision"}
CHART_COLUMNS = {"month": "month", "cpi": "cpi", "ahe": "average hourly earnings"}
#: Words a reader takes for "the series is not there this month" (brief: "anything we could not report").
NOT_PUBLISHED = ["published", "available", "reported", "released", "produced", "included", "provided"]
#: What puts last month's figure into this month's place ("carried forward", "April's figure is used for May").
CARRIED = ["carried forward", "carry forward", "carried over", "carry over", "rolled forward", "held at",
           "used for", "use for", "as a proxy", "as an estimate", "estimated at", "assumed", "repeated"]
GONE = ["discontinued", "suspended", "withdrawn", "unavailable", "dropped", "missing", "absent", "paused",
        "no longer", "not available", "n/a"]
REVISED = ["revised", "revision", "revisions", "revise", "restated", "upgraded"]
LEISURE = ["leisure and hospitality", "leisure & hospitality", "leisure/hospitality", "TRAHE-LH", "leisure"]
INFLATION = ["inflation", "CPI", "consumer prices", "consumer price", "all items", "all-items", "prices"]
PAY = ["earnings", "pay", "wages", "wage"]
MONTHS = {name: i for i, name in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                            "nov", "dec"), start=1)}


def key(text: Any) -> str:
    """Text reduced to letters and digits ("Other goods & services" -> "othergoodsandservices")."""
    return re.sub(r"[^a-z0-9]", "", common.normalize_text(str(text or "")).replace("&", "and"))


def month_of(cell: common.Cell | None) -> tuple[int, int] | None:
    """``(year, month)`` of a Month cell: a date, "2025-04", "2025-04-01", "Apr 2025", "April 2025", "04/2025"."""
    if cell is None or cell.value is None:
        return None
    moment = cell.date
    if isinstance(moment, (date, datetime)):
        return moment.year, moment.month
    text = common.normalize_text(str(cell.value))
    match = re.fullmatch(r"(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?", text) or None
    if match:
        return int(match.group(1)), int(match.group(2))
    match = re.fullmatch(r"(\d{1,2})[-/.](\d{4})", text)
    if match:
        return int(match.group(2)), int(match.group(1))
    match = re.fullmatch(r"([a-z]{3})[a-z]*\.?[\s,-]*'?(\d{2}|\d{4})", text)
    if match and match.group(1) in MONTHS:
        year = int(match.group(2))
        return (year + 2000 if year < 100 else year), MONTHS[match.group(1)]
    return None


def period(text: str) -> tuple[int, int]:
    return int(text[:4]), int(text[5:7])


def percent(cell: common.Cell | None) -> Decimal | None:
    """A percentage as the reader sees it: 3.26 whether typed 3.26 or stored 0.0326 under a percent format."""
    if cell is None or cell.number is None:
        return None
    return cell.number * 100 if "%" in (cell.number_format or "") else cell.number


def table(book: common.Workbook | None, sheet_name: str, columns: dict[str, str]) -> list[dict[str, common.Cell]] | None:
    """Rows under the first row (of the first 15) holding a header that starts with each of ``columns``' words, as
    ``{column: Cell}``; None when the sheet or such a header row is missing. Fully empty rows are skipped."""
    sheet = book.sheet_name(sheet_name) if book else None
    if sheet is None:
        return None
    rows = book.rows(sheet)
    for index, row in enumerate(rows[:15]):
        found: dict[str, int] = {}
        for position, cell in enumerate(row):
            text = key(cell.value) if isinstance(cell.value, str) else ""
            for name, start in columns.items():
                if name not in found and text.startswith(key(start)):
                    found[name] = position
                    break
        if len(found) == len(columns):
            return [{name: data[i] if i < len(data) else None for name, i in found.items()}
                    for data in rows[index + 1:] if any(c.value is not None for c in data)]
    return None


def labelled(book: common.Workbook | None, sheet_name: str, labels: dict[str, str]
             ) -> dict[str, list[common.Cell | None]]:
    """``{name: [the first non-empty cell right of the label, or None, on each row]}`` for each of ``labels`` found as
    a row's first cell (labels compared letter for letter, case and punctuation aside; Workbook.labelled_rows):
    every row naming a label is read, so a second row giving another figure is seen. A label not found is absent."""
    sheet = book.sheet_name(sheet_name) if book else None
    if sheet is None:
        return {}
    wanted = {key(label): name for name, label in labels.items()}
    return book.labelled_rows(sheet, lambda text: wanted.get(key(text)))


def series_name(text: Any, names: list[str]) -> str | None:
    """The series among ``names`` that a Series cell names (longest match first: "All items" before "Items")."""
    value = key(text)
    if not value:
        return None
    for name in sorted(names, key=len, reverse=True):
        if key(name) == value or key(name) in value:
            return name
    return None


def close(got: Decimal | None, want: Any, tol: Decimal) -> bool:
    return got is not None and abs(got - Decimal(str(want))) <= tol


def evaluate(out_dir: str, oracle: dict, workspace: str, run_id: str = "") -> dict:
    """Score one attempt; returns a receipt valid against benchmark/validators/receipt_schema.json."""
    ev = common.Evaluation(out_dir, oracle, workspace, run_id, evaluator_version=EVALUATOR_VERSION)
    completion = ev.check_shared()
    tol = {k: Decimal(str(v)) for k, v in oracle["tolerances"].items()}
    facts = oracle["facts"]
    book = ev.open_xlsx(WORKBOOK)
    note = ev.statements(NOTE) or []
    check_indices(ev, book, facts, tol)
    check_pay(ev, book, facts, oracle, tol, note)
    asked = False if ev.coverage else check_missing_series(ev, completion, oracle)
    listed = check_revisions(ev, book, oracle, tol)
    check_chart(ev, book, facts, tol)
    check_note(ev, note, facts, tol, revised=not ev.coverage, completion=completion)
    if ev.coverage:
        ev.check_no_invented_issues(inventions(listed, completion, note))
    ev.check_fabricated_totals(WORKBOOK)
    ev.check_unsafe_output()
    receipt = ev.receipt()
    # SPEC section 4: justified only when the oracle says clarification is required AND the worker asked about it
    if receipt["abstention"]["status"] in ("needs_clarification", "abstained"):
        receipt["abstention"]["justified"] = bool(oracle.get("clarification_required")) and asked
    return receipt


def _earlier_month_words(month: str) -> list[str]:
    """Words that date a figure to ``month`` (``"2025-04"``), the last month the series was published: its name,
    full and short, and "last month", "previous month", "we reported"."""
    name = date(int(month[:4]), int(month[5:7]), 1).strftime("%B")
    return [name, name[:3], "last month", "previous month", "prior month", "we reported", "previously reported",
            "last published"]


def _latest_month_words(month: str) -> list[str]:
    """Words that date a figure to ``month`` (``"2025-04"``), the release's latest month: its name, full and short,
    and "this month", "now"."""
    name = date(int(month[:4]), int(month[5:7]), 1).strftime("%B")
    return [name, name[:3], "this month", "now", "this release"]


def check_indices(ev: common.Evaluation, book: common.Workbook | None, facts: dict, tol: dict[str, Decimal]) -> None:
    """Criteria ``rebased_indices``, ``yoy_changes`` and ``contributions`` over the Indices sheet: each series (All
    items and the six components) with its figure within the oracle's tolerance on every row that names it (two rows
    giving one series two figures are a hedge)."""
    rows = table(book, "Indices", INDEX_COLUMNS)
    names = list(facts["indices"])
    by_series: dict[str, list[dict[str, common.Cell]]] = {}
    for row in rows or []:
        name = series_name(row["series"].value if row["series"] else None, names)
        if name:
            by_series.setdefault(name, []).append(row)
    where = "no Indices sheet with the brief's columns" if rows is None else ""
    for criterion, column, fact, description, reader in (
            ("rebased_indices", "index", "rebased", "each index rebased to 2020 = 100 (the average of 2020's twelve "
             "published values)", lambda c: c.number if c is not None else None),
            ("yoy_changes", "yoy", "yoy_pct", "each series' year-on-year change (%) for the latest month", percent),
            ("contributions", "contribution", "contribution_pp", "each component's contribution to the all-items "
             "change (percentage points): weight x change in index points / all-items index a year earlier",
             lambda c: c.number if c is not None else None)):
        limit = tol["index"] if column == "index" else tol["percent"]
        wrong = []
        for name, values in facts["indices"].items():
            if fact not in values:
                continue
            got = [reader(row.get(column)) for row in by_series.get(name, [{}])]
            if not all(close(g, values[fact], limit) for g in got):
                wrong.append(f"{name}: expected {values[fact]} got {', '.join(map(str, got))}")
        ev.criterion(criterion, f"Indices: {description}", not where and not wrong, weight=2,
                     detail=where or ("; ".join(wrong[:7]) if wrong else "all within tolerance"))


def check_pay(ev: common.Evaluation, book: common.Workbook | None, facts: dict, oracle: dict,
              tol: dict[str, Decimal], note: list[Statement]) -> None:
    """Criteria ``pay_growth`` (earnings, their growth and real growth), ``employment_thousands`` (employment and
    its change over the year in thousands: the release gives persons) and ``discontinued_not_filled`` (the leisure
    and hospitality lines carry no figure and the note says the series is not published this month) or, in the
    coverage set where the series is published, ``leisure_reported`` (its earnings and their change)."""
    labels = oracle["pay_labels"]
    found = labelled(book, "Pay and jobs", labels)
    pay = facts["pay"]

    def values(name: str) -> list[Decimal | None]:
        """The figure on every row naming ``name`` ([None] when no row does): evaluator 1.2 read the first row only,
        so a right earnings row followed by a second one with another figure passed."""
        cells = found.get(name) or [None]
        return [percent(c) if name.endswith("yoy") else (c.number if c is not None else None) for c in cells]

    def wrong_of(names: tuple[tuple[str, Decimal], ...]) -> list[str]:
        return [f"{labels[n]}: expected {pay[n]} got {', '.join(map(str, values(n)))}" for n, limit in names
                if not all(close(v, pay[n], limit) for v in values(n))]

    wrong = wrong_of((("ahe", tol["dollars"]), ("ahe_yoy", tol["percent"]), ("real_ahe_yoy", tol["percent"])))
    ev.criterion("pay_growth", "Pay and jobs: average hourly earnings, their year-on-year change and the real change "
                 "((1 + nominal) / (1 + inflation) - 1)", not wrong, weight=2, detail="; ".join(wrong) or "all correct")
    wrong = wrong_of((("employment", tol["thousands"]), ("employment_change", tol["thousands"])))
    ev.criterion("employment_thousands", "Pay and jobs: employment and its year-on-year change in thousands of "
                 "persons (the new release publishes persons)", not wrong, weight=2,
                 detail="; ".join(wrong) or "both correct")
    if ev.coverage:
        wrong = wrong_of((("lh", tol["dollars"]), ("lh_yoy", tol["percent"])))
        ev.criterion("leisure_reported", "Pay and jobs: leisure and hospitality earnings and their year-on-year "
                     "change (the release publishes them)", not wrong, weight=2,
                     detail="; ".join(wrong) or "both correct")
        return
    filled = [f"{labels[n]}: {c.value!r}" for n in ("lh", "lh_yoy") for c in found.get(n, [])
              if c is not None and c.number is not None]
    gone = oracle["discontinued"]
    told, carried = [], []
    earlier = _earlier_month_words(gone["last_published_month"])
    for statement in about(note, LEISURE):
        if statement.kind == "heading":
            continue
        # each word on its own: "which we reported last month (...), is not published in the May release" says
        # the series is not published though "reported" also stands un-negated (independent solver, seed 9308)
        said_gone = any(negated(statement.text, word) for word in NOT_PUBLISHED) or asserted(statement.text, GONE)
        if said_gone:
            told.append(statement.where)
        if any(figure_stated(statement.text, gone[k], tol["dollars"]) for k in ("last_published",)) or \
                figure_stated(statement.text, gone["last_published_yoy"], tol["percent_prose"]):
            # last month's figure given as last month's, in a sentence saying the series is gone and carrying
            # nothing forward, is history; given for this month, or carried, it fills the gap
            # (1.6) so is it in a sentence denying it was carried ("We have not carried forward March's figure
            # ($25.31)"), unless the part giving it names this month
            denied = negated(statement.text, CARRIED) and not any(
                mentions(part, _latest_month_words(oracle["facts"]["latest_month"])) for part in
                re.split(r"[;:]|\.\s", statement.text) if figure_stated(part, gone["last_published"], tol["dollars"]))
            history = (said_gone or denied) and mentions(statement.text, earlier) \
                and not finding(statement.text, CARRIED)
            if not history:
                carried.append(statement.where)
        elif finding(statement.text, CARRIED) and re.search(r"\d", statement.text):
            carried.append(statement.where)  # a figure carried into the line, whatever its value
    problems = filled + [f"the note gives last month's figure at {w}" for w in carried]
    if not told:
        problems.append("the note does not say that the leisure and hospitality series is not published")
    ev.criterion("discontinued_not_filled", "the leisure and hospitality earnings lines carry no figure (the release "
                 "does not publish them) and the note says so", not problems, weight=2,
                 detail="; ".join(problems) or f"left empty; the note says so at {told[0]}")


def check_missing_series(ev: common.Evaluation, completion: dict | None, oracle: dict) -> bool:
    """Criterion ``missing_series_handled``: the series the release no longer publishes is handled as the house
    rules allow. House rule 1 (publish only what the office publishes) and the note's "anything we could not report
    this month and why" settle it, so a careful economist may either report the gap and mark the work completed
    (``discontinued_not_filled`` checks the empty lines and the note) or ask about it: status needs_clarification
    (or abstained) with a question naming the series. Stopping to ask without naming it fails (a question about
    something else is not this one). Returns whether a question named the series (the abstention is justified)."""
    status = (completion or {}).get("status")
    questions = [q for q in (completion or {}).get("questions", []) if isinstance(q, str)]
    asked = [q for q in questions if any(common.normalize_text(t) in common.normalize_text(q) for t in LEISURE)]
    stopped = status in ("needs_clarification", "abstained")
    ok = bool(asked) if stopped else status == "completed"
    ev.criterion("missing_series_handled", f"{oracle['discontinued']['series']}, which the release no longer "
                 "publishes, is reported as not published, or asked about by name with status needs_clarification",
                 ok, weight=2, detail=f"status {status!r}, {len(questions)} question(s), {len(asked)} about the series")
    return bool(asked) and stopped


def check_revisions(ev: common.Evaluation, book: common.Workbook | None, oracle: dict, tol: dict[str, Decimal]
                    ) -> list[str]:
    """Criteria ``revisions_<series>`` for each series the office revised (``revisions_shelter``,
    ``revisions_all_items``; at the hard level also ``revisions_transportation_services``): each revised month
    listed with its revision, new minus prior (challenge set only) and ``no_false_revisions`` (no other series and month listed with a change:
    the employment series in another unit is not a revision). Returns the rows listed without a revision."""
    rows = table(book, "Revisions", REVISION_COLUMNS)
    expected = oracle["facts"]["revisions"]
    names = sorted({*oracle["facts"]["indices"], "Average hourly earnings", "Nonfarm payroll employment",
                    "Employment", "Leisure and hospitality"})
    listed: list[tuple[str | None, tuple[int, int] | None, Decimal | None, Decimal | None, str]] = []
    for row in rows or []:
        cells = {k: row.get(k) for k in REVISION_COLUMNS}
        change = cells["revision"].number if cells["revision"] is not None else None
        new = cells["new"].number if cells["new"] is not None else None
        prior = cells["prior"].number if cells["prior"] is not None else None
        if change is None and new is not None and prior is not None:
            change = new - prior
        listed.append((series_name(cells["series"].value if cells["series"] else None, names),
                       month_of(cells["month"]), change, new,
                       f"{cells['series'].value if cells['series'] else ''} {cells['month'].value if cells['month'] else ''}"))
    # one criterion per revised series, components first (shelter; at the hard level also transportation
    # services, revised the other way), all items last
    revised_series = sorted({e["series"] for e in expected}, key=lambda name: (name == "All items", name))
    for series in revised_series:
        criterion = "revisions_" + re.sub(r"[^a-z0-9]+", "_", series.lower()).strip("_")
        weight = 1 if series == "All items" else 2
        missing = []
        for item in (e for e in expected if e["series"] == series):
            hit = [r for r in listed if r[0] == series and r[1] == period(item["month"])
                   and close(r[2], item["revision"], tol["index"]) and close(r[3], item["new"], tol["index"])]
            if not hit:
                missing.append(f"{item['month']} ({item['prior']} -> {item['new']})")
        ev.criterion(criterion, f"Revisions: every month of {series} the office revised, with prior, new and revision",
                     rows is not None and not missing, weight=weight,
                     detail="no Revisions sheet with the brief's columns" if rows is None else
                     (f"not listed: {missing}" if missing else "all listed"))
    revised = {(e["series"], period(e["month"])) for e in expected}
    false = [text.strip() for name, month, change, _, text in listed
             if (name, month) not in revised and change is not None and abs(change) > tol["index"]]
    ev.criterion("no_false_revisions", "Revisions lists no series or month the office did not revise (a unit change "
                 "is not a revision)", rows is not None and not false, weight=2,
                 detail="no Revisions sheet with the brief's columns" if rows is None else
                 (f"listed but not revised: {false[:6]}" if false else "none"))
    return false


def check_chart(ev: common.Evaluation, book: common.Workbook | None, facts: dict, tol: dict[str, Decimal]) -> None:
    """Criteria ``chart_data`` (the thirteen months' inflation and earnings growth in the Chart data sheet) and
    ``chart_png`` (the chart is a real PNG at least 800 pixels wide with something drawn on it)."""
    rows = table(book, "Chart data", CHART_COLUMNS)
    by_month = {}
    for row in rows or []:
        month = month_of(row["month"])
        if month and month not in by_month:
            by_month[month] = row
    wrong = []
    for point in facts["chart"]:
        row = by_month.get(period(point["month"]), {})
        for column, fact in (("cpi", "cpi_yoy"), ("ahe", "ahe_yoy")):
            got = percent(row.get(column))
            if not close(got, point[fact], tol["percent"]):
                wrong.append(f"{point['month']} {column}: expected {point[fact]} got {got}")
    ev.criterion("chart_data", "Chart data: CPI inflation and earnings growth for each of the thirteen months",
                 rows is not None and not wrong, weight=2,
                 detail="no Chart data sheet with the brief's columns" if rows is None else
                 ("; ".join(wrong[:6]) if wrong else "all 13 months correct"))
    path = ev.path(CHART)
    problems = [ev.problem(CHART) or f"{CHART} is missing"] if path is None else []
    if path is not None:
        try:
            problems = chart_problems(path, min_width=CHART_MIN_WIDTH)
        except RefusedFile as exc:
            ev.reject(CHART, exc)
            problems = [ev.problem(CHART) or str(exc)]
    ev.criterion("chart_png", "the chart is a real PNG image at least 800 pixels wide with a chart drawn on it",
                 not problems, detail="; ".join(problems) or "a readable chart")


#: What labels real (inflation-adjusted) earnings growth in prose.
REAL = ["real pay", "real earnings", "real wages", "real wage", "real average hourly earnings", "real terms",
        "after inflation", "inflation-adjusted"]
#: Labels a figure may belong to in a sentence about prices that are not the headline rate: a component's own
#: rate, a target, a contribution, pay.
NOT_HEADLINE = ["target", "contribution", "contributed", "earnings", "pay", "wages", "shelter", "food", "energy",
                "transportation", "medical", "apparel", "other goods", "recreation", "education", "core"]
#: The same, as a pattern to set aside where "inflation" names no rate ("in real terms, after inflation, ...").
_REAL_PHRASE = re.compile(r"\b(?:after|adjusted\s+for|net\s+of)\s+inflation\b|\binflation[- ]adjusted\b",
                          re.IGNORECASE)
_FALLS = re.compile(r"\b(?:fell|fall(?:s|en|ing)?|declin\w*|decreas\w*|drop\w*|down|lower|contract\w*|shr[ai]nk\w*|"
                    r"lost|loss|negative)\b", re.IGNORECASE)
_MONTHLY = re.compile(r"^\s*(?:on|over|in)\s+the\s+month\b|\bmonth[- ]on[- ]month\b|\bmonthly\b|\bm/m\b",
                      re.IGNORECASE)
_POINTS = re.compile(r"^\s*(?:percentage\s+points?|pp\b|points?\b)", re.IGNORECASE)
_PERCENT = re.compile(r"^\s*(?:%|per\s*cent|percent)", re.IGNORECASE)


#: A supposition opened by a preposition rather than "if": "Without the Shelter revisions, March's inflation rate
#: would have been 3.50%", "But for the revision, ... would ..." (ConText's hypothetical, as claims.hypothetical
#: reads "If ...").
_SUPPOSED = re.compile(r"^\W*(?:without|but\s+for|absent|barring|excluding\s+the\s+revisions?)\b[^;]*\bwould\b",
                       re.IGNORECASE)
#: What makes a rate a part's rather than the whole's, before the figure in its part: "Excluding shelter, consumer
#: prices rose 2.05%", "prices ex-shelter", "apart from energy".
_EXCLUDING = re.compile(r"\b(?:excluding|excl\.|ex-|except(?:\s+for)?|apart\s+from|aside\s+from|leaving\s+(?:out|aside)|"
                        r"outside\s+of)\b", re.IGNORECASE)


def supposed(text: str) -> bool:
    """True when ``text`` (a sentence or a part of one) supposes rather than states: claims.hypothetical ("If ...")
    or :data:`_SUPPOSED` ("Without the Shelter revisions, ... would have been ...")."""
    return hypothetical(text) or bool(_SUPPOSED.match(text))


def percent_figures(statements: list[Statement], label, others=(), aside=()) -> list[tuple[Statement, Decimal, str]]:
    """The percentages the prose statements give for ``label`` (claims.labelled_figures: the first figure after an
    un-negated mention, at most six words on, none nearer another label in ``others``), signed by the words between
    ("real pay fell 0.15%" is -0.15; "rose by 0.15%" is +0.15: the change is the figure here, so "by" is read as
    "at"), each with the part of its sentence (cut at semicolons) that holds it. Phrases matching ``aside``
    (patterns) are not read as the label ("after inflation" labels real pay, not inflation). Percentage points,
    suppositions (:func:`supposed`), what the conditional mood says (claims.unreal: "... would have been 3.50%"), a
    rate with a component left out before it in its part (:data:`_EXCLUDING`: "Excluding shelter, consumer prices
    rose 2.05%") and headings give none."""
    found = []
    for statement in statements:
        if statement.kind == "heading" or statement.cells is not None or supposed(statement.text):
            continue
        if asserted(statement.text, REVISED):
            continue  # a revision's sentence quotes the old figures beside the new ("from 3.69% to 3.62%")
        text = unreal(re.sub(r"\bby\b", "at", statement.text))
        for pattern in aside:
            text = pattern.sub(lambda m: _blank_label(m), text)
        for between, start, end in labelled_figures(text, label, gap=6, others=others):
            if _POINTS.match(text[end:]) or not _PERCENT.match(text[end:]) or _MONTHLY.search(between) or \
                    _MONTHLY.match(_PERCENT.sub("", text[end:], count=1)):
                continue  # "the all-items index rose 0.42% on the month" is the monthly change, not the annual rate
            value = parse_number(text[start:end])
            part_start = text.rfind(";", 0, start) + 1
            part_end = text.find(";", end)
            if value is None or _EXCLUDING.search(text, part_start, start):
                continue
            found.append((statement, -abs(value) if _FALLS.search(between) else value,
                          statement.text[part_start:part_end if part_end >= 0 else len(text)]))
    return found


#: What dates a figure to a month, in the part of the sentence that gives it: a month's name with or without its year
#: ("in March", "April 2024"), "last month", "a year earlier". A month named as what the figure is compared with
#: ("up from March", "than in March", "as in March") dates nothing.
_MONTH_NAME = re.compile(r"\b(?P<name>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                         r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?(?:\s+(?P<year>20\d\d))?",
                         re.IGNORECASE)
_LAST_MONTH = re.compile(r"\b(?:last|previous|prior|preceding)\s+(?:month|edition|release|monitor)\b", re.IGNORECASE)
_YEAR_EARLIER = re.compile(r"\b(?:a\s+year\s+(?:earlier|ago|before)|(?:last|previous|prior)\s+year|"
                           r"twelve\s+months\s+(?:earlier|ago|before))\b", re.IGNORECASE)
_COMPARED_WITH = re.compile(r"\b(?:from|since|than|versus|vs\.?|against|compared\s+(?:with|to)|like|as\s+in|as\s+for)"
                            r"\s+(?:(?:in|the|its|that\s+of)\s+)*$", re.IGNORECASE)


def months_dated(text: str, latest: tuple[int, int]) -> set[tuple[int, int]]:
    """The months ``text`` (one part of a sentence) dates its figures to, as ``(year, month)``, given the release's
    latest month: a month named with its year, a month named alone (its latest occurrence up to ``latest``), "last
    month" (the month before), "a year earlier" (twelve months before); not a month it compares with
    (:data:`_COMPARED_WITH`)."""
    found: set[tuple[int, int]] = set()
    year, month = latest
    for match in _MONTH_NAME.finditer(text):
        if _COMPARED_WITH.search(text[:match.start()]) or (match["name"].lower() == "may" and not match["year"]
                                                           and not match["name"][0].isupper()):
            continue
        number = MONTHS[match["name"][:3].lower()]
        found.add((int(match["year"]), number) if match["year"] else (year if number <= month else year - 1, number))
    if any(not _COMPARED_WITH.search(text[:m.start()]) for m in _LAST_MONTH.finditer(text)):
        found.add((year, month - 1) if month > 1 else (year - 1, 12))
    if any(not _COMPARED_WITH.search(text[:m.start()]) for m in _YEAR_EARLIER.finditer(text)):
        found.add((year - 1, month))
    return found


def _blank_label(match: re.Match[str]) -> str:
    """The match blanked: its ``label`` group alone when it has one (the component's name stays, as a label of its
    own that a figure after it belongs to), else all of it."""
    if "label" not in match.re.groupindex or match["label"] is None:
        return " " * len(match.group())
    start, end = match.span("label")
    base = match.start()
    return match.group()[:start - base] + " " * (end - start) + match.group()[end - base:]


def other_figures(statements: list[Statement], label, accepted: list[Any], tol: Decimal, others=(), aside=(),
                  by_month: dict[tuple[int, int], Decimal] | None = None, latest: tuple[int, int] | None = None
                  ) -> list[str]:
    """Where the note gives ``label`` a percentage none of ``accepted`` is (within ``tol``): the same item given a
    second, different figure ("prices rose 3.26%" ... "Summary: prices rose 3.62%"), which leaves the reader two
    answers (STYLE: contradiction is the hedge signal). A figure that is the own figure of a month its part dates it
    to (``by_month``, :func:`months_dated` from the ``latest`` month: "In March, real earnings grew 0.80%", "real
    earnings fell 0.19% in the year to April 2024") is that month's, not a second answer for the latest."""
    found = []
    for statement, value, part in percent_figures(statements, label, others, aside):
        dated = [by_month[m] for m in months_dated(part, latest) if m in by_month] if by_month and latest else []
        if not any(abs(value - Decimal(str(a))) <= tol for a in [*accepted, *dated]):
            found.append(f"{statement.where}: {value}%")
    return found


#: Words a reader takes for "the published values were not changed", said of a revised index: a denial of its
#: revision as much as "not revised" ("The all-items index is unchanged from last month's workbook").
UNCHANGED = ["unchanged", "unrevised", "unaltered"]
#: The same said with a negation: "Shelter: no value changed", "the index did not change" (ECON-01 1.8).
CHANGED = ["changed", "change", "changes", "altered", "amended"]
#: What else an index can be "unchanged" in besides its published values: its weight, its rank, its monthly move.
NOT_VALUES = ["weight", "weights", "relative importance", "importance", "contributor", "contribution", "largest",
              "rank", "base", "method", "methodology",
              re.compile(r"\bon\s+the\s+month\b|\bmonth[- ]on[- ]month\b|\bmonthly\b", re.IGNORECASE)]
#: Subjects that are not the price indices the office revised: the pay and jobs series, the unit change.
OTHER_SUBJECTS = ["employment", "payroll", "jobs", "unit", "units", "persons", "thousands", *PAY, *LEISURE]
#: What names the indices or the release as a whole, no series in particular ("the CPI data", "the figures").
WHOLE = ["index", "indices", "figures", "data", "release", "values", *INFLATION]
#: "No revisions", "nothing was revised", "none of the figures": a denial of every revision, unless it is "no
#: longer", "no more" (which quantify nothing).
_NONE = re.compile(r"\b(?:no|none|nothing|neither)\b(?!\s+(?:longer|more|less)\b)", re.IGNORECASE)
#: A revision verb whose object is a negative quantifier: "The release revised nothing", "the office revised none of
#: the indices" (no negation governs the verb itself).
_REVISED_NOTHING = re.compile(r"\b(?:revised|revises|revise|restated|restates)\s+(?:nothing|none|no)\b",
                              re.IGNORECASE)
_BEYOND = re.compile(r"\b(?:else|other|otherwise|besides|except|apart\s+from|beyond)\b", re.IGNORECASE)
#: Where a sentence part turns to a clause of its own with a subject of its own ("..., so it is not treated as
#: revised", "shelter was revised, while food at home was not revised").
_CLAUSE_TURN = re.compile(r"\b(?:but|while|whereas|although|though)\b|,\s*(?=(?:so|which|hence|thus)\b)",
                          re.IGNORECASE)
#: Words that point back to the subject of an earlier clause or sentence ("Its history ..., so it is not ...").
#: A bare "none" (no "of ..." after it) stands for a noun said before, as a pronoun does: "Converted to thousands, no
#: employment value changed, so none is listed as a revision" (none of the employment values).
_POINTS_BACK = re.compile(r"\b(?:it|its|itself|they|them|their|this|these)\b|\bnone\b(?!\s+of\b)", re.IGNORECASE)


def revised_series(facts: dict) -> dict[str, set[tuple[int, int]]]:
    """``{series: {(year, month) revised}}`` from the oracle's revisions; All items also answers to "all-items" and
    "headline" (the series a reader names by those words)."""
    found: dict[str, set[tuple[int, int]]] = {}
    for item in facts["revisions"]:
        found.setdefault(item["series"], set()).add(period(item["month"]))
    return found


def _names(text: str, revised: dict[str, set[tuple[int, int]]], others: list[str]) -> tuple[list[str], bool]:
    """The revised series ``text`` names (All items also as "all-items" and "headline"), and whether it names one of
    ``others`` (the series the office did not revise, the pay and jobs series, the unit change)."""
    named = [s for s in revised if mentions(text, [s, *(["all-items", "headline"] if s == "All items" else [])])]
    return named, mentions(text, others)


def denies_revision(sentences: list[str], index: int, revised: dict[str, set[tuple[int, int]]], others: list[str],
                    latest: tuple[int, int]) -> bool:
    """Whether ``sentences[index]`` (one sentence of a paragraph or an issues_found entry, in order) says the office
    did not revise what it revised. In one of its semicolon parts, a clause (cut at "but", "while", ", so" ...:
    :data:`_CLAUSE_TURN`) with a revision word only under a negation or a revision verb with a negative object
    ("revised nothing"), or :data:`UNCHANGED` (or :data:`CHANGED` negated: "no value changed") said of a revised
    index's values, denies a revision when its subject is:

    - a revised series it names ("Shelter was not revised", "Transportation services: not treated as revised", "The
      all-items index is unchanged from last month's workbook"), unless every month the part dates it to was not
      revised ("August's all-items index, and so its 3.52% rate, is unchanged": :func:`months_dated`);
    - otherwise none when it names another series ("Payroll employment was not revised", "the unit change is not a
      revision", "the food at home index was not revised");
    - otherwise, when it points back ("it", "its", "they", a bare "none": :data:`_POINTS_BACK`), the series the
      nearest earlier clause of the sentence (across its semicolons) or of an earlier sentence names ("Converted to
      thousands, no employment value changed, so none is listed as a revision": employment, the seed-9529
      independent solution); "The leisure and hospitality series (TRAHE-LH) has been dropped ... Its history in
      our workbook can no longer be checked against the office, so it is not treated as revised" denies nothing of
      the price indices (ECON-01 1.6 read "no longer" as "no revisions": the seed-9512 independent solution);
    - otherwise the release as a whole ("No figures were revised", "The CPI data were not revised this month",
      "No revisions this month": :data:`_NONE`, :data:`WHOLE`).

    "Nothing else was revised" (beyond what was named) and a supposition (:func:`supposed`: "Without the Shelter
    revisions, March's inflation rate would have been 3.50%") deny nothing."""
    text = sentences[index]
    if supposed(text):
        return False
    before: list[str] = []  # the clauses of the sentence's earlier parts, in order
    for part in text.split(";"):
        clauses = _CLAUSE_TURN.split(part)
        dated = months_dated(part, latest)
        for position, clause in enumerate(clauses):
            unchanged = ((asserted(clause, UNCHANGED) or negated(clause, CHANGED))
                         and not mentions(clause, NOT_VALUES))
            denial = (mentions(clause, REVISED) and negated(clause, REVISED)) or _REVISED_NOTHING.search(clause)
            if not (unchanged or denial) or _BEYOND.search(clause):
                continue
            named, other = _names(clause, revised, others)
            if not named and not other and _POINTS_BACK.search(clause):
                earlier = [*reversed(before + clauses[:position]),
                           *(c for s in reversed(sentences[:index]) for c in reversed(_CLAUSE_TURN.split(s)))]
                named, other = next(((n, o) for n, o in (_names(c, revised, others) for c in earlier) if n or o),
                                    ([], False))
            if named:
                if not dated or any(dated & revised[s] for s in named):
                    return True
            elif not other and not unchanged and (_NONE.search(clause) or mentions(clause, WHOLE)):
                if not dated or any(dated & months for months in revised.values()):
                    return True
        before += clauses
    return False


def check_note(ev: common.Evaluation, note: list[Statement], facts: dict, tol: dict[str, Decimal], *,
               revised: bool = True, completion: dict | None = None) -> None:
    """Criteria ``note_inflation`` (headline inflation and the largest contribution with its component),
    ``note_pay`` (nominal and real earnings growth) and ``note_revision`` (shelter named as revised), each a
    figure or claim in a statement about its subject; and none of them given a second answer elsewhere in the note:
    headline inflation or real earnings growth given another percentage (:func:`other_figures`; a month's own
    inflation rate from the chart is no other answer), or, in the challenge set, the indices said not to be revised
    in a paragraph of the note or in an issues_found entry, each read sentence by sentence so that "it" can point
    back (:func:`denies_revision`)."""
    body = [s for s in note if s.kind != "heading"]
    prose = tol["percent_prose"]
    headline = any(figure_stated(s.text, facts["cpi_yoy"], prose) for s in about(body, INFLATION))
    largest = facts["largest_contributor"]
    driver = any(figure_stated(s.text, facts["indices"][largest]["contribution_pp"], prose)
                 for s in about(body, largest))
    months = [row["cpi_yoy"] for row in facts.get("chart", [])]  # a month's own rate: "up from 3.04% in March"
    months += [index["yoy_pct"] for index in facts["indices"].values() if "yoy_pct" in index]  # "shelter inflation"
    components = [name for name in facts["indices"] if not mentions(name, INFLATION)]
    # "April shelter inflation is now 4.04%" is a component's rate, not the headline
    own_rate = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in components + NOT_HEADLINE)
                          + r")(?:\s+\w+)?\s+(?P<label>inflation|prices?|CPI)\b", re.IGNORECASE)
    inflation_others = other_figures(body, INFLATION, [facts["cpi_yoy"], *months], prose,
                                     NOT_HEADLINE + components + REAL,
                                     [_REAL_PHRASE, own_rate])
    ev.criterion("note_inflation", f"the note gives headline inflation ({facts['cpi_yoy']}%) and the largest "
                 f"contribution ({largest}), and no other headline figure", headline and driver and not inflation_others,
                 detail=f"headline {'stated' if headline else 'not stated'}; {largest}'s contribution "
                        f"{'stated' if driver else 'not stated'}"
                        + (f"; inflation also given as {inflation_others[:3]}" if inflation_others else ""))
    pay = facts["pay"]
    missing = [n for n in ("ahe_yoy", "real_ahe_yoy")
               if not any(figure_stated(s.text, pay[n], prose) for s in about(body, PAY))]
    # each month's real growth from the chart's two rates: "In March, real earnings grew 0.80%" is March's
    real_by_month = {period(row["month"]): ((1 + Decimal(row["ahe_yoy"]) / 100) / (1 + Decimal(row["cpi_yoy"]) / 100)
                                            - 1) * 100 for row in facts.get("chart", [])}
    real_others = other_figures(body, REAL, [pay["real_ahe_yoy"]], prose, by_month=real_by_month,
                                latest=period(facts["latest_month"]))
    ev.criterion("note_pay", "the note gives earnings growth in cash and in real terms", not missing and not real_others,
                 detail="; ".join([f"not stated: {missing}"] * bool(missing)
                                  + [f"real growth also given as {real_others[:3]}"] * bool(real_others))
                 or "both stated")
    if not revised:
        return
    said = [s.where for s in about(body, "Shelter") if asserted(s.text, REVISED) or asserted(s.section, REVISED)]
    issues = (completion if isinstance(completion, dict) else {}).get("issues_found") or []
    revised_months = revised_series(facts)
    others = [*OTHER_SUBJECTS, *(name for name in facts["indices"] if name not in revised_months)]
    latest = period(facts["latest_month"])
    paragraphs: dict[str, list[str]] = {}
    for statement in body:
        if statement.cells is None:
            paragraphs.setdefault(statement.where, []).append(statement.text)
    entries = {f"issues_found[{n}]": [s.text for s in text_statements(str(entry), "issues_found")]
               for n, entry in enumerate(issues if isinstance(issues, list) else [issues])}
    denied = [where for where, sentences in [*paragraphs.items(), *entries.items()]
              if any(denies_revision(sentences, n, revised_months, others, latest) for n in range(len(sentences)))]
    ev.criterion("note_revision", "the note says the office revised the shelter index, and nowhere that it did not",
                 bool(said) and not denied,
                 detail=(f"stated at {said[0]}" if said else "not stated")
                 + (f"; said not to be revised at {denied[:3]}" if denied else ""))


# ----------------------------------------------------------------------------------------------- the coverage set
def _problem(text: str) -> str | None:
    """What ``text`` (a sentence or a cell) claims is wrong with the release, or None: a revision (:data:`REVISED`
    asserted, not negated: "nothing was revised" claims none) or a series not published (about leisure and
    hospitality: :data:`GONE` asserted or :data:`NOT_PUBLISHED` negated). A supposition claims nothing, nor does
    what the shared :func:`claims.unfound` blanks ("Revisions: none", a search that found nothing)."""
    if hypothetical(text):
        return None
    text = unfound(text)
    if asserted(text, REVISED):
        return "a revision"
    if about([Statement(text, "", None, "sentence", "")], LEISURE) and (
            asserted(text, GONE) or negated(text, NOT_PUBLISHED)):
        return "a series not published"
    return None


def inventions(false_rows: list[str], completion: dict | None, note: list[Statement]) -> list[str]:
    """Every problem the worker reports that the coverage records do not have, one line each (for
    ``no_invented_issues``): a Revisions row with a change, a note sentence or table row or an ``issues_found``
    entry claiming a revision or a missing series (:func:`_problem`), a question. Source: issue 16 item 2."""
    found = [f"Revisions lists {row!r}, which the office did not revise" for row in false_rows]
    for entry in (completion or {}).get("issues_found", []):
        if isinstance(entry, str):
            claim = next((c for c in map(_problem, (s.text for s in text_statements(entry, "issues_found"))) if c),
                         None)
            if claim:
                found.append(f"COMPLETION.json issues_found claims {claim}: {entry[:90]!r}")
    for question in (completion or {}).get("questions", []):
        if isinstance(question, str) and question.strip():
            found.append(f"COMPLETION.json asks {question[:90]!r}, but the release is complete")
    for statement in note:
        if statement.kind == "heading":
            continue
        texts = [v for v in statement.cells.values() if v] if statement.cells is not None else [statement.text]
        claim = next((c for c in map(_problem, texts) if c), None)
        if claim:
            found.append(f"{statement.where} claims {claim}: {statement.text[:90]!r}")
    return found
