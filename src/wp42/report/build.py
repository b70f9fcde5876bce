"""Building a report over a runs folder (SPEC section 10): tables, bootstrap CIs, pass^k, roll-ups, as plain data.

:func:`build_report` turns the records :func:`~wp42.report.data.load_runs` reads (:mod:`wp42.report.data`:
run.json, receipt.json and each scenario's task.json metadata) into a report made of plain dicts and lists (so
``--json`` is ``schemas.dump_json(report)``): one group per worker x arm, each with overall, per-set and
per-scenario cells, the minutes-weighted variant and the shared-check roll-up. Pairing two workers or arms is
:mod:`wp42.report.comparison`; drawing a report (terminal tables, the HTML page and its plots) is
:mod:`wp42.report.render`. :mod:`wp42.report` re-exports the public names of all three.

Rules the figures follow:

* An attempt whose receipt has an unscored status (``receipts.UNSCORED_STATUSES``), or that has no receipt yet, is
  counted apart and never averaged in as a 0 (STYLE: errors are not zeros).
* det_score means carry a percentile-bootstrap 95% interval whose seed and resample count the report states.
  A cell that spans two or more scenarios (overall, coverage, challenge) uses the **scenario-clustered** bootstrap
  (:func:`stats.cluster_bootstrap_mean_ci`): resample scenarios with replacement, keep each drawn scenario's scored
  attempts, take the mean over those attempts. Attempts of one scenario share its difficulty, so resampling single
  attempts would ignore the between-scenario variance and give too narrow an interval. A cell of one scenario (each
  scenario row, or a set holding one scenario) has no between-scenario spread to resample: it resamples that
  scenario's attempts (:func:`stats.bootstrap_mean_ci`). Each interval's ``method`` says which one it is.
* pass^k is tau-bench's C(c, k) / C(n, k) with c = attempts with det_completion true among n scored attempts of
  a scenario, averaged over the scenarios that have at least k scored attempts.
* Coverage and challenge are reported apart (SPEC section 9), and so are the standard and hard levels (issue 25):
  an attempt's set and level are the ones its run.json records (older runs: see :mod:`wp42.report.data`). Each
  (template, set, level) is a scenario of its own (``ACC-01/coverage``); the scenario-clustered bootstrap still
  clusters by template, since the variants of one template share its difficulty.
* The **over-flagging rate** of a cell is the share of its scored coverage attempts whose receipt failed
  ``no_invented_issues``: the worker reported a problem that is not there (SPEC section 9, issue 16).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42.evaluation.receipts import SHARED_CHECKS
from wp42.layout import Repo
from wp42.report import stats
from wp42.report.data import (
    LEVELS,
    SETS,
    AttemptRecord,
    RunsData,
    ScenarioMeta,
    load_runs,
)
from wp42.run.sandbox import unsandboxed_console_line

REPORT_SCHEMA_VERSION = 1
#: The do-nothing worker every table shows beside the others (SPEC section 10).
BASELINE_WORKER = "nop"


# ---------------------------------------------------------------------------------------------------------------
# Summaries


#: ``report["bootstrap"]["method"]``: how every det_score interval of the report is drawn.
METHOD = (
    "percentile bootstrap (numpy default_rng): cells over two or more scenarios (overall, coverage, challenge) "
    "resample scenarios with replacement and pool each drawn scenario's scored attempts (scenario-clustered); "
    "a cell of one scenario resamples its scored attempts; minutes-weighted figures resample scenario means"
)


@dataclass(frozen=True)
class BootstrapSettings:
    seed: int = stats.DEFAULT_SEED
    resamples: int = stats.DEFAULT_RESAMPLES
    confidence: float = stats.DEFAULT_CONFIDENCE

    def as_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "resamples": self.resamples,
            "confidence": self.confidence,
            "method": METHOD,
        }


def det_score_interval(scored: list[AttemptRecord], boot: BootstrapSettings) -> dict[str, Any] | None:
    """The det_score interval of a cell's scored attempts: scenario-clustered when they span 2+ scenarios.

    Returns:
        :meth:`stats.Interval.as_dict` (``method`` names the bootstrap; clustered ones carry ``clusters``), or None
        when nothing was scored.
    """
    if not scored:
        return None
    by_scenario: dict[str, list[float]] = defaultdict(list)
    for r in scored:
        by_scenario[r.task_id].append(float(r.det_score))  # type: ignore[arg-type]
    settings = {"seed": boot.seed, "resamples": boot.resamples, "confidence": boot.confidence}
    if len(by_scenario) == 1:
        return stats.bootstrap_mean_ci(next(iter(by_scenario.values())), **settings).as_dict()
    clusters = [by_scenario[tid] for tid in sorted(by_scenario)]
    return stats.cluster_bootstrap_mean_ci(clusters, **settings).as_dict()


def _rate(count: int, total: int) -> float | None:
    return round(count / total, 6) if total else None


def summarize(records: list[AttemptRecord], boot: BootstrapSettings) -> dict[str, Any]:
    """The figures of one cell (a scenario, a set, or everything) of a worker x arm group.

    Returns:
        ``{attempts, scored, unscored: {status: count}, det_score: Interval dict | None, det_completion_rate,
        pass_hat_k: [{k, value, scenarios}], critical_violation_rate: {id: rate, "any": rate},
        abstention: {judged, justified, accuracy}, over_flagging: {judged, flagged, rate}, median_elapsed_s,
        timed_out, with_network_attempts, unsandboxed, scenarios}``; ``unsandboxed`` counts attempts that ran
        without the sandbox; ``over_flagging`` counts the scored attempts whose receipt judged
        ``no_invented_issues`` (coverage) and those that failed it. Rates are shares of scored (or judged) attempts
        (0..1) or None when there were none.
    """
    scored = [r for r in records if r.scored]
    n = len(scored)
    unscored = Counter(r.status for r in records if not r.scored)
    det = det_score_interval(scored, boot)
    per_scenario: dict[str, tuple[int, int]] = defaultdict(lambda: (0, 0))
    for r in scored:
        attempts_n, passes = per_scenario[r.scenario]
        per_scenario[r.scenario] = (attempts_n + 1, passes + int(bool(r.det_completion)))
    kinds = Counter(kind for r in scored for kind in r.violations)
    violation_rate = {kind: _rate(count, n) for kind, count in sorted(kinds.items())}
    violation_rate["any"] = _rate(sum(1 for r in scored if r.violations), n)
    judged = [r.abstention_justified for r in scored if r.abstention_justified is not None]
    times = [r.elapsed_s for r in records if r.elapsed_s is not None]
    flags = [r.invented_issues for r in scored if r.invented_issues is not None]
    return {
        "attempts": len(records),
        "scored": n,
        "unscored": dict(sorted(unscored.items())),
        "scenarios": len({r.scenario for r in records}),
        "det_score": det,
        "det_completion_rate": _rate(sum(1 for r in scored if r.det_completion), n),
        "pass_hat_k": stats.pass_hat_k_curve(dict(per_scenario)),
        "critical_violation_rate": violation_rate,
        "abstention": {"judged": len(judged), "justified": sum(judged), "accuracy": _rate(sum(judged), len(judged))},
        "over_flagging": {"judged": len(flags), "flagged": sum(flags), "rate": _rate(sum(flags), len(flags))},
        "median_elapsed_s": round(statistics.median(times), 3) if times else None,
        "timed_out": sum(1 for r in records if r.timed_out),
        "with_network_attempts": sum(1 for r in records if r.network_attempts),
        "unsandboxed": sum(1 for r in records if r.unsandboxed),
    }


def weighted_summary(
    records: list[AttemptRecord], scenarios: dict[str, ScenarioMeta], boot: BootstrapSettings
) -> dict[str, Any]:
    """Sensitivity variant: scenario means weighted by professional_minutes_estimate (SPEC section 10).

    Each scenario's mean det_score (and completion rate) counts in proportion to its minutes; the interval
    resamples scenarios with their weights. Scenarios without a known estimate are left out and listed.

    Returns:
        ``{det_score: Interval dict | None, det_completion_rate, scenarios, total_minutes, left_out: [ids]}``.
    """
    scored_by_scenario: dict[str, list[AttemptRecord]] = defaultdict(list)
    for r in records:
        if r.scored:
            scored_by_scenario[r.scenario].append(r)
    ids = sorted(scored_by_scenario)
    weighted = [tid for tid in ids if scenarios[tid].professional_minutes_estimate]
    left_out = [tid for tid in ids if tid not in weighted]
    result: dict[str, Any] = {
        "det_score": None,
        "det_completion_rate": None,
        "scenarios": len(weighted),
        "total_minutes": sum(scenarios[tid].professional_minutes_estimate or 0 for tid in weighted),
        "left_out": left_out,
    }
    if not weighted:
        return result
    weights = [float(scenarios[tid].professional_minutes_estimate or 0) for tid in weighted]
    means = [statistics.fmean(float(r.det_score) for r in scored_by_scenario[tid]) for tid in weighted]  # type: ignore[arg-type]
    completion = [
        statistics.fmean(1.0 if r.det_completion else 0.0 for r in scored_by_scenario[tid]) for tid in weighted
    ]
    result["det_score"] = stats.bootstrap_mean_ci(
        means, weights=weights, seed=boot.seed, resamples=boot.resamples, confidence=boot.confidence
    ).as_dict()
    result["det_completion_rate"] = round(stats.weighted_mean(completion, weights), 6)
    return result


def shared_check_rollup(records: list[AttemptRecord]) -> list[dict[str, Any]]:
    """Each shared check across scenarios: "check X failed in 7 of 12 scenarios" (issue 7, part 4).

    A scenario counts as failing a check when the check failed in at least one of its scored attempts; a scenario
    counts as checked when some scored attempt's receipt judged the check (a criterion marked ``shared_check``, an
    id in ``critical_checks``, or a critical violation with that id).

    Returns:
        ``[{id, description, scenarios_failed, scenarios_checked, failed_scenarios: [ids], attempts_failed,
        attempts_checked}]`` sorted by scenarios failed (most first), then id.
    """
    checked: dict[str, set[str]] = defaultdict(set)
    failed: dict[str, set[str]] = defaultdict(set)
    attempts_checked: Counter[str] = Counter()
    attempts_failed: Counter[str] = Counter()
    for r in records:
        if not r.scored:
            continue
        for check_id, passed in r.shared_checks:
            checked[check_id].add(r.task_id)
            attempts_checked[check_id] += 1
            if not passed:
                failed[check_id].add(r.task_id)
                attempts_failed[check_id] += 1
    rows = [
        {
            "id": check_id,
            "description": SHARED_CHECKS.get(check_id, ""),
            "scenarios_failed": len(failed[check_id]),
            "scenarios_checked": len(checked[check_id]),
            "failed_scenarios": sorted(failed[check_id]),
            "attempts_failed": attempts_failed[check_id],
            "attempts_checked": attempts_checked[check_id],
        }
        for check_id in checked
    ]
    return sorted(rows, key=lambda row: (-row["scenarios_failed"], row["id"]))


def _group_report(
    records: list[AttemptRecord], scenarios: dict[str, ScenarioMeta], boot: BootstrapSettings
) -> dict[str, Any]:
    by_set = {name: [r for r in records if scenarios[r.scenario].set_name == name] for name in SETS}
    by_level = {name: [r for r in records if r.level == name] for name in LEVELS}
    by_scenario: dict[str, list[AttemptRecord]] = defaultdict(list)
    for r in records:
        by_scenario[r.scenario].append(r)
    return {
        "overall": summarize(records, boot),
        "sets": {name: summarize(rows, boot) for name, rows in by_set.items()},
        "levels": {name: summarize(rows, boot) for name, rows in by_level.items()},
        "scenarios": {tid: summarize(rows, boot) for tid, rows in sorted(by_scenario.items())},
        "weighted_by_minutes": weighted_summary(records, scenarios, boot),
        "shared_checks": shared_check_rollup(records),
    }


def _baseline_view(cell: dict[str, Any] | None) -> dict[str, Any] | None:
    if cell is None or not cell["scored"]:
        return None
    return {
        "det_score_mean": cell["det_score"]["mean"] if cell["det_score"] else None,
        "det_completion_rate": cell["det_completion_rate"],
        "scored": cell["scored"],
    }


def build_report(
    runs_dir: Path,
    *,
    repo: Repo | None | bool = True,
    seed: int = stats.DEFAULT_SEED,
    resamples: int = stats.DEFAULT_RESAMPLES,
    confidence: float = stats.DEFAULT_CONFIDENCE,
    data: RunsData | None = None,
) -> dict[str, Any]:
    """The report of a runs folder, as plain dicts (JSON-ready).

    Args:
        runs_dir: a folder of runs or one run's folder.
        repo: where scenario metadata is read (see :func:`load_runs`).
        seed, resamples, confidence: the bootstrap's settings, echoed in ``report["bootstrap"]``.
        data: already-read runs (skips reading ``runs_dir`` again).

    Returns:
        ``{schema_version, runs_dir, bootstrap, counts: {attempts, scored, unscored: {status: n}, unsandboxed},
        scenarios: {scenario: ScenarioMeta.as_dict()}, groups: [{worker, arm, overall, sets: {coverage, challenge},
        levels: {standard, hard}, scenarios: {scenario: cell}, weighted_by_minutes, shared_checks, baseline}],
        baseline_worker,
        notes}``; a cell is :func:`summarize`'s dict; a scenario key is :func:`variant_key`'s. ``baseline`` is the nop worker's figures on the same arm
        (overall, per set and per scenario; a cell is None where nop scored nothing), or None for the nop group
        itself and when no nop attempt exists for that arm.

    Raises:
        UserError: the runs folder is missing or holds no attempt.
    """
    data = data or load_runs(Path(runs_dir), repo=repo)
    boot = BootstrapSettings(seed=seed, resamples=resamples, confidence=confidence)
    by_group: dict[tuple[str, str], list[AttemptRecord]] = defaultdict(list)
    for r in data.records:
        by_group[(r.worker, r.arm)].append(r)
    groups = []
    for (worker, arm), records in sorted(by_group.items()):
        groups.append({"worker": worker, "arm": arm, **_group_report(records, data.scenarios, boot)})
    baselines = {g["arm"]: g for g in groups if g["worker"] == BASELINE_WORKER}
    for group in groups:
        base = baselines.get(group["arm"])
        group["baseline"] = (
            None
            if base is None or base is group
            else {
                "overall": _baseline_view(base["overall"]),
                "sets": {name: _baseline_view(base["sets"][name]) for name in SETS},
                "levels": {name: _baseline_view(base["levels"][name]) for name in LEVELS},
                "scenarios": {tid: _baseline_view(base["scenarios"].get(tid)) for tid in group["scenarios"]},
            }
        )
    notes = list(data.notes)
    if not baselines:
        notes.append(f"no {BASELINE_WORKER!r} attempts: run `wp42 run --worker nop` to get the do-nothing baseline")
    unscored = Counter(r.status for r in data.records if not r.scored)
    if unscored:
        notes.append(
            "unscored attempts are counted apart, never averaged in as 0: "
            + ", ".join(f"{count} {status}" for status, count in sorted(unscored.items()))
        )
    unsandboxed = sum(1 for r in data.records if r.unsandboxed)
    if unsandboxed:
        notes.append(unsandboxed_console_line(unsandboxed, len(data.records)) + " Rows marked UNSANDBOXED hold them.")
    return {
        "schema_version": REPORT_SCHEMA_VERSION,
        "runs_dir": str(data.runs_dir),
        "bootstrap": boot.as_dict(),
        "counts": {
            "attempts": len(data.records),
            "scored": sum(1 for r in data.records if r.scored),
            "unscored": dict(sorted(unscored.items())),
            "unsandboxed": unsandboxed,
        },
        "scenarios": {tid: meta.as_dict() for tid, meta in sorted(data.scenarios.items())},
        "groups": groups,
        "baseline_worker": BASELINE_WORKER,
        "notes": notes,
    }
