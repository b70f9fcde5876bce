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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import docx
import icalendar
import openpyxl
import pypdf
from agreement_scan import read_scans

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
    #: the hard level's gradebook: ten homework sets (points, None for not submitted, "EX" excused) and the sets
    #: handed in late (0-based), per the gradebook's Late work sheet
    sets: list = field(default_factory=list)
    late: set[int] = field(default_factory=set)
    prior_w: int = 0
    prior_attempts: int = 0
    petition: str = ""
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
    #: the hard level's rules from the syllabus: the share of points a late set earns and the limit on W notations
    hard: bool = False
    late_credit: Fraction = Fraction(1)
    w_limit: int = 0

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


def analyse(variant: str = "reference", scan_reader: Callable[[Path], dict[str, tuple[str, str]]] | None = None
            ) -> Analysis:
    """The audit a careful records analyst makes from the inputs. An agreement the file holds only as a scanned page
    (no text layer) is read with ``scan_reader`` (default :func:`agreement_scan.read_scans`, tesseract through
    pytesseract): student ID -> (agreement reference, grade to be assigned)."""
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
    if variant != "reads_text_layer":  # the variant stops at the text layer, as a quick PDF-to-text does
        scans = (scan_reader or read_scans)(INPUTS / "incomplete_agreements.pdf")
        agreements.update({sid: found for sid, found in scans.items() if sid not in agreements})
    with open(INPUTS / "grade_roster_export.csv", encoding="utf-8") as handle:
        roster = list(csv.DictReader(handle))
    book = openpyxl.load_workbook(INPUTS / "gradebook.xlsx", data_only=True)
    sheet = book["Gradebook"]
    scores = {}
    for row in sheet.iter_rows(min_row=4, values_only=True):
        if row[0]:
            scores[row[0]] = row
    hard = "Late work" in book.sheetnames
    students = []
    for r in roster:
        drop = date.fromisoformat(r["Drop date"]) if r["Drop date"] else None
        s = Student(r["Student ID"], r["Student name"], r["Enrollment status"], drop, r["Final grade"], r["Notes"])
        row = scores[s.id]
        if hard:
            s.sets, s.quizzes, s.midterm, s.final = list(row[2:12]), list(row[12:18]), row[18], row[19]
        else:
            s.hw, s.quizzes, s.midterm, s.final = row[2], list(row[3:9]), row[9], row[10]
        students.append(s)
    a = Analysis(weights, cutoffs, dates, audit, students, hard=hard)
    if hard:
        read_hard_records(a, syllabus, book)
    for s in students:
        grade(a, s, agreements, variant)
    return a


def read_hard_records(a: Analysis, syllabus: str, book: openpyxl.Workbook) -> None:
    """The hard level's further rules and records: the late credit and W limit from the syllabus, the late sets from
    the gradebook's Late work sheet, earlier W notations from the course history, approved late withdrawals from the
    registrar's actions."""
    a.late_credit = Fraction(int(re.search(r"earns (\d+)% of the points", syllabus)[1]), 100)
    words = {"two": 2, "three": 3, "four": 4}
    a.w_limit = words[re.search(r"W in the same course no more than (\w+) times", syllabus)[1]]
    by_id = {s.id: s for s in a.students}
    for row in book["Late work"].iter_rows(min_row=2, values_only=True):
        if row[0] in by_id:
            by_id[row[0]].late.add(int(str(row[2]).split()[-1]) - 1)
    with open(INPUTS / "course_history_stat_c1000.csv", encoding="utf-8") as handle:
        for r in csv.DictReader(handle):
            if r["Student ID"] in by_id:
                by_id[r["Student ID"]].prior_attempts += 1
                by_id[r["Student ID"]].prior_w += r["Final grade"] == "W"
    actions = re.sub(r"\s+", " ", pdf_text("registrar_actions_fall_2025.pdf"))
    for m in re.finditer(r"(LW-\S+) (W\d{7}) Late withdrawal petition.*?(Approved|Denied)", actions):
        if m[3] == "Approved" and m[2] in by_id:
            by_id[m[2]].petition = m[1]


def hard_unrounded(a: Analysis, s: Student, variant: str) -> Fraction:
    """The hard syllabus's weighted score before rounding (blanks count as zero, EX is left out, late sets earn the
    late credit, the lowest quiz is dropped)."""
    sets = [(n, Fraction(p or 0)) for n, p in enumerate(s.sets) if p != "EX"]
    hw = sum(p * (a.late_credit if n in s.late else 1) for n, p in sets) * 100 / (10 * len(sets))
    quizzes = sorted(Fraction(q or 0) for q in s.quizzes if q != "EX")
    kept = quizzes if variant == "keeps_lowest_quiz" else quizzes[1:]
    quiz = sum(kept) * 100 / (20 * len(kept))
    w = {k: Fraction(v) for k, v in a.weights.items()}
    return (w["homework"] * hw + w["quizzes"] * quiz + w["midterm"] * Fraction(s.midterm or 0)
            + w["final"] * Fraction(s.final or 0))


