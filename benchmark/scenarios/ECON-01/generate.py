"""ECON-01 — monthly update of a regional prices and pay monitor (Meridian Policy Institute, fictional).

Builds, from a seed, five and a half years of a regional statistics office's monthly series (January 2020 to the
latest month): six consumer price component indices with their relative importance, the all-items index as their
fixed-weight average, private-sector average hourly earnings and nonfarm payroll employment. The office's new
release (CSV) and release notice (PDF) are written beside the Institute's workbook of the previous release (xlsx),
which ends one month earlier. Three things separate the two releases: the office revised the shelter index (and so
the all-items index) for the three months before the latest; it now publishes employment in persons where the
previous release gave thousands (the same numbers, not a revision); and it no longer publishes leisure and
hospitality earnings, which the Monitor reports (the clarification trap). See oracles-template/ECON-01/REFERENCE.md.

``--set coverage`` (SPEC section 9) writes the same brief on a clean release: nothing revised, every series
published; the employment unit change stays as ordinary work. ``--level hard`` (issue 25) writes the release at a
statistics office's size (fourteen expenditure classes from 2018, sector earnings and employment), with transportation
services revised down in the months shelter is revised up so that the all-items index hides the pair, and the
release's accommodation and food services earnings as a near-duplicate of the leisure and hospitality series.

    python benchmark/scenarios/ECON-01/generate.py --seed 42 --oracle-root ~/wp42-oracles
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

import numpy as np  # noqa: E402
from genkit import bizdays, docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.outcomes import outcome_field  # noqa: E402
from openpyxl.utils import get_column_letter  # noqa: E402

TASK_ID = Path(__file__).resolve().parent.name
GENERATOR_VERSION = "1.1"
#: The organisation's profile: benchmark/taxonomy/organisations.md, ORG-ECON-1 (independent economic research,
#: Washington, DC).
ORGANISATION = "Meridian Policy Institute (fictional)"
#: Who writes the brief, in the organisation's voice.
BRIEF_AUTHOR, BRIEF_ROLE = "Dr. Samir Oduya", "chief economist"
OFFICE = "Tidewater Regional Statistics Office"
REGION = "Tidewater region"
YEAR = 2025
FIRST = (2020, 1)
BASE_YEAR = 2020
OFFICE_BASE = "2016=100"
#: CPI components: series id, title, Jan 2020 level range (office base), annual drift, monthly volatility, weight.
COMPONENTS = (
    ("TRCPI-FOOD", "Food and beverages", (107.0, 112.0), 0.034, 0.0025, 14.2),
    ("TRCPI-SHEL", "Shelter", (111.0, 118.0), 0.044, 0.0018, 34.6),
    ("TRCPI-ENGY", "Household energy", (102.0, 108.0), 0.026, 0.0140, 4.3),
    ("TRCPI-TRAN", "Transportation", (103.0, 109.0), 0.021, 0.0075, 16.7),
    ("TRCPI-MED", "Medical care", (109.0, 114.0), 0.029, 0.0020, 8.1),
    ("TRCPI-OTH", "Other goods and services", (106.0, 111.0), 0.027, 0.0025, 22.1),
)
#: The hard level (issue 25): the office's fourteen expenditure classes, a longer history and sector series.
HARD_COMPONENTS = (
    ("TRCPI-FDHM", "Food at home", (106.0, 111.0), 0.031, 0.0030, 8.1),
    ("TRCPI-FDAW", "Food away from home", (108.0, 113.0), 0.039, 0.0020, 5.6),
    ("TRCPI-SHEL", "Shelter", (111.0, 118.0), 0.044, 0.0018, 33.9),
    ("TRCPI-ENGY", "Household energy", (102.0, 108.0), 0.026, 0.0140, 4.3),
    ("TRCPI-FURN", "Household furnishings and operations", (99.0, 104.0), 0.012, 0.0035, 4.4),
    ("TRCPI-APPR", "Apparel", (97.0, 102.0), 0.008, 0.0060, 2.6),
    ("TRCPI-VEH", "New and used vehicles", (100.0, 106.0), 0.020, 0.0070, 6.9),
    ("TRCPI-FUEL", "Motor fuel", (95.0, 110.0), 0.025, 0.0250, 3.4),
    ("TRCPI-TRSV", "Transportation services", (108.0, 114.0), 0.035, 0.0040, 6.3),
    ("TRCPI-MED", "Medical care", (109.0, 114.0), 0.029, 0.0020, 8.1),
    ("TRCPI-REC", "Recreation", (103.0, 107.0), 0.018, 0.0030, 5.4),
    ("TRCPI-EDU", "Education and communication", (101.0, 105.0), 0.010, 0.0025, 5.6),
    ("TRCPI-TOB", "Tobacco and smoking products", (112.0, 120.0), 0.045, 0.0040, 0.6),
    ("TRCPI-OTH", "Other goods and services", (106.0, 111.0), 0.027, 0.0025, 4.8),
)
HARD_FIRST = (2018, 1)
#: The hard level's offsetting revision: revised down in the months shelter is revised up.
OFFSET = "TRCPI-TRSV"
#: Sector series the hard release publishes beside the totals (earnings in dollars, employment in persons);
#: accommodation and food services is part of leisure and hospitality, not a substitute for it.
SECTORS = (("MFG", "manufacturing", 31.0, 0.21), ("CON", "construction", 33.5, 0.11),
           ("TTU", "trade, transportation, and utilities", 25.5, 0.33), ("PBS", "professional and business services",
                                                                            36.0, 0.17),
           ("EHS", "education and health services", 30.0, 0.24), ("AFS", "accommodation and food services", 17.2,
                                                                  0.09))
ALL_ITEMS = ("TRCPI-ALL", "All items")
AHE = ("TRAHE-PRV", "Average hourly earnings, total private")
AHE_LH = ("TRAHE-LH", "Average hourly earnings, leisure and hospitality")
EMPLOYMENT = ("TREMP-NF", "Nonfarm payroll employment")
REVISED = "TRCPI-SHEL"
#: Inflation by year relative to each component's drift: the 2021-22 surge and its unwinding.
CYCLE = {2018: 0.85, 2019: 0.8, 2020: 0.45, 2021: 1.9, 2022: 2.3, 2023: 1.25, 2024: 1.0, 2025: 0.95}
#: The Monitor's reporting labels (the brief's "Pay and jobs" sheet); the evaluator reads the same words.
PAY_LABELS = {
    "ahe": "Average hourly earnings, total private ($)",
    "ahe_yoy": "Average hourly earnings, total private: year-on-year change (%)",
    "real_ahe_yoy": "Real average hourly earnings: year-on-year change (%)",
    "lh": "Average hourly earnings, leisure and hospitality ($)",
    "lh_yoy": "Average hourly earnings, leisure and hospitality: year-on-year change (%)",
    "employment": "Nonfarm payroll employment (thousands)",
    "employment_change": "Nonfarm payroll employment: year-on-year change (thousands)",
}
NUMBER_WORDS = {6: "six", 14: "fourteen"}
D1, D2, D3 = Decimal("0.1"), Decimal("0.01"), Decimal("0.001")


def q(value: Decimal | float, step: Decimal = D1) -> Decimal:
    """``value`` rounded half up to ``step`` (the office publishes indices to one decimal, earnings to cents)."""
    return Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP)


def months_between(first: tuple[int, int], last: tuple[int, int]) -> list[str]:
    """``["2020-01", ...]`` from ``first`` to ``last`` inclusive, each ``(year, month)``."""
    out, (y, m) = [], first
    while (y, m) <= last:
        out.append(f"{y}-{m:02d}")
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def month_name(period: str) -> str:
    """``"2025-06"`` as ``"June 2025"``."""
    return date.fromisoformat(period + "-01").strftime("%B %Y")


def shift(period: str, months: int) -> str:
    """The period ``months`` later (negative: earlier)."""
    y, m = map(int, period.split("-"))
    index = y * 12 + m - 1 + months
    return f"{index // 12}-{index % 12 + 1:02d}"


@dataclass
class Release:
    """One release's series: ``{series id: {period: value}}`` with each series' unit."""

    values: dict[str, dict[str, Decimal]]
    units: dict[str, str]


def weights(rng: np.random.Generator, components: tuple = COMPONENTS) -> dict[str, Decimal]:
    """Relative importance of each component, percent of all items to two decimals, summing to exactly 100."""
    raw = [c[5] * (1 + rng.normal(0, 0.04)) for c in components]
    scaled = [q(Decimal(str(r)) * 100 / Decimal(str(sum(raw))), D2) for r in raw]
    scaled[-1] += Decimal(100) - sum(scaled)
    return {c[0]: s for c, s in zip(components, scaled, strict=True)}


def all_items(components: dict[str, dict[str, Decimal]], weight: dict[str, Decimal], periods: list[str]
              ) -> dict[str, Decimal]:
    """The office's all-items index: the weighted average of the published component indices, to one decimal."""
    return {p: q(sum(weight[s] * components[s][p] for s in components) / 100) for p in periods}


