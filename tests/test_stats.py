"""pass^k, the bootstrap, paired differences and weighted means against hand-computed values."""

from __future__ import annotations

import numpy as np
import pytest

from wp42.report import stats


def test_pass_hat_k_n4_c2_by_hand() -> None:
    # C(2,1)/C(4,1) = 2/4; C(2,2)/C(4,2) = 1/6; C(2,3) = 0.
    assert stats.pass_hat_k(4, 2, 1) == pytest.approx(0.5)
    assert stats.pass_hat_k(4, 2, 2) == pytest.approx(1 / 6)
    assert stats.pass_hat_k(4, 2, 3) == 0.0
    assert stats.pass_hat_k(4, 4, 4) == 1.0


def test_pass_hat_k_is_not_pass_at_k() -> None:
    # pass@2 for n=4, c=2 would be 1 - C(2,2)/C(4,2) = 5/6; pass^2 is the all-succeed figure 1/6.
    assert stats.pass_hat_k(4, 2, 2) != pytest.approx(5 / 6)


@pytest.mark.parametrize(("n", "c", "k"), [(0, 0, 1), (3, 4, 1), (3, -1, 1), (3, 1, 0), (3, 1, 4)])
def test_pass_hat_k_refuses_counts_out_of_range(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        stats.pass_hat_k(n, c, k)


def test_pass_hat_k_curve_averages_over_scenarios() -> None:
    # Scenario a: n=4, c=2 -> 1/2, 1/6, 0, 0. Scenario b: n=2, c=2 -> 1, 1. Scenario c ignored (no attempt).
    curve = stats.pass_hat_k_curve({"a": (4, 2), "b": (2, 2), "c": (0, 0)})
    assert [row["k"] for row in curve] == [1, 2, 3, 4]
    assert curve[0] == {"k": 1, "value": pytest.approx(0.75), "scenarios": 2}
    assert curve[1] == {"k": 2, "value": pytest.approx(round((1 / 6 + 1) / 2, 6)), "scenarios": 2}
    # k=3 and k=4 average only scenario a, which has enough attempts.
    assert curve[2] == {"k": 3, "value": 0.0, "scenarios": 1}
    assert curve[3]["scenarios"] == 1
    assert stats.pass_hat_k_curve({}) == []


def test_bootstrap_of_a_constant_sample_has_zero_width() -> None:
    interval = stats.bootstrap_mean_ci([0.7] * 9, resamples=500, seed=3)
    assert interval.mean == pytest.approx(0.7)
    assert interval.low == interval.high == pytest.approx(0.7)
    assert interval.width == 0.0


def test_bootstrap_matches_a_hand_run_resampling_with_the_same_seed() -> None:
    values = np.array([0.0, 0.25, 1.0, 0.5, 1.0])
    seed, resamples = 11, 400
    rng = np.random.default_rng(seed)
    means = np.array([values[rng.integers(0, 5, size=5)].mean() for _ in range(resamples)])
    low, high = np.percentile(means, [2.5, 97.5])
    interval = stats.bootstrap_mean_ci(values, resamples=resamples, seed=seed)
    assert interval.mean == pytest.approx(0.55)
    assert interval.low == pytest.approx(low)
    assert interval.high == pytest.approx(high)
    assert interval.low < interval.mean < interval.high
    # Another seed gives another interval: the seed is really used.
    other = stats.bootstrap_mean_ci(values, resamples=resamples, seed=seed + 1)
    assert (other.low, other.high) != (interval.low, interval.high)


def test_bootstrap_chunking_does_not_change_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    values = np.linspace(0, 1, 37)
    whole = stats.bootstrap_mean_ci(values, resamples=300, seed=5)
    monkeypatch.setattr(stats, "_CHUNK_CELLS", 37 * 7)  # 7 rows per chunk
    chunked = stats.bootstrap_mean_ci(values, resamples=300, seed=5)
    assert (chunked.low, chunked.high) == (whole.low, whole.high)


def test_bootstrap_two_points_by_hand() -> None:
    # Sample {0, 1}, n=2: resample means are 0, 0.5, 1 with probabilities 1/4, 1/2, 1/4, so with many resamples the
    # 2.5th percentile is 0 and the 97.5th is 1.
    interval = stats.bootstrap_mean_ci([0.0, 1.0], resamples=20_000, seed=1)
    assert (interval.low, interval.mean, interval.high) == (0.0, 0.5, 1.0)


def test_bootstrap_states_seed_and_resamples() -> None:
    record = stats.bootstrap_mean_ci([0.0, 1.0, 1.0], resamples=123, seed=9).as_dict()
    assert record["seed"] == 9
    assert record["resamples"] == 123
    assert record["confidence"] == 0.95
    assert record["method"] == "percentile bootstrap"


@pytest.mark.parametrize("bad", [[], [float("nan")], [[0.1, 0.2]]])
def test_bootstrap_refuses_bad_samples(bad: list) -> None:
    with pytest.raises(ValueError):
        stats.bootstrap_mean_ci(bad)


def test_weighted_mean_by_hand() -> None:
    # (1*30 + 0*90) / 120 = 0.25
    assert stats.weighted_mean([1.0, 0.0], [30, 90]) == pytest.approx(0.25)
    with pytest.raises(ValueError):
        stats.weighted_mean([1.0], [0])
    with pytest.raises(ValueError):
        stats.weighted_mean([1.0, 2.0], [1])
    with pytest.raises(ValueError):
        stats.weighted_mean([1.0, 2.0], [1, -1])


def test_weighted_bootstrap_point_is_the_weighted_mean() -> None:
    interval = stats.bootstrap_mean_ci([1.0, 0.0, 0.5], weights=[30, 90, 60], resamples=200, seed=2)
    assert interval.mean == pytest.approx((30 + 30) / 180)
    assert 0.0 <= interval.low <= interval.mean <= interval.high <= 1.0


def test_paired_difference_by_hand() -> None:
    a = {"s1": 1.0, "s2": 0.5, "s3": 0.5, "only": 1.0}
    b = {"s1": 0.0, "s2": 0.5, "s3": 0.25, "other": 0.0}
    result = stats.paired_difference(a, b, resamples=500, seed=4)
    assert result["pairs"] == 3
    assert result["difference"]["mean"] == pytest.approx((1.0 + 0.0 + 0.25) / 3, abs=1e-6)
    assert (result["wins"], result["ties"], result["losses"]) == (2, 1, 0)
    assert result["only_a"] == ["only"]
    assert result["only_b"] == ["other"]
    # The paired interval is the bootstrap of the per-scenario differences.
    direct = stats.bootstrap_mean_ci([1.0, 0.0, 0.25], resamples=500, seed=4)
    assert result["difference"]["ci_low"] == pytest.approx(direct.low, abs=1e-6)
    assert result["difference"]["ci_high"] == pytest.approx(direct.high, abs=1e-6)


def test_paired_difference_with_equal_sides_is_exactly_zero() -> None:
    a = {"s1": 0.2, "s2": 0.9}
    result = stats.paired_difference(a, dict(a), resamples=100)
    assert result["difference"]["mean"] == 0.0
    assert result["difference"]["ci_low"] == result["difference"]["ci_high"] == 0.0


def test_paired_difference_with_nothing_shared() -> None:
    result = stats.paired_difference({"a": 1.0}, {"b": 0.0})
    assert result["pairs"] == 0
    assert result["difference"] is None


def test_cluster_bootstrap_two_clusters_by_hand() -> None:
    # Clusters A = [1, 1, 1, 1] and B = [0]. Drawing 2 clusters with replacement: AA -> 4/4 = 1 (p 1/4),
    # AB or BA -> 4/5 = 0.8 (p 1/2), BB -> 0/1 = 0 (p 1/4); so the 2.5th percentile is 0 and the 97.5th is 1.
    interval = stats.cluster_bootstrap_mean_ci([[1.0, 1.0, 1.0, 1.0], [0.0]], resamples=20_000, seed=1)
    assert (interval.low, interval.mean, interval.high) == (0.0, pytest.approx(0.8), 1.0)
    assert (interval.n, interval.clusters) == (5, 2)
    # Resampling the five attempts as if independent: P(at most 1 success in 5 draws at 4/5) = 0.0067 < 0.025 and
    # P(at most 2) = 0.058, so its 2.5th percentile is 2/5: narrower, because it ignores that B differs from A.
    naive = stats.bootstrap_mean_ci([1.0, 1.0, 1.0, 1.0, 0.0], resamples=20_000, seed=1)
    assert naive.low == pytest.approx(0.4)
    assert interval.width > naive.width


def test_cluster_bootstrap_matches_a_hand_run_resampling_with_the_same_seed() -> None:
    clusters = [[0.0, 1.0], [0.5], [1.0, 1.0, 0.25], [0.0]]
    sums = np.array([1.0, 0.5, 2.25, 0.0])
    sizes = np.array([2, 1, 3, 1])
    seed, resamples = 13, 500
    rng = np.random.default_rng(seed)
    pooled = []
    for _ in range(resamples):
        drawn = rng.integers(0, 4, size=4)  # four scenarios, with replacement, each with all of its attempts
        pooled.append(sums[drawn].sum() / sizes[drawn].sum())
    low, high = np.percentile(pooled, [2.5, 97.5])
    interval = stats.cluster_bootstrap_mean_ci(clusters, resamples=resamples, seed=seed)
    assert interval.mean == pytest.approx(3.75 / 7)  # the mean over all 7 attempts
    assert (interval.low, interval.high) == (pytest.approx(low), pytest.approx(high))
    record = interval.as_dict()
    assert record["method"] == "scenario-clustered percentile bootstrap"
    assert (record["clusters"], record["n"]) == (4, 7)


def test_cluster_bootstrap_chunking_does_not_change_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    clusters = [[v, 1 - v] for v in np.linspace(0, 1, 11)] + [[0.3]]
    whole = stats.cluster_bootstrap_mean_ci(clusters, resamples=300, seed=5)
    monkeypatch.setattr(stats, "_CHUNK_CELLS", 12 * 7)  # 7 rows per chunk
    chunked = stats.cluster_bootstrap_mean_ci(clusters, resamples=300, seed=5)
    assert (chunked.low, chunked.high) == (whole.low, whole.high)


def test_cluster_bootstrap_of_one_cluster_has_zero_width() -> None:
    # One scenario: every resample is that scenario, so there is no between-scenario spread to show.
    interval = stats.cluster_bootstrap_mean_ci([[0.2, 0.9]], resamples=200, seed=1)
    assert interval.low == interval.high == pytest.approx(0.55)


@pytest.mark.parametrize("bad", [[], [[]], [[0.5], []], [[float("inf")]]])
def test_cluster_bootstrap_refuses_bad_clusters(bad: list) -> None:
    with pytest.raises(ValueError):
        stats.cluster_bootstrap_mean_ci(bad)
