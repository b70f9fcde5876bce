"""PowerPoint (.pptx) text as an audience and a presenter see it (SPEC section 4 "grade what a reader sees").

Read with python-pptx after :func:`safety.check_zip` has refused what would hurt the reader (zip bombs, DOCTYPE
declarations, encrypted or legacy files). Per slide, in slide order:

- the title (the title or centred-title placeholder), as the slide's heading;
- every other shape that carries text, in reading order (top to bottom, then left to right; group shapes opened):
  each text frame's paragraphs, and each table's rows as lists of cell texts (a merged cell's continuation is
  read as empty, as PowerPoint draws it);
- the speaker notes (the notes slide's body placeholder), which the presenter reads out.

Left out and counted in :attr:`PptxText.ignored`: hidden slides (``p:sld show="0"``, PresentationML ECMA-376
Part 1, 19.3.1.38), hidden shapes (``p:cNvPr hidden="1"``), shapes wholly outside the slide area, and runs under
2 pt. Comments and document properties are never read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amounts import collapse_text
from safety import UnreadableFile, check_zip

#: Runs smaller than this many hundredths of a point (2 pt) cannot be read (python-pptx gives sizes in EMU).
MIN_FONT_EMU = 2 * 12700
#: Placeholder types that hold a slide's title (python-pptx PP_PLACEHOLDER: TITLE 1, CENTER_TITLE 3).
_TITLE_TYPES = {1, 3}


@dataclass
class SlideParagraph:
    """One paragraph of a text frame: its text, outline level (0 = top) and whether all its visible text is bold."""

    text: str
    level: int = 0
    bold: bool = False


@dataclass
class SlideTable:
    """One table: rows of cell texts, header row first as drawn."""

    rows: list[list[str]] = field(default_factory=list)


@dataclass
class SlideText:
    """What one visible slide says. ``blocks`` holds, in reading order, one list of :class:`SlideParagraph` per text
    frame and one :class:`SlideTable` per table."""

    number: int
    title: str = ""
    blocks: list[list[SlideParagraph] | SlideTable] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class PptxText:
    """A deck's visible slides and what was left out (``ignored``: lines for the receipt's notes)."""

    slides: list[SlideText] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)

    def all_text(self) -> str:
        """Every title, paragraph, table row (cells joined by `` | ``) and note, newline separated."""
        lines: list[str] = []
        for slide in self.slides:
            lines.append(slide.title)
            for block in slide.blocks:
                if isinstance(block, SlideTable):
                    lines.extend(" | ".join(row) for row in block.rows)
                else:
                    lines.extend(p.text for p in block)
            lines.extend(slide.notes)
        return "\n".join(line for line in lines if line)


class _Counts:
    def __init__(self) -> None:
        self.hidden_slides = 0
        self.hidden_shapes = 0
        self.off_slide = 0
        self.tiny = 0


def _paragraphs(text_frame: Any, counts: _Counts) -> list[SlideParagraph]:
    found = []
    for paragraph in text_frame.paragraphs:
        parts, bold, plain = [], 0, 0
        for run in paragraph.runs:
            size = run.font.size
            if size is not None and size < MIN_FONT_EMU:
                counts.tiny += bool(run.text.strip())
                continue
            parts.append(run.text)
            if run.text.strip():
                bold, plain = (bold + 1, plain) if run.font.bold else (bold, plain + 1)
        if not paragraph.runs:  # a paragraph of fields or line breaks only
            parts.append(paragraph.text)
        text = collapse_text("".join(parts).replace("\v", " "))
        if text:
            found.append(SlideParagraph(text, int(paragraph.level or 0), bold > 0 and plain == 0))
    return found


def _hidden(shape: Any) -> bool:
    props = shape._element.xpath("./*[1]/p:cNvPr")
    return bool(props) and props[0].get("hidden", "").lower() in ("1", "true")


def _off_slide(shape: Any, width: int, height: int) -> bool:
    left, top, cx, cy = shape.left, shape.top, shape.width, shape.height
    if None in (left, top, cx, cy):
        return False
    return left + cx <= 0 or top + cy <= 0 or left >= width or top >= height


def _shapes(shapes: Any, width: int, height: int, counts: _Counts) -> list[Any]:
    """Visible shapes in reading order (top, then left), groups opened in place."""
    visible = []
    for shape in shapes:
        if _hidden(shape):
            counts.hidden_shapes += 1
            continue
        if _off_slide(shape, width, height):
            counts.off_slide += 1
            continue
        visible.append(shape)
    visible.sort(key=lambda s: (s.top if s.top is not None else 0, s.left if s.left is not None else 0))
    found = []
    for shape in visible:
        if shape.shape_type == 6:  # MSO_SHAPE_TYPE.GROUP: its children's positions are in the group's frame
            found.extend(_shapes(shape.shapes, 1 << 62, 1 << 62, counts))
        else:
            found.append(shape)
    return found


def _table(shape: Any, counts: _Counts) -> SlideTable:
    rows = []
    for row in shape.table.rows:
        cells = []
        for cell in row.cells:
            if cell.is_spanned:
                cells.append("")
                continue
            cells.append(" ".join(p.text for p in _paragraphs(cell.text_frame, counts)))
        rows.append(cells)
    return SlideTable(rows)


def read_pptx(path: Path) -> PptxText:
    """The visible text of a deck, slide by slide (module docstring).

    Raises:
        UnreadableFile: not a readable pptx (bad or truncated zip, no presentation part, a legacy .ppt or an
            encrypted file: see safety.check_zip).
        HostileFile: unsafe to read (see safety.check_zip).
    """
    path = Path(path)
    check_zip(path)
    from pptx import Presentation
    from pptx.exc import PackageNotFoundError

    try:
        deck = Presentation(str(path))
    except (PackageNotFoundError, KeyError, ValueError, TypeError, AttributeError, OSError) as exc:
        raise UnreadableFile(f"{path.name} is not a readable pptx ({type(exc).__name__}: {exc})") from None
    except Exception as exc:  # lxml's XMLSyntaxError and the like: a damaged part
        raise UnreadableFile(f"{path.name} is not a readable pptx ({type(exc).__name__}: {exc})") from None
    width = deck.slide_width or (1 << 62)
    height = deck.slide_height or (1 << 62)
    counts = _Counts()
    result = PptxText()
    for number, slide in enumerate(deck.slides, start=1):
        if slide._element.get("show", "1").lower() in ("0", "false"):
            counts.hidden_slides += 1
            continue
        text = SlideText(number)
        for shape in _shapes(slide.shapes, width, height, counts):
            placeholder = shape.placeholder_format.type if shape.is_placeholder else None
            if shape.has_text_frame and placeholder is not None and int(placeholder) in _TITLE_TYPES \
                    and not text.title:
                text.title = " ".join(p.text for p in _paragraphs(shape.text_frame, counts))
            elif getattr(shape, "has_table", False) and shape.has_table:
                text.blocks.append(_table(shape, counts))
            elif shape.has_text_frame:
                paragraphs = _paragraphs(shape.text_frame, counts)
                if paragraphs:
                    text.blocks.append(paragraphs)
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            text.notes = [p.text for p in _paragraphs(slide.notes_slide.notes_text_frame, counts)]
        result.slides.append(text)
    for count, one, many in ((counts.hidden_slides, "hidden slide", "hidden slides"),
                             (counts.hidden_shapes, "hidden shape", "hidden shapes"),
                             (counts.off_slide, "shape outside the slide area", "shapes outside the slide area"),
                             (counts.tiny, "run of text under 2 pt", "runs of text under 2 pt")):
        if count:
            result.ignored.append(f"{count} {one if count == 1 else many}")
    return result
