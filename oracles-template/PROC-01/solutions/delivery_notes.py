"""Read the quantity goods-in wrote by hand on a scanned delivery note (inputs/delivery_notes/<note>.png), with the
tesseract OCR engine (through pytesseract).

The corrections on the notes are in blue ballpoint, the print in black and the goods-in stamp in red, so the blue ink
is separated by colour first; a correction is a stroke through the printed quantity (a blue component far wider than
it is tall) with the received quantity written just to its right, and the remark further right, in the next column.
The blue ink of a band around the strike, from its right end up to the first gap wider than :data:`GAP` (the column
between figure and remark), goes to tesseract as dark ink on white, upscaled :data:`SCALE` times and padded, read as
a single word of digits (``--psm 8``, whitelist 0-9): as one text line (``--psm 7``) tesseract misread 8 of 200
corrected notes at seeds 1-80 (a digit dropped, doubled or swapped: 225 as 2295, 55 as 35). Tesseract runs on one thread (``OMP_THREAD_LIMIT=1`` unless set):
its OpenMP threads slow it many times over when other processes share the cores (tesseract-ocr/tesseract issues 2609
and 3109).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps
from scipy import ndimage

BAND = 22  # rows either side of the strike's middle that hold the hand figure (the scans are 100 dpi)
GAP = 18  # columns of paper that end the figure: wider than its digit spacing, narrower than the column gap
SCALE = 3  # tesseract reads the 100 dpi hand best at about 300 dpi
OCR_DIGITS = "--psm 8 -c tessedit_char_whitelist=0123456789"


def blue_ink(rgb: np.ndarray) -> np.ndarray:
    """Boolean mask of ballpoint-blue pixels in an (h, w, 3) uint8 image: blue well above red and green (grey
    paper, black print and the red stamp all fail it)."""
    r, g, b = (rgb[:, :, k].astype(np.int16) for k in range(3))
    return (b - r > 45) & (b - g > 25)


def ocr_digits(image: Image.Image) -> str:
    """The digits tesseract reads on ``image`` as one word. Exits with a one-line message when the engine or its
    Python binding is missing, rather than a traceback."""
    try:
        import pytesseract
    except ImportError:
        raise SystemExit("pytesseract is not installed: pip install pytesseract") from None
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        return pytesseract.image_to_string(image, config=OCR_DIGITS).strip()
    except pytesseract.TesseractNotFoundError:
        raise SystemExit("the tesseract OCR engine is not installed: apt-get install tesseract-ocr") from None


def figure_beside_strike(rgb: np.ndarray) -> Image.Image | None:
    """The blue ink written just right of the widest blue strike on a scan, as black on white ready for OCR, or
    None when the scan has no strike."""
    blue = blue_ink(rgb)
    labels, _ = ndimage.label(blue, structure=np.ones((3, 3), dtype=bool))
    strikes = [box for box in ndimage.find_objects(labels)
               if box is not None and box[1].stop - box[1].start >= max(20, 3 * (box[0].stop - box[0].start))]
    if not strikes:
        return None
    rows, cols = max(strikes, key=lambda box: box[1].stop - box[1].start)
    middle = (rows.start + rows.stop) // 2
    band = blue[max(0, middle - BAND):middle + BAND, cols.stop + 2:]
    inked = np.nonzero(band.any(axis=0))[0]
    if inked.size == 0:
        return Image.new("L", (1, 1), 255)
    ends = np.nonzero(np.diff(inked) > GAP)[0]
    band = band[:, :inked[ends[0]] + 1 if ends.size else inked[-1] + 1]
    image = Image.fromarray(np.where(band, 0, 255).astype(np.uint8), "L")
    image = image.resize((image.width * SCALE, image.height * SCALE), Image.Resampling.LANCZOS)
    return ImageOps.expand(image, 20, fill=255)


def corrected_quantity(path: Path) -> int | None:
    """The quantity written by hand beside a struck-through printed quantity on the scanned note at ``path``, or
    None when the note carries no correction. Raises ValueError when there is a strike but OCR reads no figure
    beside it (a note to look at by eye)."""
    figure = figure_beside_strike(np.asarray(Image.open(path).convert("RGB")))
    if figure is None:
        return None
    text = ocr_digits(figure)
    if not text.isdigit():
        raise ValueError(f"{path.name}: OCR reads no figure beside the struck quantity ({text!r})")
    return int(text)
