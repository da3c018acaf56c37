"""Fitting and checking a score's weights: pairwise ranking with non-negative weights, k-fold
cross-validation with folds from a hash of the puzzle id.

Each labelled set is one *group*; a fit only learns to order puzzles within a group, never the
groups against each other (Radcliffe's scale and Tatham's are not the same), and every group
weighs the same in the loss whatever its size unless given a weight of its own
(``fit_weights``' ``group_weight``). ``fit_pairwise`` minimises a logistic loss on the score
differences of pairs with different labels (Light Up, Masyu); ``fit_weights`` is least
squares on centred ranks (Sudoku: it did better there held out, worse on Light Up). Weights
are non-negative (every feature grows with difficulty), which keeps the score monotone and
guards against weights that only fit the noise; a small ridge term keeps collinear features
stable. ``cross_validate`` deals every puzzle into one of k folds by a hash of its id (a
repeat changes the hash's salt), fits on k-1 and predicts the held-out fold, so a puzzle's
fold never depends on which other puzzles are in the run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence

import numpy as np

Fit = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def rank(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """1-based ranks, ties given their average rank."""
    x = np.asarray(values, dtype=float)
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    return (ends - (counts - 1) / 2.0)[inverse]


def spearman(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> float:
    """Spearman's rho (Pearson on average ranks); NaN when either side is constant or n < 3."""
    if len(a) < 3:
        return float("nan")
    ra, rb = rank(a), rank(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    denom = float(np.sqrt((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / denom) if denom else float("nan")


def untied_ceiling(y: Sequence[float] | np.ndarray) -> float:
    """The highest Spearman with labels ``y`` that a score without ties can reach: the labels'
    own order with the ties among equal labels broken (any way gives the same figure). A score
    that ties puzzles, such as a paper's few levels, can go above it when the tied puzzles
    share a label: tied ranks shrink the score's rank variance without losing covariance."""
    y = np.asarray(y, dtype=float)
    strict = np.empty(len(y))
    strict[np.argsort(y, kind="stable")] = np.arange(len(y))
    return spearman(strict, y)


def _centred(x: np.ndarray, y: np.ndarray, groups: np.ndarray,
             group_weight: Mapping[str, float] | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xc, yc, w = np.empty_like(x), np.empty_like(y), np.empty_like(y)
    for g in np.unique(groups):
        m = groups == g
        r = (rank(y[m]) - 1) / max(1, int(m.sum()) - 1)
        yc[m] = r - r.mean()
        xc[m] = x[m] - x[m].mean(axis=0)
        w[m] = (group_weight or {}).get(str(g), 1.0) / m.sum()
    return xc, yc, w


def fit_weights(x: np.ndarray, y: np.ndarray, groups: np.ndarray, ridge: float = 1e-3,
                sweeps: int = 2000, group_weight: Mapping[str, float] | None = None
                ) -> np.ndarray:
    """Non-negative weights minimising the group-weighted squared error on centred ranks
    (plus ``ridge`` times the squared weights on standardised features), by coordinate
    descent; returned in the features' own units. Every group weighs the same in the loss
    unless ``group_weight`` gives it another weight (1 for a group it does not name)."""
    xc, yc, w = _centred(np.asarray(x, float), np.asarray(y, float), np.asarray(groups),
                         group_weight)
    sd = np.sqrt((w[:, None] * xc ** 2).sum(axis=0) / w.sum())
    sd[sd == 0] = 1.0
    z = xc / sd
    gram = (z * w[:, None]).T @ z + ridge * np.eye(z.shape[1])
    rhs = (z * w[:, None]).T @ yc
    beta = np.zeros(z.shape[1])
    for _ in range(sweeps):
        before = beta.copy()
        for j in range(len(beta)):
            if gram[j, j] <= 0:
                continue
            rest = rhs[j] - gram[j] @ beta + gram[j, j] * beta[j]
            beta[j] = max(0.0, rest / gram[j, j])
        if np.abs(beta - before).max() < 1e-10:
            break
    return beta / sd


def fit_pairwise(x: np.ndarray, y: np.ndarray, groups: np.ndarray, ridge: float = 1e-3,
                 max_pairs: int = 10_000, steps: int = 300, power: float = 0.0) -> np.ndarray:
    """Non-negative weights that order the pairs of each group as their labels do: logistic
    loss on score differences over pairs with different labels (at most ``max_pairs`` per
    group, drawn with a fixed seed; a group weighs (its size) ** ``power``: 0, the same for
    every group), plus ``ridge`` on the
    standardised weights, by projected gradient descent. Spearman counts orderings, so this
    loss aims at it more directly than least squares on ranks. Returned in the features' own
    units, scaled so that the score's spread (standard deviation) is 0.1 per group."""
    x, y, groups = np.asarray(x, float), np.asarray(y, float), np.asarray(groups)
    sd = x.std(axis=0)
    sd[sd == 0] = 1.0
    z = x / sd
    rng = np.random.default_rng(0)
    diffs, weights = [], []
    for g in np.unique(groups):
        idx = np.flatnonzero(groups == g)
        a = rng.choice(idx, size=4 * max_pairs)
        b = rng.choice(idx, size=4 * max_pairs)
        keep = y[a] != y[b]
        a, b = a[keep][:max_pairs], b[keep][:max_pairs]
        hi, lo = np.where(y[a] > y[b], a, b), np.where(y[a] > y[b], b, a)
        if len(hi):
            diffs.append(z[hi] - z[lo])
            weights.append(np.full(len(hi), len(idx) ** power / len(hi)))
    d, w = np.vstack(diffs), np.concatenate(weights)
    w /= w.sum()
    beta = np.full(z.shape[1], 0.1)
    rate = 1.0
    for _ in range(steps):
        margin = d @ beta
        grad = -(d * (w / (1.0 + np.exp(np.clip(margin, -50, 50))))[:, None]).sum(axis=0)
        beta = np.maximum(0.0, beta - rate * (grad + 2 * ridge * beta))
    spread = float(np.mean([(z[groups == g] @ beta).std() for g in np.unique(groups)]))
    return beta / sd * (0.1 / spread if spread > 0 else 1.0)


def folds(ids: Sequence[str], k: int, seed: int) -> np.ndarray:
    """A fold number per puzzle: SHA-256 of ``"<seed>:<id>"`` modulo k."""
    return np.array([int.from_bytes(hashlib.sha256(f"{seed}:{i}".encode()).digest()[:8],
                                    "big") % k for i in ids], dtype=int)


def cross_validate(x: np.ndarray, y: np.ndarray, groups: np.ndarray, ids: Sequence[str],
                   k: int = 5, seed: int = 0, fit: Fit | None = None) -> np.ndarray:
    """Held-out predictions: each puzzle scored by weights fitted without its fold."""
    x, y, groups = np.asarray(x, float), np.asarray(y, float), np.asarray(groups)
    fit = fit or fit_pairwise
    fold = folds(ids, k, seed)
    pred = np.empty(len(y))
    for f in range(k):
        train = fold != f
        pred[~train] = x[~train] @ fit(x[train], y[train], groups[train])
    return pred


def fit_log_linear(x: np.ndarray, log_y: np.ndarray, ridge: float = 1e-3,
                   sweeps: int = 5000,
                   weights: np.ndarray | None = None) -> tuple[float, np.ndarray]:
    """An intercept and non-negative coefficients minimising the (``weights``-weighted,
    default equal) squared error of ``intercept + x @ coef`` against ``log_y`` (plus
    ``ridge`` times the squared coefficients on standardised features), by coordinate
    descent: the human-time model of ``grading/sudoku/human_time.py``. Non-negative
    coefficients keep the estimate monotone."""
    x, log_y = np.asarray(x, float), np.asarray(log_y, float)
    w = np.full(len(log_y), 1.0) if weights is None else np.asarray(weights, float)
    w = w / float(np.sum(w))
    mean_x, mean_y = w @ x, float(w @ log_y)
    sd = np.sqrt(w @ (x - mean_x) ** 2)
    sd[sd == 0] = 1.0
    z = (x - mean_x) / sd
    gram = (z * w[:, None]).T @ z + ridge * np.eye(z.shape[1])
    rhs = (z * w[:, None]).T @ (log_y - mean_y)
    beta = np.zeros(z.shape[1])
    for _ in range(sweeps):
        before = beta.copy()
        for j in range(len(beta)):
            rest = rhs[j] - gram[j] @ beta + gram[j, j] * beta[j]
            beta[j] = max(0.0, rest / gram[j, j])
        if np.abs(beta - before).max() < 1e-12:
            break
    coef = beta / sd
    return mean_y - float(mean_x @ coef), coef


def bootstrap_interval(statistic: Callable[..., float], *arrays: np.ndarray,
                       resamples: int = 2000, seed: int = 0) -> tuple[float, float]:
    """The 95 % percentile bootstrap interval of ``statistic(*arrays)``, the puzzles (the
    arrays' rows) resampled together with replacement, a fixed seed; resamples where the
    statistic is NaN are left out."""
    columns = [np.asarray(a, float) for a in arrays]
    size = len(columns[0])
    rng = np.random.default_rng(seed)
    values = [statistic(*(c[i] for c in columns))
              for i in (rng.integers(0, size, size) for _ in range(resamples))]
    low, high = np.nanpercentile(values, [2.5, 97.5])
    return float(low), float(high)


def bootstrap_spearman(a: np.ndarray, b: np.ndarray, resamples: int = 2000,
                       seed: int = 0) -> tuple[float, float]:
    """The 95 % percentile bootstrap interval of Spearman's rho of ``a`` and ``b``."""
    return bootstrap_interval(spearman, a, b, resamples=resamples, seed=seed)
