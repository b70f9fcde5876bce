"""What WP42's evaluators see in one file, as a JSON-ready dict (issue 8: ``wp42 read FILE --json``).

Built only from the readers evaluate.py uses (common.py re-exports them), so a scenario author checking a generated
input and a user asking why a deliverable failed both see exactly what scoring sees. Shape::

    {"kind": "xlsx"|"docx"|"pptx"|"pdf"|"csv"|"md"|"eml"|"ics"|"json"|"unknown", "status": "ok"|"refused"|"error",
     "reason": "", "file": name, "size_bytes": n, ...kind-specific keys}

- xlsx: ``date1904``, ``sheets: {sheet: {ref: {value, formula, number_format, shown, [date], [cached], [engine],
  [known, note], [error], [disputed]}}}`` over populated cells only (dates' ``value`` is the serial, ``date`` its ISO reading),
  ``merged: {sheet: [ranges]}``, ``declared_dimensions: {sheet: ref}``, ``notes``;
- docx: ``parts: {body, headers, footers, notes, textboxes}``, ``hyperlinks``, ``tables``, ``section_count``,
  ``conventions`` (what was applied to read it as a person would, e.g. Word list numbers drawn into the text);
- pptx: ``slides: [{number, title, blocks: [[paragraph text] | {table: [[cell]]}], notes}]`` (visible slides
  only), ``ignored`` (hidden slides and shapes, text off the slide or under 2 pt);
- pdf: ``pages: [text]``, ``page_count``, ``metadata``, ``encryption``, ``extractor``;
- csv: ``encoding``, ``bom``, ``delimiter``, ``quotechar``, ``escapechar``, ``records`` (header is record 0),
  ``conventions`` (e.g. ``["csv: excel sep= line"]``); json: ``value``, ``conventions`` (e.g. ``["json: utf-8 bom"]``);
- md: ``text`` (UTF-8, as the evaluators read a .md deliverable: HTML comments left out), ``hidden_comments``
  (how many were left out);
- eml: ``headers``, ``content_type``, ``body_text``, ``attachments``; ics: ``prodid``, ``events``;
- zip-based kinds and refusals also carry ``container: {is_zip, ole2, ole_streams}``.
"""

from __future__ import annotations

import math
import zipfile
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from amounts import datetime_to_excel_serial, excel_serial_to_datetime
from readers_csv import read_csv_table
from readers_docx import read_docx
from readers_misc import read_eml, read_ics, read_json_with_conventions
from readers_pdf import read_pdf
from readers_pptx import SlideTable, read_pptx
from readers_xlsx import Workbook
from reading import markdown_visible
from safety import HostileFile, RefusedFile, UnreadableFile, check_size, container, ole_stream_names
from xlsx_format import is_date_format

_SUFFIX_KINDS = {".xlsx": "xlsx", ".xlsm": "xlsx", ".docx": "docx", ".docm": "docx", ".pptx": "pptx", ".pdf": "pdf", ".csv": "csv",
                 ".tsv": "csv", ".txt": "csv", ".md": "md", ".markdown": "md", ".eml": "eml", ".ics": "ics",
                 ".json": "json"}


def kind_of(path: Path) -> str:
    """The kind a file is read as: by suffix, else by its first bytes and zip contents; ``unknown`` otherwise."""
    path = Path(path)
    kind = _SUFFIX_KINDS.get(path.suffix.lower())
    if kind:
        return kind
    try:
        magic = container(path)
    except OSError:
        return "unknown"
    if magic == "pdf":
        return "pdf"
    if magic == "zip":
        try:
            with zipfile.ZipFile(path) as archive:
                names = archive.namelist()
        except zipfile.BadZipFile:
            return "unknown"
        if any(n.startswith("xl/") for n in names):
            return "xlsx"
        if any(n.startswith("word/") for n in names):
            return "docx"
        if any(n.startswith("ppt/") for n in names):
            return "pptx"
    return "unknown"


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        value = float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):  # an [h]:mm duration: Excel holds it as days
        return value.total_seconds() / 86400
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _cell_entry(cell: Any, date1904: bool) -> dict[str, Any]:
    value = cell.value
    entry: dict[str, Any] = {"formula": cell.formula, "number_format": cell.number_format}
    moment = None
    if isinstance(value, (datetime, date)):
        moment = value
        value = datetime_to_excel_serial(value, date1904)
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and is_date_format(cell.number_format):
        moment = excel_serial_to_datetime(value, date1904)
    entry["value"] = _json_value(value)
    entry["shown"] = cell.shown
    if moment is not None:
        entry["date"] = moment.isoformat() if not (isinstance(moment, datetime) and moment.time() == time()) \
            else moment.date().isoformat()
    if cell.is_formula:
        cached = cell.cached
        entry["cached"] = _json_value(datetime_to_excel_serial(cached, date1904)
                                      if isinstance(cached, (datetime, date)) else cached)
        entry["engine"] = cell.engine
    if not cell.known:
        entry["known"] = False
        entry["note"] = cell.note
    if cell.error:
        entry["error"] = cell.error
    if cell.disputed:  # read by its cached value: the computation could not be proven (issue 11)
        entry["disputed"] = True
        entry["note"] = cell.note
    return entry


