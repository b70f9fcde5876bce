"""Serving the portal with waitress on loopback (or a unix socket): for the runner (``start_portal``) and for
``wp42 portal``.

Waitress (a production WSGI server, not Flask's development server) runs its event loop in a daemon thread of the
calling process and answers from a small pool of worker threads. It binds to 127.0.0.1 only (SPEC section 7).

Shutdown (``PortalHandle.stop``) never closes a socket from outside the event loop: closing one while waitress's
loop is inside ``select()`` on it raises ``OSError: [Errno 9] Bad file descriptor`` in the loop thread, and a
connection accepted just after the map was emptied from outside keeps the loop alive. Instead the worker threads are
drained first, then waitress's own trigger (``server.trigger.pull_trigger(thunk)``) runs the close inside the loop thread,
which empties the socket map and so ends ``run()``; ``stop`` joins that thread.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import functools
import logging
import shutil
import signal
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from waitress import create_server, wasyncore
from waitress.server import BaseWSGIServer

from wp42.errors import UserError
from wp42.evidence import Signer
from wp42.layout import OUT_DIR, PORTAL_ACCESS_LOG, Bundle, Repo
from wp42.portal.app import create_app, load_portal_spec

LOOPBACK = "127.0.0.1"
#: waitress worker threads: enough for one worker's scripts and the 32-client benchmark, small for a 2-core box
SERVER_THREADS = 8

# waitress warns "Task queue depth is N" for every request queued behind busy threads; with one worker's burst of
# requests that is normal and would flood the runner's log, so only its errors are shown
logging.getLogger("waitress.queue").setLevel(logging.ERROR)


class PortInUseError(UserError, OSError):
    """The requested loopback port cannot be bound (taken by another process, or privileged).

    A ``UserError`` (``wp42 portal`` prints it as one line and exits 2) and an ``OSError`` (what ``start_portal``
    has always raised for a taken port, so callers catching OSError keep working). ``errno`` is the bind's errno.
    """


@dataclass
class PortalHandle:
    """A running portal. ``url`` is ``http://127.0.0.1:<port>``; ``credentials`` is ``{"username", "password"}``."""

    url: str
    credentials: dict[str, str]
    out_dir: Path
    access_log: Path
    _server: BaseWSGIServer = field(repr=False)
    _thread: threading.Thread = field(repr=False)
    _stop_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _stopped: bool = field(default=False, repr=False)

    @property
    def port(self) -> int:
        """The loopback port (a portal on a unix socket has none: ValueError)."""
        if self.url.startswith("unix:"):
            raise ValueError(f"the portal at {self.url} listens on a unix socket, not a port")
        return int(self.url.rsplit(":", 1)[1])

    def stop(self, timeout_s: float = 5.0) -> None:
        """Stop serving: end the worker threads, close every socket inside waitress's loop, join it. Idempotent.

        Order (see the module docstring): (1) the task dispatcher's threads finish the request in hand and queued
        requests are cancelled; (2) a thunk pulled through waitress's trigger closes the listening socket, every
        connection and the trigger itself from the loop thread, which empties the map and ends ``server.run()``;
        (3) the loop thread is joined. No socket is closed from this thread, so the loop never selects on a closed
        descriptor.

        Raises:
            RuntimeError: the loop thread was still running ``timeout_s`` seconds after the close was requested.
        """
        with self._stop_lock:
            if self._stopped:
                return
            server = self._server
            server.task_dispatcher.shutdown(timeout=timeout_s)
            if self._thread.is_alive():
                _close_in_loop(server)
                self._thread.join(timeout_s)
                if self._thread.is_alive():
                    raise RuntimeError(f"portal at {self.url} did not stop within {timeout_s} s")
            else:
                # the loop never ran (or already ended): nothing selects on the sockets, close them here
                wasyncore.close_all(server._map)
            self._stopped = True

    def __enter__(self) -> PortalHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _close_in_loop(server: BaseWSGIServer) -> None:
    """Have waitress's loop thread close every channel in its map (the trigger included), which ends its loop.

    ``trigger.pull_trigger(thunk)`` appends the thunk under ``trigger.lock`` and writes to the pipe after releasing
    it; a loop thread already draining the pipe can run the thunk (closing the pipe) in between, and the write then
    hits a closed descriptor, or one the OS has meanwhile handed to another socket. Holding the lock across both
    steps keeps the thunk from running before the write: ``handle_read`` runs thunks under the same lock.
    """
    trigger = server.trigger
    with trigger.lock:
        trigger.thunks.append(lambda: wasyncore.close_all(server._map))
        trigger.pull_trigger()  # without a thunk it does not take the lock


