"""Paired comparison of two workers or arms on the same scenarios (SPEC section 10, ``wp42 report --compare``).

:func:`compare` takes records read by :func:`wp42.report.data.load_runs` and returns plain dicts (the report's
``comparison``); :mod:`wp42.report` re-exports every name here and :mod:`wp42.report.render` draws the result.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wp42.errors import UserError
from wp42.report import stats
from wp42.report.data import AttemptRecord, RunsData


@dataclass(frozen=True)
class Selector:
    """Which attempts one side of a comparison takes: a worker, an arm, or ``worker:arm``."""

    worker: str | None
    arm: str | None
    text: str

    def matches(self, record: AttemptRecord) -> bool:
        return (self.worker is None or record.worker == self.worker) and (self.arm is None or record.arm == self.arm)


def parse_selector(text: str, workers: set[str], arms: set[str]) -> Selector:
    """Read ``worker``, ``arm`` or ``worker:arm`` against the workers and arms present.

    Raises:
        UserError: the name matches nothing, or matches both a worker and an arm.
    """
    if ":" in text and text.rsplit(":", 1)[1] in arms and text.rsplit(":", 1)[0] in workers:
        worker, arm = text.rsplit(":", 1)
        return Selector(worker, arm, text)
    is_worker, is_arm = text in workers, text in arms
    if is_worker and is_arm:
        raise UserError(f"{text!r} is both a worker and an arm: write worker:arm, e.g. {text}:{sorted(arms)[0]}")
    if is_worker:
        return Selector(text, None, text)
    if is_arm:
        return Selector(None, text, text)
    raise UserError(
        f"--compare {text!r} names no worker or arm in these runs: workers are {', '.join(sorted(workers))}; "
        f"arms are {', '.join(sorted(arms))} (or write worker:arm)"
    )


def compare(
    data: RunsData,
    a: str,
    b: str,
    *,
    seed: int = stats.DEFAULT_SEED,
    resamples: int = stats.DEFAULT_RESAMPLES,
    confidence: float = stats.DEFAULT_CONFIDENCE,
) -> dict[str, Any]:
    """Paired comparison of two workers or arms on the same scenarios: mean det_score difference a - b with CI.

    The pairing unit is the scenario, plus whatever dimension neither side fixes: comparing two workers pairs
    (scenario, arm) cells; two arms pairs (scenario, worker) cells; ``w1:A1`` against ``w2:A2`` pairs scenarios.
    When the compared attempts ran at more than one seed, the seed is part of the unit: a scenario at seed 42 is
    never paired with the same scenario at seed 7.
    Each cell's value is the mean det_score of its scored attempts; unscored attempts are left out.

    Returns:
        ``{a, b, unit, det_score: stats.paired_difference(...), det_completion: same for completion rates,
        by_unit: [{unit, a_mean, a_n, b_mean, b_n, difference: Interval.as_dict() or None}], notes: [str]}`` where
        ``notes`` says how many units only one side scored and ``by_unit``
        lists every unit either side scored, its attempts' mean det_score per side and, where both sides have one,
        the difference a - b with an interval that resamples each side's attempts
        (:func:`stats.difference_of_means_ci`).

    Raises:
        UserError: a side names no worker or arm, or the two sides are the same.
    """
    workers = {r.worker for r in data.records}
    arms = {r.arm for r in data.records}
    left, right = parse_selector(a, workers, arms), parse_selector(b, workers, arms)
    if (left.worker, left.arm) == (right.worker, right.arm):
        raise UserError(f"--compare needs two different sides, got {a!r} twice")
    free_worker = left.worker is None and right.worker is None
    free_arm = left.arm is None and right.arm is None
    compared = [r for r in data.records if r.scored and (left.matches(r) or right.matches(r))]
    # a scenario at another seed is another instance: attempts pair only at the same seed (a new user's seed-42
    # agent was paired with a seed-7 reference); the seed is named in the unit when more than one is compared
    by_seed = len({r.seed for r in compared}) > 1

    def unit(r: AttemptRecord) -> str:
        parts = [f"{r.scenario} seed {r.seed}" if by_seed else r.scenario]
        if free_arm:
            parts.append(r.arm)
        if free_worker:
            parts.append(r.worker)
        return "/".join(parts)

    def cells(side: Selector, value: Callable[[AttemptRecord], float]) -> dict[str, float]:
        found: dict[str, list[float]] = defaultdict(list)
        for r in data.records:
            if r.scored and side.matches(r):
                found[unit(r)].append(value(r))
        return {key: statistics.fmean(values) for key, values in found.items()}

    settings = {"seed": seed, "resamples": resamples, "confidence": confidence}
    by_unit = _by_unit([r for r in data.records if r.scored and left.matches(r)],
                       [r for r in data.records if r.scored and right.matches(r)], unit, settings)
    unit_name = "/".join(["scenario" + (" seed" if by_seed else ""), *(["arm"] if free_arm else []),
                          *(["worker"] if free_worker else [])])
    unpaired = [row["unit"] for row in by_unit if not (row["a_n"] and row["b_n"])]
    notes = [f"{len(unpaired)} of {len(by_unit)} units scored on one side only, left out of the pairs: "
             f"{', '.join(unpaired[:5])}{' ...' if len(unpaired) > 5 else ''}"] if unpaired else []
    return {
        "a": a,
        "b": b,
        "unit": unit_name,
        "det_score": stats.paired_difference(
            cells(left, lambda r: float(r.det_score)),  # type: ignore[arg-type]
            cells(right, lambda r: float(r.det_score)),  # type: ignore[arg-type]
            **settings,
        ),
        "det_completion": stats.paired_difference(
            cells(left, lambda r: 1.0 if r.det_completion else 0.0),
            cells(right, lambda r: 1.0 if r.det_completion else 0.0),
            **settings,
        ),
        "by_unit": by_unit,
        "notes": notes,
    }


def _by_unit(left: list[AttemptRecord], right: list[AttemptRecord], unit: Callable[[AttemptRecord], str],
             settings: dict[str, Any]) -> list[dict[str, Any]]:
    """Per pairing unit: each side's scored det_scores, their means and the difference with its interval."""
    sides: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for record in left:
        sides[unit(record)][0].append(float(record.det_score))  # type: ignore[arg-type]
    for record in right:
        sides[unit(record)][1].append(float(record.det_score))  # type: ignore[arg-type]
    rows = []
    for key in sorted(sides):
        a, b = sides[key]
        difference = stats.difference_of_means_ci(a, b, **settings).as_dict() if a and b else None
        rows.append({"unit": key, "a_mean": round(statistics.fmean(a), 6) if a else None, "a_n": len(a),
                     "b_mean": round(statistics.fmean(b), 6) if b else None, "b_n": len(b),
                     "difference": difference})
    return rows
