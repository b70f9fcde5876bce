"""claims.stances over suppositions: a sentence that opens with a condition, or goes on with one ("In that case ..."),
says what would hold, not the writer's answer - in a table cell as in prose (ACC-01 1.12 read a bank-errors table's
cell as one text and its closing "If the bank shows ... it becomes a book entry instead" as the writer's entry:
the seed-9535 independent solver)."""

from __future__ import annotations

import re
import sys

import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import claims  # noqa: E402
from reading import Statement, text_statements  # noqa: E402

FEE = re.compile(r"\$22\.00")
LISTS = {"entries": ["book entry", "journal entry", "be booked", "record in the books"],
         "bank": ["bank error", "refund from the bank", "take up with the bank"]}
BANK = "Items to take up with the bank"


def _row(cell: str, section: str = BANK) -> Statement:
    return Statement(f"Item: {cell}; Amount: $22.00", section, {"Item": cell, "Amount": "$22.00"}, "row",
                     "memo.docx table 1 row 2")


def _prose(text: str, section: str = BANK) -> list[Statement]:
    return [Statement(s.text, section, None, s.kind, s.where) for s in text_statements(text, "memo.docx paragraph 4")]


@pytest.mark.parametrize("cell", [
    "Maintenance fee charged twice ($22.00 x 2). Ask for a refund of the duplicate charge. If the bank shows the "
    "second charge is a valid, different fee, it becomes a book entry instead.",
    "Duplicate $22.00 fee. Should the bank show it is valid, it is a book entry.",
    "Duplicate $22.00 fee. If the bank shows it is valid, we record it. In that case it becomes a journal entry.",
    "Duplicate $22.00 fee; if the bank shows it is valid, it is a book entry instead.",
])
def test_a_supposed_option_in_a_table_cell_is_not_the_rows(cell):
    assert claims.stances([_row(cell)], FEE, LISTS).keys() == {"bank"}


@pytest.mark.parametrize("cell", [
    "Duplicate $22.00 fee. It is also a book entry.",
    "Duplicate $22.00 fee: it is either a bank error or a book entry.",
    "Duplicate $22.00 fee. If the bank refunds it, fine. The fee should be booked now.",
    "If the bank refunds it, fine; the $22.00 fee is a book entry now.",
])
def test_an_option_the_cell_states_still_counts(cell):
    """The other list said plainly, a hedge between the two, a sentence after a supposition that does not point
    back, and a semicolon part after the supposing one all still put the row on both lists."""
    assert claims.stances([_row(cell)], FEE, LISTS).keys() == {"bank", "entries"}


@pytest.mark.parametrize(("text", "expected"), [
    ("Before posting, check the image: if it shows $22.00, do not post it. In that case the $22.00 is a bank error.",
     {"entries"}),
    ("If the image shows $22.00, tell us. Then the $22.00 is a bank error.", {"entries"}),
    ("Check the image. Then the $22.00 is a bank error.", {"entries", "bank"}),
    ("If the image shows $22.00, tell us. The $22.00 is a bank error.", {"entries", "bank"}),
])
def test_a_sentence_going_on_with_a_supposition_gives_no_stance(text, expected):
    """Under the entries heading: "In that case ..." / "Then ..." after a sentence that supposes (or ends with a
    part that does) keeps only the heading's list; after a sentence that supposes nothing, or without pointing
    back, it states."""
    found = claims.stances(_prose(text, "Book entries to post"), FEE, LISTS)
    assert found.keys() == expected


def test_a_going_on_sentence_denies_nothing():
    statements = _prose("If the bank refunds the $22.00, tell us. In that case no book entry is needed for the "
                        "$22.00.", "Book entries to post")
    assert claims.denials(statements, FEE, LISTS) == {}
    assert claims.denials(_prose("No book entry is needed for the $22.00."), FEE, LISTS).keys() == {"entries"}


def test_suppositions_go_on_after_a_sentence_ending_in_one():
    statements = text_statements("Check the image: if it shows $22.00, do not post it. In that case it is the "
                                 "bank's. The fee is $22.00.", "memo")
    assert [s.text for s in claims.suppositions(statements)] == ["In that case it is the bank's."]