def draw_series(rng: np.random.Generator, periods: list[str], components: tuple = COMPONENTS
                ) -> tuple[dict[str, dict[str, Decimal]], dict]:
    """The new release's component indices, earnings (both sectors) and employment in persons, every month."""
    comps: dict[str, dict[str, Decimal]] = {}
    for sid, _, (low, high), drift, vol, _ in components:
        level, series = float(rng.uniform(low, high)), {}
        for p in periods:
            series[p] = q(level)
            year = int(p[:4])
            level *= 1 + drift * CYCLE[year] / 12 + float(rng.normal(0, vol))
        comps[sid] = series
    other: dict[str, dict[str, Decimal]] = {AHE[0]: {}, AHE_LH[0]: {}, EMPLOYMENT[0]: {}}
    wage, wage_lh = float(rng.uniform(28.5, 31.5)), float(rng.uniform(16.8, 18.6))
    jobs = float(rng.uniform(2_150_000, 2_750_000))
    for p in periods:
        year, month = int(p[:4]), int(p[5:])
        other[AHE[0]][p] = q(wage, D2)
        other[AHE_LH[0]][p] = q(wage_lh, D2)
        other[EMPLOYMENT[0]][p] = Decimal(int(round(jobs)))
        if year < 2020:
            jobs *= 1 + 0.012 / 12 + float(rng.normal(0, 0.0011))
            wage *= 1 + 0.031 / 12 + float(rng.normal(0, 0.0021))
            wage_lh *= 1 + 0.038 / 12 + float(rng.normal(0, 0.0034))
            continue
        wage *= 1 + 0.043 * (1.25 if year in (2021, 2022) else 1.0) / 12 + float(rng.normal(0, 0.0021))
        wage_lh *= 1 + 0.051 / 12 + float(rng.normal(0, 0.0034))
        if (year, month) == (2020, 3):
            jobs *= 0.88 + float(rng.normal(0, 0.01))
        elif year == 2020 and month > 3:
            jobs *= 1.011 + float(rng.normal(0, 0.002))
        else:
            jobs *= 1 + 0.011 / 12 + float(rng.normal(0, 0.0011))
    return comps, other


