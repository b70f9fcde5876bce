"""LOG-01 worker's working: the carrier invoice audit computed from the workspace as a freight auditor does it.

Reads only the workspace (inputs/: the rate card, the shipment manifest, the carrier's invoices). :func:`compute`
returns one :class:`Line` per invoice line with what it should cost and the finding; :func:`write_workbook`,
:func:`write_note`, :func:`submit_disputes` and :func:`write_completion` write the deliverables. solve.py (the
reference and its wrong variants) and alternatives.py (other auditors' presentations) share it; a ``variant``
changes one step on purpose.
"""

from __future__ import annotations

import csv
import email
import email.policy
import http.cookiejar
import json
import math
import os
import re
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import openpyxl
import pypdf
import xlsxwriter

WORKSPACE = Path.cwd()
INPUTS = WORKSPACE / "inputs"
OUT = Path(os.environ.get("WP42_OUT") or WORKSPACE / "out")
#: One invoice line as the PDF's text gives it: position, shipment, date, postcode, zone, weight, rate, freight,
#: diesel percent, surcharge, amount (German number format).
LINE = re.compile(r"(\d+)\s+(FLF-\d{4}-\d{4})\s+(\d\d\.\d\d\.\d{4})\s+(\d{5})\s+(\d)\s+([\d.]+)\s+([\d.,]+)\s+"
                  r"([\d.,]+)\s+([\d,]+)\s+([\d.,]+)\s+([\d.,]+)")
#: The same with the accessorial columns of weekly invoices: billed waiting minutes ("-" for none) and the charge.
LINE_ACC = re.compile(LINE.pattern[:-len(r"\s+([\d.,]+)")] + r"\s+(\d+|-)\s+([\d.,]+)\s+([\d.,]+)")
FINDINGS = {"ok": "OK", "zone": "Wrong zone", "fuel": "Fuel surcharge week", "dup": "Duplicate billing",
            "break": "Weight break", "acc": "Accessorial not supported"}


def de(text: str) -> Decimal:
    """1.234,56 -> Decimal("1234.56")."""
    return Decimal(text.replace(".", "").replace(",", "."))


def cents(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@dataclass
class Line:
    """One invoice line: as billed and as it should be (money in EUR, Decimal)."""

    invoice: str
    pos: int
    shipment: str
    day: date
    invoiced: Decimal
    correct: Decimal
    finding: str
    detail: str

    @property
    def difference(self) -> Decimal:
        return self.invoiced - self.correct


def rate_card() -> tuple[dict[str, int], dict[int, list[Decimal]], list[int], list[tuple], dict[date, Decimal]]:
    """Zones by prefix, rates by zone (one per break), break upper limits, floater bands, weekly diesel prices."""
    book = openpyxl.load_workbook(INPUTS / "rate_card.xlsx", data_only=True)
    zones = {str(r[0]).zfill(2): int(r[2]) for r in book["Zonen"].iter_rows(min_row=2, values_only=True) if r[0]}
    rates: dict[int, list[Decimal]] = {}
    uppers: list[int] = []
    for row in book["Tarif"].iter_rows(values_only=True):
        if row and row[0] == "Zone":
            uppers = [int(re.findall(r"[\d.]+", str(c))[-1].replace(".", "")) for c in row[1:] if c]
        elif row and isinstance(row[0], int):
            rates[row[0]] = [cents(Decimal(str(v))) for v in row[1:] if v is not None]
    bands = [(Decimal(str(r[0])).quantize(Decimal("0.001")), Decimal(str(r[1])).quantize(Decimal("0.001")),
              Decimal(str(r[2])).quantize(Decimal("0.1")))
             for r in book["Dieselfloater"].iter_rows(min_row=2, values_only=True) if r[0] is not None]
    index = {}
    for r in book["Dieselindex"].iter_rows(min_row=2, values_only=True):
        if r[1] is not None:
            day = r[1].date() if isinstance(r[1], datetime) else r[1]
            index[day] = Decimal(str(r[2])).quantize(Decimal("0.001"))
    return zones, rates, uppers, bands, index


def pdf_text(path: Path) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(str(path)).pages)


