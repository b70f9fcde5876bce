"""Convict only on proof (issue 11, item 2; SPEC section 4): which functions are proven, which are volatile, and
what difference 15-digit arithmetic and a cell's displayed precision can explain. The one place the proven list
lives, with its measurement. The engine's Excel semantics are in excel_engine.py.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from excel_numbers import _SIGNIFICANT, ERROR_CODES  # noqa: F401 - ERROR_CODES is re-exported for readers

#: Functions whose value depends on when or where the workbook is computed, not on its cells (issue 11, item 2).
VOLATILE_FUNCTIONS = frozenset({"TODAY", "NOW", "RAND", "RANDBETWEEN", "RANDARRAY", "OFFSET", "INDIRECT", "CELL",
                                "INFO"})
#: Functions WP42 convicts on. Each agreed with Excel's own cached values on >= 99.5% of at least 5 cells using it
#: in ``benchmarks/bench_formula_truth.py --engines wp42`` over ``../shared/formula-truth/`` (9 Excel-saved
#: workbooks, 2,205 formula cells; run of 2026-11-30 with these overrides: all cells 98.8%, core cells 99.2%),
#: with tests/test_formula_truth.py's fixtures on top. Volatile functions never qualify. A formula using any other
#: function (IFERROR, VLOOKUP, TEXT ... measured on too few cells or below the bar) is never convicted of
#: fabrication: a contradiction there is disputed (SPEC section 4). tests/test_formula_truth.py re-measures every
#: entry whenever the ground truth is present; re-measure before adding one.
PROVEN_FUNCTIONS = frozenset({
    "ABS", "AND", "AVERAGEIF", "CONCAT", "COUNT", "COUNTIF", "COUNTIFS", "DATE", "FLOOR", "FV", "IF", "INDEX",
    "INT", "LARGE", "LEFT", "LEN", "MATCH", "MAX", "MAXIFS", "MEDIAN", "MIN", "NOT", "NPV", "OR", "PV", "RIGHT",
    "ROUND", "ROUNDDOWN", "ROUNDUP", "SMALL", "SUBSTITUTE", "SUM", "SUMIF", "SUMIFS", "TRIM", "TRUNC", "UPPER",
})


def functions_in(formula: str) -> list[str]:
    """Function names ``formula`` calls, upper case, ``_xlfn.``/``_xlws.`` prefixes removed, sorted (openpyxl's
    ECMA-376 tokenizer; an untokenisable formula gives ``["(untokenisable)"]``, which no list proves). Each formula
    text is tokenised once per process."""
    return list(_function_names(formula))


@functools.lru_cache(maxsize=65_536)
def _function_names(formula: str) -> tuple[str, ...]:
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        tokens = Tokenizer(formula if formula.startswith("=") else f"={formula}").items
    except Exception:  # noqa: BLE001 - openpyxl raises bare Exceptions on malformed text
        return ("(untokenisable)",)
    names = {re.sub(r"^_XL(FN|WS)\.", "", t.value[:-1].upper()) for t in tokens
             if t.type == Token.FUNC and t.subtype == Token.OPEN}
    return tuple(sorted(names))


def formula_taint(formula: str) -> str:
    """Why a contradiction on this formula could not prove fabrication: ``"volatile TODAY"``, ``"it uses X, not
    on the proven list"``, or "" when every function is proven and none is volatile."""
    names = functions_in(formula)
    volatile = [n for n in names if n in VOLATILE_FUNCTIONS]
    if volatile:
        return f"volatile {volatile[0]}"
    unproven = [n for n in names if n not in PROVEN_FUNCTIONS]
    return f"it uses {unproven[0]}, not on the proven list" if unproven else ""


def display_unit(number_format: str | None) -> float:
    """One unit in the last decimal place ``number_format`` shows (``"0.00"`` -> 0.01, ``"#,##0"`` -> 1,
    ``"0.0%"`` -> 0.001); 0.0 for General, dates, text and scientific formats (then only 15-digit arithmetic
    explains a difference)."""
    from xlsx_format import _sections, is_date_format

    if not number_format or number_format == "General" or is_date_format(number_format):
        return 0.0
    section = re.sub(r'"[^"]*"|\\.|\[[^\]]*\]|_.|\*.', "", _sections(number_format)[0])
    if "E" in section.upper() or "@" in section or not re.search(r"[0#?]", section):
        return 0.0
    decimals = len(re.findall(r"[0#?]", section.split(".", 1)[1])) if "." in section else 0
    return 10.0 ** (-decimals - 2 * section.count("%"))


def explained(computed: Any, cached: Any, unit: float = 0.0, floor: float = 0.005) -> bool:
    """True when ``computed`` and ``cached`` can be the same value: equal text (normalised) or booleans, or numbers
    differing by no more than 15-significant-digit arithmetic, one displayed unit (:func:`display_unit`) or
    ``floor`` (money's half cent) allow."""
    from amounts import normalize_text, parse_number

    if isinstance(computed, bool) or isinstance(cached, bool):
        return computed is cached or computed == cached and type(computed) is type(cached)
    a, b = parse_number(computed), parse_number(cached)
    if a is None or b is None:
        if a is None and b is None:
            return normalize_text(computed) == normalize_text(cached)
        return computed in ("", None) and cached in ("", None)
    difference = abs(float(a) - float(b))
    scale = max(abs(float(a)), abs(float(b)))
    return difference <= max(scale * 10.0 ** (1 - _SIGNIFICANT), unit * (1 + 1e-9), floor)