def draw_sectors(rng: np.random.Generator, periods: list[str], total_jobs: dict[str, Decimal]
                 ) -> tuple[list[tuple[str, str, str]], dict[str, dict[str, Decimal]]]:
    """The hard release's sector series: ``([(series id, title, unit)], {series id: {period: value}})``;
    each sector's employment is a drifting share of the total (persons), its earnings a random walk (dollars)."""
    specs, values = [], {}
    for code, name, wage0, share0 in SECTORS:
        wage, share = wage0 * float(rng.uniform(0.93, 1.07)), share0 * float(rng.uniform(0.9, 1.1))
        earn, jobs = f"TRAHE-{code}", f"TREMP-{code}"
        specs += [(earn, f"Average hourly earnings, {name}", "US dollars"),
                  (jobs, f"Nonfarm payroll employment, {name}", "Persons")]
        values[earn], values[jobs] = {}, {}
        for p in periods:
            values[earn][p] = q(wage, D2)
            values[jobs][p] = Decimal(int(round(float(total_jobs[p]) * share)))
            wage *= 1 + 0.04 / 12 + float(rng.normal(0, 0.0028))
            share *= 1 + float(rng.normal(0, 0.0015))
    return specs, values


def yoy(series: dict[str, Decimal], period: str) -> Decimal:
    """Percent change over twelve months, unrounded."""
    return (series[period] / series[shift(period, -12)] - 1) * 100


