"""One long-lived LibreOffice for a pool of evaluations, spoken to over UNO (issue 14, item 2).

``python3 libreoffice_bridge.py SOCKET [--memory-bytes N]`` is run by an interpreter that has LibreOffice's ``uno``
module (Debian's python3-uno serves ``/usr/bin/python3``; the project's own Python usually lacks it), by
``wp42.evaluation.office.OfficeBridge``, once per evaluation pool. It listens on the unix socket ``SOCKET`` and, per
request, recalculates one workbook in a soffice it keeps running: soffice is started at the first request with a
private pipe (``--accept=pipe,name=...;urp;``) and a throw-away profile (the same recalculation-on-load settings as
the per-file path, :data:`RECALC_XCU`), each workbook is copied into the bridge's own scratch folder (LibreOffice
writes a lock file next to what it opens: never in a worker's out/), loaded hidden with macros never run and links
never updated, ``calculateAll()``-ed, stored as xlsx where the request says, and closed.

soffice is restarted when it died (the request is tried once more on the new one), after :data:`MAX_DOCUMENTS`
workbooks (a long-lived office grows), and when it hangs: a watchdog kills its process group after the request's
``seconds`` (or as soon as the evaluation that asked hangs up: it was stopped at its own bound), the reply says
``hung`` and the next request starts a fresh one. A hostile workbook therefore costs
one restart, never the pool. soffice runs under the address-space bound the evaluation children have.

The bridge imports only the standard library at start; ``uno`` is imported in :func:`main`, and the bridge says
``{"ready": false, "error": ...}`` on stdout and exits 2 when it cannot be. It exits when its stdin closes (the
pool's owner is gone) or after :data:`IDLE_SECONDS` without a request, killing its soffice.

Protocol on ``SOCKET``, one connection per request, one JSON line each way:

* request: ``{"source": path of the workbook, "target": path of the xlsx to write, "seconds": float}``
* reply: ``{"ok": true}``, or ``{"ok": false, "hung": bool, "error": str}``.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

#: Calc's "always recalculate" on load for OOXML and ODF files, in a profile's registrymodifications.xcu (SPEC
#: section 4: without it a conversion keeps the cached values a workbook carries). Shared with the per-file path.
RECALC_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
</oor:items>
"""
#: The export filter ``soffice --convert-to xlsx`` uses.
XLSX_FILTER = "Calc MS Excel 2007 XML"
#: Seconds soffice may take to start and accept a UNO connection.
START_SECONDS = 60.0
#: Workbooks one soffice recalculates before it is replaced by a fresh one.
MAX_DOCUMENTS = 200
#: A bridge without a request this long exits.
IDLE_SECONDS = 900.0
#: Bytes of a request line read at most.
MAX_REQUEST_BYTES = 65536


class OfficeDied(Exception):
    """soffice is gone or its UNO connection broke (not because of the watchdog)."""


