"""What a reader sees in a deliverable, as statements (SPEC section 4 "grade what a reader sees"; issue 12 item 2).

A :class:`Statement` is one sentence of prose, one table row (each cell with its column header) or one heading, with
the nearest heading above it. Word documents are read visible-only:

- left out and reported: runs with ``w:vanish`` (directly or through their character or paragraph style, ECMA-376
  Part 1, 17.3.2.41), runs whose colour is within :data:`NEAR` of their background (run shading or highlight,
  paragraph shading, table-cell shading, the page background, else white; "auto" colour is always visible; in a
  table whose style shades cells, text colour is not judged), runs under 2 pt, comments (``word/comments*.xml``)
  and document properties (``docProps/``);
- read: body paragraphs and tables in order (nested tables too, content controls and tracked insertions as
  readers_docx.py reads them, deletions left out, Word's automatic list numbers drawn at the start of their
  paragraphs: docx_numbering.py), text boxes, footnotes and endnotes (their own statements);
  headers and footers are not part of the statements.

Headings: Word heading styles (a style with an outline level, or named "Heading n"/"Title"/"Subtitle"), a short
line standing alone that is all bold or all capitals, a short lead-in ending with a colon ("Items to take up with
the bank:"), or a short line opening with a section number and holding no figure ("1. Proposed adjusting journal
entries"). A table's first row is its header row unless it holds a figure; a row above it with a single filled
cell (or one cell spanning the table) is a title row: read as a heading, not as headers.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from amounts import collapse_text, parse_number
from docx_numbering import Numbering
from readers_docx import (
    MC,
    DocxText,
    W,
    _direct,
    _notes,
    _part_number,
    _rels,
    _Walker,
    main_part,
    numbering_of,
    parsed_deliverable_part,
    parsed_part,
)
from safety import UnreadableFile, check_zip, parse_xml

#: Largest difference on each of red, green and blue (0-255) at which text and background look the same.
NEAR = 24
#: Text smaller than this many half-points (2 pt) cannot be read.
MIN_HALF_POINTS = 4
#: A line standing alone is a heading (bold/all-caps/lead-in) only up to this many words.
HEADING_WORDS = 12
_WHITE = (255, 255, 255)
_HIGHLIGHT = {"white": "FFFFFF", "black": "000000", "yellow": "FFFF00", "green": "00FF00", "cyan": "00FFFF",
              "magenta": "FF00FF", "blue": "0000FF", "red": "FF0000", "darkBlue": "000080", "darkCyan": "008080",
              "darkGreen": "008000", "darkMagenta": "800080", "darkRed": "800000", "darkYellow": "808000",
              "darkGray": "808080", "lightGray": "C0C0C0"}


@dataclass(frozen=True)
class Statement:
    """One thing a document says.

    ``text``: one sentence of prose, or a table row rendered ``"Header: cell; Header: cell"``. ``section``: the
    nearest heading above it ("" if none; for a table row, the heading above the table). ``cells``: for table rows,
    ``{column header: cell text}`` (a column without a header is keyed ``"column N"``); None for prose. ``kind``:
    ``"sentence"``, ``"row"`` or ``"heading"``. ``where``: a locator for notes ("memo.docx paragraph 12",
    "memo.docx table 2 row 3", "memo.docx footnote 1").
    """

    text: str
    section: str
    cells: dict[str, str] | None
    kind: str
    where: str


# ------------------------------------------------------------------------------------------------- sentences
#: Words ending in a full stop that do not end a sentence (lower case, without the stop).
ABBREVIATIONS = frozenset({
    "e.g", "i.e", "eg", "ie", "etc", "vs", "v", "cf", "viz", "approx", "est", "incl", "excl", "ca",
    "no", "nos", "nr", "num", "art", "arts", "sec", "secs", "s", "ss", "para", "paras", "p", "pp", "fig",
    "figs", "vol", "ch", "cl", "sch", "reg", "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "messrs",
    "inc", "ltd", "co", "corp", "plc", "llc", "llp", "bros", "dept", "div", "jan", "feb", "mar", "apr", "jun",
    "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "u.s", "u.k", "a.m",
    "p.m", "ref", "refs", "tel", "ext", "av", "ave", "attn", "min", "max", "yr", "yrs", "mo", "mos", "qty",
    "amt", "acct", "a/c", "re",
})
_BOUNDARY = re.compile(r"(?<=[.!?])[\"'\u201d\u2019)\]]*\s+(?=[\"'\u201c\u2018(\[]*[A-Z0-9\u00c0-\u024f•\-–])")
_LABEL = re.compile(r"^\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcdmIVXLCDM]{1,6})(?:\.\d{1,3})*[.)]$")


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text`` (one paragraph): split after ``.``, ``!`` or ``?`` followed by space and a capital or
    figure, and at line breaks. Figures ("1.37x", "$1,234.50"), abbreviations (:data:`ABBREVIATIONS`, single
    initials) and list labels at the start ("1.", "(a)", "iv.") never end a sentence."""
    sentences: list[str] = []
    for line in re.split(r"[\r\n]+", text):
        line = collapse_text(line)
        if not line:
            continue
        start = 0
        for match in _BOUNDARY.finditer(line):
            before = line[start:match.start()].rstrip("\"'\u201d\u2019)]")
            word = before.rsplit(" ", 1)[-1] if before else ""
            bare = word.rstrip(".!?").lstrip("(\"'\u201c\u2018").lower()
            if word.endswith(".") and (bare in ABBREVIATIONS or re.fullmatch(r"[a-z]", bare)
                                       or re.fullmatch(r"(?:[a-z]\.)+[a-z]", bare)):
                continue
            if _LABEL.match(before.strip()):
                continue
            sentences.append(line[start:match.start()].strip())
            start = match.end()
        tail = line[start:].strip()
        if tail:
            sentences.append(tail)
    return sentences