def weighted(a: Analysis, s: Student, variant: str) -> Decimal:
    if a.hard:
        value = hard_unrounded(a, s, variant)
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return exact.quantize(Decimal("0.01"), "ROUND_DOWN") if variant == "truncates_score" else q2(exact)
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
    in_window = s.status == "Dropped" and s.drop and a.dates["census"] < s.drop <= a.dates["withdraw"]
    earlier = s.prior_attempts if variant == "counts_all_attempts" else s.prior_w
    limit_reached = a.hard and earlier >= a.w_limit
    if in_window and limit_reached and variant != "misses_prior_attempts":
        s.score = weighted(a, s, variant)
        s.corrected = letter(a, s.score, variant)
        s.reason = (f"dropped on {s.drop:%B %-d, %Y}, within the W period, but the course history already shows "
                    f"{s.prior_w} W notations in STAT C1000 and the syllabus allows no more than {a.w_limit}: the "
                    f"letter grade earned is due, work not submitted scored as zero (weighted score {s.score:.2f})")
    elif a.hard and s.status == "Dropped" and s.drop and s.drop > a.dates["withdraw"] and s.petition \
            and variant != "ignores_petition":
        s.corrected = "W"
    elif a.hard and s.status == "Dropped" and s.drop and s.drop > a.dates["withdraw"]:
        s.score = weighted(a, s, variant)
        s.corrected = letter(a, s.score, variant)
        s.reason = (f"dropped on {s.drop:%B %-d, %Y}, after the last day to withdraw "
                    f"({a.dates['withdraw']:%B %-d, %Y}), with no approved late withdrawal: the letter grade earned")
    elif in_window:
        s.corrected = "W"
        s.reason = (f"dropped on {s.drop:%B %-d, %Y}, after the census date ({a.dates['census']:%B %-d, %Y}) and "
                    f"on or before the last day to withdraw ({a.dates['withdraw']:%B %-d, %Y}): the grade is W "
                    "(AP 4230), not a letter grade")
    elif s.roster == "I" or (s.note.startswith("Incomplete agreement") and s.id in agreements):
        # an incomplete, or one whose lapse grade is already posted (its agreement decides whether that is right)
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


#: The hard level's score block, in this order: ten homework sets, the late sets' points, six quizzes, the exams.
HARD_SCORE_HEADERS = [*[f"HW {n}" for n in range(1, 11)], "Late sets' points", *[f"Quiz {n}" for n in range(1, 7)],
                      "Midterm", "Final exam"]


def hard_score_values(s: Student) -> list:
    """The hard score block's values for ``s``: work not submitted as 0, EX kept (SUM, MIN and COUNT skip it), and
    the points scored on late sets (the formula takes the late penalty off them)."""
    late_points = sum(s.sets[n] for n in s.late)
    return [*[0 if p is None else p for p in s.sets], late_points, *[0 if q is None else q for q in s.quizzes],
            s.midterm or 0, s.final or 0]


def hard_formula(a: Analysis, first: int, row: int, sheet: str = "", low: str = "MIN", variant: str = "") -> str:
    """The weighted score as one live formula over a hard score block that starts at column number ``first``
    (1-based) of row ``row`` (on ``sheet`` when given): homework (points less the late penalty) over the sets not
    excused, quizzes without the lowest over the quizzes not excused, the exams; rounded to two decimals."""
    from openpyxl.utils import get_column_letter as col

    def ref(offset: int) -> str:
        return f"{sheet}{col(first + offset)}{row}"

    hw, quiz = f"{ref(0)}:{col(first + 9)}{row}", f"{ref(11)}:{col(first + 16)}{row}"
    penalty = 1 - a.late_credit
    w = a.weights
    quiz_part = (f"SUM({quiz})/(20*COUNT({quiz}))*100" if variant == "keeps_lowest_quiz" else
                 f"(SUM({quiz})-{low}({quiz}{',1' if low == 'SMALL' else ''}))/(20*(COUNT({quiz})-1))*100")
    return (f"=ROUND({w['homework']}*(SUM({hw})-{float(penalty)}*{ref(10)})/(10*COUNT({hw}))*100"
            f"+{w['quizzes']}*{quiz_part}+{w['midterm']}*{ref(17)}+{w['final']}*{ref(18)},2)")


def write_hard_workbook(a: Analysis, variant: str, formulas: bool = True) -> None:
    """Sheet Roster at the hard level: the 19-column score block, the weighted score as a live formula, grades."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Roster"
    sheet.append(["Student ID", "Student name", *HARD_SCORE_HEADERS, "Weighted score", "Roster grade",
                  "Corrected grade", "Note"])
    for n, s in enumerate(a.students, start=2):
        score = None
        if s.score is not None:
            score = hard_formula(a, 3, n, variant=variant) if formulas else float(s.score)
        sheet.append([s.id, s.name, *hard_score_values(s), score, s.roster, s.corrected, s.reason or s.unsettled])
    book.save(OUT / WORKBOOK)


def write_workbook(a: Analysis, variant: str, formulas: bool = True) -> None:
    """Sheet Roster: the score columns, best-five quiz total, weighted score as a live formula, the grades."""
    if a.hard:
        write_hard_workbook(a, variant, formulas)
        return
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
