"""``wp42 run --backend ray``: each attempt's worker runs as a Ray task, on a private local instance or on a cluster
the team already runs (``--ray-address``, or ``RAY_ADDRESS``) (issue 7 part 5, issue 23).

Ray is an optional extra (``pip install -e '.[ray]'``); nothing else in wp42 imports it. :class:`RayExecutor`
implements :class:`wp42.run.executor_protocol.Executor`. The oracle never leaves the controller (SPEC section 2):

1. the controller stages each attempt (:func:`wp42.run.runner.stage_attempt`: checks, attempt folder, the worker's
   workspace, a built-in worker's solution scripts as its tools) and packs what the worker needs into one tar
   archive: the workspace, the tools, and for a portal arm the bundle's public portal/ and task.json;
2. a Ray task (:func:`run_on_node`) receives only a :class:`wp42.run.runner.WorkerJob` (no oracle path, no oracle
   content) and that archive, unpacks it into a temporary folder on its node, runs the worker in the node's sandbox
   exactly as the local runner does (:func:`wp42.run.runner.execute_worker`: time limit, network recording, usage,
   trajectory, signed portal submissions), and returns the attempt folder (workspace, out/, logs) as a tar archive
   of at most :data:`MAX_RESULT_BYTES`;
3. the controller unpacks it into the attempt folder and grades it with its oracle root
   (:func:`wp42.run.runner.finish_attempt`).

A node lost mid-attempt, a task that does not come back within its time limit plus :data:`RETURN_GRACE_S`, or an
oversized result ends as an attempt with run.json and an ``infrastructure_error`` receipt, which the next call with
the same run id runs again (:func:`wp42.run.executor.existing_receipt`). Every node needs wp42 installed from a checkout
at the same version, bubblewrap, and the worker's own tools; folders given with ``--expose`` must exist at the same
path on every node.

The private local instance (no address) stays on this machine: no dashboard, usage statistics off
(``RAY_USAGE_STATS_ENABLED=0``), servers on loopback (``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``, read once when
``ray`` is imported; :func:`import_ray` sets both unless the caller did, and :meth:`RayExecutor.run` warns when the
node came up on another address). When ``ray.init`` was already called in this process, that instance is used and
left running.

Ctrl-C cancels the pending tasks without ``force``: Ray raises KeyboardInterrupt inside a running task, and the
runner's ``finally`` stops the worker's whole process group (TERM, then KILL) as it does at the time limit.
Finished attempts keep their receipts; the next call with the same run id redoes the rest.
"""

from __future__ import annotations

import io
import os
import shutil
import tarfile
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.layout import Attempt, Bundle, Repo
from wp42.run.executor_protocol import AttemptOutcome
from wp42.run.runner import AttemptSpec, StagedAttempt, WorkerJob, stage_attempt

INSTALL_HINT = "pip install -e '.[ray]'"
#: Set (unless already set) before ``import ray``: no usage statistics, a single-machine instance on 127.0.0.1.
RAY_ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
#: Seconds ``ray.wait`` blocks before the loop looks again (keeps Ctrl-C responsive).
POLL_S = 0.5
#: Bytes of the attempt folder a node may send back (workspace, out/, logs): beyond it the attempt is an
#: infrastructure_error rather than a transfer that exhausts the controller's memory.
MAX_RESULT_BYTES = 512 * 1024 * 1024
#: Seconds past an attempt's time limit the controller waits for its task before recording it as lost (staging on
#: the node, sandbox start, packing and transfer).
RETURN_GRACE_S = 300.0
#: Folder names inside a job's archive.
ATTEMPT_DIR, BUNDLE_DIR = "attempt", "bundle"


def import_ray(private: bool = True) -> ModuleType:
    """The ``ray`` module. ``private`` (a private local instance, no cluster address) sets :data:`RAY_ENV` before the
    import unless the caller set it; a driver of a multi-node cluster gets only the usage-statistics switch (Ray's
    single-machine mode would give the driver a loopback address the cluster's nodes cannot reach it on).

    Raises:
        UserError: Ray is not installed (one line naming ``pip install -e '.[ray]'``).
    """
    for name, value in RAY_ENV.items():
        if private or name == "RAY_USAGE_STATS_ENABLED":
            os.environ.setdefault(name, value)
    try:
        import ray
    except ImportError as exc:
        raise UserError(f"--backend ray needs Ray, which is not installed ({exc}): run {INSTALL_HINT}") from None
    return ray


class ResultTooLarge(Exception):
    """An attempt folder over :data:`MAX_RESULT_BYTES`."""


