"""EDU-01 reference solution and its plausible wrong variants (`--variant NAME`, solutions.json).

Runs as an ordinary worker: its working directory is the workspace (task.json, BRIEF.md, inputs/), WP42_OUT names
out/, and it never reads the oracle. :func:`analyse` does the work an academic records analyst does (the syllabus's
weights, dropped quiz and cut-offs; the calendar's census, withdrawal and incomplete deadlines; the agreements on
file; each roster grade against the recomputed one); :func:`write_workbook` and :func:`write_memo` write the brief's
deliverables. Each wrong variant changes one thing.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import docx
import icalendar
import openpyxl
import pypdf

WORKSPACE = Path.cwd()
INPUTS = WORKSPACE / "inputs"
OUT = Path(os.environ["WP42_OUT"])
WORKBOOK = "corrected_roster.xlsx"
MEMO = "memo_to_dean.docx"
CATEGORY_NAMES = {"Homework": "homework", "Quizzes": "quizzes", "Midterm exam": "midterm", "Final exam": "final"}


@dataclass
class Student:
    id: str
    name: str
    status: str
    drop: date | None
    roster: str
    note: str
    hw: float | None = None
    quizzes: list[float | None] = field(default_factory=list)
    midterm: float | None = None
    final: float | None = None
    score: Decimal | None = None
    corrected: str = ""
    reason: str = ""
    unsettled: str = ""


@dataclass
class Analysis:
    weights: dict[str, Decimal]
    cutoffs: list[tuple[str, Decimal]]
    dates: dict[str, date]
    audit: date
    students: list[Student]

    def changed(self) -> list[Student]:
        return [s for s in self.students if s.corrected != s.roster]


def pdf_text(name: str) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(INPUTS / name).pages)


def q2(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def calendar_dates() -> dict[str, date]:
    """census, withdraw and incomplete deadlines from the academic calendar's event summaries."""
    cal = icalendar.Calendar.from_ical((INPUTS / "academic_calendar_2025_26.ics").read_bytes())
    found = {}
    for event in cal.walk("VEVENT"):
        summary, day = str(event["SUMMARY"]).lower(), event["DTSTART"].dt
        day = day.date() if isinstance(day, datetime) else day
        if "census" in summary:
            found["census"] = day
        elif "withdraw" in summary:
            found["withdraw"] = day
        elif "incomplete" in summary:
            found["incomplete"] = day
    return found


def analyse(variant: str = "reference") -> Analysis:
    """The audit a careful records analyst makes from the inputs."""
    syllabus = re.sub(r"\s+", " ", pdf_text("syllabus.pdf"))
    weights = {CATEGORY_NAMES[m[1]]: Decimal(m[2]) / 100
               for m in re.finditer(r"(Homework|Quizzes|Midterm exam|Final exam) (\d+)%", syllabus)}
    cutoffs = [(m[2], Decimal(m[1])) for m in re.finditer(r"(\d+\.\d\d) (?:and above|to \d+\.\d\d) ([A-D])", syllabus)]
    cutoffs.append(("F", Decimal(0)))
    dates = calendar_dates()
    brief = (WORKSPACE / "BRIEF.md").read_text(encoding="utf-8")
    audit = datetime.strptime(re.search(r"as of (\w+ \d+, \d{4})", re.sub(r"\s+", " ", brief))[1], "%B %d, %Y").date()
    agreements_text = re.sub(r"\s+", " ", pdf_text("incomplete_agreements.pdf"))
    agreements = {m[2]: (m[1], m[3]) for m in re.finditer(
        r"Agreement (IC-\S+) .*?Student ID (W\d+) .*?Grade to be assigned if the work is not completed ([A-F])\b",
        agreements_text)}
    with open(INPUTS / "grade_roster_export.csv", encoding="utf-8") as handle:
        roster = list(csv.DictReader(handle))
    book = openpyxl.load_workbook(INPUTS / "gradebook.xlsx", data_only=True)
    sheet = book["Gradebook"]
    scores = {}
    for row in sheet.iter_rows(min_row=4, values_only=True):
        if row[0]:
            scores[row[0]] = row
    students = []
    for r in roster:
        drop = date.fromisoformat(r["Drop date"]) if r["Drop date"] else None
        s = Student(r["Student ID"], r["Student name"], r["Enrollment status"], drop, r["Final grade"], r["Notes"])
        row = scores[s.id]
        s.hw, s.quizzes, s.midterm, s.final = row[2], list(row[3:9]), row[9], row[10]
        students.append(s)
    a = Analysis(weights, cutoffs, dates, audit, students)
    for s in students:
        grade(a, s, agreements, variant)
    return a


