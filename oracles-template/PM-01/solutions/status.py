"""PM-01 worker's working: the monthly status computed from the workspace as a project-controls analyst does it.

Reads only the workspace (BRIEF.md for the calendar, inputs/ for the export, the change-order log and the site
reports). :func:`compute` returns every figure the deliverables need; :func:`write_workbook`, :func:`write_memo`,
:func:`submit_return` and :func:`write_completion` write them. solve.py (reference and wrong variants) and
alternatives.py (other professionals' presentations) share it; a ``variant`` changes one step on purpose.
"""

from __future__ import annotations

import csv
import http.cookiejar
import json
import os
import re
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import docx
import openpyxl
import pypdf
import xlsxwriter

WORKSPACE = Path.cwd()
INPUTS = WORKSPACE / "inputs"
OUT = Path(os.environ.get("WP42_OUT") or WORKSPACE / "out")
#: "Fire alarm verification (A1270): ... needs 9 working days more" / "... to run 6 working days longer".
EXTENSION = re.compile(r"\((A\d{4})\):[^.]*?\b(\d+) working days (?:more|longer)")


@dataclass
class Status:
    """Every figure of the status; money as Decimal, dates as date, floats in working days."""

    data_date: date
    rows: list[dict]
    durations: dict[str, int]
    extensions: dict[str, int]
    net: dict[str, dict]
    days: list[date]
    critical: list[str]
    baseline_finish: date
    forecast_finish: date
    cos: list[dict]
    excluded: list[dict]
    budget: dict[str, Decimal]
    planned_pct: dict[str, Decimal]
    bac: Decimal = Decimal(0)
    pv: Decimal = Decimal(0)
    ev: Decimal = Decimal(0)
    ac: Decimal = Decimal(0)
    cpi: Decimal = Decimal(0)
    spi: Decimal = Decimal(0)
    eac: Decimal = Decimal(0)
    notes: list[str] = field(default_factory=list)

    def day(self, index: int) -> date:
        return self.days[index]


def brief_calendar() -> tuple[date, set[date]]:
    """The data date and the site's holidays, as the brief states them."""
    text = (WORKSPACE / "BRIEF.md").read_text(encoding="utf-8")
    holidays = {date.fromisoformat(d) for d in re.findall(r"(\d{4}-\d{2}-\d{2}) \(", text)}
    month_day = re.search(r"data date is \*\*\w+, (\w+ \d{2}, \d{4})\*\*", text).group(1)
    from datetime import datetime
    return datetime.strptime(month_day, "%B %d, %Y").date(), holidays


def report_texts() -> dict[str, str]:
    """Each site report's text (Word paragraphs and table cells, PDF pages)."""
    texts = {}
    for path in sorted(INPUTS.glob("site_report_*")):
        if path.suffix == ".docx":
            document = docx.Document(str(path))
            texts[path.name] = "\n".join(p.text for p in document.paragraphs)
        elif path.suffix == ".pdf":
            texts[path.name] = "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(str(path)).pages)
    return texts


def last_month() -> dict[str, tuple[bool, str]]:
    """Last month's filed status, when the workspace has one: ``{CO number: (in budget, note)}``."""
    found: dict[str, tuple[bool, str]] = {}
    for path in sorted(INPUTS.glob("project_status_*.xlsx")):
        sheet = openpyxl.load_workbook(path, data_only=True)["Change Orders"]
        header = [c.value for c in sheet[1]]
        for row in sheet.iter_rows(min_row=2, values_only=True):
            record = dict(zip(header, row, strict=False))
            found[record["CO Number"]] = (record["In Budget"] == "Yes", record.get("Note") or "")
    return found


