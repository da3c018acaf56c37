"""The statistics a referee asks for: intervals that a small, perfectly ordered group does
not blow up, the C-index and untied ceiling for tied labels, the AUC of neighbouring levels,
paired bootstrap tests, and the in-fold choice made among the SAT-side measures only."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pencilsat.study.predictor import predict
from pencilsat.study.stats import (
    adjacent_aucs,
    bonett_wright,
    c_index,
    correlate,
    oriented_c_index,
    paired_test,
    pooled_c_index,
    spearman,
    untied_ceiling,
)


def _big_and_small(small_measure: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """60 puzzles with a moderate correlation and a 9-puzzle group ordered by
    ``small_measure`` against labels 0..8."""
    rng = np.random.default_rng(7)
    x = rng.random(60)
    y = x + rng.normal(0, 0.35, 60)
    return (np.r_[x, small_measure], np.r_[y, np.arange(9.0)],
            np.array(["big"] * 60 + ["small"] * 9))


def test_a_perfectly_ordered_nine_puzzle_group_does_not_pull_the_interval_to_one():
    measure, label, groups = _big_and_small(np.arange(9.0))
    big, small, pooled = correlate(measure, label, groups, resamples=1000)
    assert small.spearman == 1.0 and small.n == 9
    # the pool is the size-weighted mean: the small group weighs 9 of 69, never more
    assert pooled.spearman == pytest.approx((60 * big.spearman + 9 * 1.0) / 69)
    # Fisher z of a perfect group (atanh 1, clipped) gave 0.93 [0.89, 0.95] here
    assert pooled.ci_high <= (60 * big.ci_high + 9 * 1.0) / 69 + 0.01
    assert pooled.ci_low < pooled.spearman < pooled.ci_high < 0.9


def test_a_nearly_ordered_nine_puzzle_group_gets_an_upper_bound_below_one():
    measure = np.array([0, 1, 2, 3, 4, 5, 7, 6, 8.0])
    row = correlate(measure, np.arange(9.0), np.array(["a"] * 9), resamples=200)[0]
    # the percentile bootstrap gave [0.81, 1.00]: most resamples drop the swapped pair
    assert row.ci_low < row.spearman < row.ci_high < 0.999
    interval = bonett_wright(row.spearman, 9)
    assert (row.ci_low, row.ci_high) == (interval.low, interval.high)


def test_a_tied_two_level_label_gets_its_c_index_by_hand():
    label = np.array([0.0, 0, 0, 1, 1])
    measure = np.array([1.0, 2, 2, 2, 3])
    # pairs (easy, tricky): (1,2) (1,3) (2,2) (2,3) (2,2) (2,3): 4 right, 2 tied = 5 / 6
    assert c_index(measure, label) == pytest.approx(5 / 6)
    assert c_index(-measure, label) == pytest.approx(1 / 6)
    row = correlate(measure, label, np.array(["g"] * 5), resamples=20)[-1]
    assert row.c_index == pytest.approx(5 / 6)


def test_a_falling_measure_gets_its_c_index_in_its_own_direction():
    """A measure that falls as the label rises (Slant's share settled by propagation) orders
    every pair, the wrong way round: raw C 0, reported 1 - C = 1, as |Spearman| is 1."""
    label = np.array([0.0, 0, 0, 1, 1, 1])
    falling = np.array([6.0, 5, 4, 3, 2, 1])
    row = correlate(falling, label, np.array(["g"] * 6), resamples=20)[-1]
    assert row.spearman < 0 and row.c_index == pytest.approx(0.0)
    assert row.c_oriented == pytest.approx(1.0)
    rising = correlate(-falling, label, np.array(["g"] * 6), resamples=20)[-1]
    assert rising.c_oriented == rising.c_index == pytest.approx(1.0)
    # a weak falling measure stays just above chance, never below
    assert oriented_c_index(0.4, -0.2) == pytest.approx(0.6)
    assert oriented_c_index(0.6, 0.2) == pytest.approx(0.6)


def test_the_c_index_pools_the_pairs_of_every_group_and_none_across():
    label = np.array([0.0, 1, 0, 1])
    measure = np.array([5.0, 6, 1, 2])  # right in each group, wrong across them
    groups = np.array(["a", "a", "b", "b"])
    assert pooled_c_index(measure, label, groups) == 1.0
    assert c_index(measure, label) == pytest.approx(0.75)


def test_two_equal_halves_cap_an_untied_spearman_at_0_87():
    label = np.repeat([0.0, 1.0], 41)
    ceiling = untied_ceiling(label, np.array(["g"] * 82))
    assert 0.86 < ceiling < 0.87
    assert untied_ceiling(np.arange(10.0), np.array(["g"] * 10)) == pytest.approx(1.0)


def test_neighbouring_levels_get_their_own_auc():
    label = np.repeat([0.0, 1.0, 2.0], 4)
    measure = np.array([0, 0, 0, 0, 5, 6, 7, 8, 5, 6, 7, 8.0])  # 1 and 2 not told apart
    pairs = adjacent_aucs(measure, label, np.array(["g"] * 12))
    assert [(low, high, n) for low, high, _, n in pairs] == [(0, 1, 8), (1, 2, 8)]
    assert [auc for _, _, auc, _ in pairs] == [1.0, 0.5]


def test_the_paired_bootstrap_tells_a_better_measure_from_a_worse_one():
    rng = np.random.default_rng(3)
    label = rng.random(150)
    groups = np.array(["a", "b", "c"] * 50)
    sharp = label + rng.normal(0, 0.1, 150)
    blunt = label + rng.normal(0, 0.6, 150)
    better = paired_test("sharp", sharp, "blunt", blunt, label, groups, resamples=500)
    assert better.difference > 0.2 and better.ci_low > 0 and better.p_value < 0.01
    worse = paired_test("blunt", blunt, "sharp", sharp, label, groups, resamples=500)
    assert worse.difference == pytest.approx(-better.difference)
    assert worse.ci_high < 0 and worse.p_value > 0.99
    # the same resamples for both: a measure against itself differs in none of them
    same = paired_test("sharp", sharp, "sharp", sharp.copy(), label, groups, resamples=200)
    assert same.difference == 0 and same.ci_low == same.ci_high == 0


def test_the_paired_test_uses_only_puzzles_that_have_both_measures():
    label = np.arange(20.0)
    a = label.copy()
    b = label[::-1].copy()
    a[:5] = math.nan
    test = paired_test("a", a, "b", b, label, np.array(["g"] * 20), resamples=50)
    assert test.n == 15 and test.difference == pytest.approx(2.0)


def test_the_in_fold_choice_is_made_among_the_sat_side_measures_only():
    rng = np.random.default_rng(11)
    label = rng.random(120)
    grader = label.copy()  # perfect, but not a SAT-side measure
    sat = label + rng.normal(0, 0.3, 120)
    weak = rng.random(120) * 1000  # another scale
    matrix = np.c_[grader, sat, weak]
    names = ["grade.score", "gup.depth.max", "cdcl.minisat.solve.conflicts"]
    puzzles = [f"p{i}" for i in range(120)]
    groups = np.array(["g"] * 120)
    everything = predict(matrix, names, label, groups, puzzles, resamples=20, ablate=False)
    assert set(everything.single_choices) == {"grade.score"}
    sat_only = predict(matrix, names, label, groups, puzzles, resamples=20, ablate=False,
                       single_from=names[1:])
    assert set(sat_only.single_choices) == {"gup.depth.max"}
    # one measure in every fold: its held-out percentiles rank as the measure itself does
    assert sat_only.single_heldout == pytest.approx(spearman(sat, label), abs=0.03)
    assert sat_only.single_heldout < everything.single_heldout


def test_folds_choosing_measures_of_opposite_signs_share_one_scale():
    """Two SAT-side measures as good as each other, one rising and one falling with the
    label: whichever a fold chooses, its held-out values must rank with the other folds'."""
    rng = np.random.default_rng(5)
    label = rng.random(200)
    rising = label + rng.normal(0, 0.05, 200)
    falling = -1000 * (label + rng.normal(0, 0.05, 200))
    names = ["gup.steps", "gup.up_share"]
    prediction = predict(np.c_[rising, falling], names, label, np.array(["g"] * 200),
                         [f"p{i}" for i in range(200)], resamples=20, ablate=False)
    assert set(prediction.single_choices) == set(names)  # the folds do not agree
    assert prediction.single_heldout > 0.9
