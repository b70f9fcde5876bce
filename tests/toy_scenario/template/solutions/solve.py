import argparse
import json
import os
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--variant", default="reference")
variant = parser.parse_args().variant
out = Path(os.environ["WP42_OUT"])
rows = Path("inputs/amounts.csv").read_text().split()[1:]
total = sum(int(r) for r in rows)
if variant == "off_by_one":
    total += 1
if variant == "tamper":
    Path("inputs/amounts.csv").write_text("amount\n1\n")
(out / "answer.json").write_text(json.dumps({"total": total}))
if variant != "no_completion":
    (out / "COMPLETION.json").write_text(json.dumps({"status": "completed", "summary": "done", "deliverables": ["answer.json"],
                                                    "assumptions": [], "questions": [], "issues_found": []}))
