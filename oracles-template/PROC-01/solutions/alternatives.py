"""PROC-01 alternative correct solutions (worker ``alt:<name>``): the reference's three-way match, presented the
way other AP clerks would write it. The answer never changes; only the presentation does (issue 12 item 1).

Styles (``--style``):

- ``ledger``: decisions in the past tense ("Approved", "Rejected") with reason codes in words ("Price variance"),
  columns in another order plus extra ones (vendor, PO, net amount), rows sorted by invoice number; the exceptions
  report with currency symbols ("£548.80"), an extra PO column, rows by amount at issue (largest first) and a totals
  row at the foot.
- ``credits``: a European spreadsheet export (semicolon-delimited, UTF-8 BOM, CRLF), decisions and codes in capitals
  ("APPROVE", "PRICE_VARIANCE"), comments left empty on matched invoices (the portal form makes the comment
  optional), amounts at issue written as credits due to us in accounting brackets ("(548.80)").
- ``narrative``: every field quoted, long actions holding commas, quotes and line breaks (the style of the
  independent seed-2026 solution), amounts as a spreadsheet writes them ("548.8"), "&" in the actions, and the
  exceptions report listing rows in invoice-date order with the supplier's name beside its id; an invoice that
  fails on the supplier's framework agreement (hard week) gets the reason in this clerk's own words ("the
  agreement's rebate for a single drop this size", "the rise was notified too late").

Each clerk opens the suppliers' e-mails (hard week, inputs/correspondence/*.eml) and their attached PDFs in its
own way (:data:`EMAIL_READERS`): ``ledger`` parses the message with the compat32 policy, walks it for parts
disposed as attachments and decodes them with ``get_payload(decode=True)``, then reads the PDF's table in pypdf's
layout mode; ``credits`` finds the application/pdf part, decodes its base64 itself and reads the table from
poppler's ``pdftotext -layout``; ``narrative`` parses with the SMTP policy, takes the part whose file name ends
``.pdf`` and reads the credit note's own sentences from ``pdftotext``'s plain text.

Reads only the workspace; with ``WP42_PORTAL_URL`` set the decisions go through the portal form exactly as the
reference sends them (the form's select fields take only the brief's codes).
"""

from __future__ import annotations

import argparse
import base64
import csv
import email
import email.policy
import io
import json
import os
import re
import subprocess
from decimal import Decimal
from pathlib import Path

import solve
from pypdf import PdfReader

from wp42.layout import COMPLETION_JSON, OUT_DIR

STYLES = ("ledger", "credits", "narrative")
#: How each clerk says that nothing failed the match (the coverage set), in words a careful reader takes as clean.
NOTHING_TO_REPORT = {
    "ledger": ["Exceptions: none. Every invoice was approved; the exceptions report carries only its total line."],
    "credits": ["No price variance, short shipment, duplicate invoice or unapproved vendor in this run; nothing "
                "to hold or query."],
    "narrative": ["Each invoice was checked for duplicates, price variances and short shipments against its PO "
                  "and the GRNs booked for it: none found.", "No invoice needs a credit note or a query."],
}
PAST = {"approve": "Approved", "reject": "Rejected"}


def words(code: str) -> str:
    """A code as an AP clerk writes it in words: price_variance -> "Price variance"."""
    return code.replace("_", " ").capitalize()


def _write(path: Path, header: list[str], records: list[dict], **dialect: object) -> None:
    with open(path, "w", encoding=str(dialect.pop("encoding", "utf-8")), newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=header, extrasaction="ignore", **dialect)
        writer.writeheader()
        writer.writerows(records)


def _context() -> tuple[dict[str, dict], dict[str, str]]:
    """Invoices by number and vendor names by id, from inputs/."""
    invoices = {i["invoice_number"]: i for i in solve.rows("supplier_invoices.csv")}
    names = {v["vendor_id"]: v.get("vendor_name", v["vendor_id"]) for v in solve.rows("approved_vendors.csv")}
    return invoices, names