def pack(entries: list[tuple[Path, str]], max_bytes: int | None = None) -> bytes:
    """A tar archive (uncompressed: deliverables are mostly zip files already) of ``entries``, each ``(path on
    disk, name in the archive)``; missing paths are skipped, links are stored as links (never followed).

    Raises:
        ResultTooLarge: the regular files add up to more than ``max_bytes``.
    """
    total = 0
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path, name in entries:
            if not path.exists() and not path.is_symlink():
                continue
            if max_bytes is not None:
                total += sum(f.stat().st_size for f in _regular_files(path))
                if total > max_bytes:
                    raise ResultTooLarge(f"the attempt folder holds over {max_bytes} bytes")
            archive.add(path, arcname=name, recursive=True)
    return buffer.getvalue()


def _regular_files(path: Path) -> list[Path]:
    if path.is_symlink():
        return []
    if path.is_file():
        return [path]
    return [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]


def unpack(archive: bytes, target: Path) -> None:
    """Extract a :func:`pack` archive into ``target`` with tarfile's ``tar`` filter: no absolute names, nothing
    written outside ``target`` (links inside the archive are recreated as links, not followed)."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r") as tar:
        tar.extractall(target, filter="tar")


def job_archive(staged: StagedAttempt) -> bytes:
    """What a node gets beside the :class:`WorkerJob`: the staged workspace and worker tools under ``attempt/`` and,
    for a portal arm, the bundle's public portal/ and task.json under ``bundle/``. Never the oracle."""
    folder = staged.folder
    entries = [(folder.workspace, f"{ATTEMPT_DIR}/{layout.WORKSPACE_DIR}"),
               (folder.worker_tools, f"{ATTEMPT_DIR}/{folder.worker_tools.name}")]
    if staged.job.portal:
        entries += [(staged.bundle.portal_dir, f"{BUNDLE_DIR}/{layout.PORTAL_DIR}"),
                    (staged.bundle.task_json, f"{BUNDLE_DIR}/{layout.TASK_JSON}")]
    return pack(entries)


def run_on_node(job: WorkerJob, archive: bytes, max_result_bytes: int = MAX_RESULT_BYTES) -> dict[str, Any]:
    """Body of the Ray task: unpack ``archive`` into a temporary folder, run the worker there
    (:func:`wp42.run.runner.execute_worker`), and return ``{"worker_part", "archive"}`` (the attempt folder without the
    worker's tools) or ``{"error"}``. Reads no oracle and needs none."""
    import socket

    from wp42.run.runner import execute_worker, hidden_paths

    try:
        repo = Repo.find()
    except UserError as exc:
        return {"error": f"node {socket.gethostname()}: {exc}"}
    with tempfile.TemporaryDirectory(prefix="wp42-node-") as tmp:
        base = Path(tmp)
        unpack(archive, base)
        folder = Attempt(base / ATTEMPT_DIR)
        portal_bundle = Bundle(base / BUNDLE_DIR) if job.portal else None
        part = execute_worker(job, folder, repo, portal_bundle, hidden_paths(repo, base))
        keep = [(child, child.name) for child in sorted(folder.root.iterdir()) if child != folder.worker_tools]
        try:
            return {"worker_part": part, "archive": pack(keep, max_result_bytes)}
        except ResultTooLarge as exc:
            return {"error": f"node {socket.gethostname()}: {exc} (the cap is {max_result_bytes} bytes)"}


def land_result(staged: StagedAttempt, result: dict[str, Any], repo: Repo) -> dict[str, Any]:
    """Write a node's result into the staged attempt folder and grade it on the controller; a result that carries
    an error (or none) becomes an ``infrastructure_error`` attempt. Returns the receipt."""
    from wp42.run.runner import finish_attempt, lost_worker_part

    if "worker_part" not in result:
        return finish_attempt(staged, lost_worker_part(result.get("error") or "the node returned nothing"), repo)
    shutil.rmtree(staged.folder.workspace, ignore_errors=True)
    unpack(result["archive"], staged.folder.root)
    return finish_attempt(staged, result["worker_part"], repo)


def check_reachable(address: str, timeout_s: float = 10.0) -> None:
    """Fail fast on a ``host:port`` address nobody listens on (``ray.init`` would retry for minutes); other forms
    (``auto``, ``ray://...``) are left to Ray.

    Raises:
        UserError: nothing accepts a TCP connection at ``host:port`` within ``timeout_s`` seconds.
    """
    import socket

    host, sep, port = address.rpartition(":")
    if not sep or "/" in address or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s):
            return
    except OSError as exc:
        raise UserError(f"cannot connect to the Ray cluster at {address} ({exc.strerror or exc}): start it with "
                        "`ray start --head` and give the address it prints (--ray-address or RAY_ADDRESS)") from None


