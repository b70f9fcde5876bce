"""BI-01 reference solution and its plausible wrong variants (`--variant NAME`, solutions.json).

Runs as an ordinary worker: its working directory is the workspace (task.json, BRIEF.md, inputs/), WP42_OUT names
out/, and it never reads the oracle. The analysis (:func:`analyse`) is shared with alternatives.py, which presents
the same answer the way other analysts would.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

WORKSPACE = Path.cwd()
OUT = Path(os.environ.get("WP42_OUT", "out"))
WORKBOOK = "comp_sales_dashboard.xlsx"
CHART = "comp_growth_by_region.png"
STORE_HEADERS = ["Store ID", "Store", "Region", "Comparable", "Sales FY2025", "Sales FY2024", "Growth %"]
REGION_HEADERS = ["Region", "Comp stores", "Comp sales FY2025", "Comp sales FY2024", "Comp growth %"]
WEEK_HEADERS = ["Department", "Week 1", "Week 2", "Week 3", "Week 4", "Period total"]
PROMO_HEADERS = ["Promo ID", "Department", "Week start", "Planned sales", "Actual sales", "Variance", "Variance %"]
#: A planner's note that a promotion ran in another week than its row gives ("Moved to the week of 4/14 ...").
MOVED_TO = re.compile(r"\bmoved\s+to\s+(?:the\s+)?week\s+of\s+(\d{1,2})/(\d{1,2})\b", re.IGNORECASE)
#: What reads the plan's cell notes: the plan's path -> ``{promo id: the notes on its row, joined}``.
NoteReader = Callable[[Path], dict[str, str]]
#: What a note says of a promotion's week: ``(note, week its row shows, {week start: its department's sales})`` ->
#: the week it ran instead, or None when the note moves nothing.
NoteReading = Callable[[str, date, dict[date, Decimal]], "date | None"]


@dataclass
class Analysis:
    """Everything the deliverables say, computed from the inputs."""

    ty_start: date
    ly_start: date
    stores: list[dict] = field(default_factory=list)  # store_id, name, region, comparable, ty, ly, why
    regions: list[str] = field(default_factory=list)
    departments: list[str] = field(default_factory=list)
    dept_week: dict[str, list[Decimal]] = field(default_factory=dict)
    promos: list[dict] = field(default_factory=list)  # promo_id, department, week, planned, actual or None, weeks
    duplicate_dates: list[str] = field(default_factory=list)
    conflicts: list[dict] = field(default_factory=list)
    moved: list[dict] = field(default_factory=list)  # promotions a planner's note moves off the week their row shows


def _ics_events(path: Path) -> list[dict]:
    import icalendar

    cal = icalendar.Calendar.from_ical(path.read_bytes())
    return [{"summary": str(e.get("summary")), "description": str(e.get("description", "")),
             "start": e.decoded("dtstart"), "end": e.decoded("dtend")} for e in cal.walk("VEVENT")]


def analyse(workspace: Path, *, dedupe: bool = True, one_load_per_day: bool = False,
            refit_counts: bool = False, threshold_strict: bool = False, this_year_only: bool = False,
            read_notes: bool = True, notes: NoteReader | None = None, reading: NoteReading | None = None) -> Analysis:
    """Read the mart, the calendar and the plan and compute the dashboard. The keyword switches are the wrong
    variants' mistakes: keep the doubled day, keep one load per day, ignore refit closures, exclude a store that
    opened on the first day of last year's period, look for doubled days and closures in this year's period only,
    read the plan's cell values without its notes (``read_notes`` False). ``notes`` and ``reading`` default to the
    reference's (:func:`plan_notes`, :func:`noted_week`); the alternatives pass their own."""
    inputs = workspace / "inputs"
    db = sqlite3.connect(f"file:{inputs / 'orchard_sales_mart.sqlite'}?mode=ro", uri=True)
    cal = db.execute("SELECT date_key, fiscal_year, week_of_period FROM fiscal_calendar").fetchall()
    ty_days = sorted(date.fromisoformat(d) for d, y, _w in cal if y == 2025)
    ly_days = sorted(date.fromisoformat(d) for d, y, _w in cal if y == 2024)
    week_of = {d: w for d, y, w in cal if y == 2025}
    result = Analysis(ty_start=ty_days[0], ly_start=ly_days[0])

    loads = {lid: day for lid, day in db.execute("SELECT load_id, business_date FROM load_log WHERE status = 'COMPLETE'")}
    keep_load: dict[str, int] = {}
    if one_load_per_day:
        for lid, day in sorted(loads.items()):
            keep_load.setdefault(day, lid)
    seen: set[tuple] = set()
    set_ty = set(ty_days)
    doubled: set[str] = set()
    sales: dict[tuple[str, str, str], Decimal] = {}
    for lid, day, store, dept, amount in db.execute(
            "SELECT load_id, business_date, store_id, dept_id, net_sales_usd FROM daily_sales ORDER BY load_id"):
        if lid not in loads or (one_load_per_day and keep_load.get(day) != lid):
            continue
        key = (day, store, dept)
        value = Decimal(str(amount))
        if key in seen and not (this_year_only and date.fromisoformat(day) not in set_ty):
            doubled.add(day)
            if dedupe:
                continue
            sales[key] += value
        elif key in seen:
            sales[key] += value
        else:
            seen.add(key)
            sales[key] = value
    result.duplicate_dates = sorted(doubled) if dedupe else []

    closures: dict[str, list[tuple[date, date]]] = defaultdict(list)
    for event in _ics_events(inputs / "store_operations_calendar.ics"):
        if "refit" in event["summary"].lower() and not refit_counts:
            match = re.search(r"\bS\d{3}\b", event["description"])
            if match:
                closures[match.group(0)].append((event["start"], event["end"] - timedelta(days=1)))
    both = set(ty_days) if this_year_only else set(ty_days) | set(ly_days)
    ty_keys, ly_keys = {d.isoformat() for d in ty_days}, {d.isoformat() for d in ly_days}
    depts = dict(db.execute("SELECT dept_id, dept_name FROM departments ORDER BY dept_id"))
    result.departments = list(depts.values())
    for sid, name, region, opened in db.execute(
            "SELECT store_id, store_name, region, open_date FROM stores ORDER BY store_id"):
        opened = date.fromisoformat(opened)
        closed = any(first <= d <= last for first, last in closures[sid] for d in both)
        late = opened >= result.ly_start if threshold_strict else opened > result.ly_start
        ty = sum((v for (d, s, _p), v in sales.items() if s == sid and d in ty_keys), Decimal(0))
        ly = sum((v for (d, s, _p), v in sales.items() if s == sid and d in ly_keys), Decimal(0))
        why = "refit closure in the period" if closed else ("opened after last year's period began" if late else "")
        result.stores.append({"store_id": sid, "name": name, "region": region, "comparable": not (closed or late),
                              "ty": ty, "ly": ly, "why": why})
        if region not in result.regions:
            result.regions.append(region)
    for dept_id, dept in depts.items():
        weeks = [Decimal(0)] * 4
        for (d, _s, p), v in sales.items():
            if p == dept_id and d in week_of:
                weeks[week_of[d] - 1] += v
        result.dept_week[dept] = weeks

    result.promos, result.conflicts = read_plan(inputs, sales, depts, (notes or plan_notes) if read_notes else None,
                                                reading or noted_week)
    result.moved = [p for p in result.promos if p.get("plan_week")]
    return result