# ------------------------------------------------------------------------------------------------- Word styles
@dataclass
class _Style:
    name: str = ""
    based_on: str = ""
    outline: int | None = None
    run: dict[str, object] = field(default_factory=dict)


def _run_props(rpr) -> dict[str, object]:
    """The visibility-relevant properties a ``w:rPr`` sets (toggles as booleans)."""
    props: dict[str, object] = {}
    if rpr is None:
        return props
    for tag, key in (("vanish", "vanish"), ("specVanish", "vanish"), ("b", "bold"), ("caps", "caps")):
        element = rpr.find(f"{W}{tag}")
        if element is not None:
            props[key] = element.get(f"{W}val", "true").lower() not in ("0", "false", "off")
    color = rpr.find(f"{W}color")
    if color is not None and color.get(f"{W}val"):
        props["color"] = color.get(f"{W}val")
    size = rpr.find(f"{W}sz")
    if size is not None and (size.get(f"{W}val") or "").isdigit():
        props["size"] = int(size.get(f"{W}val"))
    fill = _fill(rpr)
    if fill:
        props["fill"] = fill
    highlight = rpr.find(f"{W}highlight")
    if highlight is not None and highlight.get(f"{W}val") in _HIGHLIGHT:
        props["fill"] = _HIGHLIGHT[highlight.get(f"{W}val")]
    return props


def _fill(props) -> str:
    """The shading fill colour a ``*Pr`` element sets (hex), or ""."""
    if props is None:
        return ""
    shd = props.find(f"{W}shd")
    fill = shd.get(f"{W}fill", "") if shd is not None else ""
    return "" if fill.lower() in ("", "auto") else fill


class _Styles:
    """styles.xml: paragraph and character styles with their run properties, resolved through ``w:basedOn``."""

    def __init__(self, root) -> None:
        self.styles: dict[str, _Style] = {}
        #: table styles that shade cells (their fill is not resolved, so text colour in them is not judged)
        self.shading_tables: set[str] = set()
        self.defaults: dict[str, object] = {}
        if root is None:
            return
        defaults = root.find(f"{W}docDefaults/{W}rPrDefault/{W}rPr")
        self.defaults = _run_props(defaults)
        for element in root.iter(f"{W}style"):
            name = element.find(f"{W}name")
            based = element.find(f"{W}basedOn")
            ppr = element.find(f"{W}pPr")
            level = ppr.find(f"{W}outlineLvl") if ppr is not None else None
            outline = None
            if level is not None and (level.get(f"{W}val") or "").isdigit() and int(level.get(f"{W}val")) < 9:
                outline = int(level.get(f"{W}val"))
            if element.get(f"{W}type") == "table" and any(
                    (shd.get(f"{W}fill") or "auto").lower() not in ("auto", "ffffff")
                    for shd in element.iter(f"{W}shd")):
                self.shading_tables.add(element.get(f"{W}styleId", ""))
            self.styles[element.get(f"{W}styleId", "")] = _Style(
                name.get(f"{W}val", "") if name is not None else "",
                based.get(f"{W}val", "") if based is not None else "", outline,
                _run_props(element.find(f"{W}rPr")))

    def chain(self, style_id: str) -> list[_Style]:
        """The style and the styles it is based on, base first."""
        found: list[_Style] = []
        seen: set[str] = set()
        while style_id and style_id in self.styles and style_id not in seen:
            seen.add(style_id)
            found.append(self.styles[style_id])
            style_id = self.styles[style_id].based_on
        return found[::-1]

    def run(self, paragraph_style: str, run_style: str, direct: dict[str, object]) -> dict[str, object]:
        props = dict(self.defaults)
        for style in self.chain(paragraph_style) + self.chain(run_style):
            props.update(style.run)
        props.update(direct)
        return props

    def is_heading(self, style_id: str) -> bool:
        for style in self.chain(style_id):
            name = style.name.lower()
            if style.outline is not None or re.fullmatch(r"heading \d|title|subtitle", name):
                return True
        return bool(re.fullmatch(r"(?i)heading\d|title|subtitle", style_id or ""))


