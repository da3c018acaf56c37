"""Fitting and checking a score's weights: non-negative least squares on ranks, k-fold by puzzle.

Each labelled set is one *group*. Within a group the labels are turned into ranks scaled to
[0, 1] (ties share their mean rank) and both the ranks and the features are centred on the
group's mean, so a weight only learns to order puzzles within a set, never the sets against
each other (Radcliffe's scale and Tatham's are not the same). Every group weighs the same in
the loss whatever its size. Weights are non-negative (every feature grows with difficulty),
which keeps the score monotone and guards against weights that only fit the noise; a small
ridge term keeps collinear features stable. ``cross_validate`` splits every group into k folds
at random (by puzzle), fits on k-1 and predicts the held-out fold.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


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


def _centred(x: np.ndarray, y: np.ndarray, groups: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xc, yc, w = np.empty_like(x), np.empty_like(y), np.empty_like(y)
    for g in np.unique(groups):
        m = groups == g
        r = (rank(y[m]) - 1) / max(1, int(m.sum()) - 1)
        yc[m] = r - r.mean()
        xc[m] = x[m] - x[m].mean(axis=0)
        w[m] = 1.0 / m.sum()
    return xc, yc, w


def fit_weights(x: np.ndarray, y: np.ndarray, groups: np.ndarray, ridge: float = 1e-3,
                sweeps: int = 2000) -> np.ndarray:
    """Non-negative weights minimising the group-weighted squared error on centred ranks
    (plus ``ridge`` times the squared weights on standardised features), by coordinate
    descent; returned in the features' own units."""
    xc, yc, w = _centred(np.asarray(x, float), np.asarray(y, float), np.asarray(groups))
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


def folds(groups: np.ndarray, k: int, seed: int) -> np.ndarray:
    """A fold number per puzzle: each group shuffled and dealt round-robin into k folds."""
    rng = np.random.default_rng(seed)
    out = np.empty(len(groups), dtype=int)
    for g in np.unique(groups):
        idx = np.flatnonzero(groups == g)
        rng.shuffle(idx)
        out[idx] = np.arange(len(idx)) % k
    return out


def cross_validate(x: np.ndarray, y: np.ndarray, groups: np.ndarray, k: int = 5,
                   seed: int = 0) -> np.ndarray:
    """Held-out predictions: each puzzle scored by weights fitted without its fold."""
    x, y, groups = np.asarray(x, float), np.asarray(y, float), np.asarray(groups)
    fold = folds(groups, k, seed)
    pred = np.empty(len(y))
    for f in range(k):
        train = fold != f
        pred[~train] = x[~train] @ fit_weights(x[train], y[train], groups[train])
    return pred
