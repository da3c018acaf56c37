"""Rank correlations, pooled within groups, with bootstrap intervals (numpy only).

Spearman's rho is Pearson's r of the average ranks; Kendall's tau-b corrects for ties in
either variable (both as scipy computes them, which the tests check). Pooled within groups:
each group's coefficient through Fisher's z, weighted by ``n - 3`` (groups of fewer than four
puzzles, or whose labels are all equal, carry no weight); a measure that is constant within a
group orders nothing there and counts as 0. The 95 % interval is a percentile bootstrap of
the pooled Spearman, resampling puzzles within each group; a resample is drawn as multinomial
counts, and ranks with counts are exact ranks of the resample, so a thousand resamples of a
thousand puzzles are a few array operations. Every resample comes from one fixed seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

SEED = 20_240_528
"""The seed of every bootstrap: the same resamples for every measure and every run."""


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


def _pearson(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) < 2:
        return math.nan
    a = a - a.mean()
    b = b - b.mean()
    denominator = math.sqrt(float(a @ a) * float(b @ b))
    return float(a @ b) / denominator if denominator > 0 else math.nan


def kendall_tau_b(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Kendall's tau-b in O(n log n) (Knight's method); NaN when either is constant."""
    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    n = len(a)
    if n < 2:
        return math.nan
    pairs = n * (n - 1) // 2
    order = np.lexsort((b, a))
    a, b = a[order], b[order]
    ties_a = _tied_pairs(a)
    joint = _tied_pairs_joint(a, b)
    ties_b = _tied_pairs(np.sort(b))
    discordant = _inversions(b)
    denominator = math.sqrt(float(pairs - ties_a) * float(pairs - ties_b))
    if denominator == 0:
        return math.nan
    return (pairs - ties_a - ties_b + joint - 2 * discordant) / denominator


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


def fisher_pool(coefficients: Sequence[float], sizes: Sequence[int]) -> float:
    """Coefficients of several groups pooled through Fisher's z, weighted by ``n - 3``;
    NaN coefficients and groups of fewer than four are left out."""
    total = weight_sum = 0.0
    for r, n in zip(coefficients, sizes, strict=True):
        if n < 4 or math.isnan(r):
            continue
        z = math.atanh(max(-0.999999, min(0.999999, r)))
        total += (n - 3) * z
        weight_sum += n - 3
    return math.tanh(total / weight_sum) if weight_sum else math.nan


def group_coefficient(measure: np.ndarray, label: np.ndarray, kind: str = "spearman") -> float:
    """One group's coefficient: NaN when its labels are all equal, 0 when the measure is."""
    if len(label) < 2 or np.all(label == label[0]):
        return math.nan
    if np.all(measure == measure[0]):
        return 0.0
    return spearman(measure, label) if kind == "spearman" else kendall_tau_b(measure, label)


@dataclass(frozen=True)
class Correlation:
    """One measure against the labels in one group (or ``pooled``)."""

    group: str
    n: int
    spearman: float
    kendall: float
    ci_low: float
    ci_high: float


def correlate(measure: np.ndarray, label: np.ndarray, groups: np.ndarray,
              resamples: int = 1000) -> list[Correlation]:
    """Spearman and Kendall per group (sorted by name) and pooled, each with a bootstrap
    95 % interval of its Spearman."""
    names = sorted(set(groups.tolist()))
    parts = [(name, measure[groups == name], label[groups == name]) for name in names]
    rows = []
    boots = []
    for name, m, y in parts:
        boot = _bootstrap(m, y, resamples, _seed_of(name))
        boots.append(boot)
        low, high = _interval(boot)
        rows.append(Correlation(name, len(m), group_coefficient(m, y),
                                group_coefficient(m, y, "kendall"), low, high))
    pooled_boot = np.array([fisher_pool(list(column), [len(m) for _, m, _ in parts])
                            for column in np.array(boots).T]) if boots else np.array([])
    low, high = _interval(pooled_boot)
    rows.append(Correlation("pooled", len(measure),
                            fisher_pool([r.spearman for r in rows], [r.n for r in rows]),
                            fisher_pool([r.kendall for r in rows], [r.n for r in rows]),
                            low, high))
    return rows


def pooled_interval(measure: np.ndarray, label: np.ndarray, groups: np.ndarray,
                    resamples: int = 1000) -> tuple[float, float, float]:
    """The pooled Spearman and its bootstrap interval."""
    pooled = correlate(measure, label, groups, resamples)[-1]
    return pooled.spearman, pooled.ci_low, pooled.ci_high


def _seed_of(name: str) -> int:
    return SEED + sum(ord(ch) * (i + 1) for i, ch in enumerate(name))


def _interval(values: np.ndarray) -> tuple[float, float]:
    finite = values[np.isfinite(values)] if len(values) else values
    if not len(finite):
        return math.nan, math.nan
    low, high = np.percentile(finite, [2.5, 97.5])
    return float(low), float(high)


def _bootstrap(measure: np.ndarray, label: np.ndarray, resamples: int, seed: int,
               chunk: int = 200) -> np.ndarray:
    """Spearman of ``resamples`` resamples of one group (NaN where undefined, 0 where the
    resampled measure is constant)."""
    n = len(measure)
    if n < 2 or resamples <= 0:
        return np.full(max(resamples, 0), math.nan)
    rng = np.random.default_rng(seed)
    out = []
    for first in range(0, resamples, chunk):
        counts = rng.multinomial(n, np.full(n, 1.0 / n), size=min(chunk, resamples - first))
        rank_m = _weighted_ranks(measure, counts)
        rank_y = _weighted_ranks(label, counts)
        out.append(_weighted_pearson(rank_m, rank_y, counts))
    return np.concatenate(out)


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
    mean_a = (weights * a).sum(axis=1, keepdims=True) / total
    mean_b = (weights * b).sum(axis=1, keepdims=True) / total
    da, db = a - mean_a, b - mean_b
    cov = (weights * da * db).sum(axis=1)
    var_a = (weights * da * da).sum(axis=1)
    var_b = (weights * db * db).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = cov / np.sqrt(var_a * var_b)
    r[(var_b <= 1e-12)] = np.nan  # labels all equal in the resample
    r[(var_a <= 1e-12) & (var_b > 1e-12)] = 0.0  # the measure orders nothing
    return r
