"""The shared reading layer (issue 12 items 2, 3 and 5): statements a reader sees, claims that understand negation,
headings and hedges, one vocabulary, and spreadsheets read visible-only. Each test builds its own small file and
shows the wrong reading is rejected."""

from __future__ import annotations

import json
import sys
import zipfile
from decimal import Decimal

import openpyxl
import pytest
from docx import Document
from docx.shared import Pt, RGBColor

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import claims  # noqa: E402
import common  # noqa: E402
import reading  # noqa: E402
import vocabulary  # noqa: E402
from reading import Statement  # noqa: E402

ENTRY_OR_BANK = {"entry": ["record", "post", "adjusting entry", "journal entry", "in the books"],
                 "bank": ["bank error", "ask the bank", "take up with the bank"]}


def sentence(text: str, section: str = "") -> Statement:
    return Statement(text, section, None, "sentence", "test")


# ------------------------------------------------------------------------------------------------ sentences
def test_sentences_keep_figures_abbreviations_and_list_labels():
    text = ("1. The DSCR is 1.37x per No. 4 of the certificate, e.g. after the $1,234.50 bonus. Mr. Smith agrees. "
            "See item 3. The U.S. entity is out of scope.")
    assert reading.split_sentences(text) == [
        "1. The DSCR is 1.37x per No. 4 of the certificate, e.g. after the $1,234.50 bonus.", "Mr. Smith agrees.",
        "See item 3.", "The U.S. entity is out of scope."]


def test_dense_prose_with_four_figures_in_one_sentence_stays_one_statement():
    text = ("The DSCR is 1.13x against the 1.25x minimum; the borrower's certificate shows 1.37x only because it "
            "adds back the 45,000 bonus. Tangible net worth is 2,400,000.")
    statements = reading.text_statements(text, "memo")
    found = [s for s in statements if all(common.text_has_amount(s.text, v) for v in ("1.13", "1.25", "1.37",
                                                                                        "45000"))]
    assert len(found) == 1 and "2,400,000" not in found[0].text


# ------------------------------------------------------------------------------------------------ negation
@pytest.mark.parametrize("text,term,expected", [
    ("The claim is a separate claim and not a duplicate.", "duplicate", True),
    ("The claim is a duplicate of CL-12.", "duplicate", False),
    ("There is no breach of the covenant.", "breach", True),
    ("Neither the fee nor the deposit should be posted.", "posted", True),
    ("An adjusting entry is not required for D-9205.", "adjusting entry", True),
    ("Not only the fee but also the deposit must be posted.", "posted", False),
    ("Payment is due no later than 30 June.", "due", False),
    ("See No. 4 of the schedule: record it.", "record", False),
    ("Record it as a bank error rather than an adjusting entry.", "adjusting entry", True),
    ("Record it as a bank error rather than an adjusting entry.", "bank error", False),
    ("Do not record the deposit D-9205, the fee or the interest in the books.", "books", True),
    ("Do not record the deposit D-9205, the fee, or the interest in the books.", "interest", True),
    ("The claim is not a duplicate, the loss is below the deductible.", "deductible", False),
    ("The claim is not a duplicate, and it is below the deductible.", "deductible", False),
    ("The certificate, which reports no breach, is wrong.", "wrong", False),
    # the reason a change was due is reported, not denied (FIN-01 fixture at seed 9432); "any" keeps it denied
    ("The submission was not updated for the Board cut to 5002.", "board cut", False),
    ("The submission has not been re-keyed to reflect the Board's cut.", "cut", False),
    ("The submission was not updated for the Board cut to 5002.", "updated", True),
    ("The submission was not adjusted for any Board cut to 5002.", "board cut", True),
    ("There is no basis for the Board cut.", "board cut", True),
])
def test_negation_inside_its_clause(text, term, expected):
    assert claims.negated(sentence(text), term) is expected


@pytest.mark.parametrize("text,expected", [
    ("The Board cut 5002 to £3,615,000.", True),
    ("Operations was not updated for the Board cut to 5002.", True),
    ("Board minute 25/30 cut it to £3,615,000, not £4,407,000.", True),
    ("The Board-approved budget for 5002 is not the submitted figure.", True),
    ("The Board cut it; nothing else changed.", True),
    ("The Board did not cut 5002.", False),
    ("Board minute 25/30 makes no change to it.", False),
    ("5002 was not cut by the Board.", False),
    ("No Board decision changes 5002.", False),
    ("5002 is reported as submitted.", False),
])
def test_an_agent_whose_act_its_clause_denies_is_not_affirmed(text, expected):
    assert claims.affirmed(text, ["board", "minute"]) is expected


@pytest.mark.parametrize("text,expected", [
    # a phrase set off between the Board and its verb does not carry the verb's negation out of reach (FIN-01 1.8
    # passed each of these denials on the word "Board")
    ("The Board, at its April meeting, did not cut 5002.", False),
    ("The Board, which met on 8 April, never approved a cut to 5002.", False),
    ("The Board, the company's governing body, did not cut 5002.", False),
    ("The Board, at its April meeting, which was quorate, did not cut 5002.", False),
    ("The Board of Directors, on 8 April 2025, made no change to 5002.", False),
    ("The Board (minute 25/42) did not cut 5002.", False),
    ("The Board — at its April meeting — did not cut 5002.", False),
    ("Board minute 25/42 (8 April 2025) makes no change to it.", False),
    ("The Board, however, has not cut 5002.", False),
    # the same phrases around an affirmation, and the agent elsewhere in its sentence
    ("The Board, at its April meeting, cut 5002 to £3,615,000.", True),
    ("The Board, which changed no other line, cut 5002 to £3,615,000.", True),
    ("The Board, not Operations, cut 5002 to £3,615,000.", True),
    ("The Board (minute 25/42) cut 5002 to £3,615,000, not £4,407,000.", True),
    ("The Board — at its 8 April meeting — cut 5002.", True),
    ("Board minute 25/30 (8 April 2025) cut it to £3,615,000, taken evenly at £66,000 a month.", True),
    ("The Board cut 5002 to £3,615,000 at its April meeting.", True),
    ("At its 8 April meeting the Board cut 5002 to £3,615,000.", True),
    ("5002 was cut by the Board, at its April meeting, not by Operations.", True),
    ("The submission was not updated for the Board cut to 5002.", True),
    ("The Board cut 5002, which was not in the submission.", True),
])
def test_a_phrase_set_off_after_the_agent_leaves_its_verb_in_its_clause(text, expected):
    assert claims.affirmed(text, ["board", "minute"]) is expected