def _rgb(value: str) -> tuple[int, int, int] | None:
    if not re.fullmatch(r"[0-9A-Fa-f]{6}", value or ""):
        return None
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _props_of(run, styles: _Styles, paragraph_style: str) -> dict[str, object]:
    """The run properties in force on ``w:r`` ``run``: document defaults, the paragraph's and the run's styles,
    then its direct formatting."""
    rpr = run.find(f"{W}rPr")
    style = rpr.find(f"{W}rStyle") if rpr is not None else None
    return styles.run(paragraph_style, style.get(f"{W}val", "") if style is not None else "", _run_props(rpr))


def _unseen(props: dict[str, object], fill: object, page: str, styled_table: bool = False) -> str:
    """Why a reader does not see a run with ``props`` on ``fill`` (its shading) or the ``page`` colour: "hidden"
    (w:vanish), "tiny" (under 2 pt), "invisible" (text within :data:`NEAR` of its background), or "" when seen."""
    if props.get("vanish"):
        return "hidden"
    size = props.get("size")
    if isinstance(size, int) and size < MIN_HALF_POINTS:
        return "tiny"
    colour = _rgb(str(props.get("color", "")))
    if not fill and styled_table:
        colour = None  # the table style shades the cell: its background is not known here, so keep the text
    background = _rgb(str(fill or page)) or _WHITE
    if colour is not None and max(abs(a - b) for a, b in zip(colour, background, strict=True)) <= NEAR:
        return "invisible"
    return ""


class RunVisibility:
    """Whether a reader sees a ``w:r`` of a Word document, by the statements reader's rules (hidden, under 2 pt,
    in the page's colour), for readers that walk word/document.xml themselves (JOUR-01's redline). Paragraph and
    cell shading are not resolved: text is judged against its own shading or the page."""

    def __init__(self, archive: zipfile.ZipFile, name: str, root) -> None:
        """``archive``: the open .docx; ``name``: its file name for messages; ``root``: its parsed document.xml.

        Raises:
            HostileFile: styles.xml unsafe to read (safety.parse_xml).
        """
        self.styles = _Styles(parsed_part(archive.read("word/styles.xml"), f"{name}:word/styles.xml")
                              if "word/styles.xml" in archive.namelist() else None)
        background = root.find(f"{W}background")
        self.page = background.get(f"{W}color", "") if background is not None else ""

    def seen(self, run, paragraph_style: str = "") -> bool:
        """True when a reader sees ``run`` (a ``w:r`` element) in a paragraph of style ``paragraph_style``."""
        props = _props_of(run, self.styles, paragraph_style)
        return not _unseen(props, props.get("fill"), self.page)