def plan_notes(path: Path) -> dict[str, str]:
    """The plan's cell notes by promotion, read as Excel shows them: openpyxl's ``cell.comment`` on every cell of
    each promotion's row (a read-only workbook carries no comments, so the workbook is opened in full)."""
    from openpyxl import load_workbook

    sheet = load_workbook(path).worksheets[0]
    found: dict[str, list[str]] = defaultdict(list)
    for row in sheet.iter_rows():
        for cell in row:
            if cell.comment is not None and row[0].value:
                found[str(row[0].value)].append(cell.comment.text)
    return {promo: "\n".join(texts) for promo, texts in found.items()}


def noted_week(note: str, shown: date, _sales: dict[date, Decimal]) -> date | None:
    """The week a planner's note says a promotion ran instead of ``shown`` (:data:`MOVED_TO`: "Moved to the week of
    4/14"), or None when it moves nothing: no such words, or a move the row already shows ("Moved from the week of
    3/31: ... dates re-keyed")."""
    match = MOVED_TO.search(note)
    if not match:
        return None
    week = date(shown.year, int(match.group(1)), int(match.group(2)))
    return None if week == shown else week


def read_plan(inputs: Path, sales: dict, depts: dict[str, str], notes: NoteReader | None = plan_notes,
              reading: NoteReading = noted_week) -> tuple[list[dict], list[dict]]:
    """Promotions of the plan with their week's department sales; a promotion listed under two weeks is a conflict
    (its actual is left out). A promotion listed once whose note (``notes``, read by ``reading``) says it ran in
    another week takes that week (``plan_week`` keeps the row's); with ``notes`` None the notes are not read."""
    from openpyxl import load_workbook

    path = next(inputs.glob("promo_plan_*.xlsx"))
    sheet = load_workbook(path, read_only=True).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    header_at = next(i for i, r in enumerate(rows) if r and r[0] == "Promo ID")
    header = list(rows[header_at])
    by_id: dict[str, dict] = {}
    for r in rows[header_at + 1:]:
        if not r or not r[0]:
            continue
        rec = dict(zip(header, r, strict=False))
        week = rec["Week start"].date() if hasattr(rec["Week start"], "date") else rec["Week start"]
        entry = by_id.setdefault(rec["Promo ID"], {"promo_id": rec["Promo ID"], "department": rec["Department"],
                                                   "planned": Decimal(str(rec["Planned dept sales (USD)"])),
                                                   "weeks": []})
        entry["weeks"].append(week)
    dept_id = {name: i for i, name in depts.items()}
    noted = notes(path) if notes is not None else {}

    def week_sales(dept: str, week: date) -> Decimal:
        days = {(week + timedelta(days=i)).isoformat() for i in range(7)}
        return sum((v for (d, _s, p), v in sales.items() if p == dept_id[dept] and d in days), Decimal(0))

    promos, conflicts = [], []
    for entry in by_id.values():
        entry["week"] = min(entry["weeks"])
        if len(set(entry["weeks"])) > 1:
            entry["actual"] = None
            conflicts.append(entry)
        else:
            if entry["promo_id"] in noted:
                mondays = sorted({date.fromisoformat(d) - timedelta(days=date.fromisoformat(d).weekday())
                                  for d, _s, _p in sales})
                weekly = {w: week_sales(entry["department"], w) for w in mondays}
                moved = reading(noted[entry["promo_id"]], entry["week"], weekly)
                if moved is not None:
                    entry["plan_week"], entry["week"] = entry["week"], moved
                    entry["note"] = noted[entry["promo_id"]]
            entry["actual"] = week_sales(entry["department"], entry["week"])
        promos.append(entry)
    return promos, conflicts


