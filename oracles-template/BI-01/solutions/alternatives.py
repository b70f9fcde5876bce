"""BI-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is correct work written the way a different analyst would; the fair gate needs at least three and every
one must keep det_completion. The analysis is the reference's (solve.analyse); the presentation differs, and each
reads the promotion plan's cell notes its own way (:data:`NOTES`): the comments part found by name and parsed with
ElementTree, the package's relationships followed with lxml, or the part's raw text. Runs as an ordinary worker, like
solve.py.
"""

from __future__ import annotations

import argparse
import json
import re
import zipfile
from datetime import date
from decimal import Decimal
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from solve import CHART, OUT, WORKBOOK, WORKSPACE, Analysis, analyse, region_growth, write_dept_week

SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#: A cell reference: its column letters and row number.
CELL_REF = re.compile(r"([A-Z]+)(\d+)")


def _promo_rows(path: Path) -> dict[int, str]:
    """``{row number: promo id}`` for the plan's rows whose first cell is a promotion id (values read with
    openpyxl)."""
    from openpyxl import load_workbook

    sheet = load_workbook(path, read_only=True).worksheets[0]
    return {i: str(r[0]) for i, r in enumerate(sheet.iter_rows(values_only=True), start=1)
            if r and isinstance(r[0], str) and re.fullmatch(r"PR-\d+-\d+", r[0])}


def notes_from_comments_part(path: Path) -> dict[str, str]:
    """The plan's notes found the way a package browser finds them: every ``xl/comments*.xml`` part (Excel names it
    ``xl/comments1.xml``; other writers use a ``comments/`` folder) parsed with ElementTree, each ``<comment ref>``
    put on its row's promotion."""
    rows = _promo_rows(path)
    found: dict[str, list[str]] = {}
    with zipfile.ZipFile(path) as package:
        for name in package.namelist():
            if not re.fullmatch(r"xl/comments.*\.xml", name):
                continue
            for comment in ElementTree.fromstring(package.read(name)).iter(f"{{{SHEET_NS}}}comment"):
                row = int(CELL_REF.fullmatch(comment.get("ref", "")).group(2))
                text = "".join(t.text or "" for t in comment.iter(f"{{{SHEET_NS}}}t"))
                if row in rows:
                    found.setdefault(rows[row], []).append(text)
    return {promo: "\n".join(texts) for promo, texts in found.items()}


def _part(package: zipfile.ZipFile, source: str, rel_type: str) -> list[str]:
    """The parts ``source`` relates to with ``rel_type`` (its ``_rels`` part, targets resolved as OPC says: a
    leading "/" from the package root, otherwise from the source's folder)."""
    from lxml import etree

    folder = PurePosixPath(source).parent
    rels = f"{folder}/_rels/{PurePosixPath(source).name}.rels".lstrip("/")
    if rels not in package.namelist():
        return []
    targets = etree.fromstring(package.read(rels)).xpath("//r:Relationship[@Type=$t]/@Target", namespaces={"r": REL_NS},
                                                           t=rel_type)
    return [t.lstrip("/") if t.startswith("/") else str(folder / t) for t in targets]


def notes_by_relationships(path: Path) -> dict[str, str]:
    """The plan's notes found by following the package: workbook -> its first sheet -> the sheet's comments
    relationship, with lxml; each note's row named by the promotion id in that row's column A of the sheet's own
    XML (inline or shared strings); no spreadsheet library."""
    from lxml import etree

    ns = {"m": SHEET_NS}
    with zipfile.ZipFile(path) as package:
        sheet = _part(package, "xl/workbook.xml", f"{OFFICE_REL}/worksheet")[0]
        shared = [("".join(si.xpath(".//m:t/text()", namespaces=ns)))
                  for si in etree.fromstring(package.read("xl/sharedStrings.xml")).xpath("//m:si", namespaces=ns)] \
            if "xl/sharedStrings.xml" in package.namelist() else []
        ids = {}
        for cell in etree.fromstring(package.read(sheet)).xpath("//m:c[starts-with(@r, 'A')]", namespaces=ns):
            text = "".join(cell.xpath("m:is//m:t/text()", namespaces=ns))
            if cell.get("t") == "s":
                text = shared[int(cell.xpath("string(m:v)", namespaces=ns))]
            ids[int(CELL_REF.fullmatch(cell.get("r")).group(2))] = text
        found: dict[str, list[str]] = {}
        for part in _part(package, sheet, f"{OFFICE_REL}/comments"):
            for comment in etree.fromstring(package.read(part)).xpath("//m:comment", namespaces=ns):
                promo = ids.get(int(CELL_REF.fullmatch(comment.get("ref")).group(2)), "")
                if promo.startswith("PR-"):
                    found.setdefault(promo, []).append("".join(comment.xpath(".//m:t/text()", namespaces=ns)))
    return {promo: "\n".join(texts) for promo, texts in found.items()}


