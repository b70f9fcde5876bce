"""RE-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is the reference's answer (solve.compute) written the way a different professional would; the fair gate
needs at least three and every one must keep det_completion. Runs as an ordinary worker, like solve.py.

- ``tables``: the brief's tables under a title row, with extra columns (suite, notes), a totals row, shares as
  percentages, a Notes sheet; the letter carries a table of the months billed short.
- ``prose``: the variance and balance formulas read a Workings sheet; adjustments written "$2,370.69" with the
  charge code spelled "Base rent"; a long letter with the amounts in words and figures and a sentence that the
  shortfall cannot be waived.
- ``terse``: only the brief's columns, tenants in reverse order, the adjustment in a one-row CSV, a two-paragraph
  letter.

The hard level's signed amendment, attached to a lease abstract as a scan, is read here another way than the
reference's (:func:`amended_percentage`): the page is rendered afresh at 300 dpi by pdftoppm (greyscale PGM) and
read by the ``tesseract`` command in sparse-text mode (``--psm 11``, one thread as in amendment_scan.py); the figure
is the first percentage among the words after "Cap on Controllable". The reference hands the page's embedded image
(about 150 dpi) to tesseract through pytesseract as one block (``--psm 6``) and matches the item with a regular
expression.
"""

from __future__ import annotations

import argparse
import calendar
import os
import re
import shutil
import subprocess
from datetime import date
from decimal import Decimal
from pathlib import Path

import solve
from openpyxl import Workbook
from solve import OUT, YEAR


def amended_percentage(path: Path) -> Decimal | None:
    """The cap on controllable operating expenses on the scanned page of a lease abstract (a page with no text):
    "3.5%" -> Decimal("3.5"); None when there is no such page or item. Exits with a one-line message when pdftoppm
    or tesseract is missing."""
    import pypdf

    for program, package in (("pdftoppm", "poppler-utils"), ("tesseract", "tesseract-ocr")):
        if shutil.which(program) is None:
            raise SystemExit(f"{program} is not installed: apt-get install {package}")
    pages = pypdf.PdfReader(str(path)).pages
    for number in (n for n, page in enumerate(pages, 1) if not (page.extract_text() or "").strip()):
        render = subprocess.run(["pdftoppm", "-r", "300", "-gray", "-f", str(number), "-l", str(number), str(path)],
                                capture_output=True, check=True).stdout  # PGM: PNG compression costs more than OCR
        words = subprocess.run(["tesseract", "-", "-", "--psm", "11"], input=render, capture_output=True, check=True,
                               env={"OMP_THREAD_LIMIT": "1", **os.environ}).stdout.decode().split()
        after = next((words[k + 3:] for k in range(len(words)) if words[k:k + 3] == ["Cap", "on", "Controllable"]), [])
        figure = next((word[:-1] for word in after if re.fullmatch(r"\d+(?:\.\d+)?%", word)), None)
        if figure:
            return Decimal(figure)
    return None


def catch_up(result: dict) -> tuple[str, Decimal]:
    return next(iter(sorted(result["adjustments"].items())))


def save(book: Workbook, result: dict) -> tuple[str, Decimal, solve.Lease] | None:
    """Save the workbook as out/lease_audit.xlsx; return the tenant billed short, its catch-up and its lease, or
    None when every tenant was billed right (the coverage set): then there is no letter to write, and without the
    portal the adjustments file holds only its header."""
    book.save(OUT / "lease_audit.xlsx")
    if not result["adjustments"]:
        solve.post_adjustments([])
        return None
    tid, amount = catch_up(result)
    return tid, amount, result["leases"][tid]


def new_rent(result: dict, tid: str) -> Decimal:
    return result["leases"][tid].rent_on(date(YEAR + 1, 2, 1))


