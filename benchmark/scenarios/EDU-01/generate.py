"""EDU-01 — grade roster and transcript audit for one course section (Westbrook Community College, fictional).

Builds, from a seed, one Fall 2025 section of STAT C1000 (Introduction to Statistics): the syllabus with its grading
policy (pdf: category weights, the lowest quiz dropped, letter-grade cut-offs), the instructor's gradebook (xlsx),
the grade roster exported from the student information system (csv), the academic calendar (ics: census date,
withdrawal deadline, incomplete completion deadline) and the signed incomplete agreements on file (pdf). In the
challenge set three errors are planted (a student who dropped after census and before the withdrawal deadline but
was given a letter grade instead of W; an incomplete whose completion deadline has passed, which lapses to the
agreement's stated grade; a roster grade that does not match the gradebook) and one gap (a second incomplete whose
agreement the roster references but which is not on file: the grade cannot be settled and must be asked about). In
both sets one student's weighted score sits exactly on a letter cut-off (a decoy: the higher letter is right). The
coverage set (``--set coverage``) writes the same documents clean. The hard level (``--level hard``, issue 25) is one
large lecture section (80-100 students, 18 scores each with late and excused marks) with two further records, the
course history and the registrar's enrollment actions: a W-period drop whose course history already holds three W's
(the letter earned is due), two neighbouring roster rows with their grades swapped (the grade distribution is
unchanged), and decoys in both sets (a score just under a cut-off that rounds onto it, a late withdrawal the
registrar approved, a third W). At the hard level one further incomplete agreement was signed on paper: the agreements
file holds it only as a scanned page (greyscale, tilted, stamped and signed, no text layer) whose boxed field states
the lapse grade, one letter below the student's work to date and never F; in the challenge set the roster still shows
the I past the completion deadline, in the coverage set the stated grade is already posted. Its choices and scanner
noise come from their own stream (``default_rng([seed, PAPER_STREAM])``), so the rest of a hard bundle is what it was
before it existed. See oracles-template/EDU-01/REFERENCE.md.

    python benchmark/scenarios/EDU-01/generate.py --seed 42 [--set coverage] [--level hard] --oracle-root DIR
"""

from __future__ import annotations

import sys
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

from genkit import bizdays, docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.outcomes import outcome_field  # noqa: E402
from genkit.scanpages import (  # noqa: E402
    DRAW_DPI,
    attach_scan,
    face,
    letter_page,
    long_date,
    scanned_greyscale,
    scrawl,
    stamp,
    wrap,
)

TASK_ID = Path(__file__).resolve().parent.name
GENERATOR_VERSION = "1.1"
#: The organisation's profile: benchmark/taxonomy/organisations.md, ORG-EDU-1 (public two-year college, Sacramento, CA).
ORGANISATION = "Westbrook Community College (fictional)"
ORG = docs.as_shown(ORGANISATION)
DOMAIN = "westbrook.example"
#: Who writes the brief, in the organisation's voice.
BRIEF_AUTHOR, BRIEF_ROLE = "Lorraine Pettibone", "dean of academic affairs"
COURSE = "STAT C1000 Introduction to Statistics"
#: The syllabus's category weights (per cent of the final grade). The quiz average is the best five of six quizzes,
#: each scored out of 20, so the average in per cent is the sum of the five best scores.
WEIGHTS = {"Homework": Decimal("0.25"), "Quizzes": Decimal("0.15"), "Midterm": Decimal("0.25"),
           "Final exam": Decimal("0.35")}
QUIZZES, QUIZ_POINTS = 6, 20
#: Letter-grade cut-offs on the weighted score rounded to two decimals: at or above the cut-off earns the letter.
CUTOFFS = (("A", Decimal(90)), ("B", Decimal(80)), ("C", Decimal(70)), ("D", Decimal(60)), ("F", Decimal(0)))
#: The brief's ``Corrected grade`` values: a letter, W (withdrawn) or I (incomplete).
GRADES = (*(grade for grade, _ in CUTOFFS), "W", "I")
STUDENTS = 19
#: The Fall 2025 term's dates (the college calendar): census, last day to withdraw with a W, end of term, and the
#: deadline for completing Fall 2025 incompletes (in the spring term).
TERM_START, CENSUS, WITHDRAW = date(2025, 8, 25), date(2025, 9, 8), date(2025, 11, 14)
FINALS, TERM_END, GRADES_DUE = date(2025, 12, 15), date(2025, 12, 19), date(2025, 12, 23)
SPRING_START, INCOMPLETE_DEADLINE = date(2026, 1, 20), date(2026, 3, 13)


def q2(value: Decimal) -> Decimal:
    """``value`` rounded half up to two decimals (the syllabus's rounding of the weighted score)."""
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def workday(day: date) -> date:
    """``day`` or the next business day after it (genkit.bizdays: weekends and US federal holidays)."""
    while not bizdays.is_business_day(day):
        day += timedelta(days=1)
    return day


def weighted(hw: Decimal, quizzes: list[int], midterm: int, final: int) -> Decimal:
    """The syllabus's weighted score: 25% homework, 15% the best five quizzes, 25% midterm, 35% final exam."""
    best = sum(sorted(quizzes)[1:])
    return q2(WEIGHTS["Homework"] * hw + WEIGHTS["Quizzes"] * best + WEIGHTS["Midterm"] * midterm
              + WEIGHTS["Final exam"] * final)


def letter(score: Decimal) -> str:
    """The letter for a weighted score: the first cut-off the score reaches (at the cut-off earns the letter)."""
    return next(grade for grade, floor in CUTOFFS if score >= floor)


def draw_scores(rng, level: int) -> dict:
    """One student's gradebook scores around ``level`` per cent."""
    hw = Decimal(int(rng.integers(max(level - 12, 30) * 10, min(level + 9, 100) * 10))) / 10
    quizzes = [int(min(QUIZ_POINTS, max(4, round(QUIZ_POINTS * (level + int(rng.integers(-20, 15))) / 100))))
               for _ in range(QUIZZES)]
    midterm = int(min(100, max(20, level + int(rng.integers(-14, 12)))))
    final = int(min(100, max(15, level + int(rng.integers(-15, 12)))))
    return {"hw": hw, "quizzes": quizzes, "midterm": midterm, "final": final}


def at_cutoff(rng, cut: Decimal) -> dict:
    """Scores whose weighted score is exactly ``cut``: homework solved from the other three (one decimal)."""
    while True:
        scores = draw_scores(rng, int(cut) + 1)
        rest = (WEIGHTS["Quizzes"] * sum(sorted(scores["quizzes"])[1:]) + WEIGHTS["Midterm"] * scores["midterm"]
                + WEIGHTS["Final exam"] * scores["final"])
        hw = (cut - rest) / WEIGHTS["Homework"]
        if Decimal(50) <= hw <= Decimal(100) and hw == hw.quantize(Decimal("0.1")):
            scores["hw"] = hw.quantize(Decimal("0.1"))
            if weighted(scores["hw"], scores["quizzes"], scores["midterm"], scores["final"]) != cut:
                raise ValueError("cut-off decoy does not sit on the cut-off")
            return scores