def invoices() -> list[tuple[str, date, list[tuple]]]:
    """Each invoice as (number, date, lines), oldest first; a line is the 11 fields of :data:`LINE` followed by
    the billed waiting minutes and accessorial charge ("-", "0,00" on invoices without those columns)."""
    found = []
    for path in sorted(INPUTS.glob("invoice_*.pdf")):
        text = pdf_text(path)
        number = re.search(r"Rechnungsnummer:\s*(RE-\d{4}-\d+)", text).group(1)
        day = datetime.strptime(re.search(r"Rechnungsdatum:\s*(\d\d\.\d\d\.\d{4})", text).group(1), "%d.%m.%Y").date()
        if "Wartezeit" in text:
            rows = [(*r[:10], r[12], r[10], r[11]) for r in LINE_ACC.findall(text)]
        else:
            rows = [(*r, "-", "0,00") for r in LINE.findall(text)]
        found.append((number, day, rows))
    return sorted(found, key=lambda f: (f[1], f[0]))


def waiting_terms() -> tuple[int, int, Decimal] | None:
    """(free minutes, minutes per started unit, EUR per unit) from the rate card's Nebenleistungen sheet, or None
    when the card has no accessorials."""
    book = openpyxl.load_workbook(INPUTS / "rate_card.xlsx", data_only=True)
    if "Nebenleistungen" not in book.sheetnames:
        return None
    for row in book["Nebenleistungen"].iter_rows(min_row=2, values_only=True):
        if row[0] and str(row[0]).startswith("Wartezeit"):
            unit, free = (int(n) for n in re.findall(r"(\d+) Minuten", str(row[1]))[:2])
            return free, unit, cents(Decimal(str(row[2])))
    return None


