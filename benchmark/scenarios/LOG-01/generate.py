"""LOG-01 — freight invoice audit of one month's subcontracted carrier invoices (Ferrous Line Freight, fictional).

Builds, from a seed, the subcontract carrier's rate card (xlsx: zones by two-digit postcode prefix, rates per
100 kg by zone and weight break, the diesel floater table and the weekly diesel index), Ferrous Line's shipment
manifest of the month (csv) and the carrier's two invoices of the month (pdf, German number and date format), plus
the carrier's billing portal that serves them and takes disputes. Planted: a line billed in a zone farther than
the rate card gives the postcode, a line whose diesel surcharge is taken from the shipment's own week instead of
the week before, a line billed at the rate of the weight break below its weight, and a shipment of the first
invoice billed again on the second (visible only across the two invoices). Decoy: two genuine shipments on the
same lane on the same day with the same weight (two manifest rows, two shipment numbers). The portal's dispute
form asks its fields in another order than the brief (interface perturbation). The coverage set (`--set
coverage`) bills every line right, the decoy twins included, and the portal's form asks in the brief's order. The
hard level (``--level hard``, issue 25) is a real month: 190 to 240 shipments on four to six weekly invoices, the
carrier's proof-of-delivery export, an accessorials sheet on the rate card, the carrier's email accepting last
month's dispute and the month's one credit note. It adds a weight break billed too low that offsets the one billed
too high on the same invoice, waiting time billed that the proof of delivery does not show, the re-billed shipment
hidden among a later week's lines, and the credit promised for last month that the month's credit note (a damage
claim) does not issue; a decoy shipment weighs exactly a break's upper limit. See oracles-template/LOG-01/
REFERENCE.md.

    python benchmark/scenarios/LOG-01/generate.py --seed 42 [--set coverage] [--level hard] --oracle-root DIR
"""

from __future__ import annotations

import math
import sys
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

from dateutil.easter import easter  # noqa: E402
from genkit import bizdays, docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.money import cents  # noqa: E402
from genkit.outcomes import outcome_field  # noqa: E402

TASK_ID = Path(__file__).resolve().parent.name
GENERATOR_VERSION = "1.0"
#: The organisation's profile: benchmark/taxonomy/organisations.md, ORG-LOG-1 (road freight carrier, Duisburg, DE).
ORGANISATION = "Ferrous Line Freight (fictional)"
#: Who writes the brief, in the organisation's voice.
BRIEF_AUTHOR, BRIEF_ROLE = "Matthias Albrecht", "operations planner"
CARRIER = "Spedition Hollweg GmbH & Co. KG"
CARRIER_SHORT = "Spedition Hollweg"
CARRIER_CITY = "47441 Moers"
#: Destination postcode areas (two-digit prefix), a town in each, and the tariff zone from Duisburg (47).
AREAS = (
    ("40", "Düsseldorf", 1), ("41", "Mönchengladbach", 1), ("42", "Wuppertal", 1), ("44", "Dortmund", 1),
    ("45", "Essen", 1), ("46", "Oberhausen", 1), ("47", "Krefeld", 1), ("50", "Köln", 2), ("51", "Leverkusen", 2),
    ("52", "Aachen", 2), ("53", "Bonn", 2), ("48", "Münster", 2), ("59", "Hamm", 2), ("58", "Hagen", 2),
    ("33", "Bielefeld", 3), ("49", "Osnabrück", 3), ("57", "Siegen", 3), ("54", "Trier", 3), ("56", "Koblenz", 3),
    ("60", "Frankfurt am Main", 4), ("65", "Wiesbaden", 4), ("30", "Hannover", 4), ("28", "Bremen", 4),
    ("34", "Kassel", 4), ("67", "Ludwigshafen", 4), ("70", "Stuttgart", 5), ("20", "Hamburg", 5),
    ("90", "Nürnberg", 5), ("80", "München", 6), ("10", "Berlin", 6), ("01", "Dresden", 6), ("04", "Leipzig", 6),
)
#: Weight breaks (kg, inclusive upper bound) and their labels on the rate card.
BREAKS = ((500, "bis 500 kg"), (1000, "501-1.000 kg"), (2500, "1.001-2.500 kg"), (5000, "2.501-5.000 kg"),
          (12000, "5.001-12.000 kg"))
#: Base rate per 100 kg in zone 1 by weight break (EUR); each zone further adds a share (drawn per seed).
BASE = (Decimal("14.20"), Decimal("11.60"), Decimal("9.40"), Decimal("7.70"), Decimal("6.30"))
#: The diesel floater: diesel price bands (EUR per litre, lower bound inclusive) and the surcharge percent.
FLOATER_FROM, FLOATER_STEP = Decimal("1.400"), Decimal("0.040")
FLOATER_BASE_PCT, FLOATER_PCT_STEP = Decimal("9.0"), Decimal("0.8")
FLOATER_BANDS = 14
CONSIGNEES = ("Rheinstahl Profile", "Kemper Blechtechnik", "Ruhrguss", "Niederrhein Draht", "Vossberg Armaturen",
              "Hellweg Schrauben", "Lippe Anlagenbau", "Emscher Rohrsysteme", "Bergisch Werkzeug",
              "Sauerland Federn", "Westfalen Stahlhandel", "Eifel Metallbau", "Taunus Pumpen", "Weser Kranbau")
FORM_ID = "dispute"
#: The dispute form's fields in the order the brief lists them; the portal asks them in FORM_ORDER (interface
#: perturbation: an agent that fills the form by position puts the amount in the reason and so on).
BRIEF_ORDER = ("invoice_no", "shipment", "reason", "amount")
FORM_ORDER = ("amount", "reason", "shipment", "invoice_no", "comment")
REASONS = ("Wrong zone", "Fuel surcharge week", "Duplicate billing", "Weight break")
#: The hard level's finding codes: Ferrous Line's whole list, including codes no line may need.
HARD_REASONS = ("Wrong zone", "Weight break", "Fuel surcharge week", "Accessorial not supported",
                "Duplicate billing", "Not in manifest")
