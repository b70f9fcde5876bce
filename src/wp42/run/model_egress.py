"""The one way out of the sandbox: a recorded, allow-listed forward to the model endpoint the user named (issue 19).

``wp42 run --model-endpoint https://api.openai.com/v1`` lets a worker call a model API while everything else stays
refused. Like the recording proxy (:mod:`wp42.run.recording_proxy`) the egress runs in the runner's process, outside
the worker's sandbox, on a unix socket the sandbox shows read-only; the sandbox's init forwards one loopback port to
it and hands the worker ``WP42_MODEL_BASE_URL`` (:mod:`wp42.run.sandbox_init`). The egress holds the endpoint's
scheme, host and port, so a worker cannot choose another host; it forwards a request only when its path lies under
the endpoint's path prefix, and refuses (403) and records anything else.

Every request is recorded in the attempt folder's ``model_requests.jsonl``, which the worker cannot see: method,
path (the query string left out: some APIs put keys there), status, request and response bytes, seconds, UTC time,
whether it was forwarded. Headers are never recorded, so the API key the worker sends (``Authorization``) is in no
file of the attempt.
"""

from __future__ import annotations

import http.client
import json
import os
import posixpath
import socketserver
import ssl
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from wp42.errors import UserError
from wp42.run.recording_proxy import read_jsonl

#: Seconds the egress waits on the model endpoint (a long completion can take minutes).
UPSTREAM_TIMEOUT_S = 600.0
#: The largest request body the egress forwards (bytes); a chat request with long files stays well under it.
MAX_REQUEST_BYTES = 32 * 1024 * 1024
#: Hop-by-hop headers (RFC 9110 section 7.6.1) belong to one connection and are not forwarded either way.
HOP_BY_HOP = frozenset({"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection",
                        "te", "trailer", "transfer-encoding", "upgrade", "host"})


