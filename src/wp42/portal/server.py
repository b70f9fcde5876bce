"""Serving the portal with waitress on loopback: for the runner (``start_portal``) and for ``wp42 portal``.

Waitress (a production WSGI server, not Flask's development server) runs its event loop in a daemon thread of the
calling process and answers from a small pool of worker threads. It binds to 127.0.0.1 only (SPEC section 7).
"""

from __future__ import annotations

import logging
import socket
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from waitress import create_server
from waitress.server import BaseWSGIServer

from wp42.errors import UserError
from wp42.layout import OUT_DIR, PORTAL_ACCESS_LOG, Bundle, Repo
from wp42.portal.app import create_app, load_portal_spec

LOOPBACK = "127.0.0.1"
#: waitress worker threads: enough for one worker's scripts and the 32-client benchmark, small for a 2-core box
SERVER_THREADS = 8

# waitress warns "Task queue depth is N" for every request queued behind busy threads; with one worker's burst of
# requests that is normal and would flood the runner's log, so only its errors are shown
logging.getLogger("waitress.queue").setLevel(logging.ERROR)


@dataclass
class PortalHandle:
    """A running portal. ``url`` is ``http://127.0.0.1:<port>``; ``credentials`` is ``{"username", "password"}``."""

    url: str
    credentials: dict[str, str]
    out_dir: Path
    access_log: Path
    _server: BaseWSGIServer = field(repr=False)
    _thread: threading.Thread = field(repr=False)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def stop(self, timeout_s: float = 5.0) -> None:
        """Stop serving: close the listening socket and open connections, end the worker threads. Idempotent."""
        if not self._thread.is_alive():
            return
        self._server.task_dispatcher.shutdown(timeout=timeout_s)
        # closing every channel in the server's map empties it, which ends waitress's event loop
        from waitress import wasyncore

        wasyncore.close_all(self._server._map)
        self._thread.join(timeout_s)
        if self._thread.is_alive():
            raise RuntimeError(f"portal at {self.url} did not stop within {timeout_s} s")

    def __enter__(self) -> PortalHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_portal(bundle_root: Path, out_dir: Path, access_log: Path, port: int = 0) -> PortalHandle:
    """Serve ``<bundle_root>/portal/portal.json`` on ``http://127.0.0.1:<port>`` until ``stop()``.

    Args:
        bundle_root: a public bundle or a worker's workspace (holding ``portal/`` and ``inputs/``).
        out_dir: the worker's ``out/`` (accepted submissions go to ``out/portal_submissions.json``).
        access_log: the JSON-lines request log (the runner passes ``Attempt.portal_access_log``).
        port: 0 picks a free port.

    Returns when the portal answers HTTP. Raises FileNotFoundError / ValueError for a missing or invalid
    portal.json (see ``load_portal_spec``), OSError when the port is taken, RuntimeError when it does not come up.
    """
    bundle = Bundle(Path(bundle_root))
    spec = load_portal_spec(bundle.root)
    app = create_app(spec, bundle.inputs, Path(out_dir), Path(access_log))
    server = create_server(
        app, host=LOOPBACK, port=port, threads=SERVER_THREADS, ident="wp42-portal", clear_untrusted_proxy_headers=True,
    )
    thread = threading.Thread(target=server.run, name=f"wp42-portal-{server.effective_port}", daemon=True)
    thread.start()
    handle = PortalHandle(
        url=f"http://{LOOPBACK}:{server.effective_port}",
        credentials={"username": spec["user"]["username"], "password": spec["user"]["password"]},
        out_dir=Path(out_dir),
        access_log=Path(access_log),
        _server=server,
        _thread=thread,
    )
    _wait_until_up(handle)
    return handle


def _wait_until_up(handle: PortalHandle, timeout_s: float = 10.0) -> None:
    # a bare TCP connect, not an HTTP request, so the worker's access log holds only the worker's requests
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            with socket.create_connection((LOOPBACK, handle.port), timeout=1.0):
                return
        except OSError:
            if time.monotonic() > deadline:
                handle.stop()
                raise RuntimeError(f"portal at {handle.url} did not answer within {timeout_s} s") from None
            time.sleep(0.05)


def serve_forever(task_id: str, port: int = 0, out_dir: Path | None = None, echo=print) -> None:  # type: ignore[no-untyped-def]
    """``wp42 portal TASK_ID [--port P] [--out DIR]``: serve a scenario's portal until interrupted (Ctrl-C).

    Submissions go to ``out_dir`` (default: a new temporary folder); the access log goes beside it as
    ``portal_access.jsonl``. Prints the URL, the credentials and both paths through ``echo``.

    Raises:
        UserError: unknown task id or a scenario without a portal.
    """
    repo = Repo.find()
    bundle = repo.bundle(task_id)
    if not bundle.portal_json.is_file():
        known = [t for t in repo.task_ids() if repo.bundle(t).portal_json.is_file()]
        raise UserError(
            f"{task_id} has no portal ({bundle.portal_json} missing); scenarios with a portal: {', '.join(known) or 'none'}"
        )
    out = Path(out_dir) if out_dir is not None else Path(tempfile.mkdtemp(prefix=f"wp42-portal-{task_id}-")) / OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    access_log = out.resolve().parent / PORTAL_ACCESS_LOG
    handle = start_portal(bundle.root, out, access_log, port=port)
    echo(f"{task_id} portal: {handle.url}")
    echo(f"user: {handle.credentials['username']}  password: {handle.credentials['password']}")
    echo(f"submissions: {handle.out_dir.resolve()}  access log: {access_log}")
    echo("Ctrl-C stops it.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        handle.stop()