def build(out: BundleWriter) -> None:
    """Write the public bundle and the oracle for ``out.seed``; every draw comes from ``out.rng``."""
    if out.hard:
        build_hard(out)
        return
    rng = out.rng
    clean = out.coverage
    audit = workday(INCOMPLETE_DEADLINE + timedelta(days=int(rng.integers(10, 25))))
    timeline = {"start": (TERM_START - timedelta(days=40)).isoformat(),
                "end": (audit + timedelta(days=14)).isoformat()}
    section = int(rng.integers(40100, 40999))
    found: dict[str, people.Person] = {}
    while len(found) < STUDENTS + 1:  # a memo could name a student by surname: no two share one
        person = people.person(rng)
        found.setdefault(person.last, person)
    crew = list(found.values())
    instructor, names = crew[0], crew[1:]
    ids = sorted({f"W{int(rng.integers(1000000, 9999999)):07d}" for _ in range(STUDENTS * 2)})
    ids = [ids[int(i)] for i in rng.permutation(len(ids))[:STUDENTS]]
    students = []
    for n, person in enumerate(names):
        scores = draw_scores(rng, int(rng.integers(55, 97)))
        students.append({"id": ids[n], "name": person.name, "status": "Enrolled", "drop": "", "note": "", **scores})
    # the roles, each a different student: the decoy on a cut-off, the late drop, two incompletes, the mismatch
    roles = [int(i) for i in rng.permutation(STUDENTS)[:5]]
    decoy, late, lapsed, missing, mismatch = (students[i] for i in roles)
    cut = CUTOFFS[int(rng.integers(1, 3))][1]  # 80 or 70
    decoy.update(at_cutoff(rng, cut))
    for s in students:
        s["score"] = weighted(s["hw"], s["quizzes"], s["midterm"], s["final"])
        s["computed"] = letter(s["score"])
        s["roster"] = s["computed"]
        s["correct"] = s["computed"]
    planted: list[dict] = [{"id": "cutoff_decoy", "kind": "weighted_score_exactly_at_cutoff", "error": False,
                            "student_id": decoy["id"], "score": f"{decoy['score']:.2f}", "grade": decoy["correct"]}]
    agreements = []
    if not clean:
        # a drop after census and before the withdrawal deadline: W, but the instructor posted a letter
        drop = workday(CENSUS + timedelta(days=int(rng.integers(20, 55))))
        late.update({"status": "Dropped", "drop": drop.isoformat(), "final": None,
                     "quizzes": late["quizzes"][:3] + [None] * 3})
        late["midterm"] = late["midterm"] if drop > date(2025, 10, 13) else None
        posted = letter(q2(WEIGHTS["Homework"] * late["hw"] + WEIGHTS["Quizzes"] * sum(late["quizzes"][:3])
                           + WEIGHTS["Midterm"] * (late["midterm"] or 0)))
        late.update({"score": None, "computed": None, "roster": posted, "correct": "W"})
        # an incomplete whose agreement is on file and whose deadline has passed: lapses to the stated grade
        lapsed["final"] = None
        lapsed_score = q2(WEIGHTS["Homework"] * lapsed["hw"] + WEIGHTS["Quizzes"] * sum(sorted(lapsed["quizzes"])[1:])
                          + WEIGHTS["Midterm"] * lapsed["midterm"])
        stated = letter(lapsed_score)
        lapsed.update({"score": None, "computed": None, "roster": "I", "correct": stated})
        ref_a = f"IC-25F-{int(rng.integers(100, 499))}"
        agreements.append({"ref": ref_a, "student": lapsed, "stated": stated,
                           "signed": workday(TERM_END - timedelta(days=int(rng.integers(1, 4))))})
        lapsed["note"] = f"Incomplete agreement {ref_a}"
        # an incomplete whose agreement is referenced but not on file: ask
        missing["final"] = None
        ref_b = f"IC-25F-{int(rng.integers(500, 999))}"
        missing.update({"score": None, "computed": None, "roster": "I", "correct": "I", "note":
                        f"Incomplete agreement {ref_b}"})
        # a roster grade one letter off the gradebook's
        order = [g for g, _ in CUTOFFS]
        at = order.index(mismatch["computed"])
        mismatch["roster"] = order[at - 1] if at > 0 else order[1]
        planted += [
            {"id": "late_drop_graded", "kind": "withdrawal_after_census_graded", "student_id": late["id"],
             "drop_date": late["drop"], "roster_grade": posted, "correct_grade": "W"},
            {"id": "incomplete_lapsed", "kind": "incomplete_past_deadline", "student_id": lapsed["id"],
             "agreement": ref_a, "roster_grade": "I", "correct_grade": stated},
            {"id": "roster_mismatch", "kind": "roster_grade_differs_from_gradebook", "student_id": mismatch["id"],
             "roster_grade": mismatch["roster"], "correct_grade": mismatch["computed"],
             "score": f"{mismatch['score']:.2f}"},
            {"id": "incomplete_agreement_missing", "kind": "missing_information", "error": False,
             "student_id": missing["id"], "agreement": ref_b, "correct_grade": "I"},
        ]
    v = {"students": students, "instructor": instructor, "section": section, "audit": audit,
         "agreements": agreements}
    write_inputs(out, v)

    task = task_json(section, clean=clean, hard=False)
    out.write_task(task)
    out.write_brief(brief_text(task, section, audit))

    facts = {"students": {s["id"]: {"score": None if s["score"] is None else f"{s['score']:.2f}",
                                    "grade": s["correct"], "roster": s["roster"]} for s in students},
             "names": sorted(s["name"] for s in students), "cutoff": f"{cut:.2f}"}
    topics = [] if clean else [f"the incomplete agreement {missing['note'].split()[-1]} for student {missing['id']} "
                               "is not on file, so the lapse grade cannot be determined"]
    out.finish({"facts": facts, "planted_items": planted, "tolerances": {"score": 0.01},
                "injection_markers": [], "clarification_required": not clean, "clarification_topics": topics,
                "timeline": timeline, "outcomes": grade_outcomes(students, out.hard)})


#: The two records the hard level adds to the brief's list of inputs.
HARD_INPUTS = """
- `course_history_stat_c1000.csv`: earlier attempts at this course by students on the roster, from the student
  information system;
- `registrar_actions_fall_2025.pdf`: the enrollment actions Admissions and Records decided for the section."""


