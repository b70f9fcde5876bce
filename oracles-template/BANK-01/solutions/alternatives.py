"""BANK-01 alternative correct solutions: the reference's figures, presented the way other credit analysts would.

Run like solve.py (cwd = the workspace, writes to $WP42_OUT) with ``--style``:

- ``tables``: the independent analyst's style (issue 12): a working Statements sheet that the Calculations lines
  read by formula, title rows above both tables, extra Covenants columns (section, borrower certificate, headroom),
  a rounded DSCR formula, the leverage Actual left blank; a memo led by a summary table whose column "Borrower
  certificate" carries the certified 1.37x, a dense paragraph giving the ratio, the minimum, the certificate's ratio,
  the bonus and tangible net worth together, and a differences table (Item, Certificate, Bank, Difference, Reason).
- ``prose``: no tables in the memo, long dense paragraphs that quote the certificate's wrong claim ("the
  certificate, which reports no breach, ..."), ratios written "1.03:1", UK spelling and UK dates in the question,
  supporting lines with negatives in parentheses and the leverage Actual written as a dash.
- ``terse``: committee bullets with sentences saying what was NOT done ("We did not add back the bonus", "Do not
  rely on the certificate's 1.37x"), a results table headed "Our test" / "Per certificate", and a workbook with the
  Covenants rows in another order (Tangible Net Worth first), an extra Headroom formula column and a note row under
  the table.

The answer is always solve.analyse's; only presentation and organisation differ, and how the amendments' paragraphs
are read (every style reads the text in a content control, where the hard level's Second Amendment types the
reset tangible net worth minimum): ``tables`` with zipfile and ElementTree, ``prose`` by lxml's text
serialisation of python-docx's paragraph elements, ``terse`` by streaming the part with lxml's iterparse. None is told
the set: where the
file holds all four quarters, each tests leverage (a four-quarter EBITDA line on the Calculations sheet) and, where
the certificate agrees with its figures, says so instead of listing differences (the coverage set). Imports solve
from this folder.
"""

from __future__ import annotations

import argparse
import json
import os
import zipfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from xml.etree import ElementTree

import docx
import docx.document
import solve
import xlsxwriter
from docx.oxml.ns import qn
from lxml import etree

STYLES = ("tables", "prose", "terse")
LABELS = ("Total Funded Debt", "EBITDA - year to date", "Unfinanced capital expenditures - year to date",
          "Cash taxes paid - year to date", "Distributions - year to date", "Cash flow available for debt service",
          "Debt service - year to date", "Tangible Net Worth")


def _money(value: Decimal) -> str:
    return f"${value:,.0f}"


W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _paragraphs_elementtree(path: Path) -> list[str]:
    """The document part's paragraphs, each the text of every ``w:t`` under it (zipfile and ElementTree)."""
    with zipfile.ZipFile(path) as package:
        root = ElementTree.fromstring(package.read("word/document.xml"))
    return ["".join(t.text or "" for t in p.iter(f"{W}t")) for p in root.iter(f"{W}p")]


def _paragraphs_serialised(path: Path) -> list[str]:
    """Each body paragraph python-docx loads, serialised as text by lxml (every text node under it)."""
    body = docx.Document(str(path)).element.body
    return [etree.tostring(p, method="text", encoding="unicode") for p in body.iter(qn("w:p"))]


def _paragraphs_streamed(path: Path) -> list[str]:
    """The document part streamed with lxml's iterparse: ``w:t`` texts gathered until their paragraph ends."""
    texts: list[str] = []
    current: list[str] = []
    with zipfile.ZipFile(path) as package, package.open("word/document.xml") as part:
        for _event, element in etree.iterparse(part, events=("end",), tag=(f"{W}t", f"{W}p")):
            if element.tag == f"{W}t":
                current.append(element.text or "")
            else:
                texts.append("".join(current))
                current = []
    return texts


READERS: dict[str, Callable[[Path], list[str]]] = {
    "tables": _paragraphs_elementtree, "prose": _paragraphs_serialised, "terse": _paragraphs_streamed}


