"""The ``formulas`` package with Excel's semantics where it differs (issue 11, item 1): overrides registered in
its own function and operator tables (its documented extension point, ``formulas.get_functions()``), so the engine
stays the package's and only the semantics of these entries change.

The package computes in binary floating point and treats a range's text and booleans as numbers in places where
Excel does not. The overrides round on the 15-digit decimal value (excel_numbers), skip text and booleans inside
references for SUM/COUNT/AVERAGE/MIN/MAX, type each criterion as Excel does, compare at 15 digits and write
numbers as text at 15 digits (excel_text). The reader (readers_xlsx) passes each referenced range as a
:class:`BoundedRange` and sets :data:`FORMULA_POSITION` while a formula computes.
"""

from __future__ import annotations

import contextvars
import functools
import math
import time
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP
from typing import Any

from excel_numbers import _error, criterion_test, round15, text_number, xdate, xint, xmround, xround
from excel_text import _NotNumeric, excel_text, number_format_text

#: (row, column) of the formula cell being computed, for Excel's implicit intersection of range arguments.
FORMULA_POSITION: contextvars.ContextVar[tuple[int, int] | None] = contextvars.ContextVar("formula_position",
                                                                                          default=None)



#: Compiled formula functions kept per process, at most this many (about 36 KiB each): a warm evaluation parent
#: holds them for every child it forks, whose address-space bound they share.
MAX_COMPILED = 2000
#: A formula whose compilation took longer than this (seconds) is not offered to the warm parent to learn.
LEARN_SECONDS = 0.1
_COMPILED: dict[str, Any] = {}
_LEARNED: list[str] = []


def compiled_formula(formula: str) -> Any:
    """The ``formulas`` package's compiled function for cell formula ``formula`` (``"=SUM(B2:B9)"``), after
    :func:`widen_sum_ranges`, with this module's Excel semantics registered first.

    Compilation (parsing and building the package's dispatcher: about 3.5 ms a formula) is done once per formula
    text per process and kept, up to :data:`MAX_COMPILED` (issue 14): a function compiled from the same text is the
    same function whichever workbook it came from, because every cell reference is an input the caller resolves.
    A warm evaluation parent fills the cache (:func:`learn_formulas`) so its forked children inherit it; a formula
    this process compiled itself is listed by :func:`learned_formulas`.

    Raises:
        ImportError: the ``formulas`` package is missing; whatever the package raises on a formula it cannot
        parse or compile (nothing is cached then).
    """
    func = _COMPILED.get(formula)
    if func is None:
        import formulas

        register_excel_semantics()
        started = time.perf_counter()
        func = formulas.Parser().ast(widen_sum_ranges(formula))[1].compile()
        if len(_COMPILED) < MAX_COMPILED:
            _COMPILED[formula] = func
            if time.perf_counter() - started <= LEARN_SECONDS:
                _LEARNED.append(formula)
    return func


def compiled_count() -> int:
    """How many compiled formula functions this process keeps."""
    return len(_COMPILED)


def learned_formulas() -> list[str]:
    """Formula texts this process compiled itself (not inherited from a warm parent), each quickly, in order."""
    return list(_LEARNED)


def learn_formulas(texts: list[str], budget_s: float = 2.0) -> int:
    """Compile ``texts`` into this process's cache (a warm parent learning what its children compiled), stopping
    after ``budget_s`` seconds or at :data:`MAX_COMPILED`; a text that fails to compile is skipped. Returns how
    many were added. Nothing is computed from them here: only the compiled functions are kept."""
    deadline, added = time.perf_counter() + budget_s, 0
    for text in texts:
        if time.perf_counter() > deadline or len(_COMPILED) >= MAX_COMPILED:
            break
        if not isinstance(text, str) or text in _COMPILED:
            continue
        try:
            compiled_formula(text)
        except Exception:  # noqa: BLE001 - the package raises many types; the child reported it compiled, so rare
            continue
        added += 1
    _LEARNED.clear()
    return added


