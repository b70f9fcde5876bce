"""What a formula reads: whether a cell's formula depends, directly or through other formula cells and defined
names, on cells of a given sheet (SPEC section 4: a total "over the Items sheet" must be live over it, so
``=21832.08`` or ``=B3+5000`` is a formula in form only), and whether it is live by behaviour (issue 11, item 3:
``=1.05+0*Calc!B1`` references the sheet but does not move with it).

Formulas are split with openpyxl's tokenizer (the ECMA-376 formula grammar), never with a hand-written parser.
"""

from __future__ import annotations

import functools
import re
import weakref
from collections.abc import Iterator
from typing import Any

from readers_xlsx import Workbook

#: Cells followed through local ranges before giving up (a dependency that deep is not a template's total).
MAX_CELLS_VISITED = 20_000
REFERENCE, TABLE = "(reference)", "(table)"
_A1 = re.compile(r"\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?|\$?[A-Z]{1,3}:\$?[A-Z]{1,3}|\$?\d+:\$?\d+")


def formula_references(formula: str) -> list[str]:
    """The range operands of ``formula`` (``"=B3+SUM(Items!C2:C9)"`` -> ``["B3", "Items!C2:C9"]``): cell and range
    references, defined names and structured references, as written. Raises nothing: an untokenisable formula
    gives []. Each formula text is tokenised once per process."""
    return list(_operands(formula))


@functools.lru_cache(maxsize=65_536)
def _operands(formula: str) -> tuple[str, ...]:
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        tokens = Tokenizer(formula if formula.startswith("=") else f"={formula}").items
    except Exception:  # noqa: BLE001 - openpyxl raises bare Exceptions on malformed text
        return ()
    return tuple(t.value for t in tokens if t.type == Token.OPERAND and t.subtype == Token.RANGE)


def _reachable(book: Workbook, sheet: str, coordinate: str, *more: tuple[str, str]):
    """Cells ``sheet!coordinate``'s formula reads (and, given ``more`` ``(sheet, coordinate)`` starts, theirs:
    one walk for all, each cell met once), directly or through formula cells and defined names, as
    ``(sheet, coordinate, cell)``; each reference also yields ``(its sheet, REFERENCE, None)`` and a structured
    reference ``Table[Column]`` ``(the table's sheet, TABLE, None)``.
    Ranges are followed within the populated extent, at most :data:`MAX_CELLS_VISITED` cells in all.

    A walk is made once per workbook and starts, and what it has met is kept for the next caller (:class:`_Walk`):
    is_live asks once per sheet of the workbook for the same cell (RE-01 at seed 9539: 66 cells, 9 sheets, each
    walk over a 2,754-formula detail sheet and a 937-row ledger)."""
    starts = tuple((book.sheet_name(s) or s, c.replace("$", "").upper()) for s, c in ((sheet, coordinate), *more))
    walks = _WALKS.setdefault(book, {})
    if starts not in walks:
        walks[starts] = _Walk(_walk(book, starts))
    return iter(walks[starts])


class _Walk:
    """A walk's items as far as any caller has read them, continued on demand: a caller that stops early (any())
    costs no more than before, and the next one reads the same items in the same order."""

    def __init__(self, items: Iterator[tuple[str, str, Any]]) -> None:
        self._items, self._met = items, []

    def __iter__(self) -> Iterator[tuple[str, str, Any]]:
        index = 0
        while True:
            if index == len(self._met):
                item = next(self._items, _DONE)
                if item is _DONE:
                    return
                self._met.append(item)
            yield self._met[index]
            index += 1


#: Walks made, per workbook (gone with it): starts -> _Walk.
_WALKS: weakref.WeakKeyDictionary[Workbook, dict[tuple[tuple[str, str], ...], _Walk]] = weakref.WeakKeyDictionary()
_DONE = object()


