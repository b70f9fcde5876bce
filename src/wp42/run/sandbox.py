"""Keeping a worker away from the answers, the network and the evidence (SPEC section 6, issues 7 and 15).

The runner starts ``python -m wp42.run.sandbox_init CONFIG -- <worker argv>`` inside bubblewrap:

* a private user namespace in which the worker is :data:`WORKER_UID`/:data:`WORKER_GID` (not root) with every
  capability dropped, so it can neither remount nor unmount anything it is shown;
* a private mount namespace built from an allow-list: the system folders, the Python running wp42, the wp42 code
  and the public schemas, the folders the user exposes and the built-in solution a worker runs, all read-only; the
  folder of unix sockets the services listen on, read-only; a private ``/tmp`` and a private HOME; and the
  workspace (holding ``out/``), the only thing of the attempt folder it sees, and the only place it can write. The
  rest of the attempt folder (run.json, the network record, the portal's access log and key, the worker's log) is
  not there; neither are the repository's generators, hidden sources and git history, any oracle root or the runs
  folder (covered by empty folders where they fall inside something shown). The root is remounted read-only;
* a private network namespace whose only interface is loopback, so no other host can be reached;
* a private pid namespace, so stopping the sandbox stops every process the worker started.

The recording proxy, the portal and, when the run names a model endpoint, the model egress run outside, in the
runner's process (:mod:`wp42.run.recording_proxy`, :mod:`wp42.portal`, :mod:`wp42.run.model_egress`), and are
reached through the init's loopback forwarders (:mod:`wp42.run.sandbox_init`): what they record is written where the
worker cannot see it. The egress is the only way out, to that one endpoint.

Where bubblewrap is missing or cannot create namespaces the same init runs unsandboxed and the run record carries a
loud warning: the worker could then read the oracle root and the evidence. Where bubblewrap works but user
namespaces do not, the worker runs sandboxed as the runner's own user, capabilities dropped, and run.json says so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

#: The worker's user and group inside the sandbox (not root; bubblewrap maps it to the runner's own user).
WORKER_UID = 1000
WORKER_GID = 1000

UNSANDBOXED_WARNING = (
    "WARNING: bubblewrap is not available, so this worker ran WITHOUT isolation: it could read the oracle root, "
    "reach the network and rewrite the evidence (the network record, the portal's log and key). Install "
    "bubblewrap (apt-get install bubblewrap) before publishing numbers."
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
    """What the sandbox shows the worker, what it hides inside what it shows.

    ``framework`` are read-only paths the init itself needs (the wp42 code and the public schemas); ``expose`` are
    read-only paths the user asked for (``wp42 run --expose``) or the worker's own program (a built-in solution);
    ``hidden`` are covered with empty folders wherever they fall inside a shown path (oracle roots, hidden sources,
    generators, the runs folder, git history); ``sockets_dir`` holds the unix sockets of the services outside;
    ``home`` is the worker's HOME (a private tmpfs in the sandbox).
    """

    attempt_dir: Path
    workspace: Path
    home: Path
    sockets_dir: Path
    hidden: list[Path] = field(default_factory=list)
    framework: list[Path] = field(default_factory=list)
    expose: list[Path] = field(default_factory=list)
    empty_dirs: list[Path] = field(default_factory=list)


#: System folders every worker sees, read-only (a private /tmp, /dev and /proc are added).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")


_PROBE = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--unshare-pid",
          "--die-with-parent"]
_UNPRIVILEGED = ["--unshare-user", "--uid", str(WORKER_UID), "--gid", str(WORKER_GID), "--cap-drop", "ALL"]


def _probe(extra: list[str]) -> tuple[bool, str]:
    exe = shutil.which("bwrap")
    if not exe:
        return False, "bwrap not found on PATH"
    try:
        proc = subprocess.run([exe, *_PROBE, *extra, "true"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"bwrap probe failed: {exc}"
    if proc.returncode != 0:
        return False, f"bwrap cannot create namespaces here: {proc.stderr.strip()[:200]}"
    return True, "bubblewrap: private mount, network and pid namespaces"


@lru_cache(maxsize=1)
def bwrap_available() -> tuple[bool, str]:
    """Whether bubblewrap can build the namespaces here: (ok, reason). Checked once per process."""
    return _probe([])


@lru_cache(maxsize=1)
def user_namespace_available() -> tuple[bool, str]:
    """Whether bubblewrap can also run the worker as :data:`WORKER_UID` in a user namespace with every capability
    dropped: (ok, reason). Checked once per process."""
    ok, reason = _probe(_UNPRIVILEGED)
    return ok, f"user namespace: uid/gid {WORKER_UID}/{WORKER_GID}, no capabilities" if ok else reason


def _inside(path: str, parent: str) -> bool:
    return path == parent or path.startswith(parent.rstrip("/") + "/")


def init_argv(config: dict[str, Any], worker_argv: list[str]) -> list[str]:
    """The sandbox init's command line (:mod:`wp42.run.sandbox_init`) for ``config`` and the worker."""
    return [sys.executable, "-m", "wp42.run.sandbox_init", json.dumps(config, sort_keys=True), "--", *worker_argv]


