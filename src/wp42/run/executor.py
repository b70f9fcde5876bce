"""Many attempts: a bounded local pool (``-j N``), resume, progress, Ctrl-C that keeps finished attempts; and
re-grading stored attempts in the same kind of pool (:func:`regrade`, ``wp42 score``).

Attempts go through the :class:`~wp42.run.executor_protocol.Executor` interface so a distributed engine can replace the local pool
(``--backend ray``, see :mod:`wp42.run.executor_ray`). An attempt whose folder holds a receipt is never run again;
an attempt folder without one (interrupted) is cleared and redone.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.layout import RUN_LOCK, Attempt, Repo
from wp42.run.executor_protocol import AttemptOutcome, Executor
from wp42.run.model_egress import ModelAccess
from wp42.run.oracle_rebuild import OracleRebuilds, choose_oracle
from wp42.run.runner import STOP_GRACE_S, AttemptSpec, grade_attempt, run_attempt
from wp42.schemas import load_json


@dataclass
class Regraded:
    """One stored attempt graded again: its new receipt, or why it could not be (a missing or mismatched oracle
    that could not be rebuilt); ``oracle_regenerated`` when its oracle was rebuilt from the generator."""

    attempt: Attempt
    receipt: dict[str, Any] | None = None
    error: str | None = None
    oracle_regenerated: bool = False


@dataclass
class BatchResult:
    outcomes: list[AttemptOutcome] = field(default_factory=list)
    interrupted: bool = False

    @property
    def ran(self) -> list[AttemptOutcome]:
        return [o for o in self.outcomes if not o.skipped]


def plan_attempts(
    task_ids: Iterable[str],
    workers: Iterable[str],
    arm: str,
    attempts: int,
    run_id: str,
    runs_dir: Path,
    oracle_root: Path,
    time_limit_s: float | None,
    expose: tuple[str, ...] = (),
    model: ModelAccess | None = None,
) -> list[AttemptSpec]:
    """Every (task, worker, attempt) of a batch, in a stable order; ``model`` is the model endpoint every attempt's
    worker may call (``wp42 run --model-endpoint``). Raises UserError when attempts < 1."""
    if attempts < 1:
        raise UserError("--attempts must be 1 or more")
    specs = []
    for task_id in task_ids:
        for worker in workers:
            for number in range(1, attempts + 1):
                specs.append(
                    AttemptSpec(task_id, worker, arm, number, run_id, Path(runs_dir), Path(oracle_root), time_limit_s,
                                expose, model)
                )
    return specs


def worker_slug(worker: str) -> str:
    """A folder-safe name for a worker spec (``wrong:plug`` -> ``wrong-plug``)."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in worker)[:60].strip("-") or "worker"


def existing_receipt(spec: AttemptSpec) -> dict[str, Any] | None:
    """The stored receipt of an attempt, or None when it must run (again): it has none, an unreadable one, or one
    with status ``infrastructure_error`` (the worker never got a fair run: a sandbox that did not start, a lost
    cluster node), which resume redoes."""
    path = spec.folder.receipt
    if not path.is_file():
        return None
    try:
        receipt = load_json(path)
    except ValueError:
        return None
    if isinstance(receipt, dict) and receipt.get("status") == "infrastructure_error":
        return None
    return receipt


def _terminate(proc: Any) -> None:
    """TERM a worker's process group now and KILL it after the runner's grace period if it is still running."""

    def send(sig: int) -> None:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass

    send(signal.SIGTERM)
    timer = threading.Timer(STOP_GRACE_S, send, args=(signal.SIGKILL,))
    timer.daemon = True
    timer.start()


