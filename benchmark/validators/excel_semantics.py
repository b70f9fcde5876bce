"""Excel's semantics where the ``formulas`` package differs, registered as overrides of its functions and operators
(issue 11, item 1), and the one place that says which functions are proven (item 2).

The ``formulas`` package computes in binary floating point and treats a range's text and booleans as numbers in
places where Excel does not. Excel (Microsoft's documentation of "Floating-point arithmetic may give inaccurate
results", and of each function below) works to 15 significant digits, rounds the decimal value it shows, compares
at 15 digits, skips text and booleans inside references for SUM/COUNT/AVERAGE/MIN/MAX, and types each criterion
string (``">=100"`` compares numbers only; ``"a*"`` is a wildcard). :func:`register_excel_semantics` replaces those
entries in the package's own function and operator tables (its documented extension point,
``formulas.get_functions()``), so the engine stays the package's; only the semantics of these entries change.
"""

from __future__ import annotations

import contextvars
import functools
import math
import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal, InvalidOperation
from typing import Any

#: Excel's error values as cached in a cell's ``<v>`` (t="e").
ERROR_CODES = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA",
                         "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#UNKNOWN!", "#CONNECT!", "#BUSY!"})
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
_SIGNIFICANT = 15
#: (row, column) of the formula cell being computed, for Excel's implicit intersection of range arguments.
FORMULA_POSITION: contextvars.ContextVar[tuple[int, int] | None] = contextvars.ContextVar("formula_position",
                                                                                          default=None)


