"""Reading .xlsx deliverables the way SPEC section 4 requires: a formula is judged by the value it computes.

Engine choice. The first engine is the ``formulas`` package, cell by cell and in process: no system dependency,
fast, deterministic, and a function it lacks costs one cell (reported unknown) rather than the whole file. When it
cannot compute a cell and LibreOffice is installed, LibreOffice headless recalculates the whole workbook with
recalculation on load forced (see ``libreoffice.py``) and its value is used, labelled ``engine="libreoffice"``.
SPEC section 4 measured each engine at about 80% of Excel's own values on hard workbooks, failing on different
cells, which is why two run in sequence. A cell neither computes stays unknown (``known`` False, ``value`` None, the
reason in ``note``): it is never read as 0 nor as whatever cached value the file carries.

Only populated cells are ever visited (never the declared grid: a 9 KB file can declare A1:XFD1048576).
"""

from __future__ import annotations

import io
import math
import re
import threading
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from amounts import datetime_to_excel_serial, normalize_text, parse_date, parse_number
from excel_engine import FORMULA_POSITION, BoundedRange, compiled_formula
from excel_semantics import ERROR_CODES, display_unit, explained, formula_taint
from libreoffice import NOT_INSTALLED as LO_NOT_INSTALLED
from ooxml_strict import is_strict, open_package
from safety import RefusedFile, UnreadableFile, check_zip
from xlsx_format import format_value, is_date_format

#: A range reference covering more populated-extent cells than this is not computed (reported unknown).
MAX_RANGE_CELLS = 200_000
#: rows() gives a dense grid up to this many cells, else only the populated rows.
MAX_GRID_CELLS = 2_000_000
#: A worksheet's rows and columns (Excel 2007 and later), what a whole-column or whole-row reference spans.
EXCEL_ROWS, EXCEL_COLUMNS = 1_048_576, 16_384
_EMPTY_STYLE = re.compile(rb'(<c\b[^>]*?)\s[st]=""')
#: Largest difference on each of red, green and blue (0-255) at which a font and its background look the same
#: (the same threshold reading.py uses for Word).
NEAR_COLOUR = 24
#: A font under this many points cannot be read.
MIN_FONT_POINTS = 2
#: The legacy indexed palette's white entries (ECMA-376 Part 1, 18.8.27) and the theme slot of "Background 1"
#: (``theme="0"``, lt1, white in every built-in theme).
_WHITE_INDEXED = {1, 9}
_WHITE_THEME = 0


@dataclass
class Cell:
    """One spreadsheet cell as the evaluator sees it.

    ``value`` is what the cell is worth: the constant, or for a formula the value computed from the formula
    (``known`` False when no engine could compute it — then ``value`` is None and ``note`` says why).
    ``cached`` is the value the file carried for a formula (None when absent). ``engine`` names what computed a
    formula (``formulas`` or ``libreoffice``). ``number_format`` is the cell's format code; ``date1904`` the
    workbook's date system. ``error`` is the spreadsheet error code (``#DIV/0!``, ``#N/A`` ...) a formula computes,
    when it computes one (then ``known`` is False). ``disputed`` is True when the computed value could not be proven
    against the cached one (see :func:`disputed_cells`): ``value`` is then the cached value and ``note`` says why.
    """

    sheet: str
    coordinate: str
    value: Any
    formula: str | None = None
    cached: Any = None
    known: bool = True
    note: str = ""
    number_format: str = "General"
    date1904: bool = False
    engine: str = ""
    error: str = ""
    disputed: bool = False

    @property
    def is_formula(self) -> bool:
        return self.formula is not None

    @property
    def number(self) -> Decimal | None:
        return parse_number(self.value) if self.known else None

    @property
    def date(self) -> date | datetime | None:
        """The value as a date when it is one (a date constant, or a serial under a date format), else None."""
        if not self.known or self.value is None:
            return None
        if isinstance(self.value, (date, datetime)):
            return parse_date(self.value)
        if isinstance(self.value, (int, float)) and is_date_format(self.number_format):
            return parse_date(self.value, date1904=self.date1904)
        return None

    @property
    def serial(self) -> Any:
        """The value with dates and times as Excel serials (the form formulas compute with)."""
        return _engine_value(self.value, self.date1904)

    @property
    def shown(self) -> str:
        """The text a spreadsheet program shows for the cell (see xlsx_format.format_value)."""
        return format_value(self.value, self.number_format, self.date1904) if self.known else ""


class _Unknown(Exception):
    pass


def _engine_value(value: Any, date1904: bool) -> Any:
    """A cell value as Excel stores it: dates and times as serials, durations (openpyxl's timedelta for an
    ``[h]:mm`` cell) as days."""
    if isinstance(value, datetime | date):
        return datetime_to_excel_serial(value, date1904)
    if isinstance(value, time):
        return (value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6) / 86400
    if isinstance(value, timedelta):
        return value.total_seconds() / 86400
    return value


def _repaired_bytes(path: Path) -> bytes:
    """The workbook with empty ``s=""``/``t=""`` cell attributes removed (Excel for Mac writes them; openpyxl
    raises TypeError on them, though ECMA-376 gives both attributes defaults)."""
    buffer = io.BytesIO()
    with open_package(path) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
                data = _EMPTY_STYLE.sub(rb"\1", data)
                data = _EMPTY_STYLE.sub(rb"\1", data)
            target.writestr(info, data)
    return buffer.getvalue()


#: openpyxl's reader is patched for the length of one load (see :func:`_load_with_cached`), one load at a time.
_LOAD_LOCK = threading.Lock()


def _load_with_cached(source: Any) -> tuple[Any, dict[str, dict[tuple[int, int], Any]]]:
    """``openpyxl.load_workbook(source, data_only=False)`` and, from the same parse, each formula cell's cached
    value exactly as a ``data_only=True`` load reads it: ``{sheet title: {(row, column): value}}`` (issue 14:
    a workbook parsed once per receipt, not twice). openpyxl's own cell parser converts both readings (shared
    strings, dates by number format, booleans, errors), so the values are those of a second load.

    Raises: whatever openpyxl.load_workbook raises.
    """
    import openpyxl
    from openpyxl.reader import excel
    from openpyxl.worksheet._reader import WorkSheetParser, WorksheetReader

    cached: dict[str, dict[tuple[int, int], Any]] = {}

    class Parser(WorkSheetParser):
        values: dict[tuple[int, int], Any]

        def parse_cell(self, element: Any) -> dict[str, Any]:
            counter = self.col_counter
            cell = super().parse_cell(element)
            if cell["data_type"] == "f":  # a formula: read its <v> again as data_only does
                after, self.col_counter, self.data_only = self.col_counter, counter, True
                try:
                    self.values[(cell["row"], cell["column"])] = super().parse_cell(element)["value"]
                finally:
                    self.col_counter, self.data_only = after, False
            return cell

    class Reader(WorksheetReader):
        def __init__(self, ws: Any, xml_source: Any, shared_strings: Any, data_only: bool, rich_text: bool) -> None:
            super().__init__(ws, xml_source, shared_strings, data_only, rich_text)
            self.parser.__class__ = Parser
            self.parser.values = cached.setdefault(ws.title, {})

    with _LOAD_LOCK:
        original, excel.WorksheetReader = excel.WorksheetReader, Reader
        try:
            book = openpyxl.load_workbook(source, data_only=False)
        finally:
            excel.WorksheetReader = original
    return book, cached