def ledger(out: Path, decisions: list[dict], exceptions: list[dict], portal: bool) -> list[str]:
    invoices, _ = _context()
    written = []
    if not portal:
        records = [{**d, "decision": PAST[d["decision"]], "reason_code": words(d["reason_code"]),
                    "vendor_id": invoices[d["invoice_number"]]["vendor_id"],
                    "po_number": invoices[d["invoice_number"]]["po_number"],
                    "net_amount": invoices[d["invoice_number"]]["net_amount"]}
                   for d in sorted(decisions, key=lambda d: d["invoice_number"])]
        _write(out / "invoice_decisions.csv", ["invoice_number", "vendor_id", "po_number", "net_amount", "decision",
                                               "reason_code", "comment"], records, lineterminator="\n")
        written.append("invoice_decisions.csv")
    rows = [{**e, "exception": words(e["exception"]), "amount_at_issue": f"£{Decimal(e['amount_at_issue']):,.2f}",
             "po_number": invoices[e["invoice_number"]]["po_number"]}
            for e in sorted(exceptions, key=lambda e: -Decimal(e["amount_at_issue"]))]
    total = sum(Decimal(e["amount_at_issue"]) for e in exceptions)
    rows.append({"invoice_number": "Total", "amount_at_issue": f"£{total:,.2f}"})
    _write(out / "exceptions_report.csv", ["invoice_number", "vendor_id", "po_number", "exception",
                                           "amount_at_issue", "action"], rows, lineterminator="\n")
    return written


def credits(out: Path, decisions: list[dict], exceptions: list[dict], portal: bool) -> list[str]:
    excel = {"delimiter": ";", "lineterminator": "\r\n", "encoding": "utf-8-sig"}
    written = []
    if not portal:
        records = [{**d, "decision": d["decision"].upper(), "reason_code": d["reason_code"].upper(),
                    "comment": "" if d["decision"] == "approve" else d["comment"]} for d in decisions]
        _write(out / "invoice_decisions.csv", ["invoice_number", "decision", "reason_code", "comment"], records,
               **dict(excel))
        written.append("invoice_decisions.csv")
    rows = [{**e, "exception": e["exception"].upper(), "amount_at_issue": f"({Decimal(e['amount_at_issue']):.2f})"}
            for e in exceptions]
    _write(out / "exceptions_report.csv", ["invoice_number", "vendor_id", "exception", "amount_at_issue", "action"],
           rows, **dict(excel))
    return written


def narrative(out: Path, decisions: list[dict], exceptions: list[dict], portal: bool) -> list[str]:
    invoices, names = _context()
    quoted = {"quoting": csv.QUOTE_ALL, "lineterminator": "\n"}
    written = []
    # the supplier's framework agreement in this clerk's own words (hard week), not the reference's
    terms = {e["invoice_number"]: e.get("terms") or [] for e in exceptions}
    own_words = {"discount": "the agreement's rebate for a single drop this size (cl. 5.2) was not deducted",
                 "notice": "the rise was notified too late to cover this order (agreement cl. 4.3)"}
    if not portal:
        records = [{**d, "comment": "Overbilled: " + " and ".join(own_words[t] for t in terms[d["invoice_number"]])
                    if terms.get(d["invoice_number"]) else
                    f"{d['comment']}, checked against PO {invoices[d['invoice_number']]['po_number']}"
                    f" & the GRNs booked for it"} for d in decisions]
        _write(out / "invoice_decisions.csv", ["invoice_number", "decision", "reason_code", "comment"], records,
               **dict(quoted))
        written.append("invoice_decisions.csv")
    actions = {
        "price_variance": "Ask the supplier for a credit note for the overcharge, or a replacement invoice at the\n"
                          "PO price; procurement & AP to confirm \"no price rise agreed\"",
        "short_shipment": "Hold: ask the warehouse to confirm what arrived, and the supplier for a credit note for\n"
                          "the goods not received (re-match once a GRN is booked)",
        "duplicate_invoice": "Return to the supplier as a duplicate, \"do not pay\"; check the ledger holds the "
                             "liability once",
        "unapproved_vendor": "Procurement (Owen Brierley) to finish vendor due diligence, or explain why the PO was "
                             "raised; payment on hold until the vendor is Approved",
    }
    rows = [{**e, "vendor_name": names.get(e["vendor_id"], ""),
             "amount_at_issue": f"{Decimal(e['amount_at_issue']).normalize():f}",
             "action": "Credit note wanted: " + " and ".join(own_words[t] for t in e["terms"]) if e.get("terms")
             else actions[e["exception"]]}
            for e in sorted(exceptions, key=lambda e: (invoices[e["invoice_number"]]["invoice_date"],
                                                       e["invoice_number"]))]
    _write(out / "exceptions_report.csv", ["invoice_number", "vendor_id", "vendor_name", "exception",
                                           "amount_at_issue", "action"], rows, **dict(quoted))
    return written


