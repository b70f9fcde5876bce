"""Scoring an out/ folder: load the scenario's evaluate.py by path and run it under limits (SPEC section 4).

The evaluator runs in a child process (``python -m wp42.evaluation_child``) with a wall-clock limit and an address
space limit, so a hostile deliverable can neither hang nor exhaust the caller. Whatever happens, the caller gets a
receipt that validates against ``receipt_schema.json``: a crash is ``evaluator_error``, running past a bound is
``evaluator_limit_exceeded`` — never a silent 0 and never a traceback.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import evidence, layout, schemas
from wp42.errors import UserError
from wp42.generation import bundle_sha256, load_oracle, load_task
from wp42.layout import Oracle, Repo
from wp42.receipts import FORGED_SUBMISSION, UNSCORED_STATUSES, ReceiptContext, Violation, error_receipt

MEMORY_ERROR_MARK = "WP42_EVALUATOR_MEMORY_ERROR"


@dataclass(frozen=True)
class Limits:
    """Bounds on one evaluation: wall-clock seconds and address-space bytes (default 120 s and 2 GiB)."""

    seconds: float = 120.0
    memory_bytes: int = 2 << 30


def _limit_memory(memory_bytes: int):  # pragma: no cover - runs in the child before exec
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return apply


def evaluate_out(
    task_id: str,
    out_dir: Path,
    *,
    workspace: Path | None = None,
    oracle_root: Path | None = None,
    run_id: str = "",
    run_record: dict[str, Any] | None = None,
    expected_seed: int | None = None,
    limits: Limits | None = None,
    repo: Repo | None = None,
    portal_evidence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Score ``out_dir`` for ``task_id`` and return a schema-valid receipt.

    Args:
        workspace: the public workspace the worker used (default: the public bundle); its inputs are compared with
            the oracle's hashes for the input-integrity check.
        run_record: the attempt's run.json; network attempts recorded there become an ``external_call`` violation,
            and its ``bundle_sha256`` (of the full bundle) is the receipt's; without it the workspace is hashed.
        expected_seed: the seed the attempt ran at (from run.json); default: the workspace's task.json says it.
        portal_evidence: in a portal arm, ``{"key", "attempt_id", "issued"}`` (:mod:`wp42.evidence`): handed to the
            evaluator, whose ``common.Evaluation`` grades only the submissions the portal signed and reports any
            other as the critical violation ``forged_portal_submission``.

    Raises:
        UserError: unknown task, missing OUT_DIR or workspace, missing oracle, or an oracle for another seed.
    """
    repo = repo or Repo.find()
    limits = limits or Limits()
    oracle_root = layout.oracle_root(oracle_root)
    if task_id not in repo.task_ids():
        repo.resolve_task_ids([task_id], all_tasks=False)
    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        raise UserError(f"OUT_DIR {out_dir} does not exist or is not a folder: give the out/ folder a worker wrote")
    workspace = Path(workspace) if workspace is not None else repo.bundle(task_id).root
    if not workspace.is_dir():
        raise UserError(f"workspace {workspace} does not exist: give the folder the worker ran in (--workspace)")
    if expected_seed is None:
        expected_seed = load_task(workspace).get("generator_seed")
    oracle = load_oracle(oracle_root, task_id, expected_seed=expected_seed)
    evaluator = Oracle.at(oracle_root, task_id).evaluate_py
    if not evaluator.is_file():
        raise UserError(f"{evaluator} is missing: regenerate {task_id} to reinstall its hidden sources")
    # The attempt's hash is of the full bundle it ran from; a workspace holds only the worker's view of task.json.
    bundle_hash = (run_record or {}).get("bundle_sha256") or bundle_sha256(workspace)
    context = ReceiptContext(task_id=task_id, run_id=run_id, seed=oracle.get("seed"), bundle_sha256=bundle_hash)
    receipt = _run_child(evaluator, out_dir, workspace, oracle_root, task_id, run_id, limits, repo, context,
                         portal_evidence)
    if portal_evidence is not None and receipt.get("status") not in UNSCORED_STATUSES \
            and FORGED_SUBMISSION not in receipt.get("critical_checks", []):
        receipt["notes"] = [*receipt.get("notes", []), "this evaluator did not verify the portal's signatures on "
                            "out/portal_submissions.json (it does not use common.Evaluation)"]
    receipt["seed"] = context.seed
    receipt["bundle_sha256"] = context.bundle_sha256
    if run_record and run_record.get("network_attempts"):
        _add_violation(
            receipt,
            Violation(
                "external_call",
                "the worker tried to reach a host other than the loopback portal",
                ", ".join(f"{a.get('host')}:{a.get('port')}" for a in run_record["network_attempts"][:10]),
            ),
        )
    problems = schemas.errors("receipt", receipt, repo)
    if problems:
        receipt = error_receipt(
            ReceiptContext(task_id, run_id, receipt.get("evaluator_version", "unknown"), context.seed,
                           context.bundle_sha256),
            "evaluator_error",
            "the evaluator returned a receipt that breaks receipt_schema.json: " + "; ".join(problems[:5]),
        )
    return receipt


