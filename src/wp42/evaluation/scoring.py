"""Scoring an out/ folder: load the scenario's evaluate.py by path and run it under limits (SPEC section 4).

The evaluator runs in a child process with a wall-clock limit, an address-space limit and an open-files limit, so a
hostile deliverable can neither hang nor exhaust the caller. The child is forked from a warm, pre-imported parent
of the evaluation service (:mod:`wp42.evaluation.service`, the default) or is a new ``python -m
wp42.evaluation.child`` (the per-process path: ``WP42_EVALUATION=process``, and the fallback when no warm parent
can start); both run :func:`wp42.evaluation.child.run` and their receipts are the same bytes. Whatever happens, the
caller gets a receipt that validates against ``receipt_schema.json``: a crash is ``evaluator_error``, running past
a bound is ``evaluator_limit_exceeded`` — never a silent 0 and never a traceback.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import evidence, layout, schemas
from wp42.errors import UserError
from wp42.evaluation import service as evaluation_service
from wp42.evaluation.receipts import (
    FORGED_SUBMISSION,
    UNSCORED_STATUSES,
    ReceiptContext,
    Violation,
    error_receipt,
)
from wp42.generation import bundle_sha256, load_oracle, load_task
from wp42.layout import Oracle, Repo

MEMORY_ERROR_MARK = "WP42_EVALUATOR_MEMORY_ERROR"


@dataclass(frozen=True)
class Limits:
    """Bounds on one evaluation: wall-clock seconds, address-space bytes and open files (default 120 s, 2 GiB and
    1024 descriptors, the usual soft limit; a warm child starts with the warm parent's imports already inside its
    address space, as a new process has them once it has imported the same modules)."""

    seconds: float = 120.0
    memory_bytes: int = 2 << 30
    open_files: int = 1024


def preexec_limits(limits: Limits):  # pragma: no cover - runs in the child before exec
    """A ``preexec_fn`` that applies ``limits``' address-space and open-files bounds and forbids core files."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
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
    mode: str | None = None,
    portal_evidence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Score ``out_dir`` for ``task_id`` and return a schema-valid receipt.

    Args:
        workspace: the public workspace the worker used (default: the public bundle); its inputs are compared with
            the oracle's hashes for the input-integrity check.
        run_record: the attempt's run.json; network attempts recorded there become an ``external_call`` violation,
            and its ``bundle_sha256`` (of the full bundle) is the receipt's; without it the workspace is hashed.
        expected_seed: the seed the attempt ran at (from run.json); default: the workspace's task.json says it.
            The oracle must also be of the set and level run.json (or else the workspace's task.json) names.
        mode: ``service`` (a child forked from a warm parent) or ``process`` (a new interpreter); default
            :func:`wp42.evaluation.service.evaluation_mode` (``$WP42_EVALUATION``, else ``service``).
        portal_evidence: in a portal arm, ``{"key", "attempt_id", "issued"}`` (:mod:`wp42.evidence`): handed to the
            evaluator, whose ``common.Evaluation`` grades only the submissions the portal signed and reports any
            other as the critical violation ``forged_portal_submission``.

    Raises:
        UserError: unknown task, missing OUT_DIR or workspace, missing oracle, an oracle for another seed, set or
            level, or an unknown ``mode``.
    """
    repo = repo or Repo.find()
    mode = evaluation_service.evaluation_mode(mode)
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
    # run.json names the attempt's set and level (the worker's task.json hides them); a full task.json names them too
    variant_of = run_record if run_record is not None else load_task(workspace)
    oracle = load_oracle(oracle_root, task_id, expected_seed=expected_seed, expected_set=variant_of.get("set"),
                         expected_level=variant_of.get("level"))
    evaluator = Oracle.at(oracle_root, task_id).evaluate_py
    if not evaluator.is_file():
        raise UserError(f"{evaluator} is missing: regenerate {task_id} to reinstall its hidden sources")
    # The attempt's hash is of the full bundle it ran from; a workspace holds only the worker's view of task.json.
    bundle_hash = (run_record or {}).get("bundle_sha256") or bundle_sha256(workspace)
    context = ReceiptContext(task_id=task_id, run_id=run_id, seed=oracle.get("seed"), bundle_sha256=bundle_hash)
    # A scenario that delivers a workbook computes formulas: the warm parent loads the engine's functions once.
    warm = ("formulas",) if any(d.get("kind") == "xlsx" for d in oracle.get("required_deliverables", [])) else ()
    receipt = _run_child(evaluator, out_dir, workspace, oracle_root, task_id, run_id, limits, repo, context, mode,
                         warm, portal_evidence)
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
    mode: str,
    warm: tuple[str, ...] = (),
    portal_evidence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="wp42-eval-") as scratch:
        result = Path(scratch) / "receipt.json"
        arguments = (evaluator, out_dir.resolve(), workspace.resolve(), Oracle.at(oracle_root, task_id).oracle_json,
                     run_id, result)
        base_env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(repo.validators_dir), os.environ.get("PYTHONPATH", "")]).rstrip(
                os.pathsep
            ),
            layout.HOME_ENV: str(repo.root),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        base_env.pop(evidence.EVIDENCE_ENV, None)
        env = {**base_env, "TMPDIR": scratch}  # the warm parent starts with base_env: it outlives this scratch
        if portal_evidence is not None:
            evidence_file = Path(scratch) / "evidence.json"
            evidence.write_evidence(evidence_file, portal_evidence["key"], portal_evidence["attempt_id"],
                                    list(portal_evidence["issued"]))
            env[evidence.EVIDENCE_ENV] = str(evidence_file)
        ended: tuple[evaluation_service.ChildExit, str] | None = None
        if mode == "service":
            request = evaluation_service.ServiceRequest(
                *arguments, log=Path(scratch) / "evaluation.log", env=env, cwd=Path.cwd(), seconds=limits.seconds,
                memory_bytes=limits.memory_bytes, open_files=limits.open_files, warm=warm,
            )
            try:
                child = evaluation_service.service_for(base_env).run(request)
            except evaluation_service.ServiceUnavailable:
                pass  # the per-process path below gives the same receipt
            else:
                log_text = request.log.read_text(encoding="utf-8", errors="replace") if request.log.is_file() else ""
                ended = (child, log_text)
        if ended is None:
            ended = _run_process(arguments, env, limits)
        return _receipt_from_child(*ended, result, limits, context)


def _run_process(arguments: tuple[Any, ...], env: dict[str, str], limits: Limits
                 ) -> tuple[evaluation_service.ChildExit, str]:
    """The per-process path: ``python -m wp42.evaluation.child`` under ``limits``; its exit and its stderr."""
    command = [sys.executable, "-m", "wp42.evaluation.child", *(str(a) for a in arguments)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          preexec_fn=preexec_limits(limits), start_new_session=True) as proc:
        try:
            _stdout, stderr = proc.communicate(timeout=limits.seconds)
        except subprocess.TimeoutExpired:
            timed_out = True
        else:
            timed_out = False
        try:  # the whole session: what the evaluator started (a converter, say) ends with it
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if timed_out:
            proc.communicate()
            return evaluation_service.ChildExit(-signal.SIGKILL, timed_out=True), ""
    return evaluation_service.ChildExit(proc.returncode, timed_out=False), stderr.decode("utf-8", "replace")


def _receipt_from_child(ended: evaluation_service.ChildExit, stderr: str, result: Path, limits: Limits,
                        context: ReceiptContext) -> dict[str, Any]:
    """The receipt an evaluation child left in ``result``, or the error receipt its exit and stderr call for."""
    if ended.timed_out:
        return error_receipt(
            context, "evaluator_limit_exceeded",
            f"the evaluator ran past its {limits.seconds:g} s bound and was stopped; the work was not scored",
        )
    if MEMORY_ERROR_MARK in stderr:
        return error_receipt(
            context, "evaluator_limit_exceeded",
            f"the evaluator ran out of its {limits.memory_bytes >> 20} MiB memory bound; the work was not scored",
        )
    if ended.returncode != 0 or not result.is_file():
        tail = " | ".join(stderr.strip().splitlines()[-4:]) or f"exit code {ended.returncode}"
        if ended.returncode < 0:
            tail = f"killed by signal {-ended.returncode}; " + tail
        return error_receipt(context, "evaluator_error", f"the evaluator crashed: {tail}")
    try:
        return json.loads(result.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        return error_receipt(context, "evaluator_error", f"the evaluator wrote an unreadable receipt: {exc}")