def notes_from_raw_text(path: Path) -> dict[str, str]:
    """The plan's notes read from the comments part's raw text, as someone who unzipped the file and opened the XML
    in an editor would: each ``<comment ref="..">`` with its tags stripped and its entities unescaped."""
    from html import unescape

    rows = _promo_rows(path)
    found: dict[str, list[str]] = {}
    with zipfile.ZipFile(path) as package:
        raw = "".join(package.read(n).decode("utf-8") for n in package.namelist() if "comments" in n
                      and n.endswith(".xml"))
    for ref, body in re.findall(r'<comment\b[^>]*\bref="([A-Z]+\d+)"[^>]*>(.*?)</comment>', raw, re.DOTALL):
        row = int(CELL_REF.fullmatch(ref).group(2))
        if row in rows:
            found.setdefault(rows[row], []).append(unescape(re.sub(r"<[^>]+>", "", body)))
    return {promo: "\n".join(texts) for promo, texts in found.items()}


def _month_days(text: str, year: int) -> list[date]:
    """Every month/day ("4/7", "04/07") ``text`` names, in order, in ``year``."""
    return [date(year, int(m), int(d)) for m, d in re.findall(r"\b(\d{1,2})/(\d{1,2})\b(?!/)", text)]


def week_moved_to(note: str, shown: date, _sales: dict[date, Decimal]) -> date | None:
    """A note that moves a promotion "to" a week gives the week it ran (the first date after "to the week of");
    one that says where it was moved "from" leaves the row's week standing."""
    after = re.search(r"\bto\s+(?:the\s+)?week\s+of\b(.*)", note, re.IGNORECASE | re.DOTALL)
    days = _month_days(after.group(1), shown.year) if after else []
    return days[0] if days and days[0] != shown else None


def week_the_sales_confirm(note: str, shown: date, sales: dict[date, Decimal]) -> date | None:
    """An analyst who checks the note against the mart: the row's week and every week start the note names are the
    candidates; the promotion ran in the one where its department sold the most (a promotion lifts its week by
    well over the weeks' ordinary spread)."""
    candidates = {shown, *(d for d in _month_days(note, shown.year) if d in sales)}
    ran = max(sorted(candidates), key=lambda w: sales.get(w, Decimal(0)))
    return None if ran == shown else ran


def week_in_first_sentence(note: str, shown: date, _sales: dict[date, Decimal]) -> date | None:
    """The note's first clause says what changed: "Moved to the week of 4/7 (Mon 4/7 - Sun 4/13)" gives the
    Monday it names; "Moved from ..." names the old week, which the row no longer shows."""
    body = note.split(":", 1)[1] if re.match(r"^[^:\n]+:\s*\n", note) else note  # Excel's "Author:" first line
    first = re.split(r"[:.;]\s", body.strip(), maxsplit=1)[0]
    if not re.match(r"(?i)\s*(?:moved|pushed|brought\s+forward|rescheduled)\s+to\b", first):
        return None
    monday = re.search(r"\bMon\s+(\d{1,2})/(\d{1,2})", first)
    days = [date(shown.year, int(monday.group(1)), int(monday.group(2)))] if monday else \
        _month_days(first, shown.year)
    return days[0] if days and days[0] != shown else None


def _moved_issue(p: dict) -> str:
    return (f"{p['promo_id']}: plan row says week of {p['plan_week']:%m/%d}, planner's note moved it to "
            f"{p['week']:%m/%d}; actual taken for {p['week']:%m/%d}.")