def test_a_negation_does_not_spill_into_the_next_sentence():
    statements = reading.text_statements("The certificate reports no breach. The DSCR of 1.13x is a breach.", "m")
    assert [claims.negated(s, "breach") for s in statements] == [True, False]
    assert list(claims.stances(statements, "DSCR", {"breach": "breach", "compliant": "compliant"})) == ["breach"]
    # the same words in one sentence keep the negation to the clause it governs
    assert not claims.negated(sentence("The certificate reports no breach, but the DSCR is a breach."), "breach")


def test_not_a_duplicate_is_not_read_as_duplicate():
    options = {"duplicate": "duplicate", "deductible": "below the deductible"}
    statements = reading.text_statements(
        "CL-78 is declined: the loss is below the deductible; it is a separate claim and not a duplicate.", "note")
    assert claims.stances(statements, "CL-78", options) == {"deductible": statements}
    wrong = reading.text_statements("CL-78 is declined as a duplicate.", "note")
    assert list(claims.stances(wrong, "CL-78", options)) == ["duplicate"]


# ------------------------------------------------------------------------------------------------ Word reading
def _acc_memo(path, extra_entry: str = ""):
    doc = Document()
    doc.add_heading("Bank reconciliation memo", level=1)
    doc.add_heading("Adjusting entries", level=2)
    doc.add_paragraph("Record the NSF check C-1 of 1,200.00 as a journal entry.")
    doc.add_paragraph("Do not record the deposit D-9205 or the second maintenance fee in the books; they are bank "
                      "errors.")
    if extra_entry:
        doc.add_paragraph(extra_entry)
    doc.add_heading("Items to take up with the bank", level=2)
    doc.add_paragraph("Deposit D-9205 of 3,400.00 credited to us in error.", style="List Number")
    doc.save(path)
    return path


def test_do_not_record_the_deposit_is_not_read_as_recording_it(tmp_path):
    statements, _ = reading.docx_statements(_acc_memo(tmp_path / "memo.docx"))
    assert list(claims.stances(statements, "D-9205", ENTRY_OR_BANK)) == ["bank"]
    assert claims.states(statements, "D-9205", ENTRY_OR_BANK["bank"], against={"entry": ENTRY_OR_BANK["entry"]})
    assert list(claims.stances(statements, "C-1", ENTRY_OR_BANK)) == ["entry"]
    # the wrong memo: the same deposit also listed as an entry to post is a hedge
    hedge, _ = reading.docx_statements(_acc_memo(tmp_path / "hedge.docx", "Post D-9205 to cash, 3,400.00."))
    assert claims.hedged(hedge, "D-9205", ENTRY_OR_BANK)
    assert not claims.states(hedge, "D-9205", ENTRY_OR_BANK["bank"], against={"entry": ENTRY_OR_BANK["entry"]})


def test_a_heading_carries_its_decision_to_the_items_under_it(tmp_path):
    doc = Document()
    doc.add_heading("Claims triage", level=1)
    doc.add_heading("For your decision (refer)", level=2)
    doc.add_paragraph("CL-77: water damage; cover for the outbuilding is unclear.", style="List Bullet")
    doc.add_heading("Declined", level=2)
    doc.add_paragraph("CL-78: below the deductible, a separate claim and not a duplicate.", style="List Bullet")
    doc.save(tmp_path / "note.docx")
    statements, _ = reading.docx_statements(tmp_path / "note.docx")
    item = next(s for s in statements if "CL-77" in s.text)
    assert item.section == "For your decision (refer)" and item.kind == "sentence"
    options = {"refer": "refer", "decline": "decline", "approve": "approve"}
    assert claims.stances(statements, "CL-77", options) == {"refer": [item]}
    assert list(claims.stances(statements, "CL-78", options)) == ["decline"]
    assert claims.about(statements, "CL-7") == []


def test_a_table_cell_carries_its_column_header_under_a_title_row(tmp_path):
    doc = Document()
    doc.add_heading("Covenant summary", level=2)
    table = doc.add_table(rows=4, cols=3)
    title = table.rows[0].cells[0].merge(table.rows[0].cells[2])
    title.text = "Table 1. Certificate against recomputation"
    for row, values in zip(table.rows[1:], (("Measure", "Borrower certificate", "Bank recomputation"),
                                            ("DSCR", "1.37x", "1.13x"), ("Minimum DSCR", "1.25x", "1.25x")), strict=True):
        for cell, value in zip(row.cells, values, strict=True):
            cell.text = value
    doc.save(tmp_path / "memo.docx")
    statements, _ = reading.docx_statements(tmp_path / "memo.docx")
    rows = [s for s in statements if s.kind == "row"]
    assert rows[0].cells == {"Measure": "DSCR", "Borrower certificate": "1.37x", "Bank recomputation": "1.13x"}
    assert rows[0].text == "Measure: DSCR; Borrower certificate: 1.37x; Bank recomputation: 1.13x"
    assert rows[0].section == "Covenant summary" and rows[0].where == "memo.docx table 1 row 3"
    assert [s.text for s in statements if s.kind == "heading"][-1] == "Table 1. Certificate against recomputation"
    assert len(rows) == 2