def write_workbook(a: Analysis, path: Path, *, typed: bool = False, mean_growth: bool = False,
                   guess_promo: bool = False) -> None:
    """The dashboard in the brief's template, with live formulas (``typed`` writes the computed numbers instead;
    ``mean_growth`` averages store growth rates; ``guess_promo`` fills a conflicting promotion from its first
    listed week)."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Store Comp"
    ws.append(STORE_HEADERS)
    for i, s in enumerate(a.stores, start=2):
        growth = None
        if s["comparable"]:
            growth = float(s["ty"] / s["ly"] - 1) if typed else f"=E{i}/F{i}-1"
        ws.append([s["store_id"], s["name"], s["region"], "Yes" if s["comparable"] else "No", float(s["ty"]),
                   float(s["ly"]), growth])
        ws[f"G{i}"].number_format = "0.00%"
    last = len(a.stores) + 1
    rs = wb.create_sheet("Region Summary")
    rs.append(REGION_HEADERS)
    for i, region in enumerate([*a.regions, "Chain"], start=2):
        members = [s for s in a.stores if s["comparable"] and (region == "Chain" or s["region"] == region)]
        crit = "" if region == "Chain" else f"'Store Comp'!$C$2:$C${last},A{i},"
        if typed:
            ty, ly = sum(s["ty"] for s in members), sum(s["ly"] for s in members)
            row = [region, len(members), float(ty), float(ly), float(ty / ly - 1)]
        else:
            count = f"=COUNTIFS({crit}'Store Comp'!$D$2:$D${last},\"Yes\")"
            ty = f"=SUMIFS('Store Comp'!$E$2:$E${last},{crit}'Store Comp'!$D$2:$D${last},\"Yes\")"
            ly = f"=SUMIFS('Store Comp'!$F$2:$F${last},{crit}'Store Comp'!$D$2:$D${last},\"Yes\")"
            growth = f"=C{i}/D{i}-1"
            if mean_growth:
                growth = f"=AVERAGEIFS('Store Comp'!$G$2:$G${last},{crit}'Store Comp'!$D$2:$D${last},\"Yes\")"
            row = [region, count, ty, ly, growth]
        rs.append(row)
        rs[f"E{i}"].number_format = "0.00%"
    write_dept_week(wb, a, total="typed" if typed else "=SUM(B{i}:E{i})")
    pc = wb.create_sheet("Promo Check")
    pc.append(PROMO_HEADERS)
    for i, p in enumerate(a.promos, start=2):
        actual = p["actual"]
        if actual is None and guess_promo:
            actual = p["guess"]
        variance = variance_pct = None
        if actual is not None:
            variance = float(actual - p["planned"]) if typed else f"=E{i}-D{i}"
            variance_pct = float((actual - p["planned"]) / p["planned"]) if typed else f"=F{i}/D{i}"
        pc.append([p["promo_id"], p["department"], p["week"], float(p["planned"]),
                   None if actual is None else float(actual), variance, variance_pct])
        pc[f"C{i}"].number_format = "mm/dd/yyyy"
        pc[f"G{i}"].number_format = "0.0%"
    wb.save(path)


def write_dept_week(wb, a: Analysis, *, total: str = "=SUM(B{i}:E{i})", label=str) -> Any:
    """The Dept Week sheet: one row per department (named by ``label``), the four weeks' sales and the period
    total as the formula template ``total`` (``{i}`` is the row; "typed" writes the number). Returns the sheet."""
    dw = wb.create_sheet("Dept Week")
    dw.append(WEEK_HEADERS)
    for i, dept in enumerate(a.departments, start=2):
        weeks = a.dept_week[dept]
        dw.append([label(dept), *map(float, weeks), float(sum(weeks)) if total == "typed" else total.format(i=i)])
    return dw


def draw_chart(a: Analysis, path: Path, *, blank: bool = False) -> None:
    """A bar chart of comp growth by region and for the chain (the Region Summary figures)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [*a.regions, "Chain"]
    values = [float(region_growth(a, r)) * 100 for r in labels]
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    if not blank:
        bars = ax.bar(labels, values, color=["#4c7a3d"] * len(a.regions) + ["#1f3b57"])
        ax.bar_label(bars, labels=[f"{v:.1f}%" for v in values])
        ax.set_ylabel("Comp growth vs last year (%)")
        ax.set_title("Comparable-store sales growth by region")
    else:
        ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def region_growth(a: Analysis, region: str) -> Decimal:
    members = [s for s in a.stores if s["comparable"] and (region == "Chain" or s["region"] == region)]
    return sum(s["ty"] for s in members) / sum(s["ly"] for s in members) - 1