# ------------------------------------------------------------------------------------------------- the walker
class _VisibleWalker(_Walker):
    """readers_docx's walker reading only the runs a reader can see, counting the others."""

    def __init__(self, rels: dict[str, str], sink: DocxText, styles: _Styles, page: str,
                 numbering: Numbering | None = None) -> None:
        super().__init__(rels, sink, numbering)
        self.styles = styles
        self.page = page
        self.paragraph_style = ""
        self.paragraph_fill = ""
        self.cell_fill = ""
        self.styled_table = False
        self.hidden = 0
        self.invisible = 0
        self.tiny = 0
        self.bold_runs = 0
        self.plain_runs = 0

    def keep_run(self, run) -> bool:
        text = "".join(t.text or "" for t in run.iter(f"{W}t"))
        props = _props_of(run, self.styles, self.paragraph_style)
        why = _unseen(props, props.get("fill") or self.paragraph_fill or self.cell_fill, self.page,
                      self.styled_table)
        if why:
            setattr(self, why, getattr(self, why) + bool(text.strip()))
            return False
        if text.strip():
            if props.get("bold"):
                self.bold_runs += 1
            else:
                self.plain_runs += 1
        return True

    def read_paragraph(self, element) -> tuple[str, bool]:
        """The visible text of paragraph ``element`` and whether all its visible text is bold."""
        ppr = element.find(f"{W}pPr")
        style = ppr.find(f"{W}pStyle") if ppr is not None else None
        self.paragraph_style = style.get(f"{W}val", "") if style is not None else ""
        self.paragraph_fill = _fill(ppr)
        self.bold_runs = self.plain_runs = 0
        text = self.paragraph(element)
        return text, self.bold_runs > 0 and self.plain_runs == 0


class _Reader:
    """Turns one Word part's blocks into statements."""

    def __init__(self, name: str, walker: _VisibleWalker, styles: _Styles) -> None:
        self.name = name
        self.walker = walker
        self.styles = styles
        self.statements: list[Statement] = []
        self.section = ""
        self.paragraphs = 0
        self.tables = 0

    def blocks(self, element) -> None:
        for child in element:
            tag = child.tag
            if tag == f"{W}p":
                self.paragraphs += 1
                self.paragraph(child, f"{self.name} paragraph {self.paragraphs}")
            elif tag == f"{W}tbl":
                self.tables += 1
                self.table(child, f"{self.name} table {self.tables}")
            elif tag not in (f"{W}pPr", f"{W}rPr", f"{W}sectPr", f"{W}del", f"{W}moveFrom", f"{MC}Fallback",
                             f"{W}sdtPr", f"{W}tblPr", f"{W}tblGrid"):
                self.blocks(child)

    def paragraph(self, element, where: str, section: str | None = None) -> None:
        boxes_before = len(self.walker.sink.textboxes)
        text, bold = self.walker.read_paragraph(element)
        typed = collapse_text(text[len(self.walker.label):])  # a list item's automatic number is not a heading's
        text = collapse_text(text)
        if text:
            if section is None and typed and self.is_heading(element, typed, bold):
                self.statements.append(Statement(text, self.section, None, "heading", where))
                self.section = text
            else:
                for sentence in split_sentences(text):
                    self.statements.append(Statement(sentence, self.section if section is None else section,
                                                     None, "sentence", where))
        for box in self.walker.sink.textboxes[boxes_before:]:
            for sentence in split_sentences(box):
                self.statements.append(Statement(sentence, self.section, None, "sentence", f"{where} text box"))

    def is_heading(self, element, text: str, bold: bool) -> bool:
        ppr = element.find(f"{W}pPr")
        style = ppr.find(f"{W}pStyle") if ppr is not None else None
        level = ppr.find(f"{W}outlineLvl") if ppr is not None else None
        if self.styles.is_heading(style.get(f"{W}val", "") if style is not None else ""):
            return True
        if level is not None and (level.get(f"{W}val") or "") in {str(n) for n in range(9)}:
            return True
        words = len(text.split())
        if words > HEADING_WORDS or re.search(r"[.!?;]$", text):
            return False
        if ":" in text.rstrip(":"):
            return False
        numbered = _SECTION_NUMBER.match(text)
        return bold or _capitals(text) or text.endswith(":") or (
            numbered is not None and not _has_figure(text[numbered.end():]))

    def table(self, element, where: str) -> None:
        """Rows of table ``element`` as statements: each cell keyed by the header whose grid columns it starts in
        (cells spanning columns, rows starting after ``w:gridBefore``), a vertically merged cell read as the text
        it shows (the first cell of its merge), a title row above the header row read as a heading."""
        grid: list[list[tuple[int, int, str]]] = []
        style = element.find(f"{W}tblPr/{W}tblStyle")
        outer = self.walker.styled_table
        self.walker.styled_table = outer or (style is not None and style.get(f"{W}val", "") in
                                             self.styles.shading_tables)
        above: dict[int, str] = {}
        for tr in _direct(element, f"{W}tr"):
            column = _int_val(tr.find(f"{W}trPr/{W}gridBefore"), 0)
            row = []
            for tc in _direct(tr, f"{W}tc"):
                text = self.cell(tc, where)
                merge = tc.find(f"{W}tcPr/{W}vMerge")
                if merge is not None and merge.get(f"{W}val", "continue") != "restart":
                    text = text or above.get(column, "")
                elif merge is not None:
                    above[column] = text
                else:
                    above.pop(column, None)
                row.append((column, _span(tc), text))
                column += _span(tc)
            grid.append(row)
        self.walker.styled_table = outer
        columns = max((sum(span for _, span, _ in row) for row in grid), default=0)
        headers: list[tuple[int, int, str]] | None = None
        header_index, rows_before = 0, len(self.statements)
        for index, row in enumerate(grid, start=1):
            filled = [t for _, _, t in row if t]
            if not filled:
                continue
            if headers is None and len(filled) == 1 and columns > 1 and len(grid) > 1 \
                    and not _has_figure(filled[0]):
                self.statements.append(Statement(filled[0], self.section, None, "heading", f"{where} row {index}"))
                continue
            if headers is None:
                if not any(_has_data_figure(t) for _, _, t in row):
                    headers, header_index = [cell for cell in row if cell[2]], index
                    continue
                headers = []
            self._row(row, headers, f"{where} row {index}")
        if header_index and not any(s.kind == "row" for s in self.statements[rows_before:]):
            self._row(grid[header_index - 1], [], f"{where} row {header_index}")  # a header row and nothing under it

    def _row(self, row: list[tuple[int, int, str]], headers: list[tuple[int, int, str]], where: str) -> None:
        keys = _unique([_header_for(column, headers) for column, _, _ in row])
        cells = {key: text for key, (_, _, text) in zip(keys, row, strict=True)}
        rendered = "; ".join(text if key.startswith("column ") else f"{key}: {text}"
                             for key, text in cells.items() if text)
        self.statements.append(Statement(rendered, self.section, cells, "row", where))

    def cell(self, tc, where: str) -> str:
        """A cell's visible text (its paragraphs and nested rows joined by a space); nested tables' rows are also
        statements of their own."""
        self.walker.cell_fill = _fill(tc.find(f"{W}tcPr"))
        parts: list[str] = []
        nested = 0
        for child in tc:
            if child.tag == f"{W}p":
                text, _ = self.walker.read_paragraph(child)
                parts.append(collapse_text(text))
            elif child.tag == f"{W}tbl":
                nested += 1
                start = len(self.statements)
                fill = self.walker.cell_fill
                self.table(child, f"{where} nested table {nested}")
                self.walker.cell_fill = fill
                parts.extend(s.text for s in self.statements[start:])
            elif child.tag != f"{W}tcPr":
                lines: list[str] = []
                self.walker.blocks(child, lines)
                parts.extend(collapse_text(line) for line in lines)
        self.walker.cell_fill = ""
        return " ".join(p for p in parts if p)


