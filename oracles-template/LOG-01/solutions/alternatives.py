"""LOG-01 alternative correct solutions: the same audit written the way other freight auditors write it.

``prose`` writes the dispute note as one sentence per disputed line and adds working columns to the Audit sheet;
``relabelled`` uses longer column headers ("Invoice No.", "Invoiced amount (EUR)") and sheet columns in the
brief's names with units; ``terse`` keeps the note to a table and puts the findings in lower case.
"""

from __future__ import annotations

import argparse

import audit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=("prose", "relabelled", "terse"))
    style = parser.parse_args().style
    if style == "prose":
        audit.run(style="prose", extra_columns=True)
    elif style == "relabelled":
        audit.run(headers=("Invoice No.", "Line", "Shipment no.", "Invoiced amount (EUR)", "Correct amount (EUR)",
                           "Difference (EUR)", "Finding"))
    else:
        audit.FINDINGS.update({k: v.lower() for k, v in audit.FINDINGS.items() if k != "ok"})
        audit.run(style="terse")


if __name__ == "__main__":
    main()
