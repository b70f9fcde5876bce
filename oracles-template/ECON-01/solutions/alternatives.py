"""ECON-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is correct work written the way a different professional would; the fair gate needs at least three and
every one must keep det_completion. Runs as an ordinary worker, like solve.py, and computes its figures with
solve.compile_monitor (the same reading of the inputs); only the presentation differs:

- ``tables``: a modeller's workbook: a Release sheet with the new release's values, Indices computed by live
  formulas (AVERAGE over 2020 for the base, percent-formatted changes, contributions from the weights), title rows
  above each table, extra columns, months as real dates, revisions by formula; a note built on tables.
- ``prose``: an editor's workbook of typed values with series written "CPI - Food & beverages", months as
  "Apr 2025", "n/a" in the leisure and hospitality lines; a note of dense paragraphs in UK spelling that says what
  was not done ("we have not carried forward March's figure").
- ``terse``: a briefing workbook with the revisions columns in another order and the leisure and hospitality lines
  left out altogether, the chart at a larger size with another title; a note of short bullets.
"""

from __future__ import annotations

import argparse
import json
import os
from datetime import date
from pathlib import Path

import docx
import openpyxl
import solve
from solve import ALL, LH, LH_TITLE, Monitor, month_name, pay_labels, shift

WORKSPACE = Path.cwd()
OUT = Path(os.environ["WP42_OUT"])


def as_date(period: str) -> date:
    return date.fromisoformat(period + "-01")


def revised_series(m: Monitor) -> str:
    """The revised series named in a sentence: "Shelter, Transportation services and All items"."""
    names = sorted({s for s, *_ in m.revisions}, key=lambda name: (name == "All items", name))
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def release_values() -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    values, titles, _ = solve.read_release(next((WORKSPACE / "inputs").glob("trso_prices_pay_*.csv")))
    return {s: {p: float(v) for p, v in series.items()} for s, series in values.items()}, titles


def tables_workbook(m: Monitor, path: Path) -> None:
    """Live formulas over a Release sheet: the evaluator computes them (no cached values are written)."""
    values, titles = release_values()
    series = [ALL, *m.components]
    periods = sorted(values[ALL])
    book = openpyxl.Workbook()
    release = book.active
    release.title = "Release"
    release.append(["Month", *[titles[s] for s in series]])
    for p in periods:
        release.append([as_date(p), *[values[s][p] for s in series]])
        release.cell(row=release.max_row, column=1).number_format = "mmm yyyy"
    latest_row = periods.index(m.latest) + 2
    ago_row = periods.index(shift(m.latest, -12)) + 2
    base_first, base_last = periods.index("2020-01") + 2, periods.index("2020-12") + 2

    indices = book.create_sheet("Indices", 0)
    indices.append([f"Tidewater CPI, {month_name(m.latest)}: indices rebased to 2020 = 100"])
    indices.append([])
    indices.append(["Series", "Weight (%)", "Index (2020=100)", "Index a year earlier (2020=100)",
                    "Year-on-year change (%)", "Contribution (percentage points)"])
    for i, sid in enumerate(series):
        col = openpyxl.utils.get_column_letter(i + 2)
        row = indices.max_row + 1
        base = f"AVERAGE(Release!{col}{base_first}:{col}{base_last})"
        indices.append([
            titles[sid], None if sid == ALL else float(m.weights[sid]),
            f"=Release!{col}{latest_row}/{base}*100", f"=Release!{col}{ago_row}/{base}*100",
            f"=Release!{col}{latest_row}/Release!{col}{ago_row}-1",
            None if sid == ALL else f"=B{row}*(Release!{col}{latest_row}-Release!{col}{ago_row})/Release!B{ago_row}"])
        indices[f"C{row}"].number_format = indices[f"D{row}"].number_format = "0.0"
        indices[f"E{row}"].number_format = "0.00%"
        indices[f"F{row}"].number_format = "0.00"
    pay = book.create_sheet("Pay and jobs", 1)
    for key, label in pay_labels().items():
        value = m.pay[key]
        pay.append([label, None if value is None else float(value), "TRSO release" if value is not None else
                    "Series not published by the office this month"])
    revisions = book.create_sheet("Revisions", 2)
    revisions.append(["Revisions to the series we use, previous release to this one"])
    revisions.append(["Series", "Month", "Prior release", "New release", "Revision", "Comment"])
    for series_title, period, old, new, _ in sorted(m.revisions, key=lambda r: (r[1], r[0])):
        row = revisions.max_row + 1
        revisions.append([series_title, as_date(period), float(old), float(new), f"=D{row}-C{row}",
                          "late rent survey returns" if series_title == "Shelter" else "follows from Shelter"])
        revisions[f"B{row}"].number_format = "mmm yyyy"
    chart = book.create_sheet("Chart data", 3)
    chart.append(solve.CHART_HEADERS)
    for period, cpi, wage in m.chart:
        chart.append([as_date(period), float(cpi) / 100, float(wage) / 100])
        chart[f"A{chart.max_row}"].number_format = "mmm-yy"
        chart[f"B{chart.max_row}"].number_format = chart[f"C{chart.max_row}"].number_format = "0.00%"
    book.save(path)