def _add_violation(receipt: dict[str, Any], violation: Violation) -> None:
    receipt["critical_violations"].append(violation.as_dict())
    receipt["critical_checks"] = sorted({*receipt.get("critical_checks", []), violation.id})
    if receipt["det_completion"]:
        receipt["det_completion"] = False
        receipt["status"] = "failed"


def _run_child(
    evaluator: Path,
    out_dir: Path,
    workspace: Path,
    oracle_root: Path,
    task_id: str,
    run_id: str,
    limits: Limits,
    repo: Repo,
    context: ReceiptContext,
    portal_evidence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="wp42-eval-") as scratch:
        result = Path(scratch) / "receipt.json"
        command = [
            sys.executable, "-m", "wp42.evaluation_child", str(evaluator), str(out_dir.resolve()),
            str(workspace.resolve()), str(Oracle.at(oracle_root, task_id).oracle_json), run_id, str(result),
        ]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(repo.validators_dir), os.environ.get("PYTHONPATH", "")]).rstrip(
                os.pathsep
            ),
            layout.HOME_ENV: str(repo.root),
            "PYTHONDONTWRITEBYTECODE": "1",
            "TMPDIR": scratch,
        }
        env.pop(evidence.EVIDENCE_ENV, None)
        if portal_evidence is not None:
            evidence_file = Path(scratch) / "evidence.json"
            evidence.write_evidence(evidence_file, portal_evidence["key"], portal_evidence["attempt_id"],
                                    list(portal_evidence["issued"]))
            env[evidence.EVIDENCE_ENV] = str(evidence_file)
        try:
            proc = subprocess.run(
                command, capture_output=True, text=True, env=env, timeout=limits.seconds,
                preexec_fn=_limit_memory(limits.memory_bytes), start_new_session=True,
            )
        except subprocess.TimeoutExpired:
            return error_receipt(
                context, "evaluator_limit_exceeded",
                f"the evaluator ran past its {limits.seconds:g} s bound and was stopped; the work was not scored",
            )
        if MEMORY_ERROR_MARK in proc.stderr:
            return error_receipt(
                context, "evaluator_limit_exceeded",
                f"the evaluator ran out of its {limits.memory_bytes >> 20} MiB memory bound; the work was not scored",
            )
        if proc.returncode != 0 or not result.is_file():
            tail = " | ".join(proc.stderr.strip().splitlines()[-4:]) or f"exit code {proc.returncode}"
            if proc.returncode < 0:
                tail = f"killed by signal {-proc.returncode}; " + tail
            return error_receipt(context, "evaluator_error", f"the evaluator crashed: {tail}")
        try:
            return json.loads(result.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            return error_receipt(context, "evaluator_error", f"the evaluator wrote an unreadable receipt: {exc}")
