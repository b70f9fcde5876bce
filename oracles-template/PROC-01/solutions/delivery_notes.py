"""Read the quantity goods-in wrote by hand on a scanned delivery note (inputs/delivery_notes/<note>.png).

What a clerk does by eye, done with the image and the machine's fonts only (no OCR engine is installed): the
corrections on the notes are in blue ballpoint, the print in black and the goods-in stamp in red, so the blue ink is
separated by colour; a correction is a stroke through the printed quantity (a blue component far wider than it is
tall) with the received quantity written just to its right. Each glyph of that number is read by comparing it, size
normalised, with the digits rendered from the DejaVu faces on this machine (the hand on the notes is a serif
italic) and taking the best match.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FACES = ("DejaVuSerif-Italic.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSerif.ttf", "DejaVuSans.ttf")
GLYPH = (24, 32)  # width, height every glyph is compared at
MIN_SCORE = 0.6  # below this correlation a mark is not read as a digit


def blue_ink(rgb: np.ndarray) -> np.ndarray:
    """Boolean mask of ballpoint-blue pixels in an (h, w, 3) uint8 image: blue well above red and green (grey
    paper, black print and the red stamp all fail it)."""
    r, g, b = (rgb[:, :, k].astype(np.int16) for k in range(3))
    return (b - r > 45) & (b - g > 25)


def _normalised(mask: np.ndarray) -> np.ndarray:
    """A glyph mask cropped to its ink, resized to :data:`GLYPH`, as zero-mean unit-norm floats."""
    rows, cols = np.nonzero(mask)
    crop = mask[rows.min():rows.max() + 1, cols.min():cols.max() + 1]
    image = Image.fromarray((crop * 255).astype(np.uint8), "L").resize(GLYPH, Image.Resampling.BILINEAR)
    values = np.asarray(image, dtype=np.float32)
    values -= values.mean()
    norm = float(np.linalg.norm(values))
    return values / norm if norm else values


@lru_cache(maxsize=1)
def templates() -> list[tuple[str, np.ndarray, float]]:
    """The digits 0-9 in each DejaVu face of :data:`FACES` found on this machine, as ``(digit, normalised glyph,
    aspect ratio width/height)``. Raises FileNotFoundError when none of the faces is installed."""
    found = []
    for face in FACES:
        path = FONT_DIR / face
        if not path.exists():
            continue
        font = ImageFont.truetype(str(path), 64)
        for digit in "0123456789":
            canvas = Image.new("L", (96, 96), 0)
            ImageDraw.Draw(canvas).text((16, 8), digit, font=font, fill=255)
            mask = np.asarray(canvas) > 127
            rows, cols = np.nonzero(mask)
            aspect = (cols.max() - cols.min() + 1) / (rows.max() - rows.min() + 1)
            found.append((digit, _normalised(mask), float(aspect)))
    if not found:
        raise FileNotFoundError(f"no DejaVu face under {FONT_DIR}")
    return found


def read_digit(mask: np.ndarray) -> tuple[str, float]:
    """The digit a glyph mask shows and the match's score (correlation less an aspect-ratio penalty)."""
    rows, cols = np.nonzero(mask)
    aspect = (cols.max() - cols.min() + 1) / (rows.max() - rows.min() + 1)
    sample = _normalised(mask)
    best = max(((float((sample * glyph).sum()) - 0.5 * abs(aspect - ratio), digit)
                for digit, glyph, ratio in templates()), key=lambda pair: pair[0])
    return best[1], best[0]


def corrected_quantity(path: Path) -> int | None:
    """The quantity written by hand beside a struck-through printed quantity on the scanned note at ``path``, or
    None when the note carries no correction. Raises ValueError when there is a strike but the figure beside it
    cannot be read as digits (a note to look at by eye)."""
    rgb = np.asarray(Image.open(path).convert("RGB"))
    labels, count = ndimage.label(blue_ink(rgb), structure=np.ones((3, 3), dtype=bool))
    boxes = []
    for index, box in enumerate(ndimage.find_objects(labels), 1):
        if box is None:
            continue
        height, width = box[0].stop - box[0].start, box[1].stop - box[1].start
        if int((labels[box] == index).sum()) >= 12:
            boxes.append((index, box, height, width))
    strikes = [b for b in boxes if b[3] >= 20 and b[3] >= 3 * b[2]]
    if not strikes:
        return None
    _, strike, _, _ = max(strikes, key=lambda b: b[3])
    centre = (strike[0].start + strike[0].stop) / 2
    beside = sorted((b for b in boxes if b[1][1].start >= strike[1].stop - 2
                     and abs((b[1][0].start + b[1][0].stop) / 2 - centre) < 30 and b[2] >= 8),
                    key=lambda b: b[1][1].start)
    if not beside:
        raise ValueError(f"{path.name}: a struck quantity with nothing legible beside it")
    height = beside[0][2]  # a figure's height: the word spaces of the remark further right are wider than 0.8 of it
    group = [beside[0]]
    for item in beside[1:]:
        if item[1][1].start - group[-1][1][1].stop > 0.8 * height:
            break
        group.append(item)
    digits = []
    for index, box, _, _ in group:
        digit, score = read_digit(labels[box] == index)
        if score < MIN_SCORE:
            raise ValueError(f"{path.name}: the figure beside the struck quantity is not legible (best {score:.2f})")
        digits.append(digit)
    return int("".join(digits))
