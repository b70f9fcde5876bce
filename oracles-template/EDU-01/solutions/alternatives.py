"""EDU-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is the reference's analysis (solve.analyse: the same answer) written the way a different professional
would: ``tables`` (a Scores sheet the Roster formulas reference, a findings table in the memo), ``prose`` (dense
prose, "withdrew" in words, quoted grades, "I (pending agreement)"), ``terse`` (a numbered memo with arrows, the
roster in another order, LARGE in the formula). An agreement held only as a scan is read its own way by each style
(:data:`READERS`: the scanner's JPEG taken out with pdfimages or pypdf, levelled, read by the tesseract command line in
another page mode, the grade box found by its ruling), not through the reference's pytesseract reading. Runs as an
ordinary worker, like solve.py.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import re
import subprocess
import tempfile
from functools import partial
from pathlib import Path

import docx
import numpy as np
import openpyxl
import pypdf
from PIL import Image, ImageOps
from solve import (
    HARD_SCORE_HEADERS,
    MEMO,
    OUT,
    WORKBOOK,
    Analysis,
    analyse,
    findings,
    hard_formula,
    hard_score_values,
    questions,
    write_completion,
)


def scan_images(pdf: Path, source: str) -> list[Image.Image]:
    """The images of the pages that carry an image and no text: pulled out by poppler's ``pdfimages`` (as the JPEG
    the scanner stored) or by pypdf's image extraction."""
    found = []
    for n, page in enumerate(pypdf.PdfReader(pdf).pages, start=1):
        if (page.extract_text() or "").strip() or not page.images:
            continue
        if source == "pypdf":
            found.append(Image.open(io.BytesIO(page.images[0].data)).convert("L"))
            continue
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["pdfimages", "-j", "-f", str(n), "-l", str(n), str(pdf), f"{tmp}/img"], check=True,
                           capture_output=True)
            found.append(Image.open(sorted(Path(tmp).iterdir())[0]).convert("L").copy())
    return found


