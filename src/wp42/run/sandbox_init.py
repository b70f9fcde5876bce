"""The sandbox's init: loopback forwarders to the services outside, then the worker (issue 15 item 2).

The runner starts ``python -m wp42.run.sandbox_init CONFIG_JSON -- <worker argv>`` inside bubblewrap (or, without it,
as a plain child). The recording proxy and, for portal arms, the portal run in the runner's process, outside the
worker's mount namespace, on unix sockets that the sandbox shows read-only. For each one this init listens on
``127.0.0.1:<free port>`` and forwards every connection, byte for byte, to that socket and to nothing else: the
forwarder holds no address a worker could choose, so it reaches no other host. It then sets the proxy variables
(every request through them is refused and recorded outside), ``WP42_PORTAL_URL`` and, when the run names a model
endpoint, ``WP42_MODEL_BASE_URL`` (the loopback forward to :mod:`wp42.run.model_egress`, with the endpoint's path
prefix), writes the portal's address
and credentials into the workspace, writes one byte on ``started_fd`` (so the runner can tell a worker that failed
from a sandbox that never started it), runs the worker and returns its exit code.

CONFIG_JSON: ``{"proxy_socket": path, "portal": {"socket", "credentials": {"username", "password"},
"credentials_file"} | null, "model": {"socket", "path_prefix"} | null, "started_fd": int | null}``.
"""

from __future__ import annotations

import json
import os
import socket
import socketserver
import subprocess
import sys
import threading
from pathlib import Path

LOOPBACK = "127.0.0.1"
PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


class Forwarder(socketserver.ThreadingMixIn, socketserver.TCPServer):
    """``127.0.0.1:<free port>`` -> one fixed unix socket, serving from a daemon thread."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, target: str) -> None:
        self.target = target
        super().__init__((LOOPBACK, 0), _Pipe)
        threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.server_address[1]}"


class _Pipe(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            upstream.connect(self.server.target)  # type: ignore[attr-defined]
        except OSError:
            upstream.close()
            return
        back = threading.Thread(target=_copy, args=(upstream, self.request), daemon=True)
        back.start()
        _copy(self.request, upstream)
        back.join()
        upstream.close()


def _copy(source: socket.socket, sink: socket.socket) -> None:
    """Copy bytes until ``source`` ends, then end ``sink``'s writing side."""
    try:
        while chunk := source.recv(65536):
            sink.sendall(chunk)
    except OSError:
        pass
    try:
        sink.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def main(argv: list[str] | None = None) -> int:
    """Forwarders, environment, started mark, worker; returns the worker's exit code (2 on a usage error)."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 3 or argv[1] != "--":
        print("usage: python -m wp42.run.sandbox_init CONFIG_JSON -- WORKER ARGV...", file=sys.stderr)
        return 2
    config = json.loads(argv[0])
    worker_argv = argv[2:]
    env = dict(os.environ)
    proxy = Forwarder(config["proxy_socket"])
    for name in PROXY_VARIABLES:
        env[name] = proxy.url
    env["NO_PROXY"] = env["no_proxy"] = f"{LOOPBACK},localhost,::1"
    portal = config.get("portal")
    if portal:
        forward = Forwarder(portal["socket"])
        env["WP42_PORTAL_URL"] = forward.url
        Path(portal["credentials_file"]).write_text(
            json.dumps({"url": forward.url, **portal["credentials"]}, indent=2), encoding="utf-8"
        )
    model = config.get("model")
    if model:
        env["WP42_MODEL_BASE_URL"] = Forwarder(model["socket"]).url + model["path_prefix"]
    env.pop("WP42_HOME", None)  # the init needed it to import wp42; the worker has no business with it
    started_fd = config.get("started_fd")
    if started_fd is not None:
        os.write(started_fd, b"1")
        os.close(started_fd)
    # The worker stays in this process group: the runner stops the whole group (TERM, then KILL) at the limit.
    return subprocess.Popen(worker_argv, env=env).wait()


if __name__ == "__main__":
    sys.exit(main())
