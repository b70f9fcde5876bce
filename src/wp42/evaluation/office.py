"""The evaluation pool's long-lived LibreOffice (issue 14, item 2): starts ``benchmark/validators/
libreoffice_bridge.py`` under an interpreter that has LibreOffice's ``uno`` module, and tells each evaluation child
where it listens (``$WP42_OFFICE_BRIDGE``), so the readers' second formula engine recalculates a workbook in the
running soffice instead of starting one per file.

The bridge starts soffice only when a workbook first needs it, restarts it when it dies or hangs, and exits with
the pool (its stdin closes). When no interpreter has ``uno``, or the bridge dies, the children simply convert per
file, as the per-process path always does: receipts are the same either way (tests/test_office_bridge.py).
"""

from __future__ import annotations

import json
import logging
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from wp42 import layout

logger = logging.getLogger(__name__)

#: Seconds the bridge may take to import ``uno`` and listen.
READY_SECONDS = 30.0
#: The interpreter Debian's python3-uno serves, tried after the running one.
SYSTEM_PYTHON = "/usr/bin/python3"
#: The bridge script inside the validators folder.
BRIDGE_SCRIPT = "libreoffice_bridge.py"


def stop_piped(proc: subprocess.Popen[bytes], grace_s: float) -> None:
    """Stop a helper that exits when its stdin closes (a warm parent, the bridge): close its stdin, wait up to
    ``grace_s`` seconds, then kill its process group (it was started in a session of its own); close its stdout."""
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


class BridgeUnavailable(Exception):
    """No interpreter could run the bridge (no ``uno`` module, no soffice); the message says why."""


def uno_pythons() -> list[str]:
    """Interpreters to try for the bridge: ``$WP42_UNO_PYTHON`` alone when set (``none`` disables the bridge),
    else this interpreter and :data:`SYSTEM_PYTHON` (when it exists)."""
    configured = os.environ.get(layout.UNO_PYTHON_ENV)
    if configured is not None:
        return [] if configured.strip().lower() in ("", "none", "0") else [configured]
    found = [sys.executable]
    if Path(SYSTEM_PYTHON).is_file() and Path(SYSTEM_PYTHON).resolve() != Path(sys.executable).resolve():
        found.append(SYSTEM_PYTHON)
    return found


class OfficeBridge:
    """A running ``libreoffice_bridge.py`` listening on :attr:`address` (a unix socket in a private folder).

    Raises:
        BridgeUnavailable: no interpreter in :func:`uno_pythons` could run it.
    """

    def __init__(self, validators_dir: Path, memory_bytes: int) -> None:
        self._folder = Path(tempfile.mkdtemp(prefix="wp42-office-bridge-"))
        self.address = str(self._folder / "bridge.sock")
        problems = []
        script = Path(validators_dir) / BRIDGE_SCRIPT
        for python in uno_pythons():
            try:
                self.proc = subprocess.Popen(
                    [python, "-I", str(script), self.address, "--memory-bytes", str(memory_bytes)],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                    start_new_session=True,
                    # its scratch folder and soffice's profile go inside ours, so close() removes them even when
                    # a bridge stuck on a hung soffice had to be killed before it could clean up
                    env={**os.environ, "TMPDIR": str(self._folder)},
                )
            except OSError as exc:
                problems.append(f"{python}: {exc}")
                continue
            ready = self._ready_line()
            if ready.get("ready"):
                self.pid = int(ready.get("pid", self.proc.pid))
                return
            problems.append(f"{python}: {ready.get('error', 'no ready line')}")
            self._stop_process()
        shutil.rmtree(self._folder, ignore_errors=True)
        raise BridgeUnavailable("; ".join(problems) or f"{layout.UNO_PYTHON_ENV}=none")

    def _ready_line(self) -> dict[str, object]:
        assert self.proc.stdout is not None
        if not select.select([self.proc.stdout], [], [], READY_SECONDS)[0]:
            return {"error": f"not ready within {READY_SECONDS:g} s"}
        try:
            message = json.loads(self.proc.stdout.readline() or b"{}")
        except ValueError:
            return {"error": "unreadable ready line"}
        return message if isinstance(message, dict) else {"error": "unexpected ready line"}

    def alive(self) -> bool:
        """True while the bridge process runs."""
        return self.proc.poll() is None

    def _stop_process(self) -> None:
        stop_piped(self.proc, 10.0)

    def close(self) -> None:
        """Stop the bridge (it kills its soffice) and remove its folder."""
        self._stop_process()
        shutil.rmtree(self._folder, ignore_errors=True)