def deskew(image: Image.Image) -> Image.Image:
    """``image`` levelled: the angle (to 0.1 degree, within 2) at which the rows of ink are sharpest."""
    small = image.resize((image.width // 3, image.height // 3))
    best = max((np.var((np.asarray(small.rotate(angle / 10, fillcolor=255)) < 128).sum(axis=1)), angle / 10)
               for angle in range(-20, 21))[1]
    return image.rotate(best, resample=Image.Resampling.BICUBIC, fillcolor=255)


def tesseract_words(image: Image.Image, psm: int) -> list[dict[str, str]]:
    """The tesseract command line's TSV words for ``image``."""
    with tempfile.TemporaryDirectory() as tmp:
        image.save(f"{tmp}/page.png")
        tsv = subprocess.run(["tesseract", f"{tmp}/page.png", "stdout", "--psm", str(psm), "tsv"], check=True,
                             capture_output=True, text=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
    return [row for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE)
            if (row.get("text") or "").strip()]


def boxed_cell(image: Image.Image, label_top: int) -> Image.Image | None:
    """The right-hand cell of the ruled box whose top rule is the first long line at or above ``label_top``: the
    band between the box's top and bottom rules, from its last inner rule (the divider) to its right rule."""
    dark = np.asarray(image) < 140
    long_rows = np.flatnonzero(dark.mean(axis=1) > 0.5)
    above = long_rows[long_rows <= label_top]
    below = long_rows[long_rows > label_top]
    if not len(above) or not len(below):
        return None
    top, bottom = int(above[-1]) + 6, int(below[0]) - 6
    columns = np.flatnonzero(dark[top:bottom].mean(axis=0) > 0.7)
    groups = np.split(columns, np.flatnonzero(np.diff(columns) > 3) + 1)
    if len(groups) < 2:
        return None
    return image.crop((int(groups[-2][-1]) + 8, top, int(groups[-1][0]) - 8, bottom))


def read_scans_cli(pdf: Path, source: str = "pdfimages", psm: int = 6) -> dict[str, tuple[str, str]]:
    """The scanned agreements read another way than the reference: the page's own image (``source``), levelled
    and doubled in size, read by the tesseract command line (``psm``); the grade box found by its ruling below the
    words "Grade to be assigned" and its cell read as one line of grade letters."""
    found = {}
    for scan in scan_images(pdf, source):
        page = deskew(scan)
        page = page.crop((0, 0, page.width, page.height // 2 + page.height // 8))  # the fields and the grade box
        page = page.resize((page.width * 2, page.height * 2), Image.Resampling.LANCZOS)
        words = tesseract_words(page, psm)
        text = " ".join(w["text"] for w in words)
        ref, student = re.search(r"IC-25F-(\d{3})", text), re.search(r"\bW(\d{7})\b", text, re.IGNORECASE)
        label = next((w for w, after in zip(words, words[1:] + words[:1], strict=True)
                      if w["text"] == "Grade" and after["text"] == "to"), None)
        if not (ref and student and label):
            continue
        cell = boxed_cell(page, int(label["top"]))
        if cell is None:
            continue
        ink = ImageOps.expand(cell.point(lambda v: 255 if v > 140 else 0), 30, 255)
        with tempfile.TemporaryDirectory() as tmp:
            ink.save(f"{tmp}/cell.png")
            grade = subprocess.run(["tesseract", f"{tmp}/cell.png", "stdout", "--psm", "7", "-c",
                                    "tessedit_char_whitelist=ABCDF"], check=True, capture_output=True, text=True,
                                   env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout.strip()
        if grade[:1] in ("A", "B", "C", "D", "F"):
            found[f"W{student[1]}"] = (f"IC-25F-{ref[1]}", grade[0])
    return found


#: How each style reads a scanned agreement: the embedded JPEG (pdfimages or pypdf) and tesseract's page mode.
READERS = {"tables": partial(read_scans_cli, source="pdfimages", psm=6),
           "prose": partial(read_scans_cli, source="pypdf", psm=4),
           "terse": partial(read_scans_cli, source="pdfimages", psm=3)}


def tables(a: Analysis) -> None:
    book = openpyxl.Workbook()
    scores = book.active
    scores.title = "Scores"
    if a.hard:
        scores.append(["Student ID", *HARD_SCORE_HEADERS])
    else:
        scores.append(["Student ID", "Homework", *[f"Q{n}" for n in range(1, 7)], "Midterm", "Final"])
    for s in a.students:
        scores.append([s.id, *hard_score_values(s)] if a.hard else [s.id, s.hw, *s.quizzes, s.midterm, s.final])
    roster = book.create_sheet("Roster", 0)
    roster.append(["Fall 2025 roster audit (records file)"])
    roster.append(["Student ID", "Student name", "Weighted score", "Letter from score", "Roster grade",
                   "Corrected grade"])
    w = a.weights
    for n, s in enumerate(a.students, start=2):
        r = n + 1
        formula = (f"=ROUND({w['homework']}*Scores!B{n}+{w['quizzes']}*(SUM(Scores!C{n}:H{n})-MIN(Scores!C{n}:H{n}))"
                   f"+{w['midterm']}*Scores!I{n}+{w['final']}*Scores!J{n},2)") if s.score is not None else None
        if a.hard and s.score is not None:
            formula = hard_formula(a, 2, n, sheet="Scores!")
        letter = (f'=IF(C{r}>=90,"A",IF(C{r}>=80,"B",IF(C{r}>=70,"C",IF(C{r}>=60,"D","F"))))'
                  if s.score is not None else "n/a")
        roster.append([s.id, s.name, formula, letter, s.roster, s.corrected])
    book.save(OUT / WORKBOOK)
    document = docx.Document()
    document.add_heading("Grade roster audit, Fall 2025", level=1)
    document.add_paragraph("For: Dean of Academic Affairs. Students are identified by ID only.")
    changed = a.changed()
    table = document.add_table(rows=1, cols=4)
    for cell, text in zip(table.rows[0].cells, ("Student ID", "Roster grade", "Corrected grade", "Basis"),
                          strict=True):
        cell.text = text
    for s in changed:
        for cell, text in zip(table.add_row().cells, (s.id, s.roster, s.corrected, s.reason), strict=True):
            cell.text = text
    for s in a.students:
        if s.unsettled:
            document.add_paragraph(f"Open item, {s.id}: {s.unsettled}.")
    document.add_paragraph(f"The remaining {len(a.students) - len(changed) - 1} grades match the gradebook.")
    document.save(OUT / MEMO)


def prose(a: Analysis) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Roster"
    scores = HARD_SCORE_HEADERS if a.hard else ["HW %", *[f"Quiz {n}" for n in range(1, 7)], "Midterm", "Final"]
    sheet.append(["Student ID", *scores, "Weighted score", "Roster grade", "Corrected grade"])
    w = a.weights
    for n, s in enumerate(a.students, start=2):
        formula = (f"=ROUND(B{n}*{w['homework']}+(SUM(C{n}:H{n})-SMALL(C{n}:H{n},1))*{w['quizzes']}"
                   f"+I{n}*{w['midterm']}+J{n}*{w['final']},2)") if s.score is not None else None
        if a.hard and s.score is not None:
            formula = hard_formula(a, 2, n, low="SMALL")
        grade = "I (pending agreement)" if s.unsettled else s.corrected
        values = hard_score_values(s) if a.hard else [s.hw, *s.quizzes, s.midterm, s.final]
        sheet.append([s.id, *values, formula, s.roster, grade])
    book.save(OUT / WORKBOOK)
    document = docx.Document()
    document.add_paragraph("Dean Pettibone,")
    parts = []
    for s in a.changed():
        if s.corrected == "W":
            parts.append(f"Student {s.id} withdrew after the census date and before the withdrawal deadline, so the "
                         f"\"{s.roster}\" on the roster has to come off and a W go on instead.")
        else:
            parts.append(f"For student {s.id} the roster's \"{s.roster}\" should be \"{s.corrected}\": {s.reason}.")
    for s in a.students:
        if s.unsettled:
            parts.append(f"I have not changed the incomplete for student {s.id}: {s.unsettled}.")
    document.add_paragraph(" ".join(parts))
    document.add_paragraph("Everything else on the roster agrees with the gradebook under the syllabus policy.")
    document.save(OUT / MEMO)


def terse(a: Analysis) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Roster"
    scores = HARD_SCORE_HEADERS if a.hard else ["Homework", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Midterm", "Final"]
    sheet.append(["Student ID", "Corrected grade", "Roster grade", "Weighted score", *scores])
    w = a.weights
    for n, s in enumerate(sorted(a.students, key=lambda x: x.id, reverse=True), start=2):
        formula = (f"=ROUND(E{n}*{w['homework']}+L{n}*{w['midterm']}+M{n}*{w['final']}+{w['quizzes']}*("
                   f"LARGE(F{n}:K{n},1)+LARGE(F{n}:K{n},2)+LARGE(F{n}:K{n},3)+LARGE(F{n}:K{n},4)"
                   f"+LARGE(F{n}:K{n},5)),2)") if s.score is not None else None
        if a.hard and s.score is not None:
            formula = hard_formula(a, 5, n)
        values = hard_score_values(s) if a.hard else [s.hw, *s.quizzes, s.midterm, s.final]
        sheet.append([s.id, s.corrected, s.roster, formula, *values])
    book.save(OUT / WORKBOOK)
    document = docx.Document()
    document.add_paragraph("Roster audit, STAT C1000, Fall 2025. IDs only.")
    for n, s in enumerate(a.changed(), start=1):
        document.add_paragraph(f"{n}. {s.id}: {s.roster} -> {s.corrected} ({s.reason}).")
    for s in a.students:
        if s.unsettled:
            document.add_paragraph(f"Open: {s.id} stays I; agreement not on file, requested.")
    document.add_paragraph("All other grades agree with the gradebook.")
    document.save(OUT / MEMO)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True)
    style = parser.parse_args().style
    a = analyse(scan_reader=READERS[style])
    OUT.mkdir(parents=True, exist_ok=True)
    {"tables": tables, "prose": prose, "terse": terse}[style](a)
    asked = questions(a)
    write_completion([WORKBOOK, MEMO], findings(a), f"Roster audited ({style}).",
                     "needs_clarification" if asked else "completed", asked)


if __name__ == "__main__":
    main()
