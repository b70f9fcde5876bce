"""``wp42 read FILE [--json]``: print what WP42's evaluators see in one file (issue 8).

Printing only; the reading is :func:`wp42.read.read_file`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from wp42.read import EXIT_NOT_READ, read_file


@click.command("read")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="print the whole reading as JSON (sorted keys)")
def read_command(file: Path, as_json: bool) -> None:
    """Show what WP42's evaluators see in FILE (xlsx, docx, pptx, pdf, csv, md, eml, ics, json). Exit 3 when the
    file is refused or cannot be read."""
    document = read_file(file)
    if as_json:
        click.echo(json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        click.echo(_text(document))
    if document.get("status") != "ok":
        raise SystemExit(EXIT_NOT_READ)


def _text(doc: dict[str, Any]) -> str:
    lines = [f"{doc.get('file', '')}: {doc.get('kind')} {doc.get('status')}"
             + (f" ({doc['reason']})" if doc.get("reason") else "")]
    kind = doc.get("kind")
    if doc.get("status") != "ok":
        return "\n".join(lines)
    lines += [f"convention applied: {convention}" for convention in doc.get("conventions", [])]
    if kind == "xlsx":
        lines.append(f"date system: {'1904' if doc.get('date1904') else '1900'}")
        for sheet, cells in doc.get("sheets", {}).items():
            lines.append(f"[{sheet}] {len(cells)} populated cells")
            for ref, cell in cells.items():
                formula = f"  {cell['formula']}" if cell.get("formula") else ""
                unknown = f"  UNKNOWN: {cell.get('note')}" if cell.get("known") is False else ""
                lines.append(f"  {ref}: {cell.get('shown')!r}{formula}  [{cell.get('number_format')}]{unknown}")
    elif kind == "docx":
        for part, text in doc.get("parts", {}).items():
            if text:
                lines += [f"[{part}]", text]
    elif kind == "pptx":
        for slide in doc.get("slides", []):
            lines.append(f"[slide {slide['number']}] {slide.get('title') or ''}".rstrip())
            for block in slide.get("blocks", []):
                rows = block["table"] if isinstance(block, dict) else [[text] for text in block]
                lines += [" | ".join(str(cell) for cell in row) for row in rows]
            notes = slide.get("notes") or []
            if notes:
                lines += ["  notes:", *(notes if isinstance(notes, list) else [notes])]
        lines += [f"left out: {item}" for item in doc.get("ignored", [])]
    elif kind == "md":
        lines.append(doc.get("text", ""))
        if doc.get("hidden_comments"):
            lines.append(f"left out: {doc['hidden_comments']} HTML comment(s)")
    elif kind == "pdf":
        for number, text in enumerate(doc.get("pages", []), start=1):
            lines += [f"[page {number}]", text]
    elif kind == "csv":
        lines.append(f"encoding {doc['encoding']}, delimiter {doc['delimiter']!r}, {len(doc['records'])} records")
        lines += [" | ".join(record) for record in doc["records"][:50]]
    else:
        lines.append(json.dumps({k: v for k, v in doc.items()
                                 if k not in ("kind", "status", "reason", "file", "conventions")},
                                indent=2, ensure_ascii=False))
    return "\n".join(lines)
