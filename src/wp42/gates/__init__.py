"""The proof gates per scenario and seed: ready, solvable, not_vacuous, robust, fair (SPEC 5; issues 3, 12).

Modules: :mod:`~wp42.gates.validation` (:func:`validate`: generate, run the probe workers, judge every gate),
:mod:`~wp42.gates.ready` and :mod:`~wp42.gates.real` (the static ``ready`` checks and its realism checks),
:mod:`~wp42.gates.attempts` (the gates judged from attempts), :mod:`~wp42.gates.hostile` (hostile out/ folders
for ``robust``), :mod:`~wp42.gates.inputs` (input readers the static checks share), :mod:`~wp42.gates.verdict`
(:class:`Gate`, :class:`GateError`) and :mod:`~wp42.gates.report` (``validation/report.md``). This package
re-exports what ``wp42.gates`` offered as a module before issue 21.
"""

from __future__ import annotations

from wp42.gates.attempts import (
    MAX_NOP_SHARE,
    MIN_ALTERNATIVES,
    judge_fair,
    judge_not_vacuous,
    judge_robust,
    judge_solvable,
    run_hostile,
)
from wp42.gates.inputs import _common as _common  # tests load common.py through wp42.gates
from wp42.gates.inputs import input_texts
from wp42.gates.ready import (
    LEAK_WORDS,
    MIN_CRITICAL_CHECKS,
    MIN_DESIGNED_FEATURES,
    MIN_ORACLE_FACTS,
    MIN_REQUIRED_CRITERIA,
    SMALL_INT,
    brief_leaks,
    designed_features,
    feature_mismatches,
    judge_ready,
    portal_problems,
)
from wp42.gates.report import render_report, write_report
from wp42.gates.validation import (
    DEFAULT_HOSTILE_LIMITS,
    PROBE_WORKERS,
    Progress,
    plan_variants,
    planned_evaluations,
    validate,
    validate_seed,
)
from wp42.gates.verdict import GATES, Gate, GateError

__all__ = [
    "DEFAULT_HOSTILE_LIMITS", "GATES", "LEAK_WORDS", "MAX_NOP_SHARE", "MIN_CRITICAL_CHECKS", "MIN_DESIGNED_FEATURES",
    "MIN_ALTERNATIVES", "MIN_ORACLE_FACTS", "MIN_REQUIRED_CRITERIA", "PROBE_WORKERS", "SMALL_INT", "Gate",
    "GateError", "Progress", "brief_leaks", "designed_features", "feature_mismatches", "input_texts", "judge_fair",
    "judge_not_vacuous", "judge_ready", "judge_robust", "judge_solvable", "plan_variants", "planned_evaluations",
    "portal_problems",
    "render_report", "run_hostile", "validate", "validate_seed", "write_report",
]
