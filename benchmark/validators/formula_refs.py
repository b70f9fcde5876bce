"""What a formula reads: whether a cell's formula depends, directly or through other formula cells and defined
names, on cells of a given sheet (SPEC section 4: a total "over the Items sheet" must be live over it, so
``=21832.08`` or ``=B3+5000`` is a formula in form only).

Formulas are split with openpyxl's tokenizer (the ECMA-376 formula grammar), never with a hand-written parser.
"""

from __future__ import annotations

import re

from readers_xlsx import Workbook

#: Cells followed through local ranges before giving up (a dependency that deep is not a template's total).
MAX_CELLS_VISITED = 20_000
_A1 = re.compile(r"\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?|\$?[A-Z]{1,3}:\$?[A-Z]{1,3}|\$?\d+:\$?\d+")


def formula_references(formula: str) -> list[str]:
    """The range operands of ``formula`` (``"=B3+SUM(Items!C2:C9)"`` -> ``["B3", "Items!C2:C9"]``): cell and range
    references, defined names and structured references, as written. Raises nothing: an untokenisable formula
    gives []."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        tokens = Tokenizer(formula if formula.startswith("=") else f"={formula}").items
    except Exception:  # noqa: BLE001 - openpyxl raises bare Exceptions on malformed text
        return []
    return [t.value for t in tokens if t.type == Token.OPERAND and t.subtype == Token.RANGE]


def depends_on_sheet(book: Workbook, sheet: str, coordinate: str, target: str) -> bool:
    """True when the formula at ``sheet!coordinate`` reads a cell of sheet ``target`` (names case-insensitive),
    directly, through a defined name or an Excel table on ``target``, or through other formula cells it reads.

    A constant cell, or a formula of constants only, gives False. Ranges are followed within the sheet's
    populated extent, at most :data:`MAX_CELLS_VISITED` cells in all.
    """
    from openpyxl.utils import get_column_letter
    from openpyxl.utils.cell import range_boundaries

    wanted = (book.sheet_name(target) or target).upper()
    tables = {name.upper(): ws.title.upper() for ws in book._formulas.worksheets for name in ws.tables}
    seen: set[tuple[str, str]] = set()
    stack = [(book.sheet_name(sheet) or sheet, coordinate.replace("$", "").upper())]
    while stack and len(seen) < MAX_CELLS_VISITED:
        key = stack.pop()
        if key in seen:
            continue
        seen.add(key)
        cell = book.cell(*key)
        if not cell.is_formula:
            continue
        for ref in formula_references(cell.formula or ""):
            here, address = key[0], ref
            if "!" in ref:
                prefix, address = ref.rsplit("!", 1)
                here = book.sheet_name(prefix.strip("'").replace("''", "'")) or prefix
            if "[" in address:  # structured reference Table1[Amount]
                if tables.get(address.split("[", 1)[0].upper()) == wanted:
                    return True
                continue
            if not _A1.fullmatch(address.upper()):
                named = book._defined_name(address)
                if named is None:
                    continue
                here, address = named.rsplit("!", 1)
                here = book.sheet_name(here.strip("'").replace("''", "'")) or here
            if here.upper() == wanted:
                return True
            if here not in book.sheetnames:
                continue
            last_row, last_col = book._extent.get(here, (0, 0))
            c1, r1, c2, r2 = range_boundaries(address.replace("$", "").upper())
            r1, c1 = r1 or 1, c1 or 1
            for r in range(r1, min(r2 or last_row, last_row) + 1):
                for c in range(c1, min(c2 or last_col, last_col) + 1):
                    stack.append((here, f"{get_column_letter(c)}{r}"))
    return False
