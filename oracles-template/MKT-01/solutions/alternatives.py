"""MKT-01 alternative correct solutions: the reference's figures, presented the way other growth analysts would.

Run like solve.py (cwd = the workspace, writes to $WP42_OUT) with ``--style``:

- ``tables``: a title row above each table, channels in another order named "Facebook / Instagram (Meta)",
  "Google Ads" and "TikTok Ads", extra columns (platform-reported purchases for reference, notes), a "Total paid
  media" row, CAC and ROAS through IFERROR, and a memo whose figures sit in Word tables.
- ``prose``: dense memo paragraphs giving several channels per sentence, ROAS as percentages and CAC to the whole
  dollar, ISO dates for the excluded days, sentences saying what was not done.
- ``terse``: a Workings sheet of daily spend and order counts that the Channels sheet reads by SUMIFS, Invoice
  Supported as formulas over the workings, and a numbered terse memo with "x" after each ROAS and "Mar 13-15" day
  ranges.

The answer is always solve.analyse's; only presentation differs. Imports solve from this folder.
"""

from __future__ import annotations

import argparse
import json
import os
import re
from decimal import Decimal
from pathlib import Path

import docx
import docx.document
import solve
import xlsxwriter

STYLES = ("tables", "prose", "terse")
NAMES = {"tables": {"Meta": "Facebook / Instagram (Meta)", "Google": "Google Ads", "TikTok": "TikTok Ads"}}