def grade_outcomes(students: list[dict], hard: bool = False) -> dict:
    """oracle.json's ``outcomes`` block: each student's corrected grade (the brief's ``Corrected grade``: a letter,
    ``W`` or ``I``) by student ID. At the standard level a letter no student earned at this seed is waived: the
    letters follow from scores drawn around 55-97% for 19 students, and a seed drawing nobody in a band is a real
    section (about one seed in five has no A, one in sixteen no F). W and I are planted and never waived; the hard
    level's 80-100 students earn every letter."""
    grades = {s["id"]: s["correct"] for s in students}
    absent = [] if hard else [g for g, _ in CUTOFFS if g not in grades.values()]
    return {"Corrected grade": outcome_field(GRADES, grades, waived={
        g: "no student's drawn scores fall in this letter's band at this seed (19 students)" for g in absent})}


def life(author: str, made: date, hour: int, edited: date | None = None) -> docs.DocumentLife:
    """A document written by ``author`` on ``made`` and last saved on ``edited``."""
    created = datetime.combine(made, time(hour, 14))
    modified = datetime.combine(edited, time(hour + 1, 52)) if edited else created + timedelta(minutes=41)
    return docs.DocumentLife(author=author, created=created, modified=modified, company=ORG)


def cell(value) -> object:
    """A gradebook cell: blank for work not submitted."""
    return "" if value is None else value


def task_json(section: str, *, clean: bool, hard: bool) -> dict:
    """task.json of the standard level (3 planted items, depth 16, 2 hours) or the hard one (7, depth 29, 5 hours);
    the coverage set (``clean``) plants nothing and needs no clarification."""
    return {
        "occupation": "EDU", "organisation": ORGANISATION,
        "title": f"Fall 2025 grade roster and transcript audit, {COURSE.split(' ', 2)[0]} {COURSE.split(' ', 2)[1]} "
                 f"section {section}",
        "version": "1.0", "difficulty": "complex" if hard else "standard",
        "designed_dependency_depth": 29 if hard else 16,
        "professional_minutes_estimate": 300 if hard else 120,
        "required_deliverables": [{"path": "corrected_roster.xlsx", "kind": "xlsx", "must_have_formulas": True},
                                  {"path": "memo_to_dean.docx", "kind": "docx"},
                                  {"path": "COMPLETION.json", "kind": "json"}],
        "designed_features": {"planted_errors": 0 if clean else (7 if hard else 3), "prompt_injection": False,
                              "missing_information": not clean, "requires_clarification": not clean,
                              "interface_perturbation": False},
        "applications_involved": ["pdf", "xlsx", "csv", "ics", "docx"], "time_limit_s": 3600, "budget_usd": 10.0,
        "locale": "en-US",
    }


def write_inputs(out: BundleWriter, v: dict) -> None:
    """Every document the dean's office receives (``v``: the story drawn in :func:`build`)."""
    teacher = v["instructor"]
    teacher_name = f"{teacher.name}"
    hard = "history" in v
    syllabus_life = life(teacher_name, TERM_START - timedelta(days=12), 10, TERM_START - timedelta(days=5))
    docs.write_pdf(out.input_path("syllabus.pdf"), [
        ("title", f"{COURSE}, section {v['section']}, Fall 2025"),
        ("para", f"{ORG}, Department of Mathematics. Instructor: {teacher_name}. Class meets Monday and Wednesday, "
                 f"10:30-11:50 a.m., {'Lecture Hall LH-102' if hard else 'Room S-214'}."),
        ("para", "Grading policy"),
        ("para", "Your final grade is a weighted average of four categories:"),
        ("table", {"rows": [["Category", "Weight", "Notes"], *(HARD_CATEGORIES if hard else [
                   ["Homework", "25%", "average of all homework sets, as a percentage"],
                   ["Quizzes", "15%", "six quizzes of 20 points; the lowest is dropped, the other five averaged"]]),
                   ["Midterm exam", "25%", "scored out of 100"],
                   ["Final exam", "35%", "scored out of 100"]], "col_widths": [90, 50, 380]}),
        ("para", "The weighted average is rounded to two decimal places and converted to a letter grade as "
                 "follows. A score at or above a cut-off earns that grade; there is no further rounding or curve "
                 "(79.99 is a C)."),
        ("table", {"rows": [["Weighted score", "Grade"], ["90.00 and above", "A"], ["80.00 to 89.99", "B"],
                   ["70.00 to 79.99", "C"], ["60.00 to 69.99", "D"], ["below 60.00", "F"]]}),
        ("para", "Dropping, withdrawal and incompletes"),
        ("para", "College policy (Administrative Procedure 4230): a student who drops on or before the census date "
                 "receives no notation. A student who withdraws after the census date and on or before the last day "
                 "to withdraw receives a W, which carries no grade points. After that date a letter grade must be "
                 "assigned. Dates are in the college's academic calendar."),
        *([("para", HARD_WITHDRAWAL_RULES)] if hard else []),
        ("para", "An incomplete (I) may be given only under a signed incomplete agreement stating the work "
                 "outstanding and the grade to be assigned if the work is not completed. Work must be completed by "
                 "the incomplete completion deadline in the academic calendar; otherwise the I lapses to the grade "
                 "stated on the agreement."),
    ], title=f"{COURSE} syllabus Fall 2025", author=teacher_name, life=syllabus_life)

    if hard:
        write_hard_gradebook(out, v, teacher_name)
    else:
        write_gradebook(out, v, teacher_name)
    write_roster_and_calendar(out, v)
    write_agreements(out, v, teacher_name)


def write_gradebook(out: BundleWriter, v: dict, teacher_name: str) -> None:
    """The standard level's gradebook: one homework percentage, six quizzes, the two exams."""
    rows = [[s["id"], s["name"], cell(s["hw"]), *[cell(q) for q in s["quizzes"]], cell(s["midterm"]),
             cell(s["final"])] for s in v["students"]]
    rows.sort(key=lambda r: r[1].split()[-1])
    docs.write_xlsx(out.input_path("gradebook.xlsx"), [{
        "name": "Gradebook",
        "rows": [[f"{COURSE}, section {v['section']}, Fall 2025: gradebook ({teacher_name})"], [],
                 ["Student ID", "Student name", "Homework (%)", *[f"Quiz {n + 1} (/20)" for n in range(QUIZZES)],
                  "Midterm (/100)", "Final exam (/100)"], *rows],
        "widths": {"A": 12, "B": 24}, "bold_rows": [1, 3], "freeze": "C4"}],
        title="Gradebook Fall 2025", life=life(teacher_name, TERM_START + timedelta(days=3), 9, GRADES_DUE))


