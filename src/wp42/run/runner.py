"""One attempt: a fresh workspace, the sandbox, the portal for portal arms, the time limit, run.json, the receipt.

SPEC section 6. The attempt folder is ``<runs-dir>/<run_id>/<TASK_ID>/<arm>/<attempt>/`` (see :mod:`wp42.layout`).
run.json is written before grading, so ``wp42 score`` can re-grade the stored out/ without running the worker again.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import wp42
from wp42 import evidence, layout, schemas
from wp42.errors import UserError
from wp42.evaluation import evaluate_out
from wp42.evaluation.receipts import ReceiptContext, error_receipt
from wp42.generation import (
    bundle_sha256,
    copy_public_bundle,
    differing_inputs,
    input_hashes,
    load_oracle,
    load_task,
)
from wp42.layout import Attempt, Bundle, Oracle, Repo
from wp42.run import sandbox, workers
from wp42.run.attempt_services import start_services
from wp42.run.model_egress import ModelAccess, model_record
from wp42.run.recording_proxy import read_network_log

RUN_SCHEMA_VERSION = 3  # 2: run.json's portal entry (signed submissions); 3: its model_endpoint entry (issue 19)
USAGE_MAX_BYTES = 64 * 1024
#: A trajectory bigger than this is kept cut at the limit (the run record says so).
TRAJECTORY_MAX_BYTES = 16 * 1024 * 1024
STOP_GRACE_S = 5.0
#: The worker's variables naming the model API key's variable and the folder of WP42's readers.
MODEL_API_KEY_ENV = "WP42_MODEL_API_KEY_ENV"
READERS_ENV = "WP42_READERS_DIR"


@dataclass(frozen=True)
class AttemptSpec:
    """What one attempt runs: a worker on a scenario in an arm, numbered from 1."""

    task_id: str
    worker: str
    arm: str
    attempt: int
    run_id: str
    runs_dir: Path
    oracle_root: Path
    time_limit_s: float | None = None  # None: task.json's time_limit_s
    expose: tuple[str, ...] = ()  # extra read-only folders the worker may see (its own program, say)
    model: ModelAccess | None = None  # the one model endpoint the worker may call (wp42 run --model-endpoint)

    @property
    def folder(self) -> Attempt:
        return Attempt.at(self.runs_dir, self.run_id, self.task_id, self.arm, self.attempt)


@dataclass(frozen=True)
class WorkerJob:
    """What running one attempt's worker needs, and nothing more: no oracle path, no oracle content, no hidden
    source (a built-in worker's solution scripts travel as its program, in the attempt's worker tools). This is all a
    cluster node receives (issue 23); the controller keeps the oracle and grades.

    ``time_limit_s`` is seconds of wall time, ``budget_usd`` the task's budget; ``portal`` is whether the arm serves
    the portal (the node then also gets the bundle's public portal/ folder); ``model`` the model endpoint the worker
    may call through the recorded egress (:mod:`wp42.run.model_egress`), if any.
    """

    task_id: str
    arm: str
    run_id: str
    attempt: int
    worker: str
    plan: workers.WorkerPlan
    time_limit_s: float
    budget_usd: float
    expose: tuple[str, ...] = ()
    portal: bool = False
    model: ModelAccess | None = None
    code_execution: bool = False  # the arm allows running code (arms.json); the worker is told, not forced

    @property
    def attempt_id(self) -> str:
        return evidence.attempt_id(self.run_id, self.task_id, self.arm, self.attempt)


@dataclass
class StagedAttempt:
    """An attempt the controller has prepared (folder, workspace, worker tools) but whose worker has not run."""

    spec: AttemptSpec
    job: WorkerJob
    folder: Attempt
    bundle: Bundle
    task: dict[str, Any]
    input_sha256_before: dict[str, str]


def load_arms(repo: Repo) -> dict[str, dict[str, Any]]:
    """The arms of ``benchmark/arms.json``: ``{"A1": {"title", "files", "code_execution", "portal"}, ...}``."""
    return schemas.load_json(repo.arms_json)["arms"]


def check_arm(arm: str, repo: Repo) -> dict[str, Any]:
    """The arms.json entry for ``arm``. Raises UserError for an unknown arm."""
    arms = load_arms(repo)
    if arm not in arms:
        raise UserError(f"unknown arm {arm!r}: choose one of {', '.join(sorted(arms))} (benchmark/arms.json)")
    return arms[arm]


def default_run_id() -> str:
    """A run id from the UTC time, e.g. ``20261129T231500Z``."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def scenario_dirs(repo: Repo) -> list[Path]:
    """The scenario folders a sandbox hides: ``repo.scenarios_dir`` and, when ``repo`` is a view whose scenarios
    are a variant's generated bundles (:class:`wp42.layout.BundlesView`), the checkout's own as well."""
    return list(dict.fromkeys([repo.scenarios_dir, Repo(repo.root).scenarios_dir]))


def hidden_paths(repo: Repo, *extra: Path) -> list[Path]:
    """What every sandbox hides: the default oracle root, the hidden sources' templates, the scenario folders (with
    their generate.py), the checkout's .git, plus ``extra`` (the attempt's oracle root and runs folder). An oracle
    root under ``<oracle-root>/variants/`` brings the oracle root it lies in (:func:`wp42.layout.enclosing_oracle_root`):
    the user's other oracles stay out of reach even when the worker is given a folder that holds them."""
    extras = [Path(p) for p in extra]
    enclosing = [layout.enclosing_oracle_root(p) for p in extras]
    return list(dict.fromkeys([*extras, *enclosing, layout.oracle_root(None), repo.oracles_template,
                               *scenario_dirs(repo), repo.root / ".git"]))


def _sandbox_plan(job: WorkerJob, folder: Attempt, repo: Repo, sockets_dir: Path,
                  worker_tools: Path | None, hidden: list[Path]) -> sandbox.SandboxPlan:
    """What this attempt's sandbox shows and hides (see :mod:`wp42.run.sandbox`)."""
    # the folder that holds the wp42 package, so the sandbox's python imports it (src/ in a checkout)
    framework = [Path(wp42.__file__).resolve().parents[1], repo.schemas_dir, repo.arms_json,
                 repo.completion_schema, repo.receipt_schema, *([repo.validators_dir] if job.plan.readers else [])]
    expose = [Path(p).expanduser().absolute() for p in job.expose] + ([worker_tools] if worker_tools else [])
    return sandbox.SandboxPlan(
        folder.root, folder.workspace, folder.home, sockets_dir, hidden, framework, expose=expose,
        empty_dirs=scenario_dirs(repo),
    )


def check_bundle_matches_oracle(task_id: str, hashes: dict[str, str], oracle: dict[str, Any]) -> None:
    """Refuse to run on inputs the oracle was not computed from (the bundle was regenerated or edited since).

    Raises:
        UserError: naming the first differing file and the fix.
    """
    differing = differing_inputs(hashes, oracle)
    if not differing:
        return
    raise UserError(
        f"{task_id}'s public bundle does not match its oracle ({len(differing)} input file(s) differ, e.g. "
        f"{differing[0]}): regenerate both with `wp42 generate {task_id} --seed {oracle.get('seed')}`"
    )


def check_run_id(run_id: str, worker: str, runs_dir: Path) -> None:
    """A run id names one worker's run: refuse a name with a path separator, or one already used by another worker.

    Raises:
        UserError: the run id is unusable or belongs to another worker's run.
    """
    if not run_id or run_id in (".", "..") or "/" in run_id or "\\" in run_id:
        raise UserError(f"--run-id {run_id!r} must be a plain folder name (letters, digits, - _ .)")
    for record in sorted((Path(runs_dir) / run_id).glob(f"*/*/*/{layout.RUN_JSON}"))[:1]:
        try:
            used_by = schemas.load_json(record).get("worker")
        except ValueError:
            continue
        if used_by != worker:
            raise UserError(
                f"run id {run_id!r} already holds attempts of worker {used_by!r}: choose another --run-id for {worker!r}"
            )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def prepare_workspace(bundle: Bundle, workspace: Path) -> None:
    """Copy the worker's view of the public bundle into ``workspace`` (no generate.py; task.json without grading
    metadata: :func:`wp42.generation.copy_public_bundle`) and add an empty ``out/`` (SPEC section 2)."""
    copy_public_bundle(bundle.root, workspace)
    (workspace / layout.OUT_DIR).mkdir()


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    """TERM the worker's whole process group, then KILL what is left after a grace period."""
    for sig, wait in ((signal.SIGTERM, STOP_GRACE_S), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def _collect_out(folder: Attempt, warnings: list[str]) -> None:
    """Move ``workspace/out`` to ``out/`` beside run.json; an out/ that is a link or missing becomes an empty folder."""
    source = folder.workspace_out
    if source.is_symlink() or not source.is_dir():
        warnings.append("the worker replaced or removed out/ (a link, a file or nothing); an empty out/ is graded")
        source.unlink(missing_ok=True)  # a link or a plain file: never followed
        folder.out.mkdir()
        return
    os.replace(source, folder.out)


def _read_usage(path: Path, budget_usd: float, warnings: list[str]) -> tuple[dict[str, Any] | None, bool | None]:
    """The worker's own usage report ($WP42_USAGE_FILE): ``({"cost_usd", "tokens", ...}, over_budget)``."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        warnings.append(f"the worker's usage file {path.name} is a link or not a regular file: it was not read")
        return None, None
    if not path.is_file():
        return None, None
    if path.stat().st_size > USAGE_MAX_BYTES:
        warnings.append(f"the worker's usage file {path.name} is over {USAGE_MAX_BYTES} bytes: it was not read")
        return None, None
    try:
        usage = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        warnings.append(f"the worker's usage file {path.name} is not valid JSON: {exc}")
        return None, None
    if not isinstance(usage, dict):
        warnings.append(f"the worker's usage file {path.name} is not a JSON object")
        return None, None
    cost = usage.get("cost_usd")
    over = bool(isinstance(cost, int | float) and cost > budget_usd)
    return usage, over


def _keep_trajectory(folder: Attempt, warnings: list[str]) -> dict[str, Any] | None:
    """Move the worker's trajectory ($WP42_TRAJECTORY_FILE, in the workspace) to the attempt folder and say what it
    holds: ``{"steps", "bytes", "invalid_lines"}``, or None when the worker wrote none. A link or special file is
    removed unread; a file over
    :data:`TRAJECTORY_MAX_BYTES` is cut there; lines that are not JSON objects matching trajectory.schema.json are
    counted (the first one named in a warning), never fatal: a trajectory explains a receipt, it does not change it.
    """
    path = folder.worker_trajectory
    if path.is_symlink() or (path.exists() and not path.is_file()):
        warnings.append(f"the worker's trajectory {path.name} is a link or not a regular file: it was removed unread")
        if path.is_symlink():
            path.unlink()
        else:
            shutil.rmtree(path, ignore_errors=True)
        return None
    if not path.is_file():
        return None
    os.replace(path, folder.trajectory)
    path = folder.trajectory
    size = path.stat().st_size
    if size > TRAJECTORY_MAX_BYTES:
        with path.open("r+b") as handle:
            handle.truncate(TRAJECTORY_MAX_BYTES)
        warnings.append(f"the worker's trajectory was {size} bytes: kept cut at {TRAJECTORY_MAX_BYTES}")
    steps, invalid, first_problem = 0, 0, ""
    with path.open(encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                problems = schemas.errors("trajectory", json.loads(line))
            except json.JSONDecodeError as exc:
                problems = [f"not JSON ({exc.msg})"]
            if problems:
                invalid += 1
                first_problem = first_problem or f"line {number}: {problems[0]}"
            else:
                steps += 1
    if invalid:
        warnings.append(f"the worker's trajectory has {invalid} line(s) that break trajectory.schema.json "
                        f"(first: {first_problem})")
    return {"steps": steps, "bytes": min(size, TRAJECTORY_MAX_BYTES), "invalid_lines": invalid}


@dataclass
class WorkerRun:
    """How the worker's process went: what run.json records of it."""

    started_at: str
    elapsed_s: float = 0.0
    exit_code: int | None = None
    timed_out: bool = False
    worker_started: bool = False
    isolation: dict[str, Any] = field(default_factory=dict)
    portal: dict[str, Any] | None = None
    model: dict[str, Any] | None = None  # run.json's model_endpoint entry
    warnings: list[str] = field(default_factory=list)
    failure: str | None = None  # why the worker could not be started at all


#: Names of variables that hold credentials (``OPENAI_API_KEY``, ``GITHUB_TOKEN``, ``AWS_SECRET_ACCESS_KEY``,
#: ``PGPASSWORD``, ``DB_PASS``, ``NETRC`` ...): the runner's own, never handed to a worker unless named by
#: ``--model-api-key-env``.
SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|CREDENTIALS?|NETRC|AUTH)$|_(KEY|TOKEN|SECRET)_",
                         re.IGNORECASE)


