"""genkit writers: the same inputs give the same bytes; PDFs carry extractable text."""

from __future__ import annotations

import json
import sys
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().benchmark))
from genkit import bizdays, docs, money, people  # noqa: E402


def _write_all(folder: Path, seed: int) -> dict[str, bytes]:
    rng = np.random.default_rng(seed)
    folder.mkdir()
    amount = money.draw_amount(rng, 10, 1000)
    who = people.person(rng)
    docs.write_xlsx(folder / "a.xlsx", [{"name": "S", "rows": [["Name", "Amount"], [who.name, amount],
                                                               ["Total", "=SUM(B2:B2)"]]}], title="t")
    docs.write_docx(folder / "a.docx", [("heading", "Memo"), ("para", f"Pay {who.name}"),
                                        ("table", [["a", "b"], ["1", str(amount)]])])
    docs.write_pdf(folder / "a.pdf", [("title", "Statement"),
                                      ("table", {"rows": [["Payee", "Amount"], [who.name, money.fmt(amount)]]})])
    docs.write_csv(folder / "a.csv", ["x"], [[amount]])
    docs.write_json(folder / "a.json", {"amount": str(amount)})
    docs.write_eml(folder / "a.eml", sender="a@x.example", to="b@y.example", subject="Hi",
                   sent=datetime(2025, 3, 3, 9, tzinfo=timezone(timedelta(hours=-5))), body="Body",
                   signature=who.name, attachments=[("n.csv", b"x\n1\n", "text/csv")])
    docs.write_ics(folder / "a.ics", [{"uid": "e1@x.example", "summary": "Close", "start": date(2025, 3, 3),
                                       "end": date(2025, 3, 4)}])
    docs.write_sqlite(folder / "a.sqlite", {"t": (["name TEXT", "amount REAL"], [(who.name, float(amount))])})
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_same_seed_same_bytes_for_every_writer(tmp_path):
    first, second = _write_all(tmp_path / "a", 3), _write_all(tmp_path / "b", 3)
    assert len(first) == 8 and first == second


def test_different_seed_changes_content(tmp_path):
    assert _write_all(tmp_path / "a", 3)["a.csv"] != _write_all(tmp_path / "b", 4)["a.csv"]


def test_pdf_text_is_extractable(tmp_path):
    _write_all(tmp_path / "a", 3)
    text = PdfReader(str(tmp_path / "a" / "a.pdf")).pages[0].extract_text()
    assert "Statement" in text and "Payee" in text


def test_normalize_zip_fixes_core_dates(tmp_path):
    _write_all(tmp_path / "a", 3)
    import zipfile

    with zipfile.ZipFile(tmp_path / "a" / "a.xlsx") as archive:
        core = archive.read("docProps/core.xml").decode()
        assert all(i.date_time == docs.ZIP_DATE for i in archive.infolist())
    assert "2025-01-01T09:00:00Z" in core


def test_money_rounds_half_up():
    assert money.cents("2.675") == Decimal("2.68") and money.cents(-1.005) == Decimal("-1.01")
    assert money.fmt(Decimal("-1234.5"), parentheses=True) == "(1,234.50)"


def test_business_days_skip_weekends_and_holidays():
    assert not bizdays.is_business_day(date(2025, 7, 4))
    assert bizdays.add_business_days(date(2025, 7, 3), 1) == date(2025, 7, 7)
    assert bizdays.last_business_day(2025, 5) == date(2025, 5, 30)


def test_event_dates_are_oracle_rows_sorted_once_each():
    """genkit.bizdays.event_dates: oracle.json's ``[{"date", "what"}]``, by date then description, each pair once
    (a datetime counts by its day); a description under 3 characters (oracle.schema.json) or a non-date raises."""
    rows = bizdays.event_dates([("payment run", date(2025, 3, 7)), ("call", datetime(2025, 3, 5, 15, 30)),
                                ("payment run", date(2025, 3, 7)), ("approval", date(2025, 3, 7))])
    assert rows == [{"date": "2025-03-05", "what": "call"}, {"date": "2025-03-07", "what": "approval"},
                    {"date": "2025-03-07", "what": "payment run"}]
    with pytest.raises(ValueError, match="3 or more characters"):
        bizdays.event_dates([("to", date(2025, 3, 7))])
    with pytest.raises(ValueError):
        bizdays.event_dates([("payment run", "2025-03-07")])