class Office:
    """A soffice process and its UNO desktop, started on first use."""

    def __init__(self, program: str, scratch: Path, memory_bytes: int) -> None:
        self.program, self.scratch, self.memory_bytes = program, scratch, memory_bytes
        self.proc: subprocess.Popen[bytes] | None = None
        self.desktop: Any = None
        self.documents = 0
        self.killed_by_watchdog = False
        self.run_dir: Path | None = None
        # set once stdin closes: no soffice starts after that, so the request the shutdown interrupts cannot
        # restart one (and recreate the scratch folder) while the shutdown removes it
        self.closing = False
        self.lock = threading.Lock()

    def start(self) -> None:
        """Start soffice with a fresh profile and connect to it.

        Raises:
            OfficeDied: it exited or did not accept a connection within :data:`START_SECONDS`, or the bridge is
                shutting down (:meth:`shut_down`).
        """
        import uno

        self.stop()
        run = self.scratch / f"office-{uuid.uuid4().hex[:8]}"
        pipe = f"wp42-{os.getpid()}-{uuid.uuid4().hex[:12]}"
        limit = self.memory_bytes

        def bounded() -> None:  # in the soffice child, before exec: the evaluation children's address-space bound
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            try:  # killed with the bridge, should the bridge itself be killed (Linux prctl PR_SET_PDEATHSIG)
                ctypes.CDLL(None).prctl(1, signal.SIGKILL)
            except (OSError, AttributeError):
                pass

        with self.lock:
            if self.closing:
                raise OfficeDied("the bridge is shutting down")
            self.run_dir = run
            (run / "profile" / "user").mkdir(parents=True)
            (run / "profile" / "user" / "registrymodifications.xcu").write_text(RECALC_XCU, encoding="utf-8")
            self.proc = subprocess.Popen(
                [self.program, f"-env:UserInstallation={(run / 'profile').as_uri()}", "--headless", "--invisible",
                 "--norestore", "--nologo", "--nodefault", "--nolockcheck",
                 f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                env={**os.environ, "HOME": str(run)}, start_new_session=True, preexec_fn=bounded,
            )
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # NoConnectException until soffice listens
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise OfficeDied("LibreOffice did not start") from None
                time.sleep(0.05)
        self.desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        self.documents = 0
        self.killed_by_watchdog = False

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None and self.desktop is not None

    def kill(self) -> None:
        """Kill soffice's whole process group (the watchdog's and the shutdown's way)."""
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def shut_down(self) -> None:
        """Kill soffice for good: no :meth:`start` succeeds after this, even one racing it."""
        with self.lock:
            self.closing = True
            self.kill()

    def stop(self) -> None:
        """Kill soffice and remove its throw-away profile."""
        if self.proc is not None:
            self.kill()
            self.proc.wait()
        self.proc, self.desktop = None, None
        if self.run_dir is not None:
            _remove(self.run_dir)
            self.run_dir = None

    def recalculate(self, source: Path, target: Path) -> None:
        """Load ``source`` hidden (macros never run, links never updated), ``calculateAll()``, store it as xlsx at
        ``target`` and close it.

        Raises:
            OfficeDied: the connection broke; ValueError: LibreOffice could not load or store this file.
        """
        import uno
        from com.sun.star.beans import PropertyValue

        def props(**values: Any) -> tuple[Any, ...]:
            found = []
            for name, value in values.items():
                prop = PropertyValue()
                prop.Name, prop.Value = name, value
                found.append(prop)
            return tuple(found)

        self.documents += 1
        try:
            document = self.desktop.loadComponentFromURL(
                uno.systemPathToFileUrl(str(source)), "_blank", 0,
                props(Hidden=True, MacroExecutionMode=0, UpdateDocMode=0))
        except Exception as exc:
            self._raise(exc, "could not load")
        if document is None or not hasattr(document, "calculateAll"):
            if document is not None:
                document.close(True)
            raise ValueError("LibreOffice did not open it as a spreadsheet")
        try:
            document.calculateAll()
            document.storeToURL(uno.systemPathToFileUrl(str(target)), props(FilterName=XLSX_FILTER))
        except Exception as exc:
            self._raise(exc, "could not recalculate or store")
        finally:
            try:
                document.close(True)
            except Exception:  # a dead office: the next request notices
                pass

    def _raise(self, exc: Exception, what: str) -> None:
        if type(exc).__name__ in ("DisposedException", "RuntimeException") or not self.alive():
            raise OfficeDied(f"LibreOffice died ({type(exc).__name__})") from None
        raise ValueError(f"LibreOffice {what} it ({type(exc).__name__})") from None


def handle(office: Office, request: dict[str, Any], asker: socket.socket | None = None) -> dict[str, Any]:
    """One request (protocol in the module docstring): recalculate under a watchdog, restarting soffice when it
    is dead before or dies during the work (one more try), or after :data:`MAX_DOCUMENTS`. The watchdog also
    ends the work when ``asker`` (the evaluation's connection) closes: an evaluation stopped at its own bound does
    not leave the pool's soffice busy with its workbook."""
    source, target = Path(str(request["source"])), Path(str(request["target"]))
    seconds = float(request.get("seconds", 90.0))
    for attempt in range(2):
        if not office.alive() or office.documents >= MAX_DOCUMENTS:
            try:
                office.start()
            except OfficeDied as exc:
                return {"ok": False, "hung": False, "error": str(exc)}
        with tempfile.TemporaryDirectory(prefix="job-", dir=office.scratch) as job:
            copy = Path(job) / source.name
            try:
                shutil.copyfile(source, copy)
            except OSError as exc:
                return {"ok": False, "hung": False, "error": f"cannot read the workbook ({exc.strerror})"}
            done = threading.Event()
            watchdog = threading.Thread(target=_watch, args=(office, seconds, asker, done), daemon=True)
            watchdog.start()
            try:
                office.recalculate(copy, target)
            except OfficeDied as exc:
                if office.killed_by_watchdog:
                    office.stop()
                    return {"ok": False, "hung": True, "error": f"LibreOffice hung for {seconds:g} s"}
                office.stop()
                if attempt == 0:
                    continue
                return {"ok": False, "hung": False, "error": str(exc)}
            except ValueError as exc:
                return {"ok": False, "hung": False, "error": str(exc)}
            finally:
                done.set()
                watchdog.join()
        if office.killed_by_watchdog:  # the work ended just as the watchdog fired: its office is gone
            office.stop()
            return {"ok": False, "hung": True, "error": f"LibreOffice hung for {seconds:g} s"}
        if not target.is_file():
            return {"ok": False, "hung": False, "error": "LibreOffice wrote nothing"}
        return {"ok": True}
    return {"ok": False, "hung": False, "error": "LibreOffice died twice"}


def _watch(office: Office, seconds: float, asker: socket.socket | None, done: threading.Event) -> None:
    """Kill soffice when the work outlasts ``seconds`` or ``asker`` hangs up before ``done`` is set."""
    deadline = time.monotonic() + seconds
    while not done.wait(min(0.25, max(deadline - time.monotonic(), 0.0))):
        if time.monotonic() >= deadline or (asker is not None and _hung_up(asker)):
            office.killed_by_watchdog = True
            office.kill()
            return


def _hung_up(connection: socket.socket) -> bool:
    try:
        return bool(select.select([connection], [], [], 0)[0]) and not connection.recv(1, socket.MSG_PEEK)
    except OSError:
        return True


def _serve_connection(office: Office, connection: socket.socket) -> None:
    with connection:
        connection.settimeout(10.0)
        data = b""
        try:
            while b"\n" not in data and len(data) < MAX_REQUEST_BYTES:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                data += chunk
            request = json.loads(data.split(b"\n", 1)[0])
            if not isinstance(request, dict) or "source" not in request or "target" not in request:
                raise ValueError("not a request")
        except (OSError, ValueError):
            return
        reply = handle(office, request, connection)
        try:
            connection.sendall((json.dumps(reply) + "\n").encode("utf-8"))
        except OSError:  # the evaluation that asked is gone (its own bound ended it)
            pass


def _end_with_stdin(office: Office, scratch: Path) -> None:
    """When stdin closes (the pool's owner is gone), kill soffice and exit at once, even while the main thread
    waits on a soffice that hangs."""
    while sys.stdin.buffer.read1(4096):
        pass
    office.shut_down()
    if office.proc is not None:
        try:
            office.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    _remove(scratch)
    os._exit(0)


def _remove(folder: Path) -> None:
    """Remove ``folder``, trying again for a second: a killed soffice (a grandchild) may still be writing to its
    profile while it dies."""
    for _ in range(10):
        shutil.rmtree(folder, ignore_errors=True)
        if not folder.exists():
            return
        time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    """Entry point (usage in the module docstring). Returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("socket")
    parser.add_argument("--memory-bytes", type=int, default=2 << 30)
    parser.add_argument("--soffice", default=shutil.which("soffice") or shutil.which("libreoffice") or "")
    args = parser.parse_args(argv)
    try:
        import uno  # noqa: F401 - the whole point: is LibreOffice's Python bridge here?
    except ImportError as exc:
        print(json.dumps({"ready": False, "error": f"no uno module in {sys.executable} ({exc})"}), flush=True)
        return 2
    if not args.soffice:
        print(json.dumps({"ready": False, "error": "LibreOffice (soffice) is not installed"}), flush=True)
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="wp42-office-"))
    office = Office(args.soffice, scratch, args.memory_bytes)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(args.socket)
        os.chmod(args.socket, 0o600)
        server.listen(16)
        threading.Thread(target=_end_with_stdin, args=(office, scratch), daemon=True).start()
        print(json.dumps({"ready": True, "pid": os.getpid()}), flush=True)
        while select.select([server], [], [], IDLE_SECONDS)[0]:
            connection, _ = server.accept()
            _serve_connection(office, connection)
        return 0
    finally:
        office.stop()
        server.close()
        _remove(scratch)


if __name__ == "__main__":
    sys.exit(main())
