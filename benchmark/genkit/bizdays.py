"""Business-day calendar helpers (Monday-Friday, minus US federal holidays with the weekend-observed rule)."""

from __future__ import annotations

import calendar
from datetime import date, timedelta


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th ``weekday`` (0 = Monday) of a month; n = -1 is the last one."""
    days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1) if date(year, month, d).weekday() == weekday]
    return date(year, month, days[n if n < 0 else n - 1])


def _observed(day: date) -> date:
    if day.weekday() == 5:
        return day - timedelta(days=1)
    if day.weekday() == 6:
        return day + timedelta(days=1)
    return day


def us_holidays(year: int) -> set[date]:
    """US federal bank holidays of ``year`` (Federal Reserve schedule, observed dates)."""
    return {
        _observed(date(year, 1, 1)),
        _nth_weekday(year, 1, 0, 3),  # Martin Luther King Jr. Day
        _nth_weekday(year, 2, 0, 3),  # Presidents Day
        _nth_weekday(year, 5, 0, -1),  # Memorial Day
        _observed(date(year, 6, 19)),
        _observed(date(year, 7, 4)),
        _nth_weekday(year, 9, 0, 1),  # Labor Day
        _nth_weekday(year, 10, 0, 2),  # Columbus Day
        _observed(date(year, 11, 11)),
        _nth_weekday(year, 11, 3, 4),  # Thanksgiving
        _observed(date(year, 12, 25)),
    }


def is_business_day(day: date) -> bool:
    """True for a weekday that is not a US federal holiday."""
    return day.weekday() < 5 and day not in us_holidays(day.year)


def business_days(first: date, last: date) -> list[date]:
    """Every business day from ``first`` to ``last`` inclusive, in order."""
    out, day = [], first
    while day <= last:
        if is_business_day(day):
            out.append(day)
        day += timedelta(days=1)
    return out


def add_business_days(day: date, n: int) -> date:
    """The business day ``n`` business days after ``day`` (``n`` >= 0; 0 rolls a non-business day forward)."""
    while not is_business_day(day):
        day += timedelta(days=1)
    for _ in range(n):
        day += timedelta(days=1)
        while not is_business_day(day):
            day += timedelta(days=1)
    return day


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """First and last calendar day of a month."""
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def last_business_day(year: int, month: int) -> date:
    """The last business day of a month."""
    return business_days(*month_bounds(year, month))[-1]


#: England and Wales bank holidays 2022-2026 (source: gov.uk/bank-holidays), for organisations in England: the
#: generators of PROC-01, LEGAL-01 and FIN-01 each kept a part of this list before.
ENGLAND_WALES_BANK_HOLIDAYS = frozenset(date.fromisoformat(d) for d in (
    "2022-01-03", "2022-04-15", "2022-04-18", "2022-05-02", "2022-06-02", "2022-06-03", "2022-08-29", "2022-09-19",
    "2022-12-26", "2022-12-27", "2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-08", "2023-05-29",
    "2023-08-28", "2023-12-25", "2023-12-26", "2024-01-01", "2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27",
    "2024-08-26", "2024-12-25", "2024-12-26", "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26",
    "2025-08-25", "2025-12-25", "2025-12-26", "2026-01-01", "2026-04-03", "2026-04-06"))


def is_uk_working_day(day: date) -> bool:
    """True for a Monday-Friday that is not an England and Wales bank holiday (2022-2026).

    Raises:
        ValueError: ``day`` is outside 2022-2026, where the table says nothing.
    """
    if not 2022 <= day.year <= 2026:
        raise ValueError(f"{day} is outside the England and Wales holiday table (2022-2026); extend it")
    return day.weekday() < 5 and day not in ENGLAND_WALES_BANK_HOLIDAYS


def uk_working_day(day: date, step: int = 1) -> date:
    """``day`` if it is an England and Wales working day, else the next one (``step`` 1) or the previous (-1)."""
    while not is_uk_working_day(day):
        day += timedelta(days=step)
    return day
