"""ECON-01 worker: the Monitor's monthly update as a careful economist compiles it, reading only the workspace.

Runs as an ordinary worker: its working directory is the workspace (task.json, BRIEF.md, inputs/), WP42_OUT names
out/, and it never reads the oracle. ``--variant`` produces the plausible wrong solutions the evaluator must reject
(solutions.json): carries_forward, ignores_unit_change, misses_revision, office_base, contribution_by_growth
(challenge set), invents_issues and asks_needless_question (coverage set), headline_revisions_only and
substitutes_sector (hard level). The reference is never told the set: it
takes every figure from the new release, rebases to 2020 = 100, compares the previous release with the new one in
the same unit and lists what changed, reports leisure and hospitality earnings when the release has them and
otherwise leaves the line empty and asks how to handle it. Imports only
installed packages (openpyxl, python-docx, pypdf, matplotlib).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

WORKSPACE = Path.cwd()
OUT = Path(os.environ.get("WP42_OUT", "out"))
VARIANTS = ("reference", "carries_forward", "ignores_unit_change", "misses_revision", "office_base",
            "contribution_by_growth", "invents_issues", "asks_needless_question", "headline_revisions_only",
            "substitutes_sector")
WORKBOOK, NOTE, CHART = "monitor_update.xlsx", "monitor_note.docx", "inflation_vs_pay.png"
ALL, AHE, LH, EMP = "TRCPI-ALL", "TRAHE-PRV", "TRAHE-LH", "TREMP-NF"
LH_TITLE = "Average hourly earnings, leisure and hospitality"
#: The Pay and jobs lines in the brief's order (the labels themselves are read from BRIEF.md: :func:`pay_labels`).
PAY_KEYS = ("ahe", "ahe_yoy", "real_ahe_yoy", "lh", "lh_yoy", "employment", "employment_change")
CHART_HEADERS = ["Month", "CPI all items: year-on-year change (%)", "Average hourly earnings: year-on-year change (%)"]


def pay_labels() -> dict[str, str]:
    """The brief's Pay and jobs labels (the backticked list under "Pay and jobs"), keyed by :data:`PAY_KEYS`."""
    text = (WORKSPACE / "BRIEF.md").read_text(encoding="utf-8")
    block = text[text.index("**Pay and jobs**"):text.index("**Revisions**")]
    labels = re.findall(r"^\s*- `([^`]+)`", block, flags=re.M)
    return dict(zip(PAY_KEYS, labels, strict=True))


def r(value: Decimal, places: int = 2) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def shift(period: str, months: int) -> str:
    y, m = map(int, period.split("-"))
    index = y * 12 + m - 1 + months
    return f"{index // 12}-{index % 12 + 1:02d}"


def month_name(period: str) -> str:
    return date.fromisoformat(period + "-01").strftime("%B %Y")


@dataclass
class Monitor:
    """Everything the deliverables show, computed from the inputs."""

    latest: str
    titles: dict[str, str]
    components: list[str]
    weights: dict[str, Decimal]
    indices: dict[str, dict[str, Decimal | None]]
    pay: dict[str, Decimal | None]
    chart: list[tuple[str, Decimal, Decimal]]
    revisions: list[tuple[str, str, Decimal, Decimal, Decimal]]
    units: dict[str, tuple[str, str]] = field(default_factory=dict)
    discontinued: list[str] = field(default_factory=list)
    prior_lh: tuple[Decimal, Decimal] | None = None


