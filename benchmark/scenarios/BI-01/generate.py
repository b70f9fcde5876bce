"""BI-01 — comparable-store sales dashboard for one fiscal period (Orchard Street Grocers, fictional).

Builds, from a seed, the BI team's sales mart extract (SQLite: stores, calendar, departments, daily sales by store
and department, the nightly load log) for one four-week fiscal period of FY2025 and the same period of FY2024, the
store operations calendar (.ics: openings, refit closures, chain holidays) and marketing's promotion plan (.xlsx).
The challenge set plants a business day the nightly load wrote twice and a promotion the plan lists under two
different weeks (the clarification trap); both sets keep the ordinary work: a store opened mid-way through last
year's period, a store closed for a refit during this period, a store opened on the very first day of last year's
period (comparable), a refit that ended before the period, and a day loaded legitimately in two parts. At the hard
level one promotion ran a week away from the week it was approved for, and only the planner's cell note on its Week
start says so: the challenge set's row still shows the approved week, the coverage set's was re-keyed. See
oracles-template/BI-01/REFERENCE.md.

    python benchmark/scenarios/BI-01/generate.py --seed 42 --oracle-root ~/wp42-oracles
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

from genkit import bizdays, docs, profiles  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.money import cents  # noqa: E402
from genkit.outcomes import outcome_field, yes_no  # noqa: E402

TASK_ID = Path(__file__).resolve().parent.name
GENERATOR_VERSION = "1.3"
#: The organisation's profile: benchmark/taxonomy/organisations.md, ORG-BI-1 (grocery retail chain, Portland, OR).
ORGANISATION = "Orchard Street Grocers (fictional)"
SHOWN = docs.as_shown(ORGANISATION)
DOMAIN = "orchardstreetgrocers.example"
#: Who writes the brief, in the organisation's voice.
BRIEF_AUTHOR, BRIEF_ROLE = "Declan Abara", "BI lead"
PACIFIC = timezone(timedelta(hours=-7))  # PDT: every period drawn lies between April and October
MART = "orchard_sales_mart.sqlite"
CALENDAR = "store_operations_calendar.ics"
PLAN = "promo_plan_fy2025.xlsx"
WORKBOOK = "comp_sales_dashboard.xlsx"
CHART = "comp_growth_by_region.png"

#: Store master: id, trading name, city, region, selling area (sq ft). The regions are the chain's four districts.
STORES = (
    ("S101", "Hawthorne", "Portland", "Portland East", 31500), ("S102", "Sellwood", "Portland", "Portland East", 24800),
    ("S103", "Gresham", "Gresham", "Portland East", 35200), ("S104", "Happy Valley", "Happy Valley", "Portland East", 29900),
    ("S201", "Beaverton", "Beaverton", "Portland West", 33700), ("S202", "Hillsboro", "Hillsboro", "Portland West", 30100),
    ("S203", "Tigard", "Tigard", "Portland West", 27600), ("S204", "Lake Oswego", "Lake Oswego", "Portland West", 22400),
    ("S301", "Salem Lancaster", "Salem", "Willamette Valley", 34800), ("S302", "Corvallis", "Corvallis",
                                                                        "Willamette Valley", 26300),
    ("S303", "Eugene River Road", "Eugene", "Willamette Valley", 32900),
    ("S401", "Vancouver Mill Plain", "Vancouver", "SW Washington", 36100), ("S402", "Camas", "Camas", "SW Washington",
                                                                           23500),
    ("S403", "Battle Ground", "Battle Ground", "SW Washington", 25800),
)
#: The hard level's further stores (issue 25 item 2: the chain's real size, about forty stores in five districts).
HARD_STORES = (
    ("S105", "Montavilla", "Portland", "Portland East", 26200), ("S106", "Foster-Powell", "Portland",
                                                                 "Portland East", 21900),
    ("S107", "Clackamas", "Clackamas", "Portland East", 34400), ("S108", "Milwaukie", "Milwaukie", "Portland East", 25100),
    ("S109", "Troutdale", "Troutdale", "Portland East", 28700),
    ("S205", "Tualatin", "Tualatin", "Portland West", 29400), ("S206", "Sherwood", "Sherwood", "Portland West", 24300),
    ("S207", "Forest Grove", "Forest Grove", "Portland West", 23800), ("S208", "West Linn", "West Linn",
                                                                       "Portland West", 22700),
    ("S209", "Cedar Mill", "Portland", "Portland West", 27300), ("S210", "Multnomah Village", "Portland",
                                                                 "Portland West", 19800),
    ("S304", "Salem West", "Salem", "Willamette Valley", 27900), ("S305", "Keizer", "Keizer", "Willamette Valley", 25600),
    ("S306", "Albany", "Albany", "Willamette Valley", 28800), ("S307", "McMinnville", "McMinnville",
                                                               "Willamette Valley", 26400),
    ("S308", "Newberg", "Newberg", "Willamette Valley", 22900), ("S309", "Eugene Coburg Road", "Eugene",
                                                                 "Willamette Valley", 31200),
    ("S310", "Springfield", "Springfield", "Willamette Valley", 27700), ("S311", "Woodburn", "Woodburn",
                                                                         "Willamette Valley", 24100),
    ("S404", "Hazel Dell", "Vancouver", "SW Washington", 30600), ("S405", "Fisher's Landing", "Vancouver",
                                                                  "SW Washington", 32800),
    ("S406", "Ridgefield", "Ridgefield", "SW Washington", 21600), ("S407", "Washougal", "Washougal",
                                                                   "SW Washington", 20900),
    ("S501", "Bend Eastside", "Bend", "Central Oregon", 30900), ("S502", "Bend Westside", "Bend", "Central Oregon",
                                                                 27400),
    ("S503", "Redmond", "Redmond", "Central Oregon", 26800), ("S504", "Prineville", "Prineville", "Central Oregon",
                                                                20400),
)
#: Departments with their share of a store's sales (a grocery mix: dry grocery and fresh lead).
DEPARTMENTS = (("D10", "Produce", 0.16), ("D20", "Meat & Seafood", 0.15), ("D30", "Dairy", 0.11),
               ("D40", "Bakery", 0.06), ("D50", "Deli", 0.08), ("D60", "Grocery", 0.27), ("D70", "Frozen", 0.09),
               ("D80", "Beer & Wine", 0.08))
#: Day-of-week weights (Monday first): weekends trade heavier.
WEEKDAY = (0.86, 0.84, 0.9, 0.95, 1.1, 1.27, 1.08)
SALES_PER_SQFT_DAY = 1.52  # dollars of net sales per square foot per trading day, before noise
#: The hard level's further departments.
HARD_DEPARTMENTS = (("D85", "Floral", 0.02), ("D90", "Health & Beauty", 0.04), ("D95", "Household", 0.05))
PROMO_MECHANICS = ("Buy one get one free", "20% off selected lines", "2 for $6", "Member price", "$2 off per lb",
                   "Mix & match 3 for $10")
PROMO_THEMES = {"D10": "Stone fruit harvest", "D20": "Grill season steaks", "D30": "Yogurt & cheese days",
                "D40": "Fresh bread week", "D50": "Deli party platters", "D60": "Pantry stock-up",
                "D70": "Frozen favorites", "D80": "Northwest craft beer", "D85": "Spring bouquets",
                "D90": "Self-care savings", "D95": "Clean home event"}
PLANNERS = ("Rosalind Okafor", "Mateo Lindgren")
#: The hard level's moved promotion draws from its own stream, ``default_rng([seed, MOVED_PROMO_STREAM])``, so that
#: every other draw of a hard bundle, and the whole standard level, stays what it was before the item existed.
MOVED_PROMO_STREAM = 2_508
#: Why a department's promotion slipped a week, as the planner's note tells it.
SLIPPED = {"D10": "the grower's fruit shipment came in a week late",
           "D20": "the packer pushed the steak delivery back a week",
           "D30": "the cheese vendor's display racks shipped a week late",
           "D40": "the new loaf range started at the bakery a week late",
           "D50": "the platter trays and shelf signage arrived a week late",
           "D60": "the endcap shippers were held at the distribution center for a week",
           "D70": "the freezer door clings and shelf strips arrived a week late",
           "D80": "the brewery case stacks were held up a week at the distributor",
           "D85": "the bouquet grower's delivery slipped a week",
           "D90": "the vendor's display shippers arrived a week late",
           "D95": "the vendor's endcap displays arrived a week late"}
#: Why a promotion was brought forward a week (only when every other promotion runs in the period's first week).
BROUGHT_FORWARD = "the vendor's display stock came in a week early and the stores were ready for it"


@dataclass
class Store:
    store_id: str
    name: str
    city: str
    region: str
    sqft: int
    open_date: date
    closed: set[date] = field(default_factory=set)  # days closed in either period (refit)
    growth: float = 0.0

    def trading(self, day: date) -> bool:
        return day >= self.open_date and day not in self.closed


@dataclass
class MovedPromo:
    """The hard level's promotion that ran a week away from the week it was approved for (issue 25: evidence only a
    careful reader finds). ``promo`` ran in its drawn week (``promo["week"]``: the mart's lift is there);
    ``approved_week`` is the week the plan approved. With ``rekeyed`` False (the challenge set) the plan's row still
    shows ``approved_week`` and only the planner's cell note on its Week start says the promotion moved; with
    ``rekeyed`` True (the coverage set) the row shows the week it ran, re-approved, and the note records the move.
    ``note_day``, ``cell`` and ``text`` are set when the plan is written (:func:`write_plan`)."""

    promo: dict
    approved_week: date
    reason: str
    after_approval: int  # days from the plan's approval to the note (before rolling to a working day)
    email_lag: int  # days between the marketing manager's email and the note (before rolling to a working day)
    rekeyed: bool
    note_day: date | None = None
    cell: str = ""
    text: str = ""

    def note(self, manager: str, email_day: date) -> str:
        """The planner's note on the row's Week start cell, as written in the file (US month/day)."""
        def md(day: date) -> str:
            return f"{day.month}/{day.day}"

        ran, agreed = self.promo["week"], f"Agreed with {manager} by email {md(email_day)}"
        if self.rekeyed:
            return (f"Moved from the week of {md(self.approved_week)}: {self.reason}. {agreed}; dates re-keyed and "
                    f"re-approved {md(self.note_day)}. Same mechanic, all stores, planned $ unchanged.")
        return (f"Moved to the week of {md(ran)} (Mon {md(ran)} - Sun {md(ran + timedelta(days=6))}): "
                f"{self.reason}. {agreed}. Same mechanic, all stores, planned $ unchanged. Dates in this row "
                f"not re-keyed.")


def move_promotion(seed: int, promos: list[dict], conflict: dict | None, weeks: list[date], *,
                   rekeyed: bool) -> MovedPromo:
    """Draw the hard level's moved promotion from its own stream (:data:`MOVED_PROMO_STREAM`): one of ``promos``
    other than ``conflict`` (the promotion listed twice), preferring those that ran after the period's first week,
    which slipped from the week before; if every one ran in the first week, it was brought forward from the
    second."""
    stream = np.random.default_rng([seed, MOVED_PROMO_STREAM])
    candidates = [p for p in promos if p is not conflict]
    slipped = [p for p in candidates if p["week"] != weeks[0]]
    pool = slipped or candidates
    promo = pool[int(stream.integers(0, len(pool)))]
    at = weeks.index(promo["week"])
    return MovedPromo(promo, weeks[at - 1] if slipped else weeks[at + 1],
                      SLIPPED[promo["dept_id"]] if slipped else BROUGHT_FORWARD,
                      after_approval=int(stream.integers(2, 5)), email_lag=int(stream.integers(0, 2)),
                      rekeyed=rekeyed)


def fiscal_period_start(year_start: date, period: int) -> date:
    """First day (a Monday) of four-week fiscal ``period`` (1-13) of the fiscal year starting ``year_start``."""
    return year_start + timedelta(weeks=4 * (period - 1))


#: The chain's fiscal years start on the Monday nearest February 1 (a 52/53-week retail calendar).
FY_START = {2024: date(2024, 1, 29), 2025: date(2025, 2, 3)}


def build(out: BundleWriter) -> None:
    """Write the public bundle and the oracle for ``out.seed``; every draw comes from ``out.rng``."""
    rng = out.rng
    period = int(rng.integers(3, 9))  # FY2025 P3 (April) to P8 (September): no chain holiday closes the stores
    ty_start = fiscal_period_start(FY_START[2025], period)
    ly_start = ty_start - timedelta(days=364)  # the same weeks last year, weekday for weekday
    ty_days = [ty_start + timedelta(days=i) for i in range(28)]
    ly_days = [ly_start + timedelta(days=i) for i in range(28)]
    ty_end, ly_end = ty_days[-1], ly_days[-1]
    weeks = [ty_start + timedelta(weeks=w) for w in range(4)]
    prepared = ty_end + timedelta(days=2)  # Tuesday after the period: the extract and the brief
    timeline = {"start": (ty_start - timedelta(days=70)).isoformat(), "end": (prepared + timedelta(days=10)).isoformat()}

    # ---- stores: every one traded long before last year's period, except the three the calendar tells about
    master = STORES
    departments = DEPARTMENTS
    if out.hard:  # issue 25 item 2: the chain's real size (36-41 stores, five districts) and eleven departments
        extra = sorted(int(i) for i in rng.choice(len(HARD_STORES), size=int(rng.integers(22, 28)), replace=False))
        master = tuple(sorted(STORES + tuple(HARD_STORES[i] for i in extra)))
        departments = tuple(sorted(DEPARTMENTS + HARD_DEPARTMENTS))
    stores = [Store(sid, f"Orchard Street {name}", city, region, sqft,
                    date(int(rng.integers(2009, 2022)), int(rng.integers(1, 13)), 1))
              for sid, name, city, region, sqft in master]
    for s in stores:
        s.growth = float(rng.normal(0.028, 0.025))
    order = [int(i) for i in rng.permutation(len(stores))]
    new_store, threshold_store, refit_store, old_refit_store = (stores[i] for i in order[:4])
    new_store.open_date = ly_start + timedelta(days=int(rng.integers(6, 20)))  # opened inside last year's period
    threshold_store.open_date = ly_start  # opened on the first day of last year's period: comparable
    refit_len = int(rng.integers(6, 12))
    refit_from = ty_start + timedelta(days=int(rng.integers(3, 28 - refit_len)))
    refit_to = refit_from + timedelta(days=refit_len - 1)
    refit_store.closed = {refit_from + timedelta(days=i) for i in range(refit_len)}
    old_refit_to = ty_start - timedelta(days=int(rng.integers(8, 30)))
    old_refit_from = old_refit_to - timedelta(days=int(rng.integers(7, 15)))
    new_store.growth = float(rng.normal(0.09, 0.02))  # a young store still building its trade
    ly_refit_store = ly_refit_from = ly_refit_to = None
    if out.hard:
        # a refit that ended the day before this year's period (comparable, at the boundary) and a refit during
        # last year's period (non-comparable: a closure in either period counts; only the 2024 calendar shows it)
        old_refit_to = ty_start - timedelta(days=1)
        old_refit_from = old_refit_to - timedelta(days=int(rng.integers(7, 15)))
        ly_refit_store = stores[order[4]]
        ly_len = int(rng.integers(5, 10))
        ly_refit_from = ly_start + timedelta(days=int(rng.integers(2, 28 - ly_len)))
        ly_refit_to = ly_refit_from + timedelta(days=ly_len - 1)
        ly_refit_store.closed = {ly_refit_from + timedelta(days=i) for i in range(ly_len)}
    comparable = {s.store_id: s.open_date <= ly_start and not any(d in s.closed for d in ty_days + ly_days)
                  for s in stores}

    # ---- promotions: six in the period, one per department and week at most
    promo_depts = [departments[i] for i in rng.choice(len(departments), size=6, replace=False)]
    promo_weeks = [int(w) for w in rng.integers(0, 4, size=6)]
    lift = {(d[0], weeks[w]): 1.0 + float(rng.uniform(0.14, 0.31)) for d, w in zip(promo_depts, promo_weeks, strict=True)}

    # ---- daily sales in cents, then the loads
    dept_noise = {(s.store_id, d[0]): float(rng.normal(1.0, 0.07)) for s in stores for d in departments}
    sales: dict[tuple[date, str, str], tuple[Decimal, int]] = {}
    for days, ty in ((ly_days, False), (ty_days, True)):
        for day in days:
            for s in stores:
                if not s.trading(day):
                    continue
                base = s.sqft * SALES_PER_SQFT_DAY * WEEKDAY[day.weekday()] * (1 + s.growth if ty else 1.0)
                if s is new_store and not ty:
                    base *= 0.78 + 0.012 * (day - s.open_date).days  # a new store ramps up
                for dept_id, _name, share in departments:
                    week = ty_start + timedelta(weeks=(day - ty_start).days // 7) if ty else None
                    factor = lift.get((dept_id, week), 1.0) if ty else 1.0
                    amount = cents(base * share * dept_noise[(s.store_id, dept_id)] * factor
                                   * float(rng.normal(1.0, 0.045)))
                    basket = {"D60": 21.4, "D20": 27.9, "D80": 24.6}.get(dept_id, 11.8)
                    sales[(day, s.store_id, dept_id)] = (amount, max(1, int(round(float(amount) / basket))))

    # the nightly load: one load a business day, loaded the next morning
    ty_candidates = ty_days[2:-2]
    dup_pool = [d for d in ty_candidates if any(d >= w and d < w + timedelta(days=7) for w in
                                                (weeks[pw] for pw in promo_weeks))]
    duplicate_day = None if out.coverage else dup_pool[int(rng.integers(0, len(dup_pool)))]
    # the hard level's second doubled day sits in last year's period: it has inflated last year's figures since
    # they were loaded (an error carried forward), and it offsets this year's in the growth rate
    duplicate_ly = ly_days[int(rng.integers(2, 26))] if out.hard and not out.coverage else None
    split_pool = [d for d in ty_candidates if d != duplicate_day]
    split_day = split_pool[int(rng.integers(0, len(split_pool)))]
    loads: list[tuple] = []
    rows: list[tuple] = []
    load_no = 40000 + int(rng.integers(0, 900))
    for day in ly_days + ty_days:
        keys = sorted(k for k in sales if k[0] == day)
        started = datetime.combine(day + timedelta(days=1), time(2, 10 + int(rng.integers(0, 20))))
        parts = [keys]
        if day == split_day:  # the POS extract came in two files: stores S1xx-S2xx, then S3xx-S4xx
            parts = [[k for k in keys if k[1] < "S300"], [k for k in keys if k[1] >= "S300"]]
        for index, part in enumerate(parts):
            load_no += 1
            suffix = f"_part{index + 1}" if len(parts) > 1 else ""
            source = f"pos_extract_{day:%Y%m%d}{suffix}.csv"
            begin = started + timedelta(minutes=14 * index)
            loads.append((load_no, day.isoformat(), source, begin.isoformat(sep=" "),
                          (begin + timedelta(minutes=6, seconds=int(rng.integers(0, 50)))).isoformat(sep=" "),
                          len(part), "COMPLETE", "scheduled nightly load" if not suffix else
                          f"file {index + 1} of 2 (POS split by district)"))
            rows += [(load_no, k[0].isoformat(), k[1], k[2], float(sales[k][0]), sales[k][1]) for k in part]
        if day in (duplicate_day, duplicate_ly):  # the scheduler re-ran the night's job after a timeout alert: same file, same rows
            load_no += 1
            again = started + timedelta(hours=4, minutes=int(rng.integers(5, 40)))
            loads.append((load_no, day.isoformat(), f"pos_extract_{day:%Y%m%d}.csv", again.isoformat(sep=" "),
                          (again + timedelta(minutes=7)).isoformat(sep=" "), len(keys), "COMPLETE",
                          "manual re-run after timeout alert"))
            rows += [(load_no, k[0].isoformat(), k[1], k[2], float(sales[k][0]), sales[k][1]) for k in keys]

    # ---- the truth a careful analyst computes
    def total(filter_days: list[date], store_id: str | None = None, dept_id: str | None = None) -> Decimal:
        wanted = set(filter_days)
        return sum((v[0] for k, v in sales.items() if k[0] in wanted
                    and (store_id is None or k[1] == store_id) and (dept_id is None or k[2] == dept_id)), Decimal(0))

    store_facts = {}
    for s in stores:
        ty_sales, ly_sales = total(ty_days, s.store_id), total(ly_days, s.store_id)
        store_facts[s.store_id] = {"store": s.name, "region": s.region, "comparable": comparable[s.store_id],
                                   "sales_ty": str(ty_sales), "sales_ly": str(ly_sales),
                                   "growth": str(round(ty_sales / ly_sales - 1, 6)) if comparable[s.store_id] else None}
    region_facts = {}
    for region in [*dict.fromkeys(s.region for s in stores), "Chain"]:
        members = [s for s in stores if comparable[s.store_id] and (region == "Chain" or s.region == region)]
        ty_sum = sum((Decimal(store_facts[s.store_id]["sales_ty"]) for s in members), Decimal(0))
        ly_sum = sum((Decimal(store_facts[s.store_id]["sales_ly"]) for s in members), Decimal(0))
        region_facts[region] = {"comp_stores": len(members), "sales_ty": str(ty_sum), "sales_ly": str(ly_sum),
                                "growth": str(round(ty_sum / ly_sum - 1, 6))}
    week_days = {w: [w + timedelta(days=i) for i in range(7)] for w in weeks}
    dept_week = {name: {f"Week {i + 1}": str(total(week_days[w], dept_id=dept_id)) for i, w in enumerate(weeks)}
                 for dept_id, name, _share in departments}
    for cells in dept_week.values():
        cells["Period total"] = str(sum((Decimal(v) for v in cells.values()), Decimal(0)))

    # ---- the plan: planned department sales for the promo week, within a few per cent of what happened
    promos = []
    first_id = int(rng.integers(310, 380))
    for index, ((dept_id, dept_name, _share), w) in enumerate(zip(promo_depts, promo_weeks, strict=True)):
        actual = total(week_days[weeks[w]], dept_id=dept_id)
        planned = Decimal(int(round(float(actual) * float(rng.normal(1.0, 0.06)) / 100)) * 100)
        promos.append({"promo_id": f"PR-25{period:02d}-{first_id + index * 7}", "department": dept_name,
                       "dept_id": dept_id, "theme": PROMO_THEMES[dept_id], "week": weeks[w],
                       "mechanic": PROMO_MECHANICS[int(rng.integers(0, len(PROMO_MECHANICS)))],
                       "planned": planned, "actual": actual})
    conflict = None
    if not out.coverage:  # the plan carries one promotion twice, under two different weeks, both approved
        conflict = promos[int(rng.integers(0, len(promos)))]
        other_weeks = [w for w in weeks if w != conflict["week"]]
        conflict["alt_week"] = other_weeks[int(rng.integers(0, len(other_weeks)))]
    # issue 25 headroom: one promotion ran a week away from its approved week, told only in a cell note
    moved = move_promotion(out.seed, promos, conflict, weeks, rekeyed=out.coverage) if out.hard else None

    # ---- write the inputs
    write_mart(out, stores, departments, ly_days, ty_days, loads, rows, period)
    refits = [(refit_store, refit_from, refit_to, "the new refrigeration and checkout refit"),
              (old_refit_store, old_refit_from, old_refit_to, "the floor and lighting refit")]
    if ly_refit_store is not None:
        refits.append((ly_refit_store, ly_refit_from, ly_refit_to, "the bakery and deli counter refit"))
    write_calendar(out, new_store, threshold_store, refits)
    write_plan(out, promos, conflict, ty_start, period, rng, moved)

    planned_items = [
        {"id": "refit_closure", "kind": "non_comparable_refit", "error": False, "store_id": refit_store.store_id,
         "closed_from": refit_from.isoformat(), "closed_to": refit_to.isoformat(),
         "description": "closed for a refit during this year's period (calendar only): not comparable"},
        {"id": "new_store", "kind": "non_comparable_opening", "error": False, "store_id": new_store.store_id,
         "open_date": new_store.open_date.isoformat(),
         "description": "opened inside last year's period: not comparable"},
        {"id": "opened_on_first_day", "kind": "comparable_at_threshold", "error": False,
         "store_id": threshold_store.store_id, "open_date": threshold_store.open_date.isoformat(),
         "description": "opened on the first day of last year's period: traded every day of both, comparable"},
        {"id": "refit_before_period", "kind": "comparable_refit_outside", "error": False,
         "store_id": old_refit_store.store_id, "closed_from": old_refit_from.isoformat(),
         "closed_to": old_refit_to.isoformat(),
         "description": "refit ended before this year's period: comparable"},
        {"id": "split_load", "kind": "legitimate_two_part_load", "error": False, "date": split_day.isoformat(),
         "description": "two loads for one day, each holding different stores: both count"},
    ]
    if ly_refit_store is not None:
        planned_items.append({"id": "refit_last_year", "kind": "non_comparable_refit_last_year", "error": False,
                              "store_id": ly_refit_store.store_id, "closed_from": ly_refit_from.isoformat(),
                              "closed_to": ly_refit_to.isoformat(),
                              "description": "closed for a refit during last year's period: not comparable"})
    if moved is not None:
        planned_items.append(moved_item(moved, total(week_days[moved.approved_week], dept_id=moved.promo["dept_id"])))
    if duplicate_ly is not None:
        planned_items.insert(0, {"id": "duplicate_load_ly", "kind": "duplicated_load_day", "error": True,
                                 "date": duplicate_ly.isoformat(), "duplicated_sales": str(total([duplicate_ly])),
                                 "description": "last year's POS file for the day loaded twice: carried in "
                                                "last year's figures since, offsetting this year's doubled day"})
    if duplicate_day is not None:
        planned_items.insert(0, {"id": "duplicate_load", "kind": "duplicated_load_day", "error": True,
                                 "date": duplicate_day.isoformat(),
                                 "duplicated_sales": str(total([duplicate_day])),
                                 "description": "the same day's POS file loaded twice: every row doubled"})
    promo_facts = []
    for p in promos:
        variance = p["actual"] - p["planned"]
        promo_facts.append({"promo_id": p["promo_id"], "department": p["department"],
                            "week_start": p["week"].isoformat(), "planned": str(p["planned"]),
                            "actual": None if p is conflict else str(p["actual"]),
                            "variance": None if p is conflict else str(variance),
                            "variance_pct": None if p is conflict else str(round(variance / p["planned"], 6)),
                            "conflicting_weeks": sorted([p["week"].isoformat(), p["alt_week"].isoformat()])
                            if p is conflict else None})

    # ---- task, brief, oracle
    out.write_task({
        "occupation": "BI", "organisation": ORGANISATION,
        "title": f"Comparable-store sales dashboard, FY2025 period {period}", "version": "1.0",
        "difficulty": "standard", "designed_dependency_depth": 22 if out.hard else 20, "professional_minutes_estimate": 150,
        "required_deliverables": [{"path": WORKBOOK, "kind": "xlsx", "must_have_formulas": True},
                                  {"path": CHART, "kind": "png"}, {"path": "COMPLETION.json", "kind": "json"}],
        "designed_features": {"planted_errors": 0 if out.coverage else (3 if out.hard else 1), "prompt_injection": False,
                              "missing_information": not out.coverage,
                              "requires_clarification": not out.coverage, "interface_perturbation": False},
        "applications_involved": ["sqlite", "ics", "xlsx", "png"], "time_limit_s": 3600, "budget_usd": 8.0,
        "locale": "en-US",
    })
    out.write_brief(brief(period, ty_start, ty_end, ly_start, ly_end, weeks, prepared))
    out.finish({
        "facts": {"period": period, "ty_start": ty_start.isoformat(), "ty_end": ty_end.isoformat(),
                  "ly_start": ly_start.isoformat(), "ly_end": ly_end.isoformat(),
                  "week_starts": [w.isoformat() for w in weeks], "stores": store_facts, "regions": region_facts,
                  "dept_week": dept_week, "promos": promo_facts,
                  "non_comparable": sorted(k for k, v in comparable.items() if not v)},
        "planted_items": planned_items,
        "tolerances": {"amount": 0.05, "growth": 0.0005},
        "injection_markers": [],
        "clarification_required": conflict is not None,
        "clarification_topics": [f"promotion {conflict['promo_id']} is in the plan twice, for the weeks of "
                                 f"{conflict['week']:%B %d} and {conflict['alt_week']:%B %d}"] if conflict else [],
        "locale": "en-US",
        "timeline": timeline,
        "outcomes": {"Comparable": outcome_field(("Yes", "No"), {k: yes_no(v) for k, v in comparable.items()})},
    })


def moved_item(moved: MovedPromo, approved_week_sales: Decimal) -> dict:
    """oracle.json's planted item for the moved promotion: ``promo_week_in_cell_note`` (an error: the row still
    shows the approved week) in the challenge set, ``promo_week_note_agrees`` (no error) in the coverage set; with
    the department's sales in the approved week (what a reader of the row's values reports as the actual)."""
    p = moved.promo
    where = {"source": f"inputs/{PLAN}", "cell": moved.cell, "note": moved.text, "note_day": moved.note_day.isoformat(),
             "promo_id": p["promo_id"], "department": p["department"], "week_start": p["week"].isoformat(),
             "approved_week_start": moved.approved_week.isoformat(), "actual": str(p["actual"]),
             "actual_in_approved_week": str(approved_week_sales)}
    if moved.rekeyed:
        return {"id": "promo_moved_note_agrees", "kind": "promo_week_note_agreeing_with_cell", "error": False, **where,
                "description": "the planner's note records a move the row already shows: nothing to correct"}
    return {"id": "promo_moved_note", "kind": "promo_week_in_cell_note", "error": True, **where,
            "description": "the promotion ran a week away from its approved week; only the planner's note on the "
                           "row's Week start says so (the row's dates were not re-keyed): its actual is the "
                           "department's sales in the week it ran"}


def write_mart(out: BundleWriter, stores: list[Store], departments: tuple, ly_days: list[date], ty_days: list[date], loads: list[tuple],
               rows: list[tuple], period: int) -> None:
    """The BI team's extract of the sales mart: the store master (as the mart holds it: opening date, no closures),
    the fiscal calendar of both periods, departments, daily net sales by store and department with the load that
    wrote each row, and the nightly load log."""
    calendar_rows = []
    for year, days in ((2024, ly_days), (2025, ty_days)):
        for i, day in enumerate(days):
            calendar_rows.append((day.isoformat(), year, period, (i // 7) + 1,
                                  (day - timedelta(days=day.weekday())).isoformat(), day.strftime("%A")))
    docs.write_sqlite(out.input_path(MART), {
        "stores": (["store_id TEXT PRIMARY KEY", "store_name TEXT", "city TEXT", "state TEXT", "region TEXT",
                    "selling_sqft INTEGER", "open_date TEXT", "status TEXT"],
                   [(s.store_id, s.name, s.city, "WA" if s.region == "SW Washington" else "OR", s.region, s.sqft,
                     s.open_date.isoformat(), "Open") for s in stores]),
        "fiscal_calendar": (["date_key TEXT PRIMARY KEY", "fiscal_year INTEGER", "fiscal_period INTEGER",
                             "week_of_period INTEGER", "week_start TEXT", "day_name TEXT"], calendar_rows),
        "departments": (["dept_id TEXT PRIMARY KEY", "dept_name TEXT"], [(d, n) for d, n, _s in departments]),
        "daily_sales": (["load_id INTEGER", "business_date TEXT", "store_id TEXT", "dept_id TEXT",
                         "net_sales_usd REAL", "transactions INTEGER"], rows),
        "load_log": (["load_id INTEGER PRIMARY KEY", "business_date TEXT", "source_file TEXT", "started_at TEXT",
                      "finished_at TEXT", "rows_loaded INTEGER", "status TEXT", "note TEXT"], loads),
    })


def write_calendar(out: BundleWriter, new_store: Store, threshold_store: Store,
                   refits: list[tuple[Store, date, date, str]]) -> None:
    """Store Operations' shared calendar: grand openings, refit closures (all-day events, end exclusive; each
    ``(store, first day closed, last day closed, what was refitted)``) and the chain's holiday closures."""
    events = [
        {"uid": f"open-{store.store_id}@{DOMAIN}", "summary": f"Grand opening - {store.name}",
         "start": store.open_date, "end": store.open_date + timedelta(days=1),
         "description": f"{store.name} ({store.store_id}) opens to the public at 7am.", "location": store.city}
        for store in (new_store, threshold_store)]
    for store, first, last, work in refits:
        reopens = last + timedelta(days=1)
        events.append({"uid": f"refit-{store.store_id}-{first:%Y%m%d}@{DOMAIN}",
                       "summary": f"{store.name} closed for refit", "start": first, "end": reopens,
                       "description": f"Store {store.store_id} closed to customers for {work}. Reopens "
                                      f"{reopens:%A %B} {reopens.day}.", "location": store.city})
    for day, name in ((date(2024, 11, 28), "Thanksgiving"), (date(2024, 12, 25), "Christmas Day"),
                      (date(2025, 11, 27), "Thanksgiving"), (date(2025, 12, 25), "Christmas Day")):
        events.append({"uid": f"holiday-{day:%Y%m%d}@{DOMAIN}", "summary": f"All stores closed - {name}",
                       "start": day, "end": day + timedelta(days=1),
                       "description": "Chain-wide closure. Distribution center on skeleton shift."})
    events.sort(key=lambda e: (e["start"], e["uid"]))
    docs.write_ics(out.input_path(CALENDAR), events, prodid="-//Orchard Street Grocers//Store Operations//EN")