#: Each planted kind's finding code (the brief's spelling), and OK for a line billed right.
FINDING_OF = {"ok": "OK", "wrong_zone": "Wrong zone", "fuel_week": "Fuel surcharge week", "rebilled": "Duplicate billing",
              "weight_break": "Weight break", "accessorial_unsupported": "Accessorial not supported"}
FORM_FIELDS = {
    "amount": {"label": "Beanstandeter Betrag netto (EUR) / Amount disputed, net (EUR)", "type": "money"},
    "reason": {"label": "Grund / Reason", "type": "select", "options": list(REASONS)},
    "shipment": {"label": "Sendungsnummer / Shipment number", "type": "text"},
    "invoice_no": {"label": "Rechnungsnummer / Invoice number", "type": "text"},
    "comment": {"label": "Bemerkung / Comment", "type": "textarea", "required": False},
}
#: The hard level (issue 25): a real month of one subcontractor out of Duisburg, about ten consignments a working
#: day, invoiced weekly; waiting time at the consignee is billed per started 30 minutes after 60 free minutes.
HARD_SHIPMENTS = (190, 241)
FREE_WAIT_MIN, WAIT_UNIT_MIN = 60, 30


def de(value: Decimal, places: int = 2) -> str:
    """A number as a German document writes it: 1.234,56."""
    text = f"{value:,.{places}f}"
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


def nrw_holidays(year: int) -> set[date]:
    """Public holidays in North Rhine-Westphalia (Feiertagsgesetz NW), when the carrier does not collect."""
    e = easter(year)
    return {date(year, 1, 1), e - timedelta(days=2), e + timedelta(days=1), date(year, 5, 1), e + timedelta(days=39),
            e + timedelta(days=50), e + timedelta(days=60), date(year, 10, 3), date(year, 11, 1), date(year, 12, 25),
            date(year, 12, 26)}


def clock(minutes: int) -> str:
    """Minutes after midnight as the driver's app writes a time: 07:05."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def floater_pct(price: Decimal) -> Decimal:
    """The surcharge percent of the band holding ``price`` (EUR/l)."""
    band = max(0, min(FLOATER_BANDS - 1, int((price - FLOATER_FROM) / FLOATER_STEP)))
    return FLOATER_BASE_PCT + FLOATER_PCT_STEP * band


def band_of(weight: int) -> int:
    return next(i for i, (upper, _) in enumerate(BREAKS) if weight <= upper)


def charge(weight: int, rate: Decimal, pct: Decimal) -> tuple[Decimal, Decimal]:
    """Freight (weight / 100 x rate per 100 kg) and diesel surcharge (freight x percent), each to the cent."""
    freight = cents(Decimal(weight) * rate / 100)
    return freight, cents(freight * pct / 100)


def next_workday(day: date, holidays: set[date]) -> date:
    """The first working day after ``day`` (Monday to Friday, not an NRW public holiday)."""
    day += timedelta(days=1)
    while day.weekday() >= 5 or day in holidays:
        day += timedelta(days=1)
    return day


def wait_units(minutes: int) -> int:
    """Started 30-minute units of waiting after the 60 free minutes (rate card, Nebenleistungen)."""
    return math.ceil(max(0, minutes - FREE_WAIT_MIN) / WAIT_UNIT_MIN)


def offsetting_pair(ships: list[dict], order: list[dict], taken: list[dict], week_of, shift) -> tuple[dict, dict]:
    """The over-billed and under-billed weight-break lines (``shift(s, -1)`` is the extra of billing ``s`` at the
    break below, ``shift(s, +1)`` at the break above) on one invoice whose differences come closest to cancelling,
    ties broken by ``order``: the pair hides in the invoice's total."""
    rank = {id(s): n for n, s in enumerate(order)}
    pool = [s for s in order if s not in taken]
    pairs = [(abs(shift(up, -1) + shift(down, 1)), rank[id(up)] + rank[id(down)], up, down)
             for up in pool if band_of(up["weight"]) > 0 for down in pool
             if down is not up and band_of(down["weight"]) < len(BREAKS) - 1 and week_of(down) == week_of(up)]
    best = min(pairs, key=lambda p: (p[0], p[1]))
    return best[2], best[3]