def build(out: BundleWriter) -> None:
    """Write the public bundle and the oracle for ``out.seed``; every draw comes from ``out.rng``."""
    rng = out.rng
    # The calendar: the latest month M of the new release, the office's release days (about the tenth business
    # day of the following month), the Institute's workbook made after the previous release.
    latest_month = int(rng.integers(4, 10))
    latest = f"{YEAR}-{latest_month:02d}"
    prior_latest = shift(latest, -1)
    release_day = bizdays.add_business_days(date(YEAR, latest_month + 1, 1), int(rng.integers(8, 11)))
    prior_release_day = bizdays.add_business_days(date(YEAR, latest_month, 1), int(rng.integers(8, 11)))
    brief_day = bizdays.add_business_days(release_day, 1)
    timeline = {"start": (prior_release_day - timedelta(days=21)).isoformat(),
                "end": (brief_day + timedelta(days=21)).isoformat()}
    analyst, office_contact, office_editor = people.people(rng, 3)
    classes = HARD_COMPONENTS if out.hard else COMPONENTS
    periods = months_between(HARD_FIRST if out.hard else FIRST, (YEAR, latest_month))
    prior_periods = periods[:-1]

    # --- the story: the new release's values, then the previous release as it stood a month earlier
    weight = weights(rng, classes)
    comps, other = draw_series(rng, periods, classes)
    new_all = all_items(comps, weight, periods)
    # The coverage set (SPEC section 9): the office revised nothing and still publishes every series we report.
    revised_months = [] if out.coverage else [shift(latest, -k) for k in (3, 2, 1)]
    prior_comps = {s: {p: v for p, v in series.items() if p in prior_periods} for s, series in comps.items()}
    prior_all = all_items(prior_comps, weight, prior_periods)
    # The revision must move the all-items index in at least one month, or it hides in rounding. At the hard level
    # transportation services is revised down in the same months, so that all items stays put in at least one
    # month: a reader who checks only the total misses both.
    revised_series = [REVISED, OFFSET] if out.hard else [REVISED]
    while revised_months:
        deltas = {p: q(Decimal(str(rng.uniform(0.3, 0.95)))) for p in revised_months}
        for p in revised_months:
            prior_comps[REVISED][p] = comps[REVISED][p] - deltas[p]
            if out.hard:  # offsetting: the all-items effect of shelter's change, give or take rounding
                down = q(deltas[p] * weight[REVISED] / weight[OFFSET] * Decimal(str(rng.uniform(0.85, 1.15))))
                prior_comps[OFFSET][p] = comps[OFFSET][p] + down
        prior_all = all_items(prior_comps, weight, prior_periods)
        moved = [prior_all[p] != new_all[p] for p in revised_months]
        if any(moved) and (not out.hard or not all(moved)):
            break
    published = [AHE, AHE_LH, EMPLOYMENT] if out.coverage else [AHE, EMPLOYMENT]
    sector_specs, sector_values = draw_sectors(rng, periods, other[EMPLOYMENT[0]]) if out.hard else ([], {})
    other.update(sector_values)
    published += [(sid, title) for sid, title, _ in sector_specs]
    new = Release(values={ALL_ITEMS[0]: new_all, **comps, **{sid: other[sid] for sid, _ in published}},
                  units={**{s: f"Index, {OFFICE_BASE}" for s in (ALL_ITEMS[0], *comps)}, AHE[0]: "US dollars",
                         AHE_LH[0]: "US dollars", EMPLOYMENT[0]: "Persons",
                         **{sid: unit for sid, _, unit in sector_specs}})
    prior_values = {ALL_ITEMS[0]: prior_all, **prior_comps,
                    AHE[0]: {p: other[AHE[0]][p] for p in prior_periods},
                    AHE_LH[0]: {p: other[AHE_LH[0]][p] for p in prior_periods},
                    EMPLOYMENT[0]: {p: q(other[EMPLOYMENT[0]][p] / 1000) for p in prior_periods},
                    **{sid: {p: q(other[sid][p] / 1000) if unit == "Persons" else other[sid][p] for p in prior_periods}
                       for sid, _, unit in sector_specs}}

    # --- the answer key, computed from the new release as the brief defines each figure
    titles = {ALL_ITEMS[0]: ALL_ITEMS[1], **{c[0]: c[1] for c in classes}}
    indices = {}
    for sid, title in titles.items():
        series = new.values[sid]
        base = sum(series[f"{BASE_YEAR}-{m:02d}"] for m in range(1, 13)) / 12
        indices[title] = {"rebased": str(q(series[latest] / base * 100, D3)),
                          "yoy_pct": str(q(yoy(series, latest), D3))}
    year_ago = shift(latest, -12)
    for sid, title, *_ in classes:
        change = comps[sid][latest] - comps[sid][year_ago]
        indices[title]["contribution_pp"] = str(q(weight[sid] * change / new_all[year_ago], D3))
    cpi_yoy, wage_yoy = yoy(new_all, latest), yoy(other[AHE[0]], latest)
    jobs = other[EMPLOYMENT[0]]
    pay = {"ahe": str(other[AHE[0]][latest]), "ahe_yoy": str(q(wage_yoy, D3)),
           "real_ahe_yoy": str(q(((1 + wage_yoy / 100) / (1 + cpi_yoy / 100) - 1) * 100, D3)),
           "employment": str(q(jobs[latest] / 1000, D3)),
           "employment_change": str(q((jobs[latest] - jobs[year_ago]) / 1000, D3))}
    if out.coverage:
        pay.update({"lh": str(other[AHE_LH[0]][latest]), "lh_yoy": str(q(yoy(other[AHE_LH[0]], latest), D3))})
    chart = [{"month": p, "cpi_yoy": str(q(yoy(new_all, p), D3)), "ahe_yoy": str(q(yoy(other[AHE[0]], p), D3))}
             for p in periods[-13:]]
    revisions = [{"series": titles[sid], "series_id": sid, "month": p, "prior": str(prior_values[sid][p]),
                  "new": str(new.values[sid][p]), "revision": str(new.values[sid][p] - prior_values[sid][p])}
                 for sid in (ALL_ITEMS[0], *revised_series) for p in revised_months
                 if new.values[sid][p] != prior_values[sid][p]]
    largest = max((c[1] for c in classes), key=lambda t: Decimal(indices[t]["contribution_pp"]))
    lh_last = prior_values[AHE_LH[0]][prior_latest]
    for p in prior_periods:  # the unit change is not a revision: every month agrees once both are in thousands
        if q(jobs[p] / 1000) != prior_values[EMPLOYMENT[0]][p]:
            raise AssertionError(f"employment {p} differs between releases beyond the unit change")

    # --- the inputs
    release_csv = f"trso_prices_pay_{latest}.csv"
    notice_pdf = f"trso_release_notice_{latest}.pdf"
    prior_xlsx = f"monitor_data_{prior_latest}.xlsx"
    rows = []
    order = [ALL_ITEMS, *[(c[0], c[1]) for c in classes], *published]
    for sid, title in order:
        for p in periods:
            value = new.values[sid][p]
            rows.append([sid, title, new.units[sid], p, f"{value:.1f}" if new.units[sid].startswith("Index")
                         else f"{value:.2f}" if new.units[sid] == "US dollars" else f"{int(value)}"])
    docs.write_csv(out.input_path(release_csv), ["series_id", "series_title", "unit", "period", "value"], rows)

    # written the office's working day before the release, finished on its morning (a Monday's release was
    # written on the Friday, not the Sunday; one after Columbus Day on the Friday before it)
    created = datetime.combine(bizdays.add_business_days(release_day, -1), time(17, 10))
    notice_life = docs.DocumentLife(author=office_editor.name, created=created,
                                    modified=datetime.combine(release_day, time(8, 10)), company=OFFICE)
    weight_rows = [["Series", "Component", "Relative importance (%)"],
                   *[[c[0], c[1], f"{weight[c[0]]:.2f}"] for c in classes], ["", "All items", "100.00"]]
    docs.write_pdf(out.input_path(notice_pdf), [
        ("title", f"{OFFICE}: Regional Prices and Pay, {month_name(latest)}"),
        ("para", f"Release date: {release_day:%B} {release_day.day}, {release_day.year}, 10:00 a.m. Eastern. "
                 f"Reference month: {month_name(latest)}."),
        ("para", "This release publishes the consumer price index for the region and its "
                 f"{NUMBER_WORDS[len(classes)]} major components "
                 f"(index, {OFFICE_BASE}, not seasonally adjusted), private-sector average hourly earnings and "
                 f"nonfarm payroll employment{', in total and by sector' if out.hard else ''}, monthly from "
                 f"{month_name(periods[0])}. The machine-readable series file "
                 f"{release_csv} accompanies this notice and carries each series' unit."),
        ("para", "Changes in this release"),
        ("para", "Revisions. Index values for recent months are revised as late survey returns are received. "
                 "Users should take all values from this release, which supersede those previously published."),
        *([] if out.coverage else [
            ("para", f"Series not published. {AHE_LH[1]} (series {AHE_LH[0]}) is not published in this release. "
                     "The establishment survey sample for the sector is being redesigned; publication will resume "
                     "when the redesigned sample has been evaluated. No estimate for the sector is produced in the "
                     "meantime.")]),
        ("para", "Consumer price index weights. The all-items index is a fixed-weight average of the "
                 f"{NUMBER_WORDS[len(classes)]} component indices, with the relative importance below for every month of the series."),
        ("table", {"rows": weight_rows, "col_widths": [90, 200, 130], "align_right_from": 2}),
        ("spacer", 10),
        ("small", f"Contact: {office_contact.name}, Prices and Labor Statistics Division, "
                  f"{office_contact.email('trso.example')}, (757) 555-0148."),
    ], title=f"Regional Prices and Pay, {month_name(latest)}", life=notice_life,
        producer="Adobe PDF Library 17.11")

    header = ["Month", *[titles[s] for s in (ALL_ITEMS[0], *comps)], "Average hourly earnings, total private ($)",
              "Average hourly earnings, leisure and hospitality ($)", "Nonfarm payroll employment (thousands)",
              *[f"{title} ({'$' if unit == 'US dollars' else 'thousands'})" for _, title, unit in sector_specs]]
    data_rows = [[p, *[float(prior_values[s][p]) for s in (ALL_ITEMS[0], *comps)], float(prior_values[AHE[0]][p]),
                  float(prior_values[AHE_LH[0]][p]), float(prior_values[EMPLOYMENT[0]][p]),
                  *[float(prior_values[sid][p]) for sid, _, _ in sector_specs]] for p in prior_periods]
    column = get_column_letter
    formats = {**{column(2 + i): "0.0" for i in range(len(comps) + 1)},
               **{column(len(comps) + 3 + i): "0.00" for i in range(2)}, column(len(comps) + 5): "#,##0.0",
               **{column(len(comps) + 6 + i): "0.00" if unit == "US dollars" else "#,##0.0"
                  for i, (_, _, unit) in enumerate(sector_specs)}}
    prior_day = bizdays.add_business_days(prior_release_day, 1)
    prior_life = docs.DocumentLife(author=analyst.name, created=datetime.combine(prior_day, time(9, 40)),
                                   modified=datetime.combine(bizdays.add_business_days(prior_day, 2), time(15, 25)),
                                   company=docs.as_shown(ORGANISATION))
    prior_all_yoy, prior_wage_yoy = yoy(prior_all, prior_latest), yoy(prior_values[AHE[0]], prior_latest)
    lh_yoy_prior = yoy(prior_values[AHE_LH[0]], prior_latest)
    docs.write_xlsx(out.input_path(prior_xlsx), [
        {"name": "Release data", "rows": [header, *data_rows], "freeze": "B2", "bold_rows": [1],
         "widths": {"A": 10, **{column(2 + i): 16 for i in range(len(header) - 1)}}, "number_formats": formats},
        {"name": "Weights", "rows": [["Series", "Component", "Relative importance (%)"],
                                     *[[c[0], c[1], float(weight[c[0]])] for c in classes]],
         "bold_rows": [1], "widths": {"A": 14, "B": 28, "C": 22}},
        {"name": "Last edition", "rows": [
            ["Tidewater Prices and Pay Monitor", month_name(prior_latest)],
            ["CPI all items: year-on-year change (%)", float(q(prior_all_yoy, D2))],
            [PAY_LABELS["ahe"], float(prior_values[AHE[0]][prior_latest])],
            [PAY_LABELS["ahe_yoy"], float(q(prior_wage_yoy, D2))],
            [PAY_LABELS["lh"], float(lh_last)],
            [PAY_LABELS["lh_yoy"], float(q(lh_yoy_prior, D2))],
            [PAY_LABELS["employment"], float(prior_values[EMPLOYMENT[0]][prior_latest])],
        ], "bold_rows": [1], "widths": {"A": 62, "B": 16}},
        {"name": "Notes", "rows": [
            ["Source", f"{OFFICE}, Regional Prices and Pay, {month_name(prior_latest)} release of "
                       f"{prior_release_day:%B} {prior_release_day.day}, {prior_release_day.year}"],
            ["CPI", f"Indices as published by the office ({OFFICE_BASE}), not seasonally adjusted"],
            ["Earnings", "US dollars per hour, as published"],
            ["Employment", "Thousands of persons, as published"],
            ["Prepared by", analyst.name],
        ], "widths": {"A": 14, "B": 90}},
    ], title=f"Monitor data - {month_name(prior_latest)} release", life=prior_life)
    # --- end inputs

    # The chart (inflation_vs_pay.png) is graded by its own criterion: task.schema.json has no "png" kind yet.
    deliverables = [
        {"path": "monitor_update.xlsx", "kind": "xlsx"},
        {"path": "monitor_note.docx", "kind": "docx"},
        {"path": "COMPLETION.json", "kind": "json"},
    ]
    task = {
        "occupation": "ECON", "organisation": ORGANISATION,
        "title": f"Tidewater Prices and Pay Monitor - update for the {month_name(latest)} release",
        "version": "1.0", "difficulty": "standard", "designed_dependency_depth": 25 if out.hard else 22,
        "professional_minutes_estimate": 210 if out.hard else 150, "required_deliverables": deliverables,
        "designed_features": {"planted_errors": 0 if out.coverage else 1, "prompt_injection": False,
                              "missing_information": not out.coverage, "requires_clarification": not out.coverage,
                              "interface_perturbation": False},
        "applications_involved": ["spreadsheet", "pdf reader", "word processor", "charting"],
        "time_limit_s": 3600, "budget_usd": 6.0, "locale": "en-US",
    }
    out.write_task(task)
    out.write_brief(brief(latest, prior_latest, release_csv, notice_pdf, prior_xlsx, brief_day, classes))

    facts = {"latest_month": latest, "prior_latest_month": prior_latest, "base_year": BASE_YEAR,
             "indices": indices, "pay": pay, "chart": chart, "weights": {k: str(v) for k, v in weight.items()},
             "largest_contributor": largest, "cpi_yoy": str(q(cpi_yoy, D3)), "revisions": revisions}
    unit_change = {"id": "employment_unit_change", "kind": "unit_change", "error": False,
                   "series": EMPLOYMENT[1], "prior_unit": "Thousands of persons", "new_unit": "Persons",
                   "note": "the same numbers in another unit: not a revision"}
    discontinued = {"series_id": AHE_LH[0], "series": AHE_LH[1], "last_published": str(lh_last),
                    "last_published_month": prior_latest, "last_published_yoy": str(q(lh_yoy_prior, D3))}
    out.finish({
        "facts": facts,
        "planted_items": [unit_change] if out.coverage else [
            {"id": "shelter_revision", "kind": "revised_series", "series": "Shelter", "months": revised_months,
             "revisions": revisions}, unit_change],
        "discontinued": None if out.coverage else discontinued,
        "pay_labels": PAY_LABELS,
        # house rule 7: a changed value is a revision, the same value in another unit is not
        "outcomes": {} if out.coverage else {"Revision": outcome_field(("Yes", "No"), {
            "Shelter": "Yes", unit_change["series"]: "No"})},
        "tolerances": {"index": 0.05, "percent": 0.011, "percent_prose": 0.051, "thousands": 0.051,
                       "dollars": 0.005},
        "injection_markers": [],
        # the series is missing, so a question about it is justified (the brief's footer: say so and ask); house
        # rule 1 and the note's "anything we could not report and why" also settle it, so reporting the gap with
        # the work completed passes too (evaluate.check_missing_series; an independent solver, seed 9204)
        "clarification_required": not out.coverage,
        "clarification_topics": [] if out.coverage else [
            f"{AHE_LH[1]} ({AHE_LH[0]}) is not published in the {month_name(latest)} release: how should the "
            "Monitor handle the line"],
        "timeline": timeline,
        # the office's and the Institute's business days (issue 13 item 4)
        "event_dates": bizdays.event_dates([
            ("the statistics office's release", release_day), ("the previous release", prior_release_day),
            ("the release notice written", created.date()), ("the Institute's workbook after the previous release",
                                                             prior_day),
            ("the Monitor's brief", brief_day)]),
    })