def _runner_env_without_secrets(keep: str | None) -> dict[str, str]:
    """The runner's environment without credential-like variables (:data:`SECRET_NAME`), except ``keep`` (the
    variable ``--model-api-key-env`` names): a worker gets only the key it was given."""
    return {name: value for name, value in os.environ.items() if name == keep or not SECRET_NAME.search(name)}


def _worker_env(job: WorkerJob, folder: Attempt, repo: Repo) -> dict[str, str]:
    """The worker's environment: the runner's without the oracle root and without credential-like variables other
    than the named model key (:func:`_runner_env_without_secrets`), plus where things are (SPEC section 6), the
    name of the variable holding the model API key (``--model-api-key-env``) and, for a worker that reads files
    through WP42's readers (``wp42 worker llm``), where they are."""
    env = {
        **_runner_env_without_secrets(job.model.api_key_env if job.model is not None else None),
        # The interpreter running wp42 comes first, so `python3` in a worker's command is one the sandbox shows.
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "/usr/bin:/bin")]),
        "HOME": str(folder.home),
        "WP42_TASK_ID": job.task_id,
        "WP42_ARM": job.arm,
        "WP42_WORKSPACE": str(folder.workspace),
        "WP42_OUT": str(folder.workspace_out),
        "WP42_TIME_LIMIT_S": f"{job.time_limit_s:g}",
        "WP42_BUDGET_USD": f"{job.budget_usd:g}",
        "WP42_USAGE_FILE": str(folder.usage),
        "WP42_TRAJECTORY_FILE": str(folder.worker_trajectory),
        "WP42_CODE_EXECUTION": "1" if job.code_execution else "0",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    if job.model is not None and job.model.api_key_env:
        env[MODEL_API_KEY_ENV] = job.model.api_key_env  # the variable's name; its value is already inherited
    if job.plan.readers:
        env[READERS_ENV] = str(repo.validators_dir)
    env.pop(layout.ORACLE_ROOT_ENV, None)
    env.pop(layout.HOME_ENV, None)
    return env