def write_plan(out: BundleWriter, promos: list[dict], conflict: dict | None, ty_start: date, period: int,
               rng, moved: MovedPromo | None = None) -> None:
    """Marketing's promotion plan for the period as the planners keep it: one row per promotion and week, with the
    planned department sales for that week. With ``conflict`` the promotion appears a second time under another
    week, approved and updated on the same day (a re-plan whose old row nobody removed). With ``moved`` (the hard
    level) the planner notes on that promotion's Week start cell, a few days after approval, that it moved a week;
    its row shows the approved week unless ``moved.rekeyed``, and the workbook was last saved with the note."""
    planner = PLANNERS[int(rng.integers(0, len(PLANNERS)))]
    # planners approve on a working day of the office (its profile's calendar), never on a Sunday
    region = profiles.load(ORGANISATION).holiday_region
    updated = bizdays.working_day(ty_start - timedelta(days=int(rng.integers(9, 16))), region, -1)
    header = ["Promo ID", "Promotion", "Department", "Week start", "Week end", "Mechanic",
              "Planned dept sales (USD)", "Status", "Last updated", "Owner"]
    modified = datetime.combine(updated, time(16, 52))
    notes = {}
    if moved is not None:
        moved.note_day = bizdays.working_day(updated + timedelta(days=moved.after_approval), region)
        if moved.note_day > min(moved.approved_week, moved.promo["week"]) - timedelta(days=3):
            raise RuntimeError(f"BI-01: the moved promotion's note ({moved.note_day}) is not before its weeks")
        email_day = bizdays.working_day(moved.note_day - timedelta(days=moved.email_lag), region, -1)
        moved.text = moved.note(profiles.load(ORGANISATION).person("marketing manager"), email_day)
        modified = datetime.combine(moved.note_day, time(11, 37))
    body = []
    for p in promos:
        noted = moved is not None and p is moved.promo
        weeks = [p["week"]] + ([p["alt_week"]] if p is conflict else [])
        if noted and not moved.rekeyed:
            weeks = [moved.approved_week]
        for week in weeks:
            body.append([p["promo_id"], p["theme"], p["department"], week, week + timedelta(days=6), p["mechanic"],
                         p["planned"], "Approved", moved.note_day if noted and moved.rekeyed else updated, planner])
    body.sort(key=lambda r: (r[3], r[0]))
    first_row = 5  # title, remark, a blank row and the header above the first promotion
    if moved is not None:
        at = next(i for i, r in enumerate(body) if r[0] == moved.promo["promo_id"])
        moved.cell = f"P{period} plan!D{first_row + at}"
        notes[f"D{first_row + at}"] = (moved.text, planner)
    rows = [[f"{SHOWN} - promotion plan FY2025, period {period}"],
            ["Planned department sales are for all stores for the promotion week (Monday to Sunday)."], [], header,
            *body]
    docs.write_xlsx(out.input_path(PLAN), [{
        "name": f"P{period} plan", "rows": rows, "widths": {"A": 14, "B": 26, "C": 16, "D": 12, "E": 12, "F": 24,
                                                            "G": 16, "H": 10, "I": 12, "J": 18},
        "number_formats": {"G": "#,##0"}, "date_columns": ["D", "E", "I"], "date_format": "mm/dd/yyyy",
        "bold_rows": [4], "freeze": "A5", "notes": notes}],
        title=f"Promotion plan FY2025 P{period}",
        life=docs.DocumentLife(author=planner, company=SHOWN,
                               created=datetime.combine(bizdays.working_day(ty_start - timedelta(days=62), region, -1),
                                                        time(10, 14)),
                               modified=modified))