def _completion(a: Analysis, questions: list[str], issues: list, summary: str) -> None:
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if questions else "completed", "summary": summary,
        "deliverables": [f"out/{WORKBOOK}", f"./{CHART}", "COMPLETION.json"], "assumptions": [],
        "questions": questions, "issues_found": issues}, indent=2), encoding="utf-8")


def percent_points(a: Analysis) -> None:
    """A finance-minded analyst: title rows above each table, growth in percentage points, Y/N flags, totals rows,
    Region Summary first, a horizontal bar chart; the promotion in doubt shows "TBC"."""
    from openpyxl import Workbook

    wb = Workbook()
    rs = wb.active
    rs.title = "Region Summary"
    sc = wb.create_sheet("Store Comp")
    sc.append([f"Store comp - FY2025 P vs FY2024 P (weeks from {a.ty_start:%m/%d/%Y})"])
    sc.append([])
    sc.append(["Store ID", "Store", "Region", "Comparable", "Sales FY2025", "Sales FY2024", "Growth %",
               "Why not comparable"])
    first = 4
    for i, s in enumerate(a.stores, start=first):
        sc.append([s["store_id"], s["name"], s["region"], "Y" if s["comparable"] else "N", float(s["ty"]),
                   float(s["ly"]), f"=(E{i}/F{i}-1)*100" if s["comparable"] else "", s["why"]])
    last = first + len(a.stores) - 1
    sc.append(["Total (all stores)", "", "", "", f"=SUM(E{first}:E{last})", f"=SUM(F{first}:F{last})", ""])
    rs.append(["Comparable-store sales by region"])
    rs.append(["Region", "Comp stores", "Comp sales FY2025", "Comp sales FY2024", "Comp growth %"])
    rng = f"'Store Comp'!$C${first}:$C${last}"
    flag = f"'Store Comp'!$D${first}:$D${last}"
    for i, region in enumerate([*a.regions, "Chain"], start=3):
        crit = "" if region == "Chain" else f"{rng},A{i},"
        rs.append([region, f"=COUNTIFS({crit}{flag},\"Y\")",
                   f"=SUMIFS('Store Comp'!$E${first}:$E${last},{crit}{flag},\"Y\")",
                   f"=SUMIFS('Store Comp'!$F${first}:$F${last},{crit}{flag},\"Y\")", f"=ROUND((C{i}/D{i}-1)*100,4)"])
    dw = write_dept_week(wb, a)
    n = len(a.departments) + 1
    dw.append(["All departments", *[f"=SUM({c}2:{c}{n})" for c in "BCDEF"]])
    pc = wb.create_sheet("Promo Check")
    pc.append(["Promo ID", "Department", "Week start", "Planned sales", "Actual sales", "Variance", "Variance %"])
    for i, p in enumerate(a.promos, start=2):
        if p["actual"] is None:
            pc.append([p["promo_id"], p["department"], "TBC", float(p["planned"]), "TBC", "", ""])
            continue
        pc.append([p["promo_id"], p["department"], p["week"], float(p["planned"]), float(p["actual"]),
                   f"=E{i}-D{i}", f"=F{i}/D{i}*100"])
        pc[f"C{i}"].number_format = "yyyy-mm-dd"
    wb.save(OUT / WORKBOOK)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [*a.regions, "Chain"]
    fig, ax = plt.subplots(figsize=(7, 5))
    ax.barh(labels, [float(region_growth(a, r)) * 100 for r in labels], color="#8a5a2b")
    ax.set_xlabel("Comp sales growth, % vs same period last year")
    ax.set_title("Comp growth by region")
    fig.tight_layout()
    fig.savefig(OUT / CHART)
    plt.close(fig)
    _completion(a, [f"Which week should I use for {c['promo_id']}? The plan shows it twice "
                    f"({c['weeks'][0]:%b %d} and {c['weeks'][1]:%b %d})." for c in a.conflicts],
                [f"{_long(d)}: the POS extract was loaded twice; duplicates removed." for d in a.duplicate_dates]
                + [_moved_issue(p) for p in a.moved],
                "Dashboard done apart from one promotion whose week I need confirmed.")


