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
coverage set (``--set coverage``) writes the same documents clean. See oracles-template/EDU-01/REFERENCE.md.

    python benchmark/scenarios/EDU-01/generate.py --seed 42 [--set coverage] --oracle-root DIR
"""

from __future__ import annotations

import sys
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

from genkit import bizdays, docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402

TASK_ID = Path(__file__).resolve().parent.name
GENERATOR_VERSION = "1.0"
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

    task = {
        "occupation": "EDU", "organisation": ORGANISATION,
        "title": f"Fall 2025 grade roster and transcript audit, {COURSE.split(' ', 2)[0]} {COURSE.split(' ', 2)[1]} "
                 f"section {section}",
        "version": "1.0", "difficulty": "standard", "designed_dependency_depth": 16,
        "professional_minutes_estimate": 120,
        "required_deliverables": [{"path": "corrected_roster.xlsx", "kind": "xlsx", "must_have_formulas": True},
                                  {"path": "memo_to_dean.docx", "kind": "docx"},
                                  {"path": "COMPLETION.json", "kind": "json"}],
        "designed_features": {"planted_errors": 0 if clean else 3, "prompt_injection": False,
                              "missing_information": not clean, "requires_clarification": not clean,
                              "interface_perturbation": False},
        "applications_involved": ["pdf", "xlsx", "csv", "ics", "docx"], "time_limit_s": 3600, "budget_usd": 10.0,
        "locale": "en-US",
    }
    out.write_task(task)
    out.write_brief(brief_text(task, section, audit))

    facts = {"students": {s["id"]: {"score": None if s["score"] is None else f"{s['score']:.2f}",
                                    "grade": s["correct"], "roster": s["roster"]} for s in students},
             "names": sorted(s["name"] for s in students), "cutoff": f"{cut:.2f}"}
    topics = [] if clean else [f"the incomplete agreement {missing['note'].split()[-1]} for student {missing['id']} "
                               "is not on file, so the lapse grade cannot be determined"]
    out.finish({"facts": facts, "planted_items": planted, "tolerances": {"score": 0.01},
                "injection_markers": [], "clarification_required": not clean, "clarification_topics": topics,
                "timeline": timeline})


def life(author: str, made: date, hour: int, edited: date | None = None) -> docs.DocumentLife:
    """A document written by ``author`` on ``made`` and last saved on ``edited``."""
    created = datetime.combine(made, time(hour, 14))
    modified = datetime.combine(edited, time(hour + 1, 52)) if edited else created + timedelta(minutes=41)
    return docs.DocumentLife(author=author, created=created, modified=modified, company=ORG)


def cell(value) -> object:
    """A gradebook cell: blank for work not submitted."""
    return "" if value is None else value


def write_inputs(out: BundleWriter, v: dict) -> None:
    """Every document the dean's office receives (``v``: the story drawn in :func:`build`)."""
    teacher = v["instructor"]
    teacher_name = f"{teacher.name}"
    syllabus_life = life(teacher_name, TERM_START - timedelta(days=12), 10, TERM_START - timedelta(days=5))
    docs.write_pdf(out.input_path("syllabus.pdf"), [
        ("title", f"{COURSE}, section {v['section']}, Fall 2025"),
        ("para", f"{ORG}, Department of Mathematics. Instructor: {teacher_name}. Class meets Monday and Wednesday, "
                 "10:30-11:50 a.m., Room S-214."),
        ("para", "Grading policy"),
        ("para", "Your final grade is a weighted average of four categories:"),
        ("table", {"rows": [["Category", "Weight", "Notes"],
                   ["Homework", "25%", "average of all homework sets, as a percentage"],
                   ["Quizzes", "15%", "six quizzes of 20 points; the lowest is dropped, the other five averaged"],
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
        ("para", "An incomplete (I) may be given only under a signed incomplete agreement stating the work "
                 "outstanding and the grade to be assigned if the work is not completed. Work must be completed by "
                 "the incomplete completion deadline in the academic calendar; otherwise the I lapses to the grade "
                 "stated on the agreement."),
    ], title=f"{COURSE} syllabus Fall 2025", author=teacher_name, life=syllabus_life)

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

    blocks: list = [("title", "Incomplete grade agreements on file: Fall 2025"),
                    ("para", f"Office of Admissions and Records, {ORG}. Section {v['section']}, {COURSE}.")]
    for a in v["agreements"]:
        s = a["student"]
        blocks += [("para", f"Agreement {a['ref']}"),
                   ("table", {"rows": [["Field", "Entry"], ["Student ID", s["id"]], ["Student name", s["name"]],
                              ["Course", f"{COURSE}, section {v['section']}"],
                              ["Work outstanding", "Final exam (35% of the grade)"],
                              ["Completion deadline", "As set in the academic calendar for Fall 2025 incompletes"],
                              ["Grade to be assigned if the work is not completed", a["stated"]],
                              ["Signed", f"{a['signed']:%B %-d, %Y} by the student and {teacher_name}"]]})]
    if not v["agreements"]:
        blocks.append(("para", "No incomplete agreements were filed for this section in Fall 2025."))
    docs.write_pdf(out.input_path("incomplete_agreements.pdf"), blocks, title="Incomplete agreements Fall 2025",
                   author="Admissions and Records",
                   life=life("Admissions and Records", v["audit"] - timedelta(days=3), 11))


def brief_text(task: dict, section: int, audit: date) -> str:
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
- `incomplete_agreements.pdf`: the incomplete agreements Admissions and Records holds for the section.

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


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"))