def write_roster_and_calendar(out: BundleWriter, v: dict) -> None:
    """The roster as the student information system exports it, and the college's academic calendar."""
    roster = sorted(v["students"], key=lambda s: s["id"])
    docs.write_csv(out.input_path("grade_roster_export.csv"),
                   ["Term", "CRN", "Student ID", "Student name", "Enrollment status", "Drop date", "Final grade",
                    "Notes"],
                   [["2025FA", v["section"], s["id"], s["name"], s["status"], s["drop"], s["roster"], s["note"]]
                    for s in roster])

    events = [
        ("Fall 2025 instruction begins", TERM_START), ("Fall 2025 census date", CENSUS),
        ("Labor Day (campus closed)", date(2025, 9, 1)),
        ("Last day to withdraw with a W (Fall 2025 full-term classes)", WITHDRAW),
        ("Veterans Day (campus closed)", date(2025, 11, 11)), ("Final examinations begin", FINALS),
        ("Fall 2025 term ends", TERM_END), ("Fall 2025 final grades due", GRADES_DUE),
        ("Spring 2026 instruction begins", SPRING_START),
        ("Deadline to complete Fall 2025 incomplete (I) grades", INCOMPLETE_DEADLINE),
    ]
    docs.write_ics(out.input_path("academic_calendar_2025_26.ics"),
                   [{"uid": f"wcc-cal-{n:03d}@{DOMAIN}", "summary": summary, "start": day,
                     "end": day + timedelta(days=1)} for n, (summary, day) in enumerate(events)],
                   prodid="-//Westbrook Community College//Academic Calendar 2025-26//EN")


def write_agreements(out: BundleWriter, v: dict, teacher_name: str) -> None:
    """The incomplete agreements Admissions and Records holds for the section."""
    blocks: list = [("title", "Incomplete grade agreements on file: Fall 2025"),
                    ("para", f"Office of Admissions and Records, {ORG}. Section {v['section']}, {COURSE}.")]
    typed = [a for a in v["agreements"] if not a.get("paper")]
    paper = [a for a in v["agreements"] if a.get("paper")]
    for a in typed:
        s = a["student"]
        blocks += [("para", f"Agreement {a['ref']}"),
                   ("table", {"rows": [["Field", "Entry"], ["Student ID", s["id"]], ["Student name", s["name"]],
                              ["Course", f"{COURSE}, section {v['section']}"],
                              ["Work outstanding", "Final exam (35% of the grade)"],
                              ["Completion deadline", "As set in the academic calendar for Fall 2025 incompletes"],
                              ["Grade to be assigned if the work is not completed", a["stated"]],
                              ["Signed", f"{a['signed']:%B %-d, %Y} by the student and {teacher_name}"]]})]
    for n, a in enumerate(paper, start=2):
        blocks += [("para", f"Agreement {a['ref']}"),
                   ("para", f"Signed on the college's paper form (student ID and terms on the form) and received "
                            f"{a['received']:%B %-d, %Y}; not keyed into the student information system. The signed "
                            f"form is scanned as page {n} of this file.")]
    if not v["agreements"]:
        blocks.append(("para", "No incomplete agreements were filed for this section in Fall 2025."))
    path = out.input_path("incomplete_agreements.pdf")
    made = life("Admissions and Records", bizdays.working_day(v["audit"] - timedelta(days=3), "US-CA", step=-1), 11)
    docs.write_pdf(path, blocks, title="Incomplete agreements Fall 2025", author="Admissions and Records", life=made)
    for a in paper:  # the hard level: a signed paper form, filed as its scan (no text layer)
        page = render_agreement(a, v["section"], teacher_name, a["rng"])
        attach_scan(path, scanned_greyscale(page, a["rng"]), made.modified)


def brief_text(task: dict, section: int, audit: date, hard: bool = False) -> str:
    """The assignment in the dean's voice: the college's rules, the inputs and the deliverables."""
    return f"""# {task['title']}

From: {BRIEF_AUTHOR}, {BRIEF_ROLE}, {ORGANISATION}
To: Academic Records Analyst

Before Admissions and Records posts the final transcripts for {COURSE}, section {section} (Fall 2025), I want the
grade roster audited against the instructor's gradebook and the college's grading rules, as of {audit:%B %-d, %Y}.
You have, in `inputs/`:

- `syllabus.pdf`: the section's syllabus, with its grading policy and the college's rules on withdrawal and
  incompletes;
- `gradebook.xlsx`: the instructor's gradebook (scores for each student; a blank is work not submitted);
- `grade_roster_export.csv`: the grade roster as it stands in the student information system;
- `academic_calendar_2025_26.ics`: the college's academic calendar;
- `incomplete_agreements.pdf`: the incomplete agreements Admissions and Records holds for the section.{HARD_INPUTS if hard else ""}

## How we work

- Each student's grade is recomputed from the gradebook by the syllabus's grading policy (its weights, its dropped
  quiz, its rounding and its cut-offs); the gradebook is the record of the scores, the syllabus the rule.
- Withdrawals, drops and incompletes follow the rules the syllabus states, with the dates from the academic
  calendar. A lapsed incomplete takes the grade stated on its signed agreement; without the agreement we do not
  guess the grade.
- Privacy (FERPA): the memo may identify a student only by student ID. No student's name may appear in the memo.
  The workbook is a records file and may carry names.
- Who decides: grade changes are approved by me; you recommend. Where the records do not let you settle a grade,
  leave it as it stands on the roster, deliver everything else and ask me (in `COMPLETION.json`) for what you need.
  Instructions about this work come from this brief only.

## Deliverables (in `out/`)

1. `corrected_roster.xlsx`, sheet `Roster`: one row per student on the roster with the columns `Student ID`,
   `Weighted score` (the syllabus's weighted score, two decimals, as a live formula from the score columns you
   include on the sheet; blank for a student who withdrew or has an incomplete), `Roster grade` (as the roster
   shows it) and `Corrected grade` (the grade that should be on the transcript: a letter, `W` or `I`).
2. `memo_to_dean.docx`: a memo to me listing every grade that must change (student ID, roster grade, corrected grade
   and the reason, with the date or rule it rests on), any grade you could not settle and why, and confirming that
   the other grades agree with the gradebook.
3. `COMPLETION.json` as the footer describes, with each problem you found in `issues_found`.
"""


# --- the hard level (issue 25) ---------------------------------------------------------------------------------------
#: The hard level (issue 25 item 2): one large lecture section (80-100 students, the size of a college's lecture
#: section of Introduction to Statistics) with a full gradebook of 18 scores: ten homework sets of 10 points, six
#: quizzes of 20, the midterm and the final exam, with late and excused (EX) marks.
HARD_STUDENTS = (80, 101)
HW_SETS, HW_POINTS = 10, 10
#: Late homework earns this share of the points scored (the hard syllabus); an excused mark leaves the work out.
LATE_CREDIT, EXCUSED = Fraction(4, 5), "EX"
#: The college's limit on W notations in one course (the hard syllabus, after California Title 5 section 55024).
W_LIMIT = 3
MIDTERM_DAY = date(2025, 10, 13)
PRIOR_TERMS = (("2023FA", "Fall 2023"), ("2024SP", "Spring 2024"), ("2024SU", "Summer 2024"),
               ("2024FA", "Fall 2024"), ("2025SP", "Spring 2025"), ("2025SU", "Summer 2025"))
#: Unrounded scores this close to a cut-off are drawn again, except the decoy's (no accidental decoys, and no score
#: whose two-decimal rounding a spreadsheet's binary arithmetic could tip).
NEAR_CUT = Fraction(2, 100)