def test_table_headers_with_years_spans_and_vertical_merges(tmp_path):
    doc = Document()
    table = doc.add_table(rows=4, cols=4)
    for row, values in zip(table.rows, (("Claim", "Decision", "2024", "2025"), ("CL-1", "Declined", "100", "200"),
                                        ("CL-2", "", "300", "400"), ("CL-3", "Referred", "", "")), strict=True):
        for cell, value in zip(row.cells, values, strict=True):
            cell.text = value
    table.cell(1, 1).merge(table.cell(2, 1))  # "Declined" covers CL-1 and CL-2
    table.cell(3, 2).merge(table.cell(3, 3)).text = "n/a"  # one cell over both year columns
    doc.save(tmp_path / "t.docx")
    rows = [s.cells for s in reading.docx_statements(tmp_path / "t.docx")[0] if s.kind == "row"]
    assert rows == [{"Claim": "CL-1", "Decision": "Declined", "2024": "100", "2025": "200"},
                    {"Claim": "CL-2", "Decision": "Declined", "2024": "300", "2025": "400"},
                    {"Claim": "CL-3", "Decision": "Referred", "2024": "n/a"}]


def test_a_table_row_counts_an_option_in_any_cell_and_two_options_are_a_hedge():
    row = Statement("Item: D-9205; Treatment: bank error", "", {"Item": "D-9205", "Treatment": "bank error"}, "row",
                    "t")
    both = Statement("Item: D-9205; Treatment: post entry, or ask the bank",
                     "", {"Item": "D-9205", "Treatment": "post entry, or ask the bank"}, "row", "t")
    assert list(claims.stances([row], "D-9205", ENTRY_OR_BANK)) == ["bank"]
    assert claims.hedged([both], "D-9205", ENTRY_OR_BANK)


def test_a_subject_given_two_options_in_separate_sentences_is_a_hedge():
    statements = reading.text_statements("CL-77 is referred to the panel. CL-77 is declined.", "note")
    result = claims.stances(statements, "CL-77", {"refer": "refer", "decline": "decline"})
    assert set(result) == {"refer", "decline"}
    assert not claims.states(statements, "CL-77", "refer", against={"decline": "decline"})


def test_another_subject_in_the_same_sentence_does_not_lend_its_option():
    statements = reading.text_statements("D-9205 is a bank error; record the NSF check C-1 in the books.", "m")
    assert list(claims.stances(statements, "D-9205", ENTRY_OR_BANK)) == ["bank"]
    assert list(claims.stances(statements, "C-1", ENTRY_OR_BANK)) == ["entry"]


def test_a_short_numbered_line_without_a_figure_is_a_heading(tmp_path):
    """"1. Proposed adjusting journal entries" in plain Normal style heads the table below it; a numbered line that
    holds a figure ("2. Cheque 7520 of $2,761.01") or ends with a stop is an item, not a heading."""
    document = Document()
    document.add_paragraph("1. Proposed adjusting journal entries")
    document.add_table(rows=1, cols=2).rows[0].cells[1].text = "6,452.87"
    document.add_paragraph("2. Cheque 7520 of $2,761.01")
    document.add_paragraph("3. Post the entries listed above.")
    document.save(tmp_path / "memo.docx")
    statements, _ignored = reading.docx_statements(tmp_path / "memo.docx")
    assert [s.kind for s in statements] == ["heading", "row", "sentence", "sentence"]
    assert statements[1].section == "1. Proposed adjusting journal entries"


def test_a_supposition_gives_no_stance_but_its_heading_still_carries():
    """"If ..., the $180.00 becomes a bank error" under the entries heading supposes, it does not state: the item
    stays on the heading's list and is not a hedge (ConText's hypothetical triggers). A statement is unaffected."""
    supposed = sentence("If the cheque was written for $359.05, the bank paid the wrong amount and the $180.00 "
                        "becomes a bank error to claim back.", "Adjusting journal entries")
    stated = sentence("The $180.00 is a bank error.", "Adjusting journal entries")
    assert list(claims.stances([supposed], "180.00", ENTRY_OR_BANK)) == ["entry"]
    assert set(claims.stances([stated], "180.00", ENTRY_OR_BANK)) == {"entry", "bank"}
    assert claims.hypothetical("Should the bank refuse, tell us") and not claims.hypothetical("Post it if unsure")


def test_a_supposition_runs_on_only_into_the_sentences_that_point_back_to_it():
    """"If one posting is a duplicate, ... falls to £29,906.33. That is an overspend ..., and total eligible spend
    becomes £427,459.14" supposes both figures (RES-01, seed 9415); a sentence that does not point back, or one in
    the next paragraph, states again."""
    statements = reading.text_statements(
        "If one posting is a duplicate, Consumables falls to £29,906.33. That is an overspend of £2,016.33, and "
        "total eligible spend becomes £427,459.14. In that case no approval is needed. Total eligible spend is "
        "£427,459.14.\n\nThat total is £428,231.81.", "memo")
    assert [s.text[:12] for s in claims.suppositions(statements)] == ["If one posti", "That is an o", "In that case"]