def _load(path: Path) -> tuple[Any, dict[str, dict[tuple[int, int], Any]], list[str]]:
    """The workbook loaded once by openpyxl (formulas), its formula cells' cached values (see
    :func:`_load_with_cached`) and notes on repairs made. A Strict Open XML workbook is read through its
    Transitional renaming (ooxml_strict), which openpyxl would otherwise read as empty. Raises UnreadableFile."""
    notes: list[str] = []
    data: bytes | None = None
    try:
        with zipfile.ZipFile(path) as archive:
            if is_strict(archive):
                notes.append("saved as Strict Open XML; read with its namespaces renamed to Transitional")
                data = _repaired_bytes(path)
    except zipfile.BadZipFile as exc:
        raise UnreadableFile(f"{path.name} is not a readable xlsx (bad zip: {exc})") from None
    for attempt in range(2):
        try:
            return (*_load_with_cached(path if data is None else io.BytesIO(data)), notes)
        except TypeError:
            if attempt or data is not None:
                raise UnreadableFile(f"{path.name} is not a readable xlsx (openpyxl: TypeError)") from None
            notes.append("repaired empty cell style attributes (as Excel for Mac writes them) before reading")
            data = _repaired_bytes(path)
        except Exception as exc:  # openpyxl raises many types on broken files
            raise UnreadableFile(f"{path.name} is not a readable xlsx ({type(exc).__name__}: {exc})") from None
    raise UnreadableFile(f"{path.name} is not a readable xlsx")



#: Functions whose result depends on more than their arguments (the clock, chance, the sheet around them): a
#: formula naming one is computed every time, never taken from :attr:`Workbook._results`.
_VOLATILE = re.compile(r"\b(?:NOW|TODAY|RAND|RANDBETWEEN|RANDARRAY|OFFSET|INDIRECT|CELL|INFO)\s*\(", re.IGNORECASE)
#: At most this many computed results are remembered per workbook.
MAX_REMEMBERED_RESULTS = 100_000
_NOT_COMPUTED = object()


class _Content(tuple):
    """A range's cells as a key, its hash made once (a tuple hashes all its items on every lookup, and a
    937-row column is looked up by each of the 600 formulas reading it)."""

    def __hash__(self) -> int:
        cached = self.__dict__.get("hash")
        if cached is None:
            cached = self.__dict__["hash"] = tuple.__hash__(self)
        return cached


def _content(values: Any) -> _Content:
    """The cells of the array ``values`` as a key: each value with its type."""
    return _Content((type(v), v) for v in values.ravel().tolist())


def _call_key(formula: str, coordinate: str, args: list[Any]) -> tuple[Any, ...] | None:
    """What one computation of ``formula`` at ``coordinate`` depends on: its text, its position (ROW(), implicit
    intersection) and each argument's type and value (a range with its shape, origin and uncounted blanks), so a
    what-if probe that recomputes a cell over unchanged inputs (formula_refs.is_live: FIN-01 repeats 123 of its
    281 computations) takes the earlier result. A range from :meth:`Workbook._resolve` carries its content, made
    once per gathering (600 SUMIFS over the same four 937-row ledger columns in RE-01 at seed 9539). None for a volatile formula or an argument that cannot be a key.
    Types are part of the key: TRUE and 1, or 1 and 1.0 in a range, are not the same input to Excel."""
    import numpy as np

    if _VOLATILE.search(formula):
        return None
    parts: list[Any] = [formula, coordinate]
    for value in args:
        if isinstance(value, np.ndarray):
            content = getattr(value, "content", None)
            parts.append(("range", value.shape, getattr(value, "origin", None), getattr(value, "outside_blanks", 0),
                          _content(value) if content is None else content))
        else:
            parts.append((type(value), value))
    key = tuple(parts)
    try:
        hash(key)
    except TypeError:
        return None
    return key