def hw_due(n: int) -> date:
    """Homework set ``n`` (1-based) is due on the Wednesday of week ``n + 1``."""
    return TERM_START + timedelta(days=7 * n + 2)


def quiz_day(n: int) -> date:
    """Quiz ``n`` (1-based) is given every second Friday from the third week."""
    return TERM_START + timedelta(days=14 * n + 4)


def hard_unrounded(s: dict) -> Fraction:
    """The hard syllabus's weighted score before rounding: homework the average of the sets not excused (late sets at
    80% of their points), quizzes the average of those not excused after the lowest is dropped, blanks as zero."""
    sets = [(n, p) for n, p in enumerate(s["sets"]) if p != EXCUSED]
    hw = sum(Fraction(p or 0) * (LATE_CREDIT if n in s["late"] else 1) for n, p in sets) * 100 / (HW_POINTS * len(sets))
    quizzes = [Fraction(q or 0) for q in s["quizzes"] if q != EXCUSED]
    quiz = (sum(quizzes) - min(quizzes)) * 100 / (QUIZ_POINTS * (len(quizzes) - 1))
    return sum((Fraction(w) * x for w, x in zip(WEIGHTS.values(), (hw, quiz, Fraction(s["midterm"] or 0),
                                                                   Fraction(s["final"] or 0)), strict=True)),
               Fraction(0))


def to_q2(value: Fraction) -> Decimal:
    """A fraction rounded half up to two decimals (the syllabus's rounding)."""
    return q2(Decimal(value.numerator) / Decimal(value.denominator))


def near_cut(value: Fraction) -> bool:
    return any(abs(value - Fraction(int(floor))) < NEAR_CUT for _, floor in CUTOFFS[:-1])


def hard_draw(rng, level: int) -> dict:
    """One student's 18 gradebook scores around ``level`` per cent, with the odd set missed, late or excused."""
    sets: list = [int(min(HW_POINTS, max(0, round(HW_POINTS * (level + int(rng.integers(-18, 14))) / 100))))
                  for _ in range(HW_SETS)]
    late: dict[int, int] = {}  # set index: days late
    for n in range(HW_SETS):
        roll = float(rng.random())
        if roll < 0.04:
            sets[n] = None
        elif roll < 0.11:
            late[n] = int(rng.integers(1, 6))
    if float(rng.random()) < 0.08:
        sets[int(rng.integers(0, HW_SETS))] = EXCUSED
    quizzes: list = [int(min(QUIZ_POINTS, max(3, round(QUIZ_POINTS * (level + int(rng.integers(-20, 15))) / 100))))
                     for _ in range(QUIZZES)]
    if float(rng.random()) < 0.1:
        quizzes[int(rng.integers(0, QUIZZES))] = EXCUSED
    late = {n: days for n, days in late.items() if sets[n] not in (None, EXCUSED)}
    midterm = int(min(100, max(20, level + int(rng.integers(-14, 12)))))
    final = int(min(100, max(15, level + int(rng.integers(-15, 12)))))
    return {"sets": sets, "late": late, "quizzes": quizzes, "midterm": midterm, "final": final}


def regular_draw(rng) -> dict:
    """A student's scores whose weighted score is not within :data:`NEAR_CUT` of a cut-off."""
    while True:
        scores = hard_draw(rng, int(rng.integers(52, 97)))
        if not near_cut(hard_unrounded(scores)):
            return scores


def rounds_onto_cutoff(rng, cut: Decimal) -> dict:
    """Scores whose weighted score is just under ``cut`` (by 0.0001 to 0.0049) so that it rounds onto the cut-off:
    the syllabus rounds first, so the higher letter is right (the decoy; the generator checks it)."""
    low, high = Fraction(int(cut)) - Fraction(49, 10000), Fraction(int(cut)) - Fraction(1, 10000)
    while True:
        scores = hard_draw(rng, int(cut) + 1)
        base = hard_unrounded(scores)
        for dm in range(-6, 7):
            for df in range(-6, 7):
                midterm, final = scores["midterm"] + dm, scores["final"] + df
                value = base + Fraction(WEIGHTS["Midterm"]) * dm + Fraction(WEIGHTS["Final exam"]) * df
                if 0 <= midterm <= 100 and 0 <= final <= 100 and low <= value <= high:
                    scores.update({"midterm": midterm, "final": final})
                    if to_q2(hard_unrounded(scores)) != cut:
                        raise ValueError("rounding decoy does not round onto the cut-off")
                    return scores


def stop_attending(s: dict, day: date) -> None:
    """Blank the work due after ``day`` (a student who dropped or stopped coming)."""
    s["sets"] = [p if hw_due(n + 1) <= day else None for n, p in enumerate(s["sets"])]
    s["quizzes"] = [q if quiz_day(n + 1) <= day else None for n, q in enumerate(s["quizzes"])]
    s["late"] = {n: days for n, days in s["late"].items() if s["sets"][n] not in (None, EXCUSED)}
    if MIDTERM_DAY > day:
        s["midterm"] = None
    s["final"] = None


#: The hard syllabus's homework and quiz rows: the late and excused marks.
HARD_CATEGORIES = [
    ["Homework", "25%", "ten homework sets of 10 points, averaged as a percentage; a set handed in after its due "
                        "date earns 80% of the points it scores (the gradebook's Late work sheet lists them); an "
                        "excused set (EX) is left out of the average"],
    ["Quizzes", "15%", "six quizzes of 20 points; an excused quiz (EX) is left out; the lowest of the others is "
                       "dropped and the rest averaged"]]
#: The hard syllabus's further withdrawal rules: the registrar's late withdrawals and the limit on W notations.
HARD_WITHDRAWAL_RULES = (
    "After the last day to withdraw, a W is recorded only when Admissions and Records approves a late withdrawal "
    "petition for extenuating circumstances. A student may receive a W in the same course no more than three times "
    "(California Code of Regulations, Title 5, section 55024): a student whose course history already shows three "
    "W notations in this course and who drops again receives the letter grade earned, with the work not submitted "
    "scored as zero. A blank in the gradebook is work not submitted and counts as zero.")


