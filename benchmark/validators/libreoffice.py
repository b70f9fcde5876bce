"""LibreOffice headless as a second formula engine and as the round trip the robustness gate applies.

SPEC section 4 records that ``soffice --convert-to`` keeps whatever cached values a workbook carries unless
recalculation on load is forced. :func:`convert` therefore runs soffice with a private, throw-away profile
(``-env:UserInstallation``) whose registrymodifications.xcu sets Calc's ``OOXMLRecalcMode`` and ``ODFRecalcMode``
to 0 ("always recalculate"), so the converted file's cached values are LibreOffice's own results.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from safety import UnreadableFile

#: Seconds one conversion may take before it is abandoned.
CONVERT_SECONDS = 90.0
#: How the message of a missing soffice begins (readers tell "not installed" from "failed on this file").
NOT_INSTALLED = "LibreOffice (soffice) is not installed"
_RECALC_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
</oor:items>
"""


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
            (profile / "user" / "registrymodifications.xcu").write_text(_RECALC_XCU, encoding="utf-8")
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


def recalculated_values(path: Path) -> dict[tuple[str, str], object]:
    """``{(sheet, coordinate): value}`` of every formula cell after LibreOffice recalculated the workbook.

    Raises:
        LibreOfficeUnavailable: soffice is missing or failed.
        UnreadableFile: the converted workbook cannot be read.
    """
    import openpyxl

    with tempfile.TemporaryDirectory(prefix="wp42-recalc-") as scratch:
        converted = convert(Path(path), Path(scratch), recalculate=True, fmt="xlsx")
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