def _tnw_note(r: dict) -> str:
    """Where the tangible net worth minimum comes from when an amendment restated it, else nothing."""
    return " as reset by the Second Amendment" if "tnw_amended_by" in r["terms"] else ""


def _certificate(workspace: Path) -> dict[str, Decimal]:
    return solve.read_certificate(workspace / "inputs" / "compliance_certificate_2025Q3.docx")


# ------------------------------------------------------------------------------------------------------- workbooks
def _statements_workbook(path: Path, r: dict, cert: dict[str, Decimal]) -> None:
    """Calculations read a working Statements sheet by formula; title rows; extra Covenants columns."""
    wb = xlsxwriter.Workbook(str(path))
    money = wb.add_format({"num_format": "#,##0;(#,##0)"})
    ratio = wb.add_format({"num_format": '0.00"x"'})
    bold = wb.add_format({"bold": True})
    calc = wb.add_worksheet("Calculations")
    cov = wb.add_worksheet("Covenants")
    st = wb.add_worksheet("Statements")
    quarters = r["ytd_keys"]
    lines = [("is", "Net income"), ("is", "Interest expense"), ("is", "Income tax expense"),
             ("is", "Depreciation and amortization"), ("is", "Gain on sale of equipment"),
             ("is", "Litigation settlement"), ("cf", "Purchases of property and equipment"),
             ("cf", "Proceeds from equipment notes"), ("cf", "Cash paid for income taxes"),
             ("cf", "Distributions to shareholders"), ("cf", "Repayments of term loan"),
             ("cf", "Repayments of equipment notes"), ("cf", "Cash paid for interest"),
             ("notes", solve.PREPAID)]
    st.write_row(0, 0, ["Line (quarterly statement packages)", *quarters, "Year to date"], bold)
    where: dict[str, str] = {}
    for row, (part, label) in enumerate(lines, start=1):
        st.write(row, 0, label)
        for col, key in enumerate(quarters, start=1):
            st.write_number(row, col, float(r["packages"][key][part][label]), money)
        last = xlsxwriter.utility.xl_col_to_name(len(quarters))
        total = sum(r["packages"][k][part][label] for k in quarters)
        st.write_formula(row, len(quarters) + 1, f"=SUM(B{row + 1}:{last}{row + 1})", money, float(total))
        where[label] = f"Statements!{xlsxwriter.utility.xl_col_to_name(len(quarters) + 1)}{row + 1}"
    balance = r["packages"][r["test"]]["bs"]
    st.write(len(lines) + 2, 0, f"Balance sheet at {r['test']}", bold)
    bs_lines = ["Revolving line of credit", "Current portion of term loan", "Term loan, less current portion",
                "Current portion of equipment notes", "Equipment notes, less current portion",
                "Total stockholders' equity", "Subordinated note payable - shareholder", "Goodwill",
                "Intangible assets, net", "Due from shareholder"]
    for offset, label in enumerate(bs_lines, start=len(lines) + 3):
        st.write(offset, 0, label)
        st.write_number(offset, 1, float(balance[label]), money)
        where[label] = f"Statements!B{offset + 1}"
    # off the balance sheet: the debt note's undrawn standby letter of credit, which the definition's footnote counts
    offset = len(lines) + 3 + len(bs_lines)
    st.write(offset, 0, "Standby letters of credit, undrawn (note 1; Funded Debt footnote 1)")
    st.write_number(offset, 1, float(r["letters_of_credit"]), money)
    letters = f"Statements!B{offset + 1}"
    f, cap = r["figures"], r["terms"]["litigation_cap"]
    calc.write(0, 0, "Hearthstone covenant calculations - Article 1 definitions", bold)
    w = where
    equity = w["Total stockholders' equity"]
    formulas = [
        (f"={w['Revolving line of credit']}+{w['Current portion of term loan']}+{w['Term loan, less current portion']}"
         f"+{w['Current portion of equipment notes']}+{w['Equipment notes, less current portion']}+{letters}",
         f["funded_debt"]),
        (f"={w['Net income']}+{w['Interest expense']}+{w['Income tax expense']}"
         f"+{w['Depreciation and amortization']}-{w['Gain on sale of equipment']}"
         f"+MIN({w['Litigation settlement']},{cap})", f["ebitda"]),
        (f"=-{w['Purchases of property and equipment']}-{w['Proceeds from equipment notes']}", f["unfinanced"]),
        (f"={w['Cash paid for income taxes']}", f["taxes"]),
        (f"=-{w['Distributions to shareholders']}", f["dist"]),
        ("=B4-B5-B6-B7", r["cfads"]),
        (f"=-{w['Repayments of term loan']}-{w['Repayments of equipment notes']}+{w['Cash paid for interest']}"
         f"-{w[solve.PREPAID]}", f["service"]),
        (f"={equity}+{w['Subordinated note payable - shareholder']}"
         f"-{w['Goodwill']}-{w['Intangible assets, net']}-{w['Due from shareholder']}", f["tnw"]),
    ]
    for row, (label, (formula, value)) in enumerate(zip(LABELS, formulas, strict=True), start=2):
        calc.write(row, 0, label, bold if label.startswith(("Cash flow", "Tangible")) else None)
        calc.write_formula(row, 1, formula, money, float(value))
    calc.write(11, 0, "Litigation add-back cap (any four consecutive quarters)")
    calc.write_number(11, 1, float(cap), money)
    if r["leverage"] is None:
        calc.write(12, 0, f"Trailing four quarters for leverage: {', '.join(r['ttm_keys'])} - "
                          f"{', '.join(r['missing_ttm'])} not in file")
    else:
        calc.write(12, 0, f"EBITDA - four quarters {r['ttm_keys'][0]} to {r['ttm_keys'][-1]}")
        calc.write_number(12, 1, float(f["ttm_ebitda"]), money)
    calc.set_column("A:A", 56)
    calc.set_column("B:B", 16)
    cov.write(0, 0, f"Financial covenants at {r['test']} (Loan and Security Agreement, Article 6)", bold)
    headers = ["Section", "Covenant", "Requirement", "Actual", "Result", "Borrower certificate", "Headroom"]
    cov.write_row(2, 0, headers, bold)
    terms = r["terms"]
    cov.write_row(3, 0, ["6.1", "Total Funded Debt to EBITDA", f"Not more than {terms['max_leverage']:.2f}x"])
    if r["leverage"] is None:
        cov.write(3, 4, "Not tested")
    else:
        leverage = round(f["funded_debt"] / f["ttm_ebitda"], 2)
        cov.write_formula(3, 3, "=ROUND(Calculations!B3/Calculations!B13,2)", ratio, float(leverage))
        cov.write(3, 4, "Pass" if leverage <= terms["max_leverage"] else "Breach")
        cov.write_formula(3, 6, f"={terms['max_leverage']}-D4", ratio, float(terms["max_leverage"] - leverage))
    cov.write_number(3, 5, float(cert["Total Funded Debt to EBITDA (6.1)"]), ratio)
    dscr = round(r["dscr"], 2)
    cov.write_row(4, 0, ["6.2", "Debt Service Coverage Ratio", f"Not less than {terms['min_dscr']:.2f}x"])
    cov.write_formula(4, 3, "=ROUND(Calculations!B8/Calculations!B9,2)", ratio, float(dscr))
    cov.write(4, 4, "Breach" if dscr < terms["min_dscr"] else "Pass")
    cov.write_number(4, 5, float(cert["Debt Service Coverage Ratio (6.2)"]), ratio)
    cov.write_formula(4, 6, f"=D5-{terms['min_dscr']}", ratio, float(dscr - terms["min_dscr"]))
    cov.write_row(5, 0, ["6.3", "Tangible Net Worth", f"Not less than {_money(terms['min_tnw'])}"])
    cov.write_formula(5, 3, "=Calculations!B10", money, float(f["tnw"]))
    cov.write(5, 4, "Pass" if f["tnw"] >= terms["min_tnw"] else "Breach")
    cov.write_number(5, 5, float(cert["Tangible Net Worth (6.3)"]), money)
    cov.write_formula(5, 6, f"=D6-{terms['min_tnw']}", money, float(f["tnw"] - terms["min_tnw"]))
    cov.set_column("B:B", 32)
    cov.set_column("C:G", 20)
    wb.close()


