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

The hard level's signed amendment, attached to a lease abstract as a scan, is read here independently of the
reference (:func:`amended_percentage`): the page is levelled by the angle that makes its longest rule one row of
ink, the box's rules found by row and column counts, and each character of the figure told by its ink-density grid
against the DejaVu faces; the reference finds the box as the widest connected ink and matches characters by
correlation (amendment_scan.py).
"""

from __future__ import annotations

import argparse
import calendar
import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import numpy as np
import solve
from openpyxl import Workbook
from PIL import Image, ImageDraw, ImageFont
from solve import OUT, YEAR

#: The faces a scanned document's print may be set in, and the characters an amended percentage is written with.
FACES = [Path("/usr/share/fonts/truetype/dejavu") / face for face in
         ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf")]
ZONES = (5, 7)  # columns, rows of the ink-density grid a character is described by


def zoning(mask: np.ndarray) -> np.ndarray:
    """A character's shape as the share of ink in each cell of a :data:`ZONES` grid over its ink box, then its
    width over its height."""
    rows, cols = np.nonzero(mask)
    crop = mask[rows.min():rows.max() + 1, cols.min():cols.max() + 1].astype(np.float32)
    grid = [cell.mean() for band in np.array_split(crop, ZONES[1], axis=0)
            for cell in np.array_split(band, ZONES[0], axis=1)]
    return np.array(grid + [crop.shape[1] / crop.shape[0]], dtype=np.float32)


def reference_shapes() -> list[tuple[str, np.ndarray]]:
    """Each digit and "%" in each face of :data:`FACES` on this machine, described by :func:`zoning`."""
    shapes = []
    for face in (f for f in FACES if f.exists()):
        font = ImageFont.truetype(str(face), 60)
        for character in "0123456789%":
            canvas = Image.new("L", (110, 90), 0)
            ImageDraw.Draw(canvas).text((8, 6), character, font=font, fill=255)
            shapes.append((character, zoning(np.asarray(canvas) > 127)))
    return shapes


def level(page: Image.Image) -> np.ndarray:
    """The page's ink (dark pixels) with the scan's tilt taken out: the tilt is the angle, within two degrees either
    way in tenths, that turns the page's longest ruled line into a single row of ink."""
    def longest_row(angle: float) -> int:
        turned = page.rotate(angle, resample=Image.Resampling.NEAREST, fillcolor=255)
        return int((np.asarray(turned) < 128).sum(axis=1).max())

    angle = max((float(a) for a in np.arange(-2.0, 2.05, 0.1)), key=longest_row)
    return np.asarray(page.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)) < 128


def cell_figure(ink: np.ndarray) -> str:
    """The characters in the last cell of the ruled box of a levelled page, read left to right: the box's rules
    are the rows and columns that are ink over most of its width and height; characters are the column runs of ink
    between the last two vertical rules."""
    rows = np.nonzero(ink.sum(axis=1) > 0.5 * ink.shape[1])[0]
    rules = [int(r) for k, r in enumerate(rows) if k == 0 or r - rows[k - 1] > 3]  # first row of each rule
    if len(rules) < 2:
        return ""
    top, bottom = rules[0], int(rows[rows < rules[2]].max()) if len(rules) > 2 else int(rows.max())
    if bottom - top < 20:
        return ""
    inside = ink[top + 4:bottom - 3]
    verticals = np.nonzero(inside.sum(axis=0) > 0.85 * inside.shape[0])[0]
    edges = [int(c) for k, c in enumerate(verticals) if k == 0 or c - verticals[k - 1] > 3]
    if len(edges) < 3:
        return ""
    cell = inside[:, edges[-2] + 6:edges[-1] - 3]
    used = cell.sum(axis=0) > 0
    shapes = reference_shapes()
    text, start = "", None
    for x, on in enumerate([*used, False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            piece = cell[:, start:x]
            start = None
            if piece.sum() < 6:
                continue
            ys = np.nonzero(piece.any(axis=1))[0]
            if ys.max() - ys.min() < 0.4 * cell.shape[0] * 0.35 and piece.sum() < 120:
                text += "."
                continue
            shape = zoning(piece)
            text += min(shapes, key=lambda known: float(np.linalg.norm(known[1] - shape)))[0]
    return text


def amended_percentage(path: Path) -> Decimal | None:
    """The figure of the amended item on the scanned page of a lease abstract (a page with no text), read by
    levelling the page and zoning each character: "4.0%" -> Decimal("4.0"); None when there is no such page."""
    import pypdf

    scans = [page.images[0].image for page in pypdf.PdfReader(str(path)).pages
             if page.images and not (page.extract_text() or "").strip()]
    figures = [re.fullmatch(r"(\d+(?:\.\d+)?)%", cell_figure(level(scan.convert("L")))) for scan in scans]
    return next((Decimal(found.group(1)) for found in figures if found), None)


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