def _run_worker(job: WorkerJob, folder: Attempt, repo: Repo, portal_bundle: Bundle | None, hidden: list[Path],
                on_start: Any) -> WorkerRun:
    """Start the services outside the sandbox (:mod:`wp42.run.attempt_services`), run the worker inside it under the
    time limit, stop the services. A portal that cannot start is a :class:`WorkerRun` with ``failure`` set."""
    run = WorkerRun(started_at=_now())
    try:
        endpoint = job.model.check() if job.model is not None else None
    except UserError as exc:  # checked by `wp42 run` first; here for a node whose environment lacks the key
        run.failure = str(exc)
        run.isolation = {"sandbox": "not started", "detail": run.failure}
        return run
    try:
        services = start_services(folder, portal_bundle, job.attempt_id, endpoint)
    except (OSError, ValueError, RuntimeError) as exc:  # e.g. a portal.json the portal refuses: no worker can start
        run.failure = f"the services (portal, model egress) could not start: {exc}"
        run.isolation = {"sandbox": "not started", "detail": run.failure}
        return run
    read_started, write_started = os.pipe()
    try:
        init = sandbox.init_argv({**services.init_config, "started_fd": write_started},
                                 job.plan.command(folder.worker_tools))
        tools = folder.worker_tools if job.plan.needs_solutions else None
        argv, run.isolation = sandbox.wrap(_sandbox_plan(job, folder, repo, services.sockets_dir, tools, hidden), init)
        if "warning" in run.isolation:
            run.warnings.append(run.isolation["warning"])
        if endpoint is not None and run.isolation.get("network") == "loopback-only":
            run.isolation["network"] = f"loopback-only, and the model endpoint {endpoint.url} through the egress"
        folder.home.mkdir()  # the unsandboxed HOME; in the sandbox a private tmpfs covers it
        started = time.monotonic()
        with open(folder.worker_log, "wb") as log:
            proc = subprocess.Popen(
                argv, cwd=folder.workspace, env=_worker_env(job, folder, repo), stdout=log,
                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True, pass_fds=(write_started,),
            )
            os.close(write_started)
            write_started = -1
            if on_start is not None:
                on_start(proc)
            try:
                proc.wait(timeout=job.time_limit_s)
            except subprocess.TimeoutExpired:
                run.timed_out = True
                _stop_group(proc)
            finally:
                if proc.poll() is None:
                    _stop_group(proc)
        run.elapsed_s, run.exit_code = time.monotonic() - started, proc.returncode
        run.worker_started = bool(_read_available(read_started))
    finally:
        services.stop()  # before out/ is collected: no submission lands in a folder already moved
        run.portal = services.portal_record()
        if endpoint is not None:
            run.model = model_record(endpoint, job.model.api_key_env, folder.model_requests_log)
        os.close(read_started)
        if write_started >= 0:
            os.close(write_started)
    return run