def _plain_workbook(path: Path, r: dict, tnw_first: bool) -> None:
    """The template's two sheets; supporting lines below in parentheses; ``tnw_first`` reorders the Covenants rows,
    adds a Headroom formula column and a note row under the table."""
    wb = xlsxwriter.Workbook(str(path))
    money = wb.add_format({"num_format": "$#,##0;($#,##0)"})
    ratio = wb.add_format({"num_format": '0.00":1"'})
    calc = wb.add_worksheet("Calculations")
    f = r["figures"]
    values = [f["funded_debt"], f["ebitda"], f["unfinanced"], f["taxes"], f["dist"], None, f["service"], f["tnw"]]
    for row, (label, value) in enumerate(zip(LABELS, values, strict=True)):
        calc.write(row, 0, label)
        if value is None:
            calc.write_formula(row, 1, "=B2-B3-B4-B5", money, float(r["cfads"]))
        else:
            calc.write_number(row, 1, float(value), money)
    bs = r["packages"][r["test"]]["bs"]
    support = [("Supporting lines (balance sheet at the test date)", None),
               ("Total stockholders' equity", bs["Total stockholders' equity"]),
               ("Add: Subordinated Debt", bs["Subordinated note payable - shareholder"]),
               ("Less: goodwill", -bs["Goodwill"]), ("Less: intangible assets, net", -bs["Intangible assets, net"]),
               ("Less: due from shareholder", -bs["Due from shareholder"])]
    if r["leverage"] is not None:
        support.append(("EBITDA - four quarters to the test date", f["ttm_ebitda"]))
    for row, (label, value) in enumerate(support, start=10):
        calc.write(row, 0, label)
        if value is not None:
            calc.write_number(row, 1, float(value), money)
    calc.set_column("A:A", 52)
    calc.set_column("B:B", 16)
    cov = wb.add_worksheet("Covenants")
    terms = r["terms"]
    dscr_ok, tnw_ok = r["dscr"] >= terms["min_dscr"], f["tnw"] >= terms["min_tnw"]
    leverage = ("text", "\u2014")
    if r["leverage"] is not None:  # the four-quarter EBITDA is the last supporting line (row 17)
        leverage = ("formula", "=Calculations!B1/Calculations!B17", f["funded_debt"] / f["ttm_ebitda"], ratio)
    rows = {
        "leverage": ("Total Funded Debt to EBITDA", f"Maximum {terms['max_leverage']:.2f}:1", leverage,
                     "Not tested" if r["leverage"] is None else
                     "Pass" if leverage[2] <= terms["max_leverage"] else "Breach"),
        "dscr": ("Debt Service Coverage Ratio", f"Minimum {terms['min_dscr']:.2f}:1",
                 ("formula", "=Calculations!B6/Calculations!B7", r["dscr"], ratio), "Pass" if dscr_ok else "Breach"),
        "tnw": ("Tangible Net Worth", f"Minimum {_money(terms['min_tnw'])}",
                ("formula", "=Calculations!B8", f["tnw"], money), "Pass" if tnw_ok else "Breach"),
    }
    order = ("tnw", "dscr", "leverage") if tnw_first else ("leverage", "dscr", "tnw")
    cov.write_row(0, 0, ["Covenant", "Requirement", "Actual", "Result"] + (["Headroom"] if tnw_first else []))
    for row, key in enumerate(order, start=1):
        name, requirement, actual, result = rows[key]
        cov.write_row(row, 0, [name, requirement])
        if actual[0] == "text":
            cov.write(row, 2, actual[1])
        else:
            cov.write_formula(row, 2, actual[1], actual[3], float(actual[2]))
        cov.write(row, 3, result)
        if tnw_first and key == "tnw":
            cov.write_formula(row, 4, f"=C{row + 1}-{terms['min_tnw']}", money, float(f["tnw"] - terms["min_tnw"]))
        elif tnw_first and key == "dscr":
            cov.write_formula(row, 4, f"=C{row + 1}-{terms['min_dscr']}", ratio, float(r["dscr"] - terms["min_dscr"]))
    if tnw_first:
        cov.write(5, 0, "Source: borrower's quarterly statements under the agreement's definitions; the certificate "
                        "was checked, not used.")
    cov.set_column("A:A", 34)
    cov.set_column("B:E", 20)
    wb.close()


