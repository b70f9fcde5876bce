"""FIN-01 alternative correct solutions: the reference's figures, presented the way other FP&A analysts would.

Run like solve.py (cwd = the workspace, writes to $WP42_OUT) with ``--style``:

- ``checks``: the independent analyst's style (issue 12): a "Checks" block of tie-out formulas two rows below the
  Summary table (departments add to the total, operating profit agrees to the trial balance, the trial balance nets
  to zero), a working TB sheet with the sign correction as its own column, Material as a live IF formula, and a memo
  whose material variances sit in a table (costs positive, an "F/A" column) beside a department table.
- ``us_style``: "Finance and Admin" for the department, US spelling (favorable / unfavorable), a title row and a
  blank row above the Variance header, the Summary departments in another order, Variance % through IFERROR, and a
  memo of dense paragraphs giving two variances each with negatives in parentheses.
- ``by_account``: Variance rows in account order with extra columns after Material (FY budget, comment), a Notes
  sheet, and a memo organised by department headings with sentences saying what was NOT done ("we have not
  reported 6140 at budget").

When every check passes (the coverage set's clean records) each says so in its own way: ``checks`` as a table of
checks whose results read "OK" / "None found", ``us_style`` in a sentence and an issues_found entry beginning "None",
``by_account`` as a sentence listing what it did not find.

The answer is always solve.analyse's; only presentation and organisation differ. Imports solve from this folder.
"""

from __future__ import annotations

import argparse
import json
import os
from decimal import Decimal
from pathlib import Path

import docx
import docx.document
import solve
import xlsxwriter

STYLES = ("checks", "us_style", "by_account")
HEADERS = ["Department", "Account", "Account name", "Budget", "Actual", "Variance", "Variance %", "Material"]


def _pounds(value: Decimal, brackets: bool = False) -> str:
    if brackets and value < 0:
        return f"£({-value:,.0f})"
    return f"£{value:,.0f}"


def _direction(value: Decimal, us: bool = False) -> str:
    if value > 0:
        return "favorable" if us else "favourable"
    return "unfavorable" if us else "adverse"