def tables(result: dict) -> None:
    book = Workbook()
    ws = book.active
    ws.title = "Rent"
    ws.append([f"Kiln Street Commons - {YEAR} base rent audit"])
    ws.append([])
    ws.append(["Tenant ID", "Suite", "Tenant", "Contract base rent 2025 ($)", "Billed base rent 2025 ($)", "Variance",
               "Contract monthly rent", "Rent roll monthly rent", "Rent roll variance", "Notes"])
    first = 4
    for row, (tid, r) in enumerate(sorted(result["rent"].items()), start=first):
        note = "Billed short: catch-up posted" if r["billed"] != r["contract"] else (
            "Rent roll to correct" if r["roll"] != r["monthly"] else "Agrees")
        ws.append([tid, tid.split("-")[1], result["leases"][tid].name, float(r["contract"]), float(r["billed"]),
                   f"=E{row}-D{row}", float(r["monthly"]), float(r["roll"]), f"=H{row}-G{row}", note])
    last = ws.max_row
    ws.append(["Total", "", "", f"=SUM(D{first}:D{last})", f"=SUM(E{first}:E{last})", f"=SUM(F{first}:F{last})"])
    cam = book.create_sheet("CAM")
    cam.append(["Tenant ID", "Tenant", "Share", "Months", "Recoverable 2025", "Estimates billed 2025", "Balance due",
                "Draft balance", "Difference from draft"])
    for row, (tid, c) in enumerate(sorted(result["cam"].items()), start=2):
        months = sum(1 for m in range(1, 13) if result["leases"][tid].occupied(YEAR, m))
        cam.append([tid, result["leases"][tid].name, f"{c['share']}%", months, float(c["recoverable"]),
                    float(c["estimates"]), f"=E{row}-F{row}", float(c["draft"] - c["estimates"]), f"=G{row}-H{row}"])
    notes = book.create_sheet("Notes")
    for line in solve.findings(result):
        notes.append([line])
    found = save(book, result)
    if found is None:
        return
    tid, amount, lease = found
    rows = [["Invoice", "Billed", "Lease rent", "Short"]]
    start = solve.anniversary_2025(lease)
    old = lease.rent_on(date.fromordinal(start.toordinal() - 1))
    for y, m in solve.BILLED:
        if date(y, m, 1) >= start:
            due = lease.month_rent(y, m)
            rows.append([f"{calendar.month_name[m]} {y}", f"{old:,.2f}", f"{due:,.2f}", f"{due - old:,.2f}"])
    rows.append(["Total", "", "", f"{amount:,.2f}"])
    solve.write_docx(OUT / "tenant_letter.docx", [
        ("para", "February 2026"), ("para", f"{lease.name}, Suite {tid.split('-')[1]}"),
        ("heading", "Base rent catch-up"),
        ("para", f"Dear {lease.contact}, your lease's annual increase took effect on "
                 f"{solve.anniversary_2025(lease):%B %d, %Y} but was not billed. The months billed short are below."),
        ("table", rows),
        ("para", f"Total catch-up: ${amount:,.2f}, billed as a one-time charge on your March invoice. Monthly base "
                 f"rent going forward: ${new_rent(result, tid):,.2f}."),
        ("para", "Kind regards, Hannah Vick, Asset Manager")])
    solve.post_adjustments([{"tenant_id": tid, "charge_code": "RNT", "amount": f"{amount:.2f}",
                             "description": "Catch-up of 2025-26 base rent escalation"}])