def _read_available(fd: int) -> bytes:
    """What the sandbox's init wrote on its started pipe (b"" when it never wrote), without blocking."""
    os.set_blocking(fd, False)
    try:
        return os.read(fd, 16)
    except BlockingIOError:
        return b""


def run_attempt(spec: AttemptSpec, repo: Repo | None = None, on_start: Any = None) -> dict[str, Any]:
    """Run one attempt end to end and return its receipt (also written to ``receipt.json``).

    An existing folder without a receipt (an interrupted attempt) is cleared and run again. The three steps are
    public so that a cluster backend can run the middle one on another machine (:mod:`wp42.run.executor_ray`):
    :func:`stage_attempt` and :func:`finish_attempt` on the controller, which holds the oracle;
    :func:`execute_worker` wherever the worker runs, from a :class:`WorkerJob` alone.

    Args:
        on_start: optional callback receiving the worker's Popen, so a pool can stop it on Ctrl-C.

    Raises:
        UserError: unknown arm, missing or mismatched oracle, a portal arm on a scenario without a portal.
    """
    repo = repo or Repo.find()
    staged = stage_attempt(spec, repo)
    worker_part = execute_worker(staged.job, staged.folder, repo, staged.bundle if staged.job.portal else None,
                                 hidden_paths(repo, Path(spec.oracle_root), Path(spec.runs_dir)), on_start)
    return finish_attempt(staged, worker_part, repo)