def _walk(book: Workbook, starts: tuple[tuple[str, str], ...]) -> Iterator[tuple[str, str, Any]]:
    """:func:`_reachable`'s walk, depth first. A range is pushed as one entry that gives out its cells, last
    first, as it reaches the top of the stack: the cells are met in the order pushing each one would give, and a
    range whose cells have all been given out is not walked again (every SUMIFS of a 304-row detail sheet reads
    the same four 937-row ledger columns; pushing them cell by cell was 2.2 million entries per walk)."""
    from openpyxl.utils import get_column_letter
    from openpyxl.utils.cell import range_boundaries

    tables = {name.upper(): ws.title for ws in book._formulas.worksheets for name in ws.tables}
    seen: set[tuple[str, str]] = set()
    drained: set[tuple[str, int, int, int, int]] = set()
    stack: list = list(reversed(starts))
    first = set(starts)
    while stack and len(seen) < MAX_CELLS_VISITED:
        top = stack[-1]
        if isinstance(top, _Range):
            key = top.next_cell()
            if key is None:
                stack.pop()
                drained.add(top.bounds)
                continue
        else:
            key = stack.pop()
        if key in seen:
            continue
        seen.add(key)
        cell = book.cell(*key)
        if key not in first:
            yield key[0], key[1], cell
        if not cell.is_formula:
            continue
        for ref in formula_references(cell.formula or ""):
            here, address = key[0], ref
            if "!" in ref:
                prefix, address = ref.rsplit("!", 1)
                here = book.sheet_name(prefix.strip("'").replace("''", "'")) or prefix
            if "[" in address:  # structured reference Table1[Amount]
                table_sheet = tables.get(address.split("[", 1)[0].upper())
                if table_sheet is not None:
                    yield table_sheet, TABLE, None
                continue
            if not _A1.fullmatch(address.upper()):
                named = book._defined_name(address, here)
                if named is None:
                    continue
                here, address = named.rsplit("!", 1)
                here = book.sheet_name(here.strip("'").replace("''", "'")) or here
            yield here, REFERENCE, None
            if here not in book.sheetnames:
                continue
            last_row, last_col = book._extent.get(here, (0, 0))
            c1, r1, c2, r2 = range_boundaries(address.replace("$", "").upper())
            r1, c1 = r1 or 1, c1 or 1
            r2, c2 = min(r2 or last_row, last_row), min(c2 or last_col, last_col)
            if r2 >= r1 and c2 >= c1 and (here, r1, c1, r2, c2) not in drained:
                stack.append(_Range(here, r1, c1, r2, c2, get_column_letter))


class _Range:
    """The cells ``r1..r2`` x ``c1..c2`` of ``sheet`` still to give out, row by row from the last cell back (the
    order a stack of them, pushed first to last, pops in)."""

    def __init__(self, sheet: str, r1: int, c1: int, r2: int, c2: int, letter) -> None:
        self.bounds = (sheet, r1, c1, r2, c2)
        self._letter, self._row, self._col = letter, r2, c2 + 1

    def next_cell(self) -> tuple[str, str] | None:
        sheet, _r1, c1, _r2, c2 = self.bounds
        self._col -= 1
        if self._col < c1:
            self._row, self._col = self._row - 1, c2
        if self._row < self.bounds[1]:
            return None
        return sheet, f"{self._letter(self._col)}{self._row}"


def depends_on_sheet(book: Workbook, sheet: str, coordinate: str, target: str) -> bool:
    """True when the formula at ``sheet!coordinate`` reads a cell of sheet ``target`` (names case-insensitive),
    directly, through a defined name or an Excel table on ``target``, or through other formula cells it reads.

    A constant cell, or a formula of constants only, gives False. Ranges are followed within the sheet's
    populated extent, at most :data:`MAX_CELLS_VISITED` cells in all.
    """
    wanted = (book.sheet_name(target) or target).upper()
    return any(here.upper() == wanted for here, _coordinate, _cell in _reachable(book, sheet, coordinate))


def live_over_any(book: Workbook, sheet: str, coordinate: str, sheets: list[str]) -> bool:
    """True when the formula at ``sheet!coordinate`` is live (:func:`is_live`) over any of ``sheets``, asked in
    their order. Only the sheets its walk reaches are asked: over a sheet it reaches no cell, reference or Excel
    table of, is_live has nothing to perturb and gives False (RE-01's formulas_live asked each of 9 sheets for each
    of 66 cells of an independent solver's workbook at seed 9539)."""
    reached = {here.upper() for here, _coordinate, _cell in _reachable(book, sheet, coordinate)}
    return any(is_live(book, sheet, coordinate, s) for s in sheets if (book.sheet_name(s) or s).upper() in reached)


