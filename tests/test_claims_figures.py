"""claims.figures_given: the figure a document gives for a labelled subject, in prose and in table rows, so an
evaluator can tell one figure from two (a hedge) without reading numbers that merely stand near the label."""

from __future__ import annotations

import sys
from decimal import Decimal

import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import claims  # noqa: E402
import reading  # noqa: E402

NOTE = """The correct total gross pay is EUR 41,384.43, EUR 3,442.95 less than the register.
Correct total: 41.384,43.
We do not know the correct total of 5 items.
The correct total, as the processor's register shows on its last page after the totals row, 99.

| Item | Result |
|---|---|
| Correct total gross pay | €41,384.43 |

| Employee | Correct total |
|---|---|
| NG-1 | 12.00 |
"""


def test_figures_given_reads_prose_label_value_rows_and_columns():
    statements = reading.text_statements(NOTE, "note")
    figures = [figure for _, figure in claims.figures_given(statements, "correct total")]
    assert figures == ["EUR 41,384.43", "41.384,43", "€41,384.43", "12.00"]


def test_a_negated_label_or_a_far_figure_gives_nothing():
    statements = reading.text_statements("We do not state the correct total 99. The correct total, as the "
                                         "register shows on its last page after the totals row, 99.", "note")
    assert claims.figures_given(statements, "correct total") == []


def test_alternative_figures_are_figures_offered_in_place_of_each_other():
    """Red team (1.2): "$58,828.70 (or $98,828.70 if the referred claim is paid)", "one of $51,000.00, $58,828.70,
    $61,220.10", "between X and Y" and "X/Y" offer a reader several answers; figures joined by words ("of which",
    "less"), by a semicolon or standing in separate cells are not alternatives."""
    groups = claims.alternative_figures
    assert groups("Total payable $58,828.70 (or $98,828.70 if the referred claim is paid).") == [
        ["$58,828.70", "$98,828.70"]]
    assert groups("The total is one of $51,000.00, $58,828.70, $61,220.10.") == [
        ["$51,000.00", "$58,828.70", "$61,220.10"]]
    assert groups("The total lies between €44,100.00 and €44,827.38; 44,827.38/45,000.00 in the register.") == [
        ["€44,100.00", "€44,827.38"], ["44,827.38", "45,000.00"]]
    assert groups("Total $58,828.70, of which $40,000.00 is referred; declined $0.00.") == []
    assert groups("Approved: 6, total amount payable on approved claims $58,828.70.") == []
    assert groups("claimed 1,497.49 does not exceed the 2,500.00 deductible; amount payable $0.00") == []
    assert groups("Total payable: $58,828.70; declined: $0.00") == []
    assert groups("Processor to correct gross from 3,351.04 to 0.00") == []
    assert groups("Policy BMI-CP-349081, loss on 05/07/2025") == []


def test_or_with_a_hedging_adverb_still_offers_an_alternative():
    """Audit (02 Dec): "$24,856.56 or possibly $25,036.56" gives the subject two answers as "X or Y" does; the
    adverb hid the hedge from alternative_figures and figure_listed, so report_summary (ACC-01), note_total (INS-01),
    memo_totals (HR-01) and their kind passed it. One figure with a hedged remark after it offers nothing."""
    groups, tolerance = claims.alternative_figures, Decimal("0.005")
    assert groups("Adjusted bank balance: $24,856.56 or possibly $25,036.56.") == [["$24,856.56", "$25,036.56"]]
    assert groups("Total credits owed: $40.55, or perhaps $31.35.") == [["$40.55", "$31.35"]]
    assert groups("Total $58,828.70, or even more if the referred claim is paid.") == []
    for text in ("Prices rose 3.26% or possibly 3.62% in the year.", "Prices rose 3.26%, or maybe 3.62%."):
        assert claims.figure_listed(text, Decimal("3.26"), tolerance)
        assert not claims.figure_stated(text, Decimal("3.26"), tolerance)
    assert claims.figure_stated("Prices rose 3.26%, probably the peak.", Decimal("3.26"), tolerance)


def test_a_document_number_after_the_label_is_not_its_figure():
    """LOG-01's engineer found "credit note GS-2025-1332" read as a total of -2025: digits joined to letters or to
    more digits by a hyphen name a document (or a date), and the figure is the amount after them."""
    statements = reading.text_statements("Total per invoice 2025-0042: EUR 99.00.\nThe total disputed on "
                                         "GS-2025-1332 is 410.00.\nTotal of $1,200 on 2025-03-31.", "note")
    assert [figure for _, figure in claims.figures_given(statements, "total")] == ["EUR 99.00", "410.00", "$1,200"]


def test_a_possessive_name_is_the_name():
    """REC-01's engineer found "Idris Fairbanks's PMP" unmatched by "Idris Fairbanks" (the apostrophe dropped first
    left the stem "fairbankss"); "Fairbanks'" and a curly apostrophe are the same name."""
    for text in ("Idris Fairbanks's PMP is current.", "Idris Fairbanks' PMP is current.",
                 "Idris Fairbanks\u2019s PMP is current."):
        assert claims.mentions(text, "Idris Fairbanks"), text
    assert not claims.mentions("Idris Fairbanks's PMP is current.", "Idris Fairholm")