def stage_attempt(spec: AttemptSpec, repo: Repo | None = None) -> StagedAttempt:
    """The controller's first step: check the arm, the oracle and the bundle, make a fresh attempt folder with the
    worker's workspace (and a built-in worker's solution scripts as its tools), and describe the worker's run as a
    :class:`WorkerJob`.

    Raises:
        UserError: unknown arm, missing or mismatched oracle, a portal arm on a scenario without a portal.
    """
    repo = repo or Repo.find()
    bundle = repo.bundle(spec.task_id)
    task = load_task(bundle.root)
    seed = task.get("generator_seed")
    oracle_facts = load_oracle(spec.oracle_root, spec.task_id, expected_seed=seed, expected_set=task.get("set"),
                               expected_level=task.get("level", layout.DEFAULT_LEVEL))
    arm = check_arm(spec.arm, repo)
    if arm.get("portal") and not bundle.portal_json.is_file():
        raise UserError(
            f"arm {spec.arm} serves the portal but {spec.task_id} has no {layout.PORTAL_DIR}/{layout.PORTAL_JSON}: "
            "run it in arm A1 or A2"
        )
    oracle = Oracle.at(spec.oracle_root, spec.task_id)
    plan = workers.resolve(spec.worker, oracle)
    folder = spec.folder
    if folder.root.exists():
        shutil.rmtree(folder.root)
    folder.root.mkdir(parents=True)
    prepare_workspace(bundle, folder.workspace)
    if plan.needs_solutions:
        workers.stage_solutions(oracle, folder.worker_tools)
    job = WorkerJob(
        task_id=spec.task_id, arm=spec.arm, run_id=spec.run_id, attempt=spec.attempt, worker=spec.worker, plan=plan,
        time_limit_s=float(spec.time_limit_s if spec.time_limit_s is not None else task["time_limit_s"]),
        budget_usd=float(task.get("budget_usd", 0)), expose=tuple(spec.expose), portal=bool(arm.get("portal")),
        model=spec.model, code_execution=bool(arm.get("code_execution")),
    )
    before = input_hashes(folder.workspace)
    check_bundle_matches_oracle(spec.task_id, before, oracle_facts)
    return StagedAttempt(spec, job, folder, bundle, task, before)