def _long(iso: str) -> str:
    from datetime import date

    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


def analyst_notes(a: Analysis) -> None:
    """An analyst who explains: reasons in the Comparable cell ("No - refit closure"), text dates, "and" spelled
    out, a Chain total row label, the promotion in doubt left off Promo Check, a Notes sheet, issue as an object."""
    from openpyxl import Workbook

    wb = Workbook()
    notes = wb.active
    notes.title = "Notes"
    for line in ("Net sales in USD from daily_sales, each business date / store / department counted once.",
                 "Comparable: traded every day of both periods (store master opening dates, Store Operations "
                 "calendar closures). Chain-wide holiday closures ignored."):
        notes.append([line])
    sc = wb.create_sheet("Store Comp")
    sc.append(["Store ID", "Store", "Region", "Comparable", "Sales FY2025", "Sales FY2024", "Growth %"])
    for i, s in enumerate(sorted(a.stores, key=lambda s: (s["region"], s["store_id"])), start=2):
        sc.append([s["store_id"], s["name"], s["region"], "Yes" if s["comparable"] else f"No - {s['why']}",
                   round(float(s["ty"]), 2), round(float(s["ly"]), 2), f"=E{i}/F{i}-1" if s["comparable"] else "n/a"])
        sc[f"G{i}"].number_format = "0.0%"
    last = len(a.stores) + 1
    rs = wb.create_sheet("Region Summary")
    rs.append(["Region", "Comp stores", "Comp sales FY2025", "Comp sales FY2024", "Comp growth %"])
    for i, region in enumerate([*sorted(a.regions), "Chain total"], start=2):
        where = "" if region == "Chain total" else f"('Store Comp'!$C$2:$C${last}=A{i})*"
        yes = f"(LEFT('Store Comp'!$D$2:$D${last},3)=\"Yes\")"
        rs.append([region, f"=SUMPRODUCT({where}{yes}*1)",
                   f"=SUMPRODUCT({where}{yes}*'Store Comp'!$E$2:$E${last})",
                   f"=SUMPRODUCT({where}{yes}*'Store Comp'!$F$2:$F${last})", f"=C{i}/D{i}-1"])
        rs[f"E{i}"].number_format = "0.0%"
    write_dept_week(wb, a, total="=B{i}+C{i}+D{i}+E{i}", label=lambda d: d.replace("&", "and"))
    pc = wb.create_sheet("Promo Check")
    pc.append(["Promo ID", "Department", "Week start", "Planned sales", "Actual sales", "Variance", "Variance %"])
    row = 2
    for p in a.promos:
        if p["actual"] is None:
            continue
        pc.append([p["promo_id"], p["department"], f"{p['week']:%m/%d/%Y}", float(p["planned"]), float(p["actual"]),
                   f"=E{row}-D{row}", f"=IF(D{row}=0,\"\",F{row}/D{row})"])
        row += 1
    wb.save(OUT / WORKBOOK)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [*sorted(a.regions), "Chain total"]
    values = [float(region_growth(a, "Chain" if r == "Chain total" else r)) * 100 for r in labels]
    fig, ax = plt.subplots(figsize=(9, 5))
    ax.bar(labels, values, color="#2e6f95")
    for x, v in enumerate(values):
        ax.text(x, v, f"{v:.2f}%", ha="center", va="bottom")
    ax.set_ylabel("Comp growth (%)")
    ax.set_title("FY2025 comp sales growth vs FY2024")
    fig.savefig(OUT / CHART)
    plt.close(fig)
    _completion(a, [f"The promotion plan has {c['promo_id']} in two weeks (w/c {c['weeks'][0]:%m/%d} and w/c "
                    f"{c['weeks'][1]:%m/%d}). Please confirm the week it actually ran so I can add its variance."
                    for c in a.conflicts],
                [{"business_date": f"{d[5:7]}/{d[8:10]}/{d[:4]}", "issue": "two complete loads of one POS file; the "
                  "second copy was excluded from every figure"} for d in a.duplicate_dates]
                + [{"promotion": p["promo_id"], "issue": f"ran the week of {p['week']:%m/%d/%Y} per the planner's "
                    f"note on the plan (row not updated from {p['plan_week']:%m/%d/%Y}); the sales confirm it"}
                   for p in a.moved],
                "Built the dashboard; the doubled load day is excluded; one promotion awaits confirmation.")