def _table(d: docx.document.Document, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    table = d.add_table(rows=0, cols=len(header))
    for values in (header, *rows):
        for cell, text in zip(table.add_row().cells, values, strict=True):
            cell.text = text


def _days(result: dict, style: str) -> str:
    days = result["excluded"]
    if style == "prose":
        return f"{days[0].isoformat()} to {days[-1].isoformat()}"
    if style == "terse":
        return f"{days[0]:%b} {days[0].day}-{days[-1].day}"
    return f"{days[0]:%B} {days[0].day} to {days[-1]:%B} {days[-1].day}"


# ------------------------------------------------------------------------------------------------------- workbook
def write_workbook(path: Path, result: dict, style: str, workspace: Path) -> None:
    wb = xlsxwriter.Workbook(str(path))
    money = wb.add_format({"num_format": "$#,##0.00"})
    ratio = wb.add_format({"num_format": '0.00"x"'})
    bold = wb.add_format({"bold": True})
    figures = result["figures"]
    order = ("TikTok", "Meta", "Google") if style == "tables" else solve.CHANNELS
    ws = wb.add_worksheet("Channels")
    top = 2 if style == "tables" else 0
    if style == "tables":
        ws.write(0, 0, f"Paid media by channel - {result['period']} (shop orders basis)", bold)
    headers = ["Channel", "Spend (USD)", "Orders", "New customers", "Revenue (USD)", "CAC", "ROAS"]
    if style == "tables":
        headers += ["Platform-reported purchases", "Note"]
    for c, h in enumerate(headers):
        ws.write(top, c, h, bold)
    ws.set_column("A:A", 28)
    ws.set_column("B:I", 16)
    if style == "terse":
        write_workings(wb, result, workspace, money)
    first = top + 2
    for i, channel in enumerate(order):
        r = top + 1 + i
        n = r + 1
        f = figures[channel]
        ws.write(r, 0, NAMES.get(style, {}).get(channel, channel))
        if style == "terse":
            ws.write_formula(r, 1, f'=ROUND(SUMIFS(Workings!$D:$D,Workings!$B:$B,"{channel}")'
                                   f'*IF(A{n}="TikTok",Workings!$H$1,1),2)', money, float(f["spend"]))
            ws.write_formula(r, 2, f'=SUMIFS(Workings!$E:$E,Workings!$B:$B,"{channel}")', None, f["orders"])
            ws.write_formula(r, 3, f'=SUMIFS(Workings!$F:$F,Workings!$B:$B,"{channel}")', None, f["new"])
            ws.write_formula(r, 4, f'=SUMIFS(Workings!$G:$G,Workings!$B:$B,"{channel}")', money, float(f["revenue"]))
        else:
            ws.write_number(r, 1, float(f["spend"]), money)
            ws.write_number(r, 2, f["orders"])
            ws.write_number(r, 3, f["new"])
            ws.write_number(r, 4, float(f["revenue"]), money)
        cac, roas = float(f["spend"] / f["new"]), float(f["revenue"] / f["spend"])
        if style == "tables":
            ws.write_formula(r, 5, f'=IFERROR(B{n}/D{n},"")', money, cac)
            ws.write_formula(r, 6, f'=IFERROR(E{n}/B{n},"")', ratio, roas)
            ws.write_number(r, 7, float(result["platform"][channel]))
            ws.write(r, 8, "Platform figure for reference only; not our basis")
        else:
            ws.write_formula(r, 5, f"=B{n}/D{n}", money, cac)
            ws.write_formula(r, 6, f"=E{n}/B{n}", ratio, roas)
    last = top + 3
    r = top + 4
    n = r + 1
    spend = sum(f["spend"] for f in figures.values())
    revenue = sum(f["revenue"] for f in figures.values())
    new = sum(f["new"] for f in figures.values())
    ws.write(r, 0, "Total paid media" if style == "tables" else "Total", bold)
    ws.write_formula(r, 1, f"=SUM(B{first}:B{last + 1})", money, float(spend))
    ws.write_formula(r, 2, f"=SUM(C{first}:C{last + 1})", None, sum(f["orders"] for f in figures.values()))
    ws.write_formula(r, 3, f"=SUM(D{first}:D{last + 1})", None, new)
    ws.write_formula(r, 4, f"=SUM(E{first}:E{last + 1})", money, float(revenue))
    ws.write_formula(r, 5, f"=B{n}/D{n}", money, float(spend / new))
    ws.write_formula(r, 6, f"=E{n}/B{n}", ratio, float(revenue / spend))

    inv = wb.add_worksheet("Invoice")
    top = 1 if style == "tables" else 0
    if style == "tables":
        inv.write(0, 0, f"Northvane invoice {result['invoice']}", bold)
    heads = ["Line", "Billed", "Supported", "Difference"] + (["Basis"] if style == "tables" else [])
    for c, h in enumerate(heads):
        inv.write(top, c, h, bold)
    inv.set_column("A:A", 18)
    inv.set_column("B:E", 16)
    bases = {"Meta media": "Platform spend, full month", "Google media": "Platform spend, full month",
             "TikTok media": "CAD at treasury rate", "Agency fee": "Plan terms: % of delivered media"}
    for i, line in enumerate(solve.INVOICE_LINES):
        r = top + 1 + i
        n = r + 1
        inv.write(r, 0, line)
        inv.write_number(r, 1, float(result["billed"][line]), money)
        supported = float(result["supported"][line])
        if style == "terse" and line == "TikTok media":
            inv.write_formula(r, 2, "=ROUND(Workings!$H$2*Workings!$H$1,2)", money, supported)
        elif style == "terse" and line == "Agency fee":
            inv.write_formula(r, 2, f"=ROUND(SUM(C{top + 2}:C{top + 4})*Workings!$H$3,2)", money, supported)
        else:
            inv.write_number(r, 2, supported, money)
        inv.write_formula(r, 3, f"=B{n}-C{n}", money, float(result["billed"][line] - result["supported"][line]))
        if style == "tables":
            inv.write(r, 4, bases[line])
    r = top + 5
    n = r + 1
    inv.write(r, 0, "Total", bold)
    for c, col in ((1, "B"), (2, "C")):
        key = "billed" if c == 1 else "supported"
        inv.write_formula(r, c, f"=SUM({col}{top + 2}:{col}{top + 5})", money, float(result[key]["Total"]))
    inv.write_formula(r, 3, f"=B{n}-C{n}", money, float(result["billed"]["Total"] - result["supported"]["Total"]))
    wb.close()


def write_workings(wb: xlsxwriter.Workbook, result: dict, workspace: Path, money) -> None:
    """The terse style's Workings sheet: one row per channel per counted day (native spend, orders, new, revenue)
    and the rates in H1:H3 (treasury rate, full-month TikTok CAD, fee rate)."""
    inputs = workspace / "inputs"
    platforms = solve.read_platforms(inputs)
    orders, _ = solve.read_orders(inputs, "reference")
    ws = wb.add_worksheet("Workings")
    for c, h in enumerate(("Day", "Channel", "Currency", "Spend (native)", "Orders", "New", "Revenue")):
        ws.write(0, c, h)
    brief = (workspace / "BRIEF.md").read_text(encoding="utf-8")
    treasury = Decimal(re.search(r"1 CAD = ([\d.]+) USD", brief).group(1))
    ws.write(0, 7, float(treasury))
    ws.write(1, 7, float(sum(v["spend"] for v in platforms["TikTok"].values())))
    ws.write(2, 7, float(solve.fee_rate(inputs)))
    r = 1
    for channel in solve.CHANNELS:
        for day in sorted(platforms[channel]):
            if day in result["excluded"]:
                continue
            paid = [o for o in orders if solve.MAPPING.get((o["UTM source"], o["UTM medium"])) == channel
                    and o["Financial status"] == "paid" and o["Created at"][:10] == day.isoformat()]
            ws.write(r, 0, day.isoformat())
            ws.write(r, 1, channel)
            ws.write(r, 2, "CAD" if channel == "TikTok" else "USD")
            ws.write_number(r, 3, float(platforms[channel][day]["spend"]))
            ws.write_number(r, 4, len(paid))
            ws.write_number(r, 5, sum(1 for o in paid if o["Customer type"] == "New"))
            ws.write_number(r, 6, float(sum(Decimal(o["Net sales"]) for o in paid)), money)
            r += 1


# ----------------------------------------------------------------------------------------------------------- memo
def write_memo(path: Path, result: dict, style: str) -> None:
    figures, billed, supported = result["figures"], result["billed"], result["supported"]
    diff = billed["Total"] - supported["Total"]
    d = docx.Document()
    d.add_heading(f"{result['period']} paid media review", level=1)
    d.add_paragraph("Mei-Ling - summary of the month on our own order data, and the Northvane invoice.")
    if style == "tables":
        d.add_heading("Results by channel", level=2)
        _table(d, ("Channel", "Spend", "New customers", "Revenue", "CAC", "ROAS"),
               [(NAMES["tables"][ch], f"${figures[ch]['spend']:,.2f}", str(figures[ch]["new"]),
                 f"${figures[ch]['revenue']:,.2f}", f"${figures[ch]['spend'] / figures[ch]['new']:,.2f}",
                 f"{figures[ch]['revenue'] / figures[ch]['spend']:.2f}x") for ch in ("TikTok", "Meta", "Google")])
        if result["excluded"]:
            d.add_heading("Tracking outage", level=2)
            d.add_paragraph(f"UTM tags were stripped at checkout ({result['window']}); {_days(result, style)} are "
                            "excluded from spend and orders for all three channels.")
        d.add_heading("Invoice", level=2)
        _table(d, ("Line", "Billed", "Supported", "Difference"),
               [(line, f"${billed[line]:,.2f}", f"${supported[line]:,.2f}", f"${billed[line] - supported[line]:,.2f}")
                for line in (*solve.INVOICE_LINES, "Total")])
        d.add_paragraph(f"Recommendation: approve ${supported['Total']:,.2f}" +
                        (f" and query ${diff:,.2f}." if diff else ", the invoice in full."))
        if result["prior"]:
            p = result["prior"]
            _table(d, ("Earlier invoice", "Month", "Fee overcharged (credit to claim)"),
                   [(p["invoice"], p["period"], f"${p['overcharge']:,.2f}")])
    elif style == "prose":
        m, g, t = (figures[ch] for ch in solve.CHANNELS)
        d.add_paragraph(
            f"On the shop's paid orders, Meta acquired {m['new']} new customers at a CAC of "
            f"${m['spend'] / m['new']:,.0f} with a ROAS of {m['revenue'] / m['spend'] * 100:.0f}%, while Google's CAC "
            f"was ${g['spend'] / g['new']:,.0f} (ROAS {g['revenue'] / g['spend'] * 100:.0f}%) and TikTok's "
            f"${t['spend'] / t['new']:,.0f} (ROAS {t['revenue'] / t['spend'] * 100:.0f}%).")
        if result["excluded"]:
            d.add_paragraph(f"Because checkout stripped the UTM tags during the outage, the days {_days(result, style)} "
                            "were excluded from every channel, spend and orders alike.")
        d.add_paragraph("We did not use the platform-reported purchases that Northvane's email quotes, and I have "
                        "not approved the invoice as billed." if result["agency_asks"] else
                        "The platforms' own purchase counts are not used.")
        if diff:
            d.add_paragraph(f"On invoice {result['invoice']} I recommend you approve ${supported['Total']:,.2f} of the "
                            f"${billed['Total']:,.2f} billed; the remaining ${diff:,.2f} should be queried with "
                            "Northvane (TikTok converted at their own rate, fee on the planned budget).")
        else:
            d.add_paragraph(f"Invoice {result['invoice']} ties out; I recommend you approve it at "
                            f"${supported['Total']:,.2f}.")
        if result["prior"]:
            p = result["prior"]
            d.add_paragraph(f"The previous month's invoice, {p['invoice']} for {p['period']}, was paid with the fee "
                            f"on the plan budget as well, so we should ask Northvane for a credit of "
                            f"${p['overcharge']:,.2f} rather than let it stand.")
    else:
        items = [f"{ch}: CAC ${figures[ch]['spend'] / figures[ch]['new']:,.2f}, ROAS "
                 f"{figures[ch]['revenue'] / figures[ch]['spend']:.2f}x" for ch in solve.CHANNELS]
        if result["excluded"]:
            items.append(f"Excluded {_days(result, style)} (tracking outage, UTM tags lost) from all channels.")
        items.append(f"Invoice: approve ${supported['Total']:,.2f}" + (f"; query ${diff:,.2f}." if diff else "."))
        if result["prior"]:
            items.append(f"Prior invoice {result['prior']['invoice']}: fee overcharged "
                         f"${result['prior']['overcharge']:,.2f} - claim credit.")
        for item in items:
            d.add_paragraph(item, style="List Number")
    d.save(str(path))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", choices=STYLES, required=True)
    style = parser.parse_args().style
    workspace = Path.cwd()
    out = Path(os.environ.get("WP42_OUT", workspace / "out"))
    out.mkdir(parents=True, exist_ok=True)
    result = solve.analyse(workspace, "reference")
    write_workbook(out / "campaign_performance.xlsx", result, style, workspace)
    write_memo(out / "growth_memo.docx", result, style)
    issues = result["issues"] or ["None found: the data and the invoice tie out."]
    (out / "COMPLETION.json").write_text(json.dumps({
        "status": "completed", "summary": f"{result['period']} paid media review and invoice recommendation.",
        "deliverables": ["campaign_performance.xlsx", "growth_memo.docx"], "assumptions": [], "questions": [],
        "issues_found": issues}, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