def execute_worker(job: WorkerJob, folder: Attempt, repo: Repo, portal_bundle: Bundle | None, hidden: list[Path],
                   on_start: Any = None) -> dict[str, Any]:
    """Run the worker of a staged attempt ``folder`` in the sandbox under its time limit, then move out/ beside
    run.json and read the worker's usage and trajectory. Needs no oracle: a cluster node runs this.

    Args:
        portal_bundle: the bundle whose portal/ the portal serves (portal arms), else None.
        hidden: folders the sandbox hides (:func:`hidden_paths`).

    Returns:
        The worker's part of run.json: ``{started_at, finished_at, elapsed_s, exit_code, timed_out,
        network_attempts, isolation, portal, model_endpoint, usage, over_budget, trajectory, warnings, infrastructure_error}``.
    """
    run = _run_worker(job, folder, repo, portal_bundle, hidden, on_start)
    warnings = run.warnings
    if not run.timed_out and run.exit_code is not None and run.exit_code < 0:
        warnings.append(f"the worker was stopped by signal {-run.exit_code}")
    _collect_out(folder, warnings)
    usage, over_budget = _read_usage(folder.usage, job.budget_usd, warnings)
    trajectory = _keep_trajectory(folder, warnings)
    infrastructure_error = None
    if not run.worker_started and not run.timed_out:
        tail = run.failure or " | ".join(folder.worker_log.read_text(errors="replace").strip().splitlines()[-3:])
        infrastructure_error = f"the sandbox did not start the worker (exit {run.exit_code}): {tail}"
    elif run.exit_code == 127 and job.plan.kind == "command":
        warnings.append(
            "the worker exited 127 (command not found): the sandbox shows only the system folders, the Python "
            "running wp42 and the workspace; give the folder holding your worker with --expose, and the worker by its "
            "absolute path (it starts in its workspace with a private HOME)"
        )
    return {
        "started_at": run.started_at,
        "finished_at": _now(),
        "elapsed_s": round(run.elapsed_s, 3),
        "exit_code": run.exit_code,
        "timed_out": run.timed_out,
        "network_attempts": read_network_log(folder.network_log),
        "isolation": run.isolation,
        "portal": run.portal,
        "model_endpoint": run.model,
        "usage": usage,
        "over_budget": over_budget,
        "trajectory": trajectory,
        "warnings": warnings,
        "infrastructure_error": infrastructure_error,
    }