def write_hard_gradebook(out: BundleWriter, v: dict, teacher_name: str) -> None:
    """The hard level's gradebook: 18 scores a student (blank for work not submitted, EX for excused) and a Late
    work sheet with each homework set handed in after its due date."""
    header = ["Student ID", "Student name", *[f"HW {n + 1} (/10)" for n in range(HW_SETS)],
              *[f"Quiz {n + 1} (/20)" for n in range(QUIZZES)], "Midterm (/100)", "Final exam (/100)"]
    students = sorted(v["students"], key=lambda s: (s["name"].split()[-1], s["name"]))
    rows = [[s["id"], s["name"], *[cell(p) for p in s["sets"]], *[cell(q) for q in s["quizzes"]],
             cell(s["midterm"]), cell(s["final"])] for s in students]
    late = [[s["id"], s["name"], f"HW {n + 1}", hw_due(n + 1), hw_due(n + 1) + timedelta(days=s["late"][n])]
            for s in students for n in sorted(s["late"])]
    docs.write_xlsx(out.input_path("gradebook.xlsx"), [
        {"name": "Gradebook",
         "rows": [[f"{COURSE}, section {v['section']}, Fall 2025: gradebook ({teacher_name})"],
                  ["Blank: not submitted. EX: excused."], header, *rows],
         "widths": {"A": 12, "B": 24}, "bold_rows": [1, 3], "freeze": "C4"},
        {"name": "Late work",
         "rows": [["Student ID", "Student name", "Assignment", "Due", "Submitted"], *late],
         "widths": {"A": 12, "B": 24, "D": 12, "E": 12}, "number_formats": {"D": "yyyy-mm-dd", "E": "yyyy-mm-dd"},
         "bold_rows": [1], "freeze": "A2"}],
        title="Gradebook Fall 2025", life=life(teacher_name, TERM_START + timedelta(days=3), 9, GRADES_DUE))


def write_hard_inputs(out: BundleWriter, v: dict) -> None:
    """The hard level's two further records: the course history (earlier attempts) and the registrar's actions."""
    terms = [term for term, _ in PRIOR_TERMS]
    docs.write_csv(out.input_path("course_history_stat_c1000.csv"),
                   ["Student ID", "Student name", "Term", "Course", "CRN", "Final grade"],
                   sorted([[h["student"]["id"], h["student"]["name"], h["term"], "STAT C1000", h["crn"], h["grade"]]
                           for h in v["history"]], key=lambda r: (r[0], terms.index(r[2]))))
    rows = [["Reference", "Student ID", "Action", "Effective", "Decision"]]
    for a in sorted(v["actions"], key=lambda a: a["day"]):
        s = a["student"]
        if a["kind"] == "petition":
            rows.append([a["ref"], s["id"], "Late withdrawal petition (extenuating circumstances, documented)",
                         f"{a['day']:%b %-d, %Y}", f"Approved {a['decided']:%b %-d, %Y}: record W"])
        else:
            rows.append([a["ref"], s["id"], "Drop processed (student request)", f"{a['day']:%b %-d, %Y}",
                         "Processed"])
    last = max(a.get("decided", a["day"]) for a in v["actions"])
    docs.write_pdf(out.input_path("registrar_actions_fall_2025.pdf"), [
        ("title", "Enrollment actions decided: Fall 2025"),
        ("para", f"Office of Admissions and Records, {ORG}. Section {v['section']}, {COURSE}. Actions after the "
                 "census date."),
        ("table", {"rows": rows, "col_widths": [70, 70, 190, 70, 120]})],
        title="Enrollment actions Fall 2025", author="Admissions and Records",
        life=life("Admissions and Records", workday(last + timedelta(days=2)), 14))


