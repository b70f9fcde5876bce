"""Fictional people, businesses and addresses drawn from fixed lists with the generator's numpy rng.

The lists are invented combinations; any resemblance to a real person or business is accidental. Email domains use
the reserved ``.example`` top-level domain (RFC 2606).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FIRST_NAMES = (
    "Avery", "Bronwen", "Caleb", "Delphine", "Emeka", "Fiona", "Gideon", "Harriet", "Idris", "Juniper", "Kenji",
    "Lucinda", "Mateo", "Nadia", "Orson", "Petra", "Quentin", "Rosalind", "Soren", "Tamsin", "Ulric", "Vesna",
    "Wendell", "Xiomara", "Yusuf", "Zelda",
)
LAST_NAMES = (
    "Abernathy", "Blackwood", "Castellane", "Drummond", "Ellery", "Fairbanks", "Greaves", "Holloway", "Ingram",
    "Jessup", "Kettering", "Lowther", "Marchetti", "Northcott", "Okonkwo", "Pemberton", "Quayle", "Rutherford",
    "Stanwick", "Thistlewood", "Underhill", "Vantreight", "Whitcombe", "Yardley",
)
STREETS = (
    "Alder Lane", "Birchmont Avenue", "Cobblestone Way", "Dunmore Street", "Elmridge Road", "Foxglove Court",
    "Granary Row", "Hawthorn Drive", "Ironwood Place", "Juniper Terrace", "Kiln Street", "Larkfield Road",
)
CITIES_OH = (("Columbus", "OH", "432"), ("Dublin", "OH", "430"), ("Worthington", "OH", "430"), ("Grove City", "OH", "431"))
BUSINESS_WORDS = (
    "Copperleaf", "Hearthstone", "Bramblewood", "Silverbirch", "Tallgrass", "Millrace", "Oakhollow", "Riverbend",
    "Stonebridge", "Wrenfield", "Ashgrove", "Bluefinch",
)
BUSINESS_KINDS = (
    "Catering", "Landscaping", "Print Studio", "Dental Lab", "Joinery", "Florist", "Cycle Works", "Pet Clinic",
    "Bookbinders", "Tile & Stone", "Coffee Roasters", "Signworks",
)


@dataclass(frozen=True)
class Person:
    first: str
    last: str

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"

    def email(self, domain: str) -> str:
        """``first.last@domain`` in lower case."""
        return f"{self.first.lower()}.{self.last.lower()}@{domain}"


def _pick(rng: np.random.Generator, values: tuple) -> object:
    return values[int(rng.integers(0, len(values)))]


def person(rng: np.random.Generator) -> Person:
    """A fictional person."""
    return Person(str(_pick(rng, FIRST_NAMES)), str(_pick(rng, LAST_NAMES)))


def people(rng: np.random.Generator, n: int) -> list[Person]:
    """``n`` fictional people with distinct full names (n at most 100)."""
    found: dict[str, Person] = {}
    while len(found) < n:
        p = person(rng)
        found.setdefault(p.name, p)
    return list(found.values())


def business(rng: np.random.Generator, suffix: str = "LLC") -> str:
    """A fictional business name such as ``"Wrenfield Catering LLC"``."""
    return f"{_pick(rng, BUSINESS_WORDS)} {_pick(rng, BUSINESS_KINDS)} {suffix}".strip()


def businesses(rng: np.random.Generator, n: int, suffix: str = "LLC") -> list[str]:
    """``n`` distinct fictional business names (n at most 100)."""
    found: dict[str, None] = {}
    while len(found) < n:
        found.setdefault(business(rng, suffix), None)
    return list(found)


def address(rng: np.random.Generator) -> str:
    """A fictional street address in central Ohio, one line."""
    city, state, zip3 = _pick(rng, CITIES_OH)  # type: ignore[misc]
    return f"{int(rng.integers(100, 9900))} {_pick(rng, STREETS)}, {city}, {state} {zip3}{int(rng.integers(10, 99))}"


def domain_for(name: str) -> str:
    """An email domain for a business name under the reserved ``.example`` TLD."""
    stem = "".join(ch for ch in name.lower() if ch.isalnum())
    for tail in ("llc", "inc", "ltd"):
        if stem.endswith(tail):
            stem = stem[: -len(tail)]
    return f"{stem}.example"