def lost_worker_part(reason: str) -> dict[str, Any]:
    """The worker's part of run.json for an attempt whose worker never reported back (a lost node, a task that
    never returned, an oversized result): an ``infrastructure_error`` that resume runs again."""
    now = _now()
    return {"started_at": now, "finished_at": now, "elapsed_s": 0.0, "exit_code": None, "timed_out": False,
            "network_attempts": [], "isolation": {"sandbox": "unknown", "detail": reason}, "portal": None, "model_endpoint": None,
            "usage": None, "over_budget": None, "trajectory": None, "warnings": [], "infrastructure_error": reason}


def finish_attempt(staged: StagedAttempt, worker_part: dict[str, Any], repo: Repo | None = None) -> dict[str, Any]:
    """The controller's last step: write run.json from the staged attempt and the worker's part
    (:func:`execute_worker` or :func:`lost_worker_part`), then grade; returns the receipt."""
    repo = repo or Repo.find()
    spec, job, folder, task = staged.spec, staged.job, staged.folder, staged.task
    if not folder.out.exists():  # the worker never ran here (a lost node): grade an empty out/
        folder.out.mkdir(parents=True)
    run_record = {
        "schema_version": RUN_SCHEMA_VERSION,
        "run_id": spec.run_id,
        "task_id": spec.task_id,
        "arm": spec.arm,
        "attempt": spec.attempt,
        "worker": spec.worker,
        "worker_kind": job.plan.kind,
        "seed": task.get("generator_seed"),
        "set": task.get("set", "challenge"),
        "level": task.get("level", "standard"),
        # the oracle this attempt was graded with: `wp42 score` re-grades from it unless told otherwise
        "oracle_root": str(Path(spec.oracle_root).resolve()),
        "bundle_sha256": bundle_sha256(staged.bundle.root),
        "started_at": worker_part["started_at"],
        "finished_at": worker_part["finished_at"],
        "elapsed_s": worker_part["elapsed_s"],
        "exit_code": worker_part["exit_code"],
        "timed_out": worker_part["timed_out"],
        "time_limit_s": job.time_limit_s,
        "budget_usd": job.budget_usd,
        "network_attempts": worker_part["network_attempts"],
        "input_sha256_before": staged.input_sha256_before,
        "input_sha256_after": input_hashes(folder.workspace),
        "isolation": worker_part["isolation"],
        "portal": worker_part["portal"],
        "model_endpoint": worker_part.get("model_endpoint"),
        "usage": worker_part["usage"],
        "over_budget": worker_part["over_budget"],
        "trajectory": worker_part["trajectory"],
        "warnings": worker_part["warnings"],
        "infrastructure_error": worker_part["infrastructure_error"],
    }
    schemas.write_json_atomic(folder.run_json, run_record)
    return grade_attempt(folder, spec.oracle_root, repo)