class RayExecutor:
    """Runs attempts' workers as Ray tasks, grading on the controller (see the module docstring).

    Args:
        jobs: attempts in flight at once (``-j``); a private local instance gets that many CPUs.
        address: a running cluster's address (``ray start --head`` prints it, e.g. ``10.0.0.5:6379``); None uses
            ``RAY_ADDRESS`` when set, else starts a private local instance.
    """

    def __init__(self, jobs: int = 1, repo: Repo | None = None, *, ray_module: ModuleType | None = None,
                 address: str | None = None) -> None:
        """Check the arguments and that Ray imports; Ray itself starts in :meth:`run`.

        Raises:
            UserError: ``jobs < 1``, or Ray is not installed.
        """
        if jobs < 1:
            raise UserError("-j must be 1 or more")
        self.jobs = jobs
        self.repo = repo or Repo.find()
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self.ray = ray_module or import_ray(private=not self.address)

    def _start(self) -> bool:
        """Connect to the cluster, or start a private local instance unless one is running; True when this call
        started or connected (and so shuts down or disconnects at the end).

        Raises:
            UserError: the cluster at ``address`` cannot be reached.
        """
        if self.ray.is_initialized():
            return False
        if self.address:
            check_reachable(self.address)
            try:
                self.ray.init(address=self.address, log_to_driver=False, configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise UserError(f"cannot connect to the Ray cluster at {self.address} ({exc}): start it with "
                                "`ray start --head` and give the address it prints (--ray-address or RAY_ADDRESS)"
                                ) from None
            return True
        self.ray.init(num_cpus=self.jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
        address = self.node_address()
        if address not in (None, "127.0.0.1", "::1", "localhost"):
            warnings.warn(
                f"the local Ray instance listens on {address}, not only on loopback: import wp42.run.executor_ray "
                "before ray, or set RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 before Python starts",
                RuntimeWarning,
                stacklevel=3,
            )
        return True

    def node_address(self) -> str | None:
        """The address the (first) Ray node serves on, e.g. ``127.0.0.1``; None when Ray does not say."""
        nodes = self.ray.nodes()
        return str(nodes[0].get("NodeManagerAddress")) if nodes else None

    def run(self, specs: list[AttemptSpec], done: Callable[[AttemptOutcome], None]) -> bool:
        """Run every spec's worker as a Ray task, at most ``jobs`` at once, grade each on this machine as it comes
        back and call ``done``; True when interrupted (Ctrl-C).

        Raises:
            UserError: staging an attempt raised one (unknown arm, missing oracle ...); the other tasks are cancelled.
        """
        if not specs:
            return False
        ray = self.ray
        started = self._start()
        task = ray.remote(num_cpus=1, max_retries=0)(run_on_node)
        queue = list(specs)
        in_flight: dict[Any, tuple[StagedAttempt, float]] = {}
        interrupted = False

        def submit() -> None:
            while queue and len(in_flight) < self.jobs:
                spec = queue.pop(0)
                try:
                    staged = stage_attempt(spec, self.repo)
                    ref = task.remote(staged.job, job_archive(staged))
                except UserError:
                    raise
                except Exception as exc:  # one attempt's failure must not lose the others
                    done(AttemptOutcome(spec, error=f"{type(exc).__name__}: {exc}"))
                    continue
                in_flight[ref] = (staged, time.monotonic() + staged.job.time_limit_s + RETURN_GRACE_S)

        def land(staged: StagedAttempt, result: dict[str, Any]) -> None:
            try:
                receipt = land_result(staged, result, self.repo)
            except Exception as exc:  # grading on the controller failed for this attempt only
                done(AttemptOutcome(staged.spec, error=f"{type(exc).__name__}: {exc}"))
                return
            done(AttemptOutcome(staged.spec, receipt=receipt))

        try:
            submit()
            while in_flight:
                ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=POLL_S)
                for ref in ready:
                    staged, _deadline = in_flight.pop(ref)
                    try:
                        result = ray.get(ref)
                    except Exception as exc:  # the node or its worker process died, or Ray failed to run the task
                        result = {"error": f"the Ray task was lost: {type(exc).__name__}: {exc}"}
                    land(staged, result)
                now = time.monotonic()
                for ref, (staged, deadline) in list(in_flight.items()):
                    if now > deadline:
                        in_flight.pop(ref)
                        ray.cancel(ref, force=True)
                        land(staged, {"error": f"the Ray task did not come back within the time limit plus "
                                               f"{RETURN_GRACE_S:g} s"})
                submit()
        except KeyboardInterrupt:
            interrupted = True
        finally:
            pending = list(in_flight)
            for ref in pending:
                ray.cancel(ref, force=False)
            if pending:
                # Let cancelled tasks stop their workers' process groups before the instance goes away.
                ray.wait(pending, num_returns=len(pending), timeout=30)
            if started:
                ray.shutdown()
        return interrupted
