"""The warm evaluation service (issue 14, item 1): a small pool of pre-imported parents that fork one bounded child
per evaluation, so a receipt no longer pays a new interpreter and the ``formulas`` import each time.

Each :class:`WarmParent` is a ``python -m wp42.evaluation.warm`` process (protocol in that module) that imported the
evaluators' helpers once. :class:`EvaluationService` lends one parent to each concurrent caller — the pool grows to
the callers' own concurrency (``-j``), so it adds no queue of its own — and replaces a parent that dies, hangs or
talks nonsense; an evaluation child that crashes, hangs or runs out of memory ends alone, leaving its parent
serving. :func:`service_for` keeps one service per interpreter and environment for the life of the process; the
parents exit when it does (their stdin closes).

Whether evaluations go through the service or through a new process each (today's path, kept as the reference
and the fallback) is :func:`evaluation_mode`: ``$WP42_EVALUATION`` (``service``, the default, or ``process``).
"""

from __future__ import annotations

import atexit
import dataclasses
import json
import logging
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.evaluation.office import BridgeUnavailable, OfficeBridge, stop_piped

logger = logging.getLogger(__name__)

#: How evaluations run: forked from a warm parent, or in a new interpreter each (the per-process path).
MODES = ("service", "process")
DEFAULT_MODE = "service"
#: Seconds a warm parent may take to import its preloads before it is given up.
START_SECONDS = 300.0
#: Seconds the caller waits beyond an evaluation's own wall-time bound before it deems the parent hung.
REPLY_MARGIN_S = 30.0


def evaluation_mode(explicit: str | None = None) -> str:
    """``explicit``, else ``$WP42_EVALUATION``, else ``service``.

    Raises:
        UserError: a value other than ``service`` or ``process``.
    """
    value = (explicit or os.environ.get(layout.EVALUATION_ENV) or DEFAULT_MODE).strip().lower()
    if value not in MODES:
        raise UserError(f"{layout.EVALUATION_ENV}={value!r}: choose {' or '.join(MODES)}")
    return value


class ServiceUnavailable(Exception):
    """No warm parent could serve the evaluation; the caller falls back to the per-process path."""


@dataclass(frozen=True)
class ServiceRequest:
    """One evaluation for a warm parent: the arguments of :func:`wp42.evaluation.child.run`; where the child's
    stderr goes (``log``; its stdout is discarded, as the per-process path ignores it); its environment and working
    folder; its bounds (seconds of wall time, bytes of address space, open files); and ``warm``, the warm-ups the
    parent does once before the first such child (:data:`wp42.evaluation.warm.WARM_UPS`)."""

    evaluate_py: Path
    out_dir: Path
    workspace: Path
    oracle_json: Path
    run_id: str
    result: Path
    log: Path
    env: dict[str, str]
    cwd: Path
    seconds: float
    memory_bytes: int
    open_files: int
    warm: tuple[str, ...] = ()

    def as_message(self) -> dict[str, Any]:
        """The request line :mod:`wp42.evaluation.warm` reads (paths as text)."""
        message = {name: getattr(self, name) for name in self.__dataclass_fields__}
        for name, value in message.items():
            if isinstance(value, Path):
                message[name] = str(value)
        message["warm"] = list(self.warm)
        return message


@dataclass(frozen=True)
class ChildExit:
    """How an evaluation child ended: ``returncode`` as subprocess gives it (negative: killed by that signal),
    whether it was stopped at its wall-time bound, its peak resident memory in bytes and the CPU seconds it (and the
    children it waited for) used (None when unknown)."""

    returncode: int
    timed_out: bool
    max_rss_bytes: int | None = None
    cpu_seconds: float | None = None


class WarmParentFailed(Exception):
    """A warm parent could not start, died, hung or broke the protocol; it is discarded."""


