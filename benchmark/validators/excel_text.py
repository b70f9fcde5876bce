"""Values as Excel writes them as text (issue 11, item 1): ``&``/CONCATENATE at 15 significant digits, General in
11 characters, and TEXT's number formats (sections, placeholders, literals, grouping and scaling, percent,
scientific). Dates and times are left to the engine's own TEXT.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from excel_numbers import _SIGNIFICANT, decimal15


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


