"""The fictional organisations of benchmark/taxonomy/organisations.md, read as profiles (SPEC section 1).

The file is a Markdown table, one organisation a row: ``| id | organisation | occupation(s) | sector | size | city |
people who write briefs (role) |``. :func:`load` reads it with the standard library; :func:`find` picks one by id
or by name, as ``wp42 new --organisation`` takes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from wp42.errors import UserError

_PERSON = re.compile(r"^\s*(?P<name>[^()]+?)\s*\((?P<role>[^)]+)\)\s*$")


@dataclass(frozen=True)
class Organisation:
    """One row of the organisations table: ``occupations`` are TASK_ID prefixes (``("ACC", "PROC")``) and
    ``people`` the brief writers as ``(name, role)`` pairs, in the table's order."""

    id: str
    name: str
    occupations: tuple[str, ...]
    sector: str
    size: str
    city: str
    people: tuple[tuple[str, str], ...]


def _people(cell: str) -> tuple[tuple[str, str], ...]:
    found = []
    for part in re.split(r",\s*(?![^()]*\))", cell):
        match = _PERSON.match(part)
        if match:
            found.append((match["name"], match["role"]))
    return tuple(found)


def load(path: Path) -> list[Organisation]:
    """Every organisation in the table at ``path``, in file order.

    Raises:
        UserError: the file is missing or holds no organisation row.
    """
    if not Path(path).is_file():
        raise UserError(f"{path} is missing: the organisations' profiles live there (SPEC section 1)")
    rows = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or not cells[0].startswith("ORG-"):
            continue
        rows.append(Organisation(cells[0], cells[1], tuple(c.strip() for c in cells[2].split(",")), cells[3],
                                 cells[4], cells[5], _people(cells[6])))
    if not rows:
        raise UserError(f"{path} holds no organisation row (| ORG-... | name | occupations | ... |)")
    return rows


def find(path: Path, wanted: str, occupation: str | None = None) -> Organisation:
    """The organisation whose id (``ORG-ACC-1``) or name (``Harrow & Pike CPAs``, any case, with or without
    " (fictional)") is ``wanted``; with ``occupation`` (a TASK_ID prefix) it must serve that occupation.

    Raises:
        UserError: no such organisation, or it does not serve ``occupation`` (the message lists those that do).
    """
    organisations = load(path)
    key = wanted.replace("(fictional)", "").strip().casefold()
    match = next((o for o in organisations if key in (o.id.casefold(), o.name.casefold())), None)
    serving = [o for o in organisations if occupation in o.occupations] if occupation else organisations
    choices = ", ".join(f"{o.id} ({o.name})" for o in serving) or "none: add a row to the table first"
    if match is None:
        raise UserError(f"--organisation {wanted!r} is not in {path.name}: choose one of {choices}")
    if occupation and occupation not in match.occupations:
        raise UserError(f"{match.id} ({match.name}) serves {', '.join(match.occupations)}, not {occupation}: "
                        f"choose one of {choices}")
    return match
