"""Reports over a runs folder (SPEC section 10): tables, bootstrap CIs, pass^k, roll-ups, HTML with plots.

Modules: :mod:`~wp42.report.data` (reading a runs folder into records), :mod:`~wp42.report.stats` (bootstrap
intervals, pass^k, paired differences), :mod:`~wp42.report.build` (:func:`build_report`),
:mod:`~wp42.report.comparison` (:func:`compare`: two workers or arms, paired), :mod:`~wp42.report.render`
(terminal tables and the HTML page), :mod:`~wp42.report.charts` (its plots) and :mod:`~wp42.report.site` (the
clickable folder of pages). This package re-exports what ``wp42.report`` offered as a module before issue 21:
every public name of data, build and comparison, and ``render_text``, ``render_html``,
``render_comparison_text`` and ``plots``, imported on first use, so building a report never imports rich or
matplotlib.
"""

from __future__ import annotations

from typing import Any

from wp42.report import stats as stats
from wp42.report.build import (
    BASELINE_WORKER,
    METHOD,
    REPORT_SCHEMA_VERSION,
    BootstrapSettings,
    build_report,
    det_score_interval,
    shared_check_rollup,
    summarize,
    weighted_summary,
)
from wp42.report.comparison import Selector, compare, parse_selector
from wp42.report.data import (
    CHALLENGE_FEATURES,
    INVENTED_ISSUES_CRITERION,
    LEVELS,
    NO_RECEIPT,
    SETS,
    UNREADABLE_RECEIPT,
    AttemptRecord,
    RunsData,
    ScenarioMeta,
    find_attempts,
    load_runs,
    scenario_meta,
    variant_key,
)

__all__ = [
    "BASELINE_WORKER",
    "CHALLENGE_FEATURES",
    "INVENTED_ISSUES_CRITERION",
    "LEVELS",
    "METHOD",
    "NO_RECEIPT",
    "REPORT_SCHEMA_VERSION",
    "SETS",
    "UNREADABLE_RECEIPT",
    "AttemptRecord",
    "BootstrapSettings",
    "RunsData",
    "ScenarioMeta",
    "Selector",
    "build_report",
    "compare",
    "det_score_interval",
    "find_attempts",
    "load_runs",
    "parse_selector",
    "scenario_meta",
    "shared_check_rollup",
    "summarize",
    "variant_key",
    "weighted_summary",
]


# ---------------------------------------------------------------------------------------------------------------
# Rendering lives in wp42.report.render; these names are reachable here too (PEP 562), imported on first use.

_RENDERING = ("render_text", "render_html", "render_comparison_text", "plots")


def __getattr__(name: str) -> Any:
    if name in _RENDERING:
        from wp42.report import render as report_render

        return getattr(report_render, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