class _Lines:
    """Whole lines from a pipe, read with a deadline (unbuffered, so ``select`` never misses a buffered line)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def read(self, seconds: float) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.fd], [], [], remaining)[0]:
                raise WarmParentFailed(f"no reply within {seconds:g} s")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise WarmParentFailed("the warm parent exited")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError:
            raise WarmParentFailed(f"unreadable reply {line[:200]!r}") from None
        if not isinstance(message, dict):
            raise WarmParentFailed(f"unexpected reply {line[:200]!r}")
        return message


class WarmParent:
    """One ``python -m wp42.evaluation.warm`` process, started with ``env``; serves one evaluation at a time.

    Raises:
        WarmParentFailed: it did not come up within :data:`START_SECONDS` (its stderr tail in the message).
    """

    def __init__(self, env: dict[str, str]) -> None:
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wp42.evaluation.warm"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self._stderr, env=env, start_new_session=True,
        )
        assert self.proc.stdout is not None and self.proc.stdin is not None
        self._lines = _Lines(self.proc.stdout.fileno())
        try:
            ready = self._lines.read(START_SECONDS)
        except WarmParentFailed as exc:
            self.close()
            raise WarmParentFailed(f"the warm evaluation parent did not start ({exc}): {self._stderr_tail()}") from None
        if not ready.get("ready"):
            self.close()
            raise WarmParentFailed(f"the warm evaluation parent said {ready!r} instead of ready")
        #: Compiled formula functions the last child inherited from this parent.
        self.compiled_formulas = 0
        self.preloaded: list[str] = list(ready.get("preloaded", []))
        self.missing: list[str] = list(ready.get("missing", []))

    def _stderr_tail(self) -> str:
        try:
            self._stderr.seek(0)
            lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
        except (OSError, ValueError):
            return "no error output"
        return " | ".join(lines[-4:]) or "no error output"

    def run(self, request: ServiceRequest) -> ChildExit:
        """Run ``request`` in a child forked from this parent and wait for it (bounded by its ``seconds``).

        Raises:
            WarmParentFailed: the parent died, hung or broke the protocol (its child's group is killed first).
        """
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(request.as_message()) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise WarmParentFailed(f"the warm parent is gone ({exc})") from None
        # a warm-up (the formula engine's functions: seconds) runs before the fork, bounded like a start-up
        started = self._lines.read(REPLY_MARGIN_S + (START_SECONDS if request.warm else 0.0))
        if "error" in started:
            raise WarmParentFailed(str(started["error"]))
        child = started.get("started")
        if not isinstance(child, int):
            raise WarmParentFailed(f"unexpected reply {started!r}")
        self.compiled_formulas = int(started.get("compiled_formulas") or 0)
        try:
            ended = self._lines.read(request.seconds + REPLY_MARGIN_S)
        except WarmParentFailed:
            _kill_group(child)
            raise
        if not isinstance(ended.get("returncode"), int):
            raise WarmParentFailed(f"unexpected reply {ended!r}")
        return ChildExit(ended["returncode"], bool(ended.get("timed_out")), ended.get("max_rss_bytes"),
                         ended.get("cpu_seconds"))

    def close(self) -> None:
        """Stop the parent (closing its stdin ends it; a parent that lingers is killed)."""
        stop_piped(self.proc, 5.0)
        self._stderr.close()


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class EvaluationService:
    """A pool of :class:`WarmParent` s started with ``env``, growing to the number of concurrent callers.

    Thread-safe: each :meth:`run` borrows a parent of its own. A parent that fails is replaced and the evaluation
    tried once more on a fresh one; when no parent can start, the service says :class:`ServiceUnavailable` from
    then on and callers use the per-process path.
    """

    def __init__(self, env: dict[str, str]) -> None:
        self.env = dict(env)
        self._idle: list[WarmParent] = []
        self._lock = threading.Lock()
        self._broken: str | None = None
        self._closed = False
        self.started = 0
        #: The largest peak resident memory of any evaluation child this service ran, in bytes (what
        #: ``getrusage(RUSAGE_CHILDREN)`` tells of the per-process path; the service's children are not ours).
        self.peak_rss_bytes = 0
        #: CPU seconds (user and system) of every evaluation child this service ran, for measurements.
        self.child_cpu_seconds = 0.0
        self._office: OfficeBridge | None = None
        self._office_problem = ""
        self._office_lock = threading.Lock()

    def office(self, memory_bytes: int) -> OfficeBridge | None:
        """The pool's LibreOffice bridge (:mod:`wp42.evaluation.office`), started at first use and again when it
        died; None when it cannot run here (then children convert per file, as the per-process path does)."""
        with self._office_lock:
            if self._office is not None and not self._office.alive():
                logger.warning("the evaluation pool's LibreOffice bridge died; starting another")
                self._office.close()
                self._office = None
            if self._office is None and not self._office_problem and not self._closed:
                home = self.env.get(layout.HOME_ENV)
                try:
                    if not home:
                        raise BridgeUnavailable(f"{layout.HOME_ENV} is not set")
                    self._office = OfficeBridge(layout.Repo(Path(home)).validators_dir, memory_bytes)
                except (BridgeUnavailable, OSError) as exc:
                    self._office_problem = str(exc)
                    logger.info("no long-lived LibreOffice for the evaluation pool (%s): per-file conversion", exc)
            return self._office

    def run(self, request: ServiceRequest) -> ChildExit:
        """Run one evaluation in a forked, bounded child, told where the pool's LibreOffice bridge listens.

        Raises:
            ServiceUnavailable: no warm parent could be started, or two in a row failed this evaluation.
        """
        office = self.office(request.memory_bytes)
        if office is not None:
            request = dataclasses.replace(request, env={**request.env, layout.OFFICE_BRIDGE_ENV: office.address})
        problem = ""
        for _try in range(2):
            parent = self._borrow()
            try:
                result = parent.run(request)
            except WarmParentFailed as exc:
                problem = str(exc)
                logger.warning("warm evaluation parent %s failed (%s); replacing it", parent.proc.pid, exc)
                parent.close()
                for leftover in (request.result, request.log):
                    leftover.unlink(missing_ok=True)
                continue
            self._give_back(parent)
            with self._lock:
                if result.max_rss_bytes is not None:
                    self.peak_rss_bytes = max(self.peak_rss_bytes, result.max_rss_bytes)
                self.child_cpu_seconds += result.cpu_seconds or 0.0
            return result
        raise ServiceUnavailable(f"two warm evaluation parents failed in a row: {problem}")

    def _borrow(self) -> WarmParent:
        with self._lock:
            if self._broken:
                raise ServiceUnavailable(self._broken)
            if self._closed:
                raise ServiceUnavailable("the evaluation service is closed")
            if self._idle:
                return self._idle.pop()
        try:
            parent = WarmParent(self.env)
        except (WarmParentFailed, OSError) as exc:
            with self._lock:
                self._broken = str(exc)
            logger.warning("no warm evaluation parent (%s): evaluating in a new process each time", exc)
            raise ServiceUnavailable(str(exc)) from None
        with self._lock:
            self.started += 1
        return parent

    def _give_back(self, parent: WarmParent) -> None:
        with self._lock:
            if not self._closed:
                self._idle.append(parent)
                return
        parent.close()

    def idle_parents(self) -> list[WarmParent]:
        """The warm parents waiting for work (for measurements and tests: do not run them)."""
        with self._lock:
            return list(self._idle)

    def idle_pids(self) -> list[int]:
        """Process ids of the warm parents waiting for work."""
        with self._lock:
            return [parent.proc.pid for parent in self._idle]

    def close(self) -> None:
        """Stop every idle parent; parents lent out stop when they come back."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for parent in idle:
            parent.close()
        with self._office_lock:
            office, self._office = self._office, None
        if office is not None:
            office.close()


#: Services kept at once; the least recently used beyond this is closed (a test session meets many checkouts).
MAX_SERVICES = 2
_services: dict[tuple[str, ...], EvaluationService] = {}
_services_lock = threading.Lock()


def service_for(env: dict[str, str]) -> EvaluationService:
    """The process-wide service whose parents start with ``env``'s interpreter settings (``PYTHONPATH``,
    ``WP42_HOME``, ``PYTHONDONTWRITEBYTECODE``): one per checkout, kept until the process exits or
    :data:`MAX_SERVICES` others were used since. Each evaluation still gets its own full environment
    (:class:`ServiceRequest`)."""
    key = (sys.executable, *(env.get(name, "") for name in ("PYTHONPATH", layout.HOME_ENV, "PYTHONDONTWRITEBYTECODE")))
    evicted = []
    with _services_lock:
        service = _services.pop(key, None) or EvaluationService(env)
        _services[key] = service  # most recently used last
        while len(_services) > MAX_SERVICES:
            evicted.append(_services.pop(next(iter(_services))))
    for old in evicted:
        old.close()
    return service


def peak_child_rss_bytes() -> int:
    """The largest peak resident memory of any evaluation child the current services ran, in bytes (0 if none)."""
    return max((service.peak_rss_bytes for service in current_services()), default=0)


def current_services() -> list[EvaluationService]:
    """The services of this process, least recently used first."""
    with _services_lock:
        return list(_services.values())


@atexit.register
def close_services() -> None:
    """Stop every warm parent of this process (also called at exit)."""
    with _services_lock:
        services = list(_services.values())
        _services.clear()
    for service in services:
        service.close()