# ----------------------------------------------------------------------------------------------------------- memos
def _table(d: docx.document.Document, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    """A Word table: ``header`` as its first row, then ``rows`` (each as long as the header)."""
    table = d.add_table(rows=0, cols=len(header))
    for values in (header, *rows):
        for cell, text in zip(table.add_row().cells, values, strict=True):
            cell.text = text


def _leverage(r: dict) -> Decimal | None:
    """Our Total Funded Debt to EBITDA ratio, or None when the four quarters are not all in the file."""
    f = r["figures"]
    return None if r["leverage"] is None else f["funded_debt"] / f["ttm_ebitda"]


def _outcome(value: bool) -> str:
    return "Pass" if value else "Breach"


def _memo_tables(path: Path, r: dict, cert: dict[str, Decimal]) -> None:
    f, t = r["figures"], r["terms"]
    dscr, cert_dscr = round(r["dscr"], 2), cert["Debt Service Coverage Ratio (6.2)"]
    lev, breach = _leverage(r), r["dscr"] < t["min_dscr"]
    d = docx.Document()
    d.add_heading("Credit Memorandum", level=0)
    d.add_heading("1. Summary", level=1)
    tnw_breach = f["tnw"] < t["min_tnw"]
    d.add_paragraph("We tested the three financial covenants from the borrower's own statements. " + (
        "Two are breached and one cannot be tested until we have the missing December 2024 quarter."
        if breach and tnw_breach and lev is None else
        "One is breached, one is met and one cannot be tested until we have the missing December 2024 quarter."
        if breach and lev is None else "All three are met." if not breach and not tnw_breach and lev is not None
        else "See the table for each result."))
    lev_row = ("Total Funded Debt to EBITDA (6.1)", f"Not more than {t['max_leverage']:.2f}x",
               f"Not calculated: Funded Debt {_money(f['funded_debt'])}; four-quarter EBITDA unavailable",
               f"{cert['Total Funded Debt to EBITDA (6.1)']:.2f}x", "Not tested")
    if lev is not None:
        lev_row = (lev_row[0], lev_row[1], f"{lev:.2f}x ({_money(f['funded_debt'])} / {_money(f['ttm_ebitda'])})",
                   lev_row[3], _outcome(lev <= t["max_leverage"]))
    _table(d, ("Covenant (section)", "Requirement", "Bank calculation", "Borrower certificate", "Result"), [
        lev_row,
        ("Debt Service Coverage Ratio (6.2)", f"Not less than {t['min_dscr']:.2f}x",
         f"{dscr:.2f}x ({_money(r['cfads'])} / {_money(f['service'])})", f"{cert_dscr:.2f}x", _outcome(not breach)),
        ("Tangible Net Worth (6.3)", f"Not less than {_money(t['min_tnw'])}",
         f"{_money(f['tnw'])} (headroom {_money(f['tnw'] - t['min_tnw'])})", _money(r["cert_tnw"]),
         _outcome(f["tnw"] >= t["min_tnw"])),
    ])
    if breach and r["bonus"]:
        d.add_paragraph(f"Breach. The Debt Service Coverage Ratio for the nine months is {dscr:.2f}x against a "
                        f"{t['min_dscr']:.2f}x minimum; the borrower reached {cert_dscr:.2f}x only by adding back a "
                        f"{_money(r['bonus'])} owner bonus, and its Tangible Net Worth of {_money(r['cert_tnw'])} "
                        f"against our {_money(f['tnw'])} omits the {_money(r['due'])} due from shareholder. Under "
                        "Section 8.1(c) the breach is an Event of Default with no grace or cure period.",
                        style="List Bullet")
    elif not breach:
        d.add_paragraph(f"The Debt Service Coverage Ratio for the nine months is {dscr:.2f}x against a "
                        f"{t['min_dscr']:.2f}x minimum, a pass with headroom of {r['dscr'] - t['min_dscr']:.2f}x; a "
                        "shortfall would be an Event of Default under Section 8.1(c), with no cure period, so the "
                        "ratio deserves watching next quarter.", style="List Bullet")
    d.add_heading(f"2. Tangible Net Worth (Section 6.3): {_outcome(not tnw_breach)}", level=1)
    d.add_paragraph(f"Tangible Net Worth is {_money(f['tnw'])} against the {_money(t['min_tnw'])} minimum"
                    f"{_tnw_note(r)}." + (" It is short by "
                                          f"{_money(t['min_tnw'] - f['tnw'])}, a second Event of Default under "
                                          "Section 8.1(c)." if tnw_breach else ""))
    if lev is None:
        d.add_heading("3. Total Funded Debt to EBITDA (Section 6.1): Not tested", level=1)
        d.add_paragraph(f"Four-quarter EBITDA needs the quarter ended December 31, 2024 "
                        f"({', '.join(r['missing_ttm'])}), which is not in our file; we have not estimated it or "
                        "annualised nine months.")
    else:
        d.add_heading(f"3. Total Funded Debt to EBITDA (Section 6.1): {_outcome(lev <= t['max_leverage'])}", level=1)
        d.add_paragraph(f"Funded Debt of {_money(f['funded_debt'])} over EBITDA of {_money(f['ttm_ebitda'])} for the "
                        f"four quarters {r['ttm_keys'][0]} to {r['ttm_keys'][-1]} gives {lev:.2f}x against the "
                        f"{t['max_leverage']:.2f}x maximum.")
    d.add_heading("4. Where the certificate differs from our calculation", level=1)
    rows = []
    if r["bonus"]:
        rows += [('Add-back of "non-recurring owner bonus"', _money(r["bonus"]), "$0", _money(r["bonus"]),
                  "Not a permitted add-back; no written Bank consent on file"),
                 ("Debt Service Coverage Ratio", f"{cert_dscr:.2f}x - Yes", f"{dscr:.2f}x - {_outcome(not breach)}",
                  f"{cert_dscr - dscr:.2f}x", "Bonus add-back changes the result")]
    if r["cert_tnw"] != f["tnw"]:
        rows.append(("Deduction for due from shareholder", "$0", _money(r["due"]), _money(r["due"]),
                     "Required by the Tangible Net Worth definition"))
    if rows:
        _table(d, ("Item", "Certificate", "Bank", "Difference", "Reason"), rows)
    else:
        d.add_paragraph("None. Each line of the certificate's schedules agrees with our figures to the dollar.")
    d.add_heading("5. What we need from the borrower", level=1)
    needs = (["Q4 2024 statements for the quarter ended December 31, 2024"] if lev is None else []) + \
        (["a corrected certificate"] if r["issues"] else [])
    d.add_paragraph((", and ".join(needs) + ".") if needs else "Nothing at this time.", style="List Number")
    d.save(str(path))


def _memo_prose(path: Path, r: dict, cert: dict[str, Decimal]) -> None:
    f, t = r["figures"], r["terms"]
    dscr, cert_dscr = round(r["dscr"], 2), cert["Debt Service Coverage Ratio (6.2)"]
    lev, breach = _leverage(r), r["dscr"] < t["min_dscr"]
    d = docx.Document()
    d.add_paragraph("MEMORANDUM TO THE LOAN COMMITTEE")
    if breach and r["bonus"]:
        d.add_paragraph(f"Our test of the three financial covenants at {r['test']} gives a Debt Service Coverage "
                        f"Ratio of {dscr:.2f}:1 against the {t['min_dscr']:.2f}:1 minimum, a breach and an Event of "
                        f"Default under Section 8.1(c); the certificate, which reports no breach, shows "
                        f"{cert_dscr:.2f}:1 because it adds back a {_money(r['bonus'])} owner bonus that the EBITDA "
                        f"definition does not permit, and it leaves the {_money(r['due'])} due from shareholder in "
                        f"Tangible Net Worth ({_money(r['cert_tnw'])} certified against our {_money(f['tnw'])}, "
                        f"minimum {_money(t['min_tnw'])}).")
    else:
        d.add_paragraph(f"Our test of the three financial covenants at {r['test']} gives a Debt Service Coverage "
                        f"Ratio of {dscr:.2f}:1 against the {t['min_dscr']:.2f}:1 minimum, which is met, if with "
                        f"headroom of only {r['dscr'] - t['min_dscr']:.2f}; the certificate shows the same "
                        f"{cert_dscr:.2f}:1, and having recomputed each of its schedules from the quarterly "
                        "statements we have no difference to report.")
    d.add_paragraph(f"Cash flow available for debt service of {_money(r['cfads'])} is EBITDA of {_money(f['ebitda'])} "
                    f"less unfinanced capital expenditure of {_money(f['unfinanced'])}, cash taxes of "
                    f"{_money(f['taxes'])} and distributions of {_money(f['dist'])}, set against debt service of "
                    f"{_money(f['service'])}.")
    reset = f", as reset by the Second Amendment from the original {_money(t['original_min_tnw'])}," \
        if "original_min_tnw" in t else ""
    met = f["tnw"] >= t["min_tnw"]
    d.add_paragraph(f"Tangible Net Worth of {_money(f['tnw'])} {'clears' if met else 'falls short of'} its "
                    f"{_money(t['min_tnw'])} minimum{reset} so that covenant is " + ("met, " if met else "breached, ")
                    + ("although with less headroom than the borrower certified."
                       if r["cert_tnw"] != f["tnw"] else "exactly as the borrower certified."))
    if lev is None:
        d.add_paragraph(f"Total Funded Debt to EBITDA is not tested: Funded Debt is {_money(f['funded_debt'])}, but "
                        "the four-quarter EBITDA needs the three months to 31 December 2024, which are not on file, "
                        "and we have neither annualised nine months nor taken the borrower's figure.")
        d.add_paragraph("We need the borrower's statements for the quarter ended 31 December 2024"
                        + (" and a corrected certificate." if r["issues"] else "."))
    else:
        d.add_paragraph(f"Total Funded Debt to EBITDA is {lev:.2f}:1 (Funded Debt of {_money(f['funded_debt'])} "
                        f"over four-quarter EBITDA of {_money(f['ttm_ebitda'])}) against the "
                        f"{t['max_leverage']:.2f}:1 maximum, so that covenant is "
                        + ("also met." if lev <= t["max_leverage"] else "breached."))
        d.add_paragraph("We need a corrected certificate." if r["issues"] else
                        "We need nothing further from the borrower this quarter.")
    d.save(str(path))


def _memo_terse(path: Path, r: dict, cert: dict[str, Decimal]) -> None:
    f, t = r["figures"], r["terms"]
    dscr, cert_dscr = round(r["dscr"], 2), cert["Debt Service Coverage Ratio (6.2)"]
    lev, breach = _leverage(r), r["dscr"] < t["min_dscr"]
    d = docx.Document()
    d.add_heading("Covenant test - Q3 2025", level=1)
    lev_row = ("Funded Debt to EBITDA", f"{t['max_leverage']:.2f}x max", "Not tested", "n/a") if lev is None else \
        ("Funded Debt to EBITDA", f"{t['max_leverage']:.2f}x max", f"{lev:.2f}x - {_outcome(lev <= t['max_leverage'])}",
         f"{r['cert_leverage']:.2f}x")
    _table(d, ("Covenant", "Minimum", "Our test", "Per certificate"), [
        ("Tangible Net Worth", _money(t["min_tnw"]), f"{_money(f['tnw'])} - {_outcome(f['tnw'] >= t['min_tnw'])}",
         _money(r["cert_tnw"])),
        ("DSCR", f"{t['min_dscr']:.2f}x", f"{dscr:.2f}x - {_outcome(not breach)}", f"{cert_dscr:.2f}x"),
        lev_row])
    d.add_heading("Findings", level=2)
    if breach:
        findings = [f"DSCR {dscr:.2f}x, below the {t['min_dscr']:.2f}x minimum: breach, an Event of Default under "
                    "8.1(c)."]
    else:
        findings = [f"DSCR {dscr:.2f}x against the {t['min_dscr']:.2f}x minimum: pass; headroom "
                    f"{r['dscr'] - t['min_dscr']:.2f}x."]
    if r["bonus"]:
        findings += [f"We did not add back the {_money(r['bonus'])} owner bonus: the definition does not permit it.",
                     f"Do not rely on the certificate's {cert_dscr:.2f}x DSCR; it includes that bonus."]
    if f["tnw"] < t["min_tnw"]:
        findings.append(f"Tangible Net Worth {_money(f['tnw'])}, below the {_money(t['min_tnw'])} minimum"
                        f"{_tnw_note(r)}: breach.")
    else:
        findings.append(f"No breach of Tangible Net Worth: {_money(f['tnw'])} against a minimum of "
                        f"{_money(t['min_tnw'])}.")
    if r["cert_tnw"] != f["tnw"]:
        findings.append(f"The certificate does not deduct the {_money(r['due'])} receivable due from the shareholder.")
    if lev is None:
        findings.append("Leverage not tested; we have not annualized nine months of EBITDA.")
    else:
        findings.append(f"Leverage {lev:.2f}x against the {t['max_leverage']:.2f}x maximum: "
                        f"{_outcome(lev <= t['max_leverage']).lower()}.")
    if not r["issues"]:
        findings.append("Certificate checked line by line: no differences, nothing to correct.")
    for text in findings:
        d.add_paragraph(text, style="List Bullet")
    d.add_heading("Needed from the borrower", level=2)
    d.add_paragraph("Q4 2024 statements (quarter ended December 31, 2024)." if lev is None else "Nothing.",
                    style="List Bullet")
    d.save(str(path))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", choices=STYLES, required=True)
    style = parser.parse_args().style
    workspace = Path(os.environ.get("WP42_WORKSPACE", "."))
    out = Path(os.environ.get("WP42_OUT", workspace / "out"))
    out.mkdir(parents=True, exist_ok=True)
    r = solve.analyse(workspace, "reference", READERS[style])
    cert = _certificate(workspace)
    if style == "tables":
        _statements_workbook(out / "covenant_test.xlsx", r, cert)
        _memo_tables(out / "credit_memo.docx", r, cert)
        question = ("Please provide the CFO-certified statements for the quarter ended Dec 31, 2024 (Q4 2024), "
                    "needed for the four-quarter EBITDA in test 6.1.")
    elif style == "prose":
        _plain_workbook(out / "covenant_test.xlsx", r, tnw_first=False)
        _memo_prose(out / "credit_memo.docx", r, cert)
        question = ("Could the borrower send its balance sheet, income statement and cash flow statement for the "
                    "three months to 31 December 2024? Without them the leverage covenant cannot be tested.")
    else:
        _plain_workbook(out / "covenant_test.xlsx", r, tnw_first=True)
        _memo_terse(out / "credit_memo.docx", r, cert)
        question = "Need the fourth quarter of 2024 statements to test Funded Debt to EBITDA."
    tested = r["leverage"] is not None
    dscr = round(r["dscr"], 2)
    tnw_met = r["figures"]["tnw"] >= r["terms"]["min_tnw"]
    summary = (f"DSCR {dscr:.2f}x ({'met' if r['dscr'] >= r['terms']['min_dscr'] else 'breach'}); "
               f"TNW {'met' if tnw_met else 'breach'}; "
               + (f"leverage {_leverage(r):.2f}x." if tested else "leverage not tested."))
    completion = {"status": "completed" if tested else "needs_clarification", "summary": summary,
                  "deliverables": ["covenant_test.xlsx", "credit_memo.docx", "COMPLETION.json"],
                  "assumptions": [], "questions": [] if tested else [question],
                  "issues_found": r["issues"] or (["None: the certificate agrees with our calculation."]
                                                  if style == "terse" else [])}
    (out / "COMPLETION.json").write_text(json.dumps(completion, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