def test_england_and_wales_working_days():

    assert not bizdays.is_uk_working_day(date(2025, 4, 18))  # Good Friday
    assert not bizdays.is_uk_working_day(date(2025, 12, 27))  # a Saturday
    assert bizdays.is_uk_working_day(date(2025, 7, 4))  # a US holiday, not an English one
    assert bizdays.uk_working_day(date(2025, 12, 25)) == date(2025, 12, 29)
    assert bizdays.uk_working_day(date(2025, 12, 28), -1) == date(2025, 12, 24)
    # the hand-kept table stopped at Easter 2026; the library knows the rest of the year and beyond
    assert not bizdays.is_uk_working_day(date(2026, 8, 31))  # summer bank holiday
    assert not bizdays.is_uk_working_day(date(2030, 4, 19))  # Good Friday 2030


@pytest.mark.parametrize(("region", "holiday", "weekday_before"), [
    ("CA-AB", date(2025, 2, 17), date(2025, 2, 14)),  # Alberta Family Day
    ("DE-NW", date(2025, 6, 19), date(2025, 6, 18)),  # Fronleichnam in North Rhine-Westphalia
    ("NL", date(2025, 4, 21), date(2025, 4, 17)),  # Tweede Paasdag (the 18th is Good Friday in the calendar)
    ("PT", date(2025, 6, 10), date(2025, 6, 9)),  # Dia de Portugal
    ("NO", date(2025, 5, 29), date(2025, 5, 28)),  # Kristi himmelfartsdag
    ("US-CA", date(2025, 3, 31), date(2025, 3, 28)),  # Cesar Chavez Day, a California holiday only
    ("GB-SCT", date(2025, 8, 4), date(2025, 8, 1)),  # Scottish summer bank holiday
])
def test_working_days_of_each_region(region, holiday, weekday_before):
    assert not bizdays.is_working_day(holiday, region)
    assert bizdays.working_day(holiday, region, -1) == weekday_before
    assert bizdays.add_working_days(weekday_before, 1, region) > holiday
    assert bizdays.count_working_days(weekday_before, bizdays.add_working_days(weekday_before, 1, region), region) == 1


def test_counting_working_days_backwards_and_forwards():
    good_friday_week = date(2025, 4, 22)  # the Tuesday after Easter Monday
    assert bizdays.add_working_days(good_friday_week, -1, "GB-ENG") == date(2025, 4, 17)
    assert bizdays.add_working_days(date(2025, 4, 17), 1, "GB-ENG") == good_friday_week
    assert bizdays.count_working_days(good_friday_week, date(2025, 4, 17), "GB-ENG") == -1
    assert bizdays.is_working_day(date(2025, 3, 31), "US")  # not federal
    assert bizdays.holiday_name(date(2025, 12, 25), "DE-NW") is not None
    with pytest.raises(ValueError, match="unknown holiday region"):
        bizdays.is_working_day(date(2025, 1, 2), "XX")


def test_run_generator_refuses_a_set_it_does_not_write(tmp_path):
    """Issue 16: a generator that does not write the coverage set says so instead of writing a challenge bundle
    labelled coverage; one that does records the set in task.json and oracle.json."""
    from genkit.bundle import run_generator

    written = []

    def build(writer):
        writer.write_task({"required_deliverables": [{"path": "COMPLETION.json", "kind": "json"}]})
        written.append((writer.set_name, writer.coverage))
        writer.finish(oracle={})

    argv = ["--seed", "3", "--set", "coverage", "--bundle-dir", str(tmp_path / "b"),
            "--oracle-root", str(tmp_path / "o")]
    with pytest.raises(SystemExit, match="coverage set is not written by this generator"):
        run_generator("ACC-01", build, argv=argv)
    assert written == []
    run_generator("ACC-01", build, argv=argv, sets=("challenge", "coverage"))
    assert written == [("coverage", True)]
    assert json.loads((tmp_path / "b" / "task.json").read_text())["set"] == "coverage"
    assert json.loads((tmp_path / "o" / "ACC-01" / "oracle.json").read_text())["set"] == "coverage"
    hard = ["--seed", "3", "--level", "hard", "--bundle-dir", str(tmp_path / "h"), "--no-oracle"]
    with pytest.raises(SystemExit, match="hard level is not written by this generator"):
        run_generator("ACC-01", build, argv=hard)
    run_generator("ACC-01", build, argv=hard, levels=("standard", "hard"))
    assert json.loads((tmp_path / "h" / "task.json").read_text())["level"] == "hard"
    assert "level" not in json.loads((tmp_path / "b" / "task.json").read_text())  # standard keeps its bytes


