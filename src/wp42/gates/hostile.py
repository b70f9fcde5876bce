"""Hostile out/ folders for the ``robust`` gate (SPEC section 5, item 4; issue 3).

Each builder fills an empty out/ with one kind of hostile or broken output, named after the scenario's required
deliverables, so the evaluator meets it exactly where it looks. The robust gate then checks that every one of them
gets a schema-valid receipt with det_completion false within a bound.

Kinds (:data:`KINDS`): ``empty_files``, ``wrong_types``, ``corrupt_zip``, ``truncated_pdf``, ``nan_json``,
``directories``, ``links_outside``.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wp42 import layout

ZIP_KINDS = frozenset({"xlsx", "docx", "pptx"})

#: Bytes of a different kind for each declared kind (what a worker that saved the wrong format leaves).
_WRONG_BYTES: dict[str, bytes] = {
    "xlsx": b"account,amount\n1010,12.50\n",
    "docx": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01",
    "pptx": b"<html><body>slides</body></html>",
    "pdf": b"<html><body>not a pdf</body></html>",
    "json": b"PK\x03\x04not json at all",
    "csv": b"\x00\xff\xfe\x00binary\x00",
    "md": b"\x00\xff\xfe\x00binary\x00",
    "txt": b"\x00\xff\xfe\x00binary\x00",
    "eml": b"%PDF-1.4\n",
}


def _completion_claim(deliverables: list[str]) -> dict[str, Any]:
    return {"status": "completed", "summary": "All work completed.", "deliverables": deliverables,
            "assumptions": [], "questions": [], "issues_found": []}


def corrupt_zip_bytes() -> bytes:
    """A zip with an Office-like entry list, cut in the middle of its data (central directory lost)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types>" + "<Default Extension='xml'/>" * 200 + "</Types>")
        archive.writestr("xl/workbook.xml", "<workbook>" + "<sheet name='Reconciliation'/>" * 200 + "</workbook>")
    data = buffer.getvalue()
    return data[: len(data) * 3 // 5]


def truncated_pdf_bytes() -> bytes:
    """The first half of a valid one-page PDF (reportlab): header present, xref and trailer gone."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, invariant=1)
    for line in range(40):
        page.drawString(72, 760 - 18 * line, f"Adjusted balance line {line}: 1,234.{line:02d}")
    page.showPage()
    page.save()
    data = buffer.getvalue()
    return data[: len(data) // 2]


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _empty_files(out: Path, deliverables: list[dict[str, Any]], _outside: Path) -> None:
    for item in deliverables:
        _write(out / item["path"], b"")


def _wrong_types(out: Path, deliverables: list[dict[str, Any]], _outside: Path) -> None:
    for item in deliverables:
        _write(out / item["path"], _WRONG_BYTES.get(item["kind"], b"\x00\x01\x02"))


def _corrupt_zip(out: Path, deliverables: list[dict[str, Any]], _outside: Path) -> None:
    paths = [d["path"] for d in deliverables if d["path"] != layout.COMPLETION_JSON]
    for rel in paths:
        _write(out / rel, corrupt_zip_bytes())
    _write(out / layout.COMPLETION_JSON, json.dumps(_completion_claim(paths)).encode())


def _truncated_pdf(out: Path, deliverables: list[dict[str, Any]], _outside: Path) -> None:
    paths = [d["path"] for d in deliverables if d["path"] != layout.COMPLETION_JSON]
    for rel in paths:
        _write(out / rel, truncated_pdf_bytes())
    _write(out / layout.COMPLETION_JSON, json.dumps(_completion_claim(paths)).encode())


def _nan_json(out: Path, deliverables: list[dict[str, Any]], _outside: Path) -> None:
    paths = [d["path"] for d in deliverables if d["path"] != layout.COMPLETION_JSON]
    text = ('{"status": "completed", "summary": NaN, "deliverables": ' + json.dumps(paths)
            + ', "assumptions": [], "questions": [], "issues_found": [Infinity], "total": -Infinity}')
    for item in deliverables:
        if item["kind"] == "json":
            _write(out / item["path"], text.encode())


def _directories(out: Path, deliverables: list[dict[str, Any]], _outside: Path) -> None:
    for item in deliverables:
        folder = out / item["path"]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "inner.txt").write_text("a folder where a file belongs\n", encoding="utf-8")


def _links_outside(out: Path, deliverables: list[dict[str, Any]], outside: Path) -> None:
    """Each deliverable is a link to the same path under ``outside`` (e.g. the reference solution's out/): an
    evaluator that follows links out of out/ would grade someone else's work."""
    for item in deliverables:
        link = out / item["path"]
        link.parent.mkdir(parents=True, exist_ok=True)
        target = outside / item["path"]
        if not target.exists():
            target = outside
        os.symlink(target.resolve(), link)


KINDS: dict[str, Callable[[Path, list[dict[str, Any]], Path], None]] = {
    "empty_files": _empty_files,
    "wrong_types": _wrong_types,
    "corrupt_zip": _corrupt_zip,
    "truncated_pdf": _truncated_pdf,
    "nan_json": _nan_json,
    "directories": _directories,
    "links_outside": _links_outside,
}


def build(kind: str, out: Path, deliverables: list[dict[str, Any]], outside: Path) -> Path:
    """Create ``out`` (must not exist) and fill it with hostile output of ``kind``.

    Args:
        deliverables: task.json ``required_deliverables`` (``[{path, kind}, ...]``).
        outside: a folder outside ``out`` that ``links_outside`` points into (ideally a correct solution's out/).

    Raises:
        KeyError: unknown kind.
        FileExistsError: ``out`` exists already.
    """
    builder = KINDS[kind]
    out.mkdir(parents=True)
    builder(out, deliverables, outside)
    return out