def _table(d: docx.document.Document, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    """A Word table: ``header`` as its first row, then ``rows`` (each as long as the header)."""
    table = d.add_table(rows=0, cols=len(header))
    for values in (header, *rows):
        for cell, text in zip(table.add_row().cells, values, strict=True):
            cell.text = text


def _department(line: dict, style: str) -> str:
    return "Finance and Admin" if style == "us_style" and line["department"] == "Finance & Admin" else \
        line["department"]


# ------------------------------------------------------------------------------------------------------- workbook
def write_workbook(path: Path, result: dict, style: str, workspace: Path) -> None:
    """Variance and Summary sheets as the template asks, organised per ``style`` (see the module docstring)."""
    lines = result["lines"]
    if style == "by_account":
        lines = sorted(lines, key=lambda ln: ln["account"])
    wb = xlsxwriter.Workbook(str(path))
    money = wb.add_format({"num_format": "#,##0.00;(#,##0.00)"})
    pct = wb.add_format({"num_format": "0.0%"})
    bold = wb.add_format({"bold": True})
    ws = wb.add_worksheet("Variance")
    top = 0
    if style == "us_style":
        ws.write(0, 0, f"Budget vs actual by account - {result['period']}", bold)
        top = 2
    extra = ["FY budget", "Comment"] if style == "by_account" else []
    ws.write_row(top, 0, HEADERS + extra, bold)
    first, last = top + 2, top + 1 + len(lines)
    for r, line in enumerate(lines, start=top + 1):
        n = r + 1
        ws.write_row(r, 0, [_department(line, style), int(line["account"]), line["name"]])
        ws.write_number(r, 3, float(line["budget"]), money)
        ws.write_number(r, 4, float(line["actual"]), money)
        ws.write_formula(r, 5, f"=E{n}-D{n}", money, float(line["variance"]))
        pct_formula = f"=IFERROR(F{n}/ABS(D{n}),0)" if style == "us_style" else f"=F{n}/ABS(D{n})"
        ws.write_formula(r, 6, pct_formula, pct, float(line["pct"]))
        flag = "Yes" if line["material"] else "No"
        if style == "checks":
            ws.write_formula(r, 7, f'=IF(AND(ABS(F{n})>=10000,ABS(G{n})>=0.1),"Yes","No")', None, flag)
        else:
            ws.write(r, 7, flag)
        if style == "by_account":
            ws.write(r, 9, "Material - see memo" if line["material"] else "")
    ws.set_column("A:A", 20)
    ws.set_column("C:C", 30)
    ws.set_column("D:F", 15)
    summary = wb.add_worksheet("Summary")
    summary.write_row(0, 0, ["Department", "Budget", "Actual", "Variance", "Variance %"], bold)
    departments = list(solve.DEPARTMENTS)
    if style == "us_style":
        departments = sorted(departments)
    for r, dept in enumerate(departments, start=1):
        n = r + 1
        shown = "Finance and Admin" if style == "us_style" and dept == "Finance & Admin" else dept
        mine = [ln for ln in lines if ln["department"] == dept]
        b, a = sum(ln["budget"] for ln in mine), sum(ln["actual"] for ln in mine)
        summary.write(r, 0, shown)
        for col, letter, value in ((1, "D", b), (2, "E", a)):
            summary.write_formula(r, col, f"=SUMIF(Variance!$A${first}:$A${last},$A{n},Variance!${letter}${first}:"
                                          f"${letter}${last})", money, float(value))
        summary.write_formula(r, 3, f"=C{n}-B{n}", money, float(a - b))
        summary.write_formula(r, 4, f"=D{n}/ABS(B{n})", pct, float((a - b) / abs(b)))
    total_row = len(departments) + 1
    n = total_row + 1
    budget, actual = sum(ln["budget"] for ln in lines), sum(ln["actual"] for ln in lines)
    summary.write(total_row, 0, "Total", bold)
    summary.write_formula(total_row, 1, f"=SUM(Variance!D{first}:D{last})", money, float(budget))
    summary.write_formula(total_row, 2, f"=SUM(Variance!E{first}:E{last})", money, float(actual))
    summary.write_formula(total_row, 3, f"=C{n}-B{n}", money, float(actual - budget))
    summary.write_formula(total_row, 4, f"=D{n}/ABS(B{n})", pct, float((actual - budget) / abs(budget)))
    summary.set_column("A:A", 24)
    summary.set_column("B:E", 16)
    if style == "checks":
        tb_total = _tb_sheet(wb, workspace, lines, money, bold)
        checks = total_row + 2
        summary.write(checks, 0, "Checks", bold)
        for offset, (label, formula) in enumerate((
            ("Departments add to total (budget)", f"=SUM(B2:B{total_row})-B{n}"),
            ("Departments add to total (actual)", f"=SUM(C2:C{total_row})-C{n}"),
            ("Operating profit agrees to the trial balance", f"=C{n}-{tb_total['profit']}"),
            ("Trial balance nets to zero after correction", f"={tb_total['net']}"),
        ), start=checks + 1):
            summary.write(offset, 0, label)
            summary.write_formula(offset, 1, formula, money, 0.0)
            summary.write_formula(offset, 2, f'=IF(ABS(B{offset + 1})<0.01,"OK","Check")', None, "OK")
    if style == "by_account":
        notes = wb.add_worksheet("Notes")
        for r, issue in enumerate(result["issues"] or ["No data problems found this month."]):
            notes.write(r, 0, issue)
    wb.close()


def _tb_sheet(wb: xlsxwriter.Workbook, workspace: Path, lines: list[dict], money, bold) -> dict[str, str]:
    """A TB sheet: the export, the sign correction in its own column, the movement used and its effect on operating
    profit. Returns the cells holding operating profit and the corrected net movement."""
    period, exported = solve.read_tb(workspace / "inputs")
    chart = {a["account"]: a for a in json.loads((workspace / "inputs" / "chart_of_accounts_mapping.json")
                                                  .read_text(encoding="utf-8"))["accounts"]}
    used = {ln["account"]: -ln["actual"] for ln in lines}
    tb = wb.add_worksheet("TB")
    tb.write_row(0, 0, ["Account", "Account name", "Class", "Net movement as exported", "Correction",
                        "Net movement used", "Operating profit effect"], bold)
    for r, (account, raw) in enumerate(sorted(exported.items()), start=1):
        n = r + 1
        fixed = used.get(account, raw)
        pl = chart[account]["class"] != "balance_sheet"
        tb.write_row(r, 0, [int(account), chart[account]["name"], chart[account]["class"]])
        tb.write_number(r, 3, float(raw), money)
        tb.write_number(r, 4, float(fixed - raw), money)
        tb.write_formula(r, 5, f"=D{n}+E{n}", money, float(fixed))
        tb.write_formula(r, 6, f'=IF(C{n}="balance_sheet",0,-F{n})', money, float(-fixed) if pl else 0.0)
    last = len(exported) + 1
    tb.write(last, 0, "Total", bold)
    tb.write_formula(last, 5, f"=SUM(F2:F{last})", money, 0.0)
    tb.write_formula(last, 6, f"=SUM(G2:G{last})", money, float(sum(-used[a] for a in used)))
    tb.set_column("B:B", 30)
    return {"net": f"TB!F{last + 1}", "profit": f"TB!G{last + 1}"}


# ----------------------------------------------------------------------------------------------------------- memos
def write_memo(path: Path, result: dict, style: str) -> None:
    lines = result["lines"]
    budget, actual = sum(ln["budget"] for ln in lines), sum(ln["actual"] for ln in lines)
    material = [ln for ln in lines if ln["material"]]
    d = docx.Document()
    d.add_heading("Memo", level=0)
    d.add_paragraph(f"To: Tom Achebe, CFO - variance pack for {result['period']}")
    us = style == "us_style"
    d.add_heading(f"Operating profit for {result['period']}", level=1)
    d.add_paragraph(f"Operating profit was {_pounds(actual)} against a budget of {_pounds(budget)}, "
                    f"{_pounds(abs(actual - budget))} {_direction(actual - budget, us)}.")
    if style == "checks":
        _table(d, ("Account", "Account name", "Department", "Budget", "Actual", "Variance", "%", "F/A"), [
            (ln["account"], ln["name"], ln["department"], _pounds(abs(ln["budget"])), _pounds(abs(ln["actual"])),
             _pounds(abs(ln["variance"])), f"{abs(ln['pct']) * 100:.1f}%",
             "Favourable" if ln["variance"] > 0 else "Adverse") for ln in material])
        d.add_paragraph("Costs are shown as positive amounts in this table.")
    elif us:
        pairs = [material[i:i + 2] for i in range(0, len(material), 2)]
        for pair in pairs:
            d.add_paragraph("; meanwhile ".join(
                f"{ln['account']} {ln['name']} ({_department(ln, style)}) came in at {_pounds(ln['variance'], True)}"
                f" against budget, {ln['pct'] * 100:.1f}%, {_direction(ln['variance'], True)}" for ln in pair) + ".")
    else:
        for dept in solve.DEPARTMENTS:
            mine = [ln for ln in material if ln["department"] == dept]
            if not mine:
                continue
            d.add_heading(dept, level=2)
            for ln in mine:
                d.add_paragraph(f"{ln['account']} {ln['name']}: variance {_pounds(abs(ln['variance']))} "
                                f"({abs(ln['pct']) * 100:.1f}%), {_direction(ln['variance'])}; actual "
                                f"{_pounds(abs(ln['actual']))} against budget {_pounds(abs(ln['budget']))}.",
                                style="List Bullet")
    d.add_heading("Data problems corrected", level=1)
    for issue in result["issues"]:
        d.add_paragraph(issue, style="List Bullet")
    if not result["issues"]:
        _no_problems(d, style)
    if style == "by_account":
        d.add_paragraph("We have not reported any line at budget on the strength of a note in a submission; actuals "
                        "are the ledger's.")
    d.save(str(path))


def _no_problems(d: docx.document.Document, style: str) -> None:
    """The memo's word that the checks found nothing, written the ``style``'s way."""
    if style == "checks":
        _table(d, ("Check", "Result"), [
            ("Trial balance nets to zero", "OK"),
            ("Each submission ties to the Board-approved totals", "OK"),
            ("Duplicate rows in the submissions", "None found"),
            ("Mapping file disagrees with a submission", "None found"),
        ])
    elif style == "us_style":
        d.add_paragraph("We found no data problems. The trial balance netted to zero, all five submissions tied to "
                        "the approved totals and the mapping matched the submissions; nothing needed correcting.")
    else:
        d.add_paragraph("There was nothing to correct this month: no duplicate budget rows, no sign errors in the "
                        "export and no differences between the mapping and the submissions.")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", choices=STYLES, required=True)
    style = parser.parse_args().style
    workspace = Path(os.environ.get("WP42_WORKSPACE", "."))
    out = Path(os.environ.get("WP42_OUT", workspace / "out"))
    out.mkdir(parents=True, exist_ok=True)
    result = solve.analyse(workspace, "reference")
    write_workbook(out / "variance_analysis.xlsx", result, style, workspace)
    write_memo(out / "variance_memo.docx", result, style)
    completion = {"status": "completed", "summary": f"Variance pack for {result['period']}.",
                  "deliverables": ["variance_analysis.xlsx", "variance_memo.docx", "COMPLETION.json"],
                  "assumptions": [], "questions": [], "issues_found": result["issues"]}
    if style == "us_style" and not result["issues"]:
        completion["issues_found"] = ["None: the trial balance nets to zero and every submission ties to the "
                                      "approved totals."]
    (out / "COMPLETION.json").write_text(json.dumps(completion, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
