"""Read a lease amendment that exists only as a scan: the image-only pages of a lease abstract (PDF) and the figure
of the amended Basic Lease Information item boxed on them.

What a reader does by eye, done with the image and the machine's fonts only (no OCR engine is installed): a page
with no text layer is a scan; on a signed amendment the amended item is set out in a ruled box, its description on
the left and its figure alone in the right cell. The box is the widest connected run of ink on the page; its
divider is the column of the box's ink with the most pixels inside the outer edges; the figure is the ink right of
the divider. Each character of it (the parts of "%" grouped by their overlapping columns, a full stop told by its
size) is read by comparing it, size normalised, with the characters rendered from the DejaVu faces on this machine
and taking the best match.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FACES = ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf")
CHARACTERS = "0123456789%"
GLYPH = (24, 32)  # width, height every character is compared at
INK = 140  # grey level below which a pixel is ink (paper scans at about 235, print at about 20)


def scan_pages(path: Path) -> list[Image.Image]:
    """The pages of the PDF at ``path`` that have no text layer, each as the greyscale image it holds."""
    import pypdf

    found = []
    for page in pypdf.PdfReader(str(path)).pages:
        if (page.extract_text() or "").strip() or not page.images:
            continue
        found.append(page.images[0].image.convert("L"))
    return found


def _normalised(mask: np.ndarray) -> np.ndarray:
    rows, cols = np.nonzero(mask)
    crop = mask[rows.min():rows.max() + 1, cols.min():cols.max() + 1]
    values = np.asarray(Image.fromarray((crop * 255).astype(np.uint8), "L").resize(GLYPH, Image.Resampling.BILINEAR),
                        dtype=np.float32)
    values -= values.mean()
    norm = float(np.linalg.norm(values))
    return values / norm if norm else values


def _aspect(mask: np.ndarray) -> float:
    rows, cols = np.nonzero(mask)
    return (cols.max() - cols.min() + 1) / (rows.max() - rows.min() + 1)


@lru_cache(maxsize=1)
def templates() -> list[tuple[str, np.ndarray, float]]:
    """``(character, normalised glyph, aspect ratio)`` for each of :data:`CHARACTERS` in each face of :data:`FACES`
    found here. Raises FileNotFoundError when none is installed."""
    found = []
    for face in FACES:
        if not (FONT_DIR / face).exists():
            continue
        font = ImageFont.truetype(str(FONT_DIR / face), 64)
        for character in CHARACTERS:
            canvas = Image.new("L", (120, 100), 0)
            ImageDraw.Draw(canvas).text((10, 10), character, font=font, fill=255)
            mask = np.asarray(canvas) > 127
            found.append((character, _normalised(mask), _aspect(mask)))
    if not found:
        raise FileNotFoundError(f"no DejaVu face under {FONT_DIR}")
    return found


def _classify(mask: np.ndarray) -> str:
    """The character of :data:`CHARACTERS` a glyph mask looks most like: correlation less an aspect penalty."""
    glyph, aspect = _normalised(mask), _aspect(mask)
    scores = [(float((glyph * shape).sum()) - 0.5 * abs(np.log(aspect / ratio)), character)
              for character, shape, ratio in templates()]
    return max(scores)[1]


def boxed_figure(image: Image.Image) -> str:
    """The text of the right cell of the widest ruled box on a scanned page ("4.0%"); "" when there is none."""
    ink = np.asarray(image.convert("L")) < INK
    labels, _ = ndimage.label(ink, structure=np.ones((3, 3), dtype=bool))
    boxes = ndimage.find_objects(labels)
    widths = [b[1].stop - b[1].start if b is not None else 0 for b in boxes]
    grid = int(np.argmax(widths)) + 1
    rows, cols = boxes[grid - 1]
    if widths[grid - 1] < ink.shape[1] * 0.5:
        return ""
    counts = (labels[rows, cols] == grid).sum(axis=0)
    margin = max(8, counts.size // 20)
    divider = cols.start + margin + int(np.argmax(counts[margin:-margin]))
    parts = []
    for label, found in enumerate(boxes, 1):
        if found is None or label == grid:
            continue
        y, x = found
        inside = y.start > rows.start and y.stop < rows.stop and x.start > divider + 2 and x.stop < cols.stop - 2
        if inside and int((labels[found] == label).sum()) >= 6:  # not a speck of the paper
            parts.append((x.start, x.stop, label))
    characters: list[list] = []
    for start, stop, label in sorted(parts):  # the parts of "%" share columns
        if characters and start <= characters[-1][1]:
            characters[-1][1] = max(characters[-1][1], stop)
            characters[-1][2].append(label)
        else:
            characters.append([start, stop, [label]])
    masks = [np.isin(labels, members) for _, _, members in characters]
    heights = [int(np.ptp(np.nonzero(m.any(axis=1))[0])) + 1 for m in masks]
    tallest = max(heights, default=0)
    return "".join("." if height < 0.4 * tallest else _classify(mask) for mask, height in zip(masks, heights,
                                                                                               strict=True))


def amended_percentage(path: Path) -> Decimal | None:
    """The percentage boxed on the first scanned page of the abstract at ``path`` that gives one ("4.0%" ->
    Decimal("4.0")), or None when the abstract has no scanned page or no such figure."""
    for page in scan_pages(path):
        text = boxed_figure(page)
        if text.endswith("%"):
            try:
                return Decimal(text[:-1])
            except InvalidOperation:
                continue
    return None