def prose(result: dict) -> None:
    book = Workbook()
    work = book.active
    work.title = "Workings"
    work.append(["Tenant ID", "Contract", "Billed", "Lease monthly", "Rent roll", "Recoverable", "Estimates"])
    tids = sorted(result["rent"])
    for tid in tids:
        r, c = result["rent"][tid], result["cam"][tid]
        work.append([tid, float(r["contract"]), float(r["billed"]), float(r["monthly"]), float(r["roll"]),
                     float(c["recoverable"]), float(c["estimates"])])
    rent = book.create_sheet("Rent")
    rent.append(["Tenant ID", "Tenant", "Contract base rent 2025", "Billed base rent 2025", "Variance",
                 "Contract monthly rent", "Rent roll monthly rent", "Rent roll variance"])
    cam = book.create_sheet("CAM")
    cam.append(["Tenant ID", "Tenant", "Share", "Recoverable 2025", "Estimates billed 2025", "Balance due"])
    for k, tid in enumerate(tids, start=2):
        name = result["leases"][tid].name
        rent.append([tid, name, f"=Workings!B{k}", f"=Workings!C{k}", f"=Workings!C{k}-Workings!B{k}",
                     f"=Workings!D{k}", f"=Workings!E{k}", f"=Workings!E{k}-Workings!D{k}"])
        cam.append([tid, name, float(result["cam"][tid]["share"]) / 100, f"=Workings!F{k}", f"=Workings!G{k}",
                    f"=Workings!F{k}-Workings!G{k}"])
    found = save(book, result)
    if found is None:
        return
    tid, amount, lease = found
    solve.write_docx(OUT / "tenant_letter.docx", [
        ("para", f"Dear {lease.contact},"),
        ("para", f"I am writing about {lease.name}'s base rent at Kiln Street Commons. Your lease provides for an "
                 f"annual increase on {solve.anniversary_2025(lease):%B} 1, and the 2025 increase was not picked up "
                 f"by our property manager's billing system. Every invoice from "
                 f"{solve.anniversary_2025(lease):%B %Y} through February 2026 was therefore issued at the prior "
                 f"rent."),
        ("para", f"The total shortfall comes to ${amount:,.2f}. Under the lease this amount remains payable and cannot "
                 f"be waived; it will be billed in full as a single catch-up charge on your next statement."),
        ("para", f"Your monthly base rent is now ${new_rent(result, tid):,.2f}, and your invoices will show that "
                 f"amount from March 2026."),
        ("para", "With apologies for the inconvenience, Hannah Vick, Asset Manager, Larkspur Property Partners")])
    if solve.os.environ.get("WP42_PORTAL_URL"):
        solve.post_adjustments([{"tenant_id": tid, "charge_code": "RNT", "amount": f"{amount:.2f}",
                                 "description": "Base rent catch-up"}])
    else:
        (OUT / "charge_adjustments.csv").write_text(
            "tenant_id,charge_code,amount,description\n"
            f"{tid},Base rent,\"${amount:,.2f}\",Escalation catch-up May 2025 - Feb 2026\n", encoding="utf-8")


def terse(result: dict) -> None:
    book = Workbook()
    rent = book.active
    rent.title = "Rent"
    rent.append(["Tenant ID", "Tenant", "Contract base rent 2025", "Billed base rent 2025", "Variance",
                 "Contract monthly rent", "Rent roll monthly rent", "Rent roll variance"])
    for k, (tid, r) in enumerate(sorted(result["rent"].items(), reverse=True), start=2):
        rent.append([tid, "", float(r["contract"]), float(r["billed"]), f"=D{k}-C{k}", float(r["monthly"]),
                     float(r["roll"]), f"=G{k}-F{k}"])
    cam = book.create_sheet("CAM")
    cam.append(["Tenant ID", "Tenant", "Share", "Recoverable 2025", "Estimates billed 2025", "Balance due"])
    for k, (tid, c) in enumerate(sorted(result["cam"].items(), reverse=True), start=2):
        cam.append([tid, "", float(c["share"]), float(c["recoverable"]), float(c["estimates"]), f"=D{k}-E{k}"])
    found = save(book, result)
    if found is None:
        return
    tid, amount, lease = found
    solve.write_docx(OUT / "tenant_letter.docx", [
        ("para", f"{lease.name} ({tid}) - base rent correction"),
        ("para", f"The {solve.anniversary_2025(lease):%B %Y} escalation was not billed. Catch-up due: "
                 f"${amount:,.2f}, on the next invoice. New monthly base rent: ${new_rent(result, tid):,.2f}.")])
    solve.post_adjustments([{"tenant_id": tid, "charge_code": "rnt", "amount": f"{amount}",
                             "description": "catch-up"}])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=["tables", "prose", "terse"])
    style = parser.parse_args().style
    OUT.mkdir(parents=True, exist_ok=True)
    result = solve.compute(amendment_reader=amended_percentage)  # the scanned amendment read this file's way
    {"tables": tables, "prose": prose, "terse": terse}[style](result)
    solve.credit_corrections(result)  # the hard year's balance that never reached its account, as the reference
    files = ["lease_audit.xlsx"] + sorted(p.name for p in OUT.glob("tenant_letter*.docx"))
    if not solve.os.environ.get("WP42_PORTAL_URL"):
        files.append("charge_adjustments.csv")
    issues = solve.findings(result) + [f"{tid}: last year's issued CAM balance {amount:,.2f} never reached the "
                                       f"account; posted (REC)" for tid, amount in sorted(result["credits"].items())]
    if solve.waiver_requested():
        issues.append("The property manager's request to waive the back rent needs your decision; the catch-up is "
                      "billed in full.")
    solve.write_completion(files, issues, f"{style}: lease audit done; one tenant billed short and corrected."
                           if issues else f"{style}: all eight leases billed correctly, nothing to correct.")


if __name__ == "__main__":
    main()