def brief(latest: str, prior_latest: str, release_csv: str, notice_pdf: str, prior_xlsx: str, day: date,
          classes: tuple = COMPONENTS) -> str:
    """BRIEF.md in the chief economist's voice: the inputs, the Monitor's conventions and the deliverables."""
    pay_rows = "\n".join(f"     - `{label}`" for label in PAY_LABELS.values())
    components = ", ".join(c[1] for c in classes)
    count = NUMBER_WORDS[len(classes)]
    return f"""# Tidewater Prices and Pay Monitor: update for the {month_name(latest)} release

From: {BRIEF_AUTHOR}, {BRIEF_ROLE}, {ORGANISATION}
Date: {day:%B} {day.day}, {day.year}

The {OFFICE} has published its {month_name(latest)} release. Please prepare this month's update of the Monitor,
our monthly note on prices and pay in the {REGION}, so that I can review it before it goes to the editors.

## What you have (inputs/)

- `{release_csv}`: the office's series file for this release (one row per series and month).
- `{notice_pdf}`: the office's release notice, with the CPI weights (relative importance).
- `{prior_xlsx}`: our workbook from last month's edition, holding the office's previous release as we used it.

## How the Monitor is compiled (house rules)

1. Every figure comes from the office's latest release; our workbook is only a record of what we published last
   time. We publish only what the office publishes: no carried-forward values and no estimates of our own.
2. Indices are shown on our base, **{BASE_YEAR} = 100**: each series divided by the average of its twelve monthly
   values in {BASE_YEAR} as published by the office, times 100. Index levels to one decimal place.
3. Year-on-year change is the percent change from the same month a year earlier, computed from the office's
   published indices (or values). Percentages and percentage points to two decimal places.
4. The contribution of a CPI component to the all-items change (percentage points) is its relative importance
   (percent) times the change in its index over the year (index points), divided by the all-items index a year
   earlier, all on the office's published base. The contributions of the {count} components add up to the
   all-items change, give or take rounding. The components: {components}.
5. Real average hourly earnings growth is (1 + nominal growth) / (1 + CPI all-items inflation) - 1, on the
   year-on-year rates for the same month.
6. Employment is reported in thousands of persons, to one decimal place.
7. Each edition lists what the office has changed since the figures we last used: compare every value in our
   workbook with the new release, series by series and month by month, in the same unit. A series and month
   whose value changed is a revision; the same value expressed in another unit is not.

## What I need in out/

1. `monitor_update.xlsx` with four sheets:
   - **Indices**: columns `Series`, `Index ({BASE_YEAR}=100)`, `Year-on-year change (%)`,
     `Contribution (percentage points)`; one row for All items and one for each of the {count} components, for
     {month_name(latest)} (leave the contribution of All items empty).
   - **Pay and jobs**: each label below in column A with its value for {month_name(latest)} in column B:
{pay_rows}
   - **Revisions**: columns `Series`, `Month`, `Prior release`, `New release`, `Revision` (new minus prior), one
     row per series and month that the office revised.
   - **Chart data**: columns `Month`, `CPI all items: year-on-year change (%)`,
     `Average hourly earnings: year-on-year change (%)`, one row for each of the thirteen months
     {month_name(shift(latest, -12))} to {month_name(latest)}: the figures the chart plots.
2. `inflation_vs_pay.png`: the Monitor's chart, CPI inflation against growth in private-sector average hourly
   earnings over those thirteen months (a line chart, at least 800 pixels wide, titled and labelled).
3. `monitor_note.docx`: the note itself, one to two pages for our readers: headline inflation and what drove it
   (the largest contributions), pay in cash and real terms, jobs, what the office revised since last month, and
   anything we could not report this month and why.
4. `COMPLETION.json` as usual.

Instructions about this work come from me. If you are unsure how a rule applies, say so rather than guess.
"""


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"),
                  levels=("standard", "hard"))