class LocalPool:
    """A bounded thread pool; each attempt is a child process, so threads only wait."""

    def __init__(self, jobs: int = 1, repo: Repo | None = None) -> None:
        if jobs < 1:
            raise UserError("-j must be 1 or more")
        self.jobs = jobs
        self.repo = repo or Repo.find()
        self._running: dict[int, Any] = {}
        self._stopped: set[int] = set()
        self._lock = threading.Lock()
        self._stopping = threading.Event()

    def _one(self, spec: AttemptSpec) -> AttemptOutcome:
        if self._stopping.is_set():
            return AttemptOutcome(spec, error="not started: interrupted")

        def register(proc: Any) -> None:
            with self._lock:
                self._running[id(spec)] = proc
                late = self._stopping.is_set()  # Ctrl-C came while this attempt was being set up
                if late:
                    self._stopped.add(id(spec))
            if late:
                _terminate(proc)

        try:
            receipt = run_attempt(spec, self.repo, on_start=register)
        except Exception as exc:  # one attempt's failure must not lose the others (preflight caught bad input)
            return AttemptOutcome(spec, error=f"{type(exc).__name__}: {exc}")
        finally:
            with self._lock:
                self._running.pop(id(spec), None)
        with self._lock:
            stopped = id(spec) in self._stopped
        if stopped:
            # Ctrl-C stopped this worker midway: the runner still graded what it left, but that receipt is not
            # the attempt's, so drop it; the folder then counts as incomplete and the next call redoes it.
            spec.folder.receipt.unlink(missing_ok=True)
            return AttemptOutcome(spec, error="interrupted: the worker was stopped by Ctrl-C; redone on resume")
        return AttemptOutcome(spec, receipt=receipt)

    def _stop_running(self) -> None:
        self._stopping.set()
        with self._lock:
            running = list(self._running.items())
            self._stopped.update(key for key, _ in running)
        for _key, proc in running:
            _terminate(proc)

    def run(self, specs: list[AttemptSpec], done: Callable[[AttemptOutcome], None]) -> bool:
        pool = ThreadPoolExecutor(max_workers=self.jobs, thread_name_prefix="wp42-attempt")
        pending: set[Future[AttemptOutcome]] = {pool.submit(self._one, spec) for spec in specs}
        interrupted = False
        try:
            while pending:
                finished, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished:
                    done(future.result())
        except KeyboardInterrupt:
            interrupted = True
            for future in pending:
                future.cancel()
            self._stop_running()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return interrupted


def regrade(
    attempts: list[Attempt], oracle_root: Path | None, jobs: int = 1, repo: Repo | None = None,
    done: Callable[[Regraded], None] | None = None, regenerate: bool = True,
) -> list[Regraded]:
    """Grade every stored attempt again from its out/ and run.json (never running a worker), ``jobs`` at a time,
    calling ``done`` as each finishes (in any order, from pool threads); returns them in ``attempts``' order.

    ``oracle_root`` None grades each attempt with the oracle root its run.json records (:func:`grade_attempt`).
    When that root no longer holds the attempt's oracle (missing, for another seed, set or level, or computed from
    other inputs), ``regenerate`` rebuilds it from the scenario's generator, once per variant, into a private
    temporary folder deleted before returning, and uses it only when its inputs equal those the attempt ran on
    (:func:`wp42.run.oracle_rebuild.choose_oracle`); the receipt's notes say so. An attempt that cannot be graded
    gets ``error`` and does not stop the others.

    Raises:
        UserError: ``jobs < 1``.
    """
    if jobs < 1:
        raise UserError("-j must be 1 or more")

    with ExitStack() as stack:
        rebuilds = stack.enter_context(OracleRebuilds(repo)) if regenerate else None

        def one(attempt: Attempt) -> Regraded:
            try:
                choice = choose_oracle(attempt, oracle_root, rebuilds)
                notes = [choice.rebuilt_note] if choice.rebuilt_note else []
                result = Regraded(attempt, receipt=grade_attempt(attempt, choice.root, repo, notes=notes),
                                  oracle_regenerated=bool(notes))
            except UserError as exc:
                result = Regraded(attempt, error=str(exc))
            if done:
                done(result)
            return result

        with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="wp42-regrade") as pool:
            return list(pool.map(one, attempts))


#: Names accepted by ``wp42 run --backend``.
BACKENDS = ("local", "ray")


def make_executor(backend: str, jobs: int, repo: Repo | None = None, ray_address: str | None = None) -> Executor:
    """The executor for ``--backend``: ``local`` (:class:`LocalPool`) or ``ray`` (:class:`wp42.run.executor_ray.RayExecutor`,
    on the cluster at ``ray_address`` or ``RAY_ADDRESS`` when given, else a private local instance).

    Raises:
        UserError: an unknown backend, ``jobs < 1``, ``ray`` without Ray installed (names the pip command), or a
            Ray address with the local backend.
    """
    if backend == "local":
        if ray_address:
            raise UserError("--ray-address needs --backend ray")
        return LocalPool(jobs, repo)
    if backend == "ray":
        from wp42.run.executor_ray import RayExecutor

        return RayExecutor(jobs, repo, address=ray_address)
    raise UserError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")