@dataclass(frozen=True)
class ModelEndpoint:
    """An OpenAI-compatible API base: ``scheme://host:port/path_prefix`` (prefix without a trailing slash)."""

    scheme: str
    host: str
    port: int
    path_prefix: str

    @classmethod
    def parse(cls, url: str) -> ModelEndpoint:
        """``https://api.openai.com/v1`` -> ``ModelEndpoint("https", "api.openai.com", 443, "/v1")``.

        Raises:
            UserError: not an http(s) URL with a host, or it carries a user, password, query or fragment (a key in
                the URL would be written into run.json).
        """
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise UserError(f"--model-endpoint {url!r} must be an http:// or https:// URL with a host, e.g. "
                            "https://api.openai.com/v1")
        if parts.username or parts.password or parts.query or parts.fragment:
            raise UserError(f"--model-endpoint {url!r} must not hold a user, password, query or fragment: give the "
                            "API key with --model-api-key-env")
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            raise UserError(f"--model-endpoint {url!r} has an invalid port") from None
        prefix = posixpath.normpath(parts.path) if parts.path not in ("", "/") else ""
        return cls(parts.scheme, parts.hostname, port, "" if prefix in (".", "/") else prefix)

    @property
    def url(self) -> str:
        """The endpoint as run.json states it."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}{self.path_prefix}"

    def allows(self, path: str) -> bool:
        """Whether a request for ``path`` (no query) lies under the path prefix; ``..`` segments never do."""
        if "\\" in path or any(part == ".." for part in path.split("/")):
            return False
        return not self.path_prefix or path == self.path_prefix or path.startswith(self.path_prefix + "/")


@dataclass(frozen=True)
class ModelAccess:
    """What ``wp42 run --model-endpoint URL [--model-api-key-env NAME]`` asks for: the endpoint as given and the name
    of the runner's environment variable holding the API key (its value is read only by the worker, from the
    environment it inherits, and is never stored)."""

    endpoint: str
    api_key_env: str | None = None

    def check(self) -> ModelEndpoint:
        """The parsed endpoint, after checking the key's variable is set here.

        Raises:
            UserError: a bad endpoint (:meth:`ModelEndpoint.parse`), or ``api_key_env`` is not a variable name or
                is unset or empty in this environment.
        """
        endpoint = ModelEndpoint.parse(self.endpoint)
        name = self.api_key_env
        if name is not None and (not name.replace("_", "a").isalnum() or not os.environ.get(name)):
            raise UserError(f"--model-api-key-env {name!r}: no such environment variable is set here; export the "
                            f"API key first (export {name or 'OPENAI_API_KEY'}=...)")
        return endpoint


class ModelEgress(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    """Forwards allowed requests to ``endpoint`` and appends one record per request to ``log``; serves from a
    daemon thread until :meth:`stop`.

    Args:
        socket_path: the unix socket to listen on (created; mode 0666 so the sandbox's user can connect).
        endpoint: where allowed requests go.
        log: the JSON-lines record (the attempt folder's model_requests.jsonl).
    """

    daemon_threads = True

    def __init__(self, socket_path: Path, endpoint: ModelEndpoint, log: Path) -> None:
        self.endpoint = endpoint
        self.log = Path(log)
        self.lock = threading.Lock()
        super().__init__(str(socket_path), _EgressHandler)
        Path(socket_path).chmod(0o666)
        threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.02}, name="wp42-model-egress",
                         daemon=True).start()

    def stop(self) -> None:
        """Stop serving and close the socket (a request in flight finishes on its own thread)."""
        self.shutdown()
        self.server_close()

    def record(self, entry: dict[str, Any]) -> None:
        with self.lock, open(self.log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, sort_keys=True) + "\n")


class _EgressHandler(BaseHTTPRequestHandler):
    server: ModelEgress  # type: ignore[assignment]
    timeout = UPSTREAM_TIMEOUT_S

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - BaseHTTPRequestHandler's signature
        """Silent: the record is :meth:`ModelEgress.record` (the default writes to the runner's stderr)."""

    def _handle(self) -> None:
        started = time.monotonic()
        path = self.path.split("?", 1)[0]
        entry: dict[str, Any] = {"method": self.command, "path": path[:500],
                                 "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                                 "request_bytes": 0, "response_bytes": 0}
        try:
            if not path.startswith("/") or not self.server.endpoint.allows(path):
                self._refuse(403, f"WP42: {path[:200]} is outside the model endpoint's path "
                                  f"{self.server.endpoint.path_prefix or '/'}; the request was refused and recorded",
                             entry)
            elif "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                self._refuse(411, "WP42: the model egress needs a Content-Length", entry)
            else:
                self._forward(path, entry)
        finally:
            entry["elapsed_s"] = round(time.monotonic() - started, 3)
            self.server.record(entry)

    def _refuse(self, status: int, message: str, entry: dict[str, Any]) -> None:
        body = json.dumps({"error": {"message": message, "type": "wp42_egress"}}).encode()
        entry.update(forwarded=False, status=status, response_bytes=len(body))
        self.close_connection = True
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            pass

    def _forward(self, path: str, entry: dict[str, Any]) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_REQUEST_BYTES:
            self._refuse(413, f"WP42: the request body is over {MAX_REQUEST_BYTES} bytes", entry)
            return
        body = self.rfile.read(length) if length else None
        entry["request_bytes"] = length
        endpoint = self.server.endpoint
        connection_class = http.client.HTTPSConnection if endpoint.scheme == "https" else http.client.HTTPConnection
        kwargs: dict[str, Any] = {"context": ssl.create_default_context()} if endpoint.scheme == "https" else {}
        upstream = connection_class(endpoint.host, endpoint.port, timeout=UPSTREAM_TIMEOUT_S, **kwargs)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        try:
            upstream.request(self.command, self.path, body=body, headers=headers)
            reply = upstream.getresponse()
        except (OSError, http.client.HTTPException) as exc:
            upstream.close()
            # the exception names the host and the failure, never a header: nothing secret is recorded
            entry["error"] = f"{type(exc).__name__}: {exc}"[:300]
            self._refuse(502, f"WP42: the model endpoint {endpoint.url} could not be reached "
                              f"({type(exc).__name__}: {exc})", entry)
            return
        entry.update(forwarded=True, status=reply.status)
        self.close_connection = True
        try:
            self.send_response(reply.status, reply.reason)
            for name, value in reply.getheaders():
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Connection", "close")
            self.end_headers()
            # relayed as it arrives, so a streamed (server-sent events) completion streams through
            while chunk := reply.read1(65536):
                self.wfile.write(chunk)
                self.wfile.flush()
                entry["response_bytes"] += len(chunk)
        except (OSError, http.client.HTTPException) as exc:
            entry["error"] = f"{type(exc).__name__}: {exc}"[:300]
        finally:
            upstream.close()

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _handle


def model_record(endpoint: ModelEndpoint, api_key_env: str | None, log: Path) -> dict[str, Any]:
    """run.json's ``model_endpoint`` entry: ``{"url", "api_key_env", "requests", "forwarded", "refused",
    "request_bytes", "response_bytes", "log"}`` (the key's variable name, never its value)."""
    requests = read_jsonl(log)
    return {"url": endpoint.url, "api_key_env": api_key_env, "requests": len(requests),
            "forwarded": sum(1 for r in requests if r.get("forwarded")),
            "refused": sum(1 for r in requests if not r.get("forwarded")),
            "request_bytes": sum(int(r.get("request_bytes") or 0) for r in requests),
            "response_bytes": sum(int(r.get("response_bytes") or 0) for r in requests),
            "log": log.name}
