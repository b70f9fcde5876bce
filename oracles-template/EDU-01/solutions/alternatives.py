"""EDU-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is the reference's analysis (solve.analyse: the same answer) written the way a different professional
would: ``tables`` (a Scores sheet the Roster formulas reference, a findings table in the memo), ``prose`` (dense
prose, "withdrew" in words, quoted grades, "I (pending agreement)"), ``terse`` (a numbered memo with arrows, the
roster in another order, LARGE in the formula). Runs as an ordinary worker, like solve.py.
"""

from __future__ import annotations

import argparse

import docx
import openpyxl
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
    a = analyse()
    OUT.mkdir(parents=True, exist_ok=True)
    {"tables": tables, "prose": prose, "terse": terse}[style](a)
    asked = questions(a)
    write_completion([WORKBOOK, MEMO], findings(a), f"Roster audited ({style}).",
                     "needs_clarification" if asked else "completed", asked)


if __name__ == "__main__":
    main()