def brief(period: int, ty_start: date, ty_end: date, ly_start: date, ly_end: date, weeks: list[date],
          prepared: date) -> str:
    """BRIEF.md: the BI lead's request, written as the team's reporting policy (what a comparable store is, what
    the mart's load log is for, what the plan is), the exact workbook template and the chart. It names none of the
    period's particular problems and is the same in both sets."""
    def d(day: date) -> str:
        return f"{day:%B} {day.day}, {day.year}"

    week_list = "; ".join(f"Week {i + 1} starts {d(w)}" for i, w in enumerate(weeks))
    return f"""# Comparable-store sales dashboard — FY2025 period {period}

From: {BRIEF_AUTHOR}, {BRIEF_ROLE}, {ORGANISATION}
Date: {d(prepared)}

The period close pack for the leadership team needs our comparable-store (comp) sales dashboard for FY2025
period {period} ({d(ty_start)} to {d(ty_end)}), set against the same four weeks last year ({d(ly_start)} to
{d(ly_end)}: the same weeks, 364 days earlier, weekday for weekday). Please build it from the files below, check
the data as you go, and tell me what you find.

## What you have (in `inputs/`)

- `{MART}` — the BI team's extract of the sales mart for both periods: `stores` (store
  master, with region and opening date), `fiscal_calendar`, `departments`, `daily_sales` (net sales in US dollars
  and transactions by business date, store and department, each row tagged with the `load_id` that wrote it) and
  `load_log` (one row per load job: the business date, the source file, when it ran, rows loaded, status).
- `{CALENDAR}` — Store Operations' calendar: store openings, closures for refits and
  chain-wide holiday closures.
- `{PLAN}` — Marketing's promotion plan for the period, with the planned department sales for
  each promotion's week.

## Reporting policy

- **Comparable store.** A store is comparable for a period when it traded every day of both this year's period and
  the same period last year. A store that had not opened by the first day of last year's period, or that was closed
  on any day of either period (a refit, a remodel, damage), is non-comparable for this period; a chain-wide holiday
  closure does not affect comparability. The mart's store master gives opening dates but does not record closures;
  Store Operations' calendar does.
- **Comp growth** for a group of stores (a region, the chain) is the group's comparable stores' net sales this year
  divided by the same stores' net sales last year, minus one — summed sales, not an average of store growth rates.
- **Sales figures** are net sales in US dollars from `daily_sales`, counted once per business date, store and
  department. The mart is loaded nightly; `load_log` is how you tell a genuine load from a repeated one. Remove
  anything the mart counts twice from every figure, and tell me which business date(s) it affected in
  `COMPLETION.json` (`issues_found`).
- **Promotions** are compared with the plan at department level: the department's net sales across all stores for
  the promotion's week (Monday to Sunday), against the plan's planned department sales.
- **Instructions** about this work come from me. Where the data cannot answer something unambiguously, do not pick
  an answer for me: leave that figure out, ask in `COMPLETION.json` and deliver everything else.

## What to deliver (in `out/`)

1. `{WORKBOOK}` with these sheets (extra sheets and columns are fine; formulas where stated must
   be live formulas, not typed numbers):
   - **Store Comp** — header row `Store ID`, `Store`, `Region`, `Comparable`, `Sales FY2025`, `Sales FY2024`,
     `Growth %`; one row per store in the store master. `Comparable` is `Yes` or `No`. `Sales FY2025` and
     `Sales FY2024` are the store's net sales for this year's and last year's period. `Growth %` is a formula
     (FY2025 / FY2024 − 1) for comparable stores and left blank for non-comparable stores.
   - **Region Summary** — header row `Region`, `Comp stores`, `Comp sales FY2025`, `Comp sales FY2024`,
     `Comp growth %`; one row per region of the store master and a last row `Chain`. The sales and the growth are
     formulas over the Store Comp sheet.
   - **Dept Week** — header row `Department`, `Week 1`, `Week 2`, `Week 3`, `Week 4`, `Period total`; one row per
     department: this year's net sales, all stores (comparable or not), by week of the period
     ({week_list}); `Period total` is a formula.
   - **Promo Check** — header row `Promo ID`, `Department`, `Week start`, `Planned sales`, `Actual sales`,
     `Variance`, `Variance %`; one row per promotion in the plan. `Variance` = `Actual sales` − `Planned sales`,
     `Variance %` = `Variance` / `Planned sales`, both formulas.
2. `{CHART}` — a bar chart of comp growth % by region and for the chain: the figures of the
   Region Summary sheet, titled, with the axis labelled.
3. `COMPLETION.json` as described below.
"""


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"), levels=("standard", "hard"))