def widen_sum_ranges(formula: str) -> str:
    """``formula`` with each SUMIF/AVERAGEIF sum range that is smaller than its criteria range widened to the
    criteria range's size from its own top-left cell, as Excel reads it (``SUMIF(A1:A7,"x",C7)`` sums C7:C13).
    Formulas without such a call come back unchanged."""
    from openpyxl.formula.tokenizer import Token, Tokenizer
    from openpyxl.utils import get_column_letter
    from openpyxl.utils.cell import range_boundaries

    if "IF(" not in formula.upper():
        return formula
    try:
        tokenizer = Tokenizer(formula)
    except Exception:  # noqa: BLE001 - openpyxl raises bare Exceptions on malformed text
        return formula
    items, changed = tokenizer.items, False
    for index, token in enumerate(items):
        name = token.value.upper().removeprefix("_XLFN.")
        if not (token.type == Token.FUNC and token.subtype == Token.OPEN and name in ("SUMIF(", "AVERAGEIF(")):
            continue
        depth, args, current = 0, [], []
        for inner in items[index + 1:]:
            if inner.type == Token.FUNC and inner.subtype == Token.OPEN:
                depth += 1
            elif inner.type == Token.FUNC and inner.subtype == Token.CLOSE:
                if depth == 0:
                    break
                depth -= 1
            if depth == 0 and inner.type == Token.SEP and inner.value == ",":
                args.append(current)
                current = []
            elif inner.type != Token.WSPACE:
                current.append(inner)
        args.append(current)
        if len(args) != 3 or not all(len(a) == 1 and a[0].subtype == Token.RANGE for a in (args[0], args[2])):
            continue
        try:
            c1, r1, c2, r2 = range_boundaries(args[0][0].value.rsplit("!", 1)[-1].replace("$", ""))
            s1, t1, s2, t2 = range_boundaries(args[2][0].value.rsplit("!", 1)[-1].replace("$", ""))
        except (ValueError, TypeError):
            continue
        if None in (c1, r1, c2, r2, s1, t1, s2, t2) or (s2 - s1, t2 - t1) == (c2 - c1, r2 - r1):
            continue
        prefix = args[2][0].value.rsplit("!", 1)[0] + "!" if "!" in args[2][0].value else ""
        args[2][0].value = (f"{prefix}{get_column_letter(s1)}{t1}:"
                            f"{get_column_letter(s1 + c2 - c1)}{t1 + r2 - r1}")
        changed = True
    return tokenizer.render() if changed else formula


def _cells(value: Any) -> list[Any]:
    import numpy as np

    return list(np.asarray(value, dtype=object).ravel()) if isinstance(value, np.ndarray) else [value]


def _first(value: Any) -> Any:
    """A criterion argument as one value: a multi-cell range is intersected with the formula's own row or column
    (Excel's implicit intersection; #VALUE! when it does not cross it), an array without a known origin gives
    its top-left value."""
    import numpy as np

    if not isinstance(value, np.ndarray) or not value.size:
        return value
    if value.size == 1:
        return value.ravel()[0]
    origin, position = getattr(value, "origin", None), FORMULA_POSITION.get()
    if origin is None or position is None:
        return value.ravel()[0]
    rows, cols = value.shape
    row = position[0] - origin[0] if rows > 1 else 0
    col = position[1] - origin[1] if cols > 1 else 0
    if (rows > 1 and cols > 1) or not (0 <= row < rows and 0 <= col < cols):
        return _error("#VALUE!")
    return value[row, col]


def _scalar(value: Any) -> Any:
    import numpy as np

    if isinstance(value, np.ndarray):
        if value.size != 1:
            raise _Fallback
        return value.ravel()[0]
    return value


def np_ndarray_base() -> type:
    import numpy as np

    return np.ndarray


@functools.lru_cache(maxsize=1)
def _needs_workbook_class() -> type:
    from formulas.errors import BaseError

    class NeedsWorkbookError(BaseError):
        """Raised through the engine (its wrappers turn other exceptions into #VALUE!): the cell is left to the
        second engine rather than given a wrong value."""

    return NeedsWorkbookError


def NeedsWorkbook(message: str) -> Exception:  # noqa: N802 - builds the exception the engine lets through
    return _needs_workbook_class()(message)


class BoundedRange(np_ndarray_base()):  # type: ignore[misc]
    """A referenced range as the reader passes it: only its populated part, with ``outside_blanks`` counting the
    declared cells left out (``A:A`` is 1,048,576 cells; blanks there still count for COUNTIF(A:A,"<>x"))."""

    outside_blanks = 0
    origin: tuple[int, int] | None = None
    #: The cells as a key (readers_xlsx._content) when the reader gathered them; a view or result has none.
    content: tuple[Any, ...] | None = None


class _Fallback(Exception):
    """The override does not handle this shape of arguments; the package's own function runs."""


def _first_error(values: list[Any]) -> Any:
    return next((v for v in values if type(v).__name__ == "XlError"), None)