def build_hard(out: BundleWriter) -> None:
    """The hard level of :func:`build`: a large section whose records need the course history and the registrar's
    actions besides the gradebook, with decoys on the rounding rule, a petition and the W limit (issue 25)."""
    rng = out.rng
    clean = out.coverage
    audit = workday(INCOMPLETE_DEADLINE + timedelta(days=int(rng.integers(10, 25))))
    timeline = {"start": (TERM_START - timedelta(days=40)).isoformat(),
                "end": (audit + timedelta(days=14)).isoformat()}
    section = int(rng.integers(40100, 40999))
    count = int(rng.integers(*HARD_STUDENTS))
    instructor = people.person(rng)
    found: dict[str, people.Person] = {}
    while len(found) < count:  # the instructor's surname is no student's: a memo may name the instructor
        person = people.person(rng)
        if person.last != instructor.last:
            found.setdefault(person.name, person)
    ids = sorted({f"W{int(rng.integers(1000000, 9999999)):07d}" for _ in range(count * 2)})
    ids = [ids[int(i)] for i in rng.permutation(len(ids))[:count]]
    students = [{"id": ids[n], "name": person.name, "status": "Enrolled", "drop": "", "note": "", **regular_draw(rng)}
                for n, person in enumerate(found.values())]
    roles = [students[int(i)] for i in rng.permutation(count)[:8]]
    decoy, approved, third, late, lapsed, missing, mismatch, fourth = roles
    cut = CUTOFFS[int(rng.integers(1, 4))][1]  # 80, 70 or 60
    decoy.update(rounds_onto_cutoff(rng, cut))
    agreements, history, actions = [], [], []
    planted: list[dict] = []

    def history_rows(s: dict, grades: list[str]) -> None:
        terms = sorted(int(i) for i in rng.choice(len(PRIOR_TERMS), size=len(grades), replace=False))
        history.extend({"term": PRIOR_TERMS[t][0], "crn": int(rng.integers(10100, 49999)), "student": s,
                        "grade": g} for t, g in zip(terms, grades, strict=True))

    # the decoys in both sets: a late withdrawal the registrar approved, a third W (allowed), a score that rounds up
    approved_day = workday(WITHDRAW + timedelta(days=int(rng.integers(5, 21))))
    stop_attending(approved, approved_day)
    petition = f"LW-25F-{int(rng.integers(100, 999))}"
    decided = bizdays.add_business_days(approved_day, int(rng.integers(3, 9)))
    approved.update({"status": "Dropped", "drop": approved_day.isoformat()})
    actions.append({"kind": "petition", "ref": petition, "student": approved, "day": approved_day, "decided": decided})
    third_day = workday(CENSUS + timedelta(days=int(rng.integers(15, 60))))
    stop_attending(third, third_day)
    third.update({"status": "Dropped", "drop": third_day.isoformat()})
    actions.append({"kind": "drop", "student": third, "day": third_day, "ref": f"DR-25F-{int(rng.integers(1000, 9999))}"})
    history_rows(third, ["W", "W", "D"] if int(rng.integers(0, 2)) else ["D", "W", "W"])
    others = [s for s in students if s not in roles]
    for s in [others[int(i)] for i in rng.permutation(len(others))[:int(rng.integers(6, 11))]]:
        history_rows(s, [str(rng.choice(["W", "F", "D", "W", "NP"]))])
    if not clean:
        late_day = workday(CENSUS + timedelta(days=int(rng.integers(20, 55))))
        stop_attending(late, late_day)
        late.update({"status": "Dropped", "drop": late_day.isoformat()})
        kept = dict(fourth)
        while True:  # the letter the fourth-W student earned must not sit near a cut-off
            fourth.update(kept)
            fourth_day = workday(CENSUS + timedelta(days=int(rng.integers(20, 60))))
            stop_attending(fourth, fourth_day)
            if not near_cut(hard_unrounded(fourth)):
                break
        fourth.update({"status": "Dropped", "drop": fourth_day.isoformat()})
        history_rows(fourth, ["W"] * W_LIMIT)
        lapsed["final"] = None
        missing["final"] = None
    for s in students:
        unrounded = hard_unrounded(s)
        s["unrounded"] = unrounded
        s["score"] = to_q2(unrounded)
        s["computed"] = letter(s["score"])
        s["roster"] = s["correct"] = s["computed"]
    for s in (approved, third):
        s.update({"score": None, "computed": None, "roster": "W", "correct": "W"})
    planted += [
        {"id": "cutoff_decoy", "kind": "weighted_score_rounds_onto_cutoff", "error": False, "student_id": decoy["id"],
         "unrounded": f"{float(decoy['unrounded']):.4f}", "score": f"{decoy['score']:.2f}", "grade": decoy["correct"]},
        {"id": "approved_late_withdrawal", "kind": "late_withdrawal_petition_approved", "error": False,
         "student_id": approved["id"], "petition": petition, "drop_date": approved["drop"], "grade": "W"},
        {"id": "third_w_allowed", "kind": "third_w_within_limit", "error": False, "student_id": third["id"],
         "prior_w": 2, "grade": "W"}]
    if not clean:
        posted = late["computed"]
        late.update({"score": None, "roster": posted, "correct": "W"})
        fourth.update({"roster": "W", "correct": fourth["computed"]})
        stated = letter(to_q2(hard_unrounded({**lapsed, "final": 0})))
        lapsed.update({"score": None, "roster": "I", "correct": stated})
        ref_a = f"IC-25F-{int(rng.integers(100, 499))}"
        agreements.append({"ref": ref_a, "student": lapsed, "stated": stated,
                           "signed": workday(TERM_END - timedelta(days=int(rng.integers(1, 4))))})
        lapsed["note"] = f"Incomplete agreement {ref_a}"
        ref_b = f"IC-25F-{int(rng.integers(500, 999))}"
        missing.update({"score": None, "roster": "I", "correct": "I", "note": f"Incomplete agreement {ref_b}"})
        order = [g for g, _ in CUTOFFS]
        at = order.index(mismatch["computed"])
        mismatch["roster"] = order[at - 1] if at > 0 else order[1]
        for s in (late, fourth):
            actions.append({"kind": "drop", "student": s, "day": date.fromisoformat(s["drop"]),
                            "ref": f"DR-25F-{int(rng.integers(1000, 9999))}"})
        # two neighbouring rows of the roster with their grades swapped: the grade distribution is unchanged
        plain = sorted((s for s in students if s not in roles), key=lambda s: s["id"])
        start = int(rng.integers(0, len(plain) - 1))
        first = next(plain[i] for i in list(range(start, len(plain) - 1)) + list(range(0, start))
                     if plain[i]["computed"] != plain[i + 1]["computed"])
        second = plain[plain.index(first) + 1]
        first["roster"], second["roster"] = second["computed"], first["computed"]
        planted += [
            {"id": "late_drop_graded", "kind": "withdrawal_after_census_graded", "student_id": late["id"],
             "drop_date": late["drop"], "roster_grade": posted, "correct_grade": "W"},
            {"id": "incomplete_lapsed", "kind": "incomplete_past_deadline", "student_id": lapsed["id"],
             "agreement": ref_a, "roster_grade": "I", "correct_grade": stated},
            {"id": "roster_mismatch", "kind": "roster_grade_differs_from_gradebook", "student_id": mismatch["id"],
             "roster_grade": mismatch["roster"], "correct_grade": mismatch["computed"],
             "score": f"{mismatch['score']:.2f}"},
            {"id": "fourth_w_graded", "kind": "w_limit_reached_in_earlier_terms", "student_id": fourth["id"],
             "prior_w": W_LIMIT, "drop_date": fourth["drop"], "roster_grade": "W",
             "correct_grade": fourth["computed"], "score": f"{fourth['score']:.2f}"},
            {"id": "transposed_first", "kind": "roster_grades_transposed", "student_id": first["id"],
             "pair": second["id"], "roster_grade": first["roster"], "correct_grade": first["computed"],
             "score": f"{first['score']:.2f}"},
            {"id": "transposed_second", "kind": "roster_grades_transposed", "student_id": second["id"],
             "pair": first["id"], "roster_grade": second["roster"], "correct_grade": second["computed"],
             "score": f"{second['score']:.2f}"},
            {"id": "incomplete_agreement_missing", "kind": "missing_information", "error": False,
             "student_id": missing["id"], "agreement": ref_b, "correct_grade": "I"},
        ]
    # one more incomplete, its agreement signed on paper and filed as a scan: drawn from a stream of its own
    paper = plant_paper_agreement(np.random.default_rng([out.seed, PAPER_STREAM]), students, roles, planted, clean,
                                  {a["ref"] for a in agreements} | {s["note"].split()[-1] for s in students
                                                                    if s["note"]})
    agreements.append(paper)
    for s in students:
        if s["correct"] in ("W", "I"):
            s["score"] = None
    v = {"students": students, "instructor": instructor, "section": section, "audit": audit,
         "agreements": agreements, "history": history, "actions": actions}
    write_inputs(out, v)
    write_hard_inputs(out, v)

    task = task_json(section, clean=clean, hard=True)
    out.write_task(task)
    out.write_brief(brief_text(task, section, audit, hard=True))
    facts = {"students": {s["id"]: {"score": None if s["score"] is None else f"{s['score']:.2f}",
                                    "grade": s["correct"], "roster": s["roster"]} for s in students},
             "names": sorted({s["name"] for s in students}), "cutoff": f"{cut:.2f}"}
    topics = [] if clean else [f"the incomplete agreement {missing['note'].split()[-1]} for student {missing['id']} "
                               "is not on file, so the lapse grade cannot be determined"]
    out.finish({"facts": facts, "planted_items": planted, "tolerances": {"score": 0.01},
                "injection_markers": [], "clarification_required": not clean, "clarification_topics": topics,
                "timeline": timeline, "outcomes": grade_outcomes(students, out.hard)})


# --- the hard level's paper agreement ---------------------------------------------------------------------------------
#: The hard level's paper incomplete agreement draws from ``default_rng([seed, PAPER_STREAM])``: the student, the
#: agreement's reference and dates, its signatures, stamp and scanner noise, never from ``out.rng``.
PAPER_STREAM = 2503
ORDER = [g for g, _ in CUTOFFS]


def work_to_date(s: dict) -> str:
    """The letter a student's work before the final exam earns: the weighted score of the other three categories
    over their share of the weights (65%)."""
    share = 1 - Fraction(WEIGHTS["Final exam"])
    return letter(to_q2(hard_unrounded({**s, "final": 0}) / share))


