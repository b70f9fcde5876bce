"""Keeping a worker away from the answers and the network (SPEC section 6, issue 7 part 1).

The runner starts ``python -m wp42.sandbox INIT.json -- <worker argv>`` inside bubblewrap:

* a private mount namespace built from an allow-list: the system folders, the Python running wp42, the wp42 code
  and the public schemas, and folders the user exposes, all read-only; a private ``/tmp``; and only this attempt's
  folder writable. The repository's generators, hidden sources and git history, every oracle root and the runs
  folder are not there (and are covered by empty folders where they fall inside something shown);
* a private network namespace whose only interface is loopback, so no other host can be reached;
* a private pid namespace, so stopping the sandbox stops every process the worker started.

Inside, this module's ``main`` (the sandbox's init) starts a recording HTTP(S) proxy on loopback — every request a
worker makes through the standard proxy variables is answered 403 and its host and port recorded — and, for portal
arms, the portal itself (so it is reachable on the sandbox's own loopback), then runs the worker and waits. It
writes ``started_file`` just before the worker starts, so the runner can tell a worker that failed from a sandbox
that never started it.

Where bubblewrap is missing or cannot create namespaces the same init runs unsandboxed and the run record carries a
loud warning: the worker could then read the oracle root.
"""

from __future__ import annotations

import json
import os
import shutil
import socketserver
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

UNSANDBOXED_WARNING = (
    "WARNING: bubblewrap is not available, so this worker ran WITHOUT isolation: it could read the oracle root and "
    "reach the network. Install bubblewrap (apt-get install bubblewrap) before publishing numbers."
)


def ran_unsandboxed(run_record: Any) -> bool:
    """True when an attempt's parsed run.json records that its worker ran without the sandbox (``isolation.sandbox``
    is ``"none"``: bubblewrap was unavailable, see :func:`wrap`); False for anything else, a malformed record too."""
    isolation = run_record.get("isolation") if isinstance(run_record, dict) else None
    return isinstance(isolation, dict) and isolation.get("sandbox") == "none"


def unsandboxed_console_line(unsandboxed: int, attempts: int) -> str:
    """The one console line ``wp42 run``, ``demo`` and ``report`` print when ``unsandboxed`` of ``attempts`` ran
    without the sandbox (issue 15 item 4: a newcomer must not publish unsandboxed numbers unknowingly)."""
    return (f"WARNING: {unsandboxed} of {attempts} attempt(s) ran WITHOUT the sandbox (bubblewrap unavailable): the "
            "worker could read the oracle root and reach the network. Do not publish these numbers; install "
            "bubblewrap (apt-get install bubblewrap) and run again.")


@dataclass
class SandboxPlan:
    """What the sandbox shows the worker, what it hides inside what it shows, and what its init must start.

    ``framework`` are read-only paths the init itself needs (the wp42 code and the public schemas); ``expose`` are
    read-only paths the user asked for (``wp42 run --expose``); ``hidden`` are covered with empty folders wherever
    they fall inside a shown path (oracle roots, hidden sources, generators, the runs folder, git history).
    """

    attempt_dir: Path
    workspace: Path
    hidden: list[Path] = field(default_factory=list)
    network_log: Path | None = None
    portal: dict[str, Any] | None = None  # {"bundle_root", "out_dir", "access_log", "credentials_file"}
    framework: list[Path] = field(default_factory=list)
    expose: list[Path] = field(default_factory=list)
    empty_dirs: list[Path] = field(default_factory=list)


#: System folders every worker sees, read-only (a private /tmp, /dev and /proc are added).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")


