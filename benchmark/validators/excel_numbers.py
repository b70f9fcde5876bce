"""Numbers as Excel reads and rounds them (issue 11, item 1): 15 significant digits, decimal rounding, DATE's
day counting, text read as a number, and criteria strings typed as Excel types them.

Excel works to 15 significant digits and rounds the decimal value it shows (Microsoft: "Floating-point arithmetic
may give inaccurate results in Excel"), so ROUND(1.005,2) is 1.01 and 7*14.51*1.5 rounds to 152.36. These are
plain functions on Python values; excel_engine.py registers them in the ``formulas`` package.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

_SIGNIFICANT = 15
#: Excel's error values as cached in a cell's ``<v>`` (t="e").
ERROR_CODES = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA",
                         "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#UNKNOWN!", "#CONNECT!", "#BUSY!"})


def _error(code: str) -> Any:
    from formulas.tokens.operand import Error

    return Error.errors[code]


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


