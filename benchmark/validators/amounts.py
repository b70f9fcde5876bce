"""Numbers, dates and text as people type them (SPEC section 4: numbers compared as numbers, dates as dates, text
after Unicode and whitespace normalisation).

Locales follow the conventions of CLDR for the three the suite uses: ``en-US`` (1,234.50; month first), ``de-DE``
(1.234,50; day first), ``fr-FR`` (1 234,50 with a space, no-break space or narrow no-break space; day first).
"""

from __future__ import annotations

import math
import re
import unicodedata
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

DEFAULT_LOCALE = "en-US"
#: locale -> (thousands separators, decimal mark, day first)
LOCALES: dict[str, tuple[str, str, bool]] = {
    "en-US": (",", ".", False),
    "en-GB": (",", ".", True),
    "de-DE": (".", ",", True),
    "fr-FR": (" \u00a0\u202f", ",", True),
}
#: Written for a missing value in reports and sheets: not zero.
MISSING_MARKS = frozenset({"", "-", "\u2013", "\u2014", "\u2012", "\u2212", "n/a", "na", "--"})
_CURRENCY = "$\u20ac\u00a3\u00a5"
_CODES = re.compile(r"\b(usd|eur|gbp|chf|cad|aud|cr|dr)\b", re.I)


def normalize_text(text: Any) -> str:
    """NFKC, lower case, curly quotes straightened, runs of whitespace collapsed to one space, stripped."""
    value = unicodedata.normalize("NFKC", str(text or ""))
    value = value.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", value).strip().lower()


