import argparse
import csv
import json
import os
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--variant", default="reference")
variant = parser.parse_args().variant
out = Path(os.environ["WP42_OUT"])
with open("inputs/amounts.csv", newline="") as handle:
    rows = list(csv.DictReader(handle))
posted = [int(r["amount"]) for r in rows if r["status"] == "posted"]
answer = {"total": sum(posted), "count": len(posted), "max": max(posted),
          "excluded": [r["ref"] for r in rows if r["status"] != "posted"]}
if variant == "invents_issues":  # calls the largest posted row suspicious and leaves it out
    largest = max((r for r in rows if r["status"] == "posted"), key=lambda r: int(r["amount"]))
    kept = [int(r["amount"]) for r in rows if r["status"] == "posted" and r is not largest]
    answer = {"total": sum(kept), "count": len(kept), "max": max(kept), "excluded": answer["excluded"] + [largest["ref"]]}
if variant == "off_by_one":
    answer["total"] += 1
if variant == "float_figures":  # an alternative: figures as decimals, refs sorted, a currency key
    answer = {"currency": "USD", "total": float(answer["total"]), "max": float(answer["max"]),
              "count": answer["count"], "excluded": sorted(answer["excluded"])}
if variant == "with_breakdown":  # an alternative: the included rows listed too, keys in another order
    answer = {"included": [r["ref"] for r in rows if r["status"] == "posted"], **dict(reversed(answer.items()))}
if variant == "tamper":
    Path("inputs/amounts.csv").write_text("ref,amount,status\nR-001,1,posted\n")
(out / "answer.json").write_text(json.dumps(answer))
if variant != "no_completion":
    (out / "COMPLETION.json").write_text(json.dumps({"status": "completed", "summary": "done", "deliverables": ["answer.json"],
                                                    "assumptions": [], "questions": [], "issues_found": []}))