def _span(tc) -> int:
    span = tc.find(f"{W}tcPr/{W}gridSpan")
    value = span.get(f"{W}val", "1") if span is not None else "1"
    return int(value) if value.isdigit() else 1


#: A section number opening a line: "1.", "2.3", "B.", "IV." ("1. Proposed adjusting journal entries").
_SECTION_NUMBER = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z]\.|[IVX]{1,5}\.)\s+(?=[^\W\d_])")


def _capitals(text: str) -> bool:
    """True when ``text`` is written in capitals as a heading is ("SUMMARY", "1. ITEMS FOR THE BANK"): every letter
    upper case and at least one word of letters only. A line of identifiers ("CLM-25-32498", "D-5603") is not a
    heading, however it is capitalised."""
    letters = [c for c in text if c.isalpha()]
    words = [w for w in re.findall(r"[^\s,;:()]+", text) if re.fullmatch(r"[^\W\d_]{2,}[.']?", w)]
    return len(letters) > 1 and all(c.isupper() for c in letters) and bool(words)


def _has_figure(text: str, *, numbering: bool = False) -> bool:
    """True when a word of ``text`` is a number. With ``numbering``, a whole number of one or two digits right after a
    word of letters numbers that word ("Phase 2 validation plan", "Step 3", "Wave 1", "Top 5 risks") and is no
    figure: an independent solver's CONS-01 deck at hard seed 9429 headed its right-hand column "Phase 2 validation
    plan" (bold), which read as a sentence, so the levers listed under it kept the left-hand column's heading
    "Implementation of validated levers" and were read as validated. An amount ("$1,204,377", "Savings 1,414,430",
    "2.5%") and a number opening the line ("4 levers validated") are still figures."""
    words = text.split()
    for index, word in enumerate(words):
        bare = word.strip(",;:()")
        if parse_number(bare) is None:
            continue
        named = index and re.fullmatch(r"[^\W\d_]+", words[index - 1].strip(",;:()"))
        if numbering and named and re.fullmatch(r"\d{1,2}", bare):
            continue
        return True
    return False


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    result = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        result.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return result


