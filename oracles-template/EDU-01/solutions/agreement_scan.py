"""Reading the incomplete agreements Admissions and Records holds only as scans (the hard level's paper form).

A page of ``incomplete_agreements.pdf`` with no text layer is the scan of a signed paper agreement. The reference
(:func:`read_scans`) renders each such page with poppler's ``pdftoppm`` at 200 dpi in greyscale and reads it with
tesseract through pytesseract: the form's upper part (its fields and the grade box; the signatures below are not
needed) for the agreement number and the student ID, then the grade box alone
(the cell to the right of the "Grade to be assigned ..." label, found from the words' positions) as a single
character from the grade letters, because a lone letter in a ruled box is what a page-wide reading gets wrong.
``OMP_THREAD_LIMIT=1`` keeps tesseract on one thread (shared cores).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pypdf
from PIL import Image, ImageOps
from scipy import ndimage

os.environ.setdefault("OMP_THREAD_LIMIT", "1")
GRADE_LETTERS = "ABCDF"
REF = re.compile(r"IC-?\s?25F-?\s?(\d{3})", re.IGNORECASE)
#: the seven digits after the form's "Student ID" label (its W can come back as "w" or "Ww")
STUDENT = re.compile(r"Student ID:?\s*[^\d\s]{0,3}\s?(\d{7})\b", re.IGNORECASE)


def image_pages(pdf: Path) -> list[int]:
    """The 1-based numbers of the pages with no text layer (scans)."""
    return [n for n, page in enumerate(pypdf.PdfReader(pdf).pages, start=1) if not (page.extract_text() or "").strip()]


def render(pdf: Path, page: int, dpi: int = 200) -> Image.Image:
    """Page ``page`` of ``pdf`` rendered by pdftoppm in greyscale at ``dpi``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", str(page), "-l", str(page), str(pdf),
                        f"{tmp}/p"], check=True, capture_output=True)
        found = next(Path(tmp).glob("p*.png"))
        return Image.open(found).copy()


def grade_cell(image: Image.Image, words: dict) -> Image.Image | None:
    """The grade box's right cell: from the end of the label line that starts "Grade to be assigned" to the right
    margin, over the label's height with some room above and below, the box's ruling trimmed off."""
    n = len(words["text"])
    for i in range(n):
        if words["text"][i].strip() == "Grade" and i + 2 < n and words["text"][i + 2].strip() == "be":
            key = (words["block_num"][i], words["par_num"][i], words["line_num"][i])
            line = [j for j in range(n) if (words["block_num"][j], words["par_num"][j], words["line_num"][j]) == key
                    and words["text"][j].strip()]
            label_end = max(words["left"][j] + words["width"][j] for j in line if words["text"][j].strip().isalpha()
                            and len(words["text"][j].strip()) > 1)
            top = min(words["top"][j] for j in line)
            bottom = max(words["top"][j] + words["height"][j] for j in line)
            height = bottom - top
            box = (label_end + 3 * height, top - 2 * height, min(image.width, label_end + 3 * height + 12 * height),
                   bottom + 2 * height)
            return image.crop(box)
    return None


def glyph(cell: Image.Image) -> Image.Image | None:
    """The letter in ``cell``, cut out: the largest patch of connected ink that is not one of the box's rules (a
    rule spans most of the crop's width or height)."""
    dark = np.asarray(cell.convert("L")) < 128
    labels, count = ndimage.label(dark)
    best = None
    for n, (rows, cols) in enumerate(ndimage.find_objects(labels), start=1):
        height, width = rows.stop - rows.start, cols.stop - cols.start
        if width > 0.5 * dark.shape[1] or height > 0.7 * dark.shape[0]:
            continue  # a rule of the box
        area = int((labels[rows, cols] == n).sum())
        if best is None or area > best[0]:
            best = (area, rows, cols)
    if best is None:
        return None
    _, rows, cols = best
    return cell.crop((cols.start, rows.start, cols.stop, rows.stop))


def read_cell(cell: Image.Image) -> str:
    """The one grade letter in a cropped cell: the letter cut out (:func:`glyph`), black and white, on a white margin, read
    in tesseract's single-character mode; "" unless that character is a grade letter."""
    import pytesseract  # the test extra (pyproject [test]): a plain install reads no scans, see read_scans

    letter = glyph(cell)
    if letter is None:
        return ""
    ink = ImageOps.expand(letter.convert("L").point(lambda v: 255 if v > 128 else 0), 40, 255)
    text = pytesseract.image_to_string(ink, config="--psm 10").strip()
    letters = [c for c in text[:1].upper() if c in GRADE_LETTERS]  # a lone capital C can come back as "c"
    return letters[0] if letters else ""


def read_scans(pdf: Path) -> dict[str, tuple[str, str]]:
    """The scanned agreements of ``pdf``: student ID -> (agreement reference, grade to be assigned).

    pytesseract is imported here, not at the top: it comes with the test extra, and the standard level (the demo's
    ``pip install -e .``) has no scanned agreement, so solve.py must import this module without it."""
    pages = image_pages(pdf)
    if not pages:
        return {}
    import pytesseract

    found = {}
    for page in pages:
        image = render(pdf, page)
        image = image.crop((0, 0, image.width, image.height * 3 // 5))  # the form's fields and grade box
        words = pytesseract.image_to_data(image, config="--psm 4", output_type=pytesseract.Output.DICT)
        text = " ".join(word for word in words["text"] if word.strip())
        ref, student = REF.search(text), STUDENT.search(text)
        cell = grade_cell(image, words)
        if ref and student and cell is not None:
            grade = read_cell(cell)
            if grade:
                found[f"W{student[1]}"] = (f"IC-25F-{ref[1]}", grade)
    return found