def test_a_share_before_a_label_is_read_as_that_share():
    """"10% of the category award is £2,789.00" gives a tenth of the award, not the award (RES-01, seed 9415)."""
    assert claims.share_before("so 10% of the category ") == Decimal("0.1")
    assert claims.share_before("12.5 per cent of its ") == Decimal("0.125")
    assert claims.share_before("half of the ") == Decimal("0.5")
    assert claims.share_before("against the ") is None and claims.share_before("10% and the ") is None

def test_hidden_white_tiny_text_comments_and_properties_are_not_read_but_reported(tmp_path):
    doc = Document()
    doc.core_properties.title = "Recommend approval"
    doc.core_properties.comments = ""
    para = doc.add_paragraph("CL-80 is declined. ")
    para.add_run("CL-80 is approved.").font.hidden = True
    white = doc.add_paragraph().add_run("CL-81 is approved.")
    white.font.color.rgb = RGBColor(0xFA, 0xFA, 0xFA)
    doc.add_paragraph().add_run("CL-82 is approved.").font.size = Pt(1)
    grey = doc.add_paragraph().add_run("CL-83 is approved.")
    grey.font.color.rgb = RGBColor(0x80, 0x80, 0x80)
    commented = doc.add_paragraph("CL-84 is referred.")
    doc.add_comment(commented.runs, text="CL-84 is approved.", author="Reviewer")
    doc.save(tmp_path / "note.docx")
    statements, ignored = reading.docx_statements(tmp_path / "note.docx")
    assert [s.text for s in statements] == ["CL-80 is declined.", "CL-83 is approved.", "CL-84 is referred."]
    assert ignored == ["1 run of hidden text (w:vanish)", "1 run of white or background-coloured text",
                       "1 run of text under 2 pt", "1 comment", "document properties (title)"]
    # the readers for current callers still read every run (unchanged behaviour)
    assert "CL-81 is approved." in common.docx_text(tmp_path / "note.docx")


def test_white_text_on_a_dark_fill_is_read_and_dark_text_on_it_is_not(tmp_path):
    from docx.oxml import parse_xml

    doc = Document()
    doc.core_properties.comments = ""
    table = doc.add_table(rows=1, cols=2)
    for cell in table.rows[0].cells:
        cell._tc.get_or_add_tcPr().append(parse_xml(
            '<w:shd xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" w:val="clear" '
            'w:fill="1F1F1F"/>'))
    table.cell(0, 0).paragraphs[0].add_run("Decision").font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    table.cell(0, 1).paragraphs[0].add_run("Approve").font.color.rgb = RGBColor(0x20, 0x20, 0x20)
    doc.add_paragraph("Declined.")
    doc.save(tmp_path / "d.docx")
    statements, ignored = reading.docx_statements(tmp_path / "d.docx")
    assert [(s.text, s.cells) for s in statements] == [("Decision", {"column 1": "Decision", "column 2": ""}),
                                                       ("Declined.", None)]
    assert ignored == ["1 run of white or background-coloured text"]


def test_white_text_in_a_table_style_that_shades_its_cells_is_kept(tmp_path):
    doc = Document()
    doc.core_properties.comments = ""
    table = doc.add_table(rows=2, cols=2)
    table.style = doc.styles["Light Grid Accent 1"]  # shades its cells through the table style
    for cell, value in zip(table._cells, ("Claim", "Decision", "CL-1", "Declined"), strict=True):
        cell.paragraphs[0].add_run(value).font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    doc.add_paragraph().add_run("CL-1 is approved.").font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    doc.save(tmp_path / "t.docx")
    statements, ignored = reading.docx_statements(tmp_path / "t.docx")
    assert [s.text for s in statements] == ["Claim: CL-1; Decision: Declined"]
    assert ignored == ["1 run of white or background-coloured text"]


def test_text_statements_read_markdown_headings_tables_and_lists():
    text = ("# Summary\n\nFor your decision (refer)\n\n- CL-77: cover unclear.\n\n"
            "| Claim | Decision |\n|---|---|\n| CL-78 | Declined |\n")
    statements = reading.text_statements(text, "note.md")
    assert [(s.kind, s.section) for s in statements] == [
        ("heading", ""), ("heading", "Summary"), ("sentence", "For your decision (refer)"),
        ("row", "For your decision (refer)")]
    assert statements[-1].cells == {"Claim": "CL-78", "Decision": "Declined"}