class Workbook:
    """Values and formulas of an .xlsx, with formulas computed cell by cell (module docstring: engine choice).

    Args:
        path: the .xlsx file.
        second_engine: let LibreOffice compute cells the ``formulas`` package cannot (default True; it only runs
            when such a cell is asked for, and a missing soffice becomes a note on the cell).

    Raises (constructor):
        UnreadableFile: not a readable workbook, or password-protected (see safety.check_zip).
        HostileFile: unsafe to read (see safety.check_zip).
    """

    def __init__(self, path: Path, *, second_engine: bool = True) -> None:
        from openpyxl.utils.datetime import CALENDAR_MAC_1904

        self.path = Path(path)
        check_zip(self.path)
        self._formulas, self._cached, self.notes = _load(self.path)
        self.date1904 = self._formulas.epoch == CALENDAR_MAC_1904
        self.second_engine = second_engine
        self._computed: dict[tuple[str, str], Cell] = {}
        self._upper = {name.upper(): name for name in self._formulas.sheetnames}
        #: sheet name -> its formula worksheet (openpyxl's ``book[name]`` walks every sheet on each lookup)
        self._sheets = {ws.title: ws for ws in self._formulas.worksheets}
        self._compiled: dict[str, Any] = {}  # formula text -> (compiled function, references in its inputs' order)
        self._results: dict[tuple[Any, ...], Any] = {}  # _call_key -> what the compiled function returned
        self._lo_values: dict[tuple[str, str], Any] | None = None
        self._lo_problem = ""
        self._taint: dict[tuple[str, str], str] = {}
        self._precedent_taints: list[set[str]] = []
        self._spans: list[list[tuple[str, int, int, int, int]]] = []
        self._what_if = False
        #: Resolved range references, per (sheet, first row, first column, last row, last column, declared cells):
        #: the engine argument (or the _Unknown it raised) and the taints of its formula cells. A lookup table read
        #: by every row of an audit is gathered once per computation, not once per formula (issue: LOG-01 at 9201).
        self._ranges: dict[tuple[str, int, int, int, int, int], tuple[Any, frozenset[str]]] = {}
        #: The workbook as the formulas engine alone computes it (what_if with no constant changed), kept once made.
        self._baseline: tuple[dict, dict, dict] | None = None
        self._extent: dict[str, tuple[int, int]] = {}
        self._arrays: dict[str, list[tuple[int, int, int, int, str]]] = {}
        for ws in self._formulas.worksheets:
            max_row = max_col = 0
            arrays = []
            for (row, col), cell in ws._cells.items():
                if cell.value is None:
                    continue
                max_row, max_col = max(max_row, row), max(max_col, col)
                if type(cell.value).__name__ == "ArrayFormula":
                    from openpyxl.utils.cell import range_boundaries

                    c1, r1, c2, r2 = range_boundaries(cell.value.ref or cell.coordinate)
                    arrays.append((r1, c1, r2, c2, cell.coordinate))
                    max_row, max_col = max(max_row, r2), max(max_col, c2)
            self._extent[ws.title] = (max_row, max_col)
            self._arrays[ws.title] = arrays

    # -- structure -----------------------------------------------------------------------------------------------
    @property
    def sheetnames(self) -> list[str]:
        return list(self._formulas.sheetnames)

    def sheet_name(self, wanted: str) -> str | None:
        """The actual name of the sheet called ``wanted`` (case and surrounding space ignored), or None."""
        return self._upper.get(wanted.strip().upper())

    def populated(self, sheet: str, visible_only: bool = True) -> list[Cell]:
        """Every cell of ``sheet`` holding a value or formula, in row then column order (formulas computed).
        With ``visible_only`` (the default) a hidden sheet gives [] and cells in hidden rows or columns are left
        out (SPEC section 4: grade what a reader sees; :meth:`hidden_notes` says what was skipped)."""
        if visible_only and self.sheet_hidden(sheet):
            return []
        ws = self._formulas[sheet]
        keys = sorted(k for k, c in ws._cells.items() if c.value is not None)
        inside_arrays = set()
        for r1, c1, r2, c2, _anchor in self._arrays.get(sheet, []):
            if (r2 - r1 + 1) * (c2 - c1 + 1) <= MAX_RANGE_CELLS:
                inside_arrays.update((r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1))
        keys = sorted(set(keys) | inside_arrays)
        if visible_only:
            rows, columns = self._hidden_rows(sheet), self._hidden_columns(sheet)
            keys = [(r, c) for r, c in keys if r not in rows and not _in_spans(c, columns)
                    and not self.unseen(sheet, r, c)]
        from openpyxl.utils import get_column_letter

        return [self.cell(sheet, f"{get_column_letter(c)}{r}") for r, c in keys]

    # -- visibility ----------------------------------------------------------------------------------------------
    def sheet_hidden(self, sheet: str) -> bool:
        """True when ``sheet`` is hidden or very hidden (ECMA-376 Part 1, 18.2.19 ``state``)."""
        name = self.sheet_name(sheet) or sheet
        return name in self._formulas.sheetnames and self._formulas[name].sheet_state != "visible"

    def _hidden_rows(self, sheet: str) -> set[int]:
        """Rows of ``sheet`` that are hidden or zero-height (18.3.1.73 ``hidden``, ``ht``)."""
        dims = self._formulas[self.sheet_name(sheet) or sheet].row_dimensions
        return {index for index, dim in dims.items() if dim.hidden or (dim.customHeight and dim.ht == 0)}

    def _hidden_columns(self, sheet: str) -> list[tuple[int, int]]:
        """``(first, last)`` column numbers of the hidden or zero-width column ranges of ``sheet`` (18.3.1.13)."""
        dims = self._formulas[self.sheet_name(sheet) or sheet].column_dimensions
        spans = []
        for dim in dims.values():
            if dim.hidden or (dim.customWidth and dim.width == 0):
                spans.append((int(dim.min or 0), int(dim.max or dim.min or 0)))
        return spans

    def unseen(self, sheet: str, row: int, column: int) -> bool:
        """True when the cell at ``row``, ``column`` (1-based) holds a value no reader can see on screen or paper:
        its font is white or within :data:`NEAR_COLOUR` of its fill (no fill reads as white), smaller than
        :data:`MIN_FONT_POINTS`, or its number format is ``;;;`` (every section empty). Conditional formats are not
        evaluated. Source: SPEC section 4 "white or near-invisible text ... is not the deliverable"."""
        source = self._formulas[self.sheet_name(sheet) or sheet]._cells.get((row, column))
        if source is None or source.value is None or not source.has_style:
            return False
        if re.fullmatch(r"(?:\s*;){2,3}\s*", source.number_format or ""):
            return True
        font = source.font
        if font is not None and font.sz is not None and float(font.sz) < MIN_FONT_POINTS:
            return True
        ink = _rgb(font.color if font is not None else None)
        if ink is None:
            return False
        fill = source.fill
        if fill is not None and getattr(fill, "patternType", None) is None and getattr(fill, "stop", None):
            return False  # a gradient fill (openpyxl GradientFill) has no one colour to compare the ink with
        background = _rgb(fill.fgColor) if fill is not None and fill.patternType == "solid" else (255, 255, 255)
        return background is not None and all(abs(a - b) <= NEAR_COLOUR for a, b in zip(ink, background, strict=True))

    def annotations(self, sheet: str) -> dict[str, dict[str, Any]]:
        """What a reader sees on ``sheet`` beside the cells' values: ``{coordinate: {"note": text, "author": name,
        "struck": True}}`` with only the keys that apply — a cell note (Excel's red-triangle comment, ECMA-376 Part
        1, 18.7 ``comments``; ``author`` when the file names one) and a strikethrough font on a populated cell
        (18.8.36 ``strike``). Hidden rows and columns are left out as :meth:`populated` leaves them out. A budget
        holder's "Board cut this to £42,000" note or a struck line is evidence a professional reads (FIN-01's hard
        level); values alone lose it."""
        if self.sheet_hidden(sheet):
            return {}
        ws = self._formulas[sheet]
        rows, columns = self._hidden_rows(sheet), self._hidden_columns(sheet)
        found: dict[str, dict[str, Any]] = {}
        for (r, c), cell in sorted(ws._cells.items()):
            if r in rows or _in_spans(c, columns):
                continue
            entry: dict[str, Any] = {}
            if cell.comment is not None and str(cell.comment.text or "").strip():
                entry["note"] = str(cell.comment.text).strip()
                if cell.comment.author:
                    entry["author"] = str(cell.comment.author)
            if cell.value is not None and cell.font is not None and cell.font.strike:
                entry["struck"] = True
            if entry:
                found[cell.coordinate] = entry
        return found

    def hidden_notes(self) -> list[str]:
        """What the visible-only readers skip, for a receipt's notes: hidden sheets, rows and columns that hold
        values (e.g. ``"book.xlsx: sheet 'Workings' is hidden (12 cells not read)"``)."""
        notes = []
        for ws in self._formulas.worksheets:
            filled = [k for k, c in ws._cells.items() if c.value is not None]
            if not filled:
                continue
            if ws.sheet_state != "visible":
                notes.append(f"{self.path.name}: sheet {ws.title!r} is {ws.sheet_state} ({len(filled)} cells not read)")
                continue
            rows, columns = self._hidden_rows(ws.title), self._hidden_columns(ws.title)
            in_rows = sorted({r for r, _ in filled if r in rows})
            if in_rows:
                count = sum(1 for r, _ in filled if r in rows)
                notes.append(f"{self.path.name}: sheet {ws.title!r} rows {_ranges(in_rows)} are hidden "
                             f"({count} cells not read)")
            in_columns = sorted({c for r, c in filled if _in_spans(c, columns) and r not in rows})
            if in_columns:
                from openpyxl.utils import get_column_letter

                count = sum(1 for r, c in filled if _in_spans(c, columns) and r not in rows)
                notes.append(f"{self.path.name}: sheet {ws.title!r} columns "
                             f"{', '.join(get_column_letter(c) for c in in_columns)} are hidden ({count} cells not read)")
            unseen = sorted((r, c) for r, c in filled
                            if r not in rows and not _in_spans(c, columns) and self.unseen(ws.title, r, c))
            if unseen:
                from openpyxl.utils import get_column_letter

                shown = ", ".join(f"{get_column_letter(c)}{r}" for r, c in unseen[:10])
                notes.append(f"{self.path.name}: sheet {ws.title!r} has {len(unseen)} cells a reader cannot see "
                             "(white or background-coloured font, under 2 pt, or the ;;; format): "
                             f"{shown}{' ...' if len(unseen) > 10 else ''}")
        return notes

    def merged_ranges(self, sheet: str) -> list[str]:
        """Merged cell ranges of ``sheet`` as A1 references, sorted."""
        return sorted(str(r) for r in self._formulas[sheet].merged_cells.ranges)

    def declared_dimension(self, sheet: str) -> str | None:
        """The ``<dimension ref>`` the sheet's XML declares (not the real used range), or None."""
        index = self._formulas.sheetnames.index(sheet)
        try:
            with zipfile.ZipFile(self.path) as archive:
                rels = archive.read("xl/_rels/workbook.xml.rels").decode("utf-8", "replace")
                book = archive.read("xl/workbook.xml").decode("utf-8", "replace")
                rid = re.findall(r"<(?:\w+:)?sheet\b[^>]*?r:id=\"([^\"]+)\"", book)[index]
                target = re.search(rf"<Relationship\b[^>]*?Id=\"{re.escape(rid)}\"[^>]*?Target=\"([^\"]+)\"", rels) \
                    or re.search(rf"<Relationship\b[^>]*?Target=\"([^\"]+)\"[^>]*?Id=\"{re.escape(rid)}\"", rels)
                part = target.group(1).lstrip("/")
                part = part if part.startswith("xl/") else "xl/" + part
                with archive.open(part) as handle:
                    head = handle.read(8192).decode("utf-8", "replace")
        except (KeyError, IndexError, AttributeError, zipfile.BadZipFile):
            return None
        match = re.search(r"<(?:\w+:)?dimension\b[^>]*\bref=\"([^\"]+)\"", head)
        return match.group(1) if match else None

    def rows(self, sheet: str, visible_only: bool = True) -> list[list[Cell]]:
        """Rows 1..last populated row of ``sheet`` as Cells (formulas computed), columns 1..last populated column.

        With ``visible_only`` (the default) a hidden sheet gives [] and hidden rows and columns are left out, so
        ``rows[i][j]`` is the i-th visible row's j-th visible cell. A sheet whose populated extent is over
        :data:`MAX_GRID_CELLS` gives only its populated rows, each up to its own last populated cell, so a hostile
        extent cannot exhaust memory.
        """
        from openpyxl.utils import get_column_letter

        if visible_only and self.sheet_hidden(sheet):
            return []
        hidden_rows = self._hidden_rows(sheet) if visible_only else set()
        hidden_columns = self._hidden_columns(sheet) if visible_only else []
        max_row, max_col = self._extent.get(sheet, (0, 0))

        def seen(r: int, c: int) -> Cell:
            if visible_only and self.unseen(sheet, r, c):
                return Cell(self.sheet_name(sheet) or sheet, f"{get_column_letter(c)}{r}", None,
                            note="not visible", date1904=self.date1904)
            return self.cell(sheet, f"{get_column_letter(c)}{r}")

        if max_row * max_col <= MAX_GRID_CELLS:
            columns = [c for c in range(1, max_col + 1) if not _in_spans(c, hidden_columns)]
            return [[seen(r, c) for c in columns] for r in range(1, max_row + 1) if r not in hidden_rows]
        by_row: dict[int, int] = {}
        for cell in self.populated(sheet, visible_only):
            row = int(re.sub(r"[A-Z]+", "", cell.coordinate))
            by_row[row] = max(by_row.get(row, 0), _column(cell.coordinate))
        return [[seen(r, c) for c in range(1, min(last, 16384) + 1) if not _in_spans(c, hidden_columns)]
                for r, last in sorted(by_row.items())]

    def formula_cells(self) -> list[Cell]:
        """Every formula cell in the workbook, computed."""
        return [c for ws in self._formulas.worksheets for c in self.populated(ws.title, visible_only=False)
                if c.is_formula]

    # -- cells ---------------------------------------------------------------------------------------------------
    def cell(self, sheet: str, coordinate: str, _depth: int = 0) -> Cell:
        """The Cell at ``sheet!coordinate`` (sheet name case-insensitive)."""
        from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

        name = self.sheet_name(sheet) or sheet
        key = (name, coordinate.replace("$", "").upper())
        if key in self._computed:
            return self._computed[key]
        worksheet = self._sheets.get(name)
        if worksheet is None:
            return Cell(name, key[1], None, known=False, note=f"no sheet {sheet!r}", date1904=self.date1904)
        letters, row = coordinate_from_string(key[1])
        col = column_index_from_string(letters)
        source = worksheet._cells.get((row, col))
        raw = source.value if source is not None else None
        fmt = source.number_format if source is not None else "General"
        kind = type(raw).__name__
        if kind == "ArrayFormula":
            result = self._array_cell(name, key[1], raw.text, raw.ref or key[1], row, col, fmt, _depth)
        elif kind == "DataTableFormula":
            result = Cell(name, key[1], None, formula="{=TABLE()}", cached=self._cached_value(name, row, col),
                          known=False, note="data tables (what-if analysis) are not computed", number_format=fmt,
                          date1904=self.date1904)
        elif isinstance(raw, str) and raw.startswith("="):
            result = self._formula_cell(name, key[1], raw, (row, col), fmt, _depth)
        elif (anchor := self._array_anchor(name, row, col)) is not None:
            result = self._from_anchor(name, key[1], row, col, anchor, _depth)
        else:
            result = Cell(name, key[1], raw, number_format=fmt, date1904=self.date1904)
        self._computed[key] = result
        return result

    def what_if(self, sheet: str, coordinate: str, constants: dict[tuple[str, str], Any]) -> Cell:
        """The formula cell ``sheet!coordinate`` recomputed by the ``formulas`` engine as if each
        ``(sheet, coordinate)`` in ``constants`` held the given value: no cached value consulted, nothing
        disputed, LibreOffice not run, the workbook's own cells unchanged afterwards (issue 11, item 3)."""
        saved = (self._computed, self._taint, self._ranges, self.second_engine, self._what_if)
        if not constants and self._baseline is not None:
            self._computed, self._taint, self._ranges = self._baseline
        else:
            self._computed = {(self.sheet_name(s) or s, c.replace("$", "").upper()):
                              Cell(s, c, v, date1904=self.date1904) for (s, c), v in constants.items()}
            self._taint, self._ranges = {}, {}
            if not constants:  # the unchanged workbook: every later probe's "before" reads these values
                self._baseline = (self._computed, self._taint, self._ranges)
        self.second_engine, self._what_if = False, True
        try:
            return self.cell(sheet, coordinate)
        finally:
            self._computed, self._taint, self._ranges, self.second_engine, self._what_if = saved

    def _cached_value(self, sheet: str, row: int, col: int) -> Any:
        cell = self._sheets[sheet]._cells.get((row, col)) if sheet in self._sheets else None
        if cell is None or cell.data_type != "f":
            return None if cell is None else cell.value
        return self._cached.get(sheet, {}).get((row, col))

    def _array_anchor(self, sheet: str, row: int, col: int) -> tuple[int, int, int, int, str] | None:
        for r1, c1, r2, c2, anchor in self._arrays.get(sheet, []):
            if r1 <= row <= r2 and c1 <= col <= c2:
                return r1, c1, r2, c2, anchor
        return None

    def _array_cell(self, sheet: str, coordinate: str, text: str, ref: str, row: int, col: int, fmt: str,
                    depth: int) -> Cell:
        formula = text if text.startswith("=") else "=" + text
        return self._formula_cell(sheet, coordinate, formula, (row, col), fmt, depth, array=True)

    def _from_anchor(self, sheet: str, coordinate: str, row: int, col: int,
                     anchor: tuple[int, int, int, int, str], depth: int) -> Cell:
        r1, c1, _r2, _c2, anchor_ref = anchor
        source = self._formulas[sheet][anchor_ref].value
        formula = source.text if source.text.startswith("=") else "=" + source.text
        fmt = self._formulas[sheet]._cells.get((row, col))
        return self._formula_cell(sheet, coordinate, formula, (row, col),
                                  fmt.number_format if fmt else "General", depth, offset=(row - r1, col - c1))

    def _formula_cell(self, sheet: str, coordinate: str, formula: str, position: tuple[int, int], fmt: str,
                      depth: int, offset: tuple[int, int] | None = None, array: bool = False) -> Cell:
        """The Cell of a formula: computed (``offset`` picks this cell out of an array formula's result; an
        ordinary formula given a range where one value is wanted takes the range's cell in its own row or column,
        Excel's implicit intersection), its taint (volatile or unproven functions in it or its precedents)
        recorded, then settled against the cached value (:meth:`_settle`)."""
        self._precedent_taints.append(set())
        self._spans.append([])
        try:
            value, known, note, engine, error = self._compute(sheet, formula, depth, coordinate, offset is not None)
        finally:
            inherited = self._precedent_taints.pop()
            spans = self._spans.pop()
        if known and isinstance(value, list):
            row, col = offset or (0, 0)
            if offset is None and not array and (len(value) > 1 or len(value[0]) > 1):
                row, col = _intersection(spans, sheet, position, (len(value), len(value[0])))
            try:
                if row < 0:
                    raise IndexError
                value = value[row][col] if len(value) > 1 or len(value[0]) > 1 else value[0][0]
            except IndexError:
                value, known, note, error = None, False, f"formula {formula} gives no value at {coordinate}", \
                    "#VALUE!"
            if isinstance(value, _Unknown):
                value, known, note, error = None, False, f"formula {formula} gives the error {value}", str(value)
        cell = Cell(sheet, coordinate, value, formula=formula, cached=self._cached_value(sheet, *position),
                    known=known, note=note, number_format=fmt, date1904=self.date1904, engine=engine, error=error)
        taint = formula_taint(formula) or min(inherited, default="")
        self._taint[(sheet, coordinate)] = taint
        return self._settle(cell, taint)

    def _settle(self, cell: Cell, taint: str) -> Cell:
        """Convict only on proof (issue 11, item 2; SPEC section 4). A formula cell whose computed value cannot be
        proven against the value the file cached becomes *disputed*: its ``value`` is the cached one and ``note``
        says why. Proof needs all of: no volatile function in the cell or its precedents, every function on
        :data:`excel_semantics.PROVEN_FUNCTIONS`, the ``formulas`` engine computing it, LibreOffice agreeing (when
        installed), and a difference beyond 15-digit arithmetic and the displayed precision. A cached numeric 0
        is xlsxwriter's placeholder for "not computed" and is never evidence either way.
        """
        cached = cell.cached
        if self._what_if or cached is None or (not isinstance(cached, bool) and isinstance(cached, (int, float)) and cached == 0):
            return cell
        cached_error = cached if isinstance(cached, str) and cached in ERROR_CODES else ""
        if taint.startswith("volatile"):
            return self._dispute(cell, cached_error, f"{taint}: the cached value is used, whatever the day")
        if not cell.known:
            if cell.error and cell.error == cached_error:
                return cell
            return self._dispute(cell, cached_error, f"no engine computed it ({cell.note}); the cached value is used")
        unit = display_unit(cell.number_format)
        computed = _engine_value(cell.value, self.date1904)
        if cached_error or not explained(computed, _engine_value(cached, self.date1904), unit):
            if taint:
                return self._dispute(cell, cached_error, f"computes {cell.value!r} but {taint}")
            if cell.engine != "formulas":
                return self._dispute(cell, cached_error, f"only {cell.engine or 'no engine'} computed it")
            second, problem = self._libreoffice_value(cell.sheet, cell.coordinate) if self.second_engine \
                else (None, "LibreOffice not asked")
            if problem and not self._lo_unavailable:
                return self._dispute(cell, cached_error, f"computes {cell.value!r}; LibreOffice: {problem}")
            if not problem and not explained(computed, _engine_value(second, self.date1904), unit):
                return self._dispute(cell, cached_error,
                                     f"the formulas package computes {cell.value!r}, LibreOffice {second!r}")
        return cell

    def _dispute(self, cell: Cell, cached_error: str, why: str) -> Cell:
        cell.disputed = True
        cell.note = f"disputed: {why}"
        if cached_error:
            cell.value, cell.known, cell.error = None, False, cached_error
        else:
            cell.value, cell.known, cell.error = cell.cached, True, ""
        return cell

    def _compute(self, sheet: str, formula: str, depth: int, coordinate: str = "",
                 whole: bool = False) -> tuple[Any, bool, str, str, str]:
        value, known, note, error = self._compute_formulas(sheet, formula, depth, whole, coordinate)
        if known or not self.second_engine or not coordinate:
            return value, known, note, "formulas" if known else "", error
        lo_value, problem = self._libreoffice_value(sheet, coordinate)
        if problem:
            lo_error = lo_value if isinstance(lo_value, str) and lo_value in ERROR_CODES else ""
            return None, False, f"{note}; {problem}", "", error or lo_error
        return (lo_value, True, f"computed by LibreOffice (the formulas package could not: {note})", "libreoffice",
                "")

    def _compute_formulas(self, sheet: str, formula: str, depth: int, whole: bool,
                          coordinate: str = "") -> tuple[Any, bool, str, str]:
        if depth > 200:
            return None, False, "formula chain deeper than 200 cells (circular?)", ""
        try:
            import numpy as np

            compiled = self._compiled.get(formula)
            if compiled is None:
                compiled = _compiled(formula)  # compiled_formula widens SUM ranges and registers Excel semantics
                self._compiled[formula] = compiled
            func, references = compiled
            args = [self._resolve(sheet, ref, depth) for ref in references]
            key = _call_key(formula, coordinate, args)
            result = self._results.get(key, _NOT_COMPUTED) if key is not None else _NOT_COMPUTED
            if result is _NOT_COMPUTED:
                token = FORMULA_POSITION.set((_row(coordinate), _column(coordinate)) if coordinate else None)
                try:
                    result = func(*args)
                finally:
                    FORMULA_POSITION.reset(token)
                if key is not None and len(self._results) < MAX_REMEMBERED_RESULTS:
                    self._results[key] = result
            if isinstance(result, np.ndarray):
                if result.ndim == 2 and result.size > 1:
                    return [[_plain(v, 0) for v in row] for row in result.tolist()], True, "", ""
                result = result.ravel()[0] if result.size else None
            result = _plain(result, 0)  # a formula over an empty cell shows 0 in Excel
            if isinstance(result, _Unknown):
                return None, False, f"formula {formula} gives the spreadsheet error {result}", str(result)
            if isinstance(result, float) and not math.isfinite(result):
                return None, False, f"formula {formula} gives a non-finite number", "#NUM!"
            return result, True, "", ""
        except _Unknown as exc:
            return None, False, str(exc), ""
        except RecursionError:
            return None, False, f"formula {formula} refers to itself (circular reference)", ""
        except Exception as exc:  # the formulas package raises many types for functions it lacks
            return None, False, f"formula {formula} could not be computed ({type(exc).__name__}: {exc})", ""

    @property
    def _lo_unavailable(self) -> bool:
        return self._lo_problem.startswith(LO_NOT_INSTALLED)

    def _libreoffice_value(self, sheet: str, coordinate: str) -> tuple[Any, str]:
        """LibreOffice's value for a formula cell (one forced recalculation per workbook), or (error code or
        None, the problem)."""
        if self._lo_values is None and not self._lo_problem:
            from libreoffice import LibreOfficeUnavailable, recalculated_values

            try:
                self._lo_values = recalculated_values(self.path)
            except (LibreOfficeUnavailable, RefusedFile) as exc:
                self._lo_problem = str(exc)
        if self._lo_problem:
            return None, self._lo_problem
        values = self._lo_values or {}
        if (sheet, coordinate) not in values:
            return None, "LibreOffice did not compute it either"
        value = values[(sheet, coordinate)]
        if isinstance(value, str) and value in ERROR_CODES:
            return value, f"LibreOffice gives the spreadsheet error {value}"
        return value, ""

    def _resolve(self, sheet: str, ref: str, depth: int) -> Any:
        """The engine argument for reference ``ref`` in a formula on ``sheet``: a 2-D object array (a single cell
        is 1 x 1, as Excel passes references, so functions can tell a referenced "2" from a typed one), empty
        cells as ``schedula.EMPTY``, error cells as the engine's error values. Each cell's taint is passed to the
        formula being computed. A range is gathered once per computation (:meth:`_gathered`) and handed out as a
        copy, so a function cannot change what the next formula reads."""
        from openpyxl.utils.cell import range_boundaries

        target_sheet, address = sheet, ref
        if "!" in ref:
            target_sheet, address = ref.rsplit("!", 1)
            target_sheet = target_sheet.strip("'").replace("''", "'")
            actual = self.sheet_name(target_sheet)
            if actual is None:
                raise _Unknown(f"reference {ref} names a sheet that does not exist")
            target_sheet = actual
        address = address.replace("$", "")
        if not re.fullmatch(r"[A-Z]{1,3}\d+(:[A-Z]{1,3}\d+)?|[A-Z]{1,3}:[A-Z]{1,3}|\d+:\d+", address.upper()):
            named = self._defined_name(address, target_sheet if "!" in ref else sheet)
            if named is None:
                raise _Unknown(f"{ref} is neither a cell reference nor a defined name")
            return self._resolve(sheet, named, depth + 1)
        min_col, min_row, max_col, max_row = range_boundaries(address.upper())
        last_row, last_col = self._extent.get(target_sheet, (0, 0))
        declared = 1
        if ":" not in address:
            max_row, max_col = min_row, min_col
        else:
            min_row, min_col = min_row or 1, min_col or 1
            declared = ((max_row or EXCEL_ROWS) - min_row + 1) * ((max_col or EXCEL_COLUMNS) - min_col + 1)
            max_row = min(max_row or last_row, last_row)
            max_col = min(max_col or last_col, last_col)
        if (max_row - min_row + 1) * (max_col - min_col + 1) > MAX_RANGE_CELLS:
            raise _Unknown(f"range {ref} is too large to compute")
        taints = self._precedent_taints[-1] if self._precedent_taints else set()
        if self._spans and (max_row > min_row or max_col > min_col):
            self._spans[-1].append((target_sheet, min_row, min_col, max_row, max_col))
        key = (target_sheet, min_row, min_col, max_row, max_col, declared)
        if key not in self._ranges:
            self._ranges[key] = self._gathered(target_sheet, ref, min_row, min_col, max_row, max_col, declared,
                                               depth)
        result, found = self._ranges[key]
        taints.update(found)
        if isinstance(result, _Unknown):
            raise _Unknown(f"{ref} includes an unknown cell: {result}")
        if result.content is None:  # once per gathering, not once per formula reading it (_call_key)
            result.content = _content(result)
        copy = result.copy().view(BoundedRange)
        copy.origin, copy.outside_blanks, copy.content = result.origin, result.outside_blanks, result.content
        return copy

    def _gathered(self, target_sheet: str, ref: str, min_row: int, min_col: int, max_row: int, max_col: int,
                  declared: int, depth: int) -> tuple[Any, frozenset[str]]:
        """The engine argument for the cells ``min_row..max_row`` x ``min_col..max_col`` of ``target_sheet`` (see
        :meth:`_resolve`; ``declared`` is how many cells the reference ``ref`` spans), or the _Unknown an unknown
        cell raises, with the taints of the formula cells read up to that point."""
        import numpy as np
        import schedula as sh
        from openpyxl.utils import get_column_letter

        taints: set[str] = set()
        grid = []
        for r in range(min_row, max_row + 1):
            row = []
            for c in range(min_col, max_col + 1):
                coordinate = f"{get_column_letter(c)}{r}"
                cell = self.cell(target_sheet, coordinate, depth + 1)
                if cell.is_formula:
                    taint = self._taint.get((target_sheet, coordinate), "")
                    if cell.disputed:
                        taint = taint or f"its precedent {target_sheet}!{coordinate} is disputed"
                    if taint:
                        taints.add(taint)
                if cell.error or (not cell.is_formula and cell.value in ERROR_CODES and self._is_error(
                        target_sheet, coordinate)):
                    row.append(_engine_error(cell.error or cell.value))
                    continue
                if not cell.known:
                    return _Unknown(cell.note), frozenset(taints)
                row.append(sh.EMPTY if cell.value is None else _engine_value(cell.value, self.date1904))
            grid.append(row)
        result = np.array(grid or [[sh.EMPTY]], dtype=object).view(BoundedRange)
        result.origin = (min_row, min_col)
        result.outside_blanks = max(declared - (max_row - min_row + 1) * (max_col - min_col + 1), 0) if grid else 0
        return result, frozenset(taints)

    def _is_error(self, sheet: str, coordinate: str) -> bool:
        """True when the constant at ``sheet!coordinate`` is an error value (t="e"), not text like "#N/A"."""
        from openpyxl.utils.cell import coordinate_to_tuple

        source = self._formulas[sheet]._cells.get(coordinate_to_tuple(coordinate))
        return source is not None and source.data_type == "e"

    def _defined_name(self, name: str, sheet: str | None = None) -> str | None:
        """The A1 target (``Sheet!$A$1:$B$2``) of defined name ``name`` as seen from ``sheet``: a name scoped to
        that sheet wins over the workbook-wide one (Excel's rule). None when undefined or not a plain reference."""
        scopes = []
        if sheet is not None and sheet in self._formulas.sheetnames:
            scopes.append(self._formulas[sheet].defined_names)
        scopes.append(self._formulas.defined_names)
        for names in scopes:
            upper = {k.upper(): v for k, v in names.items()}
            item = upper.get(name.upper())
            if item is not None:
                text = item.attr_text
                return text if "!" in text and "," not in text else None
        return None

    # -- searching -----------------------------------------------------------------------------------------------
    def find_label(self, sheet: str, label: str, visible_only: bool = True) -> Cell | None:
        """The first numeric-looking cell to the right of the first cell whose text starts with ``label``
        (normalised). Returns the Cell (possibly ``known`` False) or None when the label is absent. With
        ``visible_only`` (the default) hidden sheets, rows and columns are not searched.
        """
        wanted = normalize_text(label)
        cells = self.populated(sheet, visible_only)
        for index, cell in enumerate(cells):
            if isinstance(cell.value, str) and not cell.is_formula and normalize_text(cell.value).startswith(wanted):
                row = _row(cell.coordinate)
                for right in cells[index + 1 :]:
                    if _row(right.coordinate) != row:
                        break
                    if right.is_formula or parse_number(right.value) is not None:
                        return right
                return None
        return None

    def labelled_rows(self, sheet: str, name_of: Callable[[str], str | None],
                      visible_only: bool = True) -> dict[str, list[Cell | None]]:
        """Label/value rows: for every row whose first non-empty cell is text that ``name_of`` maps to a name,
        ``{name: [the first non-empty cell right of the label, or None, one per such row, top to bottom]}``. Every
        row naming a label is kept: a label given twice with two values is two answers for one subject, and a
        reader sees both (a reader that kept only the first row passed a right row followed by a contradicting
        one: PM-01 Summary, ECON-01 Pay and jobs). Empty for a missing sheet; with ``visible_only`` (the default)
        hidden sheets, rows and columns are not read.
        """
        found: dict[str, list[Cell | None]] = {}
        for row in self.rows(sheet, visible_only):
            cells = [c for c in row if c.value not in (None, "")]
            if not cells or not isinstance(cells[0].value, str):
                continue
            name = name_of(cells[0].value)
            if name is not None:
                found.setdefault(name, []).append(cells[1] if len(cells) > 1 else None)
        return found

    def table(self, sheet: str, required_headers: list[str], search_rows: int = 15,
              visible_only: bool = True) -> list[dict[str, Cell]]:
        """Rows below the first header row holding every one of ``required_headers`` (whole cell, compared by
        :func:`header_key`: "Amount ($)" and "Amount:" are the column "amount"), as ``{header key: Cell}``; fully
        empty rows are skipped, and so are notes: a row whose only content is one sentence of
        :data:`NOTE_WORDS` words or more ("L1 award takes effect at the start of Q3 2026, so ..." under a lever
        table is no row of lever L1; independent solvers, CONS-01 and RES-01 hard). [] when no such header row
        exists. With ``visible_only`` (the default) hidden sheets, rows and columns are not read.
        """
        rows = self.rows(sheet, visible_only)
        wanted = [header_key(h) for h in required_headers]
        for index, row in enumerate(rows[:search_rows]):
            headers: list[str] = []
            for c in row:
                key = header_key(c.value) if isinstance(c.value, str) else ""
                headers.append(normalize_text(c.value) if key and key in headers else key)
            if all(h in headers for h in wanted):
                found = []
                for data in rows[index + 1 :]:
                    if all(c.value is None for c in data) or _note_row(data):
                        continue
                    found.append({h: data[i] for i, h in enumerate(headers) if h and i < len(data)})
                return found
        return []