def bind_loopback(port: int = 0) -> socket.socket:
    """A TCP socket bound to ``127.0.0.1:<port>`` (0 picks a free port), not yet listening.

    Binding is done here rather than inside waitress so a taken port fails before anything else is created (no
    waitress trigger pipe, no temporary folder) and so the failure is a one-line user error.

    Raises:
        PortInUseError: the port is taken (EADDRINUSE) or may not be bound by this user (EACCES); the message
            names the port and the fix.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        # as waitress does: a port left in TIME_WAIT by a previous run can be reused at once
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((LOOPBACK, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            reason = "is already in use"
        elif exc.errno == errno.EACCES:
            reason = "may not be bound by this user"
        else:
            raise
        error = PortInUseError(
            f"port {port} on {LOOPBACK} {reason}: choose another --port, or --port 0 to pick a free one"
        )
        error.errno = exc.errno
        raise error from exc
    return sock


def start_portal(bundle_root: Path, out_dir: Path, access_log: Path, port: int = 0, *,
                 unix_socket: Path | None = None, signer: Signer | None = None) -> PortalHandle:
    """Serve ``<bundle_root>/portal/portal.json`` on ``http://127.0.0.1:<port>`` (or on ``unix_socket``) until
    ``stop()``.

    Args:
        bundle_root: a public bundle or a worker's workspace (holding ``portal/`` and ``inputs/``); the runner gives
            the repository's bundle, which the worker cannot change.
        out_dir: the worker's ``out/`` (accepted submissions go to ``out/portal_submissions.json``).
        access_log: the JSON-lines request log (the runner passes ``Attempt.portal_access_log``).
        port: 0 picks a free port (ignored with ``unix_socket``).
        unix_socket: listen on this unix socket (created, mode 0666) instead of loopback TCP: how the runner serves
            a sandboxed worker from outside its namespaces (``url`` is then ``unix:<path>``).
        signer: signs each accepted submission (:class:`wp42.evidence.Signer`).

    Returns when the portal answers. Raises FileNotFoundError / ValueError for a missing or invalid
    portal.json (see ``load_portal_spec``), PortInUseError (a UserError and an OSError) when the port is taken,
    RuntimeError when it does not come up.
    """
    bundle = Bundle(Path(bundle_root))
    spec = load_portal_spec(bundle.root)
    app = create_app(spec, bundle.inputs, Path(out_dir), Path(access_log), signer=signer)
    listener = bind_loopback(port) if unix_socket is None else bind_unix(Path(unix_socket))
    return _serve(app, spec, listener, Path(out_dir), Path(access_log))


def bind_unix(path: Path) -> socket.socket:
    """A unix stream socket bound to ``path`` (mode 0666: the sandbox's user connects to it), not yet listening."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(path))
        path.chmod(0o666)
    except OSError:
        sock.close()
        raise
    return sock


def _serve(app, spec: dict, listener: socket.socket, out_dir: Path, access_log: Path) -> PortalHandle:  # type: ignore[no-untyped-def]
    """Hand a bound ``listener`` to waitress (which listens on it) and run its loop in a daemon thread.

    ``listener`` is closed on every failure, by hand before waitress owns it and by ``stop()`` after.
    """
    try:
        server = create_server(
            app, sockets=[listener], threads=SERVER_THREADS, ident="wp42-portal", clear_untrusted_proxy_headers=True,
        )
    except BaseException:
        listener.close()
        raise
    if listener.family == socket.AF_UNIX:
        url = f"unix:{listener.getsockname()}"
    else:
        url = f"http://{LOOPBACK}:{server.effective_port}"
    thread = threading.Thread(target=server.run, name=f"wp42-portal-{url}", daemon=True)
    handle = PortalHandle(
        url=url,
        credentials={"username": spec["user"]["username"], "password": spec["user"]["password"]},
        out_dir=out_dir,
        access_log=access_log,
        _server=server,
        _thread=thread,
    )
    try:
        thread.start()
        _wait_until_up(handle)
    except BaseException:
        handle.stop()
        raise
    return handle


def _wait_until_up(handle: PortalHandle, timeout_s: float = 10.0) -> None:
    # a bare TCP connect, not an HTTP request, so the worker's access log holds only the worker's requests
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            with _connect(handle.url):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"portal at {handle.url} did not answer within {timeout_s} s") from None
            time.sleep(0.05)


def _connect(url: str) -> socket.socket:
    """A connected socket to a portal's ``http://127.0.0.1:<port>`` or ``unix:<path>``."""
    if url.startswith("unix:"):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(1.0)
        try:
            sock.connect(url.removeprefix("unix:"))
        except OSError:
            sock.close()
            raise
        return sock
    return socket.create_connection((LOOPBACK, int(url.rsplit(":", 1)[1])), timeout=1.0)