def preflight(specs: list[AttemptSpec], repo: Repo | None = None) -> None:
    """Check a batch before any worker starts, so bad input is one clear line rather than N failed attempts.

    Checks every scenario's oracle (present, same seed, set and level as the bundle), every worker spec, the arm
    (and its portal), and that a run id being resumed holds attempts of the same worker at the same seed, set and
    level.

    Raises:
        UserError: naming the first problem and its fix.
    """
    from wp42.generation import input_hashes, load_oracle, load_task
    from wp42.layout import Oracle
    from wp42.run import workers
    from wp42.run.runner import check_arm, check_bundle_matches_oracle

    repo = repo or Repo.find()
    missing: dict[str, list[str]] = {}  # "--seed 42 --oracle-root R" -> the scenarios without an oracle there
    for spec in {s.task_id: s for s in specs}.values():
        if not Oracle.at(spec.oracle_root, spec.task_id).oracle_json.is_file():
            seed = load_task(repo.bundle(spec.task_id).root).get("generator_seed")
            missing.setdefault(f"--seed {seed} --oracle-root {spec.oracle_root}", []).append(spec.task_id)
    if sum(len(ids) for ids in missing.values()) > 1:  # one line for all of them (a new user's `run --all`)
        every = set(repo.task_ids())
        commands = [f"wp42 generate {'--all' if set(ids) == every else ' '.join(sorted(ids))} {flags}"
                    for flags, ids in missing.items()]
        names = sorted(t for ids in missing.values() for t in ids)
        raise UserError(f"no oracle for {len(names)} scenarios ({', '.join(names)}): run `"
                        + "` and `".join(commands) + "`")
    for task_id in sorted({s.task_id for s in specs}):
        for spec in [s for s in specs if s.task_id == task_id][:1]:
            task = load_task(repo.bundle(task_id).root)
            seed = task.get("generator_seed")
            variant = (seed, task.get("set", layout.DEFAULT_SET), task.get("level", layout.DEFAULT_LEVEL))
            oracle = load_oracle(spec.oracle_root, task_id, expected_seed=seed, expected_set=variant[1],
                                 expected_level=variant[2])
            check_bundle_matches_oracle(task_id, input_hashes(repo.bundle(task_id).root), oracle)
            arm = check_arm(spec.arm, repo)
            if arm.get("portal") and not repo.bundle(task_id).portal_json.is_file():
                raise UserError(f"arm {spec.arm} serves the portal but {task_id} has no portal: run it in A1 or A2")
            for worker in sorted({s.worker for s in specs if s.task_id == task_id}):
                workers.resolve(worker, Oracle.at(spec.oracle_root, task_id))
            for record in sorted((spec.runs_dir / spec.run_id / task_id).glob(f"*/*/{layout.RUN_JSON}")):
                try:
                    earlier = load_json(record)
                except ValueError:
                    continue
                before = (earlier.get("seed"), earlier.get("set", layout.DEFAULT_SET),
                          earlier.get("level", layout.DEFAULT_LEVEL))
                if before != variant:
                    raise UserError(
                        f"run id {spec.run_id!r} holds {task_id} attempts at seed {before[0]} ({before[1]} set, "
                        f"{before[2]} level) but the bundle is now at seed {seed} ({variant[1]} set, {variant[2]} "
                        "level): use another --run-id (one run, one variant)"
                    )


@contextmanager
def run_locks(specs: list[AttemptSpec]) -> Iterator[None]:
    """Hold one lock file per run folder while a batch writes it, so two wp42 processes never share a run id.

    Raises:
        UserError: another process holds the lock.
    """
    from filelock import FileLock, Timeout

    with ExitStack() as stack:
        for folder in sorted({s.runs_dir / s.run_id for s in specs}):
            folder.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(folder / RUN_LOCK))
            try:
                stack.enter_context(lock.acquire(timeout=0))
            except Timeout:
                raise UserError(
                    f"run id {folder.name!r} is being written by another wp42 process ({folder / RUN_LOCK}): "
                    "wait for it to finish or choose another --run-id"
                ) from None
        yield


def run_batch(
    specs: list[AttemptSpec],
    executor: Executor,
    progress: Callable[[AttemptOutcome], None] | None = None,
) -> BatchResult:
    """Run ``specs`` through ``executor``, skipping attempts that already have a receipt (resume).

    Interrupted attempts have no receipt and are redone by the next call with the same run id. The batch is
    checked first (:func:`preflight`) and holds its run folders' locks (:func:`run_locks`) throughout.

    Raises:
        UserError: from preflight or run_locks.
    """
    preflight(specs, executor.repo)
    with run_locks(specs):
        return _run_batch(specs, executor, progress)


def _run_batch(
    specs: list[AttemptSpec],
    executor: Executor,
    progress: Callable[[AttemptOutcome], None] | None,
) -> BatchResult:
    result = BatchResult()
    todo = []
    for spec in specs:
        receipt = existing_receipt(spec)
        if receipt is not None:
            outcome = AttemptOutcome(spec, receipt=receipt, skipped=True)
            result.outcomes.append(outcome)
            if progress:
                progress(outcome)
        else:
            todo.append(spec)

    def done(outcome: AttemptOutcome) -> None:
        if outcome.error and outcome.error.startswith("not started"):
            return
        result.outcomes.append(outcome)
        if progress:
            progress(outcome)

    result.interrupted = executor.run(todo, done)
    order = {id(s): i for i, s in enumerate(specs)}
    result.outcomes.sort(key=lambda o: order.get(id(o.spec), 0))
    return result
