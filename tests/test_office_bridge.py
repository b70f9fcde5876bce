"""The evaluation pool's long-lived LibreOffice (issue 14, item 2): a workbook recalculated over UNO gives the values
the per-file conversion gives; a soffice that dies or hangs is replaced and never poisons the pool; whenever the
bridge cannot serve, the per-file conversion runs, so the receipt is what the per-process path gives."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import openpyxl
import pytest

from wp42 import layout
from wp42.evaluation.office import BridgeUnavailable, OfficeBridge
from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import libreoffice  # noqa: E402

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")]


@pytest.fixture
def bridge(monkeypatch: pytest.MonkeyPatch):
    """A running bridge whose address the readers see; skipped where no interpreter has ``uno``."""
    try:
        office = OfficeBridge(Repo.find().validators_dir, 2 << 30)
    except BridgeUnavailable as exc:
        pytest.skip(f"no LibreOffice UNO bridge here: {exc}")
    monkeypatch.setenv(layout.OFFICE_BRIDGE_ENV, office.address)
    yield office
    office.close()


def _workbook(path: Path, rows: int = 3) -> Path:
    """A workbook with constants in A, formulas in B and C (no cached values: only a recalculation gives them)."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Ledger"
    for row in range(1, rows + 1):
        sheet[f"A{row}"] = row * 1.5
        sheet[f"B{row}"] = f"=A{row}*2+1"
    sheet["C1"] = f"=SUM(B1:B{rows})"
    sheet["C2"] = '=IF(C1>10,"over","under")'
    book.save(path)
    return path


def _no_per_file_conversion(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("the per-file conversion ran: the bridge did not serve")

    monkeypatch.setattr(libreoffice, "convert", refuse)


def _office_group(bridge: OfficeBridge) -> int:
    """The process group of the soffice the bridge runs (its only child)."""
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(bridge.pid)], capture_output=True, text=True)
    [pid] = [int(p) for p in found.stdout.split()]
    return os.getpgid(pid)


def _live_members(group: int) -> list[str]:
    """Processes of ``group`` that are not zombies (a killed grandchild may wait for its reaper)."""
    found = subprocess.run(["ps", "-eo", "pgid=,stat=,pid="], capture_output=True, text=True).stdout.split("\n")
    return [line for line in found if line.split()[:1] == [str(group)] and not line.split()[1].startswith("Z")]


