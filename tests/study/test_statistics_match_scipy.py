"""The study's statistics against scipy and against their definitions, on fixed data: ranks
with ties, Spearman, Kendall's tau-b, the C-index, the pooling, the bootstrap (multinomial
counts are exact resamples), the BCa interval and the cross-validated predictor's folds."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.stats

from pencilsat.study.predictor import fold_of
from pencilsat.study.stats import (
    _bootstrap,
    _jackknife_counts,
    _statistic_rows,
    bca,
    c_index,
    correlate,
    group_coefficient,
    kendall_tau_b,
    pearson,
    pool,
    rank,
    spearman,
)

RNG = np.random.default_rng(12345)
CASES = [
    (np.array([1.0, 2, 3, 4, 5]), np.array([5.0, 6, 7, 8, 7])),
    (np.array([3.0, 1, 2, 2, 5, 5, 5, 0]), np.array([1.0, 1, 2, 3, 3, 3, 4, 0])),
    (RNG.integers(0, 4, 60).astype(float), RNG.integers(0, 6, 60).astype(float)),
    (RNG.random(400), RNG.random(400)),
    (np.repeat([0.0, 1.0, 2.0], 50), RNG.integers(0, 10, 150).astype(float)),
]


@pytest.mark.parametrize("x, y", CASES)
def test_ranks_are_scipys_average_ranks(x, y):
    assert np.allclose(rank(x), scipy.stats.rankdata(x))


@pytest.mark.parametrize("x, y", CASES)
def test_spearman_is_scipys(x, y):
    assert spearman(x, y) == pytest.approx(scipy.stats.spearmanr(x, y).statistic, abs=1e-12)


@pytest.mark.parametrize("x, y", CASES)
def test_kendall_tau_b_is_scipys(x, y):
    expected = scipy.stats.kendalltau(x, y, variant="b").statistic
    assert kendall_tau_b(x, y) == pytest.approx(expected, abs=1e-12)


def test_a_constant_measure_orders_nothing_and_constant_labels_say_nothing():
    label = np.array([0.0, 1, 2, 3])
    assert group_coefficient(np.ones(4), label) == 0.0
    assert math.isnan(group_coefficient(label, np.ones(4)))


def test_pooling_weights_each_group_by_its_size():
    assert pool([0.5, 0.8], [10, 20]) == pytest.approx((5 + 16) / 30)
    assert pool([0.5, float("nan"), 0.9], [10, 10, 3]) == pytest.approx(0.5)
    assert pool([1.0, 0.5], [9, 60]) == pytest.approx((9 + 30) / 69)


@pytest.mark.parametrize("x, y", CASES)
def test_the_c_index_is_scipys_mann_whitney_auc_for_two_levels(x, y):
    two = (y > np.median(y)).astype(float)
    if two.min() == two.max():
        return
    u = scipy.stats.mannwhitneyu(x[two == 1], x[two == 0]).statistic
    assert c_index(x, two) == pytest.approx(u / ((two == 1).sum() * (two == 0).sum()))


@pytest.mark.parametrize("x, y", CASES)
def test_weighted_pearson_with_unit_weights_is_scipys(x, y):
    assert pearson(x, y, np.ones(len(x))) == pytest.approx(scipy.stats.pearsonr(x, y)[0])


def test_the_bca_interval_agrees_with_scipys_bca():
    x, y = CASES[3]
    y = x + y
    estimate = spearman(x, y)
    counts = np.random.default_rng(5).multinomial(len(x), np.full(len(x), 1 / len(x)),
                                                  size=4000)
    ours = bca(estimate, _statistic_rows(x, y, counts), _statistic_rows(x, y,
                                                                        _jackknife_counts(len(x))))
    theirs = scipy.stats.bootstrap((x, y), lambda a, b: scipy.stats.spearmanr(a, b).statistic,
                                   paired=True, vectorized=False, n_resamples=4000,
                                   method="BCa", random_state=np.random.default_rng(6))
    assert ours.low == pytest.approx(theirs.confidence_interval.low, abs=0.015)
    assert ours.high == pytest.approx(theirs.confidence_interval.high, abs=0.015)
    assert 0 < ours.mc_error < 0.01


def test_one_group_pooled_is_that_group():
    x, y = CASES[3]
    rows = correlate(x, y, np.array(["a"] * len(x)), resamples=50)
    assert rows[0].spearman == rows[1].spearman
    assert rows[1].group == "pooled" and rows[1].n == len(x)


def test_the_bootstrap_is_spearman_of_explicit_resamples():
    x, y = CASES[2]
    boot = _bootstrap(x, y, 7, seed=99)
    counts = np.random.default_rng(99).multinomial(len(x), np.full(len(x), 1 / len(x)),
                                                   size=7)
    for value, count in zip(boot, counts, strict=True):
        picked = np.repeat(np.arange(len(x)), count)
        assert value == pytest.approx(scipy.stats.spearmanr(x[picked], y[picked]).statistic)


def test_the_interval_holds_the_estimate_and_is_the_same_every_run():
    x, y = CASES[3]
    y = x + y
    groups = np.array(["a", "b"] * 200)
    first = correlate(x, y, groups, resamples=200)
    again = correlate(x, y, groups, resamples=200)
    assert first == again
    pooled = first[-1]
    assert pooled.ci_low <= pooled.spearman <= pooled.ci_high


def test_a_puzzles_fold_depends_on_the_puzzle_alone():
    puzzles = [f"p{i}" for i in range(200)]
    folds = [fold_of(p, 5) for p in puzzles]
    assert folds == [fold_of(p, 5) for p in reversed(puzzles)][::-1]
    assert set(folds) == set(range(5))