def collapse_text(text: Any) -> str:
    """NFKC (ligatures such as U+FB01 read as ``fi``) and runs of whitespace collapsed; case kept."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", str(text or ""))).strip()


def _locale(locale: str | None) -> tuple[str, str, bool]:
    key = locale or DEFAULT_LOCALE
    if key not in LOCALES:
        raise ValueError(f"unknown locale {key!r}; known: {sorted(LOCALES)}")
    return LOCALES[key]


def _digits_pattern(locale: str | None) -> str:
    thousands, decimal, _ = _locale(locale)
    t, d = "[" + re.escape(thousands) + "]", re.escape(decimal)
    return rf"\d{{1,3}}(?:{t}\d{{3}})+(?:{d}\d+)?|\d+(?:{d}\d+)?|{d}\d+"


def is_missing(value: Any) -> bool:
    """True for what people write for "no value": None, blank, ``-``, en/em dash, ``n/a`` (not zero)."""
    if value is None:
        return True
    if isinstance(value, float) and not math.isfinite(value):
        return True
    return isinstance(value, str) and normalize_text(value) in MISSING_MARKS


def parse_number(value: Any, locale: str | None = None) -> Decimal | None:
    """A number from a cell or a string, as Decimal; None when it holds no number (missing marks included).

    Understands ``$1,234.50``, ``-1,234.50``, ``(1,234.50)`` (accounting negative), ``1234.5 USD``, ``12.5%``
    (-> 0.125), the Unicode minus, a trailing minus (``1.234,56-``) and trailing ``CR``/``DR`` (ignored). With
    ``locale="de-DE"`` ``1.234,56 €`` is 1234.56; with ``fr-FR`` ``1 234,50 $`` is 1234.50. bool is not a number;
    NaN and infinities give None; ``-``, an em dash and blank give None, never 0.

    Raises:
        ValueError: ``locale`` is not one of :data:`LOCALES`.
    """
    thousands, decimal, _ = _locale(locale)
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, float):
        return None if not math.isfinite(value) else Decimal(repr(value))
    text = unicodedata.normalize("NFKC", str(value)).replace("\u2212", "-").replace("\u2013", "-")
    if " " not in thousands:
        text = text.strip()
    text = _CODES.sub("", text).strip(" \u00a0\u202f\t\r\n")
    if is_missing(text):
        return None
    negative = False
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1].strip()
    for _ in range(2):
        text = text.strip(_CURRENCY + " \u00a0\u202f")
        if text.startswith("-"):
            negative, text = not negative, text[1:].strip()
        elif text.endswith("-"):
            negative, text = not negative, text[:-1].strip()
    percent = text.endswith("%")
    text = text.rstrip("%").strip(" \u00a0\u202f").strip(_CURRENCY).strip()
    if not re.fullmatch(_digits_pattern(locale), text):
        return None
    for mark in thousands:
        text = text.replace(mark, "")
    try:
        number = Decimal(text.replace(decimal, "."))
    except InvalidOperation:
        return None
    if percent:
        number /= 100
    return -number if negative else number


def number_spans(text: str, locale: str | None = None) -> tuple[str, list[tuple[int, int, Decimal]]]:
    """Every number written in ``text`` with where it stands: ``(normalised text, [(start, end, value), ...])``.

    The text is NFKC-normalised (narrow no-break spaces read as spaces) and the offsets index that normalised text.
    Thousands separators, currency signs and parentheses are understood; parenthesised amounts and a leading ``-``
    give negative values. ``locale`` as in :func:`parse_number`.
    """
    thousands, decimal, _ = _locale(locale)
    pattern = re.compile(
        rf"(?<![\w.])(?P<neg>-|\u2212)?\(?\s*(?P<cur>[{_CURRENCY}])?\s*(?P<neg2>-)?\s*"
        rf"(?P<num>{_digits_pattern(locale)})\s*\)?"
    )
    normal = unicodedata.normalize("NFKC", text).replace("\u202f", " ")
    found: list[tuple[int, int, Decimal]] = []
    for match in pattern.finditer(normal):
        raw = match.group(0).strip()
        digits = match.group("num")
        for mark in thousands:
            digits = digits.replace(mark, "")
        number = Decimal(digits.replace(decimal, "."))
        if match.group("neg") or match.group("neg2") or (raw.startswith("(") and raw.endswith(")")):
            number = -number
        found.append((match.start(), match.end(), number))
    return normal, found


def numbers_in_text(text: str, locale: str | None = None) -> list[Decimal]:
    """Every number written in ``text`` (with thousands separators, currency signs, parentheses), as Decimals.

    Parenthesised amounts are returned negative; a leading ``-`` directly before the number too. Callers that do
    not care about sign compare absolute values. ``locale`` as in :func:`parse_number`.
    """
    return [value for _, _, value in number_spans(text, locale)[1]]


def close(actual: Any, expected: Any, tolerance: float | Decimal = 0.005, locale: str | None = None) -> bool:
    """True when ``actual`` parses as a number within ``tolerance`` (absolute) of ``expected``; False if unparsable."""
    a, e = parse_number(actual, locale), parse_number(expected)
    if a is None or e is None:
        return False
    return abs(a - e) <= Decimal(str(tolerance))


def text_has_amount(text: str, amount: Any, tolerance: float | Decimal = 0.005, *, signed: bool = False,
                    locale: str | None = None) -> bool:
    """True when ``text`` mentions ``amount`` (absolute value unless ``signed``) within ``tolerance``.

    Raises:
        ValueError: ``amount`` is not a number.
    """
    target = parse_number(amount)
    if target is None:
        raise ValueError(f"text_has_amount: {amount!r} is not a number")
    tol = Decimal(str(tolerance))
    for number in numbers_in_text(text, locale):
        if signed and abs(number - target) <= tol:
            return True
        if not signed and abs(abs(number) - abs(target)) <= tol:
            return True
    return False


# ---------------------------------------------------------------------------------------------------- dates
_EPOCH_1904 = datetime(1904, 1, 1)
_EPOCH_1900 = datetime(1899, 12, 30)  # serial 1 is 1900-01-01 once Excel's phantom 1900-02-29 is skipped


def excel_serial_to_datetime(serial: float, date1904: bool = False) -> datetime | None:
    """The datetime an Excel serial stands for (ECMA-376 Part 1, 18.17.4.1: the 1900 and 1904 date systems).

    In the 1900 system serials 1..59 are 1900-01-01..1900-02-28, 60 is Excel's non-existent 1900-02-29 (None) and
    61 onwards count from 1899-12-30. In the 1904 system serial 0 is 1904-01-01. Fractions are the time of day,
    rounded to the millisecond. None for a negative, non-finite or out-of-range serial.
    """
    if isinstance(serial, bool) or not isinstance(serial, (int, float, Decimal)):
        return None
    value = float(serial)
    if not math.isfinite(value) or value < 0 or value > 2_958_465:
        return None
    if date1904:
        base = _EPOCH_1904
    elif value < 60:
        base = _EPOCH_1900 + timedelta(days=1)
    elif int(value) == 60:
        return None
    else:
        base = _EPOCH_1900
    moment = base + timedelta(milliseconds=round(value * 86_400_000))
    return moment


def datetime_to_excel_serial(moment: date | datetime, date1904: bool = False) -> float:
    """The Excel serial of a date or datetime (inverse of :func:`excel_serial_to_datetime`); ints for midnight."""
    if not isinstance(moment, datetime):
        moment = datetime.combine(moment, time())
    if date1904:
        days = (moment - _EPOCH_1904) / timedelta(days=1)
    else:
        days = (moment - _EPOCH_1900) / timedelta(days=1)
        if days < 61:
            days -= 1
    return int(days) if days == int(days) else days


_ISO_RE = re.compile(r"\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?")
_NUMERIC_RE = re.compile(r"(\d{1,4})[./\-](\d{1,2})[./\-](\d{2,4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?")
_WORDY_FORMATS = ("%d %b %Y", "%d %B %Y", "%b %d %Y", "%B %d %Y", "%b %d, %Y", "%B %d, %Y", "%d-%b-%Y", "%d-%b-%y",
                  "%d %b %y", "%b %d %Y %I:%M %p", "%d %b %Y %H:%M", "%A, %B %d, %Y", "%A %d %B %Y")


_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
#: A calendar date in prose: ISO, numeric with a four-digit year, or with the month's name, day first or month first,
#: an ordinal suffix, "of" and a weekday allowed.
_DATE_IN_TEXT = re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}[./]\d{{1,2}}[./]\d{{4}}\b|"
                           rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+\d{{4}}\b|"
                           rf"\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b", re.IGNORECASE)


#: A date or a month of a year as prose writes one: :data:`_DATE_IN_TEXT`, or a month's name with a four-digit
#: year ("June 2025", "for May 2025"), whose year is no amount.
_DATE_OR_MONTH = re.compile(_DATE_IN_TEXT.pattern + rf"|\b{_MONTH}\s+(?:19|20)\d{{2}}\b(?![.,]\d)", re.IGNORECASE)


def date_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets in ``text`` of every date ("04.06.2025", "2025-06-04", "4 June 2025", "June 4, 2025")
    and month of a year ("June 2025") it writes: digits a reader takes for a date, never for an amount (LOG-01's
    note "a credit note with your June 2025 invoicing" read as a total of 2025). Figures such as "1.234,56" or
    "2.612 kg" are no date."""
    return [match.span() for match in _DATE_OR_MONTH.finditer(text)]