def _group_arguments(group: int) -> list[str]:
    """The command-line arguments of every process in ``group``."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and os.getpgid(int(proc.name)) == group:
                found += (proc / "cmdline").read_bytes().decode("utf-8", "replace").split("\0")
        except (OSError, ProcessLookupError):
            continue
    return found


def test_the_bridge_recalculates_as_the_per_file_conversion_does(bridge, tmp_path, monkeypatch):
    workbook = _workbook(tmp_path / "ledger.xlsx")
    per_file = libreoffice.recalculated_values(workbook)
    with monkeypatch.context() as patched:
        patched.delenv(layout.OFFICE_BRIDGE_ENV)
        assert libreoffice.recalculated_values(workbook) == per_file
    _no_per_file_conversion(monkeypatch)
    over_uno = libreoffice.recalculated_values(workbook)
    assert over_uno == per_file
    assert over_uno[("Ledger", "C1")] == pytest.approx(21.0) and over_uno[("Ledger", "C2")] == "over"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.xlsx"]  # no lock file beside the deliverable


def test_a_killed_soffice_is_replaced_and_the_next_workbook_recalculated(bridge, tmp_path, monkeypatch):
    _no_per_file_conversion(monkeypatch)
    workbook = _workbook(tmp_path / "ledger.xlsx")
    first = libreoffice.recalculated_values(workbook)
    group = _office_group(bridge)
    os.killpg(group, signal.SIGKILL)
    time.sleep(0.2)
    assert libreoffice.recalculated_values(_workbook(tmp_path / "other.xlsx")) == first
    assert _office_group(bridge) != group


def test_a_hung_soffice_is_killed_at_the_bound_and_replaced(bridge, tmp_path, monkeypatch):
    workbook = _workbook(tmp_path / "ledger.xlsx")
    expected = libreoffice.recalculated_values(workbook)
    group = _office_group(bridge)
    os.killpg(group, signal.SIGSTOP)
    started = time.monotonic()
    with pytest.raises(libreoffice.LibreOfficeUnavailable, match=r"did not finish converting ledger\.xlsx within 3 s"):
        libreoffice._bridge_recalculate(workbook, tmp_path / "scratch", timeout=3.0)
    assert time.monotonic() - started < 20
    assert _live_members(group) == []  # the hung office's whole group is gone
    _no_per_file_conversion(monkeypatch)
    assert libreoffice.recalculated_values(workbook) == expected


def test_an_unreachable_bridge_leaves_the_per_file_conversion(tmp_path, monkeypatch):
    workbook = _workbook(tmp_path / "ledger.xlsx")
    monkeypatch.setenv(layout.OFFICE_BRIDGE_ENV, str(tmp_path / "no-such.sock"))
    calls = []
    original = libreoffice.convert

    def spy(*args, **kwargs):
        calls.append(args[0])
        return original(*args, **kwargs)

    monkeypatch.setattr(libreoffice, "convert", spy)
    assert libreoffice.recalculated_values(workbook)[("Ledger", "C2")] == "over"
    assert calls == [workbook]


def test_a_workbook_the_bridge_cannot_open_gets_the_per_file_verdict(bridge, tmp_path, monkeypatch):
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"PK\x03\x04 this is not a workbook")
    with pytest.raises(Exception) as over_uno:
        libreoffice.recalculated_values(broken)
    monkeypatch.delenv(layout.OFFICE_BRIDGE_ENV)
    with pytest.raises(Exception) as per_file:
        libreoffice.recalculated_values(broken)
    assert (type(over_uno.value), str(over_uno.value)) == (type(per_file.value), str(per_file.value))
    # and the bridge still serves the next workbook
    _no_per_file_conversion(monkeypatch)
    monkeypatch.setenv(layout.OFFICE_BRIDGE_ENV, bridge.address)
    assert libreoffice.recalculated_values(_workbook(tmp_path / "ledger.xlsx"))[("Ledger", "C2")] == "over"


def test_no_uno_interpreter_means_no_bridge(monkeypatch):
    monkeypatch.setenv(layout.UNO_PYTHON_ENV, "none")
    with pytest.raises(BridgeUnavailable):
        OfficeBridge(Repo.find().validators_dir, 2 << 30)


def test_closing_the_pool_while_soffice_hangs_leaves_no_office_behind(bridge, tmp_path):
    workbook = _workbook(tmp_path / "ledger.xlsx")
    libreoffice.recalculated_values(workbook)
    group = _office_group(bridge)
    profiles = {Path(part.split("file://", 1)[1]).parents[1] for part in _group_arguments(group)
                if part.startswith("-env:UserInstallation=file://")}
    assert profiles and all(p.name.startswith("wp42-office-") and p.is_dir() for p in profiles)
    os.killpg(group, signal.SIGSTOP)
    waiting = threading.Thread(target=libreoffice._bridge_recalculate, args=(workbook, tmp_path / "scratch", 60.0),
                               daemon=True)
    waiting.start()
    time.sleep(1.0)  # the bridge now waits on the stopped soffice
    bridge.close()
    deadline = time.monotonic() + 30  # a loaded machine may take more than a moment to reap and delete
    while (_live_members(group) or any(p.exists() for p in profiles)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _live_members(group) == []
    assert [p for p in profiles if p.exists()] == []  # the throw-away profiles went with it


def test_an_evaluation_that_hangs_up_frees_the_hung_soffice_at_once(bridge, tmp_path, monkeypatch):
    workbook = _workbook(tmp_path / "ledger.xlsx")
    expected = libreoffice.recalculated_values(workbook)
    group = _office_group(bridge)
    os.killpg(group, signal.SIGSTOP)
    request = json.dumps({"source": str(workbook), "target": str(tmp_path / "copy.xlsx"), "seconds": 60.0})
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as asker:  # an evaluation, then stopped at its bound
        asker.connect(bridge.address)
        asker.sendall(request.encode("utf-8") + b"\n")
        time.sleep(1.0)
    deadline = time.monotonic() + 10
    while _live_members(group) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _live_members(group) == []  # long before the request's 60 s
    _no_per_file_conversion(monkeypatch)
    assert libreoffice.recalculated_values(workbook) == expected
