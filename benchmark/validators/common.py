"""Helpers every scenario's evaluate.py uses (SPEC section 4): reading deliverables, numbers, tolerances, the
shared critical checks and the :class:`Evaluation` accumulator that turns checks into a receipt.

An evaluate.py reads like::

    import common
    EVALUATOR_VERSION = "ACC-01/1.0"

    def evaluate(out_dir, oracle, workspace, run_id=""):
        ev = common.Evaluation(out_dir, oracle, workspace, run_id, evaluator_version=EVALUATOR_VERSION)
        ev.check_completion_file(); ev.check_input_integrity(); ev.check_deliverables_present()
        book = ev.open_xlsx("reconciliation.xlsx")
        ev.criterion("adjusted_bank_balance", "...", passed, weight=2, detail="...", no_op="no_op_fail")
        return ev.receipt()

Rules kept here so every scenario keeps them: a formula is judged by the value it computes (never read as empty or
0 when it has no cached value: the value is computed with the ``formulas`` package or reported unknown); a link is
never followed out of out/; JSON with NaN/Infinity is refused; numbers are parsed with currency signs, thousands
separators and accounting parentheses.
"""

from __future__ import annotations

import json
import math
import os
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.generation import input_hashes, sha256_file
from wp42.receipts import SHARED_CHECKS, Criterion, ReceiptContext, Violation, build_receipt

#: Files larger than this are refused unread (hostile-output bound, SPEC section 4).
MAX_FILE_BYTES = 25 * 1024 * 1024
#: A zip (xlsx/docx/pptx) whose entries would inflate beyond this is refused (zip bomb bound).
MAX_UNZIPPED_BYTES = 200 * 1024 * 1024


class RefusedFile(Exception):
    """A deliverable that is refused as hostile, unreadable or outside out/; the message says why."""


# ---------------------------------------------------------------------------------------------------- text & numbers
def normalize_text(text: Any) -> str:
    """NFKC, lower case, curly quotes straightened, runs of whitespace collapsed to one space, stripped."""
    value = unicodedata.normalize("NFKC", str(text or ""))
    value = value.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", value).strip().lower()


_NUMBER_RE = re.compile(
    r"(?<![\w.])(?P<neg>-|\u2212)?\(?\s*(?P<cur>[$\u20ac\u00a3])?\s*(?P<neg2>-)?\s*"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*\)?"
)


def parse_number(value: Any) -> Decimal | None:
    """A number from a cell or a string, as Decimal; None when it holds no number.

    Understands ``$1,234.50``, ``-1,234.50``, ``(1,234.50)`` (accounting negative), ``1234.5 USD``, ``12.5%``
    (-> 0.125), the Unicode minus and trailing ``CR``/``DR`` is ignored. bool is not a number. NaN and infinities
    give None.
    """
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, float):
        return None if not math.isfinite(value) else Decimal(repr(value))
    text = unicodedata.normalize("NFKC", str(value)).strip().replace("\u2212", "-")
    text = re.sub(r"\b(usd|eur|gbp|cr|dr)\b", "", text, flags=re.I).strip()
    if not text:
        return None
    negative = False
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1].strip()
    percent = text.endswith("%")
    text = text.rstrip("%").strip()
    if text.startswith("-"):
        negative, text = not negative, text[1:].strip()
    text = text.lstrip("$\u20ac\u00a3").strip()
    if text.startswith("-"):
        negative, text = not negative, text[1:].strip()
    if not re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?|\d+(\.\d+)?|\.\d+", text):
        return None
    try:
        number = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    if percent:
        number /= 100
    return -number if negative else number