def test_evaluation_statements_reads_once_and_notes_what_was_ignored(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    doc = Document()
    doc.core_properties.comments = ""
    doc.add_paragraph("Visible. ").add_run("Hidden.").font.hidden = True
    doc.save(out / "memo.docx")
    (out / "notes.md").write_text("# Notes\n\nAll done.\n")
    ev = common.Evaluation(out, {"task_id": "T-01"}, tmp_path)
    assert [s.text for s in ev.statements("memo.docx")] == ["Visible."]
    assert ev.statements("memo.docx") is ev.statements("memo.docx")
    assert ev.notes == ["memo.docx: not read as part of the deliverable: 1 run of hidden text (w:vanish)"]
    assert [s.text for s in ev.statements("notes.md")] == ["Notes", "All done."]
    assert ev.statements("missing.docx") is None


def test_html_comments_in_markdown_are_not_read_but_reported(tmp_path):
    """Red team (1.2): a markdown note's ``<!-- ... -->`` comment is invisible in every viewer, so a figure
    written only there is not stated; the receipt's notes say a comment was left out."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "note.md").write_text("# Note\n\nTotal payable to follow.\n<!-- total payable $58,828.70 -->\n"
                                 "<!-- an unclosed one\n\nSecret line.\n")
    ev = common.Evaluation(out, {"task_id": "T-01"}, tmp_path)
    assert [s.text for s in ev.statements("note.md")] == ["Note", "Total payable to follow."]
    assert ev.notes == ["note.md: not read as part of the deliverable: 2 HTML comments"]
    assert reading.markdown_visible("a <!-- b\nc --> d") == ("a \n d", 1)


@pytest.mark.parametrize("part", ["word/document.xml", "word/styles.xml", "word/comments.xml", "word/numbering.xml"])
def test_a_hostile_part_is_refused_and_a_corrupt_file_is_unreadable(tmp_path, part):
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    bomb = ('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            f'<w:x {w}>&b;</w:x>')
    with zipfile.ZipFile(tmp_path / "bomb.docx", "w") as archive:
        archive.writestr("word/document.xml", bomb if part == "word/document.xml" else
                         f'<?xml version="1.0"?><w:document {w}><w:body/></w:document>')
        if part != "word/document.xml":
            archive.writestr(part, bomb)
    with pytest.raises(common.HostileFile):
        reading.docx_statements(tmp_path / "bomb.docx")
    (tmp_path / "corrupt.docx").write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(common.UnreadableFile):
        reading.docx_statements(tmp_path / "corrupt.docx")


# ------------------------------------------------------------------------------------------------ vocabulary
def test_a_stem_computed_here_is_listed_for_a_warm_parent_and_learning_it_fills_the_cache(monkeypatch):
    """What a warm evaluation parent learns from a child (wp42.evaluation.warm): the words it stemmed itself."""
    monkeypatch.setattr(vocabulary, "_STEMMED", [])
    vocabulary.stem.cache_clear()
    assert vocabulary.stem("Reconciliations") == vocabulary.stem("Reconciliations")  # the second is a cache hit
    assert vocabulary.learned_stems() == ["Reconciliations"]
    vocabulary.stem.cache_clear()
    assert vocabulary.learn_stems(["approvals", 7, "referrals"]) == 2 and vocabulary.learned_stems() == []
    hits = vocabulary.stem.cache_info().hits
    assert vocabulary.stem("approvals") == "approv" and vocabulary.stem.cache_info().hits == hits + 1


def test_a_phrase_is_found_at_every_start_and_only_as_whole_consecutive_words():
    words = vocabulary.tokens("late fee, a late fee waived; late, then fee late fee")
    assert vocabulary.find_phrase(words, vocabulary.stems("late fees")) == [0, 3, 9]
    assert vocabulary.find_phrase(words, vocabulary.stems("fee late")) == [8]  # "fee, a" is no phrase
    assert vocabulary.find_phrase(words, ()) == [] and vocabulary.find_phrase(words[:1], ("late", "fee")) == []


def test_vocabulary_matches_spellings_forms_ampersands_and_hyphens():
    classes = vocabulary.Vocabulary({"returned check": ["nsf check", "bounced check"],
                                     "research and development": ["r and d"],
                                     "write-off": [], "favorable": [], "approve": []}, source="test brief")
    assert classes.canonical("Returned cheque") == "returned check"
    assert classes.canonical("NSF cheques") == "returned check"
    assert classes.canonical("Research & Development") == "research and development"
    assert classes.matches("a write off of 200", "write-off") and classes.matches("written-off", "write-off") is False
    assert classes.matches("Favourable variance", "favorable") and not classes.matches("Unfavourable", "favorable")
    assert all(classes.matches(w, "approve") for w in ("Approved", "approval", "approving", "APPROVES"))
    assert classes.find("Returned cheque to be written off") == ["returned check"]
    assert vocabulary.DECISIONS.canonical("Referred to the panel") == "refer"
    assert vocabulary.DECISIONS.canonical("referral") == "refer"
    statements = reading.text_statements("CL-9 is approved. CL-8: referred to the panel, not declined.", "n")
    assert list(claims.stances(statements, "CL-9", vocabulary.DECISIONS.options())) == ["approve"]
    assert list(claims.stances(statements, "CL-8", vocabulary.DECISIONS.options())) == ["refer"]


def test_number_words_and_durations():
    assert vocabulary.number_word("two") == 2 and vocabulary.number_word("Twenty-four") == 24
    assert vocabulary.number_word("lots") is None
    assert vocabulary.durations_in_months("a term of two years") == [24]
    assert vocabulary.durations_in_months("a 24-month term, then three (3) years, then a year") == [24, 36, 12]
    assert vocabulary.durations_in_months("two payments") == []
    assert vocabulary.numbers_with_words("three exceptions among 42 employees") == [Decimal(3), Decimal(42)]


# ------------------------------------------------------------------------------------------------ spreadsheets
def test_hidden_rows_columns_and_sheets_are_not_read_and_are_reported(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Reconciliation"
    ws.append(["Item", "Amount", "Secret"])
    ws.append(["Adjusted bank balance", 12345.67, "x"])
    ws.append(["Adjusted bank balance", 99999.99, "y"])
    ws.row_dimensions[2].hidden = True
    ws.column_dimensions["C"].hidden = True
    hidden = wb.create_sheet("Workings")
    hidden.append(["Adjusted bank balance", 12345.67])
    hidden.sheet_state = "hidden"
    wb.save(tmp_path / "book.xlsx")
    book = common.Workbook(tmp_path / "book.xlsx")
    assert book.find_label("Reconciliation", "Adjusted bank balance").value == 99999.99
    assert book.find_label("Reconciliation", "Adjusted bank balance", visible_only=False).value == 12345.67
    assert [[c.value for c in row] for row in book.rows("Reconciliation")] == [["Item", "Amount"],
                                                                              ["Adjusted bank balance", 99999.99]]
    assert [r["amount"].value for r in book.table("Reconciliation", ["Item", "Amount"])] == [99999.99]
    assert "secret" not in book.table("Reconciliation", ["Item", "Amount"])[0]
    assert book.populated("Workings") == [] and book.find_label("Workings", "Adjusted") is None
    assert len(book.populated("Workings", visible_only=False)) == 2
    assert book.hidden_notes() == [
        "book.xlsx: sheet 'Reconciliation' rows 2 are hidden (3 cells not read)",
        "book.xlsx: sheet 'Reconciliation' columns C are hidden (2 cells not read)",
        "book.xlsx: sheet 'Workings' is hidden (2 cells not read)"]


def test_evaluation_notes_what_a_workbook_hides(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    wb = openpyxl.Workbook()
    wb.active.append(["Total", 1])
    wb.create_sheet("Workings").append(["x", 2])
    wb["Workings"].sheet_state = "veryHidden"
    wb.save(out / "book.xlsx")
    ev = common.Evaluation(out, {"task_id": "T-01"}, tmp_path)
    assert ev.open_xlsx("book.xlsx").find_label("Sheet", "Total").value == 1
    assert ev.notes == ["not read as part of the deliverable: book.xlsx: sheet 'Workings' is veryHidden (2 cells not "
                        "read)"]


def test_formula_checks_still_see_hidden_cells(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = 1, 2, "=A1+A2"
    ws.row_dimensions[3].hidden = True
    wb.save(tmp_path / "f.xlsx")
    book = common.Workbook(tmp_path / "f.xlsx", second_engine=False)
    assert [c.coordinate for c in book.formula_cells()] == ["A3"]
    assert json.dumps(book.hidden_notes()) == json.dumps(["f.xlsx: sheet 'Sheet' rows 3 are hidden (1 cells not read)"])


def test_cells_a_reader_cannot_see_are_not_read_and_are_reported(tmp_path):
    """White or background-coloured font, a font under 2 pt and the ``;;;`` number format hide a cell's value as
    surely as a hidden row (issue 12 item 2); white text on a dark fill, a header style, stays visible."""
    from openpyxl.styles import Color, Font, PatternFill

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Reconciliation"
    ws.append(["Item", "Amount"])
    ws.append(["Adjusted bank balance", 12345.67])
    ws.append(["Adjusted book balance", 12345.67])
    ws.append(["Difference", 0])
    ws.append(["Adjusted bank balance", 99999.99])
    ws.append(["Adjusted book balance", 99999.99])
    ws.append(["Difference", 99999.99])
    for cell in ws[2]:
        cell.font = Font(color="FFFFFF")
    for cell in ws[3]:
        cell.font, cell.fill = Font(color="DDEEFF"), PatternFill("solid", fgColor="DDEEFF")
    ws["A4"].font = Font(sz=1)
    ws["B4"].number_format = ";;;"
    ws["A1"].font, ws["A1"].fill = Font(color=Color(theme=0)), PatternFill("solid", fgColor="1F3864")
    wb.save(tmp_path / "book.xlsx")
    book = common.Workbook(tmp_path / "book.xlsx")
    assert book.find_label("Reconciliation", "Adjusted bank balance").value == 99999.99
    assert book.find_label("Reconciliation", "Adjusted book balance").value == 99999.99
    assert book.find_label("Reconciliation", "Difference").value == 99999.99
    assert book.find_label("Reconciliation", "Adjusted bank balance", visible_only=False).value == 12345.67
    assert [r["amount"].value for r in book.table("Reconciliation", ["Item", "Amount"])] == [99999.99] * 3
    assert book.hidden_notes() == ["book.xlsx: sheet 'Reconciliation' has 6 cells a reader cannot see (white or "
                                   "background-coloured font, under 2 pt, or the ;;; format): A2, B2, A3, B3, A4, "
                                   "B4"]


def test_reported_speech_gives_no_stance_but_the_writer_s_own_verb_does():
    """Red team (1.2 failed correct work): "The client asked us to record the $2,525.80 item in the books; we have
    not, since it is a bank error" quotes a wrong request to refuse it; it does not put the item on the entries
    list. "We asked the bank to refund it" and "I suggest you record it" are the writer's own."""
    options = ENTRY_OR_BANK
    quoted = [sentence("The client asked us to record the $2,525.80 item in the books; we have not, since it is a "
                       "bank error.")]
    assert list(claims.stances(quoted, "2,525.80", options)) == []
    assert claims.reported("Management's email says the fee should be booked")
    assert not claims.reported("We asked the bank to refund the fee")
    assert list(claims.stances([sentence("I suggest you record the $19.00 fee in the books.")], "19.00",
                               options)) == ["entry"]


def test_a_bulleted_or_identifier_only_line_in_capitals_is_not_a_heading():
    """Red team (1.2): "- CLM-25-32498" alone at the end of a note was read as a heading (its letters are all
    capitals), so the claim it lists under "## Approved" said nothing; a capitalised word is still a heading."""
    statements = reading.text_statements("## Approved\n\n- CLM-25-32498\n\nSUMMARY\n\nAll done.\n", "note.md")
    assert [(s.kind, s.text, s.section) for s in statements] == [
        ("heading", "Approved", ""), ("sentence", "- CLM-25-32498", "Approved"), ("heading", "SUMMARY", "Approved"),
        ("sentence", "All done.", "SUMMARY")]


def test_table_headers_with_a_currency_or_a_colon_are_the_template_s_columns(tmp_path):
    """Red team (1.2 failed correct work): "Amount ($)", "Amount paid (EUR)", "Difference (€)" and "Proposed
    fallback:" name the template's columns; a percentage in brackets stays a column of its own, and a second
    column that would take the same name keeps its full header."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Item", "Amount ($)", "Amount (EUR)", "Variance (%)", "Proposed fallback:"])
    ws.append(["A", 1, 2, 3, "x"])
    wb.save(tmp_path / "t.xlsx")
    book = common.Workbook(tmp_path / "t.xlsx")
    [row] = book.table("Sheet", ["Item", "Amount", "Proposed fallback"])
    assert row["amount"].value == 1 and row["amount (eur)"].value == 2 and row["variance (%)"].value == 3
    assert row["proposed fallback"].value == "x"


# ------------------------------------------------------------------------------------------------ figures in lists
@pytest.mark.parametrize("text,stated,listed", [
    ("The DSCR is 1.13x against the 1.25x minimum; the certificate shows 1.37x after the $260,000 bonus.", True,
     False),
    ("DSCR fell from 1.78x at June to 1.13x at September.", True, False),
    ("Bank calculation: 1.13x ($1,223,451 / $1,082,700)", True, False),
    ("Breach if the ratio is any of 0.50x, 0.75x, 1.00x, 1.13x, 1.25x, 1.50x, 3.00x.", False, True),
    ("Breach if the ratio is any of 0.50x ... 3.00x.", False, True),
    ("The ratio is 1.13x or 1.37x.", False, True),
    ("The ratio lies between 1.10x and 1.20x.", False, True),
    ("Figures: 1.13x 1.25x 1.37x $260,000 breach certificate bonus", False, True),
    ("The DSCR is 1.13x, not the 1.13x or 1.37x you may read elsewhere.", True, True),
    ("The DSCR was 1.45x, 1.78x and 1.13x at March, June and September.", True, False),
    ("The DSCR is one of 1.10x, 1.13x and 1.20x.", False, True),
])
def test_a_figure_in_a_list_of_alternatives_is_listed_not_stated(text, stated, listed):
    """A hedge gives one subject a list of answers ("any of 0.50x ... 3.00x", "1.13x or 1.37x", a bare run of
    figures); dense prose giving each figure its own words states them (issue 12 item 3)."""
    value = Decimal("1.13") if "1.13" in text else Decimal("1.15")
    assert claims.figure_stated(text, value, Decimal("0.005")) is stated
    assert claims.figure_listed(text, value, Decimal("0.005")) is listed


def test_an_action_titles_takeaway_after_a_colon_does_not_carry_a_stance():
    """CONS-01 hard, seed 9309: under the slide title "Summary: validated program number of $1,685,392 a year" the
    sentences about the mobile line lever were read as saying it is validated (beside "not yet validated": a hedge)
    because the title asserts "validated". The part before the colon is the section; a heading that names the
    status as its topic still carries it."""
    options = {"validated": ["validated"], "not validated": ["not validated", "not yet validated"]}
    summary = "Summary: validated program number of $1,685,392 a year"
    mobile = sentence("Mobile line clean-up carries no savings figure until its premise is reconciled.", summary)
    assert list(claims.stances([mobile], "mobile line clean-up", options)) == []
    listed = sentence("L3 MRO national catalog: $170,360 a year.", "Validated savings")
    assert list(claims.stances([listed], "MRO national catalog", options)) == ["validated"]
    listed = sentence("L3 MRO national catalog: $170,360 a year.", "Savings: validated levers")
    assert list(claims.stances([listed], "MRO national catalog", options)) == []
    # a lead-in ending with its colon is all topic, whatever precedes it (INS-01's "... $100.00 Declined:")
    listed = sentence("L5 mobile line clean-up.", "Programme to date: $1,685,392. Not validated:")
    assert list(claims.stances([listed], "mobile line clean-up", options)) == ["not validated"]


STATUS = {"validated": ["validated"], "not validated": ["not validated", "not yet validated", "excluded"]}


@pytest.mark.parametrize("text", [
    "Compared with the working hypotheses, the validated number removes the L1/L2 freight overlap, limits MRO to "
    "sites in scope and excludes the two levers not yet validated.",
    "The validated number removes the L1/L2 freight overlap, and the remaining levers not yet validated stay out.",
])
def test_a_trailing_part_naming_no_subject_is_not_said_of_the_subjects_before_it(text):
    """CONS-01 hard, seed 9309: "the two levers not yet validated" is said of the two levers, not of L1 and L2,
    which the sentence names only in the part before (the independent solver's correct deck failed deck_levers)."""
    for lever in ("L1", "L2"):
        assert list(claims.stances([sentence(text)], lever, STATUS)) == ["validated"], lever


def test_a_part_naming_no_subject_still_goes_on_with_the_subject_before_it():
    """What the trailing part says without a subject of its own stays the subject's: "premise contradicted, not
    validated", "so the lever is not validated"; a set named before its members is theirs; a negation keeps its
    list ("do not record D-1, D-2 or D-3")."""
    for text in ("L5 mobile line clean-up: premise contradicted by the baseline, not validated.",
                 "L5: the premise is contradicted, so the lever is not validated."):
        assert list(claims.stances([sentence(text)], "L5", STATUS)) == ["not validated"], text
    # a set named before its members is theirs (CONS-01 seed 9309's summary slide)
    members = sentence("Four levers validated: carrier consolidation, logistics tender, MRO national catalog, "
                       "agency labor conversion")
    for lever in ("carrier consolidation", "MRO national catalog", "agency labor conversion"):
        assert list(claims.stances([members], lever, STATUS)) == ["validated"], lever
    listed = sentence("Do not record D-1, D-2 or D-3 in the books, as the bank will reverse them.")
    for item in ("D-1", "D-2", "D-3"):
        assert list(claims.stances([listed], item, ENTRY_OR_BANK)) == [], item


BREACH_OR_PASS = {"breached": ["breached"], "passed": ["passed"]}


@pytest.mark.parametrize("text, subject, expected", [
    ("NHI-1 breached, NHI-3 passed.", "NHI-1", ["breached"]),
    ("NHI-1 breached, NHI-3 passed.", "NHI-3", ["passed"]),
    ("NHI-1 and NHI-2 breached, NHI-3 passed.", "NHI-2", ["breached"]),
    ("NHI-1 breached, but NHI-3 passed.", "NHI-1", ["breached"]),
])
def test_each_clause_gives_its_stance_to_its_own_subject(text, subject, expected):
    """Two clauses joined by a comma alone, each with its own subject: "NHI-1 breached, NHI-3 passed" gives NHI-1
    "breached" and NHI-3 "passed" (the comma part after NHI-1 went on with it, and the opening part went with
    NHI-3, so both read as hedged)."""
    assert list(claims.stances([sentence(text)], subject, BREACH_OR_PASS)) == expected


@pytest.mark.parametrize("text", [
    "L3 validated at seven DCs, with Joliet, Peoria and Rockford excluded.",
    "L3 validated at seven DCs with Joliet, Peoria and Rockford excluded.",
])
def test_a_with_absolute_phrase_gives_its_status_to_the_things_it_names(text):
    """"with Joliet, Peoria and Rockford excluded" excludes the three sites, not the lever the sentence is about."""
    assert list(claims.stances([sentence(text)], "L3", STATUS)) == ["validated"]
    assert list(claims.stances([sentence(text)], "Joliet", STATUS)) == ["not validated"]


def test_a_clause_with_no_subject_of_its_own_still_goes_on_with_the_one_before():
    """The other side: what follows a comma without a subject of its own stays the subject's, so a hedge is read."""
    assert list(claims.stances([sentence("NHI-1 breached, passed on appeal.")], "NHI-1", BREACH_OR_PASS)) == \
        ["breached", "passed"]
    assert list(claims.stances([sentence("L3 validated, Joliet excluded.")], "L3", STATUS)) == ["validated"]


def _row(**cells: str) -> Statement:
    return Statement("; ".join(f"{k}: {v}" for k, v in cells.items()), "", dict(cells), "row", "t")


@pytest.mark.parametrize("scope", [
    "Seven DCs not yet on the catalog; Joliet, Peoria and Rockford excluded",
    "Joliet, Peoria and Rockford excluded",
    "Seven DCs in scope; Joliet, Peoria and Rockford are all excluded",
    "Seven DCs; Joliet and Peoria are excluded",
])
def test_a_status_a_cell_says_of_other_named_things_is_not_the_rows(scope):
    """CONS-01 hard, seed 9420: in the row "L3 MRO national catalog (12.2%) | Seven DCs not yet on the catalog;
    Joliet, Peoria and Rockford excluded" the three sites are excluded, not the lever (the independent solver's
    correct deck failed deck_levers with L3 both validated and not validated)."""
    row = _row(Lever="L3 MRO national catalog (12.2%)", Scope=scope, Status="Validated")
    assert list(claims.stances([row], "L3", STATUS)) == ["validated"]


@pytest.mark.parametrize("cells", [
    {"Lever": "L5", "Treatment": "excluded from the total"},
    {"Lever": "L5 Mobile line clean-up", "Status": "Excluded"},
    {"Lever": "L5 Mobile line clean-up", "Status": "Still excluded"},
    {"Lever": "Mobile line clean-up", "Status": "L5 and L6 excluded"},
    {"Lever": "L5 Mobile line clean-up", "Status": "Status: Excluded"},
    {"Lever": "L5 Mobile line clean-up", "Status": "Fort Wayne and South Bend in scope; not validated"},
])
def test_a_row_that_says_the_lever_itself_is_excluded_still_gives_not_validated(cells):
    """The other things must be named and open their part: an option opening its cell or part, after a capital that
    only opens a sentence, or said of a list holding the subject is the row's."""
    assert list(claims.stances([_row(**cells)], "L5", STATUS)) == ["not validated"]


@pytest.mark.parametrize("text", ["AB-1 and AB-2 breached, while AB-3 passed.",
                                  "AB-1 and AB-2 breached but AB-3 passed.",
                                  "AB-1 and AB-2 breached; AB-3 passed."])
def test_subjects_turned_from_by_while_or_but_each_keep_their_own_stance(text):
    """"A and B breached, while C passed": the list shares "breached", C alone "passed" (the old reading gave all
    three both, a hedge for each)."""
    options = {"breach": "breached", "pass": "passed"}
    assert {item: list(claims.stances([sentence(text)], item, options)) for item in ("AB-1", "AB-2", "AB-3")} == \
        {"AB-1": ["breach"], "AB-2": ["breach"], "AB-3": ["pass"]}


def test_two_options_in_the_part_about_one_subject_are_still_a_hedge():
    """Cutting a sentence at its turns must not cut a hedge in two: "AB-1 passed or failed" gives both."""
    options = {"pass": "passed", "fail": "failed"}
    assert list(claims.stances([sentence("AB-1 passed or failed the test.")], "AB-1", options)) == ["pass", "fail"]
    assert claims.hedged([sentence("AB-1 passed, or perhaps failed, the test.")], "AB-1", options)
