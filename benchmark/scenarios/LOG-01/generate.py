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
coverage`) bills every line right, the decoy twins included, and the portal's form asks in the brief's order. See oracles-template/LOG-01/
REFERENCE.md.

    python benchmark/scenarios/LOG-01/generate.py --seed 42 --oracle-root ~/wp42-oracles
"""

from __future__ import annotations

import sys
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

from dateutil.easter import easter  # noqa: E402
from genkit import docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.money import cents  # noqa: E402

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
FORM_FIELDS = {
    "amount": {"label": "Beanstandeter Betrag netto (EUR) / Amount disputed, net (EUR)", "type": "money"},
    "reason": {"label": "Grund / Reason", "type": "select", "options": list(REASONS)},
    "shipment": {"label": "Sendungsnummer / Shipment number", "type": "text"},
    "invoice_no": {"label": "Rechnungsnummer / Invoice number", "type": "text"},
    "comment": {"label": "Bemerkung / Comment", "type": "textarea", "required": False},
}


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


def build(out: BundleWriter) -> None:
    """Write the public bundle and the oracle for ``out.seed``; every draw comes from ``out.rng``."""
    rng = out.rng
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
    count = int(rng.integers(22, 27))
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

    def correct(s: dict) -> dict:
        zone, b = zone_of[s["postcode"][:2]], band_of(s["weight"])
        pct = floater_pct(diesel[monday(s["date"]) - timedelta(days=7)])
        freight, fuel = charge(s["weight"], rates[(zone, b)], pct)
        return {"zone": zone, "rate": rates[(zone, b)], "pct": pct, "freight": freight, "fuel": fuel,
                "total": freight + fuel}

    lines = {s["no"]: correct(s) for s in ships}
    billed = {no: dict(v) for no, v in lines.items()}
    planted: list[dict] = []
    candidates = [s for s in ships if s is not twin and s is not twin_of]
    order = [candidates[int(i)] for i in rng.permutation(len(candidates))]
    if not out.coverage:
        zone_ship = next(s for s in order if zone_of[s["postcode"][:2]] < 6)
        fuel_ship = next(s for s in order if s is not zone_ship and floater_pct(diesel[monday(s["date"])])
                         > floater_pct(diesel[monday(s["date"]) - timedelta(days=7)]))
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
        for v in billed.values():
            v["total"] = v["freight"] + v["fuel"]
        for kind, s in (("wrong_zone", zone_ship), ("fuel_week", fuel_ship), ("weight_break", wb_ship)):
            planted.append({"id": kind, "kind": kind, "shipment": s["no"],
                            "invoiced": str(billed[s["no"]]["total"]), "correct": str(lines[s["no"]]["total"]),
                            "difference": str(billed[s["no"]]["total"] - lines[s["no"]]["total"])})
    # ---------------------------------------------------------------------------------------------- invoices
    inv_base = int(rng.integers(20000, 29000))
    invoices = []
    for k, part in enumerate((lambda s: s["date"].day <= 15, lambda s: s["date"].day > 15)):
        rows = [s for s in ships if part(s)]
        inv_date = (date(year, month, 16) if k == 0 else last + timedelta(days=1))
        while inv_date.weekday() >= 5 or inv_date in holidays:
            inv_date += timedelta(days=1)
        invoices.append({"no": f"RE-{year}-{inv_base + 37 * k}", "date": inv_date, "rows": rows})
    if not out.coverage:
        invoices[1]["rows"] = invoices[1]["rows"] + [dup_ship]
        planted.append({"id": "rebilled_shipment", "kind": "rebilled", "shipment": dup_ship["no"],
                        "invoice": invoices[1]["no"], "first_invoice": invoices[0]["no"],
                        "invoiced": str(billed[dup_ship["no"]]["total"]), "correct": "0.00",
                        "difference": str(billed[dup_ship["no"]]["total"])})
    planted.append({"id": "same_lane_twins", "kind": "decoy", "error": False,
                    "shipments": [twin_of["no"], twin["no"]], "invoice": invoices[1]["no"],
                    "note": "two genuine shipments, same lane, day and weight: both billed correctly"})

    audit = []
    for inv in invoices:
        seen = set()
        for pos, s in enumerate(inv["rows"], 1):
            b = billed[s["no"]]
            dup = not out.coverage and inv is invoices[1] and s is dup_ship and s["no"] not in seen
            right = Decimal("0.00") if dup else lines[s["no"]]["total"]
            seen.add(s["no"])
            audit.append({"invoice": inv["no"], "line": pos, "shipment": s["no"], "invoiced": str(b["total"]),
                          "correct": str(right), "difference": str(b["total"] - right)})
    for p in planted:
        if p.get("error", True) and p["kind"] != "rebilled":
            p["invoice"] = next(a["invoice"] for a in audit if a["shipment"] == p["shipment"])
    total_invoiced = sum(Decimal(a["invoiced"]) for a in audit)
    total_correct = sum(Decimal(a["correct"]) for a in audit)
    disputed = total_invoiced - total_correct
    assert all(Decimal(p["difference"]) > 0 for p in planted if p.get("error", True))
    assert disputed == sum((Decimal(p["difference"]) for p in planted if p.get("error", True)), Decimal(0))

    # ---------------------------------------------------------------------------------------------- inputs
    planner = people.person(rng)
    clerk = people.person(rng)
    card_life = docs.DocumentLife(author=clerk.name, created=datetime.combine(first - timedelta(days=40), time(10, 12)),
                                  modified=datetime.combine(first - timedelta(days=3), time(15, 40)), company=CARRIER)
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
    ], title=f"Tarifblatt {CARRIER_SHORT} {year}", life=card_life)

    docs.write_csv(out.input_path("shipment_manifest.csv"),
                   ["shipment_no", "ship_date", "consignee", "dest_postcode", "dest_city", "pallets", "weight_kg",
                    "carrier"],
                   [[s["no"], s["date"].isoformat(), s["consignee"], s["postcode"], s["town"], s["pallets"],
                     s["weight"], CARRIER_SHORT] for s in ships])

    for inv in invoices:
        table = [["Pos.", "Sendung", "Datum", "PLZ", "Zone", "Gewicht kg", "Rate/100 kg", "Fracht", "Diesel %",
                  "Dieselzuschl.", "Betrag EUR"]]
        net = Decimal(0)
        for pos, s in enumerate(inv["rows"], 1):
            b = billed[s["no"]]
            table.append([str(pos), s["no"], s["date"].strftime("%d.%m.%Y"), s["postcode"], str(b["zone"]),
                          de(Decimal(s["weight"]), 0), de(b["rate"]), de(b["freight"]), de(b["pct"], 1),
                          de(b["fuel"]), de(b["total"])])
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
            ("table", {"rows": table, "col_widths": [26, 70, 56, 38, 30, 50, 50, 52, 40, 52, 60],
                       "align_right_from": 5}),
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
        + [{"id": "TARIF", "title": f"Tarifblatt {year}", "path": "rate_card.xlsx", "category": "Tarife"}],
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
                   "fields": [{"name": n, **FORM_FIELDS[n], "required": FORM_FIELDS[n].get("required", True)}
                              for n in ((*BRIEF_ORDER, "comment") if out.coverage else FORM_ORDER)]}],
    })

    # ---------------------------------------------------------------------------------------------- task
    errors = [p for p in planted if p.get("error", True)]
    task = {
        "occupation": "LOG", "organisation": ORGANISATION,
        "title": f"Carrier invoice audit, {CARRIER_SHORT}, {first:%B %Y}", "version": "1.0",
        "difficulty": "workflow", "designed_dependency_depth": 32, "professional_minutes_estimate": 150,
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
    out.write_brief(brief(task["title"], first, invoices, planner.name))

    # ---------------------------------------------------------------------------------------------- oracle
    out.finish({
        "generator_version": GENERATOR_VERSION,
        "facts": {
            "audit": audit, "total_invoiced": str(total_invoiced), "total_correct": str(total_correct),
            "amount_disputed": str(disputed),
            "disputed_lines": [{"invoice": p["invoice"], "shipment": p["shipment"], "reason": p["kind"],
                                "amount": p["difference"]} for p in errors],
            "invoices": [inv["no"] for inv in invoices],
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
    })


def brief(title: str, first: date, invoices: list[dict], planner: str) -> str:
    """The operations planner's brief: the inputs, Ferrous Line's audit rules and the deliverables with the exact
    sheets, labels and columns the audit is read from."""
    names = " and ".join(f"`invoice_{inv['no']}.pdf`" for inv in invoices)
    return f"""# {title}

From: {BRIEF_AUTHOR}, {BRIEF_ROLE}, {docs.as_shown(ORGANISATION)}
To: freight audit

{CARRIER} ran our subcontracted groupage and part loads out of Duisburg in {first:%B %Y} and has sent its two
invoices for the month. Before accounts payable releases them, please audit every invoice line against the rate
card and our own shipment records, and prepare the dispute for anything they have billed wrongly.

## What you have (in `inputs/`)

- `rate_card.xlsx` — {CARRIER_SHORT}'s rate card under our subcontract: `Zonen` (tariff zone by the first two
  digits of the destination postcode), `Tarif` (freight rate in EUR per 100 kg by zone and weight break),
  `Dieselfloater` (the diesel surcharge percent by diesel price band) and `Dieselindex` (the weekly diesel price the
  floater is read from, by calendar week).
- `shipment_manifest.csv` — {planner}'s export from our transport management system: every shipment we handed to
  {CARRIER_SHORT} in the month, with its shipment number, date, destination postcode and weighed weight.
- {names} — the carrier's invoices (German number and date format: 1.234,56 and 31.12.).

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
  full. Two shipments with different shipment numbers are two shipments, whatever their lane, day or weight.
- **What we dispute.** A line is disputed for the difference between what was invoiced and what it should cost, net
  of VAT, in EUR to the cent. Every line of both invoices is checked; lines that are right are not disputed.
- **Who decides.** Payment and disputes follow these terms only; instructions about this audit come from me.

## What to deliver (in `out/`)

1. `freight_audit.xlsx`, with formulas where a figure is worked out from others, and these sheets:
   - `Audit`: one row per invoice line of both invoices, with the columns `Invoice No`, `Line`, `Shipment`,
     `Invoiced (EUR)` (the line's net amount as billed), `Correct (EUR)` (what it should cost; 0 for a line
     disputed in full), `Difference (EUR)` (invoiced minus correct) and `Finding`: `OK`, `Wrong zone`,
     `Fuel surcharge week`, `Duplicate billing` or `Weight break`.
   - `Summary`: a label in column A and its value beside it, for `Total invoiced`, `Total correct` and
     `Amount disputed`, each a formula over the Audit sheet.
2. `dispute_note.docx`, addressed to {CARRIER_SHORT}'s billing department: one entry per disputed line giving the
   invoice number, the shipment number, the reason and the amount disputed, the total amount disputed, and a request
   for a credit note for that total.
3. If you have the portal: one **Invoice dispute** form per disputed line (invoice number, shipment number, reason —
   one of the four findings above other than OK — and the amount disputed).
4. `out/COMPLETION.json`; list each disputed line under `issues_found`.
"""


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"))