#: A row holding nothing but text of at least this many words is a note written beside a table, not one of its rows.
NOTE_WORDS = 8


def _note_row(cells: list[Cell]) -> bool:
    filled = [c for c in cells if c.value is not None and not (isinstance(c.value, str) and not c.value.strip())]
    return (len(filled) == 1 and isinstance(filled[0].value, str) and not filled[0].is_formula
            and len(filled[0].value.split()) >= NOTE_WORDS)


#: A currency or unit written in brackets after a column name: "($)", "(EUR)", "[USD]", "(in £)", "(€, net of VAT)".
_HEADER_UNIT = re.compile(r"\s*[(\[]\s*(?:in\s+)?(?:[$€£]|us\$|usd|eur|euros?|gbp|chf|dollars?|pounds?)(?![a-z])"
                          r"[^)\]]{0,20}[)\]]\s*$", re.IGNORECASE)


def header_key(value: Any) -> str:
    """A column header as a template names it: normalised text without a closing colon or a bracketed currency
    ("Amount ($)", "Amount paid (EUR)", "Difference (€)", "Proposed fallback:" -> "amount", "amount paid",
    "difference", "proposed fallback"). A percentage or other bracket stays ("Variance (%)"). Source: issue 12
    item 1, "currency symbols" among the ways a professional writes a template."""
    text = normalize_text(value)
    text = _HEADER_UNIT.sub("", text).rstrip(": ").strip()
    return text


