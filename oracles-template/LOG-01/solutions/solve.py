"""LOG-01 reference solution and its plausible wrong variants (`--variant NAME`, solutions.json).

Runs as an ordinary worker: its working directory is the workspace (task.json, BRIEF.md, inputs/), WP42_OUT names
out/, and it never reads the oracle. The working is in audit.py; each wrong variant changes one step:
``same_week_fuel`` reads the diesel price of the shipment's own week, ``invoice_zone`` trusts the zone the carrier
printed, ``per_invoice_duplicates`` checks each invoice on its own (the re-billed shipment is on the other invoice),
``twins_as_duplicate`` disputes the second of two genuine shipments on the same lane, day and weight,
``typed_totals`` types the Summary's figures instead of formulas; on the clean records (coverage set)
``invents_issues`` disputes the second same-lane twin and ``asks_needless_question`` asks whether it was billed
twice before finishing. At the hard level: ``ignores_delivery_log`` pays waiting time as billed,
``credit_note_as_promised`` takes the month's credit note for last month's promised credit,
``exclusive_break_limit`` puts a weight at a break's upper limit into the next break and ``over_billing_only``
leaves a line billed below its cost as it is.
"""

from __future__ import annotations

import argparse

import audit

VARIANTS = ("reference", "same_week_fuel", "invoice_zone", "per_invoice_duplicates", "twins_as_duplicate",
            "typed_totals", "invents_issues", "asks_needless_question", "ignores_delivery_log",
            "credit_note_as_promised", "exclusive_break_limit", "over_billing_only")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="reference", choices=VARIANTS)
    variant = parser.parse_args().variant
    audit.run("twins_as_duplicate" if variant == "invents_issues" else variant)


if __name__ == "__main__":
    main()