def dates_in_text(text: str, locale: str | None = None) -> set[date]:
    """Every calendar date written in ``text`` ("2026-03-01", "3/1/2026", "March 1, 2026", "March 1st, 2026",
    "1 March 2026", "1st of March, 2026", "Mar. 1, 2026"), read as :func:`parse_date` reads one in ``locale`` (numeric
    dates month first for en-US). A month with no day ("March 2026") or a day with no year is not a date here."""
    found: set[date] = set()
    for match in _DATE_IN_TEXT.finditer(text):
        spelled = re.sub(r"(?<=\d)(?:st|nd|rd|th)\b|\bof\s+|[.,](?!\d)", "", match.group(), flags=re.IGNORECASE)
        spelled = re.sub(r"\bsept\b", "Sep", spelled, flags=re.IGNORECASE)
        day = parse_date(spelled, locale)
        if isinstance(day, date):
            found.add(day)
    return found


def parse_date(value: Any, locale: str | None = None, *, date1904: bool = False) -> date | datetime | None:
    """A date (or datetime when a time of day is given) from a cell or a string; None when it holds no date.

    Accepts date/datetime objects, Excel serials (numbers; ``date1904`` picks the date system), ISO 8601 strings,
    numeric strings with ``/``, ``.`` or ``-`` (day first when the locale says so: de-DE, fr-FR, en-GB; month first
    for en-US; a four-digit first part is year first), and English month names (``28 Feb 2013``, ``Feb 28 2013
    12:00 PM``). A two-digit year is 2000-2068 or 1969-1999, as Excel reads it.

    Raises:
        ValueError: ``locale`` is not one of :data:`LOCALES`.
    """
    _, _, day_first = _locale(locale)
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, datetime):
        return value if value.time() != time() else value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, (int, float, Decimal)):
        moment = excel_serial_to_datetime(value, date1904)
        if moment is None:
            return None
        return moment if moment.time() != time() else moment.date()
    text = collapse_text(value)
    if not text:
        return None
    if _ISO_RE.fullmatch(text):
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return parsed if len(text) > 10 else parsed.date()
    match = _NUMERIC_RE.fullmatch(text)
    if match:
        a, b, c = (int(match.group(i)) for i in (1, 2, 3))
        if len(match.group(1)) == 4:
            year, month, day = a, b, c
        else:
            day, month = (a, b) if day_first else (b, a)
            year = c if len(match.group(3)) == 4 else (2000 + c if c < 69 else 1900 + c)
        try:
            result = date(year, month, day)
        except ValueError:
            return None
        if match.group(4) is None:
            return result
        hour = int(match.group(4)) % 12 + (12 if (match.group(7) or "").lower() == "pm" else 0) \
            if match.group(7) else int(match.group(4))
        return datetime(year, month, day, hour, int(match.group(5)), int(match.group(6) or 0))
    for fmt in _WORDY_FORMATS:
        try:
            parsed = datetime.strptime(text, fmt)
        except ValueError:
            continue
        return parsed if "%H" in fmt or "%I" in fmt else parsed.date()
    return None
