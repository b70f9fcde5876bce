"""Scoring an out/ folder: evaluate.py loaded by path, run in a bounded child, always a valid receipt.

Modules: :mod:`~wp42.evaluation.scoring` (:func:`evaluate_out`: one out/ folder, one receipt, under
:class:`Limits`), :mod:`~wp42.evaluation.service` and :mod:`~wp42.evaluation.warm` (the warm, pre-imported
parents that fork one child per evaluation), :mod:`~wp42.evaluation.child` (the child that runs one
evaluate.py), :mod:`~wp42.evaluation.receipts` (building receipts: det_score, det_completion, status) and
:mod:`~wp42.evaluation.throughput` (progress of a batch of evaluations). This package re-exports what
``wp42.evaluation`` offered as a module before issue 21.
"""

from __future__ import annotations

from wp42.evaluation.scoring import MEMORY_ERROR_MARK, Limits, evaluate_out, preexec_limits

__all__ = ["MEMORY_ERROR_MARK", "Limits", "evaluate_out", "preexec_limits"]