def grade_attempt(folder: Attempt, oracle_root: Path | None, repo: Repo | None = None,
                  write: bool = True, notes: Sequence[str] = ()) -> dict[str, Any]:
    """Grade a stored attempt from its run.json, out/ and workspace; write (unless ``write`` is False: ``wp42
    evaluate`` only prints) and return receipt.json.

    ``oracle_root`` None means the one run.json records (``oracle_root``, written since issue 16: a variant run's
    oracle lives under ``<oracle-root>/variants/``), else the default oracle root for older records. ``notes`` are
    added to a scored receipt's notes (``wp42 score`` says there that it rebuilt the oracle).

    Never runs the worker: this is what ``wp42 score`` calls (STYLE: separate run from grade). In a portal arm the
    evaluator is handed the attempt's portal key, attempt id and accepted submission ids (run.json's ``portal``),
    so it grades only the submissions the portal signed (:mod:`wp42.evidence`); a signed run whose key is missing
    is an ``infrastructure_error``.

    Raises:
        UserError: the folder has no run.json, or its oracle is missing, for another seed, set or level, or was
            computed from other inputs than the ones the worker was given (run.json's ``input_sha256_before``: the
            oracle was regenerated since the run, and grading would blame the worker for inputs it never saw).
    """
    run_record = schemas.run_record(folder)
    if oracle_root is None:
        oracle_root = layout.oracle_root(run_record.get("oracle_root"))

    def kept(receipt: dict[str, Any]) -> dict[str, Any]:
        if write:
            schemas.write_json_atomic(folder.receipt, receipt)
        return receipt

    if run_record.get("infrastructure_error"):
        context = ReceiptContext(run_record["task_id"], run_record["run_id"], seed=run_record.get("seed"),
                                 bundle_sha256=run_record.get("bundle_sha256"))
        return kept(error_receipt(context, "infrastructure_error", run_record["infrastructure_error"]))
    check_attempt_matches_oracle(folder, run_record, oracle_root)
    portal_evidence = None
    if (run_record.get("portal") or {}).get("submissions_signed"):
        if not folder.portal_key.is_file():
            context = ReceiptContext(run_record["task_id"], run_record["run_id"], seed=run_record.get("seed"),
                                     bundle_sha256=run_record.get("bundle_sha256"))
            return kept(error_receipt(context, "infrastructure_error", f"the portal's key ({layout.PORTAL_KEY}) is "
                                      "missing from the attempt folder: its submissions cannot be verified"))
        portal_evidence = {"key": folder.portal_key.read_text(encoding="utf-8").strip(),
                           "attempt_id": run_record["portal"]["attempt_id"],
                           "issued": run_record["portal"]["accepted_submissions"]}
    notes = list(notes)
    if not folder.workspace.is_dir():
        # The worker deleted its own workspace: grade it with no inputs, so the integrity check sees that.
        folder.workspace.mkdir(parents=True)
        notes.append("the worker deleted its workspace; it was graded as an empty one")
    receipt = evaluate_out(
        run_record["task_id"],
        folder.out,
        workspace=folder.workspace,
        oracle_root=oracle_root,
        run_id=run_record["run_id"],
        run_record=run_record,
        expected_seed=run_record.get("seed"),
        repo=repo,
        portal_evidence=portal_evidence,
    )
    receipt["notes"] = [*receipt["notes"], *notes]
    return kept(receipt)


def check_attempt_matches_oracle(folder: Attempt, run_record: dict[str, Any], oracle_root: Path) -> None:
    """Refuse to grade an attempt with an oracle of another variant than run.json's (seed, set, level), or one
    computed from other inputs than the worker was given (run.json's ``input_sha256_before``; a record without it
    is checked on the variant only).

    Raises:
        UserError: one line naming the attempt, the seed and the fix.
    """
    task_id = run_record["task_id"]
    oracle = load_oracle(oracle_root, task_id, expected_seed=run_record.get("seed"),
                         expected_set=run_record.get("set"), expected_level=run_record.get("level"))
    given = run_record.get("input_sha256_before")
    differing = differing_inputs(given, oracle) if given is not None else []
    if differing:
        raise UserError(
            f"{folder.root} ran on inputs the oracle at {Oracle.at(oracle_root, task_id).oracle_json} (seed "
            f"{oracle.get('seed')}) was not computed from ({len(differing)} input file(s) differ from run.json's "
            f"input_sha256_before, e.g. {differing[0]}): the oracle was regenerated since the run; grade it with "
            "the oracle root the run used (--oracle-root), or run the attempt again"
        )