def terse(a: Analysis) -> None:
    """A terse analyst: column headers with units ("Sales FY2025 ($)"), extra columns, Chain labelled "Total",
    the promotion in doubt kept with blank actuals, plain ISO dates."""
    from openpyxl import Workbook

    wb = Workbook()
    sc = wb.active
    sc.title = "Store Comp"
    sc.append(["Store ID", "Store", "Region", "Opened", "Comparable", "Sales FY2025 ($)", "Sales FY2024 ($)",
               "Growth %"])
    for i, s in enumerate(a.stores, start=2):
        sc.append([s["store_id"], s["name"], s["region"], "", "YES" if s["comparable"] else "NO", float(s["ty"]),
                   float(s["ly"]), f"=F{i}/G{i}-1" if s["comparable"] else None])
    last = len(a.stores) + 1
    rs = wb.create_sheet("Region Summary")
    rs.append(["Region", "Comp stores", "Comp sales FY2025 ($)", "Comp sales FY2024 ($)", "Comp growth %",
               "Change ($)"])
    for i, region in enumerate([*a.regions, "Total"], start=2):
        crit = "" if region == "Total" else f"'Store Comp'!C$2:C${last},A{i},"
        rs.append([region, f"=COUNTIFS({crit}'Store Comp'!E$2:E${last},\"YES\")",
                   f"=SUMIFS('Store Comp'!F$2:F${last},{crit}'Store Comp'!E$2:E${last},\"YES\")",
                   f"=SUMIFS('Store Comp'!G$2:G${last},{crit}'Store Comp'!E$2:E${last},\"YES\")",
                   f"=C{i}/D{i}-1", f"=C{i}-D{i}"])
    write_dept_week(wb, a)
    pc = wb.create_sheet("Promo Check")
    pc.append(["Promo ID", "Department", "Week start", "Planned sales", "Actual sales", "Variance", "Variance %",
               "Comment"])
    for i, p in enumerate(a.promos, start=2):
        if p["actual"] is None:
            pc.append([p["promo_id"], p["department"], None, float(p["planned"]), None, None, None,
                       "Plan lists two weeks - awaiting Marketing"])
        else:
            pc.append([p["promo_id"], p["department"], p["week"].isoformat(), float(p["planned"]),
                       float(Decimal(p["actual"])), f"=E{i}-D{i}", f"=F{i}/D{i}", ""])
    wb.save(OUT / WORKBOOK)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [*a.regions, "Total"]
    fig, ax = plt.subplots()
    ax.bar(labels, [float(region_growth(a, "Chain" if r == "Total" else r)) for r in labels])
    ax.set_ylabel("Comp growth (fraction)")
    ax.set_title("Comp growth")
    fig.savefig(OUT / CHART, dpi=110)
    plt.close(fig)
    _completion(a, [f"{c['promo_id']}: which week ran, {c['weeks'][0]} or {c['weeks'][1]}?" for c in a.conflicts],
                [f"{d} double-loaded (load_log shows two COMPLETE loads)" for d in a.duplicate_dates]
                + [f"{p['promo_id']} ran w/c {p['week'].isoformat()} (cell note), not {p['plan_week'].isoformat()}"
                   for p in a.moved],
                "Done except the one promo.")


STYLES = {"percent_points": percent_points, "analyst_notes": analyst_notes, "terse": terse}
#: How each style reads the plan's cell notes: ``(notes reader, reading of a note)`` (solve.NoteReader,
#: solve.NoteReading).
NOTES = {"percent_points": (notes_from_comments_part, week_moved_to),
         "analyst_notes": (notes_by_relationships, week_the_sales_confirm),
         "terse": (notes_from_raw_text, week_in_first_sentence)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=sorted(STYLES))
    style = parser.parse_args().style
    OUT.mkdir(parents=True, exist_ok=True)
    notes, reading = NOTES[style]
    STYLES[style](analyse(WORKSPACE, notes=notes, reading=reading))


if __name__ == "__main__":
    main()
