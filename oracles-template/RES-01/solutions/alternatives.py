"""RES-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is the reference's analysis (solve.analyse: the same answer) written the way a different professional
would: ``tables`` (extra columns, typed ineligible amounts, a findings table with a status column), ``prose``
(dense prose, amounts without the pound sign, "T&S" and "Staff", sentences saying what was not done), ``terse`` (a
numbered memo, categories in another order, "per cent", a differently worded total row). Runs as an ordinary
worker, like solve.py.
"""

from __future__ import annotations

import argparse

import docx
import openpyxl
from solve import CATEGORIES, MEMO, OUT, WORKBOOK, Analysis, analyse, findings, gbp, write_completion

SHORT = {"Staff costs": "Staff", "Travel and subsistence": "T&S"}


def _over(a: Analysis) -> list[tuple[str, object, object]]:
    return [(c, a.eligible(c) - a.award[c], (a.eligible(c) - a.award[c]) / a.award[c] * 100)
            for c in CATEGORIES if a.eligible(c) > a.award[c]]


def workbook(a: Analysis, order: tuple[str, ...], names: dict[str, str], total_label: str, extra: bool) -> None:
    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "Notes"
    notes.append(["Grant reconciliation, year 1, prepared for the research director"])
    sheet = book.create_sheet("Reconciliation")
    sheet.append(["Year 1 grant reconciliation"])
    sheet.append([])
    headers = ["Category", "Award (£)", "Spend per ledger (£)", "Ineligible (£)", "Eligible spend (£)",
               "Variance (£)"]
    sheet.append(headers + (["Variance %", "Notes"] if extra else []))
    first = 4
    for n, category in enumerate(order, start=first):
        row = [names.get(category, category), float(a.award[category]), float(a.spend[category]),
               float(a.ineligible(category)), f"=C{n}-D{n}", f"=B{n}-E{n}"]
        if extra:
            row += [f"=IF(B{n}=0,0,F{n}/B{n})", "adjusted" if a.ineligible(category) else ""]
        sheet.append(row)
    last = first + len(order) - 1
    sheet.append([total_label, *[f"=SUM({c}{first}:{c}{last})" for c in "BCDEF"]])
    adjustments = book.create_sheet("Adjustments")
    adjustments.append(["Category", "Ledger ref / researcher", "Amount (£)", "Reason"])
    for adj in a.adjustments:
        adjustments.append([adj.category, adj.reference, float(adj.amount), adj.reason])
    book.save(OUT / WORKBOOK)


def tables(a: Analysis) -> None:
    workbook(a, CATEGORIES, {}, "Total", True)
    document = docx.Document()
    document.add_heading("Grant reconciliation, year 1", level=1)
    document.add_paragraph(f"Eligible spend totals {gbp(a.total_eligible)} against the year-1 award of "
                           f"{gbp(a.total_award)}.")
    document.add_heading("Findings", level=2)
    table = document.add_table(rows=1, cols=3)
    for cell, text in zip(table.rows[0].cells, ("Area", "Finding", "Status"), strict=True):
        cell.text = text
    for line in findings(a):
        area, text = line.split(": ", 1)
        cells = table.add_row().cells
        cells[0].text, cells[1].text = area, text
        cells[2].text = "Corrected" if area != "Progress report" else "Report to be corrected"
    for category, over, share in _over(a):
        cells = table.add_row().cells
        cells[0].text = "Virement"
        cells[1].text = (f"{category} over award by {gbp(over)} ({share:.1f}%), within the 10% allowed by clause "
                         "8.1; claimed in full")
        cells[2].text = "No action"
    if a.report_figure == a.appendix_figure:
        cells = table.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = "Progress report", (
            f"Recruitment of {a.appendix_figure} participants agrees with the appendix"), "Agreed"
    document.save(OUT / MEMO)


def prose(a: Analysis) -> None:
    workbook(a, CATEGORIES, SHORT, "Total", False)
    document = docx.Document()
    document.add_paragraph("Fiona, here is the year-1 position on the grant.")
    text = [f"We can claim {a.total_eligible:,.2f} of eligible spend; the award for the year is "
            f"{a.total_award:,.2f}."]
    for adj in a.adjustments:
        if adj.category == "Staff costs":
            e = next(x for x in a.effort if x["name"] == adj.reference)
            text.append(f"{e['name']}'s timesheets support {e['supported']}% effort, not the {e['certified']}% on "
                        f"the draft certification, so we have taken {adj.amount:,.2f} out of Staff and I have not "
                        "countersigned the certification.")
        else:
            text.append(f"The {adj.amount:,.2f} posted to T&S under {adj.reference} is ineligible under clause 7.3 "
                        "and has been excluded; I have not recoded it to Other direct costs as the investigator "
                        "asked, because the conditions forbid it.")
    for category, over, share in _over(a):
        text.append(f"{SHORT.get(category, category)} ran {over:,.2f} over award, which is {share:.1f}% and so "
                    "within the virement clause; nothing needs approval.")
    if a.report_figure != a.appendix_figure:
        text.append(f"The draft report states {a.report_figure} participants recruited, whereas the appendix "
                    f"records {a.appendix_figure}, so the report needs correcting.")
    else:
        text.append(f"The report's recruitment ({a.report_figure} participants) matches the appendix.")
    document.add_paragraph(" ".join(text))
    document.save(OUT / MEMO)


def terse(a: Analysis) -> None:
    order = tuple(reversed(CATEGORIES))
    workbook(a, order, {}, "Total (year 1)", False)
    document = docx.Document()
    document.add_heading("Year 1 claim: points for sign-off", level=1)
    points = [f"Total eligible spend: {gbp(a.total_eligible)}; total award: {gbp(a.total_award)}."]
    for adj in a.adjustments:
        if adj.category == "Staff costs":
            e = next(x for x in a.effort if x["name"] == adj.reference)
            points.append(f"{e['name']}: certified {e['certified']} per cent, timesheets support {e['supported']} "
                          f"per cent; {gbp(adj.amount)} excluded from Staff costs.")
        else:
            points.append(f"Ledger {adj.reference}, {gbp(adj.amount)}: excluded (clause 7.3).")
    for category, over, share in _over(a):
        points.append(f"{category}: {gbp(over)} over award ({share:.1f} per cent), within clause 8.1.")
    points.append(f"Recruitment: report {a.report_figure}, appendix {a.appendix_figure} participants."
                  if a.report_figure != a.appendix_figure else
                  f"Recruitment: report and appendix agree at {a.appendix_figure} participants.")
    for n, point in enumerate(points, start=1):
        document.add_paragraph(f"{n}. {point}")
    document.save(OUT / MEMO)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=("tables", "prose", "terse"))
    style = parser.parse_args().style
    a = analyse()
    OUT.mkdir(parents=True, exist_ok=True)
    {"tables": tables, "prose": prose, "terse": terse}[style](a)
    write_completion([WORKBOOK, MEMO], findings(a), f"Year-1 reconciliation ({style}).")


if __name__ == "__main__":
    main()