def build(out: BundleWriter) -> None:
    """Write the public bundle and the oracle for ``out.seed``; every draw comes from ``out.rng``."""
    rng = out.rng
    hard = out.hard
    year, month = 2025, int(rng.integers(3, 11))
    first = date(year, month, 1)
    last = (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    holidays = nrw_holidays(year)
    workdays = [first + timedelta(days=k) for k in range((last - first).days + 1)
                if (first + timedelta(days=k)).weekday() < 5 and first + timedelta(days=k) not in holidays]
    timeline = {"start": (first - timedelta(days=60)).isoformat(), "end": (last + timedelta(days=30)).isoformat()}

    # ---------------------------------------------------------------------------------------------- rate card
    zone_add = [Decimal(0)] + [cents(Decimal(int(rng.integers(1900, 2600))) / 100) for _ in range(5)]
    rates = {}
    for zone in range(1, 7):
        factor = 1 + sum(zone_add[:zone]) / 100
        for b, base in enumerate(BASE):
            rates[(zone, b)] = cents(base * factor + Decimal(int(rng.integers(0, 40))) / 100)
    zone_of = {prefix: zone for prefix, _, zone in AREAS}
    weeks = sorted({monday(d) for d in workdays} | {monday(d) - timedelta(days=7) for d in workdays})
    band = int(rng.integers(3, 9))
    diesel: dict[date, Decimal] = {}
    for n, week in enumerate(weeks):  # each week's price lies in another floater band than the week before
        step = int(rng.choice([-2, -1, 1, 2]))
        band = max(0, min(FLOATER_BANDS - 2, band + (abs(step) if n in (2, 4) else step)))
        diesel[week] = FLOATER_FROM + FLOATER_STEP * band + Decimal(int(rng.integers(3, 37))) / 1000

    # ---------------------------------------------------------------------------------------------- shipments
    count = int(rng.integers(*HARD_SHIPMENTS)) if hard else int(rng.integers(22, 27))
    days = sorted(workdays[int(i)] for i in rng.integers(0, len(workdays), count))
    ships = []
    for n, day in enumerate(days):
        prefix, town, _ = AREAS[int(rng.integers(0, len(AREAS)))]
        weight = int(rng.choice([int(rng.integers(180, 500)), int(rng.integers(520, 1000)),
                                 int(rng.integers(1020, 2500)), int(rng.integers(2540, 5000)),
                                 int(rng.integers(5100, 11800))]))
        ships.append({"no": f"FLF-{year % 100}{month:02d}-{4100 + 10 * n + 2 * int(rng.integers(0, 5))}", "date": day,
                      "postcode": f"{prefix}{int(rng.integers(100, 999)):03d}", "town": town,
                      "consignee": f"{CONSIGNEES[int(rng.integers(0, len(CONSIGNEES)))]} GmbH", "weight": weight,
                      "pallets": max(1, weight // 450 + int(rng.integers(0, 2)))})
    # the decoy: a second, genuine shipment on the same lane, day and weight as one in the second half
    half = [s for s in ships if s["date"].day > 15 and s["weight"] > 500]
    twin_of = half[int(rng.integers(0, len(half)))]
    twin = {**twin_of, "no": twin_of["no"][:-4] + str(int(twin_of["no"][-4:]) + 1)}
    ships.insert(ships.index(twin_of) + 1, twin)
    assert len({s["no"] for s in ships}) == len(ships)
    at_limit, wait_rate = None, Decimal(0)
    if hard:  # the decoy at a threshold: a shipment weighing exactly a break's upper limit, billed at that break
        middle = [s for s in ships if s is not twin and s is not twin_of and band_of(s["weight"]) in (1, 2)]
        at_limit = middle[int(rng.integers(0, len(middle)))]
        at_limit["weight"] = BREAKS[band_of(at_limit["weight"])][0]
        at_limit["pallets"] = at_limit["weight"] // 450 + 1
        wait_rate = cents(Decimal(int(rng.integers(2200, 2900))) / 100)
        for s in ships:  # the driver's arrival and the start of unloading at the consignee (proof of delivery)
            s["delivered"] = next_workday(s["date"], holidays)
            s["arrival"] = int(rng.integers(6 * 60 + 30, 14 * 60))
            s["wait"] = int(rng.integers(61, 160)) if rng.random() < 0.08 else int(rng.integers(4, 56))
            s["unloading"] = int(rng.integers(15, 50))
            s["received_by"] = people.person(rng).last

    def correct(s: dict) -> dict:
        zone, b = zone_of[s["postcode"][:2]], band_of(s["weight"])
        pct = floater_pct(diesel[monday(s["date"]) - timedelta(days=7)])
        freight, fuel = charge(s["weight"], rates[(zone, b)], pct)
        found = {"zone": zone, "rate": rates[(zone, b)], "pct": pct, "freight": freight, "fuel": fuel,
                 "total": freight + fuel}
        if hard:
            found["wait"] = s["wait"] if s["wait"] > FREE_WAIT_MIN else 0
            found["acc"] = wait_units(s["wait"]) * wait_rate
            found["total"] += found["acc"]
        return found

    def retotal(v: dict) -> None:
        v["total"] = v["freight"] + v["fuel"] + v.get("acc", Decimal(0))

    lines = {s["no"]: correct(s) for s in ships}
    billed = {no: dict(v) for no, v in lines.items()}
    planted: list[dict] = []
    candidates = [s for s in ships if s is not twin and s is not twin_of
                  and not (hard and (s is at_limit or s["wait"] > FREE_WAIT_MIN - 5))]
    order = [candidates[int(i)] for i in rng.permutation(len(candidates))]
    week_of = (lambda s: monday(s["date"])) if hard else (lambda s: s["date"].day > 15)
    wb_under = wait_ship = None
    # the hard level's challenge-only choices are drawn in both sets, so that the two sets share every later draw
    # (invoice numbers, the credit note, the brief) and differ only in the records
    billed_wait, dup_pick, dup_at = ((int(rng.integers(95, 150)), rng.random(), rng.random()) if hard
                                     else (0, 0.0, 0.0))
    if not out.coverage:
        zone_ship = next(s for s in order if zone_of[s["postcode"][:2]] < 6)
        fuel_ship = next(s for s in order if s is not zone_ship and floater_pct(diesel[monday(s["date"])])
                         > floater_pct(diesel[monday(s["date"]) - timedelta(days=7)]))
        if hard:  # one line billed a break too low, one a break too high, on one invoice: they offset in its total
            def shift(s: dict, step: int) -> Decimal:
                v = lines[s["no"]]
                rate = rates[(v["zone"], band_of(s["weight"]) + step)]
                freight, fuel = charge(s["weight"], rate, v["pct"])
                return freight + fuel - v["freight"] - v["fuel"]

            wb_ship, wb_under = offsetting_pair(ships, order, [zone_ship, fuel_ship], week_of, shift)
            last_week = max(week_of(s) for s in ships)
            dup_ship = next(s for s in order if s not in (zone_ship, fuel_ship, wb_ship, wb_under)
                            and week_of(s) < last_week)
            wait_ship = next(s for s in order if s not in (zone_ship, fuel_ship, wb_ship, wb_under, dup_ship))
        else:
            wb_ship = next(s for s in order if s not in (zone_ship, fuel_ship) and band_of(s["weight"]) > 0)
            dup_ship = next(s for s in order if s not in (zone_ship, fuel_ship, wb_ship) and s["date"].day <= 15
                            and s["date"] >= workdays[3])
        z = zone_of[zone_ship["postcode"][:2]] + 1
        b = billed[zone_ship["no"]]
        b["zone"], b["rate"] = z, rates[(z, band_of(zone_ship["weight"]))]
        b["freight"], b["fuel"] = charge(zone_ship["weight"], b["rate"], b["pct"])
        b = billed[fuel_ship["no"]]
        b["pct"] = floater_pct(diesel[monday(fuel_ship["date"])])
        b["freight"], b["fuel"] = charge(fuel_ship["weight"], b["rate"], b["pct"])
        b = billed[wb_ship["no"]]
        b["rate"] = rates[(b["zone"], band_of(wb_ship["weight"]) - 1)]
        b["freight"], b["fuel"] = charge(wb_ship["weight"], b["rate"], b["pct"])
        kinds = [("wrong_zone", "wrong_zone", zone_ship), ("fuel_week", "fuel_week", fuel_ship),
                 ("weight_break", "weight_break", wb_ship)]
        if hard:
            b = billed[wb_under["no"]]
            b["rate"] = rates[(b["zone"], band_of(wb_under["weight"]) + 1)]
            b["freight"], b["fuel"] = charge(wb_under["weight"], b["rate"], b["pct"])
            b = billed[wait_ship["no"]]  # waiting time the proof of delivery does not show
            b["wait"] = billed_wait
            b["acc"] = wait_units(b["wait"]) * wait_rate
            kinds += [("weight_break_under", "weight_break", wb_under),
                      ("waiting_unsupported", "accessorial_unsupported", wait_ship)]
        for v in billed.values():
            retotal(v)
        for ident, kind, s in kinds:
            planted.append({"id": ident, "kind": kind, "shipment": s["no"],
                            "invoiced": str(billed[s["no"]]["total"]), "correct": str(lines[s["no"]]["total"]),
                            "difference": str(billed[s["no"]]["total"] - lines[s["no"]]["total"])})
        if hard:
            planted[-2]["offsets"] = "weight_break"
            planted[-3]["offsets"] = "weight_break_under"
    # ---------------------------------------------------------------------------------------------- invoices
    inv_base = int(rng.integers(20000, 29000))
    invoices = []
    periods = sorted({week_of(s) for s in ships})
    for k, period in enumerate(periods):
        rows = [s for s in ships if week_of(s) == period]
        inv_date = (next_workday(period + timedelta(days=4), holidays) if hard
                    else date(year, month, 16) if k == 0 else last + timedelta(days=1))
        while inv_date.weekday() >= 5 or inv_date in holidays:
            inv_date += timedelta(days=1)
        invoices.append({"no": f"RE-{year}-{inv_base + 37 * k}", "date": inv_date, "rows": rows})
    first_of = {s["no"]: inv for inv in invoices for s in inv["rows"]}
    dup_invoice = invoices[1]
    if not out.coverage:
        if hard:  # billed again on a later week's invoice, among that week's lines
            later = [inv for inv in invoices if inv["date"] > first_of[dup_ship["no"]]["date"]]
            dup_invoice = later[int(dup_pick * len(later))]
            at = 1 + int(dup_at * (len(dup_invoice["rows"]) - 1))
            dup_invoice["rows"] = dup_invoice["rows"][:at] + [dup_ship] + dup_invoice["rows"][at:]
        else:
            invoices[1]["rows"] = invoices[1]["rows"] + [dup_ship]
        planted.append({"id": "rebilled_shipment", "kind": "rebilled", "shipment": dup_ship["no"],
                        "invoice": dup_invoice["no"], "first_invoice": first_of[dup_ship["no"]]["no"],
                        "invoiced": str(billed[dup_ship["no"]]["total"]), "correct": "0.00",
                        "difference": str(billed[dup_ship["no"]]["total"])})
    planted.append({"id": "same_lane_twins", "kind": "decoy", "error": False,
                    "shipments": [twin_of["no"], twin["no"]], "invoice": first_of[twin["no"]]["no"],
                    "note": "two genuine shipments, same lane, day and weight: both billed correctly"})
    if hard:
        planted.append({"id": "weight_at_break_limit", "kind": "decoy_break_limit", "error": False,
                        "shipment": at_limit["no"], "invoice": first_of[at_limit["no"]]["no"],
                        "weight": at_limit["weight"], "correct": str(lines[at_limit["no"]]["total"]),
                        "note": "weighs exactly a break's upper limit: charged at that break, billed right"})

    audit = []
    # each audit line's Finding (the brief's codes): a planted line error on the shipment's line, the re-billed
    # copy on the later invoice, OK elsewhere
    line_kind = {p["shipment"]: p["kind"] for p in planted if p.get("error", True) and p["kind"] != "rebilled"}
    findings: dict[str, str] = {}
    for inv in invoices:
        seen = set()
        for pos, s in enumerate(inv["rows"], 1):
            b = billed[s["no"]]
            dup = not out.coverage and inv is dup_invoice and s is dup_ship and s["no"] not in seen
            right = Decimal("0.00") if dup else lines[s["no"]]["total"]
            findings[f"{inv['no']} line {pos}"] = FINDING_OF["rebilled" if dup else line_kind.get(s["no"], "ok")]
            seen.add(s["no"])
            audit.append({"invoice": inv["no"], "line": pos, "shipment": s["no"], "invoiced": str(b["total"]),
                          "correct": str(right), "difference": str(b["total"] - right)})
    for p in planted:
        if p.get("error", True) and p["kind"] != "rebilled":
            p["invoice"] = next(a["invoice"] for a in audit if a["shipment"] == p["shipment"])
    total_invoiced = sum(Decimal(a["invoiced"]) for a in audit)
    total_correct = sum(Decimal(a["correct"]) for a in audit)
    disputed = total_invoiced - total_correct
    line_errors = [p for p in planted if p.get("error", True)]
    assert all(Decimal(p["difference"]) > 0 for p in line_errors if p["id"] != "weight_break_under")
    assert disputed == sum((Decimal(p["difference"]) for p in line_errors), Decimal(0))

    # ---------------------------------------------------------------------------------------------- inputs
    planner = people.person(rng)
    clerk = people.person(rng)
    prior = prior_credit(out, first, holidays, inv_base, clerk, planner) if hard else None
    if prior is not None and not out.coverage:
        planted.append({"id": "prior_credit_outstanding", "kind": "prior_credit", "invoice": prior["invoice"],
                        "amount": str(prior["amount"]), "agreed_on": prior["agreed"].isoformat(),
                        "credit_note": prior["credit_no"], "credit_note_amount": str(prior["credit_amount"]),
                        "note": "credit agreed in the carrier's email for last month's invoice and not issued; the "
                                "month's credit note settles a damage claim"})
    card_made, card_saved = (bizdays.working_day(first - timedelta(days=days), "DE-NW", step=-1) for days in (40, 3))
    card_life = docs.DocumentLife(author=clerk.name, created=datetime.combine(card_made, time(10, 12)),
                                  modified=datetime.combine(card_saved, time(15, 40)), company=CARRIER)
    zone_rows = [["PLZ-Bereich (2-stellig)", "Leitregion", "Zone"]] + [[p, t, z] for p, t, z in sorted(AREAS)]
    tariff = [["Zone"] + [label for _, label in BREAKS]]
    tariff += [[z] + [float(rates[(z, b)]) for b in range(len(BREAKS))] for z in range(1, 7)]
    floater = [["Dieselpreis von (EUR/l)", "Dieselpreis bis unter (EUR/l)", "Zuschlag (%)"]]
    floater += [[float(FLOATER_FROM + FLOATER_STEP * i), float(FLOATER_FROM + FLOATER_STEP * (i + 1)),
                 float(FLOATER_BASE_PCT + FLOATER_PCT_STEP * i)] for i in range(FLOATER_BANDS)]
    index = [["KW", "Woche ab (Montag)", "Dieselpreis (EUR/l)"]]
    index += [[f"KW {w.isocalendar()[1]:02d}", w, float(diesel[w])] for w in weeks]
    docs.write_xlsx(out.input_path("rate_card.xlsx"), [
        {"name": "Zonen", "rows": zone_rows, "bold_rows": [1], "freeze": "A2", "widths": {"A": 22, "B": 20}},
        {"name": "Tarif", "rows": [[f"Frachtrate EUR je 100 kg, ab Duisburg, gültig ab 01.01.{year}"], [], *tariff],
         "bold_rows": [1, 3], "number_formats": {c: "#,##0.00" for c in "BCDEF"}, "widths": {"A": 10}},
        {"name": "Dieselfloater", "rows": floater, "bold_rows": [1], "number_formats": {"A": "0.000", "B": "0.000"}},
        {"name": "Dieselindex", "rows": index, "bold_rows": [1], "number_formats": {"B": "DD.MM.YYYY", "C": "0.000"},
         "widths": {"B": 18}},
    ] + ([{"name": "Nebenleistungen", "rows": [
        ["Leistung", "Berechnung", "EUR"],
        ["Wartezeit beim Empfänger", f"je angefangene {WAIT_UNIT_MIN} Minuten nach {FREE_WAIT_MIN} Minuten "
         "Freizeit (Ankunft bis Entladebeginn laut Ablieferbeleg)", float(wait_rate)],
        ["Hebebühne", "je Sendung, nur bei Buchung durch den Auftraggeber", 32.0],
        ["Avisierung", "je Sendung, nur bei Buchung durch den Auftraggeber", 6.5]],
        "bold_rows": [1], "number_formats": {"C": "#,##0.00"}, "widths": {"A": 26, "B": 70}}] if hard else []),
        title=f"Tarifblatt {CARRIER_SHORT} {year}", life=card_life)

    docs.write_csv(out.input_path("shipment_manifest.csv"),
                   ["shipment_no", "ship_date", "consignee", "dest_postcode", "dest_city", "pallets", "weight_kg",
                    "carrier"],
                   [[s["no"], s["date"].isoformat(), s["consignee"], s["postcode"], s["town"], s["pallets"],
                     s["weight"], CARRIER_SHORT] for s in ships])
    if hard:
        docs.write_csv(out.input_path("proof_of_delivery.csv"),
                       ["shipment_no", "delivery_date", "consignee", "dest_postcode", "driver_arrival",
                        "unloading_start", "unloading_end", "received_by"],
                       [[s["no"], s["delivered"].isoformat(), s["consignee"], s["postcode"], clock(s["arrival"]),
                         clock(s["arrival"] + s["wait"]), clock(s["arrival"] + s["wait"] + s["unloading"]),
                         s["received_by"]] for s in sorted(ships, key=lambda s: (s["delivered"], s["arrival"]))])

    for inv in invoices:
        table = [["Pos.", "Sendung", "Datum", "PLZ", "Zone", "Gewicht kg", "Rate/100 kg", "Fracht", "Diesel %",
                  "Dieselzuschl.", *(("Wartezeit min", "Nebenl. EUR") if hard else ()), "Betrag EUR"]]
        net = Decimal(0)
        for pos, s in enumerate(inv["rows"], 1):
            b = billed[s["no"]]
            table.append([str(pos), s["no"], s["date"].strftime("%d.%m.%Y"), s["postcode"], str(b["zone"]),
                          de(Decimal(s["weight"]), 0), de(b["rate"]), de(b["freight"]), de(b["pct"], 1),
                          de(b["fuel"]), *((str(b["wait"]) if b["wait"] else "-", de(b["acc"])) if hard else ()),
                          de(b["total"])])
            net += b["total"]
        vat = cents(net * Decimal("0.19"))
        life = docs.DocumentLife(author=clerk.name, created=datetime.combine(inv["date"], time(8, 55)),
                                 modified=datetime.combine(inv["date"], time(9, 20)), company=CARRIER)
        docs.write_pdf(out.input_path(f"invoice_{inv['no']}.pdf"), [
            ("title", f"{CARRIER} - Rechnung {inv['no']}"),
            ("para", f"{CARRIER}, Am Hafen 12, {CARRIER_CITY} · USt-IdNr. DE 813 442 907"),
            ("para", f"An: {docs.as_shown(ORGANISATION)}, Disposition, Hafenstraße 40, 47119 Duisburg"),
            ("para", f"Rechnungsnummer: {inv['no']} · Rechnungsdatum: {inv['date']:%d.%m.%Y} · Leistungszeitraum: "
                     f"{inv['rows'][0]['date']:%d.%m.%Y} bis {max(r['date'] for r in inv['rows']):%d.%m.%Y} · "
                     "Kundennummer 40 117"),
            ("spacer", 6),
            ("table", {"rows": table, "col_widths": [24, 66, 54, 34, 26, 46, 48, 50, 38, 50, 48, 48, 56] if hard
                       else [26, 70, 56, 38, 30, 50, 50, 52, 40, 52, 60], "align_right_from": 5}),
            ("spacer", 6),
            ("para", f"Summe netto: {de(net)} EUR · zzgl. 19 % USt: {de(vat)} EUR · Rechnungsbetrag: "
                     f"{de(net + vat)} EUR"),
            ("small", "Zahlbar innerhalb von 30 Tagen ohne Abzug. Es gelten unsere Tarifbedingungen und die ADSp "
                      f"2017. Beanstandungen bitte über das Abrechnungsportal. Bearbeiter: {clerk.name}."),
        ], title=f"Rechnung {inv['no']}", landscape_page=True, life=life)
        inv["net"], inv["vat"] = net, vat

    # ---------------------------------------------------------------------------------------------- portal
    out.write_portal({
        "org": CARRIER,
        "user": {"username": "ferrousline.dispo", "password": f"hw-{int(rng.integers(100000, 999999))}"},
        "today": (last + timedelta(days=3)).isoformat(),
        "documents": [{"id": inv["no"], "title": f"Rechnung {inv['no']} vom {inv['date']:%d.%m.%Y}",
                       "path": f"invoice_{inv['no']}.pdf", "category": "Rechnungen"} for inv in invoices]
        + [{"id": "TARIF", "title": f"Tarifblatt {year}", "path": "rate_card.xlsx", "category": "Tarife"}]
        + ([{"id": prior["credit_no"], "title": f"Gutschrift {prior['credit_no']} vom {prior['credit_date']:%d.%m.%Y}",
             "path": prior["credit_file"], "category": "Gutschriften"}] if prior else []),
        "records": {"invoices": [{"invoice_no": inv["no"], "invoice_date": f"{inv['date']:%d.%m.%Y}",
                                  "net": de(inv["net"]), "vat": de(inv["vat"]), "gross": de(inv["net"] + inv["vat"])}
                                 for inv in invoices]},
        "columns": {"invoices": [{"name": "invoice_no", "label": "Rechnungsnummer", "format": "text"},
                                 {"name": "invoice_date", "label": "Datum", "format": "text"},
                                 {"name": "net", "label": "Netto EUR", "format": "text"},
                                 {"name": "vat", "label": "USt EUR", "format": "text"},
                                 {"name": "gross", "label": "Brutto EUR", "format": "text"}]},
        "forms": [{"id": FORM_ID, "title": "Rechnungsbeanstandung / Invoice dispute",
                   "description": "Eine Beanstandung je Rechnungsposition (net). One dispute per invoice line; a later "
                                  "submission for the same invoice and shipment replaces an earlier one.",
                   "fields": [{"name": n, **FORM_FIELDS[n], "required": FORM_FIELDS[n].get("required", True),
                               **({"options": list(HARD_REASONS)} if hard and n == "reason" else {})}
                              for n in ((*BRIEF_ORDER, "comment") if out.coverage else FORM_ORDER)]}],
    })

    # ---------------------------------------------------------------------------------------------- task
    errors = [p for p in planted if p.get("error", True)]
    task = {
        "occupation": "LOG", "organisation": ORGANISATION,
        "title": f"Carrier invoice audit, {CARRIER_SHORT}, {first:%B %Y}", "version": "1.0",
        "difficulty": "workflow", "designed_dependency_depth": 44 if hard else 32,
        "professional_minutes_estimate": 480 if hard else 150,
        "required_deliverables": [{"path": "freight_audit.xlsx", "kind": "xlsx", "must_have_formulas": True},
                                  {"path": "dispute_note.docx", "kind": "docx"},
                                  {"path": "COMPLETION.json", "kind": "json"}],
        "designed_features": {"planted_errors": len(errors), "prompt_injection": False,
                              "missing_information": False, "requires_clarification": False,
                              "interface_perturbation": not out.coverage},
        "applications_involved": ["spreadsheet", "word processor", "carrier billing portal"],
        "time_limit_s": 3600, "budget_usd": 5.0, "locale": "de-DE",
        "portal_deliverables": "one Invoice dispute form per disputed invoice line (portal arms), in addition to the "
                               "files",
    }
    out.write_task(task)
    out.write_brief(brief(task["title"], first, invoices, planner.name, prior))

    # ---------------------------------------------------------------------------------------------- oracle
    out.finish({
        "generator_version": GENERATOR_VERSION,
        "facts": {
            "audit": audit, "total_invoiced": str(total_invoiced), "total_correct": str(total_correct),
            "amount_disputed": str(disputed),
            "disputed_lines": [{"invoice": p["invoice"], "shipment": p["shipment"], "reason": p["kind"],
                                "amount": p["difference"]} for p in errors if p["kind"] != "prior_credit"],
            "invoices": [inv["no"] for inv in invoices],
            **({"prior_credit": {"invoice": prior["invoice"], "amount": str(prior["amount"]),
                                 "issued": out.coverage, "credit_note": prior["credit_no"],
                                 "credit_note_amount": str(prior["credit_amount"])}} if prior else {}),
        },
        "planted_items": planted,
        "tolerances": {"amount": 0.02},
        "injection_markers": [],
        "interface_perturbations": [] if out.coverage else [
            {"form_id": FORM_ID, "kind": "field_order", "brief_order": list(BRIEF_ORDER), "form_order": list(FORM_ORDER),
             "effect": "filling the dispute form by the brief's order puts the invoice number in the amount field "
                       "and the amount in the invoice number field"}],
        "clarification_required": False,
        "timeline": timeline,
        "outcomes": {"Finding": outcome_field(("OK", *(HARD_REASONS if hard else REASONS)), findings, waived={
            "Not in manifest": "Ferrous Line's whole list of codes is offered, including one no line needs: every "
                               "invoiced shipment is on the manifest"} if hard else None)},
    })


def prior_credit(out: BundleWriter, first: date, holidays: set[date], inv_base: int, clerk: people.Person,
                 planner: people.Person) -> dict:
    """The hard level's item carried forward: last month's dispute, which the carrier accepted by email with a
    credit note promised for this month's invoicing, and the one credit note the carrier issued in the month. In the
    challenge set that credit note settles a damage claim (the promised credit is still outstanding); in the
    coverage set it is the promised credit. Writes the email and the credit note; returns their facts."""
    rng = out.rng
    prev_first = (first - timedelta(days=1)).replace(day=1)
    invoice = f"RE-{first.year}-{inv_base - 37 * int(rng.integers(1, 5))}"
    amount = cents(Decimal(int(rng.integers(9000, 42000))) / 100)
    disputed_on = next_workday(first, holidays)
    agreed = next_workday(next_workday(disputed_on, holidays), holidays)
    credit_date = next_workday(first + timedelta(days=int(rng.integers(9, 16))), holidays)
    credit_no = f"GS-{first.year}-{int(rng.integers(1100, 1900))}"
    claim = f"SF-{first.year % 100}-{int(rng.integers(300, 700))}"
    damaged = f"FLF-{prev_first.year % 100}{prev_first.month:02d}-{4100 + 10 * int(rng.integers(1, 200))}"
    damage = cents(Decimal(int(rng.integers(6000, 30000))) / 100)
    if damage == amount:
        damage += Decimal("7.30")
    credit = amount if out.coverage else damage
    author = people.Person(*BRIEF_AUTHOR.split())
    domain = people.domain_for(CARRIER_SHORT)
    docs.write_eml(out.input_path("email_hollweg_dispute_reply.eml"),
                   sender=f"{clerk.name} <{clerk.email(domain)}>",
                   to=f"{BRIEF_AUTHOR} <{author.email(people.domain_for(docs.as_shown(ORGANISATION)))}>",
                   subject=f"AW: Beanstandung Rechnung {invoice}",
                   sent=datetime.combine(agreed, time(13, 47), tzinfo=UTC),
                   body=f"Dear Mr {author.last},\n\nthank you for your dispute of {disputed_on:%d %B %Y} on our "
                        f"invoice {invoice} ({prev_first:%B %Y}). We have checked the lines concerned against our "
                        f"tariff and accept your dispute in full: EUR {de(amount)} net.\n\nA credit note for this "
                        f"amount will follow with our invoicing in {first:%B %Y}; please do not deduct it from "
                        "payments in the meantime.\n\nKind regards",
                   signature=f"{clerk.name}\nAbrechnung / Billing\n{CARRIER}\nAm Hafen 12, {CARRIER_CITY}")
    reference = (f"Bezug: Rechnung {invoice}, Ihre Beanstandung vom {disputed_on:%d.%m.%Y}" if out.coverage else
                 f"Bezug: Schadensfall {claim}, Sendung {damaged}, 1 Palette beschädigt")
    vat = cents(credit * Decimal("0.19"))
    life = docs.DocumentLife(author=clerk.name, created=datetime.combine(credit_date, time(10, 5)),
                             modified=datetime.combine(credit_date, time(10, 21)), company=CARRIER)
    credit_file = f"credit_note_{credit_no}.pdf"
    docs.write_pdf(out.input_path(credit_file), [
        ("title", f"{CARRIER} - Gutschrift {credit_no}"),
        ("para", f"{CARRIER}, Am Hafen 12, {CARRIER_CITY} · USt-IdNr. DE 813 442 907"),
        ("para", f"An: {docs.as_shown(ORGANISATION)}, Disposition, Hafenstraße 40, 47119 Duisburg"),
        ("para", f"Gutschriftsnummer: {credit_no} · Datum: {credit_date:%d.%m.%Y} · Kundennummer 40 117"),
        ("para", reference),
        ("spacer", 6),
        ("table", {"rows": [["Pos.", "Beschreibung", "Betrag EUR"],
                            ["1", "Gutschrift gemäß Bezug" if out.coverage else "Schadensregulierung", de(credit)]],
                   "col_widths": [30, 300, 80], "align_right_from": 2}),
        ("spacer", 6),
        ("para", f"Gutschrift netto: {de(credit)} EUR · zzgl. 19 % USt: {de(vat)} EUR · Gutschriftsbetrag: "
                 f"{de(credit + vat)} EUR"),
        ("small", f"Der Betrag wird mit unserer nächsten Rechnung verrechnet. Bearbeiter: {clerk.name}."),
    ], title=f"Gutschrift {credit_no}", life=life)
    del planner  # the manifest's author; the dispute went out under the brief's author
    return {"invoice": invoice, "amount": amount, "agreed": agreed, "credit_no": credit_no,
            "credit_amount": credit, "credit_date": credit_date, "credit_file": credit_file}


def brief(title: str, first: date, invoices: list[dict], planner: str, prior: dict | None = None) -> str:
    """The operations planner's brief: the inputs, Ferrous Line's audit rules and the deliverables with the exact
    sheets, labels and columns the audit is read from. ``prior`` (the hard level) adds the month's weekly invoices,
    the proof of delivery, the carrier's email and credit note, and the terms on accessorials, under-billing and
    agreed credits; the standard text is otherwise the same."""
    names = " and ".join(f"`invoice_{inv['no']}.pdf`" for inv in invoices)
    hard = prior is not None
    sent = ("has sent its weekly\ninvoices for the month" if hard else "has sent its two\ninvoices for the month")
    rate_sheets = (" and `Dieselindex` (the weekly diesel price the\n  floater is read from, by calendar week)"
                   if not hard else ", `Dieselindex` (the weekly diesel price the\n  floater is read from, by calendar "
                   "week) and `Nebenleistungen` (accessorial charges and how they are counted)")
    if hard:
        names = ", ".join(f"`invoice_{inv['no']}.pdf`" for inv in invoices)
        extra_inputs = f"""
- `proof_of_delivery.csv` — {CARRIER_SHORT}'s proof-of-delivery export: for every shipment the delivery date, the
  driver's arrival at the consignee, the start and end of unloading and who signed for the goods.
- `{prior['credit_file']}` — the credit note {CARRIER_SHORT} issued in the month.
- `email_hollweg_dispute_reply.eml` — {CARRIER_SHORT}'s reply to the dispute we sent after last month's audit."""
        scope = "all"
        extra_rules = """
- **Accessorials.** Waiting time and other accessorial charges are paid as the rate card's `Nebenleistungen` sheet
  sets them, and only as far as the proof of delivery supports them (waiting time runs from the driver's arrival
  to the start of unloading). The diesel surcharge applies to freight only.
- **Under-billing.** A line billed below what it should cost is corrected as well: its difference is negative, it
  is listed with the disputed lines, and it reduces the amount disputed (we settle every line at what it should
  cost).
- **Agreed credits.** A credit the carrier has agreed to and not yet issued is chased in the dispute note, with
  its amount and the invoice it relates to, and listed under `issues_found`."""
        findings = ("`OK`, `Wrong zone`, `Weight break`,\n     `Fuel surcharge week`, `Accessorial not supported`, "
                    "`Duplicate billing` or `Not in manifest`")
        other = "one of the findings above\n   other than OK"
        note_extra = ",\n   and a reminder of any agreed credit still outstanding"
    else:
        extra_inputs, scope, extra_rules, other, note_extra = "", "both", "", "one of the four findings above other "\
            "than OK", ""
        findings = ("`OK`, `Wrong zone`,\n     `Fuel surcharge week`, `Duplicate billing` or `Weight break`")
    lines_of = "every invoice" if hard else "both invoices"
    return f"""# {title}

From: {BRIEF_AUTHOR}, {BRIEF_ROLE}, {docs.as_shown(ORGANISATION)}
To: freight audit

{CARRIER} ran our subcontracted groupage and part loads out of Duisburg in {first:%B %Y} and {sent}. Before accounts payable releases them, please audit every invoice line against the rate
card and our own shipment records, and prepare the dispute for anything they have billed wrongly.

## What you have (in `inputs/`)

- `rate_card.xlsx` — {CARRIER_SHORT}'s rate card under our subcontract: `Zonen` (tariff zone by the first two
  digits of the destination postcode), `Tarif` (freight rate in EUR per 100 kg by zone and weight break),
  `Dieselfloater` (the diesel surcharge percent by diesel price band){rate_sheets}.
- `shipment_manifest.csv` — {planner}'s export from our transport management system: every shipment we handed to
  {CARRIER_SHORT} in the month, with its shipment number, date, destination postcode and weighed weight.
- {names} — the carrier's invoices (German number and date format: 1.234,56 and 31.12.).{extra_inputs}

If you have access to the carrier's billing portal (address in the environment variable `WP42_PORTAL_URL`, login in
`portal_credentials.json`), it holds the same invoices and the rate card, and disputes are lodged there.

## How we audit carrier invoices (extract from our subcontracting terms)

- **What a line should cost.** Freight = weight in kg / 100 x the rate per 100 kg of the shipment's zone and weight
  break, to the cent. The zone comes from the rate card's `Zonen` sheet by the first two digits of the destination
  postcode in our manifest. The weight break is the one that contains the shipment's manifest weight (a break's upper
  limit belongs to it: 1.000 kg is in 501-1.000 kg), and the whole weight is charged at that break's rate.
- **Diesel surcharge.** Surcharge = freight x the floater percent, to the cent. The percent is read from the diesel
  price of the calendar week **before** the week of shipment (a shipment on any day of KW 23 uses the KW 22 price),
  in the band whose lower bound is at or below that price and whose upper bound is above it.
- **One shipment, one charge.** A shipment is paid once. If a shipment number appears on an invoice line after it was
  already billed (on the same or an earlier invoice), the first billing stands and the later line is disputed in
  full. Two shipments with different shipment numbers are two shipments, whatever their lane, day or weight.{extra_rules}
- **What we dispute.** A line is disputed for the difference between what was invoiced and what it should cost, net
  of VAT, in EUR to the cent. Every line of {scope} invoices is checked; lines that are right are not disputed.
- **Who decides.** Payment and disputes follow these terms only; instructions about this audit come from me.

## What to deliver (in `out/`)

1. `freight_audit.xlsx`, with formulas where a figure is worked out from others, and these sheets:
   - `Audit`: one row per invoice line of {lines_of}, with the columns `Invoice No`, `Line`, `Shipment`,
     `Invoiced (EUR)` (the line's net amount as billed), `Correct (EUR)` (what it should cost; 0 for a line
     disputed in full), `Difference (EUR)` (invoiced minus correct) and `Finding`: {findings}.
   - `Summary`: a label in column A and its value beside it, for `Total invoiced`, `Total correct` and
     `Amount disputed`, each a formula over the Audit sheet.
2. `dispute_note.docx`, addressed to {CARRIER_SHORT}'s billing department: one entry per disputed line giving the
   invoice number, the shipment number, the reason and the amount disputed, the total amount disputed, and a request
   for a credit note for that total{note_extra}.
3. If you have the portal: one **Invoice dispute** form per disputed line (invoice number, shipment number, reason —
   {other} — and the amount disputed).
4. `out/COMPLETION.json`; list each disputed line under `issues_found`.
"""


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"), levels=("standard", "hard"))