def read_release(path: Path) -> tuple[dict[str, dict[str, Decimal]], dict[str, str], dict[str, str]]:
    """``({series id: {period: value}}, {id: title}, {id: unit})`` from the office's series file."""
    values: dict[str, dict[str, Decimal]] = {}
    titles, units = {}, {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            values.setdefault(row["series_id"], {})[row["period"]] = Decimal(row["value"])
            titles[row["series_id"]], units[row["series_id"]] = row["series_title"], row["unit"]
    return values, titles, units


def read_weights(path: Path) -> dict[str, Decimal]:
    """Relative importance by series id from the release notice's table (id, component, weight on three lines)."""
    lines = [ln.strip() for page in PdfReader(str(path)).pages for ln in (page.extract_text() or "").splitlines()]
    return {line: Decimal(lines[i + 2]) for i, line in enumerate(lines) if re.fullmatch(r"TRCPI-[A-Z]+", line)}


def read_prior(path: Path, titles: dict[str, str]) -> tuple[dict[str, dict[str, Decimal]], dict[str, str]]:
    """The previous release from our workbook's Release data sheet: ``({series id: {period: value}}, {id: unit})``;
    columns are matched to series by title, the unit read from the header's bracket."""
    sheet = openpyxl.load_workbook(path, data_only=True)["Release data"]
    rows = list(sheet.iter_rows(values_only=True))
    by_title = {title.lower(): sid for sid, title in titles.items()}
    by_title[LH_TITLE.lower()] = LH
    columns, units = {}, {}
    for index, header in enumerate(rows[0][1:], start=1):
        name, _, unit = str(header).partition(" (")
        sid = by_title.get(name.lower())
        if sid:
            columns[index], units[sid] = sid, unit.rstrip(")") or "index"
    prior: dict[str, dict[str, Decimal]] = {sid: {} for sid in columns.values()}
    for row in rows[1:]:
        for index, sid in columns.items():
            if row[index] is not None:
                prior[sid][str(row[0])] = Decimal(str(row[index]))
    return prior, units


def compile_monitor(variant: str = "reference") -> Monitor:
    """The Monitor's figures by the brief's house rules; ``variant`` changes one thing (solutions.json)."""
    inputs = WORKSPACE / "inputs"
    release, titles, units = read_release(next(inputs.glob("trso_prices_pay_*.csv")))
    weights = read_weights(next(inputs.glob("trso_release_notice_*.pdf")))
    prior, prior_units = read_prior(next(inputs.glob("monitor_data_*.xlsx")), titles)
    latest = max(release[ALL])
    year_ago = shift(latest, -12)
    components = [sid for sid in release if sid.startswith("TRCPI-") and sid != ALL]

    def yoy(series: dict[str, Decimal], period: str) -> Decimal:
        return (series[period] / series[shift(period, -12)] - 1) * 100

    indices: dict[str, dict[str, Decimal | None]] = {}
    for sid in [ALL, *components]:
        series = release[sid]
        base = sum(series[f"2020-{m:02d}"] for m in range(1, 13)) / 12
        rebased = series[latest] if variant == "office_base" else series[latest] / base * 100
        change = series[latest] - series[year_ago]
        if sid == ALL:
            contribution = None
        elif variant == "contribution_by_growth":
            contribution = weights[sid] * yoy(series, latest) / 100
        else:
            contribution = weights[sid] * change / release[ALL][year_ago]
        indices[sid] = {"index": r(rebased, 1), "yoy": r(yoy(series, latest)),
                        "contribution": None if contribution is None else r(contribution)}
    cpi, wage = yoy(release[ALL], latest), yoy(release[AHE], latest)
    # The new release gives employment in persons where our workbook has thousands (the unit column says so).
    per_thousand = Decimal(1) if variant == "ignores_unit_change" or units[EMP] != "Persons" else Decimal(1000)
    jobs = {p: v / per_thousand for p, v in release[EMP].items()}
    pay: dict[str, Decimal | None] = {
        "ahe": release[AHE][latest], "ahe_yoy": r(wage), "real_ahe_yoy": r(((1 + wage / 100) / (1 + cpi / 100) - 1) * 100),
        "lh": None, "lh_yoy": None,
        "employment": r(jobs[latest], 1), "employment_change": r(jobs[latest] - jobs[year_ago], 1)}
    if LH in release:
        pay["lh"], pay["lh_yoy"] = release[LH][latest], r(yoy(release[LH], latest))
    prior_lh = None
    if LH in prior:
        last = max(prior[LH])
        prior_lh = (prior[LH][last], r(yoy(prior[LH], last)))
    discontinued = [LH] if LH not in release else []
    substitute = next((s for s, t in titles.items() if "accommodation and food" in t.lower()), None)
    if variant == "substitutes_sector" and substitute:
        pay["lh"], pay["lh_yoy"] = release[substitute][latest], r(yoy(release[substitute], latest))
        discontinued = []
    if variant == "carries_forward" and prior_lh:
        pay["lh"], pay["lh_yoy"] = prior_lh
        discontinued = []
    chart = [(p, r(yoy(release[ALL], p)), r(yoy(release[AHE], p))) for p in
             [shift(latest, -k) for k in range(12, -1, -1)]]
    revisions = []
    if variant != "misses_revision":
        for sid, series in prior.items():
            if sid not in release or (variant == "headline_revisions_only" and sid not in (ALL, "TRCPI-SHEL")):
                continue
            scale = Decimal(1000) if prior_units.get(sid, "").lower().startswith("thousands") \
                and units[sid] == "Persons" and variant != "ignores_unit_change" else Decimal(1)
            # compared at the precision the earlier series was published (a whole number stored in the workbook
            # reads back without its decimals): a unit change is not a revision
            places = max(max(0, -int(old.normalize().as_tuple().exponent)) for old in series.values())
            for period, old in sorted(series.items()):
                new = release[sid].get(period)
                if new is None:
                    continue
                new_same_unit = r(new / scale, places)
                if new_same_unit != old:
                    revisions.append((titles[sid], period, old, new_same_unit, new_same_unit - old))
    return Monitor(latest=latest, titles={**titles, LH: LH_TITLE}, components=components, weights=weights,
                   indices=indices, pay=pay, chart=chart, revisions=revisions,
                   units={EMP: (prior_units.get(EMP, ""), units[EMP])}, discontinued=discontinued, prior_lh=prior_lh)


def write_workbook(m: Monitor, path: Path) -> None:
    """monitor_update.xlsx with the brief's four sheets, values only."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Indices"
    sheet.append(["Series", "Index (2020=100)", "Year-on-year change (%)", "Contribution (percentage points)"])
    for sid, row in m.indices.items():
        sheet.append([m.titles[sid], *(None if v is None else float(v) for v in row.values())])
    pay = book.create_sheet("Pay and jobs")
    for key, label in pay_labels().items():
        value = m.pay[key]
        pay.append([label, "Not published in this release" if value is None and key in ("lh", "lh_yoy")
                    else float(value)])
    revisions = book.create_sheet("Revisions")
    revisions.append(["Series", "Month", "Prior release", "New release", "Revision"])
    for series, period, old, new, change in m.revisions:
        revisions.append([series, period, float(old), float(new), float(change)])
    chart = book.create_sheet("Chart data")
    chart.append(CHART_HEADERS)
    for period, cpi, wage in m.chart:
        chart.append([period, float(cpi), float(wage)])
    for ws in book.worksheets:
        ws.column_dimensions["A"].width = 62 if ws.title == "Pay and jobs" else 28
    book.save(path)


def draw_chart(m: Monitor, path: Path, *, title: str = "", size: tuple[float, float] = (10, 5.6), dpi: int = 100
               ) -> None:
    """The Monitor's line chart of the Chart data table."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [date.fromisoformat(p + "-01").strftime("%b %y") for p, _, _ in m.chart]
    fig, ax = plt.subplots(figsize=size, dpi=dpi)
    ax.plot(labels, [float(c) for _, c, _ in m.chart], marker="o", label="CPI all items")
    ax.plot(labels, [float(w) for _, _, w in m.chart], marker="s", label="Average hourly earnings, total private")
    ax.set_title(title or f"Tidewater region: inflation and pay growth, year-on-year (%), to {month_name(m.latest)}")
    ax.set_ylabel("Year-on-year change (%)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def largest(m: Monitor, n: int = 2) -> list[str]:
    return sorted(m.components, key=lambda s: m.indices[s]["contribution"], reverse=True)[:n]


def write_note(m: Monitor, path: Path, variant: str) -> None:
    """monitor_note.docx: headline, drivers, pay, jobs, revisions, what we could not report."""
    d = docx.Document()
    month = month_name(m.latest)
    allx, pay = m.indices[ALL], m.pay
    d.add_heading(f"Tidewater Prices and Pay Monitor: {month}", level=1)
    d.add_heading("Inflation", level=2)
    first, second = largest(m)
    d.add_paragraph(f"Consumer prices in the Tidewater region rose {allx['yoy']}% in the year to {month} (all-items "
                    f"index {allx['index']}, 2020 = 100).")
    d.add_paragraph(f"{m.titles[first]} made the largest contribution, {m.indices[first]['contribution']} "
                    f"percentage points, followed by {m.titles[second]} at "
                    f"{m.indices[second]['contribution']} percentage points.")
    d.add_heading("Pay and jobs", level=2)
    d.add_paragraph(f"Average hourly earnings in the private sector were ${pay['ahe']} in {month}, up "
                    f"{pay['ahe_yoy']}% on a year earlier; in real terms, after inflation, they changed by "
                    f"{pay['real_ahe_yoy']}%.")
    d.add_paragraph(f"Nonfarm payroll employment was {pay['employment']:,} thousand, a change of "
                    f"{pay['employment_change']:,} thousand over the year.")
    d.add_heading("Revisions since last month", level=2)
    if variant == "invents_issues":
        d.add_paragraph(f"The office also revised the Food and beverages index for {month_name(shift(m.latest, -1))}; "
                        "our published figure for that month is superseded.")
    if m.revisions:
        revised = sorted({series for series, *_ in m.revisions})
        months = [month_name(p) for p in sorted({p for _, p, *_ in m.revisions})]
        d.add_paragraph(f"The office revised the {' and '.join(revised)} indices for {', '.join(months)}; the "
                        "Revisions sheet lists each change.")
    else:
        d.add_paragraph("The office did not revise any series we use.")
    prior_unit, new_unit = m.units[EMP]
    if variant != "ignores_unit_change" and new_unit == "Persons":
        d.add_paragraph(f"Payroll employment is now published in persons rather than {prior_unit.lower()}; the "
                        "figures are unchanged and are shown here in thousands.")
    if m.discontinued:
        d.add_heading("Not reported this month", level=2)
        d.add_paragraph(f"{LH_TITLE} is not published in the {month} release: the office is redesigning the "
                        "sector's survey sample. We have left the line empty rather than carry forward last "
                        "month's figure, and have asked how the Monitor should treat it.")
    elif m.pay["lh"] is not None and variant != "carries_forward":
        d.add_paragraph(f"Leisure and hospitality earnings were ${m.pay['lh']}, up {m.pay['lh_yoy']}% on a year "
                        "earlier.")
    elif variant == "carries_forward" and m.prior_lh:
        d.add_paragraph(f"Leisure and hospitality earnings were ${m.prior_lh[0]}, up {m.prior_lh[1]}% on a year "
                        "earlier.")
    d.save(str(path))


def write_completion(m: Monitor, deliverables: list[str], summary: str, variant: str = "reference") -> None:
    """out/COMPLETION.json with the six fields of benchmark/COMPLETION_SCHEMA.json."""
    questions = [f"{LH_TITLE} (series {LH}) is not published in the {month_name(m.latest)} release. Should the "
                 "Monitor drop the line this month, show it as not available, or replace it with another series?"
                 ] if m.discontinued else []
    if variant == "asks_needless_question":
        questions.append("The office now publishes employment in persons. Should the Monitor report persons, or "
                         "keep to thousands?")
    asked = bool(questions)
    issues = [f"{series} {period}: revised from {old} to {new}" for series, period, old, new, _ in m.revisions]
    if variant == "invents_issues":
        issues.append(f"Food and beverages {shift(m.latest, -1)}: revised by the office")
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if asked else "completed", "summary": summary,
        "deliverables": deliverables + ["COMPLETION.json"], "assumptions": [], "questions": questions,
        "issues_found": issues}, indent=2), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="reference", choices=VARIANTS)
    variant = parser.parse_args().variant
    OUT.mkdir(parents=True, exist_ok=True)
    m = compile_monitor(variant)
    write_workbook(m, OUT / WORKBOOK)
    draw_chart(m, OUT / CHART)
    write_note(m, OUT / NOTE, variant)
    write_completion(m, [WORKBOOK, CHART, NOTE], f"Monitor update for {month_name(m.latest)} compiled from the "
                     "office's new release." + (" One series is not published and needs a decision."
                                                if m.discontinued else ""), variant)


if __name__ == "__main__":
    main()
