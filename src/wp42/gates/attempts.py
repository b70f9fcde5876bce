"""The gates judged from attempts: ``solvable`` (the reference scores 1.0), ``not_vacuous`` (nop, copy-inputs and
each wrong solution fail where they should), ``robust`` (hostile out/ folders get honest receipts in time) and
``fair`` (every alternative correct solution passes) (SPEC section 5, issues 3 and 12)."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from wp42 import layout, schemas
from wp42.evaluation import Limits, evaluate_out
from wp42.gates import hostile
from wp42.gates.verdict import Gate
from wp42.layout import Repo
from wp42.run.executor import AttemptOutcome

#: A do-nothing run may earn at most this share of the weight (issue 3).
MAX_NOP_SHARE = 1 / 3
#: A scenario ships at least this many alternative correct solutions (SPEC section 5.5, issue 12).
MIN_ALTERNATIVES = 3


def _failed_ids(receipt: dict[str, Any]) -> set[str]:
    failed = {c["id"] for c in receipt.get("required_criteria", []) if not c["passed"]}
    return failed | {v["id"] for v in receipt.get("critical_violations", [])}


def _scored(outcome: AttemptOutcome | None, label: str, gate: Gate) -> dict[str, Any] | None:
    if outcome is None or outcome.receipt is None:
        gate.reasons.append(f"{label} did not run: {outcome.error if outcome else 'no attempt'}")
        return None
    return outcome.receipt


def judge_solvable(outcome: AttemptOutcome | None) -> Gate:
    """Solvable: the reference, run as an ordinary worker, gets det_completion true and det_score 1.0."""
    gate = Gate("solvable")
    receipt = _scored(outcome, "the reference solution", gate)
    if receipt is None:
        return gate
    gate.facts = {"status": receipt["status"], "det_score": receipt["det_score"],
                  "det_completion": receipt["det_completion"]}
    if not receipt["det_completion"] or receipt["det_score"] != 1.0:
        failed = sorted(_failed_ids(receipt))
        gate.reasons.append(
            f"the reference gets {receipt['status']}, det_score {receipt['det_score']:.3f}"
            + (f", failing {', '.join(failed)}" if failed else "")
            + (f" ({'; '.join(receipt['notes'][-2:])})" if receipt.get("notes") and not failed else "")
        )
    return gate


def _failure(receipt: dict[str, Any]) -> str:
    """Why a receipt is not det_completion: its status, score, failed criteria (with details) and violations."""
    criteria = [f"{c['id']} ({c['detail']})" if c.get("detail") else c["id"]
                for c in receipt.get("required_criteria", []) if not c["passed"]]
    violations = [f"{v['id']} ({v['detail']})" if v.get("detail") else v["id"]
                  for v in receipt.get("critical_violations", [])]
    text = f"{receipt['status']}, det_score {receipt['det_score']:.3f}"
    text += f"; failed criteria: {', '.join(criteria)}" if criteria else ""
    text += f"; critical violations: {', '.join(violations)}" if violations else ""
    if not criteria and not violations and receipt.get("notes"):
        text += f" ({'; '.join(receipt['notes'][-2:])})"
    return text


def judge_fair(outcomes: dict[str, AttemptOutcome], alternatives: dict[str, str]) -> Gate:
    """Fair: at least :data:`MIN_ALTERNATIVES` alternative correct solutions are declared and each, run as an
    ordinary worker, gets det_completion true (SPEC section 5.5: a scenario that fails correct work is not kept).

    Args:
        outcomes: the attempts by worker spec (``alt:<name>`` among them).
        alternatives: ``{"alt:<name>": description}`` in manifest order.

    Each failing alternative is a reason naming it with its failed criteria and critical violations (and their
    details); ``facts["alternatives"]`` holds one row per alternative for report.md and ``--json``.
    """
    gate = Gate("fair")
    if len(alternatives) < MIN_ALTERNATIVES:
        gate.reasons.append(
            f"{len(alternatives)} alternative correct solution(s) declared in solutions.json; the fair gate needs at "
            f"least {MIN_ALTERNATIVES}, each written the way a different professional would (SPEC section 5.5)"
        )
    rows = []
    for name, description in alternatives.items():
        receipt = _scored(outcomes.get(name), name, gate)
        if receipt is None:
            rows.append({"worker": name, "description": description, "det_completion": None, "det_score": None,
                         "failed": []})
            continue
        rows.append({"worker": name, "description": description, "det_completion": receipt["det_completion"],
                     "det_score": receipt["det_score"], "failed": sorted(_failed_ids(receipt))})
        if not receipt["det_completion"]:
            gate.reasons.append(f"{name} is correct work but gets {_failure(receipt)}")
    gate.facts["alternatives"] = rows
    return gate


def judge_not_vacuous(outcomes: dict[str, AttemptOutcome], targets: dict[str, tuple[str, ...]]) -> Gate:
    """Not vacuous: nop and copy-inputs fail; each wrong solution fails on every target it declares; nop earns at
    most a third of the weight; every criterion labelled with what the nop run actually got."""
    gate = Gate("not_vacuous")
    nop = _scored(outcomes.get("nop"), "nop", gate)
    labels: list[dict[str, Any]] = []
    if nop is not None:
        if nop["status"] in ("evaluator_error", "evaluator_limit_exceeded"):
            gate.reasons.append(f"the evaluator could not score an empty out/: {'; '.join(nop['notes'][-1:])}")
        if nop["det_completion"]:
            gate.reasons.append("nop (an empty out/) gets det_completion true")
        if nop["det_score"] > MAX_NOP_SHARE:
            passing = [c["id"] for c in nop["required_criteria"] if c["passed"]]
            gate.reasons.append(f"nop earns {nop['det_score']:.3f} of the weight (more than a third), passing "
                                f"{', '.join(passing)}")
        for criterion in nop["required_criteria"]:
            actual = "no_op_pass" if criterion["passed"] else "no_op_fail"
            declared = criterion.get("no_op")
            labels.append({"id": criterion["id"], "no_op": actual, "declared": declared, "weight": criterion["weight"]})
            if declared is None:
                gate.warnings.append(f"criterion {criterion['id']} declares no no_op label (actual: {actual})")
            elif declared != actual:
                gate.reasons.append(f"criterion {criterion['id']} is declared {declared} but the nop run gets {actual}")
        gate.facts["nop_det_score"] = nop["det_score"]
    gate.facts["no_op_labels"] = labels
    copy = _scored(outcomes.get("copy-inputs"), "copy-inputs", gate)
    if copy is not None and copy["det_completion"]:
        gate.reasons.append("copy-inputs (inputs copied into out/ with a completion claim) gets det_completion true")
    wrong_rows = []
    for name, declared in targets.items():
        receipt = _scored(outcomes.get(name), name, gate)
        if receipt is None:
            continue
        failed = _failed_ids(receipt)
        known = {c["id"] for c in receipt["required_criteria"]} | set(receipt.get("critical_checks", []))
        missed = [t for t in declared if t not in failed]
        row = {"worker": name, "targets": list(declared), "det_completion": receipt["det_completion"],
               "failed": sorted(failed), "missed_targets": missed}
        wrong_rows.append(row)
        if receipt["det_completion"]:
            gate.reasons.append(f"{name} passes (det_completion true, det_score {receipt['det_score']:.3f})")
            continue
        unknown = [t for t in missed if t not in known]
        if unknown:
            gate.reasons.append(f"{name} declares target(s) {', '.join(unknown)} that the evaluator never checks")
        if [t for t in missed if t in known]:
            gate.reasons.append(
                f"{name} fails, but not on its declared target(s) {', '.join(t for t in missed if t in known)}; "
                f"it failed on {', '.join(sorted(failed)) or receipt['status']}"
            )
        extra = sorted(failed - set(declared))
        if extra and not missed:
            gate.warnings.append(f"{name} also fails {', '.join(extra)} beyond its targets")
    gate.facts["wrong_solutions"] = wrong_rows
    return gate


def run_hostile(
    task_id: str, deliverables: list[dict[str, Any]], workspace: Path, oracle_root: Path, scratch: Path,
    outside: Path, repo: Repo, limits: Limits, jobs: int, done: Callable[[str], None] | None = None,
) -> dict[str, tuple[dict[str, Any], float]]:
    """Evaluate every hostile out/ kind, ``jobs`` at a time, calling ``done(kind)`` as each is scored;
    ``{kind: (receipt, seconds)}``."""

    def one(kind: str) -> tuple[str, dict[str, Any], float]:
        out = hostile.build(kind, scratch / kind / layout.OUT_DIR, deliverables, outside)
        started = time.monotonic()
        receipt = evaluate_out(task_id, out, workspace=workspace, oracle_root=oracle_root,
                               run_id=f"hostile-{kind}", limits=limits, repo=repo)
        seconds = time.monotonic() - started
        if done:
            done(kind)
        return kind, receipt, seconds

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return {kind: (receipt, seconds) for kind, receipt, seconds in pool.map(one, hostile.KINDS)}


def judge_robust(results: dict[str, tuple[dict[str, Any], float]], limits: Limits, repo: Repo) -> Gate:
    """Robust: each hostile out/ gets a schema-valid receipt with det_completion false, scored within the bound."""
    gate = Gate("robust")
    rows = []
    for kind, (receipt, seconds) in results.items():
        problems = schemas.errors("receipt", receipt, repo)
        rows.append({"kind": kind, "status": receipt.get("status"), "det_completion": receipt.get("det_completion"),
                     "seconds": round(seconds, 2)})
        if problems:
            gate.reasons.append(f"{kind}: receipt breaks receipt_schema.json ({problems[0]})")
        if receipt.get("det_completion"):
            gate.reasons.append(f"{kind}: det_completion true for hostile output")
        if receipt.get("status") == "evaluator_limit_exceeded" or seconds > limits.seconds:
            gate.reasons.append(f"{kind}: the evaluator ran past the {limits.seconds:g} s bound")
        elif receipt.get("status") == "evaluator_error":
            gate.warnings.append(f"{kind}: the evaluator crashed ({'; '.join(receipt.get('notes', [])[-1:])})")
    gate.facts["hostile"] = rows
    return gate
