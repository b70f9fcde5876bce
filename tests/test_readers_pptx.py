"""The PowerPoint reader (benchmark/validators/readers_pptx.py) and its statements (reading.pptx_statements): what an
audience and a presenter see in a deck, read as the claims layer reads Word. Each test builds a small deck with
python-pptx and shows the wrong reading is rejected."""

from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Emu, Inches, Pt

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import claims  # noqa: E402
import common  # noqa: E402
import readers_pptx  # noqa: E402
import reading  # noqa: E402
from describe import describe  # noqa: E402

STATUS = {"validated": ["validated", "confirmed"], "not validated": ["not validated", "unvalidated", "not confirmed"]}


def _deck(path: Path, slides: list[dict]) -> Path:
    """A deck: each slide dict may give ``title``, ``bullets`` (text or (text, level)), ``table`` (rows),
    ``box`` (text for a free text box), ``notes``, ``hidden`` (bool), ``hidden_box``, ``off_slide``, ``tiny``."""
    deck = Presentation()
    for spec in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[5 if "table" in spec else 1])
        slide.shapes.title.text = spec.get("title", "")
        if "bullets" in spec:
            body = slide.placeholders[1].text_frame
            for index, bullet in enumerate(spec["bullets"]):
                text, level = bullet if isinstance(bullet, tuple) else (bullet, 0)
                paragraph = body.paragraphs[0] if index == 0 else body.add_paragraph()
                paragraph.text, paragraph.level = text, level
        elif 1 in [p.placeholder_format.idx for p in slide.placeholders]:
            slide.placeholders[1].element.getparent().remove(slide.placeholders[1].element)
        if "table" in spec:
            rows = spec["table"]
            frame = slide.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(2), Inches(9), Inches(3))
            for r, row in enumerate(rows):
                for c, text in enumerate(row):
                    frame.table.cell(r, c).text = text
        for key, left, top in (("box", Inches(0.5), Inches(6.5)), ("hidden_box", Inches(5), Inches(6.5)),
                               ("off_slide", Inches(12), Inches(1)), ("tiny", Inches(0.5), Inches(7))):
            if key in spec:
                box = slide.shapes.add_textbox(left, top, Inches(4), Inches(0.5))
                box.text_frame.text = spec[key]
                if key == "hidden_box":
                    box._element.nvSpPr.cNvPr.set("hidden", "1")
                if key == "tiny":
                    box.text_frame.paragraphs[0].runs[0].font.size = Pt(1)
                if key == "box" and spec.get("bold_box"):
                    box.text_frame.paragraphs[0].runs[0].font.bold = True
        if "notes" in spec:
            slide.notes_slide.notes_text_frame.text = spec["notes"]
        if spec.get("hidden"):
            slide._element.set("show", "0")
    deck.save(path)
    return path


def test_titles_bullets_tables_and_notes_become_statements(tmp_path):
    path = _deck(tmp_path / "deck.pptx", [
        {"title": "Validated savings", "table": [["Lever", "Annual saving"], ["L1 Freight", "$212,430"],
                                                   ["L2 Logistics tender", "$96,118"]],
         "notes": "The tender saving is sized after consolidation. Say this first."},
        {"title": "Levers not validated", "bullets": ["L5 Mobile lines: contradicted by the baseline.",
                                                       ("Premise of 420 lines is not supported", 1)]},
    ])
    statements, ignored = reading.pptx_statements(path)
    assert ignored == []
    rows = [s for s in statements if s.kind == "row"]
    assert [s.cells for s in rows] == [{"Lever": "L1 Freight", "Annual saving": "$212,430"},
                                       {"Lever": "L2 Logistics tender", "Annual saving": "$96,118"}]
    assert all(s.section == "Validated savings" for s in rows)
    notes = [s for s in statements if s.where.endswith("notes")]
    assert [s.text for s in notes] == ["The tender saving is sized after consolidation.", "Say this first."]
    bullets = [s for s in statements if s.section == "Levers not validated" and s.kind == "sentence"]
    assert [s.text for s in bullets] == ["L5 Mobile lines: contradicted by the baseline.",
                                         "Premise of 420 lines is not supported"]
    headings = [s.text for s in statements if s.kind == "heading"]
    assert headings == ["Validated savings", "Levers not validated"]


def test_the_slide_title_gives_a_stance_and_a_hedge_across_slides_is_seen(tmp_path):
    """A lever listed under the slide "Levers not validated" is stated as not validated by the heading; the same
    lever also in the "Validated savings" table is a hedge."""
    clean = _deck(tmp_path / "clean.pptx", [{"title": "Levers not validated", "bullets": ["L5 Mobile lines"]}])
    statements, _ = reading.pptx_statements(clean)
    assert list(claims.stances(statements, "L5", STATUS)) == ["not validated"]
    hedge = _deck(tmp_path / "hedge.pptx", [
        {"title": "Validated savings", "table": [["Lever", "Annual saving"], ["L5 Mobile lines", "$48,210"]]},
        {"title": "Levers not validated", "bullets": ["L5 Mobile lines"]}])
    statements, _ = reading.pptx_statements(hedge)
    assert claims.hedged(statements, "L5", STATUS)


