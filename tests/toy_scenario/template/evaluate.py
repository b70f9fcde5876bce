"""Toy evaluator: built on wp42.receipts only, so framework tests do not depend on any scenario helper."""

import json
from pathlib import Path

from wp42.generation import input_hashes
from wp42.receipts import Criterion, ReceiptContext, Violation, build_receipt

EVALUATOR_VERSION = "TOY/1.0"


def evaluate(out_dir, oracle, workspace, run_id=""):
    out = Path(out_dir)
    answer = {}
    try:
        answer = json.loads((out / "answer.json").read_text())
    except Exception:
        pass
    completion = (out / "COMPLETION.json").is_file()
    total = answer.get("total") if isinstance(answer, dict) else None
    criteria = [
        Criterion("total", "total equals the sum", total == oracle["facts"]["total"], 3, f"got {total}", "no_op_fail"),
        Criterion("completion_file", "COMPLETION.json written", completion, 1, "", "no_op_fail"),
    ]
    violations = []
    if input_hashes(Path(workspace)) != oracle["input_sha256"]:
        violations.append(Violation("input_integrity", "inputs modified", "inputs differ"))
    files = [p for p in out.rglob("*") if p.is_file()]
    return build_receipt(ReceiptContext(oracle["task_id"], run_id, EVALUATOR_VERSION), criteria, violations,
                         critical_checks=["input_integrity"], empty_submission=not files)
