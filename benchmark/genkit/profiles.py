"""Organisation profiles: what each fictional organisation sells and buys, its counterparties, people, locale and
calendar (benchmark/taxonomy/profiles/<ORG-ID>.json, schema benchmark/schemas/profile.schema.json; issue 13 item 2).

Generators draw counterparties, goods and prices from a profile with their own numpy rng, so a seed still gives the
same bundle. Two rules hold for every draw:

* **no counterparty shares the client's name**: a candidate sharing one of the organisation's ``distinctive_words``
  (or of the extra names a generator passes, such as an accounting firm's client of the seed) is never returned:
  "Calder Valley Foods" never buys from "Colne Valley Sugar";
* **descriptions fit the business**: a supplier's lines come only from what it ``supplies``, and a client trade's
  customers and suppliers only from that trade's lists.

The ready gate's realism check (:mod:`wp42.gates.names`) reads the same files and :func:`shared_word`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import numpy as np

#: benchmark/taxonomy/profiles, next to organisations.md.
PROFILES_DIR = Path(__file__).resolve().parents[1] / "taxonomy" / "profiles"
#: Words two unrelated firms' names may share: legal forms, connectors, and "the" (compared case-insensitively).
GENERIC_WORDS = frozenset(
    w.lower() for w in ("Ltd", "Limited", "Inc", "LLC", "LLP", "PLLC", "plc", "Co", "Corp", "Company", "AG", "AS",
                        "GmbH", "KG", "B.V", "BV", "Lda", "SA", "&", "and", "of", "the", "und", "en"))
_WORD = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")
_FICTIONAL = re.compile(r"\s*\(fictional\)\s*$", re.IGNORECASE)


def words(name: str) -> list[str]:
    """The words of a name, punctuation dropped: ``"Harrow & Pike CPAs"`` -> ``["Harrow", "Pike", "CPAs"]``."""
    return _WORD.findall(name)


def distinctive_words(name: str) -> list[str]:
    """The words of ``name`` that are not :data:`GENERIC_WORDS`, for a name no profile describes (a client drawn by
    a generator); a profile lists its own explicitly, since "Street" or "Foods" are not what identifies a firm."""
    return [w for w in words(name) if w.lower().rstrip(".") not in GENERIC_WORDS]


def shared_word(candidate: str, distinctive: list[str] | tuple[str, ...] | frozenset[str]) -> str | None:
    """The first word of ``candidate`` that is one of ``distinctive`` (case-insensitive), or None."""
    own = {w.lower() for w in distinctive}
    return next((w for w in words(candidate) if w.lower() in own), None)


@dataclass(frozen=True)
class Profile:
    """One organisation's profile as its JSON file holds it (``data``), with the accessors generators use."""

    data: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def own_names(self) -> list[str]:
        return list(self.data["own_names"])

    @property
    def distinctive_words(self) -> list[str]:
        return list(self.data["distinctive_words"])

    @property
    def holiday_region(self) -> str:
        """The region code of its bank holidays (``"GB-ENG"``), for :func:`genkit.bizdays.is_working_day`."""
        return str(self.data["calendar"]["holidays"])

    @property
    def locale(self) -> dict[str, str]:
        return dict(self.data["locale"])

    @property
    def zone(self) -> ZoneInfo:
        """Its IANA time zone (``locale.timezone``, e.g. ``America/Chicago``): a dated message's offset follows the
        zone's daylight-saving rules for that date, as a mail client's would."""
        return ZoneInfo(self.data["locale"]["timezone"])

    @property
    def people(self) -> list[tuple[str, str]]:
        """``(name, role)`` of each person, in file order."""
        return [(p["name"], p["role"]) for p in self.data["people"]]

    def person(self, role: str) -> str:
        """The name of the person holding ``role``.

        Raises:
            KeyError: nobody holds it.
        """
        for name, held in self.people:
            if held == role:
                return name
        raise KeyError(f"{self.id} has no {role!r}; roles: {[r for _, r in self.people]}")

    def lines(self, side: str) -> list[dict[str, Any]]:
        """What it ``"sells"`` or ``"buys"``: ``[{"sku"?, "item", "unit", "price": [low, high], "vat_rate"?,
        "kind"}]`` in file order."""
        if side not in ("sells", "buys"):
            raise ValueError(f"side is 'sells' or 'buys', not {side!r}")
        return [dict(line) for line in self.data[side]]

    def line(self, sku: str) -> dict[str, Any]:
        """The bought or sold line with stock code ``sku``.

        Raises:
            KeyError: no line has it.
        """
        for line in self.data["buys"] + self.data["sells"]:
            if line.get("sku") == sku:
                return dict(line)
        raise KeyError(f"{self.id} has no line with sku {sku!r}")

    def counterparties(self, kind: str) -> list[dict[str, Any]]:
        """Its usual counterparties of ``kind`` (``"supplier"``, ``"customer"``, ``"insured"`` ...), file order.

        Raises:
            KeyError: the profile lists no counterparty of that kind.
        """
        found = self.data["counterparties"].get(kind)
        if not found:
            raise KeyError(f"{self.id} lists no {kind!r} counterparty; kinds: {sorted(self.data['counterparties'])}")
        return [dict(c) for c in found]

    def client_trades(self) -> dict[str, dict[str, Any]]:
        """Trade -> ``{"customers": [kind], "suppliers": [kind], "description"?}`` of the businesses it serves, in
        file order; ``{}`` when it serves none."""
        return {trade: dict(spec) for trade, spec in (self.data.get("client_trades") or {}).items()}

    def supplied_by(self, supplier: str) -> list[dict[str, Any]]:
        """The bought lines ``supplier`` sells it, in the supplier's order (its ``supplies``).

        Raises:
            KeyError: no supplier of that name.
        """
        for entry in self.data["counterparties"].get("supplier", []):
            if entry["name"] == supplier:
                return [self.line(sku) for sku in entry.get("supplies", [])]
        raise KeyError(f"{self.id} has no supplier {supplier!r}")


