"""Office files from the model's JSON: what a professional's spreadsheet and word processor give them in a files-only
arm (A1, A3), where the LLM worker cannot run code to make an xlsx or a docx (issue 19 item 2).

Both write with the libraries WP42 already depends on (openpyxl, python-docx); what they write is read back by the
same readers the evaluators use, so a model can check its own deliverable with the read tool.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docx import Document
from openpyxl import Workbook

Cell = str | int | float | bool | None


def write_xlsx(path: Path, sheets: dict[str, list[list[Cell]]]) -> str:
    """Write ``sheets`` (sheet name -> rows of cells, in order) to ``path``; a text cell starting with ``=`` is a
    formula, numbers stay numbers. Returns a one-line summary.

    Raises:
        ValueError: no sheet, a sheet name Excel refuses (openpyxl's rule: at most 31 characters, none of
            ``[]:*?/\\``), or rows that are not lists of cells.
    """
    if not isinstance(sheets, dict) or not sheets:
        raise ValueError("sheets must map at least one sheet name to its rows")
    book = Workbook()
    book.remove(book.active)
    cells = 0
    for name, rows in sheets.items():
        if len(name) > 31 or any(ch in name for ch in "[]:*?/\\") or not name:
            raise ValueError(f"sheet name {name!r}: 1 to 31 characters, none of []:*?/\\")
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise ValueError(f"sheet {name!r}: rows must be a list of lists of cells")
        sheet = book.create_sheet(name)
        for row in rows:
            if any(not isinstance(value, str | int | float | bool) and value is not None for value in row):
                raise ValueError(f"sheet {name!r}: a cell is text, a number, true/false or null")
            sheet.append(row)
            cells += sum(1 for value in row if value is not None)
    book.save(path)
    return f"wrote {path.name}: {len(sheets)} sheet(s), {cells} cell(s)"


def write_docx(path: Path, blocks: list[dict[str, Any]]) -> str:
    """Write ``blocks`` to a Word file at ``path``, in order: ``{"heading": text, "level": 1-4}``,
    ``{"paragraph": text}``, ``{"bullet": text}`` or ``{"table": [[cell text]]}`` (its first row the header).
    Returns a one-line summary.

    Raises:
        ValueError: a block of none of these shapes.
    """
    if not isinstance(blocks, list) or not blocks:
        raise ValueError("blocks must be a non-empty list")
    document = Document()
    for block in blocks:
        if not isinstance(block, dict):
            raise ValueError(f"a block is an object, not {block!r:.60}")
        if isinstance(block.get("heading"), str):
            document.add_heading(block["heading"], level=min(max(int(block.get("level", 1)), 1), 4))
        elif isinstance(block.get("paragraph"), str):
            document.add_paragraph(block["paragraph"])
        elif isinstance(block.get("bullet"), str):
            document.add_paragraph(block["bullet"], style="List Bullet")
        elif isinstance(block.get("table"), list) and block["table"] and all(isinstance(r, list) for r in
                                                                            block["table"]):
            rows = block["table"]
            table = document.add_table(rows=len(rows), cols=max(len(r) for r in rows))
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    table.cell(r, c).text = "" if value is None else str(value)
        else:
            raise ValueError(f"a block is {{heading}}, {{paragraph}}, {{bullet}} or {{table}}, not {block!r:.80}")
    document.save(path)
    return f"wrote {path.name}: {len(blocks)} block(s)"