def cpm(rows: list[dict], durations: dict[str, int]) -> dict[str, dict]:
    """Early and late dates as 0-based working-day indices, total float in working days."""
    net: dict[str, dict] = {}
    preds = {r["task_id"]: [p for p in r["predecessors"].split(";") if p] for r in rows}
    for r in rows:  # the export lists every activity after its predecessors
        t = r["task_id"]
        es = max((net[p]["ef"] + 1 for p in preds[t]), default=0)
        net[t] = {"es": es, "ef": es + durations[t] - 1}
    finish = max(n["ef"] for n in net.values())
    succ: dict[str, list[str]] = {t: [] for t in net}
    for t, ps in preds.items():
        for p in ps:
            succ[p].append(t)
    for r in reversed(rows):
        t = r["task_id"]
        lf = min((net[s]["ls"] - 1 for s in succ[t]), default=finish)
        net[t].update(lf=lf, ls=lf - durations[t] + 1, tf=lf - net[t]["ef"])
    return net


def compute(variant: str = "reference") -> Status:
    """The whole status. Variants: ``counts_duplicate`` (budgets every approved log row), ``flags_same_location``
    (takes a second change on the same activity by the same trade for a duplicate), ``ignores_site_delays`` (the
    export's durations only), ``eac_bac_over_cpi`` (EAC = BAC / CPI)."""
    data_date, holidays = brief_calendar()
    with open(INPUTS / "schedule_export.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    start = date.fromisoformat(rows[0]["baseline_start"])
    days, d = [], start
    while len(days) < 600:
        if d.weekday() < 5 and d not in holidays:
            days.append(d)
        d += timedelta(days=1)
    index = {day: i for i, day in enumerate(days)}
    base = {r["task_id"]: int(r["duration_wd"]) for r in rows}
    extensions: dict[str, int] = {}
    if variant != "ignores_site_delays":
        for text in report_texts().values():
            for task_id, n in EXTENSION.findall(" ".join(text.split())):
                extensions[task_id] = extensions.get(task_id, 0) + int(n)
    durations = {t: base[t] + extensions.get(t, 0) for t in base}
    net = cpm(rows, durations)
    baseline = cpm(rows, base)
    critical = sorted((t for t, n in net.items() if n["tf"] == 0), key=lambda t: net[t]["es"])

    wb = openpyxl.load_workbook(INPUTS / "change_order_log.xlsx", data_only=True)
    sheet = wb.worksheets[0]
    header = [c.value for c in sheet[1]]
    cos = [dict(zip(header, r, strict=False)) for r in sheet.iter_rows(min_row=2, values_only=True) if r[0]]
    seen_si: dict[str, str] = {}
    seen_place: dict[tuple[str, str], str] = {}
    excluded = []
    notes: list[str] = []
    for co in cos:
        co["in_budget"] = co["Status"] == "Approved"
        if not co["in_budget"]:
            continue
        place = (co["Activity"], co["Trade contractor"])
        first = seen_si.get(co["Site instruction"])
        if variant == "counts_duplicate":
            first = None
        if variant in ("flags_same_location", "invents_issues"):
            first = first or seen_place.get(place)
        seen_si.setdefault(co["Site instruction"], co["CO number"])
        seen_place.setdefault(place, co["CO number"])
        if first:
            co["in_budget"] = False
            co["duplicate_of"] = first
            excluded.append(co)
    prior = last_month()
    if variant == "copies_last_month":  # last month's flags where it lists the change order
        for co in cos:
            if co["CO number"] in prior:
                co["in_budget"], note = prior[co["CO number"]]
                if not co["in_budget"] and co["Status"] == "Approved" and co not in excluded:
                    co["duplicate_of"] = note.split()[2] if note.startswith("duplicate of") else "last month"
                    excluded.append(co)
                elif co["in_budget"] and co in excluded:
                    excluded.remove(co)
    budget = {r["task_id"]: Decimal(r["budget_cad"]) for r in rows}
    for co in cos:
        if co["in_budget"]:
            budget[co["Activity"]] += Decimal(str(co["Amount (CAD)"])).quantize(Decimal("0.01"))
    planned = {}
    status_index = index[data_date]
    for r in rows:
        b_start, b_finish = index[date.fromisoformat(r["baseline_start"])], index[date.fromisoformat(r["baseline_finish"])]
        span = b_finish - b_start + 1
        planned[r["task_id"]] = Decimal(min(max(status_index - b_start + 1, 0), span)) / Decimal(span)
    for co in cos:  # where last month's filed status disagrees with the records, say so
        if co["CO number"] in prior and prior[co["CO number"]][0] != co["in_budget"] and variant == "reference":
            notes.append(f"Last month's status had {co['CO number']} {'in' if prior[co['CO number']][0] else 'out of'} "
                         f"the budget; on the records it is {'in' if co['in_budget'] else 'out'} this month.")
    s = Status(data_date, rows, durations, extensions, net, days, critical,
               days[max(n["ef"] for n in baseline.values())], days[max(n["ef"] for n in net.values())],
               cos, excluded, budget, planned, notes=notes)
    s.bac = sum(budget.values(), Decimal(0))
    s.pv = sum((budget[t] * planned[t] for t in budget), Decimal(0))
    s.ev = sum((budget[r["task_id"]] * Decimal(r["percent_complete"]) / 100 for r in rows), Decimal(0))
    s.ac = sum((Decimal(r["actual_cost_cad"]) for r in rows), Decimal(0))
    s.cpi, s.spi = s.ev / s.ac, s.ev / s.pv
    s.eac = s.bac / s.cpi if variant == "eac_bac_over_cpi" else s.ac + (s.bac - s.ev) / (s.cpi * s.spi)
    return s


def money(value: Decimal) -> str:
    return f"${value.quantize(Decimal('0.01')):,.2f}"


# ---------------------------------------------------------------------------------------------------- workbook
def write_workbook(s: Status, path: Path, *, typed: bool = False, eac_formula: str = "=B5+(B2-B4)/(B6*B7)",
                   extra_columns: bool = False, long_labels: bool = False,
                   totals_row: bool = False, summary_first: bool = False, path_separator: str = ", ") -> None:
    """project_status.xlsx with the brief's four sheets; PV and EV per row and every Summary figure except the
    dates and the path are formulas with their cached values (``typed``: the Summary's figures typed in instead)."""
    book = xlsxwriter.Workbook(str(path))
    bold = book.add_format({"bold": True})
    date_fmt = book.add_format({"num_format": "yyyy-mm-dd"})
    money_fmt = book.add_format({"num_format": "#,##0.00"})
    ratio_fmt = book.add_format({"num_format": "0.0000"})
    sheets = ["Summary", "Schedule", "Earned Value", "Change Orders"] if summary_first else \
        ["Schedule", "Earned Value", "Change Orders", "Summary"]
    ws = {name: book.add_worksheet(name) for name in sheets}

    sched = ws["Schedule"]
    cols = ["Task ID", *(["Task"] if extra_columns else []), "Duration", "Early Start", "Early Finish",
            "Late Start", "Late Finish", "Total Float", *(["Critical"] if extra_columns else [])]
    sched.write_row(0, 0, cols, bold)
    names = {r["task_id"]: r["task_name"] for r in s.rows}
    for i, r in enumerate(s.rows, 1):
        t = r["task_id"]
        n = s.net[t]
        values = [t, *([names[t]] if extra_columns else []), s.durations[t]]
        sched.write_row(i, 0, values)
        c = len(values)
        for k, key in enumerate(("es", "ef", "ls", "lf")):
            sched.write_datetime(i, c + k, _dt(s.day(n[key])), date_fmt)
        sched.write_number(i, c + 4, n["tf"])
        if extra_columns:
            sched.write(i, c + 5, "Yes" if n["tf"] == 0 else "")
    sched.set_column(0, len(cols), 13)

    evs = ws["Earned Value"]
    evs.write_row(0, 0, ["Task ID", "Budget", "Percent Complete", "Planned Percent", "PV", "EV", "AC"], bold)
    n_rows = len(s.rows)
    for i, r in enumerate(s.rows, 1):
        t = r["task_id"]
        budget, pct, plan = s.budget[t], Decimal(r["percent_complete"]), s.planned_pct[t] * 100
        evs.write(i, 0, t)
        evs.write_number(i, 1, float(budget), money_fmt)
        evs.write_number(i, 2, float(pct))
        evs.write_number(i, 3, float(plan))
        evs.write_formula(i, 4, f"=B{i + 1}*D{i + 1}/100", money_fmt, float(budget * plan / 100))
        evs.write_formula(i, 5, f"=B{i + 1}*C{i + 1}/100", money_fmt, float(budget * pct / 100))
        evs.write_number(i, 6, float(Decimal(r["actual_cost_cad"])), money_fmt)
    if totals_row:
        last = n_rows + 1
        evs.write(last, 0, "Total", bold)
        for col, letter, value in ((1, "B", s.bac), (4, "E", s.pv), (5, "F", s.ev), (6, "G", s.ac)):
            evs.write_formula(last, col, f"=SUM({letter}2:{letter}{n_rows + 1})", money_fmt, float(value))
    evs.set_column(0, 6, 15)

    cos = ws["Change Orders"]
    cos.write_row(0, 0, ["CO Number", "Task ID", "Amount", "Status", "In Budget",
                         *(["Note"] if extra_columns else [])], bold)
    for i, co in enumerate(s.cos, 1):
        note = ""
        if co in s.excluded:
            note = f"duplicate of {co['duplicate_of']} ({co['Site instruction']})"
        cos.write_row(i, 0, [co["CO number"], co["Activity"], co["Amount (CAD)"], co["Status"],
                             "Yes" if co["in_budget"] else "No", *([note] if extra_columns else [])])
    cos.set_column(0, 5, 14)

    summ = ws["Summary"]
    ev_range = f"2:{n_rows + 1}"
    rng = {k: f"'Earned Value'!{c}{ev_range.split(':')[0]}:{c}{ev_range.split(':')[1]}"
           for k, c in (("bac", "B"), ("pv", "E"), ("ev", "F"), ("ac", "G"))}
    summary = [("Data date", s.data_date, None), ("BAC", s.bac, f"=SUM({rng['bac']})"),
               ("PV", s.pv, f"=SUM({rng['pv']})"), ("EV", s.ev, f"=SUM({rng['ev']})"),
               ("AC", s.ac, f"=SUM({rng['ac']})"), ("CPI", s.cpi, "=B4/B5"), ("SPI", s.spi, "=B4/B3"),
               ("EAC", s.eac, eac_formula), ("Baseline finish", s.baseline_finish, None),
               ("Forecast finish", s.forecast_finish, None), ("Critical path", path_separator.join(s.critical), None)]
    longer = {"BAC": "Budget at completion (BAC)", "PV": "Planned value (PV)", "EV": "Earned value (EV)",
              "AC": "Actual cost (AC)", "CPI": "Cost performance index (CPI)", "SPI": "Schedule performance index (SPI)",
              "EAC": "Estimate at completion (EAC)", "Forecast finish": "Forecast finish (substantial completion)"}
    for i, (label, value, formula) in enumerate(summary):
        summ.write(i, 0, longer.get(label, label) if long_labels else label, bold)
        fmt = ratio_fmt if label in ("CPI", "SPI") else money_fmt
        if isinstance(value, date):
            summ.write_datetime(i, 1, _dt(value), date_fmt)
        elif formula and not typed:
            summ.write_formula(i, 1, formula, fmt, float(value))
        elif isinstance(value, Decimal):
            summ.write_number(i, 1, float(value), fmt)
        else:
            summ.write(i, 1, value)
    if s.notes and extra_columns:
        summ.write(len(summary) + 1, 0, "Notes: " + " ".join(s.notes))
    summ.set_column(0, 0, 18)
    summ.set_column(1, 1, 60)
    book.close()


def _dt(day: date):
    from datetime import datetime
    return datetime(day.year, day.month, day.day)


# ---------------------------------------------------------------------------------------------------- memo
def memo_facts(s: Status) -> dict[str, str]:
    """The sentences every memo style builds on."""
    names = {r["task_id"]: r["task_name"] for r in s.rows}
    movers = [t for t in s.extensions if s.net[t]["tf"] == 0]
    absorbed = [t for t in s.extensions if s.net[t]["tf"] > 0]
    slip = (f"The site also reported {s.extensions[absorbed[0]]} more working days on {names[absorbed[0]]} "
            f"({absorbed[0]}); it keeps {s.net[absorbed[0]]['tf']} working days of float, so it does not move the "
            "finish.") if absorbed else ""
    delay = (f"The site reported {s.extensions[movers[0]]} more working days on {names[movers[0]]} "
             f"({movers[0]}), which is now on the critical path.") if movers else \
        "No reported delay moves the critical path."
    dup = ""
    if s.excluded:
        dup = " ".join(f"{co['CO number']} is a duplicate of {co['duplicate_of']}: the same change "
                       f"({co['Site instruction']}, {money(Decimal(str(co['Amount (CAD)'])))}), so it is excluded "
                       "from the budget." for co in s.excluded)
    return {"delay": delay, "slip": slip, "dup": dup,
            "path": " - ".join(s.critical), "names": names}


def write_memo(s: Status, path: Path, style: str = "reference") -> None:
    """status_memo.docx: cost, schedule, the critical path and the excluded change order."""
    f = memo_facts(s)
    document = docx.Document()
    document.add_heading(f"Status memo - data date {s.data_date:%B %d, %Y}", level=1)
    document.add_paragraph(
        f"Cost: CPI is {s.cpi:.2f} and SPI is {s.spi:.2f}. Earned value is {money(s.ev)} against planned value of "
        f"{money(s.pv)} and actual cost of {money(s.ac)}. The estimate at completion is {money(s.eac)} against a "
        f"budget at completion of {money(s.bac)}.")
    document.add_heading("Schedule", level=2)
    document.add_paragraph(
        f"The forecast finish is {s.forecast_finish:%B %d, %Y}, against the baseline finish of "
        f"{s.baseline_finish:%B %d, %Y}. {f['delay']} {f['slip']}")
    document.add_paragraph(f"Critical path: {f['path']}.")
    document.add_heading("Change orders", level=2)
    document.add_paragraph(f["dup"] or "Every approved change order is in the log once and is in the budget; "
                                       "nothing was excluded.")
    document.save(str(path))


# ---------------------------------------------------------------------------------------------------- portal
def return_values(s: Status) -> dict[str, str]:
    """The Monthly status return's values by field name."""
    return {"status_date": s.data_date.isoformat(), "bac": f"{s.bac:.2f}", "pv": f"{s.pv:.2f}", "ev": f"{s.ev:.2f}",
            "ac": f"{s.ac:.2f}", "cpi": f"{s.cpi:.4f}", "spi": f"{s.spi:.4f}", "eac": f"{s.eac:.2f}",
            "forecast_finish": s.forecast_finish.isoformat(), "critical_path": ", ".join(s.critical),
            "excluded_change_order": ", ".join(c["CO number"] for c in s.excluded) or "none",
            "comment": "Monthly status return"}


def submit_return(url: str, values: dict[str, str]) -> None:
    """Sign in with portal_credentials.json and post the return to /forms/status_return."""
    credentials = json.loads((WORKSPACE / "portal_credentials.json").read_text(encoding="utf-8"))
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    login = urllib.parse.urlencode({"username": credentials["username"], "password": credentials["password"]})
    with opener.open(f"{url}/login", data=login.encode(), timeout=30) as response:
        if urllib.parse.urlsplit(response.url).path == "/login":
            raise SystemExit("portal login failed")
    with opener.open(f"{url}/forms/status_return", data=urllib.parse.urlencode(values).encode(), timeout=30) as response:
        if "submitted=" not in response.url:
            raise SystemExit("portal refused the status return")


def write_completion(s: Status, summary: str, questions: list[str] | None = None) -> None:
    """out/COMPLETION.json: the duplicate and the delay that moves the finish under issues_found (none when the
    records are clean); ``questions`` make it a needs_clarification."""
    f = memo_facts(s)
    movers = [t for t in s.extensions if s.net[t]["tf"] == 0]
    issues = [x for x in (f["dup"], f["delay"] if movers else "", *s.notes) if x]
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if questions else "completed", "summary": summary,
        "deliverables": ["project_status.xlsx", "status_memo.docx", "COMPLETION.json"],
        "assumptions": [], "questions": questions or [], "issues_found": issues}, indent=2), encoding="utf-8")