def _xlsx(path: Path) -> dict[str, Any]:
    book = Workbook(path)
    sheets, merged, dimensions = {}, {}, {}
    for name in book.sheetnames:
        sheets[name] = {c.coordinate: _cell_entry(c, book.date1904) for c in book.populated(name)}
        merged[name] = book.merged_ranges(name)
        dimensions[name] = book.declared_dimension(name)
    annotations = {name: found for name in book.sheetnames if (found := book.annotations(name))}
    return {"date1904": book.date1904, "sheets": sheets, "merged": merged, "declared_dimensions": dimensions,
            "annotations": annotations, "notes": list(book.notes) + book.hidden_notes()}


def _docx(path: Path) -> dict[str, Any]:
    text = read_docx(path)
    conventions = []
    if text.list_labels:
        conventions.append(f"docx: Word automatic list numbers drawn into the text ({text.list_labels} labels)")
    return {"parts": text.as_parts(), "hyperlinks": text.hyperlinks, "tables": text.tables,
            "section_count": text.section_count, "conventions": conventions}


def _pptx(path: Path) -> dict[str, Any]:
    deck = read_pptx(path)
    slides = [{"number": slide.number, "title": slide.title,
               "blocks": [{"table": block.rows} if isinstance(block, SlideTable) else [p.text for p in block]
                          for block in slide.blocks],
               "notes": slide.notes} for slide in deck.slides]
    return {"slides": slides, "ignored": deck.ignored}


def _pdf(path: Path) -> dict[str, Any]:
    pdf = read_pdf(path)
    return {"pages": pdf.pages, "page_count": pdf.page_count, "metadata": pdf.metadata,
            "encryption": pdf.encryption, "extractor": pdf.extractor, "notes": pdf.notes}


def _csv(path: Path) -> dict[str, Any]:
    table = read_csv_table(path)
    return {"encoding": table.encoding, "bom": table.bom, "delimiter": table.delimiter,
            "quotechar": table.quotechar, "escapechar": table.escapechar, "records": table.records,
            "conventions": table.conventions}


def _md(path: Path) -> dict[str, Any]:
    text, comments = markdown_visible(path.read_bytes().decode("utf-8", "replace"))
    return {"text": text, "hidden_comments": comments}


def _json(path: Path) -> dict[str, Any]:
    value, conventions = read_json_with_conventions(path)
    return {"value": value, "conventions": conventions}


_READERS = {"xlsx": _xlsx, "docx": _docx, "pptx": _pptx, "pdf": _pdf, "csv": _csv, "md": _md, "eml": read_eml,
            "ics": read_ics, "json": _json}


def _container(path: Path) -> dict[str, Any]:
    magic = container(path)
    info: dict[str, Any] = {"is_zip": magic == "zip" and zipfile.is_zipfile(path), "ole2": magic == "ole2"}
    if magic == "ole2":
        info["ole_streams"] = ole_stream_names(path)
    return info


def describe(path: Path) -> dict[str, Any]:
    """What the evaluators see in ``path`` (module docstring gives the shape). Never raises for a bad file: a
    refused one gets ``status: refused``, any other failure ``status: error``, each with the ``reason``."""
    path = Path(path)
    kind = kind_of(path) if path.exists() else "unknown"
    result: dict[str, Any] = {"kind": kind, "status": "ok", "reason": "", "file": path.name}
    try:
        if path.is_symlink():
            raise HostileFile(f"{path.name}: is a symbolic link; links are not followed")
        result["size_bytes"] = check_size(path)
        if kind in ("xlsx", "docx", "pptx"):
            result["container"] = _container(path)
        if kind not in _READERS:
            raise UnreadableFile(f"{path.name}: not a kind WP42 reads (xlsx, docx, pptx, pdf, csv, md, eml, ics, json)")
        result.update(_READERS[kind](path))
    except RefusedFile as exc:
        result.update(status="refused", reason=str(exc))
    except Exception as exc:  # a reader bug must still give an answer, not a traceback
        result.update(status="error", reason=f"{type(exc).__name__}: {exc}")
    return result