def typed_workbook(m: Monitor, path: Path, *, style: str) -> None:
    """Typed values: the prose style writes series and months another way; the terse style reorders columns and
    leaves the leisure and hospitality lines out."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Indices"
    sheet.append(["Series", "Index (2020=100)", "Year-on-year change (%)", "Contribution (percentage points)"])
    order = [ALL, *m.components] if style == "prose" else [ALL, *reversed(m.components)]
    for sid in order:
        row = m.indices[sid]
        name = m.titles[sid].replace(" and ", " & ")
        sheet.append([f"CPI - {name}" if style == "prose" else name, float(row["index"]), float(row["yoy"]),
                      "" if row["contribution"] is None else float(row["contribution"])])
    if style == "terse":
        sheet.append(["Sum of contributions", None, None,
                      float(sum(m.indices[s]["contribution"] for s in m.components))])
    pay = book.create_sheet("Pay and jobs")
    pay.append(["Measure", f"{month_name(m.latest)}"])
    for key, label in pay_labels().items():
        value = m.pay[key]
        if value is None and style == "terse":
            continue
        pay.append([label, "n/a" if value is None else float(value)])
    revisions = book.create_sheet("Revisions")
    if style == "prose":
        revisions.append(["Series", "Month", "Prior release", "New release", "Revision"])
        for s, p, old, new, change in m.revisions:
            revisions.append([s, as_date(p).strftime("%b %Y"), float(old), float(new), float(change)])
        revisions.append(["Nonfarm payroll employment", "all months", "thousands", "persons",
                          "unit change only, no revision"])
    else:
        revisions.append(["Month", "Series", "Revision", "Prior release", "New release"])
        for s, p, old, new, change in m.revisions:
            revisions.append([as_date(p).strftime("%B %Y"), s, float(change), float(old), float(new)])
    chart = book.create_sheet("Chart data")
    chart.append(solve.CHART_HEADERS)
    for period, cpi, wage in m.chart:
        chart.append([as_date(period).strftime("%b %Y") if style == "prose" else as_date(period),
                      float(cpi), float(wage)])
    book.save(path)


def note_tables(m: Monitor, path: Path) -> None:
    d = docx.Document()
    d.add_heading(f"Prices and pay in the Tidewater region: {month_name(m.latest)}", level=1)
    d.add_paragraph(f"Annual CPI inflation was {m.indices[ALL]['yoy']}% in {month_name(m.latest)}.")
    table = d.add_table(rows=1, cols=4)
    for cell, text in zip(table.rows[0].cells, ["Series", "Index (2020=100)", "Year-on-year (%)",
                                                 "Contribution (pp)"], strict=True):
        cell.text = text
    for sid, row in m.indices.items():
        cells = table.add_row().cells
        cells[0].text = m.titles[sid]
        cells[1].text, cells[2].text = f"{row['index']}", f"{row['yoy']}"
        cells[3].text = "" if row["contribution"] is None else f"{row['contribution']}"
    d.add_heading("Pay and jobs", level=2)
    pay = d.add_table(rows=1, cols=2)
    pay.rows[0].cells[0].text, pay.rows[0].cells[1].text = "Measure", month_name(m.latest)
    for key, label in pay_labels().items():
        cells = pay.add_row().cells
        cells[0].text = label
        cells[1].text = "not published" if m.pay[key] is None else f"{m.pay[key]}"
    d.add_heading("Revisions", level=2)
    rev = d.add_table(rows=1, cols=4)
    for cell, text in zip(rev.rows[0].cells, ["Series", "Month", "Prior release", "New release"], strict=True):
        cell.text = text
    for s, p, old, new, _ in m.revisions:
        cells = rev.add_row().cells
        cells[0].text, cells[1].text, cells[2].text, cells[3].text = s, month_name(p), f"{old}", f"{new}"
    if m.revisions:
        d.add_paragraph(f"The office revised {revised_series(m)} for the three months before the latest.")
    else:
        d.add_paragraph("No series was revised since our last edition.")
    if m.discontinued:
        d.add_heading("Not reported", level=2)
        d.add_paragraph(f"Leisure and hospitality earnings ({LH}) are suspended by the office while it redesigns "
                        "the survey sample; we show no figure for them.")
    d.save(str(path))


def note_prose(m: Monitor, path: Path) -> None:
    d = docx.Document()
    first, second = solve.largest(m)
    ix, pay = m.indices, m.pay
    d.add_heading(f"Tidewater Prices and Pay Monitor, {month_name(m.latest)}", level=1)
    d.add_paragraph(
        f"Inflation in the region picked up to {ix[ALL]['yoy']} per cent in the twelve months to "
        f"{month_name(m.latest)}, the all-items index standing at {ix[ALL]['index']} on our 2020 base. "
        f"{m.titles[first]} remained the main driver, contributing {ix[first]['contribution']} percentage points, "
        f"well ahead of {m.titles[second].lower()} ({ix[second]['contribution']} points).")
    d.add_paragraph(
        f"Private-sector average hourly earnings grew by {pay['ahe_yoy']} per cent to ${pay['ahe']}, so that real "
        f"earnings growth, adjusted for inflation, was {pay['real_ahe_yoy']} per cent. Payroll employment stood at "
        f"{pay['employment']:,} thousand, {pay['employment_change']} thousand higher than a year earlier.")
    d.add_paragraph(
        (f"The statistics office has revised {revised_series(m)} for the three months before the latest; the "
         "figures we published last month for those months are superseded. " if m.revisions else "Nothing we published last month has been revised. ")
        + "Employment is now published in persons rather than in thousands; that is a change of unit, not a "
          "revision, and we continue to report it in thousands.")
    if m.discontinued:
        d.add_paragraph(
            "Earnings for leisure and hospitality are not published in this release while the office redesigns the "
            "survey sample. We have not carried forward last month's figure or made an estimate of our own, and have "
            "asked whether the line should be dropped for now.")
    else:
        d.add_paragraph(f"In leisure and hospitality, hourly pay rose {pay['lh_yoy']} per cent to ${pay['lh']}.")
    d.save(str(path))


def note_terse(m: Monitor, path: Path) -> None:
    d = docx.Document()
    first, _ = solve.largest(m)
    ix, pay = m.indices, m.pay
    d.add_heading(f"Monitor update - {month_name(m.latest)} (draft for review)", level=1)
    for line in (
        f"CPI all items: {ix[ALL]['yoy']}% y/y",
        f"Biggest contributor: {m.titles[first]}, {ix[first]['contribution']} pp",
        f"Average hourly earnings (private): ${pay['ahe']}, +{pay['ahe_yoy']}% y/y; real pay {pay['real_ahe_yoy']}%",
        f"Jobs: {pay['employment']:,}k, {pay['employment_change']:+}k y/y (release now in persons; not a revision)",
        f"Revised by the office: {revised_series(m)}, three months before the latest (see workbook)"
        if m.revisions else "Revisions: none",
        "Leisure & hospitality pay: not available this month (series suspended); no figure shown, question raised"
        if m.discontinued else f"Leisure & hospitality pay: ${pay['lh']}, +{pay['lh_yoy']}% y/y",
    ):
        d.add_paragraph(line, style="List Bullet")
    d.save(str(path))


def completion(m: Monitor, question: str) -> None:
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if m.discontinued else "completed", "summary": f"Monitor update for {month_name(m.latest)} done"
        + (" except the leisure and hospitality line." if m.discontinued else "."), "deliverables": [f"out/{solve.WORKBOOK}", f"out/{solve.CHART}",
                                                          f"out/{solve.NOTE}", "out/COMPLETION.json"],
        "assumptions": ["Employment converted from persons to thousands."],
        "questions": [question] if m.discontinued else [],
        "issues_found": [f"{s} revised for {month_name(p)}" for s, p, *_ in m.revisions] or ["None"]}, indent=2),
        encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=("tables", "prose", "terse"))
    style = parser.parse_args().style
    OUT.mkdir(parents=True, exist_ok=True)
    solve.WORKSPACE = WORKSPACE
    m = solve.compile_monitor()
    if style == "tables":
        tables_workbook(m, OUT / solve.WORKBOOK)
        note_tables(m, OUT / solve.NOTE)
        solve.draw_chart(m, OUT / solve.CHART, size=(8.5, 5), dpi=110)
        completion(m, f"{LH_TITLE} is missing from the release: do you want the row removed or marked n/a?")
    elif style == "prose":
        typed_workbook(m, OUT / solve.WORKBOOK, style="prose")
        note_prose(m, OUT / solve.NOTE)
        solve.draw_chart(m, OUT / solve.CHART, title="Inflation and pay growth, Tidewater region (% a year)")
        completion(m, "The office has stopped publishing leisure and hospitality earnings for now. Shall we drop "
                      "that line from the Monitor until it returns?")
    else:
        typed_workbook(m, OUT / solve.WORKBOOK, style="terse")
        note_terse(m, OUT / solve.NOTE)
        solve.draw_chart(m, OUT / solve.CHART, size=(12, 6), dpi=100, title="CPI vs pay, y/y %")
        completion(m, f"{LH} not in this release - how do we handle it in the Monitor?")


if __name__ == "__main__":
    main()
