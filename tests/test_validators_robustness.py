"""Scores depend on the work, not on which program saved the file, and no file hurts the scorer (issue 5, item 8 and
"Done when"):

- every scenario's reference out/ still passes after its xlsx files are re-saved by openpyxl (cached values gone)
  and after every xlsx and docx goes through a LibreOffice round trip;
- out/ dirs whose deliverable is a zip inflating to 600 MB, or a link to a file outside out/, or that hold 10,000
  empty files, get a schema-valid refused_input receipt (critical unsafe_output) with det_completion false in under
  30 s and 1 GB; a corrupt (truncated) zip is the worker's mistake: a failed receipt naming it, no violation;
- the zip, size and link bounds each refuse their hostile input (fast unit cases).
"""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from wp42 import layout, schemas
from wp42.evaluation import evaluate_out
from wp42.generation import generate
from wp42.layout import Repo
from wp42.run.runner import AttemptSpec, run_attempt

REPO = Repo.find()
sys.path.insert(0, str(REPO.validators_dir))
import common  # noqa: E402
import fresh_process  # noqa: E402
import libreoffice  # noqa: E402

needs_soffice = pytest.mark.skipif(libreoffice.soffice() is None, reason="LibreOffice (soffice) is not installed")


# ---------------------------------------------------------------------------------------------------- unit bounds
def test_zip_declared_size_over_the_cap_is_refused(tmp_path):
    with zipfile.ZipFile(tmp_path / "big.xlsx", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/big.bin", b"\0" * 50_000)
    common.check_zip(tmp_path / "big.xlsx", max_unzipped=100_000)
    with pytest.raises(common.HostileFile, match="inflate"):
        common.check_zip(tmp_path / "big.xlsx", max_unzipped=10_000)


def test_zip_whose_directory_lies_about_sizes_is_refused(tmp_path):
    path = tmp_path / "liar.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"<a>" + b"x" * 100_000 + b"</a>")
    data = bytearray(path.read_bytes())
    central = data.rfind(b"PK\x01\x02")
    data[central + 24 : central + 28] = (100).to_bytes(4, "little")  # declared uncompressed size: 100 bytes
    path.write_bytes(bytes(data))
    with pytest.raises(common.RefusedFile):
        common.docx_text(path)


def test_any_file_over_the_size_cap_is_refused(tmp_path, monkeypatch):
    import safety

    monkeypatch.setattr(safety, "MAX_FILE_BYTES", 1000)
    (tmp_path / "a.json").write_text("[" + "1," * 1000 + "1]")
    with pytest.raises(common.HostileFile, match="size cap"):
        common.read_json(tmp_path / "a.json")


def test_links_leaving_out_are_not_followed_and_are_reported(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "secret.xlsx").write_bytes(b"PK")
    (out / "r.xlsx").symlink_to(tmp_path / "secret.xlsx")
    ev = common.Evaluation(out, {"task_id": "T"}, tmp_path)
    assert ev.open_xlsx("r.xlsx") is None
    assert not ev.check_unsafe_output() and "symbolic link" in ev.refused[0]
    ev.criterion("x", "x", False)
    assert ev.receipt()["status"] == "refused_input"


# ---------------------------------------------------------------------------------------------------- end to end
class References:
    """Each scenario generated at seed 42 into a temporary oracle root and run with its reference solution, once,
    on first use (a scenario still being written fails only its own cases)."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.oracle_root = base / "oracles"
        self.done: dict[str, Path] = {}

    def __getitem__(self, task_id: str) -> tuple[Path, Path]:
        if task_id not in self.done:
            generate(task_id, 42, self.oracle_root, repo=REPO, bundle_dir=self.base / "bundles" / task_id)
            spec = AttemptSpec(task_id, "reference", "A1", 1, "robust", self.base / "runs", self.oracle_root)
            run_attempt(spec, REPO)
            self.done[task_id] = spec.folder.out
        return self.done[task_id], self.oracle_root


@pytest.fixture(scope="module")
def references(tmp_path_factory) -> References:
    return References(tmp_path_factory.mktemp("robust"))


def _score(task_id: str, out: Path, oracle_root: Path, mode: str | None = None) -> dict:
    receipt = evaluate_out(task_id, out, oracle_root=oracle_root, repo=REPO, mode=mode)
    assert schemas.errors("receipt", receipt, REPO) == []
    return receipt


def _failed(receipt: dict) -> list[str]:
    return [f"{c['id']}: {c['detail']}" for c in receipt["required_criteria"] if not c["passed"]] + [
        f"{v['id']}: {v['detail']}" for v in receipt["critical_violations"]] + receipt["notes"][-3:]


def _copy_out(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


def _resave_with_openpyxl(out: Path) -> int:
    count = 0
    for path in sorted(out.rglob("*.xlsx")):
        book = openpyxl.load_workbook(path)
        book.save(path)
        count += 1
    return count


def _libreoffice_round_trip(out: Path, scratch: Path) -> int:
    count = 0
    for path in sorted([*out.rglob("*.xlsx"), *out.rglob("*.docx")]):
        converted = libreoffice.convert(path, scratch / str(count), recalculate=False)
        shutil.move(str(converted), path)
        count += 1
    return count


TASKS = [t for t in REPO.task_ids() if (REPO.bundle(t).root / layout.TASK_JSON).is_file()]


@pytest.mark.slow
@pytest.mark.parametrize("task_id", TASKS)
def test_reference_passes_after_openpyxl_resave(references, tmp_path, task_id):
    out_dir, oracle_root = references[task_id]
    baseline = _score(task_id, out_dir, oracle_root)
    assert baseline["det_completion"], _failed(baseline)
    out = _copy_out(out_dir, tmp_path / "out")
    _resave_with_openpyxl(out)
    receipt = _score(task_id, out, oracle_root)
    assert receipt["det_completion"], _failed(receipt)


@pytest.mark.slow
@pytest.mark.libreoffice
@needs_soffice
@pytest.mark.parametrize("task_id", TASKS)
def test_reference_passes_after_libreoffice_round_trip(references, tmp_path, task_id):
    out_dir, oracle_root = references[task_id]
    out = _copy_out(out_dir, tmp_path / "out")
    if not _libreoffice_round_trip(out, tmp_path / "lo"):
        pytest.skip(f"{task_id}'s reference writes no xlsx or docx")
    receipt = _score(task_id, out, oracle_root)
    assert receipt["det_completion"], _failed(receipt)


def _zip_bomb(path: Path, inflated: int) -> None:
    chunk = b"\0" * (1 << 20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as entry:
            for _ in range(inflated // len(chunk)):
                entry.write(chunk)


def _office_deliverable(out: Path) -> Path:
    completion = json.loads((out / layout.COMPLETION_JSON).read_text())
    for rel in completion["deliverables"]:
        if rel.endswith((".xlsx", ".docx")) and (out / rel).is_file():
            return out / rel
    pytest.skip("the reference writes no xlsx or docx deliverable")


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["service", "process"])
@pytest.mark.parametrize("hostile", ["zip_bomb_600mb", "link_outside_out", "ten_thousand_files"])
def test_hostile_deliverable_gets_a_refused_receipt_quickly(references, tmp_path, hostile, mode):
    task_id = "ACC-01" if "ACC-01" in TASKS else TASKS[0]
    out_dir, oracle_root = references[task_id]
    out = _copy_out(out_dir, tmp_path / "out")
    target = _office_deliverable(out)
    if hostile == "zip_bomb_600mb":
        _zip_bomb(target, 600 << 20)
    elif hostile == "ten_thousand_files":
        for i in range(10_000):
            (out / f"empty-{i:05d}.txt").touch()
    else:
        outside = tmp_path / "elsewhere" / target.name
        outside.parent.mkdir()
        shutil.move(str(target), outside)
        target.symlink_to(outside)
    # graded in a new interpreter: this worker's own child high-water mark carries earlier tests' children
    measured = fresh_process.measure("score", task_id, str(out), str(oracle_root), mode)
    receipt, elapsed, peak = measured["result"], measured["elapsed_s"], measured["peak_child_rss_bytes"]
    assert schemas.errors("receipt", receipt, REPO) == []
    assert receipt["det_completion"] is False and receipt["status"] == "refused_input", receipt["status"]
    assert any(v["id"] == "unsafe_output" for v in receipt["critical_violations"])
    assert elapsed < 30, f"{elapsed:.1f} s"
    assert 0 < peak < 1 << 30, f"{peak >> 20} MiB"


@pytest.mark.slow
def test_corrupt_zip_deliverable_fails_with_a_reason_and_no_violation(references, tmp_path):
    """A truncated xlsx/docx is a worker's mistake, not hostile: deliverables_present fails naming the file and what
    is wrong; no unsafe_output, status failed."""
    task_id = "ACC-01" if "ACC-01" in TASKS else TASKS[0]
    out_dir, oracle_root = references[task_id]
    out = _copy_out(out_dir, tmp_path / "out")
    target = _office_deliverable(out)
    target.write_bytes(target.read_bytes()[: len(target.read_bytes()) // 2])
    receipt = _score(task_id, out, oracle_root)
    assert "unsafe_output" not in {v["id"] for v in receipt["critical_violations"]}, receipt["critical_violations"]
    assert receipt["det_completion"] is False and receipt["status"] == "failed", receipt["status"]
    present = next(c for c in receipt["required_criteria"] if c["id"] == "deliverables_present")
    assert not present["passed"] and f"{target.name} is not a readable" in present["detail"], present["detail"]