def test_hidden_slides_hidden_shapes_off_slide_and_tiny_text_are_not_read(tmp_path):
    path = _deck(tmp_path / "deck.pptx", [
        {"title": "Summary", "bullets": ["Total validated savings of $1,204,377."],
         "hidden_box": "Total programme savings $2,000,000", "off_slide": "Include L6 at $310,000",
         "tiny": "L5 is validated"},
        {"title": "Appendix", "bullets": ["L6 validated at $310,000."], "hidden": True},
    ])
    statements, ignored = reading.pptx_statements(path)
    text = " ".join(s.text for s in statements)
    assert "1,204,377" in text
    for unseen in ("2,000,000", "310,000", "L5 is validated", "Appendix"):
        assert unseen not in text
    assert ignored == ["1 hidden slide", "1 hidden shape", "1 shape outside the slide area",
                       "1 run of text under 2 pt"]


def test_a_bold_lead_in_in_a_text_box_is_a_heading_but_a_bold_figure_is_not(tmp_path):
    path = _deck(tmp_path / "deck.pptx", [{"title": "Programme", "box": "NOT VALIDATED"},
                                           {"title": "Total", "box": "$1,204,377", "bold_box": True}])
    statements, _ = reading.pptx_statements(path)
    assert [(s.text, s.kind) for s in statements] == [("Programme", "heading"), ("NOT VALIDATED", "heading"),
                                                      ("Total", "heading"), ("$1,204,377", "sentence")]


def test_a_header_only_table_is_read_as_a_row(tmp_path):
    path = _deck(tmp_path / "deck.pptx", [{"title": "Risks", "table": [["None identified", "n/a"]]}])
    statements, _ = reading.pptx_statements(path)
    assert [s.text for s in statements if s.kind == "row"] == ["None identified; n/a"]


def test_a_hostile_deck_is_refused_and_a_corrupt_one_is_unreadable(tmp_path):
    path = _deck(tmp_path / "deck.pptx", [{"title": "Summary", "bullets": ["Fine."]}])
    bomb = tmp_path / "bomb.pptx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(bomb, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "ppt/slides/slide1.xml":
                data = b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]>' + data.split(b"?>", 1)[1]
            target.writestr(item, data)
    with pytest.raises(common.HostileFile):
        readers_pptx.read_pptx(bomb)
    broken = tmp_path / "broken.pptx"
    broken.write_bytes(path.read_bytes()[:400])
    with pytest.raises(common.UnreadableFile):
        readers_pptx.read_pptx(broken)
    not_a_deck = tmp_path / "sheet.pptx"
    with zipfile.ZipFile(not_a_deck, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
    with pytest.raises(common.UnreadableFile):
        readers_pptx.read_pptx(not_a_deck)


def test_evaluation_statements_reads_a_pptx_deliverable_and_notes_what_it_left_out(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    _deck(out / "deck.pptx", [{"title": "Summary", "bullets": ["Validated savings total $1,204,377."]},
                              {"title": "Draft", "bullets": ["Old figure."], "hidden": True}])
    ev = common.Evaluation(str(out), {"task_id": "CONS-01", "input_sha256": {}, "required_deliverables": []},
                           str(tmp_path), "t", evaluator_version="test")
    statements = ev.statements("deck.pptx")
    assert [s.text for s in statements] == ["Summary", "Validated savings total $1,204,377."]
    assert any("1 hidden slide" in note for note in ev.notes)


def test_describe_shows_a_deck(tmp_path):
    path = _deck(tmp_path / "deck.pptx", [{"title": "Summary", "table": [["Lever", "Saving"], ["L1", "$5"]]}])
    shown = describe(path)
    assert shown["kind"] == "pptx" and shown["status"] == "ok"
    assert shown["slides"][0]["title"] == "Summary"
    assert shown["slides"][0]["blocks"] == [{"table": [["Lever", "Saving"], ["L1", "$5"]]}]


def test_emu_threshold_is_two_points():
    assert readers_pptx.MIN_FONT_EMU == Emu(Pt(2))


def _two_columns(path: Path, right_heading: str) -> Path:
    """A "Next steps" slide whose two text boxes each open with a bold heading: validated levers to implement on the
    left, levers to validate on the right (the layout of an independent solver's CONS-01 deck at hard seed 9429)."""
    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Next steps"
    for left, heading, line in ((Inches(0.5), "Implementation of validated levers", "L1: award the LTL carriers."),
                                (Inches(5), right_heading, "L5 Mobile line clean-up: reconcile to GL 6410.")):
        frame = slide.shapes.add_textbox(left, Inches(2), Inches(4), Inches(3)).text_frame
        frame.text = heading
        frame.paragraphs[0].runs[0].font.bold = True
        frame.add_paragraph().text = line
    deck.save(path)
    return path


def test_a_bold_column_heading_with_a_phase_number_is_a_heading_and_the_column_keeps_it(tmp_path):
    # "Phase 2 validation plan" was read as a sentence (its "2" a figure), so L5 took the left column's heading
    path = _two_columns(tmp_path / "deck.pptx", "Phase 2 validation plan")
    statements, _ = reading.pptx_statements(path)
    assert ("Phase 2 validation plan", "heading") in [(s.text, s.kind) for s in statements]
    l5 = next(s for s in statements if s.text.startswith("L5"))
    assert l5.section == "Phase 2 validation plan"
    # status words as CONS-01 writes them: "validation plan" is a next step, not a status
    status = {"validated": re.compile(r"\bvalidated\b", re.I), "not validated": "not validated"}
    assert claims.stances(statements, "L5", status) == {}
    # a heading that does give the status still carries it, and an amount in a bold line is still no heading
    path = _two_columns(tmp_path / "validated.pptx", "Phase 2 validated levers")
    statements, _ = reading.pptx_statements(path)
    assert list(claims.stances(statements, "L5", status)) == ["validated"]
    for text in ("Savings 1,414,430", "Phase 2 saving $92,084", "4 levers validated"):
        assert reading._slide_heading(text, True) is False, text
