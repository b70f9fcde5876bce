"""Statistics for reports (SPEC section 10): bootstrap intervals, pass^k, paired differences, weighted means.

Every interval here is a **percentile bootstrap** (Efron & Tibshirani, *An Introduction to the Bootstrap*, 1993,
ch. 13): draw ``resamples`` samples of size n with replacement, take the statistic of each, report the
``(1-confidence)/2`` and ``(1+confidence)/2`` percentiles of those statistics (``numpy.percentile``, linear
interpolation). Resample indices come from ``numpy.random.default_rng(seed).integers(0, n, size=(resamples, n))``,
drawn in row chunks to bound memory; drawing in chunks yields the same stream as one call, so a figure is
reproducible from (values, seed, resamples) alone. Reports state the seed and the number of resamples they used.

When attempts come in clusters (several attempts of each scenario), :func:`cluster_bootstrap_mean_ci` resamples the
clusters, not the attempts: the one-stage cluster bootstrap (Davison & Hinkley, *Bootstrap Methods and their
Application*, 1997, section 3.8; Field & Welsh, "Bootstrapping clustered data", JRSS B 69(3), 2007). Attempts of one
scenario share its difficulty, so resampling them one by one treats correlated attempts as independent and gives
intervals that ignore the between-scenario variance (too narrow when scenarios differ).

pass^k follows tau-bench (Yao et al., 2024, "tau-bench: A Benchmark for Tool-Agent-User Interaction", section 5):
for a scenario attempted n times with c successes, pass^k = C(c, k) / C(n, k), the chance that k attempts drawn
without replacement all succeed; the suite figure is its mean over scenarios.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

#: Seed of every bootstrap unless a caller states another one.
DEFAULT_SEED = 42
#: Number of bootstrap resamples unless a caller states another number.
DEFAULT_RESAMPLES = 10_000
DEFAULT_CONFIDENCE = 0.95
#: ``Interval.method`` of :func:`cluster_bootstrap_mean_ci`.
CLUSTERED_METHOD = "scenario-clustered percentile bootstrap"
#: Upper bound on resample-matrix cells drawn at once (about 16 MB of int64 indices).
_CHUNK_CELLS = 2_000_000


@dataclass(frozen=True)
class Interval:
    """A point estimate with its percentile-bootstrap interval, and how the interval was drawn."""

    mean: float
    low: float
    high: float
    n: int
    confidence: float
    resamples: int
    seed: int
    #: Number of clusters (scenarios) resampled, or None when single values were resampled.
    clusters: int | None = None

    @property
    def method(self) -> str:
        return "percentile bootstrap" if self.clusters is None else CLUSTERED_METHOD

    def as_dict(self) -> dict[str, Any]:
        """``{mean, ci_low, ci_high, n, confidence, resamples, seed, method}`` (floats rounded to 6 places), plus
        ``clusters`` for a clustered interval (``n`` then counts the values inside all clusters)."""
        record: dict[str, Any] = {
            "mean": round(self.mean, 6),
            "ci_low": round(self.low, 6),
            "ci_high": round(self.high, 6),
            "n": self.n,
            "confidence": self.confidence,
            "resamples": self.resamples,
            "seed": self.seed,
            "method": self.method,
        }
        if self.clusters is not None:
            record["clusters"] = self.clusters
        return record

    @property
    def width(self) -> float:
        return self.high - self.low


def _as_array(values: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    array = np.asarray(values, dtype=float)
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be finite numbers")
    return array


def weighted_mean(values: Sequence[float], weights: Sequence[float]) -> float:
    """sum(w_i * v_i) / sum(w_i).

    Raises:
        ValueError: lengths differ, the sample is empty, a weight is negative, or the weights sum to 0.
    """
    v = _as_array(values, "values")
    w = _as_array(weights, "weights")
    if v.shape != w.shape:
        raise ValueError(f"values and weights differ in length ({v.size} and {w.size})")
    if v.size == 0:
        raise ValueError("a weighted mean of no values is undefined")
    if np.any(w < 0):
        raise ValueError("weights must not be negative")
    total = float(w.sum())
    if total <= 0:
        raise ValueError("weights sum to 0: a weighted mean is undefined")
    return float((v * w).sum() / total)


def bootstrap_mean_ci(
    values: Sequence[float],
    *,
    weights: Sequence[float] | None = None,
    confidence: float = DEFAULT_CONFIDENCE,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> Interval:
    """Mean of ``values`` (weighted by ``weights`` when given) with a percentile-bootstrap interval.

    Each resample draws n indices with replacement (the same indices pick a value and its weight) and takes the
    (weighted) mean; the interval is the percentile pair of those means. A constant sample gives a zero-width
    interval; a single value gives ``low == high == mean``.

    Args:
        values: n >= 1 finite numbers (e.g. det_score per attempt, 0..1).
        weights: optional n non-negative weights (e.g. professional_minutes_estimate per scenario).
        confidence: in (0, 1); 0.95 gives the 2.5th and 97.5th percentiles.
        resamples: number of bootstrap samples, >= 1.
        seed: seed of ``numpy.random.default_rng``.

    Raises:
        ValueError: empty sample, non-finite values, bad confidence, resamples < 1, or bad weights.
    """
    v = _as_array(values, "values")
    if v.size == 0:
        raise ValueError("a bootstrap of no values is undefined")
    _check_settings(confidence, resamples)
    if weights is None:
        point = float(v.mean())
        w = None
    else:
        point = weighted_mean(v, weights)
        w = _as_array(weights, "weights")
    n = v.size
    rng = np.random.default_rng(seed)
    rows_per_chunk = max(1, _CHUNK_CELLS // n)
    stats = np.empty(resamples, dtype=float)
    done = 0
    while done < resamples:
        rows = min(rows_per_chunk, resamples - done)
        idx = rng.integers(0, n, size=(rows, n))
        if w is None:
            stats[done : done + rows] = v[idx].mean(axis=1)
        else:
            wi = w[idx]
            totals = wi.sum(axis=1)
            # A resample holding only zero-weight items has no weighted mean; fall back to its plain mean.
            safe = np.where(totals > 0, totals, 1.0)
            stats[done : done + rows] = np.where(totals > 0, (v[idx] * wi).sum(axis=1) / safe, v[idx].mean(axis=1))
        done += rows
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(stats, [tail, 100 - tail])
    # Floating-point noise must not make a constant sample's interval look wider than zero.
    if np.ptp(v) == 0:
        low = high = point
    return Interval(point, float(low), float(high), int(n), confidence, int(resamples), int(seed))


def _check_settings(confidence: float, resamples: int) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1), got {confidence}")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")


def cluster_bootstrap_mean_ci(
    clusters: Sequence[Sequence[float]],
    *,
    confidence: float = DEFAULT_CONFIDENCE,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> Interval:
    """Mean over all values of all clusters, with a one-stage cluster (percentile) bootstrap interval.

    Each resample draws k cluster indices with replacement from the k clusters and keeps every value of each drawn
    cluster; its statistic is the pooled mean ``sum of drawn clusters' sums / sum of their sizes``, the same
    estimator as the point estimate (so a cluster with more values weighs more, as it does in the point). The
    interval is the percentile pair of those statistics. Indices come from
    ``numpy.random.default_rng(seed).integers(0, k, size=(resamples, k))`` drawn in row chunks, as in
    :func:`bootstrap_mean_ci`. Sources: Davison & Hinkley (1997) section 3.8; Field & Welsh (2007).

    With one cluster every resample is that cluster: the interval has zero width, because between-cluster variance
    cannot be estimated from one cluster (callers that want a within-cluster interval then use
    :func:`bootstrap_mean_ci`). All values equal gives ``low == high == mean``.

    Args:
        clusters: k >= 1 non-empty sequences of finite numbers (e.g. each scenario's det_score per attempt).
        confidence, resamples, seed: as in :func:`bootstrap_mean_ci`.

    Returns:
        An :class:`Interval` with ``n`` = number of values, ``clusters`` = k.

    Raises:
        ValueError: no cluster, an empty cluster, non-finite values, bad confidence, or resamples < 1.
    """
    if len(clusters) == 0:
        raise ValueError("a cluster bootstrap of no clusters is undefined")
    arrays = [_as_array(c, f"cluster {i}") for i, c in enumerate(clusters)]
    if any(a.size == 0 for a in arrays):
        raise ValueError("every cluster must hold at least one value")
    _check_settings(confidence, resamples)
    sums = np.array([a.sum() for a in arrays])
    sizes = np.array([a.size for a in arrays], dtype=float)
    point = float(sums.sum() / sizes.sum())
    k = len(arrays)
    rng = np.random.default_rng(seed)
    rows_per_chunk = max(1, _CHUNK_CELLS // k)
    stats = np.empty(resamples, dtype=float)
    done = 0
    while done < resamples:
        rows = min(rows_per_chunk, resamples - done)
        idx = rng.integers(0, k, size=(rows, k))
        stats[done : done + rows] = sums[idx].sum(axis=1) / sizes[idx].sum(axis=1)
        done += rows
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(stats, [tail, 100 - tail])
    values = np.concatenate(arrays)
    if np.ptp(values) == 0:
        low = high = point
    return Interval(point, float(low), float(high), int(values.size), confidence, int(resamples), int(seed), k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """tau-bench's pass^k for one scenario: C(c, k) / C(n, k).

    Args:
        n: attempts of the scenario (>= 1); c: attempts that succeeded (0..n); k: 1..n.

    Raises:
        ValueError: counts out of range.
    """
    if n < 1 or not 0 <= c <= n:
        raise ValueError(f"need n >= 1 and 0 <= c <= n, got n={n}, c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"k must lie in 1..n={n}, got {k}")
    return math.comb(c, k) / math.comb(n, k)


def pass_hat_k_curve(trials: Mapping[Hashable, tuple[int, int]], max_k: int | None = None) -> list[dict[str, Any]]:
    """pass^k for k = 1..K averaged over scenarios, tau-bench style.

    Args:
        trials: ``{scenario: (n, c)}``; scenarios with n = 0 are ignored.
        max_k: K; defaults to the largest n. A scenario enters the mean for k only when n >= k, and each row says
            how many scenarios it averages, so uneven repeat counts stay visible.

    Returns:
        ``[{"k": k, "value": mean pass^k (6 places) or None, "scenarios": count}, ...]`` for k = 1..K;
        ``[]`` when no scenario has an attempt.
    """
    counted = {key: (n, c) for key, (n, c) in trials.items() if n > 0}
    if not counted:
        return []
    top = max_k if max_k is not None else max(n for n, _ in counted.values())
    curve = []
    for k in range(1, top + 1):
        per_scenario = [pass_hat_k(n, c, k) for n, c in counted.values() if n >= k]
        curve.append(
            {
                "k": k,
                "value": round(float(np.mean(per_scenario)), 6) if per_scenario else None,
                "scenarios": len(per_scenario),
            }
        )
    return curve


def paired_difference(
    a: Mapping[Hashable, float],
    b: Mapping[Hashable, float],
    *,
    confidence: float = DEFAULT_CONFIDENCE,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> dict[str, Any]:
    """Mean of a - b over the units both sides have (e.g. scenarios), with a paired bootstrap interval.

    The pairs are resampled together (the bootstrap of the per-unit differences), so what the two sides share on a
    unit (its difficulty) cancels out.

    Returns:
        ``{"difference": Interval.as_dict() or None, "pairs": n, "a_mean", "b_mean", "only_a": [...],
        "only_b": [...], "wins", "losses", "ties"}``; units are listed as ``str`` sorted.
    """
    shared = sorted(set(a) & set(b), key=str)
    result: dict[str, Any] = {
        "pairs": len(shared),
        "only_a": sorted(str(k) for k in set(a) - set(b)),
        "only_b": sorted(str(k) for k in set(b) - set(a)),
        "difference": None,
        "a_mean": None,
        "b_mean": None,
        "wins": 0,
        "losses": 0,
        "ties": 0,
    }
    if not shared:
        return result
    va = np.array([a[k] for k in shared], dtype=float)
    vb = np.array([b[k] for k in shared], dtype=float)
    diff = va - vb
    interval = bootstrap_mean_ci(diff, confidence=confidence, resamples=resamples, seed=seed)
    result.update(
        difference=interval.as_dict(),
        a_mean=round(float(va.mean()), 6),
        b_mean=round(float(vb.mean()), 6),
        wins=int((diff > 0).sum()),
        losses=int((diff < 0).sum()),
        ties=int((diff == 0).sum()),
    )
    return result


def difference_of_means_ci(
    a: Sequence[float],
    b: Sequence[float],
    *,
    confidence: float = DEFAULT_CONFIDENCE,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> Interval:
    """mean(a) - mean(b) with a percentile-bootstrap interval that resamples each side on its own.

    For one pairing unit (a scenario) whose attempts on the two sides are not paired with each other: each
    resample draws len(a) values of a and len(b) values of b with replacement and takes the difference of their
    means. With one value on each side there is no spread to resample and the interval has zero width; ``n`` is
    the smaller side's size so a reader can tell.

    Raises:
        ValueError: a side is empty or holds a non-finite value, or the settings are out of range.
    """
    _check_settings(confidence, resamples)
    va, vb = _as_array(a, "a"), _as_array(b, "b")
    if not len(va) or not len(vb):
        raise ValueError(f"each side needs at least one value, got {len(va)} and {len(vb)}")
    rng = np.random.default_rng(seed)
    means_a = va[rng.integers(0, len(va), size=(resamples, len(va)))].mean(axis=1)
    means_b = vb[rng.integers(0, len(vb), size=(resamples, len(vb)))].mean(axis=1)
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(means_a - means_b, [tail, 1.0 - tail])
    return Interval(float(va.mean() - vb.mean()), float(low), float(high), min(len(va), len(vb)), confidence,
                    resamples, seed)