def waited() -> dict[str, int]:
    """Minutes from the driver's arrival to the start of unloading per shipment (proof of delivery), if given."""
    path = INPUTS / "proof_of_delivery.csv"
    if not path.exists():
        return {}
    minutes = {}
    with open(path, encoding="utf-8") as handle:
        for r in csv.DictReader(handle):
            start, arrival = (datetime.strptime(r[k], "%H:%M") for k in ("unloading_start", "driver_arrival"))
            minutes[r["shipment_no"]] = int((start - arrival).total_seconds() // 60)
    return minutes


def outstanding_credits(variant: str = "reference") -> list[tuple[str, Decimal]]:
    """Credits the carrier agreed by email (invoice, net amount) that no credit note in inputs/ issues: a credit
    note issues one when it names the invoice and the amount. ``credit_note_as_promised`` takes any credit note of
    the month for the promised one."""
    agreed = []
    for path in sorted(INPUTS.glob("*.eml")):
        message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        body = message.get_body(("plain",)).get_content()
        amount = re.search(r"accept your dispute[^:]*:\s*EUR\s*([\d.,]+)", body)
        invoice = re.search(r"RE-\d{4}-\d+", str(message["Subject"]) + body)
        if amount and invoice:
            agreed.append((invoice.group(), de(amount.group(1).rstrip("."))))
    notes = [pdf_text(p) for p in sorted(INPUTS.glob("credit_note_*.pdf"))]
    if variant == "credit_note_as_promised" and notes:
        return []
    return [(inv, amt) for inv, amt in agreed
            if not any(inv in text and f"{amt:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".") in text
                       for text in notes)]


def compute(variant: str = "reference") -> list[Line]:
    """Every invoice line with what it should cost under the brief's rules; ``variant`` changes one step:
    ``same_week_fuel`` reads the diesel price of the shipment's own week, ``invoice_zone`` takes the zone the
    invoice shows, ``per_invoice_duplicates`` looks for repeats within one invoice only, ``twins_as_duplicate``
    takes a second shipment on the same lane, day and weight for a repeat."""
    zones, rates, uppers, bands, index = rate_card()
    terms, minutes = waiting_terms(), waited()
    with open(INPUTS / "shipment_manifest.csv", encoding="utf-8") as handle:
        manifest = {r["shipment_no"]: r for r in csv.DictReader(handle)}
    lines: list[Line] = []
    billed: set[str] = set()
    lanes: set[tuple] = set()
    for number, _, rows in invoices():
        if variant == "per_invoice_duplicates":
            billed = set()
        for pos, ship, _day_text, _plz, zone_text, _w, _rate, _freight, pct_text, _fuel, amount, _min, acc in rows:
            invoiced = de(amount)
            m = manifest[ship]
            day = date.fromisoformat(m["ship_date"])
            lane = (m["ship_date"], m["dest_postcode"], m["weight_kg"])
            repeat = ship in billed or (variant == "twins_as_duplicate" and lane in lanes)
            billed.add(ship)
            lanes.add(lane)
            if repeat:
                lines.append(Line(number, int(pos), ship, day, invoiced, Decimal("0.00"), FINDINGS["dup"],
                                  f"{ship} already billed"))
                continue
            weight = int(m["weight_kg"])
            zone = int(zone_text) if variant == "invoice_zone" else zones[m["dest_postcode"][:2]]
            brk = next(i for i, up in enumerate(uppers) if (weight < up if variant == "exclusive_break_limit"
                                                            else weight <= up))
            rate = rates[zone][brk]
            week = day - timedelta(days=day.weekday())
            price = index[week if variant == "same_week_fuel" else week - timedelta(days=7)]
            pct = next(p for lo, hi, p in bands if lo <= price < hi)
            freight = cents(Decimal(weight) * rate / 100)
            waiting = Decimal(0)
            if terms is not None:
                free, unit, per_unit = terms
                waiting = math.ceil(max(0, minutes.get(ship, 0) - free) / unit) * per_unit
                if variant == "ignores_delivery_log":
                    waiting = de(acc)
            correct = freight + cents(freight * pct / 100) + waiting
            finding = "ok"
            if invoiced != correct:
                if int(zone_text) != zone:
                    finding = "zone"
                elif de(_rate) != rate:
                    finding = "break"
                elif de(pct_text) != pct:
                    finding = "fuel"
                elif de(acc) != waiting:
                    finding = "acc"
            if variant == "over_billing_only" and correct > invoiced:
                finding = "ok"
            lines.append(Line(number, int(pos), ship, day, invoiced, correct if finding != "ok" else invoiced,
                              FINDINGS[finding], f"zone {zone}, rate {rate}, diesel {pct} %"))
    return lines


def disputed(lines: list[Line]) -> list[Line]:
    return [x for x in lines if x.finding != "OK"]


def write_workbook(lines: list[Line], path: Path, *, typed: bool = False, extra_columns: bool = False,
                   headers: tuple[str, ...] = ("Invoice No", "Line", "Shipment", "Invoiced (EUR)", "Correct (EUR)",
                                               "Difference (EUR)", "Finding")) -> None:
    """The audit workbook: Audit (one row per line, Difference a formula) and Summary (three formulas over Audit;
    ``typed`` writes the values instead)."""
    book = xlsxwriter.Workbook(str(path))
    money = book.add_format({"num_format": "#,##0.00"})
    bold = book.add_format({"bold": True})
    sheet = book.add_worksheet("Audit")
    cols = list(headers) + (["Shipment date", "Working"] if extra_columns else [])
    sheet.write_row(0, 0, cols, bold)
    for r, x in enumerate(lines, 1):
        sheet.write(r, 0, x.invoice)
        sheet.write_number(r, 1, x.pos)
        sheet.write(r, 2, x.shipment)
        sheet.write_number(r, 3, float(x.invoiced), money)
        sheet.write_number(r, 4, float(x.correct), money)
        sheet.write_formula(r, 5, f"=D{r + 1}-E{r + 1}", money, float(x.difference))
        sheet.write(r, 6, x.finding)
        if extra_columns:
            sheet.write(r, 7, x.day.isoformat())
            sheet.write(r, 8, x.detail)
    n = len(lines) + 1
    summary = book.add_worksheet("Summary")
    tot_inv = sum((x.invoiced for x in lines), Decimal(0))
    tot_cor = sum((x.correct for x in lines), Decimal(0))
    for r, (label, formula, value) in enumerate((("Total invoiced", f"=SUM(Audit!D2:D{n})", tot_inv),
                                                 ("Total correct", f"=SUM(Audit!E2:E{n})", tot_cor),
                                                 ("Amount disputed", "=B1-B2", tot_inv - tot_cor))):
        summary.write(r, 0, label)
        if typed:
            summary.write_number(r, 1, float(value), money)
        else:
            summary.write_formula(r, 1, formula, money, float(value))
    book.close()


def write_note(lines: list[Line], path: Path, style: str = "table",
               credits: list[tuple[str, Decimal]] = ()) -> None:
    """The dispute note to the carrier: one entry per disputed line, the total, the credit note requested, and a
    reminder of each agreed credit still outstanding (``credits``: invoice, net EUR)."""
    import docx

    out = disputed(lines)
    total = sum((x.difference for x in out), Decimal(0))
    document = docx.Document()
    document.add_heading("Invoice dispute - Spedition Hollweg", level=1)
    document.add_paragraph("To: Spedition Hollweg GmbH & Co. KG, billing department. From: Ferrous Line Freight, "
                           "freight audit.")
    if not out:
        document.add_paragraph("We have audited your invoices for the month against the rate card and our shipment "
                               "records: every line is billed in line with the rate card and nothing is disputed.")
    elif style in ("table", "terse"):
        document.add_paragraph("We have audited your invoices for the month against the rate card and our shipment "
                               "records and dispute the following lines (net amounts):")
        table = document.add_table(rows=1, cols=4)
        for cell, text in zip(table.rows[0].cells, ("Invoice", "Shipment", "Reason", "Amount disputed (EUR)"), strict=True):
            cell.text = text
        for x in out:
            cells = table.add_row().cells
            for cell, text in zip(cells, (x.invoice, x.shipment, x.finding, f"{x.difference:,.2f}"), strict=True):
                cell.text = text
    else:
        for x in out:
            document.add_paragraph(f"Invoice {x.invoice}, line {x.pos}, shipment {x.shipment}: {x.finding.lower()}; "
                                   f"we dispute EUR {x.difference:,.2f}.")
    if out:
        document.add_paragraph(f"Total amount disputed: EUR {total:,.2f}. Please issue a credit note for EUR "
                               f"{total:,.2f}; the remaining lines are approved for payment.")
    else:
        document.add_paragraph("The invoices are approved for payment in full.")
    for invoice, amount in credits:  # each auditor words the reminder in their own way
        document.add_paragraph({
            "table": f"Outstanding from last month: you accepted our dispute on invoice {invoice} for EUR "
                     f"{amount:,.2f} net and promised a credit note with this month's invoicing. It has not been "
                     "issued yet; please issue it together with the credit above.",
            "prose": f"We would also remind you of the credit of {amount:,.2f} EUR that you agreed on {invoice}: "
                     "the credit note you issued this month settles a damage claim, so that credit is still owed.",
        }.get(style, f"Still outstanding: agreed credit {invoice}, EUR {amount:,.2f}."))
    document.add_paragraph("Matthias Albrecht, operations planner, Ferrous Line Freight")
    document.save(str(path))


def submit_disputes(url: str, lines: list[Line]) -> None:
    """Sign in with portal_credentials.json and post one dispute per disputed line to /forms/dispute."""
    credentials = json.loads((WORKSPACE / "portal_credentials.json").read_text(encoding="utf-8"))
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    login = urllib.parse.urlencode({"username": credentials["username"], "password": credentials["password"]})
    with opener.open(f"{url}/login", data=login.encode(), timeout=30) as response:
        if urllib.parse.urlsplit(response.url).path == "/login":
            raise SystemExit("portal login failed")
    for x in disputed(lines):
        values = {"invoice_no": x.invoice, "shipment": x.shipment, "reason": x.finding,
                  "amount": f"{x.difference:.2f}", "comment": x.detail}
        with opener.open(f"{url}/forms/dispute", data=urllib.parse.urlencode(values).encode(), timeout=30) as response:
            if "submitted=" not in response.url:
                raise SystemExit(f"portal refused the dispute for {x.shipment}")


def write_completion(lines: list[Line], questions: list[str] | None = None,
                     credits: list[tuple[str, Decimal]] = ()) -> None:
    """out/COMPLETION.json with each disputed line and each outstanding agreed credit under issues_found."""
    issues = [f"{x.invoice} {x.shipment}: {x.finding}, EUR {x.difference:.2f}" for x in disputed(lines)]
    issues += [f"Agreed credit for {inv} of EUR {amt:.2f} not yet issued (outstanding)" for inv, amt in credits]
    total = sum((x.difference for x in disputed(lines)), Decimal(0))
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if questions else "completed",
        "summary": f"Audited {len(lines)} invoice lines; EUR {total:.2f} disputed.",
        "deliverables": ["freight_audit.xlsx", "dispute_note.docx", "COMPLETION.json"],
        "assumptions": [], "questions": questions or [], "issues_found": issues}, indent=2), encoding="utf-8")


def run(variant: str = "reference", style: str = "table", **workbook: object) -> None:
    """Do the whole assignment into OUT."""
    OUT.mkdir(parents=True, exist_ok=True)
    lines = compute(variant)
    credits = outstanding_credits(variant)
    write_workbook(lines, OUT / "freight_audit.xlsx", typed=variant == "typed_totals", **workbook)
    write_note(lines, OUT / "dispute_note.docx", style, credits)
    portal = os.environ.get("WP42_PORTAL_URL")
    if portal:
        submit_disputes(portal.rstrip("/"), lines)
    questions = None
    if variant == "asks_needless_question":
        twins = [x.shipment for x in lines if x.shipment[-1] in "13579"][:1]
        questions = [f"Can dispatch confirm that {twins[0] if twins else 'the same-day shipments'} was a separate "
                     "shipment and not billed twice before accounts payable releases the invoices?"]
    write_completion(lines, questions, credits)
