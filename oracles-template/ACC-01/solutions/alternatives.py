"""ACC-01 alternative correct solutions: the reference's reconciliation, presented the way other professionals would.

Run like solve.py (cwd = the workspace, writes to $WP42_OUT) with ``--style``:

- ``us_tables``: a US controller's deliverable. The Items sheet has a title row, extra Reference and Follow-up
  columns, US spelling ("Outstanding check", "Returned check"), a totals row and dollar formats with negatives in
  parentheses; the memo is all tables under plain bold headings "Corrections to record in the books" and "Please ask
  the bank to correct".
- ``uk_prose``: a UK-trained senior's memo in dense paragraphs (several figures a sentence, Dr/Cr in running text,
  a sentence saying what NOT to post, the owner's wrong claim quoted), an extra working sheet, book-side rows first,
  "Returned cheque", "Bank service charge", "Transposition error", sides written "Books" / "Bank side".
- ``terse_numbered``: a terse preparer: Items columns in another order (Classification, Side, Amount, Date, Item),
  rows sorted by side and size, ISO dates as text; a memo in plain Normal style with numbered section lines
  ("2. Adjusting entries"), one bullet per item, "Dr ... & Cr ..." and amounts in parentheses.
- ``partner_memo``: the seed-2026 independent solution's layout: a memo header table, a summary table whose rows
  name each bank error, an adjusting-entry table with Debit and Credit columns, the bank list as a table whose amounts
  read "1,301.16 credit", and, closing the entries section, "Do not record ... in the books. They are bank errors";
  a Matching sheet, SUMIFS sub-totals and ROUND in the Difference.

Each computes the same items as solve.py (``solve.reconcile``); only presentation differs. Imports only installed
packages (openpyxl, xlsxwriter, python-docx) and solve.py from this folder.
"""

from __future__ import annotations

import argparse
import json
import os
import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import docx
import xlsxwriter
from docx.shared import Pt
from solve import owner_requests, read_inputs, reconcile

STYLES = ("us_tables", "uk_prose", "partner_memo", "terse_numbered")
TIMING = ("Deposit in transit", "Outstanding cheque")
#: How each style writes the brief's classification (the brief's own wording where the style keeps it).
WORDING = {
    "us_tables": {"Outstanding cheque": "Outstanding check", "NSF cheque": "Returned check"},
    "uk_prose": {"NSF cheque": "Returned cheque", "Bank charge": "Bank service charge",
                 "Recording error": "Transposition error"},
    "partner_memo": {},
}
SIDES = {"us_tables": {"Bank": "Bank", "Book": "Book"}, "uk_prose": {"Bank": "Bank side", "Book": "Books"},
         "partner_memo": {"Bank": "Bank", "Book": "Book"}}


def usd(value: Decimal, parentheses: bool = False) -> str:
    """``$1,234.56``; negatives as ``($1,234.56)`` when ``parentheses`` else unsigned."""
    text = f"${abs(value):,.2f}"
    return f"({text})" if parentheses and value < 0 else text


def reference(item: dict) -> str:
    """The cheque number, slip number or bank text an Items row names."""
    found = re.search(r"\b(D-\d+|\d{4,})\b", item["item"])
    if found:
        return found.group(1)
    return "RETURNED ITEM FEE" if item["item"].startswith("Returned item fee") else item["item"].split(" charged")[0]


def label(item: dict) -> str:
    """How a memo names a bank error: "cheque 2417", "deposit D-9205", "the second maintenance fee"."""
    if "twice" in item["item"]:
        return "the second maintenance fee"
    return f"{'deposit' if item['amount'] < 0 else 'cheque'} {reference(item)}"


