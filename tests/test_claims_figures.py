"""claims.figures_given: the figure a document gives for a labelled subject, in prose and in table rows, so an
evaluator can tell one figure from two (a hedge) without reading numbers that merely stand near the label."""

from __future__ import annotations

import sys

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