@cache
def _all(folder: str) -> tuple[Profile, ...]:
    return tuple(Profile(json.loads(p.read_text(encoding="utf-8"))) for p in sorted(Path(folder).glob("ORG-*.json")))


def all_profiles(folder: Path = PROFILES_DIR) -> list[Profile]:
    """Every profile under ``folder``, by id."""
    return list(_all(str(folder)))


def load(organisation: str, folder: Path = PROFILES_DIR) -> Profile:
    """The profile of ``organisation``: an id (``"ORG-PROC-1"``), a name or one of its own names, with or without
    the "(fictional)" suffix task.json carries.

    Raises:
        KeyError: no profile matches.
    """
    key = _FICTIONAL.sub("", organisation).strip().casefold()
    for profile in _all(str(folder)):
        if key == profile.id.casefold() or key in (n.casefold() for n in [profile.name, *profile.own_names]):
            return profile
    raise KeyError(f"no organisation profile for {organisation!r} under {folder}")


def draw_counterparties(rng: np.random.Generator, profile: Profile, kind: str, n: int,
                        avoid: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """``n`` distinct counterparties of ``kind`` in a seeded random order, none sharing a distinctive word of the
    profile or of the names in ``avoid`` (e.g. the client a generator drew for this seed).

    Raises:
        ValueError: fewer than ``n`` candidates remain after the name rule.
    """
    banned = profile.distinctive_words + [w for name in avoid for w in distinctive_words(name)]
    pool = [c for c in profile.counterparties(kind) if shared_word(c["name"], banned) is None]
    if len(pool) < n:
        raise ValueError(f"{profile.id} has {len(pool)} {kind} counterparties free of {sorted(set(banned))}; "
                         f"{n} asked: add some to its profile")
    return [pool[int(i)] for i in rng.permutation(len(pool))[:n]]


def compose_names(rng: np.random.Generator, name_words: tuple[str, ...] | list[str],
                  kinds: tuple[str, ...] | list[str], n: int, suffix: str, avoid: tuple[str, ...] = ()) -> list[str]:
    """``n`` distinct names ``"<word> <kind> <suffix>"`` (``"Keystone Mulch & Stone Co."``) for a client trade's
    customers or suppliers: a word of ``name_words`` sharing nothing with ``avoid`` (the client's own distinctive
    words) and a kind of the trade's list. Each name draws its word, then its kind, from ``rng``.

    Raises:
        ValueError: fewer than ``n`` distinct names can be made.
    """
    banned = [w.lower() for w in avoid]
    pool = [w for w in name_words if shared_word(w, banned) is None]
    if len(pool) * len(kinds) < n:
        raise ValueError(f"only {len(pool) * len(kinds)} names from {len(pool)} words x {len(kinds)} kinds; {n} asked")
    found: dict[str, None] = {}
    while len(found) < n:
        name = f"{pool[int(rng.integers(0, len(pool)))]} {kinds[int(rng.integers(0, len(kinds)))]} {suffix}"
        found.setdefault(name, None)
    return list(found)


def draw_lines(rng: np.random.Generator, profile: Profile, n: int, supplier: str | None = None,
               side: str = "buys") -> list[dict[str, Any]]:
    """``n`` distinct lines in a seeded random order: what ``supplier`` sells the organisation when one is named (an
    invoice from a dairy bills dairy), else any line of ``side``.

    Raises:
        ValueError: fewer than ``n`` lines to draw from.
        KeyError: ``supplier`` is not one of its suppliers.
    """
    pool = profile.supplied_by(supplier) if supplier is not None else profile.lines(side)
    if len(pool) < n:
        raise ValueError(f"{profile.id}: {len(pool)} lines {'from ' + supplier if supplier else side}; {n} asked")
    return [pool[int(i)] for i in rng.permutation(len(pool))[:n]]


def draw_price(rng: np.random.Generator, line: dict[str, Any]) -> Decimal:
    """A unit price for ``line`` drawn uniformly in its ``price`` range, to the cent (the profile's currency)."""
    low, high = line["price"]
    return Decimal(int(rng.integers(int(round(low * 100)), int(round(high * 100)) + 1))) / 100


#: benchmark/schemas/profile.schema.json.
SCHEMA_PATH = Path(__file__).resolve().parents[1] / "schemas" / "profile.schema.json"


def profile_problems(data: dict[str, Any]) -> list[str]:
    """What is wrong with one profile's JSON, as reasons (empty when none): schema errors, then the rules a schema
    cannot say — each distinctive word is a word of an own name, no counterparty uses one, every supplier's
    ``supplies`` names a bought sku, every price range is low <= high, and the holiday region is known."""
    import jsonschema

    from genkit import bizdays

    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    reasons = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
               for e in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]
    if reasons:
        return reasons
    own_words = {w.lower() for name in data["own_names"] for w in words(name)}
    reasons += [f"distinctive word {w!r} is in none of own_names" for w in data["distinctive_words"]
                if w.lower() not in own_words]
    for kind, entries in sorted(data["counterparties"].items()):
        for entry in entries:
            word = shared_word(entry["name"], data["distinctive_words"])
            if word:
                reasons.append(f"{kind} {entry['name']!r} shares {word!r} with the organisation's own name")
    skus = {line.get("sku") for line in data["buys"]} - {None}
    for entry in data["counterparties"].get("supplier", []):
        reasons += [f"supplier {entry['name']!r} supplies {sku!r}, which is not a bought sku"
                    for sku in entry.get("supplies", []) if sku not in skus]
    for side in ("sells", "buys"):
        reasons += [f"{side} {line['item']!r}: price range {line['price']} is reversed"
                    for line in data[side] if line["price"][0] > line["price"][1]]
    try:
        bizdays.calendar_for(data["calendar"]["holidays"])
    except ValueError as exc:
        reasons.append(str(exc))
    return reasons
