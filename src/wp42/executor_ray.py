"""``wp42 run --backend ray``: each attempt is a Ray task on a local Ray instance (issue 7, part 5).

Ray is an optional extra (``pip install -e '.[ray]'``); nothing else in wp42 imports it. :class:`RayExecutor`
implements :class:`wp42.executor.Executor`: it starts a private local Ray instance with ``num_cpus=jobs`` (each task
asks for one CPU, so at most ``jobs`` attempts run at once), submits one task per attempt that calls
:func:`wp42.runner.run_attempt` in a Ray worker process, and hands each outcome to ``done`` as it finishes.

The instance stays on this machine: it has no dashboard, Ray's usage statistics are off (``RAY_USAGE_STATS_ENABLED=0``)
and its servers listen on loopback only. Ray binds to the machine's outward address unless its single-machine mode
is on (``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``, read once when ``ray`` is imported, which makes the node address
127.0.0.1); :func:`import_ray` sets both variables before the import unless the caller set them, and
:meth:`RayExecutor.run` warns when the node came up on another address (``ray`` was imported earlier). When
``ray.init`` was already called in this process (e.g. a cluster the caller connected to), that instance is used and
left running.

Ctrl-C cancels the pending tasks without ``force``: Ray raises KeyboardInterrupt inside a running task, and the
runner's ``finally`` stops the worker's whole process group (TERM, then KILL) as it does at the time limit.
Finished attempts keep their receipts; the next call with the same run id redoes the rest.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.executor import AttemptOutcome
from wp42.layout import Repo
from wp42.runner import AttemptSpec

INSTALL_HINT = "pip install -e '.[ray]'"
#: Environment variables a Ray worker process must see as the driver does (they choose the checkout and oracles).
FORWARDED_ENV = (layout.HOME_ENV, layout.ORACLE_ROOT_ENV)
#: Set (unless already set) before ``import ray``: no usage statistics, a single-machine instance on 127.0.0.1.
RAY_ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
#: Seconds ``ray.wait`` blocks before the loop looks again (keeps Ctrl-C responsive).
POLL_S = 0.5


def import_ray() -> ModuleType:
    """The ``ray`` module.

    Raises:
        UserError: Ray is not installed (one line naming ``pip install -e '.[ray]'``).
    """
    for name, value in RAY_ENV.items():
        os.environ.setdefault(name, value)
    try:
        import ray
    except ImportError as exc:
        raise UserError(f"--backend ray needs Ray, which is not installed ({exc}): run {INSTALL_HINT}") from None
    return ray


def _attempt_task(spec: AttemptSpec, repo_root: str, env: dict[str, str | None]) -> dict[str, Any]:
    """Body of the Ray task: one attempt in a Ray worker process. Returns ``{"receipt"}``, ``{"error"}`` or
    ``{"user_error"}``; a UserError is re-raised in the driver, as the local pool does."""
    for name, value in env.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    from wp42.runner import run_attempt

    try:
        return {"receipt": run_attempt(spec, Repo(Path(repo_root)))}
    except UserError as exc:
        return {"user_error": str(exc)}
    except Exception as exc:  # an infrastructure failure of one attempt must not lose the others
        return {"error": f"{type(exc).__name__}: {exc}"}


class RayExecutor:
    """Runs attempts as Ray tasks on a local Ray instance (see the module docstring)."""

    def __init__(self, jobs: int = 1, repo: Repo | None = None, *, ray_module: ModuleType | None = None) -> None:
        """Check the arguments and that Ray imports; Ray itself starts in :meth:`run`.

        Raises:
            UserError: ``jobs < 1``, or Ray is not installed.
        """
        if jobs < 1:
            raise UserError("-j must be 1 or more")
        self.jobs = jobs
        self.repo = repo or Repo.find()
        self.ray = ray_module or import_ray()

    def _start(self) -> bool:
        """Start a private local instance unless one is running; True when this call started it."""
        if self.ray.is_initialized():
            return False
        self.ray.init(num_cpus=self.jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
        address = self.node_address()
        if address not in (None, "127.0.0.1", "::1", "localhost"):
            warnings.warn(
                f"the local Ray instance listens on {address}, not only on loopback: import wp42.executor_ray "
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
        """Run every spec as a Ray task and call ``done`` per finished attempt; True when interrupted (Ctrl-C).

        Raises:
            UserError: an attempt raised one (unknown arm, missing oracle ...); the other tasks are cancelled.
        """
        if not specs:
            return False
        ray = self.ray
        started = self._start()
        env = {name: os.environ.get(name) for name in FORWARDED_ENV}
        task = ray.remote(num_cpus=1, max_retries=0)(_attempt_task)
        by_ref = {task.remote(spec, str(self.repo.root), env): spec for spec in specs}
        pending = list(by_ref)
        interrupted = False
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1, timeout=POLL_S)
                for ref in ready:
                    spec = by_ref[ref]
                    try:
                        result = ray.get(ref)
                    except Exception as exc:  # the Ray worker process died, or Ray failed to run the task
                        result = {"error": f"ray task failed: {type(exc).__name__}: {exc}"}
                    if "user_error" in result:
                        raise UserError(result["user_error"])
                    done(AttemptOutcome(spec, receipt=result.get("receipt"), error=result.get("error")))
        except KeyboardInterrupt:
            interrupted = True
        finally:
            for ref in pending:
                ray.cancel(ref, force=False)
            if pending:
                # Let cancelled tasks stop their workers' process groups before the instance goes away.
                ray.wait(pending, num_returns=len(pending), timeout=30)
            if started:
                ray.shutdown()
        return interrupted