def numbers_in_text(text: str) -> list[Decimal]:
    """Every number written in ``text`` (with thousands separators, currency signs, parentheses), as Decimals.

    Parenthesised amounts are returned negative; a leading ``-`` directly before the number too. Callers that do
    not care about sign compare absolute values.
    """
    found: list[Decimal] = []
    for match in _NUMBER_RE.finditer(unicodedata.normalize("NFKC", text)):
        raw = match.group(0).strip()
        number = Decimal(match.group("num").replace(",", ""))
        if match.group("neg") or match.group("neg2") or (raw.startswith("(") and raw.endswith(")")):
            number = -number
        found.append(number)
    return found


def close(actual: Any, expected: Any, tolerance: float | Decimal = 0.005) -> bool:
    """True when ``actual`` parses as a number within ``tolerance`` (absolute) of ``expected``; False if unparsable."""
    a, e = parse_number(actual), parse_number(expected)
    if a is None or e is None:
        return False
    return abs(a - e) <= Decimal(str(tolerance))


def text_has_amount(text: str, amount: Any, tolerance: float | Decimal = 0.005, *, signed: bool = False) -> bool:
    """True when ``text`` mentions ``amount`` (absolute value unless ``signed``) within ``tolerance``."""
    target = parse_number(amount)
    if target is None:
        raise ValueError(f"text_has_amount: {amount!r} is not a number")
    tol = Decimal(str(tolerance))
    for number in numbers_in_text(text):
        if signed and abs(number - target) <= tol:
            return True
        if not signed and abs(abs(number) - abs(target)) <= tol:
            return True
    return False


# ---------------------------------------------------------------------------------------------------- safe paths
def safe_path(out_dir: Path, relative: str) -> Path:
    """``out_dir/relative`` after checking it stays inside ``out_dir`` with no link on the way.

    Raises:
        RefusedFile: the path escapes out_dir, passes through or is a symbolic link, or is larger than
            :data:`MAX_FILE_BYTES`.
    """
    root = Path(out_dir).resolve()
    candidate = Path(out_dir) / relative
    current = Path(out_dir)
    for part in Path(relative).parts:
        current = current / part
        if current.is_symlink():
            raise RefusedFile(f"{relative}: is or passes through a symbolic link; links are not followed")
    resolved = candidate.resolve()
    if resolved != root and root not in resolved.parents:
        raise RefusedFile(f"{relative}: lies outside out/")
    if resolved.is_file() and resolved.stat().st_size > MAX_FILE_BYTES:
        raise RefusedFile(f"{relative}: {resolved.stat().st_size} bytes is over the {MAX_FILE_BYTES} byte limit")
    return resolved


def out_files(out_dir: Path) -> list[str]:
    """Relative posix paths of every regular file or link under ``out_dir`` (links listed, not followed), sorted."""
    found = []
    root = Path(out_dir)
    if not root.is_dir():
        return []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in filenames + [d for d in dirnames if Path(dirpath, d).is_symlink()]:
            found.append((Path(dirpath) / name).relative_to(root).as_posix())
    return sorted(found)


