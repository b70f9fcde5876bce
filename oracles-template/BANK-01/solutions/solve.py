"""BANK-01 worker: the quarterly covenant test as a careful credit analyst performs it, reading only the workspace.

Run with cwd = the workspace; writes to $WP42_OUT (default ./out). ``--variant`` produces the plausible wrong
solutions the evaluator must reject: trusts_certificate, annualizes_ttm, off_by_one_period, ignores_definitions,
fabricated_cached (challenge set), invents_issues and asks_needless_question (coverage set), ignores_amendment and
paragraph_text_only (hard level: the amendment read as python-docx's ``Paragraph.text`` gives it, which leaves out the
level typed into the template's content control, so it tests tangible net worth against the agreement's level) and
naive_prepayment (hard challenge level: debt service summed from the cash flow repayment lines, so the voluntary
prepayment of the term loan that the debt note discloses counts as if it were scheduled principal) and body_text_only
(hard challenge level: the agreement read as python-docx's paragraphs give it, without word/footnotes.xml, so the
footnote counting undrawn standby letters of credit in Funded Debt goes unread).
The reference is never
told the set: it tests leverage when the four quarters are in the file, asks for a missing one otherwise, and reports
only the differences it finds between the certificate and its own figures. Imports only installed packages (pypdf,
python-docx, xlsxwriter, lxml).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import zipfile
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import docx
import xlsxwriter
from docx.oxml.ns import qn
from lxml import etree
from pypdf import PdfReader

VARIANTS = ("reference", "trusts_certificate", "annualizes_ttm", "off_by_one_period", "ignores_definitions",
            "fabricated_cached", "invents_issues", "asks_needless_question", "ignores_amendment",
            "paragraph_text_only", "naive_prepayment", "body_text_only")
#: Certificate figures agree with ours when they differ by no more than the certificate's own rounding.
DOLLAR, HUNDREDTH = Decimal("0.5"), Decimal("0.005")
SECTIONS = {"BALANCE SHEET": "bs", "STATEMENT OF INCOME": "is", "STATEMENT OF CASH FLOWS": "cf", "NOTES": "notes"}
AMOUNT = re.compile(r"^\(?[\d,]+\)?$|^-$")
#: A debt note's disclosure of a voluntary prepayment: "made a voluntary prepayment of $475,000 of the term loan".
PREPAYMENT = re.compile(r"voluntary\s+prepayments?\s+of\s+\$([\d,]+)\s+of\s+the\s+term\s+loan", re.I)
#: Where read_package keeps the term loan prepaid in the quarter (its notes).
PREPAID = "Voluntary prepayment of term loan"
#: A debt note's disclosure of a standby letter of credit: "issued a standby letter of credit of $250,000".
LETTER_OF_CREDIT = re.compile(r"standby\s+letters?\s+of\s+credit\s+of\s+\$([\d,]+)", re.I)
#: Where read_package keeps the undrawn standby letters of credit outstanding at the quarter end (its notes).
LETTERS_OF_CREDIT = "Standby letters of credit"
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def amount(text: str) -> Decimal:
    text = text.strip()
    if text == "-":
        return Decimal(0)
    negative = text.startswith("(")
    value = Decimal(text.strip("()").replace(",", ""))
    return -value if negative else value


def read_package(path: Path) -> dict[str, dict[str, Decimal]]:
    """{"bs"|"is"|"cf": {label: amount}, "notes": {PREPAID: amount}} from one statement package (label and amount on
    consecutive lines; the term loan prepaid voluntarily in the quarter as its notes disclose it, 0 if none)."""
    lines = [ln.strip() for page in PdfReader(str(path)).pages for ln in (page.extract_text() or "").splitlines()]
    found: dict[str, dict[str, Decimal]] = {"bs": {}, "is": {}, "cf": {}, "notes": {}}
    section = None
    for index, line in enumerate(lines):
        heading = next((v for k, v in SECTIONS.items() if line.startswith(k)), None)
        if heading:
            section = heading
            continue
        if section in ("bs", "is", "cf") and index + 1 < len(lines) and AMOUNT.match(lines[index + 1]) \
                and not AMOUNT.match(line) and line:
            found[section].setdefault(line, amount(lines[index + 1]))
    notes = " ".join(lines[next((i for i, ln in enumerate(lines) if ln.startswith("NOTES")), len(lines)):])
    found["notes"][PREPAID] = sum((amount(m.group(1)) for m in PREPAYMENT.finditer(notes)), Decimal(0))
    found["notes"][LETTERS_OF_CREDIT] = sum((amount(m.group(1)) for m in LETTER_OF_CREDIT.finditer(notes)),
                                            Decimal(0))
    return found


def footnotes_by_paragraph(path: Path) -> dict[str, str]:
    """{body paragraph text: its footnotes' text} of a Word document, read from the package itself: python-docx's
    paragraphs leave out word/footnotes.xml, where the notes printed at the foot of the page are stored."""
    with zipfile.ZipFile(path) as package:
        if "word/footnotes.xml" not in package.namelist():
            return {}
        notes = {note.get(f"{W}id"): "".join(t.text or "" for t in note.iter(f"{W}t")).strip()
                 for note in etree.fromstring(package.read("word/footnotes.xml")).iter(f"{W}footnote")}
        body = etree.fromstring(package.read("word/document.xml"))
    found = {}
    for paragraph in body.iter(f"{W}p"):
        marks = [ref.get(f"{W}id") for ref in paragraph.iter(f"{W}footnoteReference")]
        if marks:
            text = "".join(t.text or "" for t in paragraph.iter(f"{W}t"))
            found[text] = " ".join(notes.get(m, "") for m in marks)
    return found


def read_agreement(path: Path, footnotes: bool = True) -> dict[str, Decimal]:
    """The covenant terms, with a footnote to the Funded Debt definition that brings standby letters of credit in
    (``letters_of_credit`` 1); ``footnotes`` False reads the paragraphs alone (the body_text_only wrong solution)."""
    text = "\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    money = lambda pattern: Decimal(re.search(pattern, text).group(1).replace(",", ""))  # noqa: E731
    notes = footnotes_by_paragraph(path) if footnotes else {}
    funded_debt_notes = " ".join(note for paragraph, note in notes.items() if paragraph.startswith('"Funded Debt"'))
    return {"litigation_cap": money(r"litigation, in an aggregate amount not to exceed \$([\d,]+)"),
            "max_leverage": money(r"Ratio of not more\s+than ([\d.]+):1"),
            "min_dscr": money(r"Coverage Ratio of not less than ([\d.]+):1"),
            "min_tnw": money(r"Tangible Net Worth of not less than \$([\d,]+)"),
            "letters_of_credit": Decimal(bool(re.search(r"includes[^.]*letters of credit", funded_debt_notes)))}


QUARTER_END = {1: "March 31", 2: "June 30", 3: "September 30", 4: "December 31"}


def paragraph_texts(path: Path) -> list[str]:
    """Every body paragraph of a Word document as a reader sees it: all of its ``w:t`` text in document order,
    including what sits in a content control (``w:sdt``), which python-docx's ``Paragraph.text`` leaves out (it
    reads only the paragraph's direct runs)."""
    return ["".join(t.text or "" for t in p._p.iter(qn("w:t"))) for p in docx.Document(str(path)).paragraphs]


def direct_run_texts(path: Path) -> list[str]:
    """The paragraphs as ``Paragraph.text`` gives them (the paragraph_text_only wrong solution's reading)."""
    return [p.text for p in docx.Document(str(path)).paragraphs]


#: The restated Section 6.3 of an amendment: the level and the first quarter end it applies to.
TNW_RESTATED = re.compile(r"Tangible Net Worth of not less than \$([\d,]+) as of the last day of each fiscal quarter "
                          r"ending on or after ([A-Z][a-z]+ \d{1,2}, \d{4})")


def read_amendments(inputs: Path, terms: dict[str, Decimal], test: str,
                    paragraphs: Callable[[Path], list[str]] = paragraph_texts) -> dict[str, Decimal]:
    """``terms`` with any amendment in the file applied: a restated 6.2 minimum that names the test quarter
    ("not less than 1.20:1.00 for the fiscal quarters ending September 30, 2025 and ...") and a restated 6.3 minimum
    applying from a quarter end on or before the test quarter's replace the agreement's. ``paragraphs`` reads a
    document's paragraph texts (:func:`paragraph_texts`)."""
    terms = dict(terms)
    quarter_end = f"{QUARTER_END[int(test[-1])]}, {test[:4]}"
    tested = datetime.strptime(quarter_end, "%B %d, %Y")
    for path in sorted(inputs.glob("credit_agreement*amendment*.docx")):
        text = re.sub(r"\s+", " ", "\n".join(paragraphs(path)))
        for match in re.finditer(r"Coverage Ratio of not less than ([\d.]+):1\.00 for the fiscal quarters? ending "
                                 r"((?:[A-Z][a-z]+ \d{1,2}, \d{4}(?:,? and |, )?)+)", text):
            if quarter_end in match.group(2):
                terms["min_dscr"] = Decimal(match.group(1))
                terms["amended_by"] = path.name
        for match in TNW_RESTATED.finditer(text):
            if datetime.strptime(match.group(2), "%B %d, %Y") <= tested:
                terms["original_min_tnw"] = terms["min_tnw"]
                terms["min_tnw"] = Decimal(match.group(1).replace(",", ""))
                terms["tnw_amended_by"] = path.name
    return terms


def read_certificate(path: Path) -> dict[str, Decimal]:
    """{row label: amount} from the certificate's tables (the Actual column of the summary, else the amount)."""
    found = {}
    for table in docx.Document(str(path)).tables:
        for row in table.rows:
            cells = [c.text.strip() for c in row.cells]
            value = cells[2] if len(cells) == 4 else cells[-1]
            digits = re.sub(r"[^\d.]", "", value)
            if digits and cells[0] not in found:
                found[cells[0]] = -Decimal(digits) if value.startswith(("(", "-", "$-")) else Decimal(digits)
    return found


def analyse(workspace: Path, variant: str, paragraphs: Callable[[Path], list[str]] = paragraph_texts) -> dict:
    """Our covenant figures, the terms as amended and the certificate's differences; ``paragraphs`` reads the
    amendments' paragraph texts (each alternative solution reads them its own way)."""
    inputs = workspace / "inputs"
    packages = {re.search(r"(\d{4}Q\d)", p.name).group(1): read_package(p)
                for p in sorted(inputs.glob("financial_statements_*.pdf"))}
    terms = read_agreement(inputs / "credit_agreement.docx", footnotes=variant != "body_text_only")
    test = max(packages)
    if variant == "paragraph_text_only":  # the amendment's paragraphs without its content control's level
        paragraphs = direct_run_texts
    if variant != "ignores_amendment":  # the wrong one tests against the agreement as first signed
        terms = read_amendments(inputs, terms, test, paragraphs)
    year, quarter = int(test[:4]), int(test[-1])
    ytd_keys = [f"{year}Q{n}" for n in range(1, quarter + 1)]
    ttm_keys = [f"{year - 1}Q{n}" for n in range(quarter + 1, 5)] + ytd_keys
    if variant == "off_by_one_period":  # takes the four packages in the file as the four quarters
        ytd_keys = ttm_keys = sorted(packages)[-4:]
    missing_ytd = [k for k in ytd_keys if k not in packages]
    missing_ttm = [k for k in ttm_keys if k not in packages]
    if missing_ytd:
        raise SystemExit(f"year-to-date package missing: {missing_ytd}")

    def ebitda(keys: list[str]) -> Decimal:
        total, litigation = Decimal(0), Decimal(0)
        for key in keys:
            inc = packages[key]["is"]
            total += (inc["Net income"] + inc["Interest expense"] + inc["Income tax expense"]
                      + inc["Depreciation and amortization"])
            if variant == "ignores_definitions":  # adds back everything, keeps the gain
                total += inc["Litigation settlement"]
            else:
                total -= inc["Gain on sale of equipment"]
                litigation += inc["Litigation settlement"]
        return total + min(litigation, terms["litigation_cap"])

    cf = lambda key, label: packages[key]["cf"][label]  # noqa: E731
    figures = {
        "ebitda": ebitda(ytd_keys),
        "unfinanced": sum(-cf(k, "Purchases of property and equipment") - cf(k, "Proceeds from equipment notes")
                          for k in ytd_keys),
        "taxes": sum(cf(k, "Cash paid for income taxes") for k in ytd_keys),
        "dist": sum(-cf(k, "Distributions to shareholders") for k in ytd_keys),
        # Debt Service is scheduled principal: a voluntary prepayment inside the repayment line is left out
        "service": sum(-cf(k, "Repayments of term loan") - cf(k, "Repayments of equipment notes")
                       + cf(k, "Cash paid for interest")
                       - (0 if variant == "naive_prepayment" else packages[k]["notes"][PREPAID]) for k in ytd_keys),
    }
    bs = packages[test]["bs"]
    figures["funded_debt"] = (bs["Revolving line of credit"] + bs["Current portion of term loan"]
                              + bs["Term loan, less current portion"] + bs["Current portion of equipment notes"]
                              + bs["Equipment notes, less current portion"])
    # Funded Debt counts undrawn standby letters of credit where the definition's footnote says so (off balance sheet)
    letters = packages[test]["notes"][LETTERS_OF_CREDIT] if terms["letters_of_credit"] else Decimal(0)
    figures["funded_debt"] += letters
    figures["tnw"] = (bs["Total stockholders' equity"] + bs["Subordinated note payable - shareholder"]
                      - bs["Goodwill"] - bs["Intangible assets, net"] - bs["Due from shareholder"])
    if variant == "ignores_definitions":
        figures["funded_debt"] += bs["Subordinated note payable - shareholder"]
        figures["tnw"] = bs["Total stockholders' equity"] - bs["Goodwill"] - bs["Intangible assets, net"]
    cert = read_certificate(inputs / "compliance_certificate_2025Q3.docx")
    bonus = next((v for k, v in cert.items() if k.lower().startswith("add back")), Decimal(0))
    cert_dscr, cert_tnw = cert["Debt Service Coverage Ratio (6.2)"], cert["Tangible Net Worth (6.3)"]
    leverage = None
    if not missing_ttm:
        figures["ttm_ebitda"] = ebitda(ttm_keys)
    if variant == "trusts_certificate":
        figures["ebitda"] += bonus
        figures["tnw"] = cert_tnw
        leverage = cert["Total Funded Debt to EBITDA (6.1)"]
    elif variant == "annualizes_ttm":
        leverage = "annualized"
    elif not missing_ttm:
        leverage = "ttm"
    cfads = figures["ebitda"] - figures["unfinanced"] - figures["taxes"] - figures["dist"]
    dscr = cfads / figures["service"]
    due = bs["Due from shareholder"]
    r = {"figures": figures, "cfads": cfads, "dscr": dscr, "terms": terms, "leverage": leverage,
         "missing_ttm": missing_ttm, "ttm_keys": ttm_keys, "ytd_keys": ytd_keys, "test": test,
         "cert_dscr": cert_dscr, "cert_tnw": cert_tnw, "cert_leverage": cert["Total Funded Debt to EBITDA (6.1)"],
         "bonus": bonus, "due": due, "packages": packages, "certificate": cert,
         "prepaid": sum(packages[k]["notes"][PREPAID] for k in ytd_keys), "letters_of_credit": letters}
    r["issues"] = certificate_differences(r)
    return r


def certificate_differences(r: dict) -> list[str]:
    """One sentence per place the certificate differs from our figures (the agreement controls, section 6.4): an
    add-back the EBITDA definition does not allow, a DSCR, tangible net worth or leverage ratio other than ours.
    Empty when the certificate agrees; a leverage ratio we could not compute is not compared."""
    f, cert, found = r["figures"], r["certificate"], []
    dscr = r["dscr"]
    if r["bonus"]:
        found.append(f"The certificate adds back a ${r['bonus']:,.0f} owner bonus to EBITDA; the EBITDA definition "
                     "permits no such add-back without the Bank's written consent. Without it the DSCR is "
                     f"{dscr:.2f}x, not the {r['cert_dscr']:.2f}x certified.")
    elif abs(r["cert_dscr"] - round(dscr, 2)) > HUNDREDTH:
        found.append(f"The certificate's DSCR of {r['cert_dscr']:.2f}x differs from our {dscr:.2f}x.")
    gap = r["cert_tnw"] - f["tnw"]
    has_receivable_line = any("due from shareholder" in k.lower() for k in cert)
    if abs(gap) > DOLLAR and abs(gap - r["due"]) <= DOLLAR and not has_receivable_line:
        found.append(f"The certificate's Tangible Net Worth (${r['cert_tnw']:,.0f}) does not deduct the "
                     f"${r['due']:,.0f} due from shareholder that the definition requires; correct figure "
                     f"${f['tnw']:,.0f}.")
    elif abs(gap) > DOLLAR:
        found.append(f"The certificate's Tangible Net Worth (${r['cert_tnw']:,.0f}) differs from our "
                     f"${f['tnw']:,.0f}.")
    certified = cert.get("Funded Debt at September 30, 2025")
    if certified is not None and abs(certified - f["funded_debt"]) > DOLLAR:
        why = (f": it leaves out the ${r['letters_of_credit']:,.0f} undrawn standby letter of credit that footnote 1 to "
               "the Funded Debt definition counts" if abs(f["funded_debt"] - certified - r["letters_of_credit"])
               <= DOLLAR else "")
        found.append(f"The certificate's Funded Debt of ${certified:,.0f} differs from our ${f['funded_debt']:,.0f}"
                     f"{why}.")
    if "ttm_ebitda" in f:
        ours = f["funded_debt"] / f["ttm_ebitda"]
        if abs(r["cert_leverage"] - round(ours, 2)) > HUNDREDTH:
            found.append(f"The certificate's Total Funded Debt to EBITDA of {r['cert_leverage']:.2f}x differs from "
                         f"our {ours:.2f}x.")
    return found


def write_workbook(path: Path, r: dict, variant: str) -> dict:
    f, terms = r["figures"], r["terms"]
    wb = xlsxwriter.Workbook(str(path))
    money = wb.add_format({"num_format": "#,##0;(#,##0)"})
    ratio = wb.add_format({"num_format": '0.00"x"'})
    bold = wb.add_format({"bold": True})
    calc = wb.add_worksheet("Calculations")
    calc.set_column("A:A", 52)
    calc.set_column("B:B", 16)
    lines = [("Total Funded Debt", f["funded_debt"]), ("EBITDA - year to date", f["ebitda"]),
             ("Unfinanced capital expenditures - year to date", f["unfinanced"]),
             ("Cash taxes paid - year to date", f["taxes"]), ("Distributions - year to date", f["dist"])]
    for row, (label, value) in enumerate(lines):
        calc.write(row, 0, label)
        calc.write_number(row, 1, float(value), money)
    calc.write(5, 0, "Cash flow available for debt service", bold)
    calc.write_formula(5, 1, "=B2-B3-B4-B5", money, float(r["cfads"]))
    calc.write(6, 0, "Debt service - year to date")
    calc.write_number(6, 1, float(f["service"]), money)
    calc.write(7, 0, "Tangible Net Worth", bold)
    calc.write_number(7, 1, float(f["tnw"]), money)
    calc.write(9, 0, f"Year-to-date period: {', '.join(r['ytd_keys'])}; test date: quarter {r['test']}")
    calc.write(10, 0, f"Trailing four quarters needed for leverage: {', '.join(r['ttm_keys'])}")
    if "ttm_ebitda" in f:
        calc.write(11, 0, "EBITDA - trailing four quarters")
        calc.write_number(11, 1, float(f["ttm_ebitda"]), money)
    cov = wb.add_worksheet("Covenants")
    cov.set_column("A:A", 34)
    cov.set_column("B:D", 18)
    for col, head in enumerate(["Covenant", "Requirement", "Actual", "Result"]):
        cov.write(0, col, head, bold)
    cov.write(1, 0, "Total Funded Debt to EBITDA")
    cov.write(1, 1, f"<= {terms['max_leverage']:.2f}x")
    lev_value = None
    if r["leverage"] is None:
        cov.write(1, 2, "n/a")
        cov.write(1, 3, "Not tested")
    else:
        if r["leverage"] == "annualized":
            lev_value = f["funded_debt"] / (f["ebitda"] * 4 / 3)
            cov.write_formula(1, 2, "=Calculations!B1/(Calculations!B2*4/3)", ratio, float(lev_value))
        elif r["leverage"] == "ttm":
            lev_value = f["funded_debt"] / f["ttm_ebitda"]
            cov.write_formula(1, 2, "=Calculations!B1/Calculations!B12", ratio, float(lev_value))
        else:
            lev_value = r["leverage"]
            cov.write_number(1, 2, float(lev_value), ratio)
        cov.write(1, 3, "Pass" if lev_value <= terms["max_leverage"] else "Breach")
    dscr_shown = r["dscr"]
    if variant == "fabricated_cached":  # the cached value shows the certificate's passing ratio
        dscr_shown = r["cert_dscr"]
    cov.write(2, 0, "Debt Service Coverage Ratio")
    cov.write(2, 1, f">= {terms['min_dscr']:.2f}x")
    cov.write_formula(2, 2, "=Calculations!B6/Calculations!B7", ratio, float(dscr_shown))
    cov.write(2, 3, "Pass" if dscr_shown >= terms["min_dscr"] else "Breach")
    cov.write(3, 0, "Tangible Net Worth")
    cov.write(3, 1, f">= ${terms['min_tnw']:,.0f}")
    cov.write_formula(3, 2, "=Calculations!B8", money, float(f["tnw"]))
    cov.write(3, 3, "Pass" if f["tnw"] >= terms["min_tnw"] else "Breach")
    wb.close()
    return {"leverage": lev_value, "dscr_shown": dscr_shown}


def write_memo(path: Path, r: dict, shown: dict, variant: str = "reference") -> None:
    f, terms = r["figures"], r["terms"]
    d = docx.Document()
    d.add_heading(f"Credit memo - covenant test at quarter {r['test']}", level=1)
    d.add_paragraph("To: Colette Margrave, Credit Risk Officer. For the loan committee.")
    d.add_heading("Results", level=2)
    breach = shown["dscr_shown"] < terms["min_dscr"]
    amended = f" (Section 6.2 as amended, {terms['amended_by']})" if "amended_by" in terms else ""
    d.add_paragraph(f"Debt Service Coverage Ratio (6.2, year to date {', '.join(r['ytd_keys'])}): "
                    f"{shown['dscr_shown']:.2f}x against a minimum of {terms['min_dscr']:.2f}x{amended} - "
                    + ("BREACH. Under Section 8.1(c) this is an Event of Default with no grace or cure period."
                       if breach else "pass."), style="List Bullet")
    d.add_paragraph(f"Cash flow available for debt service ${r['cfads']:,.0f}: EBITDA ${f['ebitda']:,.0f} less "
                    f"unfinanced capital expenditures ${f['unfinanced']:,.0f}, cash taxes ${f['taxes']:,.0f} and "
                    f"distributions ${f['dist']:,.0f}; debt service ${f['service']:,.0f}."
                    + (f" Debt service is scheduled principal and cash interest: it leaves out the "
                       f"${r['prepaid']:,.0f} voluntary prepayment of the term loan that the repayment line includes "
                       "(debt note), as the Debt Service definition excludes any voluntary prepayment."
                       if r["prepaid"] and variant != "naive_prepayment" else ""), style="List Bullet")
    amended = f" (Section 6.3 as amended, {terms['tnw_amended_by']})" if "tnw_amended_by" in terms else ""
    d.add_paragraph(f"Tangible Net Worth (6.3): ${f['tnw']:,.0f} against a minimum of ${terms['min_tnw']:,.0f}{amended} - "
                    + ("pass." if f["tnw"] >= terms["min_tnw"] else "BREACH. Under Section 8.1(c) this is an Event of "
                       "Default with no grace or cure period."), style="List Bullet")
    if shown["leverage"] is None:
        letters = (f" (including the ${r['letters_of_credit']:,.0f} undrawn standby letter of credit, as footnote 1 "
                   "to the definition requires)" if r["letters_of_credit"] else "")
        d.add_paragraph(f"Total Funded Debt to EBITDA (6.1): not tested. Funded Debt is ${f['funded_debt']:,.0f}"
                        f"{letters}, "
                        f"but EBITDA for the four quarters {', '.join(r['ttm_keys'])} needs the statements for "
                        f"{', '.join(r['missing_ttm'])} (quarter ended December 31, 2024), which are not in our file.",
                        style="List Bullet")
    else:
        within = shown["leverage"] <= terms["max_leverage"]
        d.add_paragraph(f"Total Funded Debt to EBITDA (6.1): {shown['leverage']:.2f}x against a maximum of "
                        f"{terms['max_leverage']:.2f}x - " + ("pass." if within else "BREACH."), style="List Bullet")
    d.add_heading("Borrower's compliance certificate", level=2)
    for issue in r["issues"]:
        d.add_paragraph(issue, style="List Bullet")
    if not r["issues"]:
        d.add_paragraph(f"We recomputed every line of the certificate from the statements and found no difference: it "
                        f"certifies a DSCR of {r['cert_dscr']:.2f}x, Tangible Net Worth of ${r['cert_tnw']:,.0f} and "
                        f"leverage of {r['cert_leverage']:.2f}x, as we do.", style="List Bullet")
    d.add_heading("What we need from the borrower", level=2)
    d.add_paragraph("The statements for the quarter ended December 31, 2024." if shown["leverage"] is None else
                    "Nothing further: the file holds every statement the three tests need.", style="List Bullet")
    d.save(str(path))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", choices=VARIANTS, default="reference")
    variant = parser.parse_args().variant
    workspace = Path(os.environ.get("WP42_WORKSPACE", "."))
    out = Path(os.environ.get("WP42_OUT", workspace / "out"))
    out.mkdir(parents=True, exist_ok=True)
    r = analyse(workspace, variant)
    if variant == "invents_issues":  # a plausible difference that is not there: the receivable "not deducted"
        r["issues"] = [*r["issues"], f"The certificate's Tangible Net Worth (${r['cert_tnw']:,.0f}) does not deduct "
                       f"the ${r['due']:,.0f} due from shareholder that the definition requires."]
    shown = write_workbook(out / "covenant_test.xlsx", r, variant)
    write_memo(out / "credit_memo.docx", r, shown, variant)
    questions = []
    if shown["leverage"] is None:
        questions.append("Please obtain the borrower's financial statements for the quarter ended December 31, 2024 "
                         "(Q4 2024); without them the trailing-twelve-month EBITDA and the Total Funded Debt to "
                         "EBITDA test (6.1) cannot be computed.")
    if variant == "asks_needless_question":  # the agreement already answers it: no other add-back without consent
        questions.append("Should the discretionary bonus paid to the president and majority shareholder in August "
                         "2025 be treated as a distribution rather than as compensation?")
    completion = {
        "status": "needs_clarification" if questions else "completed",
        "summary": f"Covenant test at {r['test']}: DSCR {shown['dscr_shown']:.2f}x, TNW ${r['figures']['tnw']:,.0f}.",
        "deliverables": ["covenant_test.xlsx", "credit_memo.docx"], "assumptions": [], "questions": questions,
        "issues_found": r["issues"] if variant not in ("trusts_certificate",) else [],
    }
    (out / "COMPLETION.json").write_text(json.dumps(completion, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
