"""Rank correlations pooled within groups, with their intervals (numpy only).

Spearman's rho is Pearson's r of the average ranks; Kendall's tau-b corrects for ties in
either variable (both as scipy computes them, which the tests check). The C-index (Harrell's
concordance; the AUC when the label has two levels) is the share of the puzzle pairs with
different labels that the measure orders the same way, a tie in the measure counting one
half; it is the fair figure for tied labels, where even a perfect untied measure cannot reach
a Spearman of 1 (:func:`untied_ceiling` says how far it can).

Pooled within groups: each group's coefficient weighted by its number of puzzles (groups of
fewer than four puzzles, or whose labels are all equal, carry no weight); a measure that is
constant within a group orders nothing there and counts as 0. The mean is taken on the r
scale, not through Fisher's z: a small group that is (or resamples to) perfectly ordered
would otherwise get z = atanh(1) = infinity, clipped, and outweigh every other group. The
C-index pools by adding the pairs of all groups.

One group's 95 % interval is Bonett and Wright's (Fisher's z with their variance for
Spearman), a closed form that a small group cannot blow up. The pooled interval is a
bias-corrected and accelerated (BCa, Efron 1987) bootstrap: puzzles are resampled within
each group, the acceleration comes from the jackknife (each puzzle left out once). A
resample is drawn as multinomial counts, and ranks with counts are exact ranks of the
resample, so a thousand resamples of a thousand puzzles are a few array operations; the
jackknife is the same computation with counts ``1 - I``. ``mc_error`` is the Monte Carlo
standard error of the interval's bounds (the spread of the order statistics a binomial
count of resamples away), so a reader knows which digits the resampling fixes. Every
resample comes from one fixed seed per group: two measures of the same puzzles see the same
resamples, which makes :func:`paired_test` a paired bootstrap.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

SEED = 20_240_528
"""The seed of every bootstrap: the same resamples for every measure and every run."""
LEVEL = 0.95
CHUNK = 200
"""Resamples (or jackknife rows) computed at once."""


def rank(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Average ranks, 1-based (ties share the mean of their positions)."""
    x = np.asarray(values, dtype=float)
    order = np.argsort(x, kind="mergesort")
    sorted_x = x[order]
    starts = np.flatnonzero(np.r_[True, sorted_x[1:] != sorted_x[:-1]])
    ends = np.r_[starts[1:], len(x)]
    average = (starts + ends + 1) / 2.0
    ranks = np.empty(len(x))
    ranks[order] = np.repeat(average, ends - starts)
    return ranks


