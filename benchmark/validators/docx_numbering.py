"""Word automatic list numbers ("1.", "(a)", "iv)", "2.1") as a reader sees them (issue 24 item 3).

Word does not store a list item's number in the text: a paragraph names a numbering instance and a level
(``w:numPr``: ``w:numId``, ``w:ilvl``, directly or through its paragraph style), and word/numbering.xml says how each
level is drawn (ECMA-376 Part 1, 17.9): ``w:numFmt`` (decimal, lowerLetter, upperLetter, lowerRoman, upperRoman,
decimalZero, ordinal, bullet, none), ``w:lvlText`` (``%1.``, ``(%2)``, ``%1.%2``), ``w:start``, ``w:isLgl``,
``w:suff``, per-instance ``w:lvlOverride``/``w:startOverride`` and list styles (``w:numStyleLink``). The number is a running count kept in document
order; a deeper level restarts when a shallower one advances.

Why not a library: docx2python (on PyPI) counts list items but draws every level in its own fixed style ("1)",
"a)") instead of the document's ``lvlText`` punctuation, and it reads the whole document its own way (no tracked
changes, no visibility rules); mammoth turns lists into HTML ``<ol>`` without the labels. This module is the part
both would be needed for, used by readers_docx.py and reading.py's walkers.

Bullets are not numbers and are left out; a level drawn as ``none`` gives no label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


@dataclass
class Level:
    """One level of a list definition."""

    fmt: str = "decimal"
    text: str = "%1."
    start: int = 1
    legal: bool = False
    suffix: str = "tab"


@dataclass
class _Instance:
    abstract: str
    overrides: dict[int, Level] = field(default_factory=dict)
    restart: set[int] = field(default_factory=set)


def _int(element, default: int) -> int:
    value = element.get(f"{W}val", "") if element is not None else ""
    return int(value) if re.fullmatch(r"-?\d{1,6}", value or "") else default


def _ilvl(element) -> int:
    """The ``w:ilvl`` attribute of a ``w:lvl``/``w:lvlOverride`` (0..8; 0 when absent or malformed)."""
    value = element.get(f"{W}ilvl", "")
    return min(int(value), 8) if re.fullmatch(r"\d{1,2}", value or "") else 0


def _level(element, base: Level | None = None) -> Level:
    level = Level(**vars(base)) if base is not None else Level()
    fmt = element.find(f"{W}numFmt")
    if fmt is not None and fmt.get(f"{W}val"):
        level.fmt = fmt.get(f"{W}val")
    text = element.find(f"{W}lvlText")
    if text is not None:
        level.text = text.get(f"{W}val", "")
    level.start = _int(element.find(f"{W}start"), level.start)
    legal = element.find(f"{W}isLgl")
    if legal is not None:
        level.legal = legal.get(f"{W}val", "true").lower() not in ("0", "false", "off")
    suffix = element.find(f"{W}suff")
    if suffix is not None:
        level.suffix = suffix.get(f"{W}val", "tab")
    return level


def roman(number: int) -> str:
    """``number`` in upper-case Roman numerals (1..3999; others as decimal)."""
    if not 0 < number < 4000:
        return str(number)
    result = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                           (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while number >= value:
            result, number = result + letters, number - value
    return result


def letter(number: int) -> str:
    """``number`` as Word's upper-case letter count: A..Z, then AA..ZZ, AAA.. (17.18.59 upperLetter)."""
    if number < 1:
        return str(number)
    return chr(ord("A") + (number - 1) % 26) * ((number - 1) // 26 + 1)


def format_number(number: int, fmt: str) -> str:
    """``number`` drawn in numbering format ``fmt`` (unknown formats as decimal)."""
    if fmt == "lowerLetter":
        return letter(number).lower()
    if fmt == "upperLetter":
        return letter(number)
    if fmt == "lowerRoman":
        return roman(number).lower()
    if fmt == "upperRoman":
        return roman(number)
    if fmt == "decimalZero":
        return f"{number:02d}"
    if fmt == "ordinal":
        suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
        return f"{number}{suffix}"
    return str(number)


class Numbering:
    """The list definitions of one document and the running counts, in document order.

    Args:
        numbering: the parsed word/numbering.xml root, or None.
        styles: the parsed word/styles.xml root, or None (paragraph styles can carry ``w:numPr``).
    """

    def __init__(self, numbering: Any = None, styles: Any = None) -> None:
        self.abstract: dict[str, dict[int, Level]] = {}
        #: abstractNumId -> the numbering style it takes its levels from (``w:numStyleLink``, 17.9.21)
        self.links: dict[str, str] = {}
        self.instances: dict[str, _Instance] = {}
        self.style_numbers: dict[str, tuple[str | None, int | None]] = {}
        self.style_base: dict[str, str] = {}
        self.counts: dict[str, dict[int, int]] = {}
        self.labels = 0
        if numbering is not None:
            for element in numbering.findall(f"{W}abstractNum"):
                levels = {_ilvl(lvl): _level(lvl) for lvl in element.findall(f"{W}lvl")}
                self.abstract[element.get(f"{W}abstractNumId", "")] = levels
                link = element.find(f"{W}numStyleLink")
                if link is not None and link.get(f"{W}val"):
                    self.links[element.get(f"{W}abstractNumId", "")] = link.get(f"{W}val")
            for element in numbering.findall(f"{W}num"):
                abstract = element.find(f"{W}abstractNumId")
                instance = _Instance(abstract.get(f"{W}val", "") if abstract is not None else "")
                for override in element.findall(f"{W}lvlOverride"):
                    ilvl = _ilvl(override)
                    start = override.find(f"{W}startOverride")
                    base = self.abstract.get(instance.abstract, {}).get(ilvl)
                    replacement = override.find(f"{W}lvl")
                    level = _level(replacement, base) if replacement is not None else Level(**vars(base or Level()))
                    if start is not None:
                        level.start = _int(start, level.start)
                        instance.restart.add(ilvl)
                    instance.overrides[ilvl] = level
                self.instances[element.get(f"{W}numId", "")] = instance
        if styles is not None:
            for style in styles.iter(f"{W}style"):
                sid = style.get(f"{W}styleId", "")
                based = style.find(f"{W}basedOn")
                if based is not None:
                    self.style_base[sid] = based.get(f"{W}val", "")
                num_pr = style.find(f"{W}pPr/{W}numPr")
                if num_pr is not None:
                    num_id, ilvl = num_pr.find(f"{W}numId"), num_pr.find(f"{W}ilvl")
                    self.style_numbers[sid] = (num_id.get(f"{W}val") if num_id is not None else None,
                                               _int(ilvl, 0) if ilvl is not None else None)

    def __bool__(self) -> bool:
        return bool(self.instances)

    def _from_style(self, style_id: str) -> tuple[str | None, int | None]:
        num_id, ilvl, seen = None, None, set()
        while style_id and style_id not in seen:
            seen.add(style_id)
            style_num, style_lvl = self.style_numbers.get(style_id, (None, None))
            num_id = num_id if num_id is not None else style_num
            ilvl = ilvl if ilvl is not None else style_lvl
            style_id = self.style_base.get(style_id, "")
        return num_id, ilvl

    def _resolved(self, abstract: str) -> str:
        """The abstract definition whose levels ``abstract`` uses: itself, or through ``w:numStyleLink`` the one
        its numbering style's list uses."""
        seen = set()
        while abstract in self.links and abstract not in seen:
            seen.add(abstract)
            num_id = self.style_numbers.get(self.links[abstract], (None, None))[0]
            if num_id not in self.instances:
                break
            abstract = self.instances[num_id].abstract
        return abstract

    def label(self, paragraph: Any) -> str:
        """The automatic number of ``paragraph`` (a ``w:p``) followed by its separator ("1. ", "(a) "), counting
        it; "" for a paragraph that is not numbered, a bullet, or a level drawn as none."""
        ppr = paragraph.find(f"{W}pPr")
        if ppr is None and not self.style_numbers:
            return ""
        num_pr = ppr.find(f"{W}numPr") if ppr is not None else None
        style = ppr.find(f"{W}pStyle") if ppr is not None else None
        num_id, ilvl = self._from_style(style.get(f"{W}val", "") if style is not None else "")
        if num_pr is not None:
            direct_id, direct_lvl = num_pr.find(f"{W}numId"), num_pr.find(f"{W}ilvl")
            num_id = direct_id.get(f"{W}val") if direct_id is not None else num_id
            ilvl = _int(direct_lvl, 0) if direct_lvl is not None else ilvl
        if not num_id or num_id == "0" or num_id not in self.instances:
            return ""
        ilvl = min(max(ilvl or 0, 0), 8)
        instance = self.instances[num_id]
        abstract = self._resolved(instance.abstract)
        levels = {**self.abstract.get(abstract, {}), **instance.overrides}
        level = levels.get(ilvl)
        if level is None or level.fmt in ("bullet", "none") or not level.text:
            return ""
        # lists sharing a definition continue one count unless an instance restarts it (as Word draws them)
        key = f"num {num_id}" if instance.restart else f"abstract {abstract}"
        counts = self.counts.setdefault(key, {})
        counts[ilvl] = counts.get(ilvl, levels[ilvl].start - 1) + 1
        for deeper in [k for k in counts if k > ilvl]:
            del counts[deeper]

        def draw(match: re.Match[str]) -> str:
            index = int(match.group(1)) - 1
            other = levels.get(index, Level())
            number = counts.get(index, other.start)
            return format_number(number, "decimal" if level.legal else other.fmt)

        text = re.sub(r"%([1-9])", draw, level.text)
        self.labels += 1
        return text + ("" if level.suffix == "nothing" else " ")