def _rgb(color: Any) -> tuple[int, int, int] | None:
    """An openpyxl ``Color`` as (red, green, blue), or None when it is automatic or cannot be resolved: an ARGB
    value, a white entry of the indexed palette, or the theme's "Background 1" (white) with a tint that keeps it
    within :data:`NEAR_COLOUR` of white. Other theme and indexed colours are taken as visible (None)."""
    if color is None:
        return None
    kind = getattr(color, "type", None)
    if kind == "rgb" and isinstance(color.rgb, str) and re.fullmatch(r"[0-9A-Fa-f]{6,8}", color.rgb):
        text = color.rgb[-6:]
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    if kind == "indexed" and color.indexed in _WHITE_INDEXED:
        return (255, 255, 255)
    if kind == "theme" and color.theme == _WHITE_THEME:
        level = round(255 * (1 + min(float(color.tint or 0), 0)))
        return (level, level, level)
    return None


def _in_spans(column: int, spans: list[tuple[int, int]]) -> bool:
    return any(first <= column <= last for first, last in spans)


def _ranges(numbers: list[int]) -> str:
    """``[3, 4, 5, 9]`` -> ``"3-5, 9"``."""
    groups: list[list[int]] = []
    for number in numbers:
        if groups and number == groups[-1][-1] + 1:
            groups[-1].append(number)
        else:
            groups.append([number])
    return ", ".join(f"{g[0]}-{g[-1]}" if len(g) > 1 else str(g[0]) for g in groups)