def _has_data_figure(text: str) -> bool:
    """True when ``text`` holds a number other than a year (1900-2100), so a header row "Item | 2024 | 2025" is
    still a header row."""
    for word in text.split():
        bare = word.strip(",;:()")
        number = parse_number(bare)
        if number is not None and not (re.fullmatch(r"\d{4}", bare) and 1900 <= int(bare) <= 2100):
            return True
    return False


def _int_val(element, default: int) -> int:
    value = element.get(f"{W}val", "") if element is not None else ""
    return int(value) if value.isdigit() else default


def _header_for(column: int, headers: list[tuple[int, int, str]]) -> str:
    """The header over grid column ``column`` (a header spanning columns covers each of them), else "column N"."""
    for start, span, text in headers:
        if start <= column < start + span:
            return text
    return f"column {column + 1}"


def docx_statements(path: Path) -> tuple[list[Statement], list[str]]:
    """The visible statements of a .docx and what was left out (module docstring).

    Returns ``(statements, ignored)``: statements in reading order (body, then footnotes and endnotes); ignored
    lines such as ``"3 runs of hidden text"``, ``"2 comments"``, ``"document properties (title, subject)"`` for the
    receipt's notes.

    Raises:
        UnreadableFile: not a readable docx (see readers_docx.read_docx).
        HostileFile: unsafe to read (see safety.check_zip and safety.parse_xml).
    """
    path = Path(path)
    check_zip(path)
    ignored: list[str] = []
    try:
        with zipfile.ZipFile(path) as archive:
            names, main, root = main_part(archive, path.name)
            styles = _Styles(parsed_part(archive.read("word/styles.xml"), f"{path.name}:word/styles.xml")
                             if "word/styles.xml" in names else None)
            background = root.find(f"{W}background")
            page = background.get(f"{W}color", "") if background is not None else ""
            numbering = numbering_of(archive, path.name)
            walker = _VisibleWalker(_rels(archive, main), DocxText(), styles, page, numbering)
            reader = _Reader(path.name, walker, styles)
            body = root.find(f"{W}body")
            if body is not None:
                reader.blocks(body)
            for prefix, label in (("word/footnotes", "footnote"), ("word/endnotes", "endnote")):
                for part in sorted((n for n in names if n.startswith(prefix) and n.endswith(".xml")),
                                   key=_part_number):
                    part_root = parsed_deliverable_part(archive.read(part), f"{path.name}:{part}")
                    note_walker = _VisibleWalker(_rels(archive, part), walker.sink, styles, page, numbering)
                    reader.walker = note_walker
                    for number, note in enumerate(_notes(part_root), start=1):
                        for p in note.iter(f"{W}p"):
                            reader.paragraph(p, f"{path.name} {label} {number}", section="")
                    for attr in ("hidden", "invisible", "tiny"):
                        setattr(walker, attr, getattr(walker, attr) + getattr(note_walker, attr))
            comments = sum(len(parse_xml(archive.read(n), f"{path.name}:{n}").findall(f"{W}comment"))
                           for n in names if re.fullmatch(r"word/comments\d*\.xml", n))
            properties = _properties(archive, path.name)
    except zipfile.BadZipFile as exc:
        raise UnreadableFile(f"{path.name} is not a readable docx (bad zip: {exc})") from None
    for count, what in ((walker.hidden, "hidden text (w:vanish)"),
                        (walker.invisible, "white or background-coloured text"),
                        (walker.tiny, "text under 2 pt")):
        if count:
            ignored.append(f"{count} run{'s' if count != 1 else ''} of {what}")
    if comments:
        ignored.append(f"{comments} comment{'s' if comments != 1 else ''}")
    if properties:
        ignored.append(f"document properties ({', '.join(properties)})")
    return reader.statements, ignored