def is_live(book: Workbook, sheet: str, coordinate: str, inputs: str) -> bool:
    """True when the formula at ``sheet!coordinate`` moves with the numbers it reads on or through sheet
    ``inputs`` (issue 11, item 3: live by behaviour, not by syntax).

    The numbers perturbed are the numeric constants on ``inputs`` that the formula reads, and those the formula
    cells it reads on ``inputs`` are built from (on any sheet: ``=Calculations!B9`` over an input sheet is live
    over Calculations). Each is changed by a distinct amount and the formula recomputed with the ``formulas``
    engine alone, no cached value consulted; it is live when its value changes. ``=21832.08`` or
    ``=1.05+0*Calc!B1`` gives False whatever it references; an honest chain (``=SUM(Items!C2:C9)``,
    ``=Calc!B6/Calc!B7``) gives True. A formula the engine cannot compute, or one reading an Excel table, is
    judged by what it references (:func:`depends_on_sheet`).

    A formula that keeps its value under that probe is probed once more (:func:`_moves_with_the_sheet`): every
    cell it reaches on ``inputs``, formula or constant, text or number, is set to a value of its own. A conditional
    sum whose condition selects no row on this data moves only then: ``=SUMIF(Audit!G2:G211,"<>OK",
    Audit!F2:F211)`` on clean invoices, every Finding "OK" (an independent solver's LOG-01 coverage workbook at
    seed 9424, which 1.3 read as a typed total). A disguised constant stays still, and a value the engine cannot
    compute there (``=7+0*MATCH("OK",Items!D2:D9,0)`` once the findings change) is no movement.
    """
    wanted = (book.sheet_name(inputs) or inputs).upper()
    if not book.cell(sheet, coordinate).is_formula:
        return False
    changed: dict[tuple[str, str], object] = {}

    def perturb(here: str, address: str, cell) -> None:
        if cell.is_formula or isinstance(cell.value, bool) or not isinstance(cell.value, (int, float)):
            return
        if (here, address) not in changed:
            step = len(changed) + 1
            changed[(here, address)] = cell.value * (1 + 0.37 * step) + 7.3 * step

    through: list[tuple[str, str]] = []
    on_inputs: list[tuple[str, str, object]] = []
    for here, address, cell in _reachable(book, sheet, coordinate):
        if here.upper() != wanted:
            continue
        if cell is None:
            if address == TABLE:
                return depends_on_sheet(book, sheet, coordinate, inputs)
            continue
        on_inputs.append((here, address, cell))
        perturb(here, address, cell)
        if cell.is_formula:
            through.append((here, address))
    if through:
        for source_sheet, source, cell in _reachable(book, *through[0], *through[1:]):
            if cell is not None:
                perturb(source_sheet, source, cell)
    before = book.what_if(sheet, coordinate, {})
    if changed:
        after = book.what_if(sheet, coordinate, changed)
        if not (before.known and after.known):
            return depends_on_sheet(book, sheet, coordinate, inputs)
        if before.value != after.value:
            return True
    return before.known and _moves_with_the_sheet(book, sheet, coordinate, on_inputs, before.value)


def _moves_with_the_sheet(book: Workbook, sheet: str, coordinate: str, on_inputs: list[tuple[str, str, object]],
                          before: object) -> bool:
    """True when ``sheet!coordinate`` computes a known value other than ``before`` once each cell of
    ``on_inputs`` (``(sheet, coordinate, Cell)`` on the input sheet, as :func:`_reachable` gives them) holds a
    value of its own: a number (a formula's computed one) changed by a distinct amount, a text replaced by a
    distinct text. Setting the formula cells themselves, not only the constants they are built from, keeps the
    lookups behind them (a shipment matched in a manifest) from failing; a value the engine cannot compute is no
    movement (:func:`is_live`)."""
    changed: dict[tuple[str, str], object] = {}
    for here, address, cell in on_inputs:
        value, step = cell.value, len(changed) + 1
        if isinstance(value, str):
            changed[(here, address)] = f"what-if {step}"
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            changed[(here, address)] = value * (1 + 0.37 * step) + 7.3 * step
    if not changed:
        return False
    after = book.what_if(sheet, coordinate, changed)
    return after.known and after.value != before
