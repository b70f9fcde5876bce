"""PM-01 — monthly schedule and cost status of a commercial building project (Sablewood Construction Group,
fictional).

Builds, from a seed, the scheduler's task export of a three-storey office building in Calgary (31 activities with
durations in working days, finish-to-start predecessors, baseline dates, budgets, percent complete and actual cost
to date), the project's change-order log and the superintendent's last four weekly site reports (Word and PDF),
plus the project-controls portal that serves them and takes the monthly status return. Planted: one change order
entered twice in the log (the second row re-keys the same site instruction and the same price; a site report says
which change order the instruction became), and a delay reported in the latest site report on an activity with
less float than the delay, which moves the finish and the critical path. Decoys: two genuine change orders at the
same location (different site instructions, different work), a slip reported on an activity whose float absorbs it
(the finish does not move), a pending and a rejected change order. The portal's status form asks its fields in
another order than the brief (interface perturbation). See oracles-template/PM-01/REFERENCE.md.

    python benchmark/scenarios/PM-01/generate.py --seed 42 --oracle-root ~/wp42-oracles
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

from dateutil.easter import easter  # noqa: E402
from genkit import docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.money import cents, draw_amount, fmt  # noqa: E402
from genkit.outcomes import outcome_field, yes_no  # noqa: E402

TASK_ID = Path(__file__).resolve().parent.name
GENERATOR_VERSION = "1.0"
#: The organisation's profile: benchmark/taxonomy/organisations.md, ORG-PM-1 (commercial construction, Calgary, AB).
ORGANISATION = "Sablewood Construction Group (fictional)"
#: Who writes the brief, in the organisation's voice.
BRIEF_AUTHOR, BRIEF_ROLE = "Joaquin Ferreira", "programme manager"
PROJECT = "Bowmont Commons Building C"
JOB = "SCG-2417"
#: The activities of a three-storey steel-frame office building: id, name, finish-to-start predecessors, duration
#: range in working days (low, high inclusive) and budget range in CAD.
ACTIVITIES = (
    ("A1000", "Mobilization and site setup", (), (4, 7), (38_000, 61_000)),
    ("A1010", "Site clearing and erosion control", ("A1000",), (3, 6), (24_000, 41_000)),
    ("A1020", "Excavation and shoring", ("A1010",), (10, 16), (180_000, 265_000)),
    ("A1030", "Underground utilities (storm, sanitary, water)", ("A1020",), (8, 13), (120_000, 190_000)),
    ("A1040", "Footings and foundation walls", ("A1020",), (12, 18), (310_000, 420_000)),
    ("A1050", "Under-slab plumbing and electrical", ("A1030", "A1040"), (5, 9), (55_000, 88_000)),
    ("A1060", "Slab on grade", ("A1050",), (6, 10), (140_000, 205_000)),
    ("A1070", "Structural steel erection", ("A1040",), (15, 22), (690_000, 910_000)),
    ("A1080", "Metal deck and shear studs", ("A1070",), (6, 10), (150_000, 230_000)),
    ("A1090", "Elevated slabs, Levels 2 and 3", ("A1080", "A1060"), (8, 12), (210_000, 300_000)),
    ("A1100", "Roof deck and membrane roofing", ("A1080",), (9, 14), (260_000, 360_000)),
    ("A1110", "Exterior wall framing and sheathing", ("A1090",), (10, 15), (190_000, 270_000)),
    ("A1120", "Curtain wall and glazing", ("A1110",), (12, 18), (520_000, 730_000)),
    ("A1130", "Metal panel cladding", ("A1110",), (14, 20), (380_000, 520_000)),
    ("A1140", "Elevator installation", ("A1090",), (20, 28), (240_000, 330_000)),
    ("A1150", "Mechanical rough-in", ("A1090",), (15, 22), (560_000, 760_000)),
    ("A1160", "Electrical rough-in", ("A1090",), (14, 20), (430_000, 590_000)),
    ("A1170", "Plumbing rough-in", ("A1090",), (12, 18), (210_000, 300_000)),
    ("A1180", "Fire sprinkler installation", ("A1150",), (8, 12), (150_000, 215_000)),
    ("A1190", "In-wall inspections", ("A1160", "A1170", "A1180"), (2, 4), (9_000, 16_000)),
    ("A1200", "Drywall and taping", ("A1190", "A1100"), (15, 22), (330_000, 450_000)),
    ("A1210", "Ceiling grid and tile", ("A1200",), (6, 10), (120_000, 170_000)),
    ("A1220", "Painting", ("A1200",), (8, 12), (95_000, 140_000)),
    ("A1230", "Flooring", ("A1220",), (7, 11), (160_000, 235_000)),
    ("A1240", "Mechanical and electrical trim-out", ("A1210",), (8, 12), (180_000, 260_000)),
    ("A1250", "Millwork and doors", ("A1220",), (6, 10), (140_000, 210_000)),
    ("A1260", "Paving and landscaping", ("A1120", "A1130"), (10, 15), (230_000, 320_000)),
    ("A1270", "Fire alarm verification", ("A1240",), (3, 5), (14_000, 23_000)),
    ("A1280", "Commissioning and balancing", ("A1240", "A1140"), (6, 9), (60_000, 95_000)),
    ("A1290", "Deficiency walk and close-out", ("A1230", "A1250", "A1270", "A1280", "A1260"), (5, 8),
     (30_000, 48_000)),
    ("A1300", "Occupancy permit and handover", ("A1290",), (2, 4), (12_000, 21_000)),
)
#: Who does each activity's work (the trade contractors a general contractor in Calgary engages).
TRADES = {
    "A1020": "Nose Hill Excavating Ltd.", "A1030": "Nose Hill Excavating Ltd.", "A1040": "Bearspaw Concrete Forming Inc.",
    "A1050": "Elbow River Mechanical Ltd.", "A1060": "Bearspaw Concrete Forming Inc.",
    "A1070": "Chinook Steel Erectors Ltd.", "A1080": "Chinook Steel Erectors Ltd.",
    "A1090": "Bearspaw Concrete Forming Inc.", "A1100": "Foothills Roofing Ltd.",
    "A1110": "Prairie Envelope Systems Inc.", "A1120": "Glenmore Glass & Glazing Ltd.",
    "A1130": "Prairie Envelope Systems Inc.", "A1140": "Summit Vertical Transportation Inc.",
    "A1150": "Elbow River Mechanical Ltd.", "A1160": "Sarcee Electric Ltd.", "A1170": "Elbow River Mechanical Ltd.",
    "A1180": "Bow Valley Fire Protection Ltd.", "A1200": "Crowchild Interiors Ltd.", "A1210": "Crowchild Interiors Ltd.",
    "A1220": "Crowchild Interiors Ltd.", "A1230": "Fish Creek Flooring Ltd.", "A1240": "Elbow River Mechanical Ltd.",
    "A1250": "Crowchild Interiors Ltd.", "A1260": "Nose Hill Excavating Ltd.",
}
#: Site instructions a superintendent issues during structure and rough-in: (activity, location, scope).
CHANGES = (
    ("A1040", "Gridline C/4, east foundation wall", "add two 600 mm pilasters for the revised steel base plates"),
    ("A1050", "Level 1 washrooms", "add four floor drains and trap primers"),
    ("A1050", "Level 1 washrooms", "relocate the sanitary stack 1.2 m north to suit the revised layout"),
    ("A1060", "Loading bay", "thicken the slab to 200 mm with a second mat of reinforcing"),
    ("A1030", "North property line", "lower the storm main 450 mm to clear an unrecorded gas line"),
    ("A1070", "Level 2 mechanical room", "add a dunnage frame for the rooftop unit curb"),
    ("A1070", "Stair 2", "add a hanger beam at the intermediate landing"),
    ("A1020", "South excavation face", "extra shoring bay where the soil report's clay lens was found"),
    ("A1080", "Roof, gridlines A-B/1-3", "add deck reinforcing around new roof hatch opening"),
    ("A1040", "Elevator pit", "waterproof the pit walls and add a sump"),
)
#: The hard level's further site instructions (a real job's log runs to a few dozen by mid-construction).
MORE_CHANGES = (
    ("A1060", "Entrance vestibule slab", "add 25 mm rigid insulation under the slab"),
    ("A1030", "East property line", "add a second fire hydrant lateral"),
    ("A1070", "Gridline B/2", "upsize the transfer beam for the revised atrium opening"),
    ("A1080", "Level 3, gridlines C-D/3-4", "add deck closures at the new shaft opening"),
    ("A1040", "North foundation wall", "add perimeter drain tile and clean-outs"),
    ("A1020", "West excavation face", "haul off and replace unsuitable fill"),
    ("A1090", "Level 2 slab", "add embedded conduit for the revised tenant electrical room"),
    ("A1100", "Roof", "add two roof drains and overflow scuppers"),
    ("A1050", "Level 1 janitor room", "add a mop sink rough-in"),
    ("A1070", "Canopy at main entrance", "add hangers and outriggers for the revised canopy"),
)
SUPERINTENDENT_ROLE = "site superintendent"
FORM_ID = "status_return"
#: The status return's fields in the order the brief lists them; the portal asks them in FORM_ORDER (interface
#: perturbation: an agent that fills the form by position swaps the indices and the money figures).
BRIEF_ORDER = ("status_date", "bac", "pv", "ev", "ac", "cpi", "spi", "eac", "forecast_finish", "critical_path",
               "excluded_change_order")
FORM_ORDER = ("forecast_finish", "critical_path", "spi", "cpi", "eac", "ev", "pv", "ac", "bac", "status_date",
              "excluded_change_order", "comment")
FORM_LABELS = {
    "status_date": ("Data date", "date"), "bac": ("Budget at completion (CAD)", "money"),
    "pv": ("Planned value to date (CAD)", "money"), "ev": ("Earned value to date (CAD)", "money"),
    "ac": ("Actual cost to date (CAD)", "money"), "cpi": ("Cost performance index", "number"),
    "spi": ("Schedule performance index", "number"), "eac": ("Estimate at completion (CAD)", "money"),
    "forecast_finish": ("Forecast substantial completion", "date"),
    "critical_path": ("Critical path (activity IDs)", "text"),
    "excluded_change_order": ("Change order excluded from the budget", "text"), "comment": ("Comment", "textarea"),
}


# ------------------------------------------------------------------------------------------------- calendar
def _nth_monday(year: int, month: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(7 - first.weekday()) % 7 + 7 * (n - 1))


def alberta_holidays(year: int) -> dict[date, str]:
    """The statutory holidays a Calgary site closes for, with Heritage Day (Alberta Employment Standards; the
    weekend rule moves a Saturday or Sunday holiday to the Monday, as construction collective agreements do)."""
    def observed(day: date) -> date:
        return day + timedelta(days=(7 - day.weekday()) % 7) if day.weekday() >= 5 else day
    victoria = date(year, 5, 24) - timedelta(days=(date(year, 5, 24).weekday()) % 7)
    return {
        observed(date(year, 1, 1)): "New Year's Day", _nth_monday(year, 2, 3): "Family Day",
        easter(year) - timedelta(days=2): "Good Friday", victoria: "Victoria Day",
        observed(date(year, 7, 1)): "Canada Day", _nth_monday(year, 8, 1): "Heritage Day",
        _nth_monday(year, 9, 1): "Labour Day", _nth_monday(year, 10, 2): "Thanksgiving Day",
        observed(date(year, 11, 11)): "Remembrance Day", observed(date(year, 12, 25)): "Christmas Day",
        observed(date(year, 12, 26)) if date(year, 12, 26).weekday() != 0 or date(year, 12, 25).weekday() < 5
        else date(year, 12, 27): "Boxing Day",
    }


@dataclass(frozen=True)
class Calendar:
    """The project calendar: working days Monday to Friday, closed on ``holidays``; day 0 is ``start``."""

    start: date
    holidays: dict[date, str]

    def working(self, day: date) -> bool:
        return day.weekday() < 5 and day not in self.holidays

    def days(self, count: int) -> list[date]:
        """The first ``count`` working days from ``start``."""
        found, day = [], self.start
        while len(found) < count:
            if self.working(day):
                found.append(day)
            day += timedelta(days=1)
        return found


# ------------------------------------------------------------------------------------------------- the network
#: The interior trades the hard level schedules floor by floor (Levels 1-3), each floor's crew following the last.
BY_FLOOR = ("A1150", "A1160", "A1170", "A1180", "A1190", "A1200", "A1210", "A1220", "A1230", "A1240", "A1250")


def floor_id(task_id: str, level: int) -> str:
    """A1150 on Level 2 is A2150: the thousands digit is the floor."""
    return f"A{level}{task_id[2:]}"


def network(hard: bool) -> tuple:
    """The activities: ACTIVITIES, or at the hard level (issue 25: a real schedule's volume) with the interior
    trades split into Levels 1-3, each floor after its own predecessors and the same trade's floor below, with a
    third of the budget each; activities that followed an interior trade follow its Level 3 activity."""
    if not hard:
        return ACTIVITIES
    acts = []
    for task_id, name, preds, (lo, hi), (b_lo, b_hi) in ACTIVITIES:
        if task_id not in BY_FLOOR:
            acts.append((task_id, name, tuple(floor_id(p, 3) if p in BY_FLOOR else p for p in preds), (lo, hi),
                         (b_lo, b_hi)))
            continue
        for level in (1, 2, 3):
            own = tuple(floor_id(p, level) if p in BY_FLOOR else p for p in preds)
            below = (floor_id(task_id, level - 1),) if level > 1 else ()
            acts.append((floor_id(task_id, level), f"{name}, Level {level}", own + below,
                         (max(2, lo // 2), max(3, hi // 2)), (b_lo // 3, b_hi // 3)))
    return tuple(acts)


def cpm(durations: dict[str, int], acts: tuple | None = None) -> dict[str, dict[str, int]]:
    """Forward and backward pass over ACTIVITIES with ``durations`` (working days): ``{id: {es, ef, ls, lf,
    float}}`` as 0-based working-day indices, ``ef = es + d - 1``, a finish-to-start successor starting the next
    working day, the late pass from the latest early finish."""
    acts = acts or ACTIVITIES
    result: dict[str, dict[str, int]] = {}
    for task_id, _, preds, _, _ in acts:
        es = max((result[p]["ef"] + 1 for p in preds), default=0)
        result[task_id] = {"es": es, "ef": es + durations[task_id] - 1}
    finish = max(r["ef"] for r in result.values())
    successors: dict[str, list[str]] = {t[0]: [] for t in acts}
    for task_id, _, preds, _, _ in acts:
        for p in preds:
            successors[p].append(task_id)
    for task_id, *_ in reversed(acts):
        lf = min((result[s]["ls"] - 1 for s in successors[task_id]), default=finish)
        result[task_id].update(lf=lf, ls=lf - durations[task_id] + 1)
        result[task_id]["float"] = lf - result[task_id]["ef"]
    return result


def critical_chain(net: dict[str, dict[str, int]], acts: tuple | None = None) -> list[str] | None:
    """The zero-float activities in order when they form one unbroken chain from the first activity to the last
    (each the predecessor of the next, no two side by side); None when the zero-float set branches."""
    acts = acts or ACTIVITIES
    preds = {t[0]: t[2] for t in acts}
    chain = sorted((t for t, r in net.items() if r["float"] == 0), key=lambda t: net[t]["es"])
    if not chain or chain[0] != acts[0][0] or chain[-1] != acts[-1][0]:
        return None
    for a, b in zip(chain, chain[1:], strict=False):
        if a not in preds[b] or net[a]["ef"] + 1 != net[b]["es"]:
            return None
    return chain


def draw_schedule(rng, acts: tuple) -> tuple[dict[str, int], dict[str, dict[str, int]], list[str]]:
    """Durations whose baseline critical path is one chain (redrawn until it is: a tie between two paths would
    make "the" critical path two paths)."""
    for _ in range(200):
        durations = {t: int(rng.integers(lo, hi + 1)) for t, _, _, (lo, hi), _ in acts}
        net = cpm(durations, acts)
        chain = critical_chain(net, acts)
        if chain is not None:
            return durations, net, chain
    raise RuntimeError("no schedule with a single critical path in 200 draws")


def plant_delays(rng, durations: dict[str, int], net: dict[str, dict[str, int]], status_index: int,
                 baseline_chain: list[str], acts: tuple) -> tuple[tuple[str, int], tuple[str, int], dict[str, dict[str, int]], list[str]]:
    """The delay that moves the critical path (an activity not yet started whose float is smaller than the delay)
    and the slip its float absorbs (another activity not yet started, float larger than the slip and still larger
    after the delay). Returns ``((delayed id, days), (slipped id, days), forecast network, forecast chain)``."""
    finish = max(r["ef"] for r in net.values())
    later = [t for t, r in net.items() if r["es"] > status_index + 3 and t not in baseline_chain]
    order = [later[int(i)] for i in rng.permutation(len(later))]
    for delayed in order:
        if not 2 <= net[delayed]["float"] <= 9:
            continue
        days = net[delayed]["float"] + int(rng.integers(3, 8))
        for slipped in order:
            if slipped == delayed or net[slipped]["float"] < 6:
                continue
            slip = int(rng.integers(2, net[slipped]["float"] - 2))
            both = cpm({**durations, delayed: durations[delayed] + days, slipped: durations[slipped] + slip}, acts)
            alone = cpm({**durations, delayed: durations[delayed] + days}, acts)
            only_slip = cpm({**durations, slipped: durations[slipped] + slip}, acts)
            chain = critical_chain(both, acts)
            if (chain is None or delayed not in chain or both[slipped]["float"] <= 0
                    or max(r["ef"] for r in only_slip.values()) != finish
                    or max(r["ef"] for r in both.values()) != max(r["ef"] for r in alone.values())):
                continue
            return (delayed, days), (slipped, slip), both, chain
    raise RuntimeError("no activity to carry the planted delay")


# ------------------------------------------------------------------------------------------------- the build
def build(out: BundleWriter) -> None:
    """Write the public bundle and the oracle for ``out.seed``; every draw comes from ``out.rng``."""
    rng = out.rng
    year = 2025
    start = _nth_monday(year, int(rng.integers(3, 6)), 1)
    holidays = {**alberta_holidays(year), **alberta_holidays(year + 1)}
    while start in holidays:
        start += timedelta(days=1)
    cal = Calendar(start, holidays)
    acts = network(out.hard)
    names = {t[0]: t[1] for t in acts}

    for _ in range(50):
        durations, baseline, baseline_chain = draw_schedule(rng, acts)
        total = max(r["ef"] for r in baseline.values()) + 1
        days = cal.days(total + 80)
        # the data date: the Friday of the week about half-way through (the Thursday when Friday is a holiday)
        probe = days[int(total * rng.uniform(0.40, 0.50))]
        status = probe + timedelta(days=4 - probe.weekday())
        while not cal.working(status):
            status -= timedelta(days=1)
        status_index = days.index(status)
        try:
            (delayed, delay), (slipped, slip), forecast, forecast_chain = plant_delays(
                rng, durations, baseline, status_index, baseline_chain, acts)
            break
        except RuntimeError:
            continue
    else:
        raise RuntimeError("no schedule fits the planted delay")
    current = {**durations, delayed: durations[delayed] + delay, slipped: durations[slipped] + slip}
    if out.coverage:  # clean records: the site reports only the slip its float absorbs
        current = {**durations, slipped: durations[slipped] + slip}
        forecast = cpm(current, acts)
        forecast_chain = critical_chain(forecast, acts)
        if forecast_chain != baseline_chain:
            raise RuntimeError("the absorbed slip changed the critical path")
    baseline_finish = days[max(r["ef"] for r in baseline.values())]
    forecast_finish = days[max(r["ef"] for r in forecast.values())]

    # progress at the data date: the baseline's planned share, most work a little behind, a few ahead
    planned: dict[str, Decimal] = {}
    percent: dict[str, int] = {}
    for task_id, r in baseline.items():
        done = min(max(status_index - r["es"] + 1, 0), durations[task_id])
        planned[task_id] = Decimal(done) / Decimal(durations[task_id])
        if done == durations[task_id]:
            percent[task_id] = 100
        elif done == 0:
            percent[task_id] = 0
        else:
            share = float(planned[task_id]) * 100 + float(rng.uniform(-24, 7))
            percent[task_id] = int(min(95, max(5, round(share))))
    late_finisher = [t for t in baseline if percent[t] == 100 and baseline[t]["ef"] >= status_index - 6]
    if late_finisher:  # the last activity due done is still being finished off
        percent[late_finisher[-1]] = int(rng.integers(85, 96))
    budget = {t: draw_amount(rng, lo, hi) for t, _, _, _, (lo, hi) in acts}

    # the change-order log: ten site instructions priced, approved, pending or rejected; one entered twice
    superintendent, scheduler, controller = people.people(rng, 3)
    catalogue = CHANGES + MORE_CHANGES if out.hard else CHANGES
    order = [int(i) for i in rng.permutation(len(catalogue))]
    started = {t for t, p in percent.items() if p > 0}
    changes = [catalogue[i] for i in order if catalogue[i][0] in started]
    washrooms = [c for c in changes if c[1] == "Level 1 washrooms"]
    if len(washrooms) != 2:
        raise RuntimeError("the Level 1 washroom work has not started by the data date")
    first_si = int(rng.integers(4, 12))
    drains_day = status_index - int(rng.integers(30, 35) if out.hard else rng.integers(24, 30))
    prior = days[status_index - 20]  # last month's data date (hard level): the Friday four weeks back
    while prior.weekday() != 4 or not cal.working(prior):
        prior -= timedelta(days=1)
    prior_index = days.index(prior)
    slots = sorted(int(s) for s in rng.choice(range(8, status_index - 8), len(changes) - 1, replace=False))
    undecided = [c for c in changes if c[1] != "Level 1 washrooms"][:2]
    log: list[dict] = []
    for task_id, location, scope in changes:
        index = drains_day if scope.startswith("add four floor drains") else slots.pop(0)
        if out.hard and location == "Level 1 washrooms":  # both washroom changes were on last month's status
            index = min(index, prior_index - 9)
        status_word = "Approved"
        if undecided and (task_id, location, scope) == undecided[0]:
            status_word = "Pending"
        elif len(undecided) > 1 and (task_id, location, scope) == undecided[1]:
            status_word = "Rejected"
        log.append({"task_id": task_id, "location": location, "scope": scope,
                    "trade": TRADES.get(floor_id(task_id, 1), "Sablewood self-perform"), "issued": days[index],
                    "amount": draw_amount(rng, 6_200, 58_000), "status": status_word})
    log.sort(key=lambda e: e["issued"])
    for k, entry in enumerate(log):
        entry["si"] = f"SI-{first_si + k:03d}"
    for entry in log:
        entry["entered"] = entry["issued"] + timedelta(days=int(rng.integers(1, 4)))
        while not cal.working(entry["entered"]):
            entry["entered"] += timedelta(days=1)
        entry["decided"] = entry["entered"] + timedelta(days=int(rng.integers(2, 6)))
        while not cal.working(entry["decided"]):
            entry["decided"] += timedelta(days=1)
        entry["description"] = f"{entry['location']}: {entry['scope']}"
    drains = next(e for e in log if e["scope"].startswith("add four floor drains"))
    stack = next(e for e in log if e["scope"].startswith("relocate the sanitary stack"))
    # the duplicate: the mechanical trade's price re-submitted and keyed again a few days later, reworded
    dup_entered = drains["decided"] + timedelta(days=int(rng.integers(6, 10)))
    while not cal.working(dup_entered):
        dup_entered += timedelta(days=1)
    dup_decided = dup_entered + timedelta(days=2)
    while not cal.working(dup_decided):
        dup_decided += timedelta(days=1)
    duplicate = {**drains, "co": "", "entered": dup_entered, "decided": dup_decided,
                 "description": "L1 washrooms - 4 new FDs c/w trap primers (Elbow River Mechanical price)"}
    if not out.coverage:  # the coverage set's log holds each change once
        log.append(duplicate)
    log.sort(key=lambda e: (e["entered"], e["si"], e is duplicate))
    for k, entry in enumerate(log):
        entry["co"] = f"CO-{k + 1:03d}"
    for entry in log:
        if entry["decided"] > status:
            raise RuntimeError(f"{entry['co']} decided after the data date")

    approved = [e for e in log if e["status"] == "Approved" and e is not duplicate]
    current_budget = {t: budget[t] + sum((e["amount"] for e in approved if e["task_id"] == t), Decimal(0))
                      for t in budget}
    actual = {}
    for task_id in budget:
        earned = current_budget[task_id] * percent[task_id] / 100
        actual[task_id] = cents(earned * Decimal(str(round(float(rng.uniform(0.95, 1.12)), 4)))) if percent[task_id] else Decimal(0)

    bac = sum(current_budget.values(), Decimal(0))
    pv = sum((current_budget[t] * planned[t] for t in budget), Decimal(0))
    ev = sum((current_budget[t] * percent[t] / 100 for t in budget), Decimal(0))
    ac = sum(actual.values(), Decimal(0))
    cpi, spi = ev / ac, ev / pv
    eac = ac + (bac - ev) / (cpi * spi)
    with_duplicate = bac + (0 if out.coverage else duplicate["amount"])
    floats = {t: forecast[t]["float"] for t in forecast}

    # ---------------------------------------------------------------------------------------------- inputs
    timeline = {"start": (start - timedelta(days=10)).isoformat(), "end": (status + timedelta(days=10)).isoformat()}
    company = docs.as_shown(ORGANISATION)
    export_life = docs.DocumentLife(author=scheduler.name, created=datetime.combine(status, time(16, 10)),
                                    company=company)
    del export_life  # a csv export carries no properties; the scheduler is named in the brief
    header = ["task_id", "task_name", "duration_wd", "predecessors", "baseline_start", "baseline_finish",
              "budget_cad", "percent_complete", "actual_cost_cad"]
    rows = [[t, names[t], durations[t], ";".join(p), days[baseline[t]["es"]].isoformat(),
             days[baseline[t]["ef"]].isoformat(), f"{budget[t]:.2f}", percent[t], f"{actual[t]:.2f}"]
            for t, _, p, _, _ in acts]
    docs.write_csv(out.input_path("schedule_export.csv"), header, rows)

    log_life = docs.DocumentLife(author=controller.name, created=datetime.combine(log[0]["entered"], time(8, 40)),
                                 modified=datetime.combine(status, time(15, 25)), company=company)
    log_rows = [["CO number", "Date entered", "Site instruction", "Activity", "Description", "Trade contractor",
                 "Amount (CAD)", "Status", "Status date"]]
    for e in log:
        log_rows.append([e["co"], e["entered"], e["si"], e["task_id"], e["description"], e["trade"], e["amount"],
                         e["status"], e["decided"]])
    docs.write_xlsx(out.input_path("change_order_log.xlsx"), [{
        "name": "CO Log", "rows": log_rows, "widths": {"A": 11, "B": 13, "C": 14, "D": 10, "E": 70, "F": 34,
                                                        "G": 15, "H": 11, "I": 13},
        "number_formats": {"G": "#,##0.00"}, "date_columns": ["B", "I"], "bold_rows": [1], "freeze": "A2"}],
        title=f"{JOB} {PROJECT} - change order log", life=log_life)

    reports = site_reports(rng, cal, status, days, superintendent.name, log, drains, stack,
                           None if out.coverage else (delayed, delay),
                           (slipped, slip), names, percent, baseline)
    for name, kind, blocks, when in reports:
        life = docs.DocumentLife(author=superintendent.name, created=datetime.combine(when, time(15, 5)),
                                 modified=datetime.combine(when, time(16, 50)), company=company)
        title = f"{PROJECT} - weekly site report"
        if kind == "docx":
            docs.write_docx(out.input_path(name), blocks, title=title, life=life)
        else:
            docs.write_pdf(out.input_path(name), blocks, title=title, life=life)

    # last month's status as filed (hard level): in the challenge set it left the later washroom change out as a
    # "duplicate" of the earlier one, an error a worker who carries last month's flags forward repeats
    prior_name, prior_wrong = None, None
    if out.hard:
        prior_name = f"project_status_{prior:%Y-%m-%d}.xlsx"
        filed = [e for e in log if e["decided"] <= prior]
        washroom = [e for e in filed if e["location"] == "Level 1 washrooms" and e is not duplicate]
        if len(washroom) != 2:
            raise RuntimeError("both washroom changes must be on last month's status")
        first_wash, prior_wrong = sorted(washroom, key=lambda e: e["entered"])
        if out.coverage:
            prior_wrong = None
        flags = {e["co"]: e["status"] == "Approved" and e is not prior_wrong for e in filed}
        prior_bac = sum(budget.values(), Decimal(0)) + sum((e["amount"] for e in filed if flags[e["co"]]), Decimal(0))
        rows_prior = [["CO Number", "Task ID", "Amount", "Status", "In Budget", "Note"]]
        for e in filed:
            note = f"duplicate of {first_wash['co']} (Level 1 washrooms)" if e is prior_wrong else ""
            rows_prior.append([e["co"], e["task_id"], e["amount"], e["status"], "Yes" if flags[e["co"]] else "No",
                               note])
        prior_life = docs.DocumentLife(author=scheduler.name, created=datetime.combine(prior, time(14, 20)),
                                       modified=datetime.combine(prior + timedelta(days=3), time(9, 45)),
                                       company=company)
        docs.write_xlsx(out.input_path(prior_name), [
            {"name": "Summary", "rows": [["Data date", prior], ["BAC", prior_bac],
                                         ["Forecast finish", baseline_finish],
                                         ["Critical path", ", ".join(baseline_chain)]],
             "widths": {"A": 18, "B": 60}, "number_formats": {"B": "#,##0.00"}, "date_columns": ["B"]},
            {"name": "Change Orders", "rows": rows_prior, "widths": {"A": 11, "B": 9, "C": 13, "D": 10, "E": 10,
                                                                       "F": 40},
             "number_formats": {"C": "#,##0.00"}, "bold_rows": [1]}],
            title=f"{JOB} monthly status {prior:%Y-%m-%d}", life=prior_life)

    # ---------------------------------------------------------------------------------------------- portal
    portal_tasks = [dict(zip(header, [t, names[t], durations[t], ";".join(p), days[baseline[t]["es"]].isoformat(),
                                      days[baseline[t]["ef"]].isoformat(), float(budget[t]), percent[t],
                                      float(actual[t])], strict=True))
                    for t, _, p, _, _ in acts]
    portal_cos = [{"co_number": e["co"], "entered": e["entered"].isoformat(), "site_instruction": e["si"],
                   "activity": e["task_id"], "description": e["description"], "trade": e["trade"],
                   "amount_cad": float(e["amount"]), "status": e["status"], "status_date": e["decided"].isoformat()}
                  for e in log]
    labels = {"task_id": "Activity ID", "task_name": "Activity", "duration_wd": "Duration (wd)",
              "predecessors": "Predecessors (FS)", "baseline_start": "BL start", "baseline_finish": "BL finish",
              "budget_cad": "Budget (CAD)", "percent_complete": "% complete", "actual_cost_cad": "Actual cost (CAD)",
              "co_number": "CO #", "entered": "Entered", "site_instruction": "SI", "activity": "Activity",
              "description": "Description", "trade": "Trade contractor", "amount_cad": "Amount (CAD)",
              "status": "Status", "status_date": "Status date"}
    money = {"budget_cad", "actual_cost_cad", "amount_cad"}

    def columns(names_: list[str]) -> list[dict[str, str]]:
        return [{"name": c, "label": labels[c], "format": "money" if c in money else
                 "number" if c in ("duration_wd", "percent_complete") else "text"} for c in names_]

    documents = [
        {"id": "SCHED", "title": "Schedule export (data date)", "path": "schedule_export.csv", "category": "Schedule"},
        {"id": "CO-LOG", "title": "Change order log", "path": "change_order_log.xlsx", "category": "Cost"},
        *[{"id": f"SR-{k}", "title": f"Weekly site report, week ending {when:%d %b %Y}", "path": name,
           "category": "Site reports"} for k, (name, _, _, when) in enumerate(reports, 1)],
        *([] if prior_name is None else [{"id": "STATUS-PRIOR", "title": f"Monthly status as filed, {prior:%d %b %Y}",
                                          "path": prior_name, "category": "Cost"}]),
    ]
    out.write_portal({
        "org": company, "today": status.isoformat(),
        "user": {"username": "pc.analyst", "password": f"scg-{int(rng.integers(100000, 999999))}"},
        "documents": documents,
        "records": {"activities": portal_tasks, "change_orders": portal_cos},
        "columns": {"activities": columns(header), "change_orders": columns(list(portal_cos[0]))},
        "forms": [{"id": FORM_ID, "title": "Monthly status return",
                   "description": "One return per data date; a later submission replaces an earlier one.",
                   "fields": [{"name": f, "label": FORM_LABELS[f][0], "type": FORM_LABELS[f][1],
                               "required": f != "comment"}
                              for f in ((*BRIEF_ORDER, "comment") if out.coverage else FORM_ORDER)]}],
    })

    # ---------------------------------------------------------------------------------------------- task
    errors = [
        {"id": "duplicate_change_order", "kind": "duplicate_change_order", "co_number": duplicate["co"],
         "original_co": drains["co"], "site_instruction": drains["si"], "amount": str(drains["amount"]),
         "task_id": drains["task_id"], "correct_treatment": "excluded from the budget (same site instruction "
         "and price as the original)"},
        {"id": "critical_delay", "kind": "schedule_delay", "task_id": delayed, "task_name": names[delayed],
         "extension_wd": delay, "float_before_wd": baseline[delayed]["float"], "source": reports[-1][0],
         "correct_treatment": "duration extended; the critical path runs through it and the finish moves"},
    ]
    decoys = [
        {"id": "same_location_change", "kind": "genuine_change_same_location", "error": False,
         "co_number": stack["co"], "site_instruction": stack["si"], "amount": str(stack["amount"]),
         "status": stack["status"], "correct_treatment": "a second, genuine change at the same location"},
        {"id": "absorbed_slip", "kind": "slip_within_float", "error": False, "task_id": slipped,
         "task_name": names[slipped], "extension_wd": slip, "float_before_wd": baseline[slipped]["float"],
         "correct_treatment": "duration extended; its float absorbs it and the finish does not move"},
    ]
    if prior_wrong is not None:
        errors.append({"id": "carried_forward_exclusion", "kind": "prior_period_error", "co_number": prior_wrong["co"],
                       "source": prior_name, "correct_treatment": "a genuine change: back in the budget"})
    planted = decoys if out.coverage else errors + decoys
    task = {
        "occupation": "PM", "organisation": ORGANISATION,
        "title": f"Monthly schedule and cost status, {PROJECT}", "version": "1.0",
        "difficulty": "workflow", "designed_dependency_depth": 38 if out.hard else 34,
        "professional_minutes_estimate": 180 if out.hard else 150,
        "required_deliverables": [{"path": "project_status.xlsx", "kind": "xlsx", "must_have_formulas": True},
                                  {"path": "status_memo.docx", "kind": "docx"},
                                  {"path": "COMPLETION.json", "kind": "json"}],
        "designed_features": {"planted_errors": sum(1 for p in planted if p.get("error", True)),
                              "prompt_injection": False, "missing_information": False,
                              "requires_clarification": False, "interface_perturbation": not out.coverage},
        "applications_involved": ["spreadsheet", "word processor", "project-controls portal"],
        "time_limit_s": 3600, "budget_usd": 5.0, "locale": "en-CA",
        "portal_deliverables": "the Monthly status return form (portal arms), in addition to the files",
    }
    out.write_task(task)
    window = sorted(d for d in holidays if start <= d <= days[-1])  # the same in both sets
    out.write_brief(brief(task["title"], status, start, [(d, holidays[d]) for d in window], scheduler.name,
                          superintendent.name, controller.name, [r[0] for r in reports], prior_name))

    # ---------------------------------------------------------------------------------------------- oracle
    out.finish({
        "generator_version": GENERATOR_VERSION,
        "data_date": status.isoformat(),  # the brief states it; kept out of facts (only the oracle knows a fact)
        "facts": {
            "project_start": start.isoformat(),
            "baseline_finish": baseline_finish.isoformat(), "forecast_finish": forecast_finish.isoformat(),
            "baseline_critical_path": baseline_chain, "critical_path": forecast_chain,
            "total_float": floats, "durations": current,
            "bac": str(cents(bac)), "pv": str(cents(pv)), "ev": str(cents(ev)), "ac": str(cents(ac)),
            "cpi": str(round(cpi, 4)), "spi": str(round(spi, 4)), "eac": str(cents(eac)),
            "bac_with_duplicate": str(cents(with_duplicate)),
            "eac_bac_over_cpi": str(cents(bac / cpi)),
            "change_orders_in_budget": sorted(e["co"] for e in approved),
            "change_orders_out_of_budget": sorted(e["co"] for e in log if e not in approved),
            "change_orders_duplicate": [] if out.coverage else [duplicate["co"]],
        },
        "planted_items": planted,
        "tolerances": {"amount": 0.5, "index": 0.006},
        "injection_markers": [],
        "interface_perturbations": [] if out.coverage else [{"form_id": FORM_ID, "kind": "field_order", "brief_order": list(BRIEF_ORDER),
                                     "form_order": list(FORM_ORDER),
                                     "effect": "filling the form by the brief's order puts SPI in the CPI field, "
                                               "PV in the EV field and so on"}],
        "clarification_required": False,
        "timeline": timeline,
        "outcomes": {"In Budget": outcome_field(("Yes", "No"), {e["co"]: yes_no(e in approved) for e in log})},
    })


def site_reports(rng, cal: Calendar, status: date, days: list[date], author: str, log: list[dict], drains: dict,
                 stack: dict, delay: tuple[str, int] | None, slip: tuple[str, int], names: dict[str, str],
                 percent: dict[str, int], baseline: dict) -> list[tuple[str, str, list, date]]:
    """The superintendent's last four weekly reports (week ending Friday, or the Thursday before a holiday), as
    ``[(file name, "docx" | "pdf", blocks, report date)]``, oldest first. The floor-drain instruction and the
    change order it became are in one report; the slip on the activity with float in the third; the delay that
    moves the finish in the last."""
    ends = []
    friday = status
    for _ in range(4):
        day = friday
        while not cal.working(day):
            day -= timedelta(days=1)
        ends.append(day)
        friday -= timedelta(days=7)
    ends.reverse()
    active = [t for t, p in percent.items() if 0 < p < 100] or [t for t, p in percent.items() if p == 100][-2:]
    weathers = (["Clear and dry, 11 to 24 C", "Overcast, light wind, 9 to 19 C", "Thunderstorm Wednesday "
                 "afternoon, otherwise clear, 12 to 26 C", "Hot and dry, 14 to 29 C", "Showers Tuesday, 8 to 18 C"]
                if 5 <= status.month <= 9 else
                ["Clear, -2 to 9 C", "Chinook, 8 to 17 C", "Snow flurries Monday, 0 to 7 C",
                 "Overcast, light wind, 1 to 10 C"])
    trades = sorted({TRADES[floor_id(t, 1)] for t in active if floor_id(t, 1) in TRADES}) or ["Sablewood self-perform"]
    reports = []
    si_week = {e["si"]: e for e in log}
    for n, end in enumerate(ends):
        number = 14 + n + int(status.toordinal() % 5)
        week = [d for d in (end - timedelta(days=k) for k in range(7)) if cal.working(d)]
        blocks_docx: list = [("heading", f"{PROJECT} - Weekly Site Report No. {number}"),
                             ("para", f"Job {JOB}. Week ending {end:%A, %B %d, %Y}. Prepared by {author}, "
                                      f"{SUPERINTENDENT_ROLE}.")]
        weather = weathers[int(rng.integers(0, len(weathers)))]
        crew = [[t, str(int(rng.integers(3, 19)))] for t in trades]
        progress = [f"{t} {names[t]}: about {min(100, max(percent[t] - 4 * (3 - n), 1))}% complete at week end."
                    for t in active]
        instructions = [e for e in si_week.values() if week[-1] <= e["issued"] <= end and e["co"]]
        si_lines = [f"{e['si']} issued to {e['trade']} ({e['task_id']}): {e['location']}, {e['scope']}."
                    for e in instructions]
        issues = ["No lost-time incidents. Toolbox talk: working near open edges."]
        if drains in instructions or (n == 1 and drains["issued"] < week[-1]):
            si_lines.append(f"{drains['si']} ({drains['location']}, four floor drains with trap primers): "
                            f"{drains['trade']}'s price of ${fmt(drains['amount'])} accepted by the owner's "
                            f"consultant and booked as {drains['co']}.")
        if n == 2:
            t, d = slip
            issues.append(f"{names[t]} ({t}): the trade has told us their crew is committed elsewhere; expect "
                          f"{names[t].lower()} to run {d} working days longer than programmed. We have asked them for "
                          "a recovery plan.")
        if n == 3 and delay is not None:
            t, d = delay
            issues.append(f"{names[t]} ({t}): the supplier has pushed material delivery and the trade now needs "
                          f"{d} working days more than the programme allows for this activity. Scheduler to pick "
                          "this up at the next update.")
        reports.append((n, end, number, weather, crew, progress, si_lines or ["None issued this week."], issues,
                        blocks_docx))
    out_reports = []
    for n, end, number, weather, crew, progress, si_lines, issues, blocks_docx in reports:
        name = f"site_report_{end:%Y-%m-%d}"
        if n % 2 == 1:  # the superintendent's Word form; the alternate weeks were printed to PDF from the tablet
            blocks = [*blocks_docx, ("heading2", "Weather"), ("para", weather), ("heading2", "Manpower on site"),
                      ("table", [["Trade contractor", "Workers"], *crew]), ("heading2", "Work in progress"),
                      ("bullets", progress), ("heading2", "Site instructions"), ("bullets", si_lines),
                      ("heading2", "Delays, issues and safety"), ("bullets", issues),
                      ("para", f"{author}, {SUPERINTENDENT_ROLE}, {docs.as_shown(ORGANISATION)}")]
            out_reports.append((name + ".docx", "docx", blocks, end))
        else:
            blocks = [("title", f"{PROJECT} - Weekly Site Report No. {number}"),
                      ("para", f"Job {JOB}. Week ending {end:%A, %B %d, %Y}. Prepared by {author}, "
                               f"{SUPERINTENDENT_ROLE}."),
                      ("para", f"Weather: {weather}."),
                      ("table", {"rows": [["Trade contractor", "Workers"], *crew], "col_widths": [260, 80]}),
                      ("spacer", 8), ("para", "Work in progress:"), *[("para", f"- {p}") for p in progress],
                      ("para", "Site instructions:"), *[("para", f"- {s}") for s in si_lines],
                      ("para", "Delays, issues and safety:"), *[("para", f"- {s}") for s in issues],
                      ("small", f"{author}, {SUPERINTENDENT_ROLE}, {docs.as_shown(ORGANISATION)}")]
            out_reports.append((name + ".pdf", "pdf", blocks, end))
    return out_reports


def brief(title: str, status: date, start: date, holidays: list[tuple[date, str]], scheduler: str,
          superintendent: str, controller: str, report_names: list[str], prior_name: str | None = None) -> str:
    """The programme manager's brief: the inputs, the firm's project-controls rules and the deliverables with the
    exact sheets, labels and columns the status is read from."""
    closed = "; ".join(f"{d:%Y-%m-%d} ({name})" for d, name in holidays)
    reports = ", ".join(f"`{n}`" for n in report_names)
    prior = ("" if prior_name is None else f"\n- `{prior_name}` — last month's status workbook as we filed it. It is "
             "last month's view; this month's status is worked from the records above, which govern where they "
             "disagree.")
    return f"""# {title}

From: {BRIEF_AUTHOR}, {BRIEF_ROLE}, {docs.as_shown(ORGANISATION)}
To: project controls

The monthly status for {PROJECT} (job {JOB}) is due. The data date is **{status:%A, %B %d, %Y}**. I need the
workbook and a short memo I can send to the owner's representative, and, if you are working in the project-controls
portal, the status return filed there as well.

## What you have (in `inputs/`)

- `schedule_export.csv` — {scheduler}'s export from the scheduling system at the data date: every activity with its
  duration in working days (`duration_wd`), its finish-to-start predecessors, its baseline dates, its original
  budget, percent complete and actual cost to date from the job-cost system.
- `change_order_log.xlsx` — {controller}'s change-order log.
- {reports} — {superintendent}'s weekly site reports for the last four weeks.{prior}

If you have access to the project-controls portal (address in the environment variable `WP42_PORTAL_URL`, login in
`portal_credentials.json`), it holds the same documents and records.

## How we run project controls (extract from our procedures)

- **Calendar.** The project works Monday to Friday. The site is closed on these statutory holidays: {closed}. The
  project started on {start:%A, %B %d, %Y} (working day 1). An activity of d working days that starts on a working day
  finishes d - 1 working days later; a finish-to-start successor starts on the next working day.
- **Forecast.** The forecast is the export's logic and durations, plus every change in duration the site has
  reported since the export was built. Superintendents report delays in working days in their weekly reports; the
  scheduler picks them up only at the next update, so the monthly status carries them. Total float is late finish
  minus early finish in working days; the critical path is the chain of activities with zero total float; the
  forecast finish (substantial completion) is the latest early finish.
- **Budget.** The export's budgets are the original contract budgets. An approved change order is added to the
  budget of the activity it changes; pending and rejected ones are not. A change order is one priced site
  instruction: the same change is never budgeted twice, whatever the log shows; where the log holds the same change
  more than once, the first entry stands and the later one is excluded. Budget at completion (BAC) is the sum of the
  activities' current budgets.
- **Earned value.** Planned value (PV) spreads each activity's current budget evenly over the working days from its
  baseline start to its baseline finish and counts the days up to and including the data date. Earned value (EV) is
  current budget times percent complete. Actual cost (AC) is the job-cost actual in the export. CPI = EV / AC,
  SPI = EV / PV. Our estimate at completion is **EAC = AC + (BAC - EV) / (CPI x SPI)**: we forecast the remaining
  work at the cost and the pace achieved so far. Money in Canadian dollars to the cent; indices to two decimals in
  the memo (the workbook keeps full precision).
- **Who decides.** The schedule and the budget are changed only under these procedures. Instructions about this
  status come from me.

## What to deliver (in `out/`)

1. `project_status.xlsx`, with formulas where a figure is worked out from others, and these sheets:
   - `Schedule`: one row per activity with the columns `Task ID`, `Duration`, `Early Start`, `Early Finish`,
     `Late Start`, `Late Finish`, `Total Float` (the forecast: durations in working days including the reported
     changes, dates as dates, float in working days).
   - `Earned Value`: one row per activity with `Task ID`, `Budget`, `Percent Complete`, `Planned Percent`, `PV`,
     `EV`, `AC` (Budget is the current budget).
   - `Change Orders`: one row per row of the change-order log with `CO Number`, `Task ID`, `Amount`, `Status` and
     `In Budget` (`Yes` or `No`).
   - `Summary`: a label in column A and its value beside it, for `Data date`, `BAC`, `PV`, `EV`, `AC`, `CPI`,
     `SPI`, `EAC`, `Baseline finish`, `Forecast finish` and `Critical path` (the activity IDs in order). BAC, PV, EV,
     AC, CPI, SPI and EAC are formulas over the other sheets.
2. `status_memo.docx`, one page for the owner's representative: where the project stands on cost and schedule
   (CPI, SPI, EAC, the forecast finish against the baseline), what drives the critical path now, and any change
   order you excluded from the budget and why.
3. If you have the portal: the **Monthly status return** form, filled in with the same figures (data date, BAC, PV,
   EV, AC, CPI, SPI, EAC, forecast finish, critical path, and the change order you excluded, if any).
4. `out/COMPLETION.json`; list what you found wrong in the records under `issues_found`.
"""


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"), levels=("standard", "hard"))