@lru_cache(maxsize=1)
def bwrap_available() -> tuple[bool, str]:
    """Whether bubblewrap can build the namespaces here: (ok, reason). Checked once per process."""
    exe = shutil.which("bwrap")
    if not exe:
        return False, "bwrap not found on PATH"
    probe = [exe, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--unshare-pid",
             "--die-with-parent", "true"]
    try:
        proc = subprocess.run(probe, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"bwrap probe failed: {exc}"
    if proc.returncode != 0:
        return False, f"bwrap cannot create namespaces here: {proc.stderr.strip()[:200]}"
    return True, "bubblewrap: private mount, network and pid namespaces"


def _inside(path: str, parent: str) -> bool:
    return path == parent or path.startswith(parent.rstrip("/") + "/")


def wrap(plan: SandboxPlan, worker_argv: list[str], init_file: Path) -> tuple[list[str], dict[str, Any]]:
    """The full argv for one attempt, and the isolation record for run.json.

    The worker sees only the system folders (:data:`SYSTEM_DIRS`), the Python running wp42, the wp42 code and
    public schemas, the folders given in ``plan.expose`` (all read-only), a private ``/tmp``, and its attempt
    folder (read-write, holding the workspace and a private HOME). Anything in ``plan.hidden`` that falls inside a
    shown folder is covered by an empty one.

    Returns ``(argv, {"sandbox": "bwrap" | "none", "detail", "visible": [...], "hidden": [...], "network":
    "loopback-only" | "unrestricted", "warning"?})``.
    """
    init = [sys.executable, "-m", "wp42.sandbox", str(init_file), "--", *worker_argv]
    ok, reason = bwrap_available()
    if not ok:
        return init, {"sandbox": "none", "detail": reason, "visible": ["/"], "hidden": [], "network": "unrestricted",
                      "warning": UNSANDBOXED_WARNING}
    argv = [shutil.which("bwrap") or "bwrap", "--unshare-net", "--unshare-pid", "--unshare-ipc",
            "--die-with-parent", "--new-session", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    visible: list[str] = []
    for name in SYSTEM_DIRS:
        path = Path(name)
        if path.is_symlink():
            argv += ["--symlink", os.readlink(path), name]
        elif path.is_dir():
            argv += ["--ro-bind", name, name]
            visible.append(name)
    python = {str(Path(p).resolve()) for p in (sys.prefix, sys.base_prefix, Path(sys.executable).resolve().parent)}
    for path in sorted(python | {str(p.resolve()) for p in [*plan.framework, *plan.expose] if p.exists()}):
        if not any(_inside(path, shown) for shown in visible):
            argv += ["--ro-bind", path, path]
            visible.append(path)
    hidden = sorted({str(p.resolve()) for p in plan.hidden if p.exists()})
    covered = [h for h in hidden if any(_inside(h, shown) for shown in visible)]
    for path in covered:
        argv += ["--tmpfs", path]
    for path in plan.empty_dirs:
        argv += ["--dir", str(path)]
    attempt = str(plan.attempt_dir.resolve())
    argv += ["--bind", attempt, attempt, "--chdir", str(plan.workspace.resolve())]
    record = {"sandbox": "bwrap", "detail": reason, "visible": sorted([*visible, attempt, "/tmp (private)"]),
              "hidden": covered, "network": "loopback-only"}
    return argv + init, record


def _package_root() -> Path:
    """The folder the ``wp42`` package is imported from (``src/`` in an editable install)."""
    return Path(__file__).resolve().parents[1]


class _RecordingProxy(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, log: Path) -> None:
        self.log = log
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), _ProxyHandler)


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
        target = rest.split(" ")[0]
        host, port = _host_port(method, target)
        record = {"method": method, "host": host, "port": port, "time": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                                       time.gmtime())}
        with self.server.lock, open(self.server.log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, sort_keys=True) + "\n")
        body = b"WP42: network access outside the loopback portal is blocked and recorded.\n"
        try:
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: "
                             + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
        except OSError:
            pass


def _host_port(method: str, target: str) -> tuple[str, int | None]:
    """Host and port of a proxy request line: ``CONNECT host:443`` or ``GET http://host[:port]/path``."""
    from urllib.parse import urlsplit

    if method.upper() == "CONNECT":
        host, _, port = target.rpartition(":")
        return host.strip("[]"), int(port) if port.isdigit() else None
    parts = urlsplit(target)
    default = 443 if parts.scheme == "https" else 80
    return parts.hostname or target, parts.port or default


def read_network_log(path: Path) -> list[dict[str, Any]]:
    """The attempts the recording proxy saw, in order; [] when the file does not exist."""
    if not path.is_file():
        return []
    found = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            found.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return found


def main(argv: list[str] | None = None) -> int:
    """The sandbox's init: proxy, optional portal, then the worker; returns the worker's exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 3 or argv[1] != "--":
        print("usage: python -m wp42.sandbox INIT.json -- WORKER ARGV...", file=sys.stderr)
        return 2
    init = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    worker_argv = argv[2:]
    env = dict(os.environ)
    proxy = None
    if init.get("network_log"):
        proxy = _RecordingProxy(Path(init["network_log"]))
        threading.Thread(target=proxy.serve_forever, daemon=True).start()
        address = f"http://127.0.0.1:{proxy.server_address[1]}"
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
            env[name] = address
        env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost,::1"
    portal = None
    if init.get("portal"):
        from wp42.portal import start_portal  # only portal arms need Flask up

        spec = init["portal"]
        portal = start_portal(Path(spec["bundle_root"]), Path(spec["out_dir"]), Path(spec["access_log"]))
        env["WP42_PORTAL_URL"] = portal.url
        Path(spec["credentials_file"]).write_text(
            json.dumps({"url": portal.url, **portal.credentials}, indent=2), encoding="utf-8"
        )
    env.pop("WP42_HOME", None)  # the init needed it to find the schemas; the worker has no business with it
    if init.get("started_file"):
        Path(init["started_file"]).write_text(json.dumps({"worker_argv": worker_argv}), encoding="utf-8")
    # The worker stays in this process group: the runner stops the whole group (TERM, then KILL) at the limit.
    child = subprocess.Popen(worker_argv, env=env)
    code = child.wait()
    if portal is not None:
        portal.stop()
    if proxy is not None:
        # Not shutdown(): it waits for serve_forever's next poll (0.5 s per attempt); the daemon thread ends with us.
        proxy.server_close()
    return code


if __name__ == "__main__":
    sys.exit(main())