def entry(item: dict) -> tuple[str, str, str]:
    """(debit account, credit account, why) of the adjusting entry for a Book-side item."""
    if item["classification"] == "NSF cheque":
        return "Accounts receivable (customer)", "1010 Cash", "customer cheque returned unpaid (NSF)"
    if item["classification"] == "Bank charge":
        return "Bank service charges", "1010 Cash", "charge made by the bank, not yet in the books"
    if item["amount"] < 0:
        return "Account charged by the original entry", "1010 Cash", "amount keyed wrongly in the books"
    return "1010 Cash", "Account credited by the original entry", "amount keyed wrongly in the books"


def bank_request(item: dict) -> str:
    """What the client asks the bank to do about a bank error."""
    if "twice" in item["item"]:
        return "refund the duplicate charge"
    if item["amount"] < 0:
        return "reverse the deposit credited to the account in error"
    return "reverse the cheque charged to the account in error"


def write_workbook(path: Path, data: dict, items: list[dict], style: str) -> None:
    """reconciliation.xlsx: Reconciliation and Items sheets as the brief asks, laid out in ``style``."""
    wording, sides = WORDING[style], SIDES[style]
    rows = sorted(items, key=lambda i: i["side"] != "Book") if style == "uk_prose" else items
    wb = xlsxwriter.Workbook(str(path))
    bold = wb.add_format({"bold": True})
    money = wb.add_format({"num_format": '"$"#,##0.00;("$"#,##0.00)' if style == "us_tables" else "#,##0.00;-#,##0.00"})
    dates = wb.add_format({"num_format": "mm/dd/yyyy"})
    if style == "uk_prose":
        work = wb.add_worksheet("Working")
        work.write_row(0, 0, ["Statement date", "Statement text", "Amount", "Note"], bold)
        for r, line in enumerate(data["bank"], start=1):
            work.write(r, 0, line["date"])
            work.write(r, 1, line["text"])
            work.write_number(r, 2, float(line["amount"]), money)
            work.write(r, 3, "reconciling item" if any(line["text"] in i["item"] for i in items) else "agreed")
    rec = wb.add_worksheet("Reconciliation")
    sheet = wb.add_worksheet("Items")
    if style == "partner_memo":
        wb.add_worksheet("Matching").write(0, 0, "Every statement line agreed to the ledger except the Items rows")
    first = 3 if style == "us_tables" else 1  # 0-based row of the Items header
    if style == "us_tables":
        sheet.write(0, 0, f"Reconciling items at {data['period_end']}", bold)
        headers = ["Item", "Reference", "Date", "Amount", "Side", "Classification", "Follow-up"]
    else:
        headers = ["Item", "Date", "Amount", "Side", "Classification"]
        first = 0
    col = {h: n for n, h in enumerate(headers)}
    sheet.write_row(first, 0, headers, bold)
    for r, i in enumerate(rows, start=first + 1):
        sheet.write(r, col["Item"], i["item"])
        when = datetime.strptime(i["date"], "%m/%d/%Y")
        sheet.write_datetime(r, col["Date"], when, dates)
        sheet.write_number(r, col["Amount"], float(i["amount"]), money)
        sheet.write(r, col["Side"], sides[i["side"]])
        sheet.write(r, col["Classification"], wording.get(i["classification"], i["classification"]))
        if "Reference" in col:
            sheet.write(r, col["Reference"], reference(i))
            sheet.write(r, col["Follow-up"], "ask the bank" if i["classification"] == "Bank error" else
                        "post entry" if i["side"] == "Book" else "watch next statement")
    last = first + len(rows)  # 0-based row of the last item
    letter = {h: chr(ord("A") + n) for h, n in col.items()}
    amounts = f"Items!${letter['Amount']}${first + 2}:${letter['Amount']}${last + 1}"
    side_range = f"Items!${letter['Side']}${first + 2}:${letter['Side']}${last + 1}"
    if style == "us_tables":
        sheet.write(last + 1, 0, "Total of reconciling items", bold)
        sheet.write_formula(last + 1, col["Amount"], f"=SUM({amounts.split('!')[1]})", money,
                            float(sum(i["amount"] for i in items)))
    bank_items = sum((i["amount"] for i in items if i["side"] == "Bank"), Decimal(0))
    book_items = sum((i["amount"] for i in items if i["side"] == "Book"), Decimal(0))
    adj_bank, adj_book = data["bank_close"] + bank_items, data["gl_close"] + book_items
    rec.set_column("A:A", 48)
    rec.set_column("B:C", 18)
    if style == "partner_memo":
        rec.write("A1", f"Bank reconciliation as at {data['period_end']} - US dollars", bold)
        layout = [("Balance per bank statement", None, data["bank_close"])]
        for name in ("Deposit in transit", "Outstanding cheque", "Bank error"):
            layout.append((f"    Add/(less): {name.lower()}s", f'=SUMIFS({amounts},{side_range},"{sides["Bank"]}",'
                           f'Items!${letter["Classification"]}${first + 2}:${letter["Classification"]}${last + 1},'
                           f'"{name}")', sum((i["amount"] for i in items if i["classification"] == name), Decimal(0))))
        layout += [("Adjusted bank balance", f'=B3+SUMIFS({amounts},{side_range},"{sides["Bank"]}")', adj_bank),
                   ("", None, None), ("Balance per books", None, data["gl_close"]),
                   ("Adjusted book balance", f'=B9+SUMIFS({amounts},{side_range},"{sides["Book"]}")', adj_book),
                   ("", None, None), ("Difference", "=ROUND(B7-B10,2)", adj_bank - adj_book)]
        for r, (label, formula, value) in enumerate(layout, start=2):
            rec.write(r, 0, label)
            if formula:
                rec.write_formula(r, 1, formula, money, float(value))
            elif value is not None:
                rec.write_number(r, 1, float(value), money)
    else:
        top = 2 if style == "us_tables" else 0
        if style == "us_tables":
            rec.write("A1", f"Bank Reconciliation - {data['period_end']}", bold)
        b = top + 1  # 1-based row numbers for formulas
        rec.write(top, 0, "Balance per bank statement")
        rec.write_number(top, 1, float(data["bank_close"]), money)
        rec.write(top + 1, 0, "Adjusted bank balance")
        rec.write_formula(top + 1, 1, f'=B{b}+SUMPRODUCT(({side_range}="{sides["Bank"]}")*{amounts})', money,
                          float(adj_bank))
        rec.write(top + 2, 0, "Balance per books")
        rec.write_number(top + 2, 1, float(data["gl_close"]), money)
        rec.write(top + 3, 0, "Adjusted book balance")
        rec.write_formula(top + 3, 1, f'=B{b + 2}+SUMPRODUCT(({side_range}="{sides["Book"]}")*{amounts})', money,
                          float(adj_book))
        rec.write(top + 4, 0, "Difference")
        rec.write_formula(top + 4, 1, f"=B{b + 3}-B{b + 1}", money, float(adj_book - adj_bank))
        if style == "uk_prose":
            rec.write(top, 2, "closing balance per statement")
            rec.write(top + 2, 2, "GL 1010 closing balance")
    wb.close()