def _numbers(args: tuple[Any, ...], *, count_mode: bool = False) -> list[float] | Any:
    """Numbers of aggregate arguments as Excel takes them: inside references and arrays only numbers (text,
    booleans and blanks skipped); typed arguments converted (TRUE is 1, numeric text is its number, other text
    #VALUE! — or, with ``count_mode``, simply not counted). Returns an error value when one is met."""
    import numpy as np
    import schedula as sh

    found: list[float] = []
    for arg in args:
        if isinstance(arg, np.ndarray):
            for v in arg.ravel():
                if type(v).__name__ == "XlError":
                    if count_mode:
                        continue
                    return v
                if isinstance(v, (int, float, np.number)) and not isinstance(v, (bool, np.bool_)):
                    found.append(float(v))
            continue
        if type(arg).__name__ == "XlError":
            if count_mode:
                continue
            return arg
        if arg is sh.EMPTY:
            continue
        if isinstance(arg, (bool, np.bool_)):
            found.append(float(arg))
        elif isinstance(arg, str):
            number = text_number(arg)
            if number is None:
                if count_mode:
                    continue
                return _error("#VALUE!")
            found.append(number)
        else:
            found.append(float(arg))
    return found


def _aggregate(reduce, empty: Any = 0.0, count_mode: bool = False):
    def function(*args: Any) -> Any:
        numbers = _numbers(args, count_mode=count_mode)
        if not isinstance(numbers, list):
            return numbers
        return reduce(numbers) if numbers else (empty() if callable(empty) else empty)
    return function


def _sum(numbers: list[float]) -> float:
    return round15(math.fsum(numbers)) if numbers else 0.0


def _ifs(reduce, empty: Any, *, sum_first: bool, single: bool, count: bool = False):
    """COUNTIF(S)/SUMIF(S)/AVERAGEIF(S): ranges filtered by Excel-typed criteria, then ``reduce`` over the numbers
    of the value range (text and booleans there are skipped)."""
    import numpy as np

    def function(*args: Any) -> Any:
        if single:  # COUNTIF(range, criterion) / SUMIF(range, criterion, [sum_range])
            pairs = [(args[0], args[1])]
            values = None if count else args[2] if len(args) > 2 else args[0]
        elif sum_first:  # SUMIFS(sum_range, range1, criterion1, ...)
            values, pairs = args[0], list(zip(args[1::2], args[2::2], strict=False))
        else:  # COUNTIFS(range1, criterion1, ...)
            values, pairs = None, list(zip(args[0::2], args[1::2], strict=False))
        outside = [getattr(r, "outside_blanks", 0) for r, _ in pairs]
        ranges = [np.asarray(r, dtype=object) for r, _ in pairs]
        shape = ranges[0].shape
        if any(r.shape != shape for r in ranges):
            return _error("#VALUE!")
        mask = np.ones(shape, dtype=bool)
        for grid, (_, criterion) in zip(ranges, pairs, strict=True):
            if grid.size:
                mask &= _matching(grid, _first(criterion))
        if values is None:
            tests = [criterion_test(_first(c)) for _, c in pairs]
            blanks = min(outside) if outside and all(t(None) for t in tests) else 0  # a whole column's blanks
            return float(mask.sum() + blanks)
        grid = np.asarray(values, dtype=object)
        if grid.shape != shape:
            if single and grid.shape[0] >= shape[0] and grid.shape[1] >= shape[1]:
                grid = grid[:shape[0], :shape[1]]
            elif single:  # Excel widens a smaller sum range from its top-left cell: only the workbook can
                raise NeedsWorkbook("SUMIF's sum range is smaller than its criteria range")
            else:
                return _error("#VALUE!")
        picked = grid[mask]
        error = _first_error(list(picked))
        if error is not None:
            return error
        numbers = [float(v) for v in picked if isinstance(v, (int, float)) and not isinstance(v, bool)]
        return reduce(numbers) if numbers else empty
    return function


#: Which cells of a criteria range meet a criterion, per range content and criterion (see :func:`_matching`).
_MATCHES: dict[tuple[Any, ...], dict[tuple[type, Any], Any]] = {}
#: Criteria ranges whose tests are remembered at once; past this the memory starts afresh.
MAX_MATCHED_RANGES = 512


def _matching(grid: Any, criterion: Any) -> Any:
    """The boolean array of the cells of ``grid`` (a 2-D object array) that meet ``criterion`` (Excel's criterion
    rules, :func:`excel_numbers.criterion_test`). A criteria column (tenant ids, charge codes, dates) is the same
    in every what-if probe of a workbook while the amounts summed move (formula_refs.is_live), so each column and
    criterion is tested once per process, by content and type (1 and TRUE are not the same cell): RE-01 at seed
    9539 recomputes 600 SUMIFS over a 937-row ledger in each probe. The array returned is not to be changed."""
    import numpy as np

    test = criterion_test(criterion)
    try:
        content = (grid.shape, tuple((type(v), v) for v in grid.ravel().tolist()))
        wanted = (type(criterion), criterion)
        tested = _MATCHES.get(content)
        if tested is not None and wanted in tested:
            return tested[wanted]
    except TypeError:  # an unhashable value: tested each time
        return np.vectorize(test, otypes=[bool])(grid)
    result = np.vectorize(test, otypes=[bool])(grid)
    if tested is None:
        if len(_MATCHES) >= MAX_MATCHED_RANGES:
            _MATCHES.clear()
        tested = _MATCHES[content] = {}
    tested[wanted] = result
    return result