def _row(coordinate: str) -> int:
    return int(re.sub(r"[A-Z$]+", "", coordinate))


def _column(coordinate: str) -> int:
    from openpyxl.utils.cell import column_index_from_string

    return column_index_from_string(re.sub(r"[\d$]+", "", coordinate))


def _plain(value: Any, empty: Any = None) -> Any:
    import numpy as np
    import schedula as sh

    if value is sh.EMPTY:
        return empty
    if type(value).__name__ == "XlError":
        return _Unknown(str(value))
    if isinstance(value, np.generic):
        return value.item()
    return value


def _intersection(spans: list[tuple[str, int, int, int, int]], sheet: str, position: tuple[int, int],
                  shape: tuple[int, int]) -> tuple[int, int]:
    """Where Excel's implicit intersection puts an ordinary formula at ``position`` (row, col) within a result of
    ``shape`` computed element by element over a referenced range: the range's cell in the formula's row (a
    column range) or column (a row range). (-1, -1) when no range of that shape lies across it (Excel: #VALUE!);
    (0, 0) when no referenced range has the result's shape."""
    for _sheet, r1, c1, r2, c2 in spans:  # Excel intersects by row/column number, on any sheet
        if (r2 - r1 + 1, c2 - c1 + 1) != shape:
            continue
        row = position[0] - r1 if shape[0] > 1 else 0
        col = position[1] - c1 if shape[1] > 1 else 0
        if not (0 <= row < shape[0] and 0 <= col < shape[1]):
            return -1, -1
        return row, col
    return 0, 0