def weighted(a: Analysis, s: Student, variant: str) -> Decimal:
    quizzes = sorted(Decimal(str(q)) for q in s.quizzes)
    quiz_avg = sum(quizzes) / len(quizzes) * 5 if variant == "keeps_lowest_quiz" else sum(quizzes[1:])
    return q2(a.weights["homework"] * Decimal(str(s.hw)) + a.weights["quizzes"] * quiz_avg
              + a.weights["midterm"] * Decimal(str(s.midterm)) + a.weights["final"] * Decimal(str(s.final)))


def letter(a: Analysis, score: Decimal, variant: str) -> str:
    if variant == "strict_cutoff":
        return next(g for g, floor in a.cutoffs if score > floor or floor == 0)
    return next(g for g, floor in a.cutoffs if score >= floor)


def grade(a: Analysis, s: Student, agreements: dict[str, tuple[str, str]], variant: str) -> None:
    """Set the student's corrected grade and the reason for any change."""
    if s.status == "Dropped" and s.drop and a.dates["census"] < s.drop <= a.dates["withdraw"]:
        s.corrected = "W"
        s.reason = (f"dropped on {s.drop:%B %-d, %Y}, after the census date ({a.dates['census']:%B %-d, %Y}) and "
                    f"on or before the last day to withdraw ({a.dates['withdraw']:%B %-d, %Y}): the grade is W "
                    "(AP 4230), not a letter grade")
    elif s.roster == "I":
        ref = s.note.split()[-1] if s.note else "(no reference)"
        if s.id in agreements and a.audit > a.dates["incomplete"]:
            s.corrected = agreements[s.id][1]
            s.reason = (f"incomplete under agreement {ref}; the completion deadline "
                        f"({a.dates['incomplete']:%B %-d, %Y}) has passed with the final exam not taken, so the I "
                        f"lapses to the grade stated on the agreement, {s.corrected}")
        elif variant == "guesses_incomplete":
            s.corrected = "F"
            s.reason = f"incomplete past the deadline ({a.dates['incomplete']:%B %-d, %Y}); assumed to lapse to F"
        else:
            s.corrected = "I"
            s.unsettled = (f"the roster refers to incomplete agreement {ref}, which is not among the agreements on "
                           f"file; the completion deadline ({a.dates['incomplete']:%B %-d, %Y}) has passed, but "
                           "without the agreement the lapse grade cannot be determined, so the I stands for now")
    else:
        s.score = weighted(a, s, variant)
        s.corrected = letter(a, s.score, variant)
        if s.corrected != s.roster:
            s.reason = (f"the gradebook gives a weighted score of {s.score:.2f}, which is a {s.corrected} under "
                        f"the syllabus cut-offs; the roster shows {s.roster}")
    if variant == "ignores_planted":
        s.corrected, s.reason, s.unsettled = s.roster, "", ""