def wrap(plan: SandboxPlan, init: list[str]) -> tuple[list[str], dict[str, Any]]:
    """The full argv for one attempt (``init`` is :func:`init_argv`'s), and the isolation record for run.json.

    The worker sees only the system folders (:data:`SYSTEM_DIRS`), the Python running wp42, the wp42 code and
    public schemas, the folders given in ``plan.expose`` and the sockets folder (all read-only), a private ``/tmp``
    and HOME, and its workspace (read-write). Anything in ``plan.hidden`` that falls inside a shown folder is
    covered by an empty one.

    Returns ``(argv, {"sandbox": "bwrap" | "none", "detail", "visible": [...], "hidden": [...], "network":
    "loopback-only" | "unrestricted", "user": {"uid", "gid", "capabilities"} | "runner", "writable": [...],
    "warning"?})``.
    """
    ok, reason = bwrap_available()
    if not ok:
        return init, {"sandbox": "none", "detail": reason, "visible": ["/"], "hidden": [], "network": "unrestricted",
                      "user": "runner", "writable": ["/"], "warning": UNSANDBOXED_WARNING}
    unprivileged, user_reason = user_namespace_available()
    argv = [shutil.which("bwrap") or "bwrap", *(_UNPRIVILEGED if unprivileged else ["--cap-drop", "ALL"]),
            "--unshare-net", "--unshare-pid", "--unshare-ipc", "--die-with-parent", "--new-session",
            "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    visible: list[str] = []
    for name in SYSTEM_DIRS:
        path = Path(name)
        if path.is_symlink():
            argv += ["--symlink", os.readlink(path), name]
        elif path.is_dir():
            argv += ["--ro-bind", name, name]
            visible.append(name)
    attempt, workspace, home = (str(p.resolve()) for p in (plan.attempt_dir, plan.workspace, plan.home))
    python = {str(Path(p).resolve()) for p in (sys.prefix, sys.base_prefix, Path(sys.executable).resolve().parent)}
    shown = {str(p.resolve()) for p in [*plan.framework, *plan.expose, plan.sockets_dir] if p.exists()}
    in_attempt = sorted(p for p in shown if _inside(p, attempt))
    for path in sorted((python | shown) - set(in_attempt)):
        if not any(_inside(path, seen) for seen in visible):
            argv += ["--ro-bind", path, path]
            visible.append(path)
    hidden = sorted({str(p.resolve()) for p in plan.hidden if p.exists()})
    covered = [h for h in hidden if any(_inside(h, seen) for seen in visible)]
    for path in covered:
        argv += ["--tmpfs", path]
    for path in plan.empty_dirs:
        argv += ["--dir", str(path)]
    # The attempt folder is an empty read-only folder holding the workspace (read-write), a private HOME and the
    # worker's own program (read-only): run.json, the logs and the portal's key are not in the sandbox at all.
    argv += ["--tmpfs", attempt]
    for path in in_attempt:
        argv += ["--ro-bind", path, path]
        visible.append(path)
    argv += ["--bind", workspace, workspace, "--tmpfs", home, "--remount-ro", attempt, "--remount-ro", "/",
             "--chdir", workspace]
    record: dict[str, Any] = {
        "sandbox": "bwrap", "detail": f"{reason}; {user_reason}",
        "visible": sorted([*visible, workspace, "/tmp (private)", f"{home} (private)"]), "hidden": covered,
        "network": "loopback-only", "writable": sorted([workspace, "/tmp (private)", f"{home} (private)"]),
        "user": {"uid": WORKER_UID, "gid": WORKER_GID, "capabilities": "none"} if unprivileged else "runner",
    }
    if not unprivileged:
        record["warning"] = (f"WARNING: user namespaces are unavailable here ({user_reason}), so the worker ran "
                             f"sandboxed but as the runner's own user (uid {os.getuid()}), capabilities dropped.")
    return argv + init, record