def write_completion(a: Analysis, deliverables: list[str], *, ask: bool = True, report_duplicates: bool = True,
                     summary: str = "") -> None:
    """out/COMPLETION.json: needs_clarification with one question per conflicting promotion (when ``ask``), the
    doubled business dates in issues_found."""
    questions = [f"Promotion {c['promo_id']} ({c['department']}) is listed in the plan twice, for the week starting "
                 f"{c['weeks'][0]:%m/%d/%Y} and the week starting {c['weeks'][1]:%m/%d/%Y}, both approved. Which week "
                 "did it run? I have left its actual sales and variance out until you confirm."
                 for c in a.conflicts] if ask else []
    issues = [f"Business date {d} was loaded twice (two complete loads of the same POS file); every row for that "
              "day was counted once." for d in a.duplicate_dates] if report_duplicates else []
    issues += [f"Promotion {p['promo_id']} ({p['department']}): the plan's row still gives the week starting "
               f"{p['plan_week']:%m/%d/%Y}, but the planner's note on it says it was moved to the week starting "
               f"{p['week']:%m/%d/%Y}; Promo Check compares it with its department's sales in that week."
               for p in a.moved]
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if questions else "completed",
        "summary": summary or "Comp sales dashboard and chart built for the period; one promotion's week needs "
                              "confirming before its variance can be shown.",
        "deliverables": deliverables + ["COMPLETION.json"], "assumptions": [
            "Comparable = traded every day of both periods; refit closures taken from Store Operations' calendar."],
        "questions": questions, "issues_found": issues}, indent=2), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="reference")
    variant = parser.parse_args().variant
    a = analyse(WORKSPACE, dedupe=variant != "keeps_duplicate_load",
                one_load_per_day=variant == "drops_split_load", refit_counts=variant == "includes_refit_store",
                threshold_strict=variant == "excludes_threshold_store", this_year_only=variant == "this_year_only",
                read_notes=variant != "values_only")
    guess = variant == "guesses_promo_week"
    for p in a.promos:  # the guess: the first week the plan lists for a conflicting promotion
        if p["actual"] is None:
            p["guess"] = a.dept_week[p["department"]][(p["week"] - a.ty_start).days // 7]
    OUT.mkdir(parents=True, exist_ok=True)
    write_workbook(a, OUT / WORKBOOK, typed=variant == "typed_values", mean_growth=variant == "average_of_growth_rates",
                   guess_promo=guess)
    draw_chart(a, OUT / CHART, blank=variant == "blank_chart")
    write_completion(a, [WORKBOOK, CHART], ask=not guess)
    if variant in ("invents_issues", "asks_needless_question"):  # coverage-set mistakes: a problem not in the records
        completion = json.loads((OUT / "COMPLETION.json").read_text(encoding="utf-8"))
        split = _two_load_days(WORKSPACE)
        if variant == "invents_issues":
            completion["issues_found"] += [f"Business date {d} was loaded twice (two loads in load_log); the second "
                                           "load was kept." for d in split]
        else:
            completion["status"] = "needs_clarification"
            completion["questions"] = ["Should stores closed for a refit be left in the comp base? Please confirm "
                                       "before I finalise."]
        (OUT / "COMPLETION.json").write_text(json.dumps(completion, indent=2), encoding="utf-8")


def _two_load_days(workspace: Path) -> list[str]:
    """Business dates with more than one load in the load log (genuine or not)."""
    db = sqlite3.connect(f"file:{workspace / 'inputs' / 'orchard_sales_mart.sqlite'}?mode=ro", uri=True)
    return [d for (d,) in db.execute("SELECT business_date FROM load_log GROUP BY business_date HAVING COUNT(*) > 1")]


if __name__ == "__main__":
    main()