#: Compiled formula shapes: a formula with its references replaced, in order, by placeholders of the same kind
#: (``=ROUND(D7-E7,2)`` and ``=ROUND(D8-E8,2)`` are both ``=ROUND(A1-A2,2)``), and whether the shape was proven to
#: name its inputs as the formula's own compilation does. A column of row formulas compiles once, not per row.
_SHAPES: dict[str, tuple[Any, bool]] = {}
_CELL_REF = re.compile(r"[A-Z]{1,3}\d+")
_RANGE_REF = re.compile(r"[A-Z]{1,3}\d+:[A-Z]{1,3}\d+")
#: Functions that read where a reference is, not only its values: a formula using one compiles on its own.
_POSITIONAL = re.compile(r"\b(?:ROWS?|COLUMNS?|OFFSET|INDIRECT|CELL|ADDRESS|AREAS|FORMULATEXT|ISREF)\s*\(", re.I)


def _compile(formula: str) -> Any:
    """``formula`` compiled through :func:`excel_engine.compiled_formula`: kept per process by its text and learnt
    by a warm evaluation parent (issue 14), so a shape compiled once serves every child."""
    return compiled_formula(formula)


def _input_name(ref: str) -> str:
    """The name the formulas package gives reference ``ref`` (``$C$2:C2`` -> ``C2``, ``Manifest!$A$2:$A$9`` ->
    ``MANIFEST!A2:A9``)."""
    text = ref.replace("$", "").upper()
    prefix, _, address = text.rpartition("!")
    first, _, last = address.partition(":")
    address = first if last == first else address
    return f"{prefix}!{address}" if prefix else address


