"""PM-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is the reference's figures (status.py) written the way a different professional would:
``controls_tables`` (a cost engineer: Summary first, long labels, extra columns, a totals row, a memo of tables),
``owner_prose`` (a project manager writing to the owner: prose, dates in words, indices named in full, the genuine
second washroom change said not to be a duplicate), ``terse`` (a scheduler: numbered points, ISO dates, arrows).
Runs as an ordinary worker, like solve.py.
"""

from __future__ import annotations

import argparse
import os

import docx
import status


def memo_tables(s: status.Status) -> None:
    f = status.memo_facts(s)
    document = docx.Document()
    document.add_heading(f"Bowmont Commons Building C - monthly status at {s.data_date:%d %b %Y}", level=1)
    rows = [("Measure", "Value"), ("Budget at completion", status.money(s.bac)), ("Planned value", status.money(s.pv)),
            ("Earned value", status.money(s.ev)), ("Actual cost", status.money(s.ac)), ("CPI", f"{s.cpi:.2f}"),
            ("SPI", f"{s.spi:.2f}"), ("EAC", status.money(s.eac)),
            ("Baseline finish", f"{s.baseline_finish:%d %b %Y}"), ("Forecast finish", f"{s.forecast_finish:%d %b %Y}")]
    table = document.add_table(rows=len(rows), cols=2)
    for r, (a, b) in enumerate(rows):
        table.cell(r, 0).text, table.cell(r, 1).text = a, b
    document.add_heading("Schedule drivers", level=2)
    drivers = [("Activity", "Reported change", "Effect")]
    for t, days in s.extensions.items():
        effect = "now critical; moves the finish" if s.net[t]["tf"] == 0 else f"absorbed by float ({s.net[t]['tf']} wd left)"
        drivers.append((f"{t} {f['names'][t]}", f"+{days} working days", effect))
    table = document.add_table(rows=len(drivers), cols=3)
    for r, row in enumerate(drivers):
        for c, v in enumerate(row):
            table.cell(r, c).text = v
    document.add_paragraph("Critical path: " + " > ".join(s.critical))
    document.add_heading("Change orders", level=2)
    cos = [("CO", "Site instruction", "Treatment")]
    for co in s.cos:
        if co in s.excluded:
            cos.append((co["CO number"], co["Site instruction"], f"Excluded: duplicate of {co['duplicate_of']}"))
        elif co["in_budget"]:
            cos.append((co["CO number"], co["Site instruction"], "In budget"))
    table = document.add_table(rows=len(cos), cols=3)
    for r, row in enumerate(cos):
        for c, v in enumerate(row):
            table.cell(r, c).text = v
    document.save(str(status.OUT / "status_memo.docx"))


def memo_prose(s: status.Status) -> None:
    f = status.memo_facts(s)
    movers = [t for t in s.extensions if s.net[t]["tf"] == 0]
    genuine = [co for co in s.cos if co["in_budget"] and co not in s.excluded and any(
        co["Activity"] == x["Activity"] and co["Trade contractor"] == x["Trade contractor"] for x in s.excluded)]
    document = docx.Document()
    document.add_heading("Monthly status for the owner's representative", level=1)
    document.add_paragraph(
        f"As of {s.data_date.day} {s.data_date:%B %Y} we have earned {status.money(s.ev)} of work for "
        f"{status.money(s.ac)} spent, a cost performance index of {s.cpi:.2f}; against the {status.money(s.pv)} "
        f"we planned to have done, the schedule performance index stands at {s.spi:.2f}. At that cost and pace the "
        f"job finishes at {status.money(s.eac)} (EAC) on a budget of {status.money(s.bac)}.")
    cause = (f"The cause is {f['names'][movers[0]]} ({movers[0]}): the site reports {s.extensions[movers[0]]} extra "
             "working days, more than its float, and the critical path now runs " if movers else
             "No reported delay reaches the critical path, which still runs ") + ", ".join(s.critical) + "."
    document.add_paragraph(
        f"Substantial completion is now forecast for {s.forecast_finish.day} {s.forecast_finish:%B %Y}, where the "
        f"baseline had {s.baseline_finish.day} {s.baseline_finish:%B %Y}. {cause} {f['slip']}")
    for co in s.excluded:
        document.add_paragraph(
            f"I have taken {co['CO number']} out of the budget: it re-enters site instruction {co['Site instruction']}, "
            f"already budgeted as {co['duplicate_of']}, at the same price.")
    for co in genuine:
        document.add_paragraph(
            f"{co['CO number']} is at the same location but is a different instruction ({co['Site instruction']}) and "
            "is not a duplicate; it stays in the budget.")
    document.save(str(status.OUT / "status_memo.docx"))


def memo_terse(s: status.Status) -> None:
    f = status.memo_facts(s)
    document = docx.Document()
    document.add_heading(f"Status {s.data_date.isoformat()}", level=1)
    points = [f"CPI {s.cpi:.3f}; SPI {s.spi:.3f}.", f"EAC {status.money(s.eac)} vs BAC {status.money(s.bac)}.",
              f"Forecast finish {s.forecast_finish.isoformat()} (baseline {s.baseline_finish.isoformat()}).",
              f["delay"], "Critical path: " + " -> ".join(s.critical) + "."]
    points += [f"{co['CO number']}: re-keyed entry of {co['duplicate_of']} (same SI, same amount); excluded."
               for co in s.excluded]
    for k, point in enumerate(points, 1):
        document.add_paragraph(f"{k}. {point}")
    document.save(str(status.OUT / "status_memo.docx"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=("controls_tables", "owner_prose", "terse"))
    style = parser.parse_args().style
    status.OUT.mkdir(parents=True, exist_ok=True)
    s = status.compute()
    if style == "controls_tables":
        status.write_workbook(s, status.OUT / "project_status.xlsx", extra_columns=True, totals_row=True,
                              summary_first=True, long_labels=True, path_separator=" > ")
        memo_tables(s)
    elif style == "owner_prose":
        status.write_workbook(s, status.OUT / "project_status.xlsx", path_separator=" - ")
        memo_prose(s)
    else:
        status.write_workbook(s, status.OUT / "project_status.xlsx", path_separator=" -> ")
        memo_terse(s)
    portal = os.environ.get("WP42_PORTAL_URL")
    if portal:
        status.submit_return(portal.rstrip("/"), status.return_values(s))
    status.write_completion(s, f"Monthly status at {s.data_date.isoformat()} done.")


if __name__ == "__main__":
    main()
