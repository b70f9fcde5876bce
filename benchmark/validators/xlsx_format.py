"""The text a spreadsheet program shows for a cell: its value through its number format (ECMA-376 Part 1, 18.8.31
numFmts). Used by ``wp42 read`` ("shown") and by checks that compare what a reader of the sheet sees.

Covers what workbooks in practice use: General, digit placeholders ``0 # ?`` with thousands separators and scaling
commas, percent, literal text (quoted, backslash-escaped), ``_x`` padding (one space), ``*x`` fill (dropped),
``[$€-407]`` currency tags, colour and locale tags (dropped), up to four sections (positive; negative; zero; text)
and date/time codes (``d dd ddd dddd m mm mmm mmmm yy yyyy h hh m mm s ss AM/PM``). Not covered (the plain value is
shown instead): conditions such as ``[>100]``, elapsed times ``[h]``, fractions and scientific notation.
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from amounts import excel_serial_to_datetime

_TOKEN = re.compile(
    r'"[^"]*"|\\.|_.|\*.|\[[^\]]*\]|yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM/PM|am/pm|A/P|a/p'
    r"|[0#?,.%]+|E[+-]|.",
    re.I,
)
_DATE_CODES = re.compile(r"^(yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am/pm|a/p)$", re.I)


def _sections(fmt: str) -> list[str]:
    parts, current, quoted, bracket = [], "", False, False
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "\\" and i + 1 < len(fmt):
            current += fmt[i : i + 2]
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif ch == "[" and not quoted:
            bracket = True
        elif ch == "]" and not quoted:
            bracket = False
        if ch == ";" and not quoted and not bracket:
            parts.append(current)
            current = ""
        else:
            current += ch
        i += 1
    parts.append(current)
    return parts


def _tokens(section: str) -> list[str]:
    return _TOKEN.findall(section)


def is_date_format(fmt: str) -> bool:
    """True when the (first section of the) format shows a date or time."""
    if not fmt or fmt.lower() == "general":
        return False
    return any(_DATE_CODES.match(t) for t in _tokens(_sections(fmt)[0]))


def general(value: Any) -> str:
    """A value as Excel's General format shows it: integers without a decimal point, up to 10 significant digits."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (float, Decimal)):
        number = float(value)
        if not math.isfinite(number):
            return str(value)
        if number == int(number) and abs(number) < 1e11:
            return str(int(number))
        text = f"{number:.10g}"
        return text
    if value is None:
        return ""
    return str(value)


def _literal(token: str) -> str | None:
    if token.startswith('"'):
        return token[1:-1]
    if token.startswith("\\"):
        return token[1:]
    if token.startswith("_"):
        return " "
    if token.startswith("*"):
        return ""
    if token.startswith("["):
        inner = token[1:-1]
        if inner.startswith("$"):
            return inner[1:].split("-", 1)[0]
        return ""
    return None


def _date_text(moment: datetime, tokens: list[str]) -> str:
    twelve = any(t.lower() in ("am/pm", "a/p") for t in tokens)
    out = []
    codes = [i for i, t in enumerate(tokens) if _DATE_CODES.match(t)]
    for index, token in enumerate(tokens):
        literal = _literal(token)
        if literal is not None:
            out.append(literal)
            continue
        low = token.lower()
        if not _DATE_CODES.match(token):
            out.append(token)
            continue
        position = codes.index(index)
        previous = tokens[codes[position - 1]].lower() if position > 0 else ""
        following = tokens[codes[position + 1]].lower() if position + 1 < len(codes) else ""
        if low in ("m", "mm") and (previous in ("h", "hh") or following in ("s", "ss")):
            out.append(f"{moment.minute:02d}" if low == "mm" else str(moment.minute))
        elif low == "yyyy":
            out.append(f"{moment.year:04d}")
        elif low == "yy":
            out.append(f"{moment.year % 100:02d}")
        elif low == "mmmmm":
            out.append(moment.strftime("%B")[0])
        elif low == "mmmm":
            out.append(moment.strftime("%B"))
        elif low == "mmm":
            out.append(moment.strftime("%b"))
        elif low == "mm":
            out.append(f"{moment.month:02d}")
        elif low == "m":
            out.append(str(moment.month))
        elif low == "dddd":
            out.append(moment.strftime("%A"))
        elif low == "ddd":
            out.append(moment.strftime("%a"))
        elif low == "dd":
            out.append(f"{moment.day:02d}")
        elif low == "d":
            out.append(str(moment.day))
        elif low in ("hh", "h"):
            hour = (moment.hour % 12 or 12) if twelve else moment.hour
            out.append(f"{hour:02d}" if low == "hh" else str(hour))
        elif low in ("ss", "s"):
            out.append(f"{moment.second:02d}" if low == "ss" else str(moment.second))
        elif low == "am/pm":
            out.append("AM" if moment.hour < 12 else "PM")
        elif low == "a/p":
            out.append("A" if moment.hour < 12 else "P")
    return "".join(out)