def _compiled(formula: str) -> tuple[Any, list[str]]:
    """The compiled ``formula`` and the references to pass it, in its inputs' order. Formulas of one shape (see
    :data:`_SHAPES`) share one compilation; a shape is trusted once its first formula's own compilation named the
    same inputs. Raises what the formulas package raises on a formula it cannot parse."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        tokens = Tokenizer(formula).items
    except Exception:  # noqa: BLE001 - openpyxl raises bare Exceptions on malformed text
        tokens = []
    if not tokens or "=" + "".join(t.value for t in tokens) != formula or _POSITIONAL.search(formula):
        func = _compile(formula)
        return func, list(func.inputs)
    names: dict[str, str] = {}  # input name -> placeholder
    parts = []
    for token in tokens:
        if token.type == Token.OPERAND and token.subtype == Token.RANGE:
            name = _input_name(token.value)
            address = name.rpartition("!")[2]
            if not (_CELL_REF.fullmatch(address) or _RANGE_REF.fullmatch(address)):
                func = _compile(formula)
                return func, list(func.inputs)
            if name not in names:
                row = len(names) + 1
                names[name] = f"A{row}" if _CELL_REF.fullmatch(address) else f"A{row}:B{row}"
            parts.append(names[name])
        else:
            parts.append(token.value)
    shape = "=" + "".join(parts)
    by_placeholder = {placeholder: name for name, placeholder in names.items()}
    known = _SHAPES.get(shape)
    if known is None:
        func = _compile(formula)
        try:
            shared = _compile(shape)
            trusted = sorted(func.inputs) == sorted(names) and sorted(shared.inputs) == sorted(by_placeholder)
        except Exception:  # noqa: BLE001 - the formulas package raises many types
            shared, trusted = None, False
        _SHAPES[shape] = (shared, trusted)
        return func, list(func.inputs)
    shared, trusted = known
    if not trusted:
        func = _compile(formula)
        return func, list(func.inputs)
    return shared, [by_placeholder[placeholder] for placeholder in shared.inputs]


def _engine_error(code: str) -> Any:
    from formulas.tokens.operand import Error

    return Error.errors.get(code, Error.errors["#VALUE!"])


def cached_contradictions(book: Workbook, tolerance: float = 0.005) -> list[str]:
    """Formula cells whose cached value is proven to contradict their formula, as readable strings.

    Only cells :meth:`Workbook._settle` left undisputed count (no volatile or unproven function in them or their
    precedents, both engines agreeing): anything short of proof is disputed and listed by :func:`disputed_cells`
    instead. Cells with no cached value, or a cached numeric 0 (xlsxwriter's placeholder for every formula, its
    documented behaviour), are never contradictions. ``tolerance`` is the floor below which no difference counts;
    15-digit arithmetic and the cell's displayed precision widen it (excel_semantics.explained). Source: SPEC
    section 4 and issue 11, item 2 (convict only on proof).
    """
    found = []
    for cell in book.formula_cells():
        if cell.cached is None or cell.disputed or cell.engine != "formulas":
            continue
        if isinstance(cell.cached, (int, float)) and not isinstance(cell.cached, bool) and cell.cached == 0:
            continue
        cached, value = _engine_value(cell.cached, book.date1904), _engine_value(cell.value, book.date1904)
        if not explained(value, cached, display_unit(cell.number_format), tolerance):
            found.append(f"{cell.sheet}!{cell.coordinate} {cell.formula} computes {cell.value!r} but the file says "
                         f"{cell.cached!r}")
    return found


def disputed_cells(book: Workbook) -> list[str]:
    """Formula cells read by their cached value because their computation could not be proven (issue 11, item 2),
    as ``"Sheet!A1 =FORMULA: why"``; the receipt names them so a reader can check them by hand."""
    return [f"{c.sheet}!{c.coordinate} {c.formula}: {c.note}" for c in book.formula_cells() if c.disputed]


def unknown_formulas(book: Workbook) -> list[str]:
    """Formula cells whose value could not be computed, with the reason (reported in receipts, never read as 0)."""
    return [f"{c.sheet}!{c.coordinate} {c.formula}: {c.note}" for c in book.formula_cells()
            if not c.known and not c.disputed]


def engine_notes(book: Workbook, limit: int = 10) -> list[str]:
    """Receipt notes on how formulas were computed: repairs made, cells LibreOffice computed, disputed cells (read
    by their cached value), cells unknown."""
    notes = [f"{book.path.name}: {n}" for n in book.notes]
    by_lo = [f"{c.sheet}!{c.coordinate}" for c in book.formula_cells() if c.engine == "libreoffice"]
    if by_lo:
        notes.append(f"{book.path.name}: LibreOffice computed {len(by_lo)} formula cell(s) the formulas package "
                     f"could not: {', '.join(by_lo[:limit])}")
    disputed = disputed_cells(book)
    if disputed:
        notes.append(f"{book.path.name}: {len(disputed)} formula cell(s) disputed, scored by their cached value")
        notes += [f"disputed: {d}" for d in disputed[:limit]]
    notes += [f"formula value unknown: {u}" for u in unknown_formulas(book)[:limit]]
    return notes