def _fonts(path: Path) -> set[str]:
    page = PdfReader(str(path)).pages[0]
    return {str(font["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}


def test_pdf_section_heading_is_set_in_bold(tmp_path):
    """Issue 13 item 8: the rendered syllabus and CVs showed their section titles as body text (written as "para");
    a "heading" block is bold, and a document without one is unchanged (plain body text only)."""
    docs.write_pdf(tmp_path / "plain.pdf", [("para", "Grading policy"), ("para", "Your grade is an average.")])
    docs.write_pdf(tmp_path / "headed.pdf", [("heading", "Grading policy"), ("para", "Your grade is an average.")])
    assert _fonts(tmp_path / "plain.pdf") == {"/Helvetica"}
    assert "/Helvetica-Bold" in _fonts(tmp_path / "headed.pdf")
    assert "Grading policy" in PdfReader(str(tmp_path / "headed.pdf")).pages[0].extract_text()


def _text_right_edges(path: Path) -> list[float]:
    """Where each piece of text a PDF page draws ends, in points (pypdf's visitor: position plus the text's width
    at its font size, Helvetica widths from reportlab)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    edges: list[float] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            edges.append(tm[4] * cm[0] + cm[4] + stringWidth(text.rstrip("\n"), "Helvetica", size * tm[0]))

    PdfReader(str(path)).pages[0].extract_text(visitor_text=visit)
    return edges


def test_a_long_table_cell_wraps_inside_its_column(tmp_path):
    """The hard syllabus's homework rule ran past the table's edge and off the printed page (an independent solver
    read it only in the text layer): a cell too wide for its fixed column wraps inside it. (Cells that fit are drawn
    as before: every committed seed-42 bundle but RE-01's CAM reconciliation kept its bytes.)"""
    rule = ("ten homework sets of 10 points, averaged as a percentage; a set handed in after its due date earns 80% "
            "of the points it scores; an excused set (EX) is left out of the average")
    docs.write_pdf(tmp_path / "s.pdf", [("table", {"rows": [["Category", "Weight", "Notes"], ["Homework", "25%", rule]],
                                                   "col_widths": [90, 50, 380]})])
    assert max(_text_right_edges(tmp_path / "s.pdf")) <= 612 - 40  # inside the letter page's right margin
    assert "left out of the average" in PdfReader(str(tmp_path / "s.pdf")).pages[0].extract_text()


def test_redline_as_sent_rejects_every_revision_and_drops_comments(tmp_path):
    """genkit.redline.as_sent is the document before the mark-up: deleted text back, inserted text and inserted
    paragraphs gone, no comment; written out it carries no w:ins / w:del."""
    import zipfile

    from genkit.redline import as_sent, write_redline_docx

    marked = [
        {"style": "Heading 2", "segments": [("", "4. Payment")], "comment": {"text": "Tidied.", "author": "J. P."}},
        {"segments": [("", "4.3 Pay within "), ("del", "30"), ("ins", "60"), ("", " days.")]},
        {"segments": [("del", "6.3 Six months.")], "mark": "del"},
        {"segments": [("ins", "6.3 Two years.")], "mark": "ins"},
    ]
    original = as_sent(marked)
    assert original == [{"style": "Heading 2", "segments": [("", "4. Payment")]},
                        {"segments": [("", "4.3 Pay within "), ("", "30"), ("", " days.")]},
                        {"segments": [("", "6.3 Six months.")]}]
    path = tmp_path / "draft.docx"
    write_redline_docx(path, original, revision_author="E. A.", revision_date=datetime(2025, 3, 3, 9, 5))
    with zipfile.ZipFile(path) as archive:
        body = archive.read("word/document.xml").decode()
        assert "word/comments.xml" not in archive.namelist()
    assert "<w:ins " not in body and "<w:del " not in body and "Pay within " in body and "Two years" not in body
    with pytest.raises(ValueError):
        as_sent([{"segments": [("moved", "x")]}])
