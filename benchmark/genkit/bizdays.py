"""Business-day calendars by region, backed by the ``holidays`` package (PyPI, "Open World Holidays Framework").

A **region** is an ISO 3166 code: a country (``"US"``, ``"NL"``, ``"PT"``, ``"NO"``) or a country and one of its
subdivisions (``"GB-ENG"`` England, ``"GB-SCT"`` Scotland, ``"US-OH"``, ``"CA-AB"``, ``"DE-NW"``). Its working days
are the days outside the country's weekend (the package's ``weekend``, Saturday and Sunday for every country WP42
uses) that are not a public holiday of the region, observed dates included (a holiday falling on a weekend moves to
the weekday the country's rule names: Friday or Monday in the US, the next weekday in England).

``"US"`` alone is the federal calendar (OPM's observance rule), which the generators have always used for US
organisations; a state code adds that state's own public holidays. The old entry points keep their behaviour:
:func:`is_business_day` and friends are ``"US"``, :func:`is_uk_working_day` / :func:`uk_working_day` are
``"GB-ENG"`` (England and Wales share their bank holidays).
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from functools import cache

import holidays

#: The federal calendar every US-based generator has used (``is_business_day``).
US = "US"
#: England and Wales bank holidays (gov.uk/bank-holidays), ``is_uk_working_day``.
ENGLAND_AND_WALES = "GB-ENG"


@cache
def calendar_for(region: str) -> holidays.HolidayBase:
    """The holiday calendar of ``region`` (``"US"``, ``"GB-ENG"``, ``"DE-NW"`` ...), every year on demand.

    Raises:
        ValueError: the country or the subdivision is unknown to the ``holidays`` package.
    """
    country, _, subdivision = region.upper().partition("-")
    try:
        return holidays.country_holidays(country, subdiv=subdivision or None)
    except NotImplementedError as exc:
        raise ValueError(f"unknown holiday region {region!r}: use an ISO 3166 code such as 'US', 'GB-ENG', "
                         f"'DE-NW' ({exc})") from exc


def is_working_day(day: date, region: str) -> bool:
    """True for a day outside ``region``'s weekend that is not one of its public holidays (observed dates count).

    Raises:
        ValueError: ``region`` is unknown (:func:`calendar_for`).
    """
    cal = calendar_for(region)
    return day.weekday() not in cal.weekend and day not in cal


def holiday_name(day: date, region: str) -> str | None:
    """The name of ``region``'s public holiday on ``day`` (``"Good Friday"``), or None."""
    return calendar_for(region).get(day)


def working_day(day: date, region: str, step: int = 1) -> date:
    """``day`` if it is a working day of ``region``, else the next one (``step`` 1) or the previous one (-1)."""
    if step not in (1, -1):
        raise ValueError(f"step must be 1 or -1, not {step}")
    while not is_working_day(day, region):
        day += timedelta(days=step)
    return day


def add_working_days(day: date, n: int, region: str) -> date:
    """The working day ``n`` working days after ``day`` (``n`` > 0) or ``-n`` before it (``n`` < 0).

    A non-working ``day`` first rolls to the next working day (forwards, and for ``n`` = 0) or the previous one
    (backwards), as a "T+n" settlement convention counts: ``add_working_days(friday, 1)`` is Monday.
    """
    step = 1 if n >= 0 else -1
    day = working_day(day, region, step)
    for _ in range(abs(n)):
        day = working_day(day + timedelta(days=step), region, step)
    return day


def working_days(first: date, last: date, region: str) -> list[date]:
    """Every working day of ``region`` from ``first`` to ``last`` inclusive, in order."""
    out, day = [], first
    while day <= last:
        if is_working_day(day, region):
            out.append(day)
        day += timedelta(days=1)
    return out


def count_working_days(start: date, end: date, region: str) -> int:
    """Working days after ``start`` up to and including ``end``; negative when ``end`` is before ``start``
    (``count_working_days(d, add_working_days(d, n, r), r) == n`` for a working day ``d``)."""
    if end >= start:
        return len(working_days(start + timedelta(days=1), end, region))
    return -len(working_days(end, start - timedelta(days=1), region))


def event_dates(events: Iterable[tuple[str, date]]) -> list[dict[str, str]]:
    """oracle.json's ``event_dates`` from ``(what, day)`` pairs: ``[{"date": ISO date, "what"}]`` sorted by date,
    then by what, each pair once.

    The ready gate (wp42.gates.locale) fails any of them that is not a working day of the organisation's holiday
    region unless oracle.json's ``deliberate_dates`` lists it with a reason (issue 13 item 4): declare the business
    events a generator dates (payment runs, statement and issue dates, meetings, approvals, pay dates), not the
    days things merely happen (a date of loss, a customer's order).

    Raises:
        ValueError: a ``what`` is shorter than 3 characters (oracle.schema.json) or a day is not a date.
    """
    found: set[tuple[str, str]] = set()
    for what, day in events:
        if not isinstance(day, date) or len(what.strip()) < 3:
            raise ValueError(f"event_dates needs (what, date) with a description of 3 or more characters, not "
                             f"{(what, day)!r}")
        found.add(((day.date() if isinstance(day, datetime) else day).isoformat(), what.strip()))
    return [{"date": day, "what": what} for day, what in sorted(found)]


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """First and last calendar day of a month."""
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


# --- US federal calendar (the original API; every US generator uses it) ------------------------------------------


def us_holidays(year: int) -> set[date]:
    """US federal holidays of ``year`` that fall on weekdays (observed dates), from the ``holidays`` package."""
    return set(working_days_off(year, US))


def working_days_off(year: int, region: str) -> list[date]:
    """The weekdays of ``year`` that are public holidays of ``region``, in order."""
    first, last = date(year, 1, 1), date(year, 12, 31)
    cal = calendar_for(region)
    return [d for d in sorted(cal[first:last]) if d.weekday() not in cal.weekend]


def is_business_day(day: date) -> bool:
    """True for a weekday that is not a US federal holiday."""
    return is_working_day(day, US)


def business_days(first: date, last: date) -> list[date]:
    """Every US federal business day from ``first`` to ``last`` inclusive, in order."""
    return working_days(first, last, US)


def add_business_days(day: date, n: int) -> date:
    """The US business day ``n`` business days after ``day`` (0 rolls a non-business day forward; a negative
    ``n`` counts backwards)."""
    return add_working_days(day, n, US)


def last_business_day(year: int, month: int) -> date:
    """The last US business day of a month."""
    return business_days(*month_bounds(year, month))[-1]


# --- England and Wales ----------------------------------------------------------------------------------------------


def is_uk_working_day(day: date) -> bool:
    """True for a Monday-Friday that is not an England and Wales bank holiday."""
    return is_working_day(day, ENGLAND_AND_WALES)


def uk_working_day(day: date, step: int = 1) -> date:
    """``day`` if it is an England and Wales working day, else the next one (``step`` 1) or the previous (-1)."""
    return working_day(day, ENGLAND_AND_WALES, step)