def spearman(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Spearman's rho; NaN when either variable is constant or fewer than two values."""
    return _pearson(rank(x), rank(y))


def pearson(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray,
            weights: Sequence[float] | np.ndarray | None = None) -> float:
    """Pearson's r, weighted when ``weights`` are given; NaN when either is constant."""
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    w = np.ones(len(a)) if weights is None else np.asarray(weights, dtype=float)
    if len(a) < 2:
        return math.nan
    value = _weighted_pearson(a[None, :], b[None, :], w[None, :])[0]
    return float(value)


def _pearson(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) < 2:
        return math.nan
    a = a - a.mean()
    b = b - b.mean()
    denominator = math.sqrt(float(a @ a) * float(b @ b))
    return float(a @ b) / denominator if denominator > 0 else math.nan


def kendall_tau_b(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Kendall's tau-b in O(n log n) (Knight's method); NaN when either is constant."""
    pairs, ties_x, ties_y, score = _pair_counts(x, y)
    denominator = math.sqrt(float(pairs - ties_x) * float(pairs - ties_y))
    return score / denominator if denominator > 0 else math.nan


def concordance(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray,
                ) -> tuple[int, int]:
    """(concordant minus discordant pairs, pairs with different labels ``y``): the C-index
    is ``0.5 + S / (2 P)``, and sums of both over groups pool it."""
    pairs, _, ties_y, score = _pair_counts(x, y)
    return score, pairs - ties_y


def c_index(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Harrell's C of ``x`` for the labels ``y`` (the AUC for two labels): of the pairs
    with different labels, the share ``x`` orders the same way, ties in ``x`` counting one
    half; NaN when every label is equal."""
    score, differing = concordance(x, y)
    return 0.5 + score / (2 * differing) if differing else math.nan


def oriented_c_index(c: float, rho: float) -> float:
    """The C-index ``c`` of a measure taken in its own direction, the sign of its Spearman
    ``rho``: ``1 - c`` for a falling measure (one that is smaller on harder puzzles), so that
    0.5 is chance and 1 a perfect order whichever way the measure runs, as for ``|rho|``. A
    falling measure's raw C-index is near 0 when it orders well (Slant's ``gup.up_rounds``:
    0.00 raw, 1.00 oriented)."""
    return 1.0 - c if rho < 0 else c


def _pair_counts(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray,
                 ) -> tuple[int, int, int, int]:
    """(pairs, pairs tied in x, pairs tied in y, concordant minus discordant pairs)."""
    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    n = len(a)
    if n < 2:
        return 0, 0, 0, 0
    pairs = n * (n - 1) // 2
    order = np.lexsort((b, a))
    a, b = a[order], b[order]
    ties_a = _tied_pairs(a)
    joint = _tied_pairs_joint(a, b)
    ties_b = _tied_pairs(np.sort(b))
    discordant = _inversions(b)
    return pairs, ties_a, ties_b, pairs - ties_a - ties_b + joint - 2 * discordant


def _tied_pairs(sorted_values: np.ndarray) -> int:
    starts = np.flatnonzero(np.r_[True, sorted_values[1:] != sorted_values[:-1]])
    runs = np.diff(np.r_[starts, len(sorted_values)])
    return int((runs * (runs - 1) // 2).sum())


def _tied_pairs_joint(a: np.ndarray, b: np.ndarray) -> int:
    """Pairs tied in both (``a``, ``b`` sorted by ``a`` then ``b``)."""
    change = np.r_[True, (a[1:] != a[:-1]) | (b[1:] != b[:-1])]
    runs = np.diff(np.r_[np.flatnonzero(change), len(a)])
    return int((runs * (runs - 1) // 2).sum())


def _inversions(values: np.ndarray) -> int:
    """Pairs i < j with values[i] > values[j] (a Fenwick tree over the value ranks)."""
    codes = np.searchsorted(np.unique(values), values) + 1
    size = int(codes.max())
    tree = [0] * (size + 1)
    inversions = 0
    seen = 0
    for code in codes.tolist():
        # count earlier values <= code, the rest of the earlier ones are inversions
        i, not_greater = code, 0
        while i > 0:
            not_greater += tree[i]
            i -= i & -i
        inversions += seen - not_greater
        i = code
        while i <= size:
            tree[i] += 1
            i += i & -i
        seen += 1
    return inversions


def pool(coefficients: Sequence[float], sizes: Sequence[int]) -> float:
    """Coefficients of several groups pooled as their mean weighted by the group sizes;
    NaN coefficients and groups of fewer than four are left out."""
    total = weight_sum = 0.0
    for r, n in zip(coefficients, sizes, strict=True):
        if n < 4 or math.isnan(r):
            continue
        total += n * r
        weight_sum += n
    return total / weight_sum if weight_sum else math.nan


def group_coefficient(measure: np.ndarray, label: np.ndarray, kind: str = "spearman") -> float:
    """One group's coefficient: NaN when its labels are all equal, 0 when the measure is."""
    if len(label) < 2 or np.all(label == label[0]):
        return math.nan
    if np.all(measure == measure[0]):
        return 0.0
    return spearman(measure, label) if kind == "spearman" else kendall_tau_b(measure, label)


def untied_ceiling(label: np.ndarray, groups: np.ndarray) -> float:
    """The largest pooled Spearman a measure without ties can reach on these labels (1
    without tied labels; 0.87 for two equal halves): the Spearman of the labels with an
    ordering that agrees with them and breaks their ties."""
    names = sorted(set(groups.tolist()))
    values = []
    for name in names:
        y = label[groups == name]
        values.append(group_coefficient(np.argsort(np.argsort(y, kind="mergesort")) + 0.0, y))
    return pool(values, [int((groups == g).sum()) for g in names])


def pooled_c_index(measure: np.ndarray, label: np.ndarray, groups: np.ndarray) -> float:
    """The C-index over the pairs of puzzles in the same group."""
    score = differing = 0
    for name in sorted(set(groups.tolist())):
        s, p = concordance(measure[groups == name], label[groups == name])
        score, differing = score + s, differing + p
    return 0.5 + score / (2 * differing) if differing else math.nan


def adjacent_aucs(measure: np.ndarray, label: np.ndarray, groups: np.ndarray,
                  ) -> list[tuple[float, float, float, int]]:
    """For each two neighbouring label values present: (lower, upper, AUC of the measure
    separating them within groups, puzzles with either label)."""
    levels = sorted(set(label.tolist()))
    out = []
    for low, high in zip(levels, levels[1:], strict=False):
        chosen = (label == low) | (label == high)
        out.append((low, high, pooled_c_index(measure[chosen], label[chosen], groups[chosen]),
                    int(chosen.sum())))
    return out


@dataclass(frozen=True)
class Interval:
    """A bootstrap 95 % interval and the Monte Carlo error of its bounds."""

    low: float
    high: float
    mc_error: float


@dataclass(frozen=True)
class Correlation:
    """One measure against the labels in one group (or ``pooled``): Spearman with its
    interval, Kendall's tau-b, the C-index, and for numeric labels Pearson's r with the
    logarithm of the label (weighted when the LABELS file gives weights) and its interval."""

    group: str
    n: int
    spearman: float
    kendall: float
    ci_low: float
    ci_high: float
    mc_error: float = math.nan
    c_index: float = math.nan
    pearson_log: float = math.nan
    pearson_low: float = math.nan
    pearson_high: float = math.nan

    @property
    def constant(self) -> bool:
        """The measure orders nothing: the same value for every puzzle of each group."""
        return self.spearman == 0 and self.ci_low == 0 and self.ci_high == 0

    @property
    def c_oriented(self) -> float:
        """The C-index in the measure's own direction (:func:`oriented_c_index`): what the
        reports print, ``c_index`` (raw, in ``correlations.csv``) being below 0.5 for a
        falling measure."""
        return oriented_c_index(self.c_index, self.spearman)


@dataclass(frozen=True)
class PairedTest:
    """Whether measure ``a`` ranks the labels better than ``b`` on the same puzzles: the
    difference of their pooled Spearman, its paired bootstrap interval, and the one-sided
    p-value of "a is not better" (the share of resamples where the difference is <= 0)."""

    a: str
    b: str
    n: int
    difference: float
    ci_low: float
    ci_high: float
    p_value: float


def correlate(measure: np.ndarray, label: np.ndarray, groups: np.ndarray,
              resamples: int = 1000, weights: np.ndarray | None = None,
              numeric: bool = False) -> list[Correlation]:
    """Per group (sorted by name) and pooled: Spearman with its interval (Bonett-Wright per
    group, BCa pooled), Kendall, the C-index and, when ``numeric`` (and every label > 0),
    Pearson with log(label), weighted by ``weights``."""
    names = sorted(set(groups.tolist()))
    sizes = [int((groups == g).sum()) for g in names]
    w = np.ones(len(label)) if weights is None else np.asarray(weights, dtype=float)
    log_label = np.log(label) if numeric and len(label) and np.all(label > 0) else None
    rows = []
    boots, jacks, log_boots, log_jacks = [], [], [], []
    for name in names:
        rows_of = groups == name
        m, y, wg = measure[rows_of], label[rows_of], w[rows_of]
        counts = _resample_counts(len(m), resamples, _seed_of(name))
        jackknife = _jackknife_counts(len(m))
        rho = group_coefficient(m, y)
        boots.append(_statistic_rows(m, y, counts))
        jacks.append(_statistic_rows(m, y, jackknife))
        constant = len(m) > 0 and bool(np.all(m == m[0])) and not math.isnan(rho)
        ci = Interval(0.0, 0.0, 0.0) if constant else bonett_wright(rho, len(m))
        pearson_fields: tuple[float, float, float] = (math.nan, math.nan, math.nan)
        if log_label is not None:
            ly = log_label[rows_of]
            log_boots.append(_pearson_rows(m, ly, counts * wg))
            log_jacks.append(_pearson_rows(m, ly, jackknife * wg))
            r_log = 0.0 if constant else pearson(m, ly, wg)
            log_ci = Interval(0.0, 0.0, 0.0) if constant else fisher_interval(r_log, len(m))
            pearson_fields = (r_log, log_ci.low, log_ci.high)
        rows.append(Correlation(name, len(m), rho, group_coefficient(m, y, "kendall"),
                                ci.low, ci.high, ci.mc_error, c_index(m, y),
                                *pearson_fields))
    estimate = pool([r.spearman for r in rows], sizes)
    ci = bca(estimate, _pool_boot(boots, sizes),
             _pool_jack([r.spearman for r in rows], jacks, sizes))
    pearson_fields = (math.nan, math.nan, math.nan)
    if log_label is not None:
        r_log = pool([r.pearson_log for r in rows], sizes)
        log_ci = bca(r_log, _pool_boot(log_boots, sizes),
                     _pool_jack([r.pearson_log for r in rows], log_jacks, sizes))
        pearson_fields = (r_log, log_ci.low, log_ci.high)
    rows.append(Correlation("pooled", len(measure), estimate,
                            pool([r.kendall for r in rows], sizes), ci.low, ci.high,
                            ci.mc_error, pooled_c_index(measure, label, groups),
                            *pearson_fields))
    return rows


def pooled_interval(measure: np.ndarray, label: np.ndarray, groups: np.ndarray,
                    resamples: int = 1000) -> tuple[float, float, float]:
    """The pooled Spearman and its bootstrap interval."""
    pooled = correlate(measure, label, groups, resamples)[-1]
    return pooled.spearman, pooled.ci_low, pooled.ci_high


def pooled_bootstrap(measure: np.ndarray, label: np.ndarray, groups: np.ndarray,
                     resamples: int = 1000) -> np.ndarray:
    """The pooled Spearman of each resample (the same resamples for every measure of the
    same puzzles)."""
    names = sorted(set(groups.tolist()))
    boots = [_statistic_rows(measure[groups == g], label[groups == g],
                             _resample_counts(int((groups == g).sum()), resamples,
                                              _seed_of(g))) for g in names]
    return _pool_boot(boots, [int((groups == g).sum()) for g in names])


def paired_test(a_name: str, a: np.ndarray, b_name: str, b: np.ndarray, label: np.ndarray,
                groups: np.ndarray, resamples: int = 1000) -> PairedTest:
    """Does ``a`` rank ``label`` better than ``b``? Both scored on the puzzles that have
    both, on the same resamples (NaN in a measure: the puzzle lacks it)."""
    both = np.isfinite(a) & np.isfinite(b)
    a, b, label, groups = a[both], b[both], label[both], groups[both]
    names = sorted(set(groups.tolist()))
    sizes = [int((groups == g).sum()) for g in names]

    def pooled(values: np.ndarray) -> float:
        return pool([group_coefficient(values[groups == g], label[groups == g])
                     for g in names], sizes)

    difference = pooled(a) - pooled(b)
    boot = (pooled_bootstrap(a, label, groups, resamples)
            - pooled_bootstrap(b, label, groups, resamples))
    boot = boot[np.isfinite(boot)]
    if not len(boot) or math.isnan(difference):
        return PairedTest(a_name, b_name, int(both.sum()), difference, math.nan, math.nan,
                          math.nan)
    low, high = np.percentile(boot, [100 * (1 - LEVEL) / 2, 100 * (1 + LEVEL) / 2])
    p_value = (float((boot <= 0).sum()) + 1) / (len(boot) + 1)
    return PairedTest(a_name, b_name, int(both.sum()), difference, float(low), float(high),
                      p_value)


def bonett_wright(rho: float, n: int, level: float = LEVEL) -> Interval:
    """The interval of one group's Spearman by Bonett and Wright (Psychometrika 65, 2000):
    Fisher's z with the variance ``(1 + rho^2 / 2) / (n - 3)``. Closed form, so a small group
    has no resampling artefact; NaN below four puzzles, the estimate itself when |rho| = 1
    (a perfectly ordered sample says nothing of its spread)."""
    if math.isnan(rho) or n < 4:
        return Interval(math.nan, math.nan, math.nan)
    if abs(rho) >= 1:
        return Interval(rho, rho, 0.0)
    half = _normal_quantile((1 + level) / 2) * math.sqrt((1 + rho * rho / 2) / (n - 3))
    z = math.atanh(rho)
    return Interval(math.tanh(z - half), math.tanh(z + half), 0.0)


def fisher_interval(r: float, n: int, level: float = LEVEL) -> Interval:
    """The usual interval of one group's Pearson r: Fisher's z, standard error
    ``1 / sqrt(n - 3)``."""
    if math.isnan(r) or n < 4:
        return Interval(math.nan, math.nan, math.nan)
    if abs(r) >= 1:
        return Interval(r, r, 0.0)
    half = _normal_quantile((1 + level) / 2) / math.sqrt(n - 3)
    return Interval(math.tanh(math.atanh(r) - half), math.tanh(math.atanh(r) + half), 0.0)


def bca(estimate: float, boot: np.ndarray, jack: np.ndarray, level: float = LEVEL,
        ) -> Interval:
    """The BCa interval of ``estimate`` from its bootstrap values ``boot`` and its
    jackknife values ``jack`` (NaN values are left out). Resamples equal to the estimate
    count one half below it, so a discrete bootstrap (a small group) is not biased by its
    ties; a bootstrap that never leaves the estimate gives the estimate itself."""
    boot = boot[np.isfinite(boot)]
    jack = jack[np.isfinite(jack)]
    if math.isnan(estimate) or not len(boot):
        return Interval(math.nan, math.nan, math.nan)
    below = (float((boot < estimate).sum()) + 0.5 * float((boot == estimate).sum())) / len(boot)
    below = min(max(below, 0.5 / len(boot)), 1 - 0.5 / len(boot))
    z0 = _normal_quantile(below)
    acceleration = 0.0
    if len(jack) > 2:
        spread = jack.mean() - jack
        denominator = 6.0 * float((spread ** 2).sum()) ** 1.5
        acceleration = float((spread ** 3).sum()) / denominator if denominator > 0 else 0.0
    bounds = []
    errors = []
    ordered = np.sort(boot)
    for tail in ((1 - level) / 2, (1 + level) / 2):
        z = z0 + _normal_quantile(tail)
        share = _NORMAL.cdf(z0 + z / (1 - acceleration * z))
        bounds.append(float(np.quantile(ordered, share)))
        errors.append(_quantile_error(ordered, share))
    return Interval(bounds[0], bounds[1], max(errors))


def _quantile_error(ordered: np.ndarray, share: float) -> float:
    """The Monte Carlo standard error of the ``share`` quantile of ``ordered`` (B values):
    half the distance between the order statistics one binomial standard deviation either
    side."""
    count = len(ordered)
    step = math.sqrt(share * (1 - share) / count)
    low = float(np.quantile(ordered, max(0.0, share - step)))
    high = float(np.quantile(ordered, min(1.0, share + step)))
    return (high - low) / 2


_NORMAL = NormalDist()


def _normal_quantile(p: float) -> float:
    return _NORMAL.inv_cdf(min(max(p, 1e-12), 1 - 1e-12))


def _pool_boot(boots: list[np.ndarray], sizes: list[int]) -> np.ndarray:
    """The pooled value of each resample from the groups' values."""
    if not boots:
        return np.array([])
    return np.array([pool(list(column), sizes) for column in np.array(boots).T])


def _pool_jack(estimates: list[float], jacks: list[np.ndarray], sizes: list[int],
               ) -> np.ndarray:
    """The pooled value with each puzzle left out: its group's coefficient replaced by the
    group's jackknife value, the group one puzzle smaller."""
    out = []
    for g, jack in enumerate(jacks):
        for value in jack.tolist():
            values = list(estimates)
            values[g] = value
            smaller = list(sizes)
            smaller[g] -= 1
            out.append(pool(values, smaller))
    return np.array(out)


def _seed_of(name: str) -> int:
    return SEED + sum(ord(ch) * (i + 1) for i, ch in enumerate(name))


@functools.lru_cache(maxsize=8)
def _resample_counts(n: int, resamples: int, seed: int) -> np.ndarray:
    """``resamples`` rows of multinomial counts: how often each puzzle is drawn (the same
    array for every measure of the same puzzles, so it is drawn once and kept read-only)."""
    if n < 2 or resamples <= 0:
        counts = np.zeros((max(resamples, 0), n), dtype=np.int64)
    else:
        rng = np.random.default_rng(seed)
        counts = rng.multinomial(n, np.full(n, 1.0 / n), size=resamples)
    counts.flags.writeable = False
    return counts


def _jackknife_counts(n: int) -> np.ndarray:
    """Row i: every puzzle once but puzzle i."""
    return 1 - np.eye(n, dtype=np.int64) if n >= 3 else np.zeros((0, n), dtype=np.int64)


def _bootstrap(measure: np.ndarray, label: np.ndarray, resamples: int, seed: int,
               ) -> np.ndarray:
    """Spearman of ``resamples`` resamples of one group."""
    return _statistic_rows(measure, label, _resample_counts(len(measure), resamples, seed))


def _statistic_rows(measure: np.ndarray, label: np.ndarray, counts: np.ndarray,
                    ) -> np.ndarray:
    """Spearman of the sample each row of ``counts`` draws (NaN where the labels are all
    equal, 0 where the measure is)."""
    if len(measure) < 2 or not len(counts):
        return np.full(len(counts), math.nan)
    out = []
    for first in range(0, len(counts), CHUNK):
        block = counts[first:first + CHUNK]
        out.append(_weighted_pearson(_weighted_ranks(measure, block),
                                     _weighted_ranks(label, block), block))
    return np.concatenate(out)


def _pearson_rows(measure: np.ndarray, label: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Weighted Pearson of each row's weights (NaN where the labels are all equal)."""
    if len(measure) < 2 or not len(weights):
        return np.full(len(weights), math.nan)
    return np.concatenate([
        _weighted_pearson(np.broadcast_to(measure, block.shape),
                          np.broadcast_to(label, block.shape), block)
        for block in (weights[first:first + CHUNK] for first in range(0, len(weights), CHUNK))])


def _weighted_ranks(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Per resample (rows of ``counts``) the average rank of each value in the resample."""
    order = np.argsort(values, kind="mergesort")
    sorted_values = values[order]
    starts = np.flatnonzero(np.r_[True, sorted_values[1:] != sorted_values[:-1]])
    per_tie = np.add.reduceat(counts[:, order], starts, axis=1)
    before = np.cumsum(per_tie, axis=1) - per_tie
    tie_rank = before + (per_tie + 1) / 2.0
    tie_of = np.empty(len(values), dtype=np.int64)
    tie_of[order] = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(values)]))
    return tie_rank[:, tie_of]


def _weighted_pearson(a: np.ndarray, b: np.ndarray, weights: np.ndarray) -> np.ndarray:
    total = weights.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_a = (weights * a).sum(axis=1, keepdims=True) / total
        mean_b = (weights * b).sum(axis=1, keepdims=True) / total
        da, db = a - mean_a, b - mean_b
        cov = (weights * da * db).sum(axis=1)
        var_a = (weights * da * da).sum(axis=1)
        var_b = (weights * db * db).sum(axis=1)
        r = cov / np.sqrt(var_a * var_b)
    flat_a = var_a <= 1e-12 * np.maximum((weights * a * a).sum(axis=1), 1.0)
    flat_b = var_b <= 1e-12 * np.maximum((weights * b * b).sum(axis=1), 1.0)
    r[flat_b] = np.nan  # labels all equal in the resample
    r[flat_a & ~flat_b] = 0.0  # the measure orders nothing
    return np.clip(r, -1.0, 1.0)