def functions_in(formula: str) -> list[str]:
    """Function names ``formula`` calls, upper case, ``_xlfn.``/``_xlws.`` prefixes removed, sorted (openpyxl's
    ECMA-376 tokenizer; an untokenisable formula gives ``["(untokenisable)"]``, which no list proves)."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        tokens = Tokenizer(formula if formula.startswith("=") else f"={formula}").items
    except Exception:  # noqa: BLE001 - openpyxl raises bare Exceptions on malformed text
        return ["(untokenisable)"]
    names = {re.sub(r"^_XL(FN|WS)\.", "", t.value[:-1].upper()) for t in tokens
             if t.type == Token.FUNC and t.subtype == Token.OPEN}
    return sorted(names)


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


# -- numbers at 15 significant digits -----------------------------------------------------------------------------
def decimal15(number: float) -> Decimal:
    """The decimal value Excel works with: ``number`` to 15 significant digits (152.35499999999999 -> 152.355)."""
    return Decimal(f"{float(number):.{_SIGNIFICANT}g}")


def round15(number: float) -> float:
    """``number`` rounded to 15 significant digits, as a float."""
    return float(decimal15(number)) if math.isfinite(number) else number


def _round(number: float, digits: float, mode: str) -> float:
    places = int(math.trunc(digits))
    value = decimal15(number)
    quantum = Decimal(1).scaleb(-places)
    return float(value.quantize(quantum, rounding=mode)) if places >= 0 else \
        float((value / quantum).quantize(Decimal(1), rounding=mode) * quantum)


def xround(number: float, digits: float = 0, mode: str = ROUND_HALF_UP) -> float:
    """ROUND / ROUNDUP / ROUNDDOWN on the 15-digit decimal value (ROUND(1.005,2) is 1.01 in Excel)."""
    return _round(number, digits, mode)


def xmround(number: float, multiple: float) -> Any:
    """MROUND: the multiple of ``multiple`` nearest ``number``, halves away from zero, on decimal values."""
    if multiple == 0:
        return 0.0
    if (number > 0 > multiple) or (number < 0 < multiple):
        return _error("#NUM!")
    m = decimal15(multiple)
    return float((decimal15(number) / m).quantize(Decimal(1), rounding=ROUND_HALF_UP) * m)


def xint(number: float) -> float:
    """INT: round down to an integer, on the 15-digit value (INT(0.1*3*10) is 3 in Excel, not 2)."""
    return float(math.floor(round15(number)))


def xdate(year: float, month: float, day: float) -> Any:
    """DATE as Excel counts it: months and days overflow forward or back from the first of the month, years
    0-1899 are 1900+year, and serials from 1 March 1900 include Excel's phantom 29 February 1900 (so
    DATE(1900,1,22222) is 22222)."""
    import datetime

    year, month, day = math.floor(year), math.floor(month), math.floor(day)
    if year < 1900:
        year += 1900
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    if not 1900 <= year <= 9999:
        return _error("#NUM!")
    first = datetime.date(year, month, 1)
    serial = (first - datetime.date(1899, 12, 31)).days + (first >= datetime.date(1900, 3, 1)) + day - 1
    return float(serial) if serial >= 0 else _error("#NUM!")


# -- text --------------------------------------------------------------------------------------------------------
def excel_text(value: Any) -> str:
    """A value as Excel turns it into text for ``&``/CONCATENATE: booleans TRUE/FALSE, numbers to 15 significant
    digits in General style (``1/3`` -> ``0.333333333333333``, ``1E+21``), empty as ""."""
    import schedula as sh

    if value is sh.EMPTY or value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
        if number == 0:
            return "0"
        text = f"{number:.{_SIGNIFICANT}g}"
        if "e" in text:
            mantissa, exponent = text.split("e")
            exponent_value = int(exponent)
            if -10 < exponent_value < 0 or 0 <= exponent_value < 21:  # Excel writes these in full
                text = format(decimal15(number), "f")
            else:
                return f"{mantissa}E{'+' if exponent_value > 0 else '-'}{abs(exponent_value):02d}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text
    return str(value)


_FORMAT_TOKEN = re.compile(r'"[^"]*"|\\.|_.|\*.|\[[^\]]*\]|[Ee][+-]|[0#?]|[.,%]|.', re.S)


class _NotNumeric(Exception):
    """A format TEXT's number formatter leaves to the engine's own (dates, times, conditions, fractions, @)."""


def general_text(number: float) -> str:
    """A number as Excel's General format writes it in at most 11 characters (sign aside): 0.333333333,
    1.23457E+11, 1.2E-16."""
    size = abs(number)
    sign = "-" if number < 0 else ""
    if size == 0:
        return "0"
    exponent = math.floor(math.log10(size))
    scientific = ""
    for decimals in range(5, -1, -1):
        mantissa, power = f"{size:.{decimals}E}".split("E")
        mantissa = mantissa.rstrip("0").rstrip(".") if "." in mantissa else mantissa
        scientific = f"{mantissa}E{power[0]}{int(power[1:]):02d}"
        if len(scientific) <= 11:
            break
    if -10 < exponent < 11:
        for decimals in range(10, -1, -1):
            text = f"{decimal15(size):.{decimals}f}"
            text = text.rstrip("0").rstrip(".") if "." in text else text
            if len(text) <= 11 and text.strip("0.") != "":
                # the shorter form wins unless it shows fewer significant digits (Excel: 2.5E-09, not 0.000000002)
                if _significant(text) >= _significant(scientific.split("E")[0]):
                    return sign + text
                break
    return sign + scientific


def _significant(text: str) -> int:
    return len(text.replace(".", "").replace("-", "").lstrip("0"))


def _literal(token: str) -> str | None:
    """What a format token shows when it is a literal (xlsx_format's reading), else None; a condition
    (``[>100]``) or elapsed-time code (``[h]``) is left to the engine's own TEXT."""
    from xlsx_format import _literal as format_literal

    if token.startswith("[") and (re.match(r"\[[<>=]", token) or re.fullmatch(r"\[(h+|m+|s+)\]", token, re.I)):
        raise _NotNumeric(token)
    return format_literal(token)


def number_format_text(number: float, format_code: str) -> str:
    """TEXT(number, format_code) for number formats (sections, literals, ``0 # ?`` placeholders with literals
    between them, thousands separators and scaling commas, percent, scientific, General), as Excel writes it.

    Raises:
        _NotNumeric: a date/time, conditional, fraction or text format (left to the engine's own TEXT).
    """
    from xlsx_format import _sections

    sections = _sections(format_code)
    if len(sections) > 4 or any(re.search(r'(?<![\\"])[dmyhs/@]', re.sub(r'"[^"]*"|\\.|\[[^\]]*\]', "", sec),
                                          re.I) for sec in sections):
        raise _NotNumeric(format_code)
    if number < 0 and len(sections) >= 2 and sections[1] != "":
        section, number, signed = sections[1], -number, False
    elif number == 0 and len(sections) >= 3:
        section, signed = sections[2], False
    else:
        section, signed = sections[0], True
    tokens = _FORMAT_TOKEN.findall(section)
    if any(t.lower() == "general" for t in re.findall(r"[A-Za-z]+", section)):
        text = general_text(abs(number) if not signed else number)
        return re.sub(r"(?i)general", lambda _m: text, "".join(t if _literal(t) is None else _literal(t)
                                                               for t in tokens))
    kinds = []
    for token in tokens:
        literal = _literal(token)
        if literal is not None:
            kinds.append(("lit", literal))
        elif token in "0#?" and len(token) == 1:
            kinds.append(("ph", token))
        elif token in (".", ",", "%") or token.upper() in ("E+", "E-"):
            kinds.append((token.upper(), token))
        else:
            kinds.append(("lit", token))
    placeholders = [i for i, (k, _) in enumerate(kinds) if k == "ph"]
    if not placeholders:
        return "".join(v if k in ("lit", "%") else "" for k, v in kinds)
    first, last = placeholders[0], placeholders[-1]
    exp_at = next((i for i, (k, _) in enumerate(kinds) if k in ("E+", "E-")), None)
    number *= 100 ** sum(1 for k, _ in kinds if k == "%")
    dot = next((i for i in range(first, (exp_at or last) + 1) if kinds[i][0] == "."), None)
    int_end = dot if dot is not None else (exp_at if exp_at is not None else last + 1)
    int_phs = [i for i in placeholders if i < int_end]
    scale = 0
    j = int_end - 1
    while j > first and kinds[j][0] == ",":
        scale, j = scale + 1, j - 1
    if dot is None and exp_at is None:
        j = last + 1
        while j < len(kinds) and kinds[j][0] == ",":
            scale, j = scale + 1, j + 1
    grouping = any(kinds[i][0] == "," for i in range(first, int_end) if int_phs and int_phs[0] < i < int_phs[-1])
    number /= 1000 ** scale
    frac_end = exp_at if exp_at is not None else len(kinds)
    frac_phs = [i for i in placeholders if dot is not None and dot < i < frac_end]
    exponent = 0
    if exp_at is not None:
        if number != 0:
            exponent = math.floor(math.log10(abs(number))) - (len(int_phs) - 1 if int_phs else 0)
            number /= 10 ** exponent
        value = decimal15(abs(number)).quantize(Decimal(1).scaleb(-len(frac_phs)), rounding=ROUND_HALF_UP)
        if int_phs and value >= Decimal(10) ** len(int_phs):
            exponent += 1
            value = (decimal15(abs(number)) / 10).quantize(Decimal(1).scaleb(-len(frac_phs)),
                                                          rounding=ROUND_HALF_UP)
    else:
        value = decimal15(abs(number)).quantize(Decimal(1).scaleb(-len(frac_phs)), rounding=ROUND_HALF_UP)
    whole, _, fraction = f"{value:f}".partition(".")
    whole = whole.lstrip("0")
    digits = f"{int(whole):,}" if grouping and whole else whole
    out: list[str] = []
    # integer placeholders are filled from the right; extra digits go to the leftmost one
    assigned: dict[int, str] = {}
    remaining = digits
    for i in reversed(int_phs):
        ph = kinds[i][1]
        if remaining:
            take = remaining[-1]
            remaining = remaining[:-1]
            if grouping and take == ",":
                take, remaining = remaining[-1] + take, remaining[:-1]
            assigned[i] = take
        else:
            assigned[i] = {"0": "0", "#": "", "?": " "}[ph]
    if int_phs and remaining:
        assigned[int_phs[0]] = remaining + assigned[int_phs[0]]
    frac_digits = list(fraction.ljust(len(frac_phs), "0"))
    for position in range(len(frac_phs) - 1, -1, -1):  # trailing zeros under # vanish, under ? become spaces
        ph = kinds[frac_phs[position]][1]
        if frac_digits[position] != "0" or ph == "0":
            break
        frac_digits[position] = "" if ph == "#" else " "
    for i, (kind, text) in enumerate(kinds):
        if kind == "ph":
            if i in assigned:
                out.append(assigned[i])
            elif i in frac_phs:
                out.append(frac_digits[frac_phs.index(i)])
            elif exp_at is not None and i > exp_at:
                continue
        elif kind == "," :
            continue
        elif kind in ("E+", "E-"):
            exp_phs = [p for p in placeholders if p > exp_at]
            sign = "-" if exponent < 0 else ("+" if kind == "E+" else "")
            out.append(text[0] + sign + str(abs(exponent)).zfill(sum(1 for p in exp_phs if kinds[p][1] == "0")))
        elif kind == ".":
            out.append(".")
        else:
            out.append(text)
    text = "".join(out)
    if signed and number < 0 and any(ch in "123456789" for ch in whole + fraction):
        text = "-" + text
    return text


_VALUE_TEXT = re.compile(r"^\s*([-+]?)\s*\$?\s*([-+]?)(\d{1,3}(?:,\d{3})+|\d*)(\.\d*)?(?:[eE]([-+]?\d+))?\s*(%?)\s*$")


def text_number(text: str) -> float | None:
    """Excel's reading of text as a number (VALUE, criteria, coercion): thousands separators, a leading currency
    sign, a sign, a decimal point, an exponent, a trailing percent, accounting parentheses. None when it is not a
    number (dates and times are left to the engine's own reading)."""
    text = str(text).strip()
    negative = text.startswith("(") and text.endswith(")")
    match = _VALUE_TEXT.match(text[1:-1] if negative else text)
    if not match or not (match.group(3) or (match.group(4) or "").strip(".")):
        return None
    sign1, sign2, whole, fraction, exponent, percent = match.groups()
    try:
        number = Decimal((whole or "0").replace(",", "") + (fraction or "") + (f"e{exponent}" if exponent else ""))
    except InvalidOperation:
        return None
    if percent:
        number /= 100
    if (sign1 == "-") != (sign2 == "-") or negative:
        number = -number
    return float(number)


# -- criteria (COUNTIF, SUMIF, AVERAGEIF and their -S forms) ------------------------------------------------------
_OPERATORS = (">=", "<=", "<>", "=", "<", ">")


def criterion_test(criterion: Any):
    """A predicate on one cell value for an Excel criterion (``5``, ``">=100"``, ``"<>"``, ``"a*b?"``, ``"~*"``).

    Excel's typing: a numeric operand with ``<``/``>`` matches numbers only (text ``"200"`` never counts); with
    ``=`` (or none) it also matches text that reads as that number; a text operand compares text only, case
    insensitively, with ``*``/``?`` wildcards and ``~`` escaping them for ``=``/``<>``; ``"="`` matches blanks,
    ``"<>"`` non-blanks, ``""`` blanks and empty text.
    """
    import schedula as sh

    def is_blank(v: Any) -> bool:
        return v is sh.EMPTY or v is None

    def is_number(v: Any) -> bool:
        return isinstance(v, (int, float)) and not isinstance(v, bool)

    def is_text(v: Any) -> bool:  # the engine's error values are str subclasses; they are not text
        return isinstance(v, str) and type(v).__name__ != "XlError"

    if isinstance(criterion, bool) or is_number(criterion):
        target = criterion

        def equal(v: Any) -> bool:
            if isinstance(target, bool):
                return isinstance(v, bool) and v == target
            if is_number(v):
                return round15(v) == round15(target)
            return is_text(v) and text_number(v) is not None and round15(text_number(v)) == round15(target)
        return equal
    if is_blank(criterion):  # a blank criterion cell is read as 0 (Excel)
        return criterion_test(0.0)
    text = str(criterion)
    operator = next((op for op in _OPERATORS if text.startswith(op)), "")
    operand = text[len(operator):]
    if operand == "":
        if operator == "=":
            return is_blank
        if operator == "<>":
            return lambda v: not is_blank(v)
        if operator == "":
            return lambda v: is_blank(v) or v == ""
        return lambda v: False  # "<", ">=" ... against nothing match nothing
    if operand.upper() in ERROR_CODES and operator in ("", "=", "<>"):  # an error criterion matches error cells
        code = operand.upper()

        def same_error(v: Any) -> bool:
            return type(v).__name__ == "XlError" and str(v) == code
        return (lambda v: not same_error(v)) if operator == "<>" else same_error
    number = text_number(operand)
    upper = operand.upper()
    if number is not None:
        if operator in ("", "="):
            return criterion_test(number)
        if operator == "<>":  # Excel: only the equal number is excluded; numeric text is "not equal"
            return lambda v: not (is_number(v) and round15(v) == round15(number))
        compare = _COMPARE[operator]
        return lambda v: is_number(v) and compare(round15(v), round15(number))
    if upper in ("TRUE", "FALSE"):
        flag = upper == "TRUE"
        if operator in ("", "="):
            return lambda v: isinstance(v, bool) and v == flag
        if operator == "<>":
            return lambda v: not (isinstance(v, bool) and v == flag)
        compare = _COMPARE[operator]
        return lambda v: isinstance(v, bool) and compare(v, flag)
    if operator in ("", "=", "<>"):
        pattern = re.compile("".join(".*" if part == "*" else "." if part == "?" else re.escape(part[-1])
                                     for part in re.findall(r"~[*?~]|[*?]|.", operand, re.S)),
                             re.IGNORECASE | re.S)

        def matches(v: Any) -> bool:
            return is_text(v) and pattern.fullmatch(v) is not None
        return (lambda v: not matches(v)) if operator == "<>" else matches
    compare = _COMPARE[operator]
    return lambda v: is_text(v) and compare(v.upper(), upper)


_COMPARE = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "<": lambda a, b: a < b, ">": lambda a, b: a > b}


def _error(code: str) -> Any:
    from formulas.tokens.operand import Error

    return Error.errors[code]


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
            test = criterion_test(_first(criterion))
            mask &= np.vectorize(test, otypes=[bool])(grid) if grid.size else mask
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