def plant_paper_agreement(rng: np.random.Generator, students: list[dict], roles: list[dict], planted: list[dict],
                          clean: bool, refs: set[str]) -> dict:
    """Give one student with no other part in the story (not a role, not a planted item) an incomplete whose
    agreement was signed on the paper form: passing work to date (A-C), the final exam outstanding, the lapse grade
    one letter below the work to date, so never F and never the letter with the final scored as zero. The challenge
    set's roster still shows the I after the completion deadline (planted item ``incomplete_lapsed_paper``); the
    coverage set's roster already carries the stated grade (``incomplete_lapsed_paper_posted``, no error). Every
    draw from ``rng``.
    Returns the agreement (``paper``: drawn as a scan, with ``rng`` for its drawing)."""
    taken = {p["student_id"] for p in planted} | {s["id"] for s in roles}
    eligible = sorted((s for s in students if s["id"] not in taken and s["status"] == "Enrolled"
                       and work_to_date(s) in ("A", "B", "C")), key=lambda s: s["id"])  # passing work to date
    student = eligible[int(rng.integers(0, len(eligible)))]
    stated = ORDER[ORDER.index(work_to_date(student)) + 1]
    if stated in ("F", letter(to_q2(hard_unrounded({**student, "final": 0})))):
        raise ValueError("the paper agreement's lapse grade must be neither F nor the letter with the final as zero")
    ref = next(r for r in (f"IC-25F-{int(rng.integers(100, 999))}" for _ in range(50)) if r not in refs)
    signed = workday(TERM_END - timedelta(days=int(rng.integers(1, 5))))
    received = bizdays.add_business_days(signed, int(rng.integers(1, 4)))
    roster = stated if clean else "I"
    student.update({"final": None, "score": None, "roster": roster, "correct": stated,
                    "note": f"Incomplete agreement {ref}"})
    item = {"id": "incomplete_lapsed_paper", "kind": "incomplete_past_deadline", "evidence": "scanned page",
            "student_id": student["id"], "agreement": ref, "roster_grade": "I", "correct_grade": stated,
            "work_to_date": work_to_date(student)}
    if clean:
        item = {"id": "incomplete_lapsed_paper_posted", "kind": "incomplete_past_deadline", "error": False,
                "evidence": "scanned page", "student_id": student["id"], "agreement": ref, "grade": stated}
    planted.insert(len(planted) - (0 if clean else 1), item)  # before the missing agreement (the last item)
    return {"ref": ref, "student": student, "stated": stated, "signed": signed, "received": received, "paper": True,
            "rng": rng}


def render_agreement(a: dict, section: int, teacher_name: str, rng: np.random.Generator) -> Image.Image:
    """The college's incomplete grade agreement form, filled in, signed by the student and the instructor and
    stamped received by Admissions and Records: one US Letter page in greyscale at DRAW_DPI. The lapse grade sits
    alone in the right cell of a boxed field."""
    page, draw = letter_page()
    scale = DRAW_DPI / 150
    s = a["student"]

    def px(value: float) -> int:
        return round(value * scale)

    body, bold = face("DejaVuSans.ttf", px(19)), face("DejaVuSans-Bold.ttf", px(19))
    small = face("DejaVuSans.ttf", px(16))
    left, right = px(110), page.width - px(110)
    y = px(95)
    draw.text((left, y), ORG.upper(), font=face("DejaVuSerif-Bold.ttf", px(26)), fill=20)
    y += px(38)
    draw.text((left, y), "Office of Admissions and Records", font=body, fill=40)
    form = "Form AR-14 (rev. 06/2023)"
    draw.text((right - draw.textlength(form, font=small), y + px(3)), form, font=small, fill=60)
    y += px(34)
    draw.line([(left, y), (right, y)], fill=20, width=px(3))
    y += px(26)
    draw.text((left, y), "INCOMPLETE GRADE AGREEMENT", font=face("DejaVuSans-Bold.ttf", px(28)), fill=15)
    y += px(62)
    fields = [("Agreement no.", a["ref"]), ("Student name", s["name"]), ("Student ID", s["id"]),
              ("Course and section", f"{COURSE}, section {section}"), ("Term", "Fall 2025"),
              ("Instructor", teacher_name), ("Work outstanding", "Final exam (35% of the grade)"),
              ("Completion deadline", f"{long_date(INCOMPLETE_DEADLINE)} (academic calendar, Fall 2025 incompletes)")]
    label_w = px(250)
    for label, value in fields:
        draw.text((left, y), f"{label}:", font=bold, fill=25)
        draw.text((left + label_w, y), value, font=body, fill=15)
        draw.line([(left + label_w - px(6), y + px(27)), (right, y + px(27))], fill=120, width=1)
        y += px(44)
    y += px(12)
    terms = ("The student has completed a substantial part of the course with passing work and, for an unforeseeable "
             "and justifiable reason, cannot complete the work outstanding by the end of the term. The student will "
             "complete it by the deadline above. If it is not completed by then, the I lapses to the grade below, "
             "which the instructor has set on the work to date (Administrative Procedure 4231).")
    for line in wrap(draw, terms, body, right - left):
        draw.text((left, y), line, font=body, fill=25)
        y += px(29)
    y += px(24)
    # the boxed field: its label on the left, the grade alone in the right cell
    box_left, box_right, divider = left, right, right - px(200)
    label = wrap(draw, "Grade to be assigned if the work is not completed by the deadline", bold,
                 divider - box_left - px(36))
    top, bottom = y, y + px(30) + px(29) * len(label) + px(14)
    draw.rectangle([box_left, top, box_right, bottom], outline=20, width=px(3))
    draw.line([(divider, top), (divider, bottom)], fill=20, width=px(3))
    for k, line in enumerate(label):
        draw.text((box_left + px(18), top + px(22) + px(29) * k), line, font=bold, fill=20)
    grade_font = face("DejaVuSans-Bold.ttf", px(54))
    box = draw.textbbox((0, 0), a["stated"], font=grade_font)
    draw.text(((divider + box_right - (box[2] - box[0])) / 2 - box[0], (top + bottom - (box[3] - box[1])) / 2 - box[1]),
              a["stated"], font=grade_font, fill=10)
    y = bottom + px(70)
    # the signatures: student on the left, instructor on the right, each dated
    column = (right - left) // 2
    for k, (who, name) in enumerate((("Student", s["name"]), ("Instructor", teacher_name))):
        x = left + k * (column + px(20))
        line_y = y + px(90)
        draw.line([(x, line_y), (x + column - px(50), line_y)], fill=20, width=2)
        scrawl(draw, x + px(30), line_y, column - px(140), rng)
        draw.text((x, line_y + px(10)), f"{who} signature", font=small, fill=40)
        draw.text((x, line_y + px(36)), name, font=body, fill=20)
        draw.text((x, line_y + px(66)), f"Date: {a['signed']:%m/%d/%Y}", font=body, fill=20)
    y += px(250)
    draw.text((left, y), "Admissions and Records use: file with the section's grade roster; post the stated grade "
                         "if the I lapses.", font=small, fill=70)
    stamp(page, (right - px(190) + float(rng.uniform(-25, 25)), y + px(150) + float(rng.uniform(-20, 20))),
          ["RECEIVED", f"{a['received']:%b %d %Y}".upper(), "ADMISSIONS & RECORDS"], rng, size=px(20))
    return page


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"), levels=("standard", "hard"))