def write_workbook(a: Analysis, variant: str, formulas: bool = True) -> None:
    """Sheet Roster: the score columns, best-five quiz total, weighted score as a live formula, the grades."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Roster"
    sheet.append(["Student ID", "Student name", "Homework (%)", *[f"Quiz {n}" for n in range(1, 7)],
                  "Best five quizzes (%)", "Midterm", "Final exam", "Weighted score", "Roster grade",
                  "Corrected grade", "Note"])
    w = a.weights
    for n, s in enumerate(a.students, start=2):
        graded = s.score is not None
        best = (f"=SUM(D{n}:I{n})-MIN(D{n}:I{n})" if variant != "keeps_lowest_quiz" else f"=AVERAGE(D{n}:I{n})*5"
                ) if graded else None
        score = (f"=ROUND({w['homework']}*C{n}+{w['quizzes']}*J{n}+{w['midterm']}*K{n}+{w['final']}*L{n},2)"
                 if graded else None)
        if not formulas and graded:
            best, score = float(sum(sorted(s.quizzes)[1:])), float(s.score)
        sheet.append([s.id, s.name, s.hw, *s.quizzes, best, s.midterm, s.final, score, s.roster, s.corrected,
                      s.reason or s.unsettled])
    book.save(OUT / WORKBOOK)


def findings(a: Analysis) -> list[str]:
    return [f"Student {s.id}: roster grade {s.roster} should be {s.corrected}; {s.reason}." for s in a.changed()]


def questions(a: Analysis) -> list[str]:
    return [f"Student {s.id}: {s.unsettled}. Please send the agreement (or tell me the grade it states)."
            for s in a.students if s.unsettled]


def write_memo(a: Analysis, variant: str) -> None:
    document = docx.Document()
    document.add_heading("Memo: Fall 2025 grade roster audit", level=1)
    document.add_paragraph(f"To: Lorraine Pettibone, dean of academic affairs. Date: {a.audit:%B %-d, %Y}.")
    document.add_paragraph(f"I recomputed every grade on the roster ({len(a.students)} students) from the gradebook "
                           "under the syllabus's weights (homework 25%, quizzes 15% with the lowest dropped, midterm "
                           "25%, final exam 35%) and checked drops and incompletes against the academic calendar.")
    document.add_heading("Grades that must change", level=2)
    for s in a.changed():
        who = f"{s.name} ({s.id})" if variant == "names_students" else s.id
        document.add_paragraph(f"Student {who}: change {s.roster} to {s.corrected}. Reason: {s.reason}.",
                               style="List Bullet")
    if not a.changed():
        document.add_paragraph("No grade needs to change.")
    document.add_heading("Grades I could not settle", level=2)
    unsettled = [s for s in a.students if s.unsettled]
    for s in unsettled:
        document.add_paragraph(f"Student {s.id}: {s.unsettled}. I have asked for the agreement.", style="List Bullet")
    if not unsettled:
        document.add_paragraph("None.")
    document.add_heading("Other grades", level=2)
    document.add_paragraph("Every other roster grade agrees with the grade the gradebook gives under the syllabus. "
                           "A weighted score exactly on a cut-off earns the higher letter, as the syllabus says.")
    document.save(OUT / MEMO)


def write_completion(deliverables: list[str], issues: list[str], summary: str, status: str = "completed",
                     asked: list[str] | None = None) -> None:
    """out/COMPLETION.json with the six fields of benchmark/COMPLETION_SCHEMA.json."""
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": status, "summary": summary, "deliverables": deliverables + ["COMPLETION.json"],
        "assumptions": [], "questions": asked or [], "issues_found": issues}, indent=2), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="reference")
    variant = parser.parse_args().variant
    a = analyse(variant)
    OUT.mkdir(parents=True, exist_ok=True)
    write_workbook(a, variant, formulas=variant != "typed_values")
    write_memo(a, variant)
    asked = questions(a)
    issues = findings(a)
    if variant == "invents_issues":
        decoy = next(s for s in a.students if s.score is not None and any(s.score == f for _, f in a.cutoffs))
        issues.append(f"Student {decoy.id}: the weighted score {decoy.score:.2f} sits on a cut-off; the roster "
                      f"grade {decoy.roster} is wrong and should be reviewed.")
    if variant == "asks_needless_question":
        asked = ["Should a weighted score exactly on a cut-off be rounded down?"]
    write_completion([WORKBOOK, MEMO], issues, f"Audited {len(a.students)} roster grades; {len(a.changed())} must "
                     "change.", "needs_clarification" if asked else "completed", asked)


if __name__ == "__main__":
    main()