def _properties(archive: zipfile.ZipFile, name: str) -> list[str]:
    """Names of the filled document properties (core title, subject, description, keywords, category; any custom
    property)."""
    filled = []
    if "docProps/core.xml" in archive.namelist():
        root = parse_xml(archive.read("docProps/core.xml"), f"{name}:docProps/core.xml")
        for element in root:
            local = element.tag.rsplit("}", 1)[-1]
            if local in ("title", "subject", "description", "keywords", "category") and (element.text or "").strip():
                filled.append(local)
    if "docProps/custom.xml" in archive.namelist():
        root = parse_xml(archive.read("docProps/custom.xml"), f"{name}:docProps/custom.xml")
        if len(root):
            filled.append(f"{len(root)} custom")
    return filled


# ------------------------------------------------------------------------------------------------- plain text
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_MD_BOLD_LINE = re.compile(r"^\s*(\*\*|__)(.+?)\1\s*:?\s*$")
_BULLET = re.compile(r"^\s*[-*+•▪◦]\s+")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•▪◦]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|\(?[ivxlcdm]{1,6}[.)])\s+")
_MD_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def markdown_visible(text: str) -> tuple[str, int]:
    """``text`` without its HTML comments (``<!-- ... -->``, an unclosed one running to the end), which no
    markdown viewer shows, and how many there were. Each comment's line breaks are kept so line numbers hold."""
    count = 0

    def blank(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return "\n" * match.group().count("\n")

    return _HTML_COMMENT.sub(blank, text), count


def text_statements(text: str, where: str) -> list[Statement]:
    """Statements of plain text, markdown or PDF text, read as :func:`docx_statements` reads Word.

    Paragraphs are runs of lines separated by blank lines (list items and headings stand alone); headings are
    markdown ``#`` lines, lines that are wholly ``**bold**``, short all-capital lines, short lead-ins ending with
    a colon and short lines standing alone between blank lines without a closing stop; a markdown table (``| a | b |`` with a ``|---|`` rule) reads as rows with their headers. ``where``
    names the source ("COMPLETION.json summary"); each statement's locator adds "line N".
    """
    statements: list[Statement] = []
    section = ""
    paragraph: list[tuple[int, str]] = []
    lines = str(text or "").splitlines()

    def flush() -> None:
        if paragraph:
            joined = " ".join(line.strip() for _, line in paragraph)
            for sentence in split_sentences(joined):
                statements.append(Statement(sentence, section, None, "sentence", f"{where} line {paragraph[0][0]}"))
            paragraph.clear()

    index = 0
    while index < len(lines):
        number, line = index + 1, lines[index]
        stripped = line.strip()
        if stripped.startswith("|") and index + 1 < len(lines) and _MD_RULE.match(lines[index + 1]):
            flush()
            headers = _unique([c or f"column {i}" for i, c in enumerate(_md_cells(stripped), start=1)])
            index += 2
            while index < len(lines) and lines[index].strip().startswith("|"):
                texts = _md_cells(lines[index].strip())
                keys = headers if len(headers) == len(texts) else _unique(
                    [headers[i] if i < len(headers) else f"column {i + 1}" for i in range(len(texts))])
                cells = dict(zip(keys, texts, strict=True))
                rendered = "; ".join(t if k.startswith("column ") else f"{k}: {t}" for k, t in cells.items() if t)
                if rendered:
                    statements.append(Statement(rendered, section, cells, "row", f"{where} line {index + 1}"))
                index += 1
            continue
        alone = not paragraph and (index + 1 == len(lines) or not lines[index + 1].strip())
        heading = _text_heading(stripped, alone and not _LIST_ITEM.match(line))
        if not stripped:
            flush()
        elif heading is not None:
            flush()
            statements.append(Statement(heading, section, None, "heading", f"{where} line {number}"))
            section = heading
        elif _LIST_ITEM.match(line):
            flush()
            paragraph.append((number, stripped))
        else:
            paragraph.append((number, stripped))
        index += 1
    flush()
    return statements


def _md_cells(line: str) -> list[str]:
    inner = line.strip().strip("|")
    return [collapse_text(c.replace("**", "")) for c in re.split(r"(?<!\\)\|", inner)]


def _text_heading(line: str, alone: bool = False) -> str | None:
    """The heading ``line`` is (markdown ``#``, wholly bold, all capitals, a lead-in ending with a colon, or a short
    line standing alone between blank lines with no closing stop), or None."""
    match = _MD_HEADING.match(line)
    if match:
        return collapse_text(match.group(1).replace("**", ""))
    match = _MD_BOLD_LINE.match(line)
    text = collapse_text(match.group(2)) if match else line
    if not text or len(text.split()) > HEADING_WORDS or re.search(r"[.!?;]$", text) or ":" in text.rstrip(":"):
        return None
    if match or alone:
        return text
    if (_capitals(text) and not _BULLET.match(line)) or (text.endswith(":") and not _LIST_ITEM.match(line)):
        return text
    return None


# ------------------------------------------------------------------------------------------------- PowerPoint
def pptx_statements(path: Path) -> tuple[list[Statement], list[str]]:
    """The visible statements of a .pptx (readers_pptx.read_pptx) and what was left out, read as
    :func:`docx_statements` reads Word.

    Per visible slide: the title is a heading (``where`` "deck.pptx slide N") and the section of what follows; a
    short paragraph standing as a heading inside a text box (all bold, all capitals or a lead-in ending with a
    colon, at most :data:`HEADING_WORDS` words, no closing stop and no figure, a word's number such as "Phase 2" being
    none: :func:`_has_figure`) is a heading whose statements follow
    under it until the next such heading or the slide's end; every other paragraph gives its sentences; a table gives
    one row statement per body row, each cell keyed by its column header (the first row is the header row unless
    it holds a figure other than a year; a first row with a single filled cell is a title: a heading); the speaker
    notes give sentences under the slide's title (``where`` "deck.pptx slide N notes").

    Returns ``(statements, ignored)``; ``ignored`` names hidden slides and shapes, shapes off the slide and tiny
    text for the receipt's notes.

    Raises:
        UnreadableFile: not a readable pptx. HostileFile: unsafe to read (see safety.check_zip).
    """
    from readers_pptx import SlideTable, read_pptx

    path = Path(path)
    deck = read_pptx(path)
    statements: list[Statement] = []
    for slide in deck.slides:
        where = f"{path.name} slide {slide.number}"
        title = collapse_text(slide.title)
        if title:
            statements.append(Statement(title, "", None, "heading", where))
        section = title
        tables = 0
        for block in slide.blocks:
            if isinstance(block, SlideTable):
                tables += 1
                statements.extend(_grid_statements(block.rows, section, f"{where} table {tables}"))
                continue
            for paragraph in block:
                text = paragraph.text
                if _slide_heading(text, paragraph.bold):
                    statements.append(Statement(text, title, None, "heading", where))
                    section = text
                    continue
                statements.extend(Statement(sentence, section, None, "sentence", where)
                                  for sentence in split_sentences(text))
        for line in slide.notes:
            statements.extend(Statement(sentence, title, None, "sentence", f"{where} notes")
                              for sentence in split_sentences(line))
    return statements, deck.ignored


def _slide_heading(text: str, bold: bool) -> bool:
    """True when a slide paragraph stands as a heading (see :func:`pptx_statements`)."""
    if len(text.split()) > HEADING_WORDS or re.search(r"[.!?;]$", text) or ":" in text.rstrip(":"):
        return False
    if _has_figure(text, numbering=True):
        return False
    return bold or _capitals(text) or text.endswith(":")


def _grid_statements(rows: list[list[str]], section: str, where: str) -> list[Statement]:
    """Row statements of a table given as rows of cell texts (header row and title row as :func:`pptx_statements`
    says); a header row with nothing under it is read as a row itself."""
    found: list[Statement] = []
    headers: list[str] | None = None
    for index, row in enumerate(rows, start=1):
        texts = [collapse_text(cell) for cell in row]
        filled = [t for t in texts if t]
        if not filled:
            continue
        if headers is None and len(filled) == 1 and len(texts) > 1 and not _has_figure(filled[0], numbering=True):
            found.append(Statement(filled[0], section, None, "heading", f"{where} row {index}"))
            section = filled[0]
            continue
        if headers is None:
            if not any(_has_data_figure(t) for t in texts):
                headers = _unique([t or f"column {i}" for i, t in enumerate(texts, start=1)])
                header_row = (texts, index)
                continue
            headers = []
        keys = headers if len(headers) == len(texts) else _unique(
            [headers[i] if i < len(headers) else f"column {i + 1}" for i in range(len(texts))])
        cells = dict(zip(keys, texts, strict=True))
        rendered = "; ".join(t if k.startswith("column ") else f"{k}: {t}" for k, t in cells.items() if t)
        found.append(Statement(rendered, section, cells, "row", f"{where} row {index}"))
    if headers and not any(s.kind == "row" for s in found):
        texts, index = header_row
        found.append(Statement("; ".join(t for t in texts if t), section,
                               {f"column {i}": t for i, t in enumerate(texts, start=1)}, "row",
                               f"{where} row {index}"))
    return found