def _guard(override, original):
    """Run ``override``; fall back to the package's ``original`` for argument shapes the override leaves to it."""
    import numpy as np

    def function(*args: Any) -> Any:
        try:
            result = override(*args)
        except _Fallback:
            return original(*args)
        return np.asarray([[result]], dtype=object)
    return functools.update_wrapper(function, override)


def _logic_parser(x: Any, y: Any) -> tuple[tuple[int, Any], tuple[int, Any]]:
    from formulas.functions.operators import logic_input_parser

    (xt, xv), (yt, yv) = logic_input_parser(x, y)
    if xt == 0 == yt:
        xv, yv = round15(float(xv)), round15(float(yv))
    return (xt, xv), (yt, yv)


@functools.lru_cache(maxsize=1)
def register_excel_semantics() -> None:
    """Replace the ``formulas`` package's entries for the functions and operators this module corrects (once per
    process; idempotent). Raises ImportError when the package is missing."""
    import formulas
    from formulas.functions import wrap_func, wrap_ufunc
    from formulas.functions.operators import LOGIC_OPERATORS, OPERATORS

    table = formulas.get_functions()
    table["ROUND"] = wrap_ufunc(functools.partial(xround, mode=ROUND_HALF_UP))
    table["ROUNDUP"] = wrap_ufunc(functools.partial(xround, mode=ROUND_UP))
    table["ROUNDDOWN"] = wrap_ufunc(functools.partial(xround, mode=ROUND_DOWN))
    table["MROUND"] = wrap_ufunc(xmround)
    table["INT"] = wrap_ufunc(xint)
    table["DATE"] = wrap_ufunc(xdate)
    plain = {
        "SUM": _aggregate(_sum),
        "COUNT": _aggregate(lambda n: float(len(n)), count_mode=True),
        "AVERAGE": _aggregate(lambda n: round15(math.fsum(n) / len(n)), empty=lambda: _error("#DIV/0!")),
        "MIN": _aggregate(min),
        "MAX": _aggregate(max),
        "PRODUCT": _aggregate(lambda n: round15(math.prod(n))),
        "COUNTIF": _ifs(lambda n: float(len(n)), 0.0, sum_first=False, single=True, count=True),
        "SUMIF": _ifs(_sum, 0.0, sum_first=False, single=True),
        "AVERAGEIF": _ifs(lambda n: math.fsum(n) / len(n), _error("#DIV/0!"), sum_first=False, single=True),
        "COUNTIFS": _ifs(lambda n: float(len(n)), 0.0, sum_first=False, single=False),
        "SUMIFS": _ifs(_sum, 0.0, sum_first=True, single=False),
        "AVERAGEIFS": _ifs(lambda n: math.fsum(n) / len(n), _error("#DIV/0!"), sum_first=True, single=False),
    }
    for name, override in plain.items():
        original = table[name]
        guarded = wrap_func(_guard(override, original))
        for alias in (name, f"_XLFN.{name}"):
            if alias in table or alias == name:
                table[alias] = guarded

    def value(text: Any) -> Any:
        if isinstance(text, str):
            number = text_number(text)
            if number is not None:
                return number
        return original_value(text)
    original_value = table["VALUE"]
    table["VALUE"] = wrap_func(lambda text: value(_scalar(text)) if not _is_array(text) else original_value(text))

    original_text = table["TEXT"]

    def text_function(value: Any, format_code: Any) -> Any:
        value, format_code = _scalar(value), _scalar(format_code)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and isinstance(format_code, str):
            try:
                return number_format_text(float(value), format_code)
            except _NotNumeric:  # dates and times: the engine's own formatter measures better than ours
                pass
        return original_text(value, format_code)
    table["TEXT"] = wrap_func(lambda value, fmt: text_function(value, fmt) if not (_is_array(value) or
                                                                                  _is_array(fmt))
                              else original_text(value, fmt))

    joined = functools.partial(wrap_ufunc, input_parser=lambda *a: map(excel_text, a),
                               args_parser=lambda *a: a, check_nan=False)
    OPERATORS["&"] = joined(lambda x, y: x + y)
    table["CONCATENATE"] = table["_XLFN.CONCATENATE"] = joined(lambda *parts: "".join(parts))
    logic = functools.partial(wrap_ufunc, input_parser=_logic_parser, args_parser=lambda *a: a)
    for symbol, compare in LOGIC_OPERATORS.items():
        OPERATORS[symbol] = logic(compare)


def _is_array(value: Any) -> bool:
    import numpy as np

    return isinstance(value, np.ndarray) and value.size != 1
