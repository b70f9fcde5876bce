"""The recording HTTP(S) proxy: every request a worker makes through the proxy variables is refused and recorded.

It runs in the runner's process, outside the worker's sandbox, and listens on a unix socket that the sandbox shows
the worker only through its init's loopback forwarder (:mod:`wp42.run.sandbox_init`). Its record, the attempt folder's
``network.jsonl`` (one JSON object per request: method, host, port, UTC time), is written only here, in a folder the
worker cannot see, and becomes run.json's ``network_attempts`` (issue 15 item 2).
"""

from __future__ import annotations

import json
import socketserver
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REFUSAL = b"WP42: network access outside the loopback portal is blocked and recorded.\n"


class RecordingProxy(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    """Answers every request 403 and appends its method, host and port to ``log``; serves from a daemon thread.

    Args:
        socket_path: the unix socket to listen on (created; mode 0666 so the sandbox's user can connect).
        log: the JSON-lines record.
    """

    daemon_threads = True

    def __init__(self, socket_path: Path, log: Path) -> None:
        self.log = Path(log)
        self.lock = threading.Lock()
        super().__init__(str(socket_path), _ProxyHandler)
        Path(socket_path).chmod(0o666)
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.02},
                                        name="wp42-recording-proxy", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop serving and close the socket (waits at most one 0.02 s poll)."""
        self.shutdown()
        self.server_close()


class _ProxyHandler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        self.connection.settimeout(10)
        try:
            line = self.rfile.readline(8192).decode("latin-1").strip()
        except OSError:
            return
        if not line:
            return
        method, _, rest = line.partition(" ")
        host, port = host_port(method, rest.split(" ")[0])
        record = {"method": method, "host": host, "port": port,
                  "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        server: RecordingProxy = self.server  # type: ignore[assignment]
        with server.lock, open(server.log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, sort_keys=True) + "\n")
        try:
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: "
                             + str(len(REFUSAL)).encode() + b"\r\nConnection: close\r\n\r\n" + REFUSAL)
        except OSError:
            pass


def host_port(method: str, target: str) -> tuple[str, int | None]:
    """Host and port of a proxy request line: ``CONNECT host:443`` or ``GET http://host[:port]/path``."""
    if method.upper() == "CONNECT":
        host, _, port = target.rpartition(":")
        return host.strip("[]"), int(port) if port.isdigit() else None
    parts = urlsplit(target)
    default = 443 if parts.scheme == "https" else 80
    try:
        port = parts.port
    except ValueError:
        port = None
    return parts.hostname or target, port or default


def read_network_log(path: Path) -> list[dict[str, Any]]:
    """The attempts the recording proxy saw, in order; [] when the file does not exist."""
    return read_jsonl(path)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of a record written outside the sandbox (the proxy's, the model egress's), in order; lines
    that are not JSON are skipped; [] when the file does not exist."""
    if not path.is_file():
        return []
    found = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            found.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return found