def test_a_table_cell_explaining_a_line_is_not_the_label_of_the_next_cell():
    # LOG-01 seed 9201 (an independent solver): a line's details mention "the total disputed" it reduces; the
    # line's own amount in the next cell is not the note's total. A plain label cell still gives its value.
    note = """| Details | Amount disputed (EUR) |
|---|---|
| Under-billed: 386 kg at EUR 23,44/100 kg. We settle the line at the correct amount, which reduces the total disputed. | -18,99 |
| Total amount disputed | 1.588,63 |
"""
    statements = reading.text_statements(note, "note")
    assert [figure for _, figure in claims.figures_given(statements, "total")] == ["1.588,63"]


def test_a_figure_in_brackets_right_after_its_label_is_an_aside_not_a_negative():
    """RES-01 hard, seed 9304: "Total eligible spend (£487,891.36) is also within the total award" gives the total
    as an aside; read as an accounting negative it became a second, different total (a hedge) on correct work.
    Brackets after other words keep their accounting meaning."""
    def given(text: str) -> list[str]:
        return [f for _, f in claims.figures_given(reading.text_statements(text, "memo"), "total eligible spend")]

    assert given("Total eligible spend (£487,891.36) is also within the total award (£525,015.00).") == [
        "£487,891.36"]
    assert given("Total eligible spend: (£487,891.36).") == ["(£487,891.36)"]
    assert given("Total eligible spend is (487,891.36).") == ["(487,891.36)"]


def test_a_change_in_the_labelled_figure_is_not_the_figure():
    """INS-01 hard, seed 9406 (an independent solver): "the total payable would rise by $1,000.00" gave the note a
    second total payable."""
    text = "If you regard them as one storm event, one deductible would apply, and the total payable would rise by " \
           "$1,000.00."
    assert claims.figures_given(reading.text_statements(text, "note"), "total payable") == []
    assert [f for _, f in claims.figures_given(reading.text_statements("The total payable is now $1,000.00.", "note"),
                                                   "total payable")] \
        == ["$1,000.00"]
    assert [f for _, f in claims.figures_given(reading.text_statements("NG-1 salary increase by EUR 100 was missed.",
                                                                           "note"), "NG-1")] \
        == ["EUR 100"]


def test_a_figure_belongs_to_the_label_nearest_before_it():
    """RES-01 hard, seed 9428 (an independent solver): "the award-year ledger spend of £370,834.81" read as giving
    the award £370,834.81. With the other labels named, a figure after one of them is that label's; without
    them, or with the other label before the first, the figure stays the first label's."""
    def award(text: str, others=()) -> list[str]:
        return [text[start:end] for _, start, end in claims.labelled_figures(text, "award", others=others)]

    assert award("This is the award-year ledger spend of £370,834.81 less £7,327.99.", others=["spend"]) == []
    assert award("The award covers ledger spend of £370,834.81.", others=["spend", "ineligible"]) == []
    assert award("The award covers ledger spend of £370,834.81.") == ["£370,834.81"]
    assert award("Eligible spend is £363,506.82 against a total award of £380,000.00.", others=["spend"]) == [
        "£380,000.00"]
    assert award("The total award is £370,834.81.", others=["spend"]) == ["£370,834.81"]


@pytest.mark.parametrize("text, given", [
    # BANK-01 hard, seed 9542 (an independent solver): an amount the figure is overstated BY
    ("It also overstates the total payable by $366,331 because it leaves out the receivable.", []),
    ("The total payable is overstated by $366,331.", []),
    ("The total payable exceeds the limit by $12,145.", []),
    ("The total payable is higher than invoiced by only $12,145.", []),
    ("The total payable is $366,331 lower once the credit is deducted.", []),
    ("The total payable is $366,331 more than invoiced.", []),
    # the figure a change arrives at is the label's
    ("The credit reduces the total payable by $366,331 to $5,512,145.", ["$5,512,145"]),
    # a "by" no difference word governs, and a comparison after a comma, leave the figure the label's
    ("The total payable by our count is $366,331.", ["$366,331"]),
    ("The total payable is $5,512,145, higher than invoiced.", ["$5,512,145"]),
    ("The total payable is $5,878,476, overstated by $366,331.", ["$5,878,476"]),
])
def test_an_amount_a_figure_differs_by_is_not_the_figure(text, given):
    """BANK-01 hard, seed 9542 (an independent solver): "It also overstates Tangible Net Worth by $366,331" read as
    a second tangible net worth. An amount a figure is overstated, understated, higher, lower, short, over or
    changed BY, or that the words after it compare ("$366,331 lower"), is a difference (claims.given_as_difference)."""
    assert [f for _, f in claims.figures_given(reading.text_statements(text, "memo"), "total payable")] == given