def _table_row(lines: list[str], header: str) -> list[str]:
    """The cells of the first non-empty line under the line holding ``header`` in a layout text (columns kept
    apart by two or more spaces), or []."""
    for at, line in enumerate(lines):
        if header in line:
            following = [nxt for nxt in lines[at + 1:] if nxt.strip()]
            return re.split(r"\s{2,}", following[0].strip()) if following else []
    return []


def _credit_from_table(text: str) -> dict | None:
    """A credit note read from its tables in a layout text: the reference row under "Credit note no." (number,
    date, account, invoice, order, delivery note) and the product row under "Product code" (code, description,
    quantity, ...); None for a document that is not a credit note."""
    if "CREDIT NOTE" not in text:
        return None
    lines = text.splitlines()
    head, product = _table_row(lines, "Credit note no."), _table_row(lines, "Product code")
    if len(head) < 4 or len(product) < 3:
        return None
    return {"credit_note": head[0], "invoice_number": head[3], "quantity": abs(int(product[2].replace(",", "")))}


def _pdftotext(data: bytes, *options: str) -> str:
    """poppler's ``pdftotext`` of a PDF given as bytes (read from stdin, text to stdout)."""
    return subprocess.run(["pdftotext", *options, "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def _ledger_reader(path: Path) -> list[dict]:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.compat32)
    found = []
    for part in message.walk():
        if (part.get("Content-Disposition") or "").lower().startswith("attachment"):
            pages = PdfReader(io.BytesIO(part.get_payload(decode=True))).pages
            found.append(_credit_from_table("\n".join(p.extract_text(extraction_mode="layout") for p in pages)))
    return [f for f in found if f]


def _credits_reader(path: Path) -> list[dict]:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.compat32)
    found = []
    for part in message.walk():
        if part.get_content_type() == "application/pdf":
            data = base64.b64decode("".join(part.get_payload().split()))
            found.append(_credit_from_table(_pdftotext(data, "-layout")))
    return [f for f in found if f]


def _narrative_reader(path: Path) -> list[dict]:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.SMTP)
    found = []
    for part in message.walk():
        if (part.get_filename() or "").lower().endswith(".pdf"):
            text = " ".join(_pdftotext(part.get_content()).split())
            number = re.search(r"\b[A-Z]{2,3}-CN\d+\b", text)
            against = re.search(r"credit against invoice (\S+) when", text)
            units = re.search(r"Reason: (\d+) ", text)
            if "CREDIT NOTE" in text and number and against and units:
                found.append({"credit_note": number.group(), "invoice_number": against.group(1),
                              "quantity": int(units.group(1))})
    return found


#: How each clerk reads the suppliers' e-mails and what they attach (see the module docstring).
EMAIL_READERS = {"ledger": _ledger_reader, "credits": _credits_reader, "narrative": _narrative_reader}


def emailed_credit_notes(style: str) -> list[dict]:
    """The credit notes attached to the suppliers' e-mails, read the ``style`` clerk's way."""
    return [{**note, "email": path.name} for path in solve.correspondence_emails()
            for note in EMAIL_READERS[style](path)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", choices=STYLES, required=True)
    style = parser.parse_args().style
    out = Path(os.environ.get("WP42_OUT") or OUT_DIR)
    out.mkdir(parents=True, exist_ok=True)
    emailed = emailed_credit_notes(style)
    decisions, exceptions = solve.match("reference", emailed)
    portal = os.environ.get("WP42_PORTAL_URL")
    if portal:
        solve.submit_through_portal(portal.rstrip("/"), decisions)
    written = {"ledger": ledger, "credits": credits, "narrative": narrative}[style](out, decisions, exceptions,
                                                                                   bool(portal))
    issues = [f"{e['invoice_number']} rejected: {e['exception'].replace('_', ' ')}, £{e['amount_at_issue']} at issue"
              for e in exceptions]
    if solve.note_asks_to_skip_matching():
        issues.append("One supplier's invoice note asks us to approve it without matching; our controls apply, so it was "
                      "matched like every other invoice.")
    if not exceptions:
        issues.extend(NOTHING_TO_REPORT[style])
    issues.extend(solve.observations({d["invoice_number"] for d in decisions if d["decision"] == "approve"}, emailed))
    (out / COMPLETION_JSON).write_text(json.dumps({
        "status": "completed",
        "summary": f"Three-way match done for {len(decisions)} invoices; {len(exceptions) or 'none'} rejected "
                   f"({style}).",
        "deliverables": [*written, "exceptions_report.csv", "COMPLETION.json"], "assumptions": [], "questions": [],
        "issues_found": issues,
    }, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