def _elapsed_text(days: float, tokens: list[str]) -> str:
    """An elapsed-time format (``[h]:mm``, ``[mm]:ss``, ``[h]:mm:ss``): the bracketed unit counts the whole
    duration, the units after it what is left (Excel's "elapsed time" codes)."""
    seconds = round(abs(days) * 86400)
    out, largest = ["-"] if days < 0 and seconds else [], ""
    for token in tokens:
        low = token.lower()
        if re.fullmatch(r"\[(h+|m+|s+)\]", low):
            largest = low[1]
            total = seconds // {"h": 3600, "m": 60, "s": 1}[largest]
            out.append(str(total).zfill(len(low) - 2))
        elif low in ("mm", "m") and largest == "h":
            out.append(str(seconds // 60 % 60).zfill(len(low)))
        elif low in ("ss", "s"):
            out.append(str(seconds % 60).zfill(len(low)))
        else:
            literal = _literal(token)
            out.append(token if literal is None else literal)
    return "".join(out)


def _number_text(number: float, pattern: str) -> str:
    percent = pattern.count("%")
    digits = pattern.replace("%", "")
    scale = 0
    while digits.endswith(","):
        digits, scale = digits[:-1], scale + 1
    integer_part, _, fraction_part = digits.partition(".")
    decimals = sum(1 for ch in fraction_part if ch in "0#?")
    grouping = "," in integer_part
    min_int = integer_part.replace(",", "").count("0")
    value = Decimal(repr(number)) * (Decimal(100) ** percent) / (Decimal(1000) ** scale)
    quantised = abs(value).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    text = f"{quantised:,.{decimals}f}" if grouping else f"{quantised:.{decimals}f}"
    whole, _, frac = text.partition(".")
    if whole.replace(",", "") == "0" and min_int == 0:
        whole = ""
    elif len(whole.replace(",", "")) < min_int:
        whole = whole.zfill(min_int)
    frac = frac.rstrip("0").ljust(fraction_part.count("0"), "0") if "#" in fraction_part else frac
    return whole + ("." + frac if frac or fraction_part.startswith("0") and decimals else "") + "%" * percent


def format_value(value: Any, number_format: str | None, date1904: bool = False) -> str:
    """The text a spreadsheet shows for ``value`` under ``number_format``.

    Dates may be given as datetime/date or as serials (``date1904`` picks the date system). Falls back to General
    for a format outside what the module covers (see the module docstring).
    """
    fmt = number_format or "General"
    if value is None:
        return ""
    if isinstance(value, timedelta):  # openpyxl reads an [h]:mm cell as a duration; Excel holds it in days
        value = value.total_seconds() / 86400
    sections = _sections(fmt)
    if isinstance(value, str):
        if len(sections) >= 4 and "@" in sections[3]:
            return "".join(_literal(t) if _literal(t) is not None else (value if t == "@" else t)
                           for t in _tokens(sections[3]))
        return value
    if isinstance(value, bool) or fmt.lower() == "general":
        return general(value.isoformat() if isinstance(value, (date, datetime, time)) else value)
    if isinstance(value, (date, datetime)):
        moment = value if isinstance(value, datetime) else datetime.combine(value, time())
        return _date_text(moment, _tokens(sections[0])) if is_date_format(fmt) else general(value.isoformat())
    if isinstance(value, time):
        return _date_text(datetime.combine(date(1900, 1, 1), value), _tokens(sections[0]))
    number = float(value)
    if re.search(r"\[(h+|m+|s+)\]", sections[0], re.I):
        return _elapsed_text(number, _tokens(sections[0]))
    if is_date_format(fmt):
        moment = excel_serial_to_datetime(number, date1904)
        return general(number) if moment is None else _date_text(moment, _tokens(sections[0]))
    section, negative_sign = sections[0], number < 0
    if number < 0 and len(sections) >= 2 and sections[1]:
        section, negative_sign = sections[1], False
    elif number == 0 and len(sections) >= 3 and sections[2]:
        section = sections[2]
    tokens = _tokens(section)
    if any(t.upper() in ("E+", "E-") or t.startswith("[>") or t.startswith("[<") or t.startswith("[=")
           or t.lower().startswith("[h") for t in tokens):
        return general(number)
    out, placed = [], False
    for token in tokens:
        literal = _literal(token)
        if literal is not None:
            out.append(literal)
        elif re.fullmatch(r"[0#?,.%]+", token) and any(ch in token for ch in "0#?"):
            if not placed:
                out.append(_number_text(number, token))
                placed = True
        elif token == "%":
            out.append("%")
        else:
            out.append(token)
    text = "".join(out)
    if not placed:
        return general(number) if not text.strip() else text
    return ("-" + text) if negative_sign else text
