"""Read a lease amendment that exists only as a scan: the image-only pages of a lease abstract (PDF), read by the
tesseract OCR engine (through pytesseract), and the figure of the amended Basic Lease Information item on them.

A page with no text layer is a scan; its image goes to tesseract as it is embedded (about 150 dpi, greyscale). Page
segmentation mode 6 (one uniform block of text) reads the figure set alone in the box's right cell; modes 3 and 4,
which look for columns, drop that cell at some seeds. The figure is taken after the item's own words ("Cap on
Controllable Operating Expenses"), not as the first percentage on the page. Tesseract runs on one thread
(``OMP_THREAD_LIMIT=1`` unless set): its OpenMP threads slow it many times over when other processes share the cores
(tesseract-ocr/tesseract issues 2609 and 3109).
"""

from __future__ import annotations

import os
import re
from decimal import Decimal
from pathlib import Path

#: The amended item's words, then its figure ("... Expenses: maximum increase 3.5%"), over whitespace-joined OCR text.
ITEM = re.compile(r"Cap on Controllable Operating Expenses\W[^%]{0,60}?(\d{1,2}(?:\.\d{1,2})?) ?%", re.IGNORECASE)


def ocr(image) -> str:
    """The text tesseract reads on a page image (PIL), as one block (``--psm 6``). Exits with a one-line message when
    the engine or its Python binding is missing, rather than a traceback."""
    try:
        import pytesseract
    except ImportError:
        raise SystemExit("pytesseract is not installed: pip install pytesseract") from None
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        return pytesseract.image_to_string(image, config="--psm 6")
    except pytesseract.TesseractNotFoundError:
        raise SystemExit("the tesseract OCR engine is not installed: apt-get install tesseract-ocr") from None


def amended_percentage(path: Path) -> Decimal | None:
    """The cap on controllable operating expenses that the first scanned page of the abstract at ``path`` sets
    ("3.5%" -> Decimal("3.5")); None when the abstract has no scanned page or OCR finds no such item."""
    import pypdf

    for page in pypdf.PdfReader(str(path)).pages:
        if (page.extract_text() or "").strip() or not page.images:
            continue
        found = ITEM.search(" ".join(ocr(page.images[0].image).split()))
        if found:
            return Decimal(found.group(1))
    return None