class _Terminated(BaseException):
    """Raised in the main thread by the SIGTERM/SIGHUP handler so ``serve_forever``'s ``finally`` runs."""


@contextlib.contextmanager
def _exit_on_termination() -> Iterator[None]:
    """While inside: SIGTERM and SIGHUP unwind the main thread like Ctrl-C does; previous handlers are restored.

    Signal handlers can only be installed from the main thread; elsewhere (a test's thread) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    fired = threading.Event()

    def handler(signum: int, frame: object) -> None:
        # once: a second TERM while the first one is unwinding must not interrupt the cleanup
        if not fired.is_set():
            fired.set()
            raise _Terminated(signum)

    names = [name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {name: signal.signal(getattr(signal, name), handler) for name in names}
    try:
        yield
    finally:
        for name, old in previous.items():
            signal.signal(getattr(signal, name), old)


def serve_forever(
    task_id: str,
    port: int = 0,
    out_dir: Path | None = None,
    echo: Callable[[str], object] = print,
    ready: Callable[[dict[str, Any]], object] | None = None,
) -> None:
    """``wp42 portal TASK_ID [--port P] [--out DIR] [--json]``: serve a scenario's portal until interrupted.

    Submissions go to ``out_dir``, or, without one, to a temporary folder ``wp42-portal-<TASK_ID>-*`` that is
    created only once the port is bound and removed on every way out: a return, an exception, Ctrl-C
    (KeyboardInterrupt), SIGTERM or SIGHUP (turned into an exception while serving), and interpreter exit (an
    ``atexit`` hook as a backstop). SIGKILL cannot be caught; nothing can clean up after it. The access log goes
    beside ``out_dir`` as ``portal_access.jsonl``. Prints the URL, the credentials and both paths through ``echo``;
    with ``ready``, hands them to it instead, once the portal answers, as ``{task_id, url, port, username, password,
    submissions, access_log, temporary}`` (``port`` None on a Unix socket; ``temporary``: the submissions folder is
    removed when the portal stops).

    Raises:
        UserError: unknown task id, a scenario without a portal, or a port that cannot be bound
            (``PortInUseError``, naming the port and the fix).
    """
    repo = Repo.find()
    bundle = repo.bundle(task_id)
    if not bundle.portal_json.is_file():
        known = [t for t in repo.task_ids() if repo.bundle(t).portal_json.is_file()]
        raise UserError(
            f"{task_id} has no portal ({bundle.portal_json} missing); scenarios with a portal: {', '.join(known) or 'none'}"
        )
    spec = load_portal_spec(bundle.root)
    listener = bind_loopback(port)  # before any folder exists, so a taken port leaves nothing behind
    cleanup: Callable[[], None] | None = None
    try:
        with _exit_on_termination():
            if out_dir is None:
                scratch = Path(tempfile.mkdtemp(prefix=f"wp42-portal-{task_id}-"))
                cleanup = functools.partial(shutil.rmtree, scratch, ignore_errors=True)
                atexit.register(cleanup)  # backstop for an exit that skips this frame's finally
                out = scratch / OUT_DIR
            else:
                out = Path(out_dir)
            out.mkdir(parents=True, exist_ok=True)
            access_log = out.resolve().parent / PORTAL_ACCESS_LOG
            app = create_app(spec, bundle.inputs, out, access_log)
            handle = _serve(app, spec, listener, out, access_log)
            try:
                if ready is not None:
                    ready({"task_id": task_id, "url": handle.url,
                           "port": int(handle.url.rsplit(":", 1)[1]) if handle.url.startswith("http") else None,
                           "username": handle.credentials["username"], "password": handle.credentials["password"],
                           "submissions": str(handle.out_dir.resolve()), "access_log": str(access_log),
                           "temporary": cleanup is not None})
                else:
                    echo(f"{task_id} portal: {handle.url}")
                    echo(f"user: {handle.credentials['username']}  password: {handle.credentials['password']}")
                    echo(f"submissions: {handle.out_dir.resolve()}  access log: {access_log}")
                    if cleanup is not None:
                        echo("(a temporary folder, removed when the portal stops; pass --out DIR to keep submissions)")
                    echo("Ctrl-C stops it.")
                while True:
                    time.sleep(3600)
            finally:
                handle.stop()
    except (KeyboardInterrupt, _Terminated):
        pass  # the way a server is meant to be stopped
    finally:
        listener.close()  # a no-op after stop(); closes it when waitress never took it
        if cleanup is not None:
            cleanup()
            atexit.unregister(cleanup)
