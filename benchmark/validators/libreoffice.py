"""LibreOffice headless as a second formula engine and as the round trip the robustness gate applies.

SPEC section 4 records that ``soffice --convert-to`` keeps whatever cached values a workbook carries unless
recalculation on load is forced. :func:`convert` therefore runs soffice with a private, throw-away profile
(``-env:UserInstallation``) whose registrymodifications.xcu sets Calc's ``OOXMLRecalcMode`` and ``ODFRecalcMode``
to 0 ("always recalculate"), so the converted file's cached values are LibreOffice's own results.

Inside the warm evaluation service, :func:`recalculated_values` asks the pool's long-lived LibreOffice instead
(``libreoffice_bridge``, over the unix socket named by ``$WP42_OFFICE_BRIDGE``): the same recalculation without a
new soffice per workbook. Whenever the bridge cannot give a workbook (unreachable, soffice failing on this file),
the per-file conversion runs, so the values, and the receipt, are what the per-process path gives; a workbook on
which the bridge's soffice hung for :data:`CONVERT_SECONDS` gets the per-file path's time-out message.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from libreoffice_bridge import RECALC_XCU
from safety import UnreadableFile

from wp42.layout import OFFICE_BRIDGE_ENV

#: Seconds one conversion may take before it is abandoned.
CONVERT_SECONDS = 90.0
#: How the message of a missing soffice begins (readers tell "not installed" from "failed on this file").
NOT_INSTALLED = "LibreOffice (soffice) is not installed"


class LibreOfficeUnavailable(Exception):
    """soffice is not installed or failed; the message says which, for a receipt note."""


def soffice() -> str | None:
    """Path of the soffice executable (``$WP42_SOFFICE`` wins; ``WP42_SOFFICE=none`` disables it), or None."""
    configured = os.environ.get("WP42_SOFFICE")
    if configured is not None:
        return None if configured.lower() in ("", "none", "0") else configured
    return shutil.which("soffice") or shutil.which("libreoffice")


def convert(source: Path, target_dir: Path, *, recalculate: bool = True, fmt: str | None = None,
            timeout: float = CONVERT_SECONDS) -> Path:
    """Convert ``source`` with LibreOffice headless into ``target_dir`` (same format unless ``fmt``, e.g. ``xlsx``,
    ``docx``, ``pdf``) and return the new file's path.

    ``recalculate`` forces every formula to be recalculated on load (private profile, see the module docstring);
    without it the conversion is the plain round trip a user's LibreOffice performs.

    Raises:
        LibreOfficeUnavailable: soffice is missing, timed out, or wrote nothing.
    """
    program = soffice()
    if program is None:
        raise LibreOfficeUnavailable(f"{NOT_INSTALLED}, so no second formula engine ran")
    source = Path(source).resolve()
    target_dir = Path(target_dir)
    target_dir.mkdir(parents=True, exist_ok=True)
    fmt = fmt or source.suffix.lstrip(".")
    with tempfile.TemporaryDirectory(prefix="wp42-lo-") as scratch:
        profile = Path(scratch) / "profile"
        (profile / "user").mkdir(parents=True)
        if recalculate:
            (profile / "user" / "registrymodifications.xcu").write_text(RECALC_XCU, encoding="utf-8")
        staging = Path(scratch) / "converted"
        command = [program, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                   "--nologo", "--nodefault", "--nolockcheck", "--convert-to", fmt, "--outdir", str(staging),
                   str(source)]
        try:
            proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                  env={**os.environ, "HOME": scratch}, start_new_session=True)
        except subprocess.TimeoutExpired:
            raise LibreOfficeUnavailable(f"LibreOffice did not finish converting {source.name} within "
                                         f"{timeout:g} s") from None
        except OSError as exc:
            raise LibreOfficeUnavailable(f"LibreOffice could not start ({exc})") from None
        produced = sorted(staging.glob("*")) if staging.is_dir() else []
        if not produced:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or [f"exit code {proc.returncode}"]
            raise LibreOfficeUnavailable(f"LibreOffice wrote nothing for {source.name}: {tail[0]}")
        target = target_dir / produced[0].name
        shutil.move(str(produced[0]), target)
    return target


#: Seconds beyond its own time-out the bridge's reply is awaited (another evaluation's workbook may be ahead).
BRIDGE_MARGIN_S = 30.0


def _bridge_recalculate(source: Path, target_dir: Path, timeout: float = CONVERT_SECONDS) -> Path | None:
    """``source`` recalculated by the pool's long-lived LibreOffice into ``target_dir`` (as ``convert`` names it),
    or None when no bridge is configured or it could not (the caller then converts per file).

    Raises:
        LibreOfficeUnavailable: the bridge's soffice hung on this workbook for ``timeout`` seconds (the message
        the per-file conversion gives for a time-out).
    """
    address = os.environ.get(OFFICE_BRIDGE_ENV)
    if not address or soffice() is None:
        return None
    source = source.resolve()
    target = target_dir / f"{source.stem}.xlsx"
    request = json.dumps({"source": str(source), "target": str(target), "seconds": timeout}) + "\n"
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as channel:
            channel.settimeout(timeout + BRIDGE_MARGIN_S)
            channel.connect(address)
            channel.sendall(request.encode("utf-8"))
            reply = b""
            while b"\n" not in reply:
                chunk = channel.recv(4096)
                if not chunk:
                    return None
                reply += chunk
        answer = json.loads(reply.split(b"\n", 1)[0])
    except (OSError, ValueError):
        return None
    if isinstance(answer, dict) and answer.get("hung"):
        raise LibreOfficeUnavailable(f"LibreOffice did not finish converting {source.name} within {timeout:g} s")
    if isinstance(answer, dict) and answer.get("ok") and target.is_file():
        return target
    target.unlink(missing_ok=True)
    return None


def recalculated_values(path: Path) -> dict[tuple[str, str], object]:
    """``{(sheet, coordinate): value}`` of every formula cell after LibreOffice recalculated the workbook.

    Raises:
        LibreOfficeUnavailable: soffice is missing or failed.
        UnreadableFile: the converted workbook cannot be read.
    """
    import openpyxl

    with tempfile.TemporaryDirectory(prefix="wp42-recalc-") as scratch:
        converted = _bridge_recalculate(Path(path), Path(scratch)) \
            or convert(Path(path), Path(scratch), recalculate=True, fmt="xlsx")
        try:
            formulas = openpyxl.load_workbook(converted, data_only=False)
            values = openpyxl.load_workbook(converted, data_only=True)
        except Exception as exc:  # openpyxl raises many types
            raise UnreadableFile(f"{Path(path).name}: LibreOffice's recalculated copy is unreadable ({exc})") from None
        found: dict[tuple[str, str], object] = {}
        for ws in formulas.worksheets:
            for (row, col), cell in ws._cells.items():
                raw = cell.value
                if (isinstance(raw, str) and raw.startswith("=")) or type(raw).__name__ == "ArrayFormula":
                    found[(ws.title, cell.coordinate)] = values[ws.title].cell(row, col).value
        return found