def _heading(document: docx.Document, text: str, style: str) -> None:
    """A section heading: Word heading styles, or (us_tables) a short bold line standing alone."""
    if style == "us_tables":
        document.add_paragraph().add_run(text).bold = True
    else:
        document.add_heading(text, level=2)


def _table(document: docx.Document, header: list[str], rows: list[list[str]]) -> None:
    table = document.add_table(rows=1, cols=len(header))
    for cell, text in zip(table.rows[0].cells, header, strict=True):
        cell.text = text
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = text


def write_report(path: Path, data: dict, items: list[dict], style: str) -> None:
    """management_report.docx in ``style``: summary, entries for the books, items for the bank, follow-ups."""
    bank_items = sum((i["amount"] for i in items if i["side"] == "Bank"), Decimal(0))
    adjusted = data["bank_close"] + bank_items
    book = [i for i in items if i["side"] == "Book"]
    errors = [i for i in items if i["classification"] == "Bank error"]
    timing = [i for i in items if i["classification"] in TIMING]
    document = docx.Document()
    document.styles["Normal"].font.size = Pt(10)
    if style == "us_tables":
        document.add_paragraph().add_run("MEMORANDUM - BANK RECONCILIATION").bold = True
        _table(document, ["", "Amount"], [["Balance per bank statement", usd(data["bank_close"])],
                                          ["Balance per books", usd(data["gl_close"])],
                                          ["Adjusted balance (bank and books agree)", usd(adjusted)]])
        _heading(document, "Corrections to record in the books", style)
        _table(document, ["Item", "Debit", "Credit", "Amount"],
               [[i["item"], entry(i)[0], entry(i)[1], usd(i["amount"], parentheses=True)] for i in book])
        _heading(document, "Please ask the bank to correct", style)
        if errors:
            _table(document, ["Bank reference", "Date", "Amount", "Request"],
                   [[reference(i), i["date"], usd(i["amount"], parentheses=True), bank_request(i)] for i in errors])
        else:
            document.add_paragraph("No corrections to request from the bank this month: every line on the statement "
                                   "is the client's and agrees with the books.")
        _heading(document, "Outstanding items to follow up", style)
        _table(document, ["Type", "Reference", "Date", "Amount"],
               [[WORDING[style].get(i["classification"], i["classification"]), reference(i), i["date"],
                 usd(i["amount"], parentheses=True)] for i in timing])
    elif style == "uk_prose":
        document.add_heading(f"Bank reconciliation at {data['period_end']}", level=1)
        document.add_paragraph(
            f"The statement closes at {usd(data['bank_close'])} and the ledger at {usd(data['gl_close'])}; after "
            f"the reconciling items below both sides agree at an adjusted balance of {usd(adjusted)}, so nothing "
            "is left unexplained and no balancing figure has been used.")
        document.add_heading("Entries for the books", level=2)
        parts = [f"Dr {entry(i)[0]} / Cr {entry(i)[1]} {usd(i['amount'])} for {reference(i)} ({entry(i)[2]})"
                 for i in book]
        document.add_paragraph("Please post " + ("; ".join(parts[:-1]) + "; and " + parts[-1] if len(parts) > 1
                                                 else parts[0]) + ", each dated at month end.")
        if errors:
            document.add_paragraph(
                "Do not record " + " or ".join(f"{label(i)} ({usd(i['amount'])})" for i in errors)
                + " in the books; they are bank errors and the bank must correct them.")
        document.add_heading("Matters for the bank", level=2)
        if errors:
            document.add_paragraph("We should ask the bank to " + "; and to ".join(
                f"{bank_request(i)} ({reference(i)}, {usd(i['amount'])}, {i['date']})" for i in errors) + ".")
        else:
            document.add_paragraph(
                "There is nothing to take up with the bank. We checked the statement for duplicate charges, "
                "returned items and cheques outside the client's series and found none; there were no bank errors, "
                "no returned cheques and no keying mistakes in the books, and the maintenance fee was charged once.")
        document.add_heading("Items still outstanding", level=2)
        carried = [i for i in timing if "carried" in i["item"]]
        for i in timing:
            claim = (" The owner's email, which says this cheque was cashed weeks ago, is wrong: it is not on the "
                     "statement, so it stays on the list.") if i in carried else ""
            document.add_paragraph(f"{WORDING[style].get(i['classification'], i['classification'])} "
                                   f"{reference(i)} of {usd(i['amount'])} dated {i['date']} should clear on next "
                                   f"month's statement; please follow it up.{claim}")
    else:
        _table(document, ["To:", "Owner and Controller"], [["From:", "Engagement team"],
                                                          ["Subject:", f"Bank reconciliation at {data['period_end']}"]])
        document.add_heading("1. Summary", level=2)
        document.add_paragraph(
            f"We have reconciled the statement to the ledger. Balance per bank statement {usd(data['bank_close'])}; "
            f"balance per books {usd(data['gl_close'])}; both adjusted balances are {usd(adjusted)}.")
        document.add_heading("2. Reconciliation summary", level=2)
        rows = [["Balance per bank statement", "", f"{data['bank_close']:,.2f}"]]
        rows += [[f"{'Add' if i['amount'] > 0 else 'Less'}: {i['classification'].lower()} - {i['item']}",
                  f"{i['amount']:,.2f}".replace("-", "(") + (")" if i["amount"] < 0 else ""), ""]
                 for i in items if i["side"] == "Bank"]
        rows += [["Adjusted bank balance", "", f"{adjusted:,.2f}"], ["Balance per books", "", f"{data['gl_close']:,.2f}"]]
        rows += [[f"{'Add' if i['amount'] > 0 else 'Less'}: {i['item']}",
                  f"{i['amount']:,.2f}".replace("-", "(") + (")" if i["amount"] < 0 else ""), ""] for i in book]
        adjusted_book = data["gl_close"] + sum((i["amount"] for i in book), Decimal(0))
        rows += [["Adjusted book balance", "", f"{adjusted_book:,.2f}"],
                 ["Difference", "", f"{adjusted - adjusted_book:,.2f}"]]
        _table(document, ["", "US$", "US$"], rows)
        document.add_heading("3. Adjusting journal entries to post", level=2)
        lines = []
        for n, i in enumerate(book, start=1):
            debit, credit, why = entry(i)
            lines += [[f"AJE-{n}", debit, f"{abs(i['amount']):,.2f}", ""], ["", f"    {credit}", "", f"{abs(i['amount']):,.2f}"],
                      ["", f"{i['item']}: {why}.", "", ""]]
        total = f"{sum(abs(i['amount']) for i in book):,.2f}"
        _table(document, ["Entry", "Account / explanation", "Debit US$", "Credit US$"], [*lines, ["", "Total", total, total]])
        if errors:
            document.add_paragraph(
                "Do not record " + " or ".join(f"{label(i)} of {usd(i['amount'])}" for i in errors)
                + " in the books. They are bank errors, and the bank has to correct them (section 4).")
        document.add_heading("4. Items to take up with the bank", level=2)
        _table(document, ["Date", "Bank reference", "Amount US$", "Issue and action requested"],
               [[i["date"], reference(i), f"{abs(i['amount']):,.2f} {'debit' if i['amount'] > 0 else 'credit'}",
                 f"Not the client's item: ask the bank to {bank_request(i)}."] for i in errors]
               or [["", "None", "", "Every statement line is the client's and agrees with the ledger."]])
        document.add_heading("5. Outstanding items to follow up", level=2)
        _table(document, ["Type", "Reference", "Amount US$", "Follow-up"],
               [[i["classification"], reference(i), f"{abs(i['amount']):,.2f}", "Confirm it clears next month."]
                for i in timing]
               + [["Bank corrections", "; ".join(reference(i) for i in errors),
                   " / ".join(f"{abs(i['amount']):,.2f}" for i in errors),
                   "Check that the reversal and the refund appear on next month's statement."]][:bool(errors)])
    document.save(str(path))


