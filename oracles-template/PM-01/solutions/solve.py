"""PM-01 reference solution and its plausible wrong variants (`--variant NAME`, solutions.json).

Runs as an ordinary worker: its working directory is the workspace (task.json, BRIEF.md, inputs/), WP42_OUT names
out/, and it never reads the oracle. The working is in status.py; each wrong variant changes one step:
``counts_duplicate`` budgets the change order the log holds twice, ``flags_same_location`` also drops the second,
genuine change at the same washrooms, ``ignores_site_delays`` forecasts from the export's durations only,
``eac_bac_over_cpi`` uses EAC = BAC / CPI instead of the brief's formula, ``typed_values`` types the Summary's
figures instead of formulas; on the clean records (coverage set) ``invents_issues`` takes a second change at the
same location for a duplicate and ``asks_needless_question`` asks whether one is before finishing; at the hard
level ``copies_last_month`` takes each change order's In Budget from last month's filed status.
"""

from __future__ import annotations

import argparse
import os

import status

VARIANTS = ("reference", "counts_duplicate", "flags_same_location", "ignores_site_delays", "eac_bac_over_cpi",
            "typed_values", "invents_issues", "asks_needless_question", "copies_last_month")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="reference", choices=VARIANTS)
    variant = parser.parse_args().variant
    status.OUT.mkdir(parents=True, exist_ok=True)
    s = status.compute(variant)
    status.write_workbook(s, status.OUT / "project_status.xlsx", typed=variant == "typed_values",
                          eac_formula="=B2/B6" if variant == "eac_bac_over_cpi" else "=B5+(B2-B4)/(B6*B7)")
    status.write_memo(s, status.OUT / "status_memo.docx")
    portal = os.environ.get("WP42_PORTAL_URL")
    if portal:
        status.submit_return(portal.rstrip("/"), status.return_values(s))
    questions = None
    if variant == "asks_needless_question":
        pairs = [c["CO number"] for c in s.cos if c["Status"] == "Approved"][:2]
        questions = [f"Can cost control confirm that {pairs[0]} and {pairs[1]} are separate changes before I "
                     "finalise the budget?"]
    status.write_completion(s, f"Status at {s.data_date:%Y-%m-%d}: CPI {s.cpi:.2f}, SPI {s.spi:.2f}, forecast finish "
                               f"{s.forecast_finish:%Y-%m-%d}.", questions)


if __name__ == "__main__":
    main()