def _check_zip(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            total = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile as exc:
        raise RefusedFile(f"{path.name}: not a valid zip-based Office file ({exc})") from None
    if total > MAX_UNZIPPED_BYTES:
        raise RefusedFile(f"{path.name}: would inflate to {total} bytes (limit {MAX_UNZIPPED_BYTES})")


# ---------------------------------------------------------------------------------------------------- json
def read_json(path: Path) -> Any:
    """Strict JSON: NaN, Infinity and -Infinity are refused.

    Raises:
        RefusedFile: not valid UTF-8 JSON, or it holds a non-finite number.
    """

    def _refuse(token: str) -> Any:
        raise ValueError(f"{token} is not valid JSON")

    try:
        return json.loads(Path(path).read_text(encoding="utf-8"), parse_constant=_refuse)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RefusedFile(f"{Path(path).name}: not valid JSON ({exc})") from None


def read_csv(path: Path, max_rows: int = 100_000) -> list[dict[str, str]]:
    """Rows of a CSV deliverable as ``{normalised header: stripped text}`` (headers via :func:`normalize_text`,
    spaces turned into ``_``). UTF-8 (a BOM is allowed); the dialect is sniffed from the first line (comma,
    semicolon or tab).

    Raises:
        RefusedFile: not UTF-8 text, more than ``max_rows`` rows, or no header row.
    """
    import csv
    import io

    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RefusedFile(f"{Path(path).name}: not UTF-8 text ({exc})") from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows = []
    header: list[str] | None = None
    for raw in reader:
        if header is None:
            header = [normalize_text(h).replace(" ", "_") for h in raw]
            continue
        if not any(cell.strip() for cell in raw):
            continue
        if len(rows) >= max_rows:
            raise RefusedFile(f"{Path(path).name}: more than {max_rows} rows")
        rows.append({h: (raw[i].strip() if i < len(raw) else "") for i, h in enumerate(header) if h})
    if header is None:
        raise RefusedFile(f"{Path(path).name}: empty CSV (no header row)")
    return rows


# ---------------------------------------------------------------------------------------------------- docx & pdf
def docx_text(path: Path) -> str:
    """All text of a .docx: paragraphs, then table cells row by row (cells joined by `` | ``), newline separated.

    Raises:
        RefusedFile: not a readable docx.
    """
    _check_zip(Path(path))
    import docx

    try:
        document = docx.Document(str(path))
    except Exception as exc:  # python-docx raises several unrelated types for broken files
        raise RefusedFile(f"{Path(path).name}: not a readable Word document ({type(exc).__name__}: {exc})") from None
    lines = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            lines.append(" | ".join(cell.text for cell in row.cells))
    return "\n".join(lines)


def pdf_text(path: Path, max_pages: int = 200) -> str:
    """Text of a PDF's first ``max_pages`` pages (pypdf), newline separated.

    Raises:
        RefusedFile: not a readable PDF.
    """
    from pypdf import PdfReader

    try:
        reader = PdfReader(str(path))
        return "\n".join((page.extract_text() or "") for page in reader.pages[:max_pages])
    except Exception as exc:  # pypdf raises many types on malformed input
        raise RefusedFile(f"{Path(path).name}: not a readable PDF ({type(exc).__name__}: {exc})") from None


# ---------------------------------------------------------------------------------------------------- xlsx
@dataclass
class Cell:
    """One spreadsheet cell as the evaluator sees it.

    ``value`` is what the cell is worth: the constant, or for a formula the value computed from the formula
    (``known`` False when the formula could not be computed — then ``value`` is None and ``note`` says why).
    ``cached`` is the value the file carried for a formula (None when absent).
    """

    sheet: str
    coordinate: str
    value: Any
    formula: str | None = None
    cached: Any = None
    known: bool = True
    note: str = ""

    @property
    def is_formula(self) -> bool:
        return self.formula is not None

    @property
    def number(self) -> Decimal | None:
        return parse_number(self.value) if self.known else None


class Workbook:
    """Values and formulas of an .xlsx, with formulas computed cell by cell (``formulas`` package).

    Raises (constructor):
        RefusedFile: not a readable workbook.
    """

    def __init__(self, path: Path) -> None:
        import openpyxl

        self.path = Path(path)
        _check_zip(self.path)
        try:
            self._formulas = openpyxl.load_workbook(self.path, data_only=False, read_only=False)
            self._cached = openpyxl.load_workbook(self.path, data_only=True, read_only=False)
        except Exception as exc:  # openpyxl raises many types on broken files
            raise RefusedFile(f"{self.path.name}: not a readable workbook ({type(exc).__name__}: {exc})") from None
        self._computed: dict[tuple[str, str], Cell] = {}
        self._upper = {name.upper(): name for name in self._formulas.sheetnames}

    @property
    def sheetnames(self) -> list[str]:
        return list(self._formulas.sheetnames)

    def sheet_name(self, wanted: str) -> str | None:
        """The actual name of the sheet called ``wanted`` (case and surrounding space ignored), or None."""
        return self._upper.get(wanted.strip().upper())

    def rows(self, sheet: str) -> list[list[Cell]]:
        """Every row of ``sheet`` as Cells (formulas computed), up to the sheet's used range."""
        ws = self._formulas[sheet]
        return [[self.cell(sheet, c.coordinate) for c in row] for row in ws.iter_rows()]

    def formula_cells(self) -> list[Cell]:
        """Every formula cell in the workbook, computed."""
        found = []
        for ws in self._formulas.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    if isinstance(c.value, str) and c.value.startswith("="):
                        found.append(self.cell(ws.title, c.coordinate))
        return found

    def cell(self, sheet: str, coordinate: str, _depth: int = 0) -> Cell:
        """The Cell at ``sheet!coordinate`` (sheet name case-insensitive)."""
        name = self.sheet_name(sheet) or sheet
        key = (name, coordinate.replace("$", "").upper())
        if key in self._computed:
            return self._computed[key]
        if name not in self._formulas.sheetnames:
            return Cell(name, key[1], None, known=False, note=f"no sheet {sheet!r}")
        raw = self._formulas[name][key[1]].value
        if not (isinstance(raw, str) and raw.startswith("=")):
            result = Cell(name, key[1], raw)
        else:
            cached = self._cached[name][key[1]].value
            value, known, note = self._compute(name, raw, _depth)
            result = Cell(name, key[1], value, formula=raw, cached=cached, known=known, note=note)
        self._computed[key] = result
        return result

    def _compute(self, sheet: str, formula: str, depth: int) -> tuple[Any, bool, str]:
        if depth > 50:
            return None, False, "formula chain deeper than 50 cells (circular?)"
        try:
            import formulas
            import numpy as np

            func = formulas.Parser().ast(formula)[1].compile()
            args = []
            for ref in func.inputs:
                args.append(self._resolve(sheet, ref, depth))
            result = func(*args)
            if isinstance(result, np.ndarray):
                result = result.ravel()[0] if result.size else None
            if isinstance(result, formulas.functions.XlError) or type(result).__name__ == "XlError":
                return None, False, f"formula {formula} gives the spreadsheet error {result}"
            if isinstance(result, np.generic):
                result = result.item()
            if isinstance(result, float) and not math.isfinite(result):
                return None, False, f"formula {formula} gives a non-finite number"
            return result, True, ""
        except _Unknown as exc:
            return None, False, str(exc)
        except Exception as exc:  # the formulas package raises many types for functions it lacks
            return None, False, f"formula {formula} could not be computed ({type(exc).__name__}: {exc})"

    def _resolve(self, sheet: str, ref: str, depth: int) -> Any:
        import numpy as np
        from openpyxl.utils.cell import range_boundaries

        target_sheet, address = sheet, ref
        if "!" in ref:
            target_sheet, address = ref.rsplit("!", 1)
            target_sheet = target_sheet.strip("'")
            actual = self.sheet_name(target_sheet)
            if actual is None:
                raise _Unknown(f"reference {ref} names a sheet that does not exist")
            target_sheet = actual
        address = address.replace("$", "")
        if ":" not in address:
            cell = self.cell(target_sheet, address, depth + 1)
            if not cell.known:
                raise _Unknown(f"{ref} is unknown: {cell.note}")
            return 0 if cell.value is None else cell.value
        min_col, min_row, max_col, max_row = range_boundaries(address)
        ws = self._formulas[target_sheet]
        max_row = min(max_row, ws.max_row)
        max_col = min(max_col, ws.max_column)
        if (max_row - min_row + 1) * (max_col - min_col + 1) > 100_000:
            raise _Unknown(f"range {ref} is too large to compute")
        from openpyxl.utils import get_column_letter

        grid = []
        for r in range(min_row, max_row + 1):
            row = []
            for c in range(min_col, max_col + 1):
                cell = self.cell(target_sheet, f"{get_column_letter(c)}{r}", depth + 1)
                if not cell.known:
                    raise _Unknown(f"{ref} includes an unknown cell: {cell.note}")
                row.append(cell.value)
            grid.append(row)
        return np.array(grid or [[None]], dtype=object)

    def find_label(self, sheet: str, label: str) -> Cell | None:
        """The first numeric-looking cell to the right of the first cell whose text starts with ``label``
        (normalised). Returns the Cell (possibly ``known`` False) or None when the label is absent.
        """
        wanted = normalize_text(label)
        for row in self._formulas[sheet].iter_rows():
            for i, c in enumerate(row):
                if isinstance(c.value, str) and normalize_text(c.value).startswith(wanted):
                    for right in row[i + 1 :]:
                        if right.value is None:
                            continue
                        cell = self.cell(sheet, right.coordinate)
                        if cell.is_formula or parse_number(cell.value) is not None:
                            return cell
                    return None
        return None

    def table(self, sheet: str, required_headers: list[str], search_rows: int = 15) -> list[dict[str, Cell]]:
        """Rows below the first header row holding every one of ``required_headers`` (normalised, whole cell),
        as ``{normalised header: Cell}``; fully empty rows are skipped. [] when no such header row exists.
        """
        rows = self.rows(sheet)
        wanted = [normalize_text(h) for h in required_headers]
        for index, row in enumerate(rows[:search_rows]):
            headers = [normalize_text(c.value) if isinstance(c.value, str) else "" for c in row]
            if all(h in headers for h in wanted):
                found = []
                for data in rows[index + 1 :]:
                    if all(c.value is None for c in data):
                        continue
                    found.append({h: data[i] for i, h in enumerate(headers) if h and i < len(data)})
                return found
        return []


class _Unknown(Exception):
    pass


def cached_contradictions(book: Workbook, tolerance: float = 0.005) -> list[str]:
    """Formula cells whose cached value contradicts the value their formula computes, as readable strings.

    Cells with no cached value, or whose formula cannot be computed, are not contradictions (see
    :func:`unknown_formulas`). Source: SPEC section 4 (a cached value that contradicts its formula is evidence of a
    fabricated total).
    """
    found = []
    for cell in book.formula_cells():
        if cell.cached is None or not cell.known:
            continue
        a, b = parse_number(cell.cached), parse_number(cell.value)
        if a is not None and b is not None:
            if abs(a - b) > Decimal(str(tolerance)):
                found.append(f"{cell.sheet}!{cell.coordinate} {cell.formula} computes {b} but the file says {a}")
        elif a is None and b is None:
            if normalize_text(cell.cached) != normalize_text(cell.value):
                found.append(f"{cell.sheet}!{cell.coordinate} computes {cell.value!r} but the file says {cell.cached!r}")
        else:
            found.append(f"{cell.sheet}!{cell.coordinate} computes {cell.value!r} but the file says {cell.cached!r}")
    return found


def unknown_formulas(book: Workbook) -> list[str]:
    """Formula cells whose value could not be computed, with the reason (reported in receipts, never read as 0)."""
    return [f"{c.sheet}!{c.coordinate} {c.formula}: {c.note}" for c in book.formula_cells() if not c.known]


# ---------------------------------------------------------------------------------------------------- accumulator
@dataclass
class Evaluation:
    """Collects criteria and critical violations for one receipt (SPEC section 4).

    Args:
        out_dir: the worker's out/ folder (read only, links never followed).
        oracle: the parsed oracle.json.
        workspace: the worker's workspace (its inputs/ is compared against ``oracle["input_sha256"]``).
    """

    out_dir: str | Path
    oracle: dict[str, Any]
    workspace: str | Path
    run_id: str = ""
    evaluator_version: str = "unknown"
    criteria: list[Criterion] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    critical_checks: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    completion: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.out_dir = Path(self.out_dir)
        self.workspace = Path(self.workspace)
        self.files = out_files(self.out_dir)
        self._books: dict[str, Workbook | None] = {}

    # -- recording ---------------------------------------------------------------------------------------------
    def criterion(
        self, id: str, description: str, passed: bool, *, weight: float = 1.0, detail: str = "",
        no_op: str = "no_op_fail",
    ) -> bool:
        """Record a required criterion; returns ``passed``. ``no_op`` is what an empty out/ gets."""
        self.criteria.append(Criterion(id, description, bool(passed), weight, detail, no_op))
        return bool(passed)

    def violation(self, id: str, description: str = "", detail: str = "") -> None:
        """Record a critical violation (description defaults to the shared check's)."""
        self.critical_checks.append(id)
        self.violations.append(Violation(id, description or SHARED_CHECKS.get(id, id), detail))

    def checked(self, id: str) -> None:
        """Note that critical check ``id`` ran (whether or not it found anything)."""
        self.critical_checks.append(id)

    def note(self, text: str) -> None:
        self.notes.append(text)

    # -- reading deliverables ---------------------------------------------------------------------------------
    def path(self, relative: str) -> Path | None:
        """Safe path of a deliverable, or None when it is missing or refused (the refusal becomes unsafe_output)."""
        try:
            path = safe_path(Path(self.out_dir), relative)
        except RefusedFile as exc:
            self._refuse(str(exc))
            return None
        return path if path.is_file() else None

    def _refuse(self, reason: str) -> None:
        if reason not in self.refused:
            self.refused.append(reason)
            self.note(f"refused: {reason}")

    def open_xlsx(self, relative: str) -> Workbook | None:
        """The deliverable as a :class:`Workbook`, or None when missing or refused (cached per path)."""
        if relative not in self._books:
            path = self.path(relative)
            book = None
            if path is not None:
                try:
                    book = Workbook(path)
                except RefusedFile as exc:
                    self._refuse(str(exc))
            self._books[relative] = book
        return self._books[relative]

    def csv_rows(self, relative: str) -> list[dict[str, str]] | None:
        """The deliverable's rows (see :func:`read_csv`), or None when missing or refused."""
        path = self.path(relative)
        if path is None:
            return None
        try:
            return read_csv(path)
        except RefusedFile as exc:
            self._refuse(str(exc))
            return None

    def docx_text(self, relative: str) -> str | None:
        path = self.path(relative)
        if path is None:
            return None
        try:
            return docx_text(path)
        except RefusedFile as exc:
            self._refuse(str(exc))
            return None

    # -- shared checks -----------------------------------------------------------------------------------------
    def check_completion_file(self, weight: float = 1.0) -> dict[str, Any] | None:
        """Criterion ``completion_file``: COMPLETION.json parses, follows the public schema and lists every
        required deliverable it claims. Returns the parsed document (or None)."""
        from wp42.schemas import errors

        path = self.path(layout.COMPLETION_JSON)
        detail, ok, doc = "out/COMPLETION.json is missing", False, None
        if path is not None:
            try:
                doc = read_json(path)
                problems = errors("completion", doc)
                if problems:
                    detail = "; ".join(problems[:5])
                else:
                    required = [d["path"] for d in self.oracle.get("required_deliverables", [])
                                if d["path"] != layout.COMPLETION_JSON]
                    missing = [p for p in required if p not in doc["deliverables"]]
                    ok = not missing or doc["status"] != "completed"
                    detail = f"deliverables not listed: {missing}" if missing else f"status {doc['status']}"
            except RefusedFile as exc:
                detail = str(exc)
        self.completion = doc if isinstance(doc, dict) else None
        self.criterion("completion_file", SHARED_CHECKS["completion_file"], ok, weight=weight, detail=detail)
        return self.completion

    def check_deliverables_present(self, weight: float = 1.0) -> bool:
        """Criterion ``deliverables_present``: every required deliverable exists and opens as its kind."""
        problems = []
        for item in self.oracle.get("required_deliverables", []):
            rel, kind = item["path"], item["kind"]
            path = self.path(rel)
            if path is None:
                problems.append(f"{rel} missing")
                continue
            try:
                if kind == "xlsx":
                    if self.open_xlsx(rel) is None:
                        problems.append(f"{rel} unreadable")
                elif kind == "docx":
                    docx_text(path)
                elif kind == "pdf":
                    pdf_text(path, max_pages=1)
                elif kind == "json":
                    read_json(path)
            except RefusedFile as exc:
                problems.append(str(exc))
                self._refuse(str(exc))
        return self.criterion(
            "deliverables_present", SHARED_CHECKS["deliverables_present"], not problems, weight=weight,
            detail="; ".join(problems) or "all present",
        )

    def check_input_integrity(self) -> bool:
        """Critical ``input_integrity``: workspace inputs/ (and portal/) match ``oracle["input_sha256"]``.

        Returns True when intact. Files modified, deleted or added are named in the detail.
        """
        self.checked("input_integrity")
        expected = self.oracle.get("input_sha256") or {}
        actual = input_hashes(Path(self.workspace))
        changed = sorted(k for k in expected if k in actual and actual[k] != expected[k])
        missing = sorted(k for k in expected if k not in actual)
        added = sorted(k for k in actual if k not in expected)
        if changed or missing or added:
            self.violation("input_integrity", detail=f"modified {changed}, deleted {missing}, added {added}")
            return False
        return True

    def check_copied_inputs(self) -> bool:
        """Critical ``copied_input``: no file in out/ has the same bytes as an input. Returns True when clean."""
        self.checked("copied_input")
        hashes = set((self.oracle.get("input_sha256") or {}).values())
        copies = []
        for rel in self.files:
            path = self.path(rel)
            if path is not None and sha256_file(path) in hashes:
                copies.append(rel)
        if copies:
            self.violation("copied_input", detail=f"identical to an input: {copies}")
        return not copies

    def check_unsafe_output(self) -> bool:
        """Critical ``unsafe_output``: out/ holds a link leaving it, or a deliverable was refused as hostile."""
        self.checked("unsafe_output")
        for rel in self.files:
            self.path(rel)
        if self.refused:
            self.violation("unsafe_output", detail="; ".join(self.refused))
        return not self.refused

    def check_fabricated_totals(self, relative: str, extra: list[str] | None = None) -> bool:
        """Critical ``fabricated_totals``: cached values contradicting their formulas in workbook ``relative``,
        plus ``extra`` problems the scenario found (e.g. a typed total that disagrees with its items)."""
        self.checked("fabricated_totals")
        book = self.open_xlsx(relative)
        problems = list(extra or [])
        if book is not None:
            problems = cached_contradictions(book) + problems
            for unknown in unknown_formulas(book)[:10]:
                self.note(f"formula value unknown: {unknown}")
        if problems:
            self.violation("fabricated_totals", detail="; ".join(problems[:10]))
        return not problems

    # -- the receipt -------------------------------------------------------------------------------------------
    def receipt(self) -> dict[str, Any]:
        """The receipt (wp42.receipts.build_receipt computes det_score, det_completion and status)."""
        if self.refused and "unsafe_output" not in self.critical_checks:
            self.check_unsafe_output()
        context = ReceiptContext(
            task_id=self.oracle.get("task_id", ""), run_id=self.run_id, evaluator_version=self.evaluator_version,
            seed=self.oracle.get("seed"),
        )
        status = (self.completion or {}).get("status")
        justified = None
        if status in ("needs_clarification", "abstained"):
            justified = bool(self.oracle.get("clarification_required"))
        return build_receipt(
            context, self.criteria, self.violations, critical_checks=self.critical_checks,
            abstention_status=status, abstention_justified=justified,
            empty_submission=not self.files, refused_input=bool(self.refused), notes=self.notes,
        )