def write_terse(out: Path, data: dict, items: list[dict]) -> None:
    """``terse_numbered``: reconciliation.xlsx with the Items columns in another order, and a plain memo."""
    rows = sorted(items, key=lambda i: (i["side"], -abs(i["amount"])))
    wb = xlsxwriter.Workbook(str(out / "reconciliation.xlsx"))
    money = wb.add_format({"num_format": "#,##0.00;(#,##0.00)"})
    rec, sheet = wb.add_worksheet("Reconciliation"), wb.add_worksheet("Items")
    sheet.write_row(0, 0, ["Classification", "Side", "Amount", "Date", "Item"])
    for r, i in enumerate(rows, start=1):
        when = datetime.strptime(i["date"], "%m/%d/%Y").date().isoformat()
        sheet.write_row(r, 0, [i["classification"], i["side"]])
        sheet.write_number(r, 2, float(i["amount"]), money)
        sheet.write_row(r, 3, [when, i["item"]])
    n = len(rows) + 1
    side_total = {s: sum((i["amount"] for i in items if i["side"] == s), Decimal(0)) for s in ("Bank", "Book")}
    adj_bank, adj_book = data["bank_close"] + side_total["Bank"], data["gl_close"] + side_total["Book"]
    lines = [("Balance per bank statement", None, data["bank_close"]),
             ("Adjusted bank balance", f'=B1+SUMIF(Items!B2:B{n},"Bank",Items!C2:C{n})', adj_bank),
             ("Balance per books", None, data["gl_close"]),
             ("Adjusted book balance", f'=B3+SUMIF(Items!B2:B{n},"Book",Items!C2:C{n})', adj_book),
             ("Difference", "=B2-B4", adj_bank - adj_book)]
    for r, (caption, formula, value) in enumerate(lines):
        rec.write(r, 0, caption)
        if formula:
            rec.write_formula(r, 1, formula, money, float(value))
        else:
            rec.write_number(r, 1, float(value), money)
    wb.close()

    def paren(value: Decimal) -> str:
        return f"({abs(value):,.2f})" if value < 0 else f"{value:,.2f}"

    document = docx.Document()
    document.add_paragraph("1. Summary")
    document.add_paragraph(f"Bank {paren(data['bank_close'])}, books {paren(data['gl_close'])}, adjusted "
                           f"{paren(adj_bank)} both sides.")
    document.add_paragraph("2. Adjusting entries")
    for i in (i for i in items if i["side"] == "Book"):
        debit, credit, _why = entry(i)
        document.add_paragraph(f"{reference(i)} ({i['classification']}): Dr {debit} & Cr {credit} "
                               f"{paren(i['amount'])}", style="List Bullet")
    document.add_paragraph("3. Errors for the bank to correct")
    for i in (i for i in items if i["classification"] == "Bank error"):
        document.add_paragraph(f"{label(i).capitalize()} {paren(i['amount'])}: not the client's; {bank_request(i)}",
                               style="List Bullet")
    if not any(i["classification"] == "Bank error" for i in items):
        document.add_paragraph("None.", style="List Bullet")
    document.add_paragraph("4. Outstanding items")
    for i in (i for i in items if i["classification"] in TIMING):
        document.add_paragraph(f"{i['classification']} {reference(i)} {paren(i['amount'])}", style="List Bullet")
    document.save(str(out / "management_report.docx"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", choices=STYLES, required=True)
    style = parser.parse_args().style
    workspace = Path(os.environ.get("WP42_WORKSPACE", "."))
    out = Path(os.environ.get("WP42_OUT", workspace / "out"))
    out.mkdir(parents=True, exist_ok=True)
    data = read_inputs(workspace / "inputs")
    items = reconcile(data)
    if style == "terse_numbered":
        write_terse(out, data, items)
    else:
        write_workbook(out / "reconciliation.xlsx", data, items, style)
        write_report(out / "management_report.docx", data, items, style)
    issues = [f"{i['classification']}: {i['item']} ({usd(i['amount'], parentheses=True)})" for i in items
              if i["classification"] in ("Bank error", "NSF cheque", "Recording error")]
    issues += owner_requests(workspace / "inputs", items)
    completion = {"status": "completed", "summary": f"Bank reconciliation at {data['period_end']} prepared; it "
                  "closes with every item supported.", "deliverables": ["reconciliation.xlsx", "management_report.docx",
                                                                       "COMPLETION.json"],
                  "assumptions": [], "questions": [], "issues_found": issues}
    (out / "COMPLETION.json").write_text(json.dumps(completion, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
