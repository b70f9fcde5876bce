"""An alternative correct solution written another way: reads the CSV by hand, states its working in COMPLETION.json."""
import json
import os
from pathlib import Path

lines = Path("inputs/amounts.csv").read_text(encoding="utf-8").splitlines()
header = lines[0].split(",")
records = [dict(zip(header, line.split(","), strict=True)) for line in lines[1:] if line.strip()]
kept = [r for r in records if r["status"].strip().lower() == "posted"]
amounts = [int(r["amount"]) for r in kept]
out = Path(os.environ["WP42_OUT"])
(out / "answer.json").write_text(json.dumps({"excluded": [r["ref"] for r in records if r not in kept],
                                             "count": len(kept), "total": sum(amounts), "max": max(amounts)},
                                            indent=2))
(out / "COMPLETION.json").write_text(json.dumps({
    "status": "completed", "summary": f"Totalled {len(kept)} posted rows; voided rows left out.",
    "deliverables": ["answer.json", "COMPLETION.json"], "assumptions": ["Only rows marked posted count."],
    "questions": [], "issues_found": [{"ref": r["ref"], "issue": "void"} for r in records if r not in kept]}))
