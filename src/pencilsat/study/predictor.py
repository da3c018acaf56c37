"""A combined predictor of the label from all measures, judged only on puzzles it never saw.

k-fold cross-validation by puzzle: a puzzle's fold is a hash of its text, so it does not
depend on the order of the file. Within a fold everything is learnt from the training
puzzles alone: each measure becomes its percentile among the training puzzles of the same
group (so sizes do not mix; a missing value takes the group's median first), the label its
percentile likewise, and a ridge regression maps the one to the other, its penalty chosen by
an inner 3-fold split of the training puzzles. The held-out predictions are scored like any
measure (pooled Spearman within groups, bootstrap interval). Which measures carry it: the
weights of the model fitted on every puzzle, and the held-out Spearman lost when a whole
family of measures is left out. Beside it, the best single measure chosen inside each fold
(among the SAT-side measures, when the analysis asks), its held-out values put on the
common scale of within-group training percentiles.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pencilsat.study.stats import group_coefficient, pool, pooled_interval

ALPHAS = (0.3, 3.0, 30.0, 300.0)
"""Ridge penalties tried by the inner split."""


@dataclass(frozen=True)
class Prediction:
    """The combined predictor's held-out result on one label set."""

    measures: list[str]
    heldout: np.ndarray
    spearman: float
    ci_low: float
    ci_high: float
    weights: list[tuple[str, float]]
    without_family: list[tuple[str, float]]
    single_heldout: float
    single_choices: list[str]


def fold_of(puzzle: str, folds: int, salt: str = "") -> int:
    """The fold of a puzzle: a hash of its text (and ``salt``), independent of file order."""
    digest = hashlib.sha1((salt + puzzle).encode("utf-8")).hexdigest()
    return int(digest[:12], 16) % folds


def predict(matrix: np.ndarray, names: Sequence[str], label: np.ndarray, groups: np.ndarray,
            puzzles: Sequence[str], folds: int = 5, resamples: int = 1000,
            single_from: Sequence[str] | None = None, ablate: bool = True) -> Prediction:
    """Cross-validate the combined predictor on ``matrix`` (puzzles x measures, NaN where a
    puzzle lacks a measure); the single measure chosen in-fold is one of ``single_from``
    (every measure by default); ``ablate``: also the held-out Spearman without each family."""
    names = list(names)
    fold = np.array([fold_of(p, folds) for p in puzzles])
    heldout = _cross_validate(matrix, label, groups, fold, puzzles)
    rho, low, high = pooled_interval(heldout, label, groups, resamples)
    full = _fit(matrix, label, groups, np.ones(len(label), dtype=bool), puzzles)
    weights = sorted(zip(names, full.tolist(), strict=True), key=lambda kv: -abs(kv[1]))
    families = sorted({name.split(".")[0] for name in names}) if ablate else []
    without = []
    for family in families:
        keep = [i for i, name in enumerate(names) if name.split(".")[0] != family]
        if not keep:
            continue
        rest = _cross_validate(matrix[:, keep], label, groups, fold, puzzles)
        without.append((family, _pooled(rest, label, groups)))
    candidates = [j for j, name in enumerate(names)
                  if single_from is None or name in set(single_from)]
    single, choices = _single_measure(matrix, names, candidates, label, groups, fold)
    return Prediction(names, heldout, rho, low, high, weights, without, single, choices)


def _pooled(prediction: np.ndarray, label: np.ndarray, groups: np.ndarray) -> float:
    names = sorted(set(groups.tolist()))
    coefficients = [group_coefficient(prediction[groups == g], label[groups == g])
                    for g in names]
    return pool(coefficients, [int((groups == g).sum()) for g in names])


def _cross_validate(matrix: np.ndarray, label: np.ndarray, groups: np.ndarray,
                    fold: np.ndarray, puzzles: Sequence[str]) -> np.ndarray:
    out = np.full(len(label), math.nan)
    for k in sorted(set(fold.tolist())):
        train = fold != k
        if train.sum() < 4:
            continue
        alpha = _choose_alpha(matrix, label, groups, train, puzzles)
        out[~train] = _fit_predict(matrix, label, groups, train, alpha)
    return out


def _choose_alpha(matrix: np.ndarray, label: np.ndarray, groups: np.ndarray,
                  train: np.ndarray, puzzles: Sequence[str]) -> float:
    """The penalty whose inner 3-fold predictions rank the training labels best."""
    inner = np.array([fold_of(p, 3, salt="inner") for p in puzzles])
    scores = []
    for alpha in ALPHAS:
        guess = np.full(len(label), math.nan)
        for k in range(3):
            fit = train & (inner != k)
            test = train & (inner == k)
            if fit.sum() < 4 or not test.any():
                continue
            guess[test] = _fit_predict(matrix, label, groups, fit, alpha)[test[~fit]]
        chosen = train & np.isfinite(guess)
        score = _pooled(guess[chosen], label[chosen], groups[chosen]) if chosen.any() else 0.0
        scores.append(-1.0 if math.isnan(score) else score)
    return ALPHAS[int(np.argmax(scores))]


def _features(matrix: np.ndarray, groups: np.ndarray, train: np.ndarray) -> np.ndarray:
    """Each measure as its mid-rank percentile among the training puzzles of the same group
    (every training puzzle for a group with none), a missing value at the group's median."""
    out = np.empty(matrix.shape)
    for g in sorted(set(groups.tolist())):
        rows = groups == g
        reference = train & rows if (train & rows).any() else train
        for j in range(matrix.shape[1]):
            known = matrix[reference, j]
            known = np.sort(known[np.isfinite(known)])
            column = matrix[rows, j].copy()
            if not len(known):
                out[rows, j] = 0.5
                continue
            column[~np.isfinite(column)] = float(np.median(known))
            below = np.searchsorted(known, column, side="left")
            not_above = np.searchsorted(known, column, side="right")
            out[rows, j] = (below + not_above) / (2.0 * len(known))
    return out


def _target(label: np.ndarray, groups: np.ndarray, train: np.ndarray) -> np.ndarray:
    return _features(label[:, None], groups, train)[:, 0]


def _fit(matrix: np.ndarray, label: np.ndarray, groups: np.ndarray, train: np.ndarray,
         puzzles: Sequence[str]) -> np.ndarray:
    """The standardised weights of the model fitted on ``train``."""
    alpha = _choose_alpha(matrix, label, groups, train, puzzles)
    x = _features(matrix, groups, train)[train]
    y = _target(label, groups, train)[train]
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    w = _ridge((x - x.mean(axis=0)) / scale, y - y.mean(), alpha)
    return w


def _fit_predict(matrix: np.ndarray, label: np.ndarray, groups: np.ndarray,
                 train: np.ndarray, alpha: float) -> np.ndarray:
    """Predictions for the puzzles outside ``train`` of the model fitted on ``train``."""
    x_all = _features(matrix, groups, train)
    y = _target(label, groups, train)[train]
    x = x_all[train]
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    w = _ridge((x - mean) / scale, y - y.mean(), alpha)
    return ((x_all[~train] - mean) / scale) @ w


def _ridge(x: np.ndarray, y: np.ndarray, alpha: float) -> np.ndarray:
    p = x.shape[1]
    return np.linalg.solve(x.T @ x + alpha * np.eye(p), x.T @ y)


def _single_measure(matrix: np.ndarray, names: list[str], candidates: list[int],
                    label: np.ndarray, groups: np.ndarray, fold: np.ndarray,
                    ) -> tuple[float, list[str]]:
    """The best single measure of ``candidates`` chosen on each fold's training puzzles (by
    pooled Spearman, its sign included), scored on the held-out ones; and the measure each
    fold chose. Folds may choose different measures, so a held-out value is put on a common
    scale first: its percentile among the training puzzles of its group (as the combined
    predictor's features), never the raw values of different measures side by side."""
    guess = np.full(len(label), math.nan)
    choices = []
    for k in sorted(set(fold.tolist())):
        train = fold != k
        best, best_j, sign = -math.inf, -1, 1.0
        for j in candidates:
            ok = train & np.isfinite(matrix[:, j])
            if ok.sum() < 4:
                continue
            r = _pooled(matrix[ok, j], label[ok], groups[ok])
            if not math.isnan(r) and abs(r) > best:
                best, best_j, sign = abs(r), j, 1.0 if r >= 0 else -1.0
        if best_j < 0:
            continue
        choices.append(names[best_j])
        scaled = _features(matrix[:, [best_j]], groups, train)[:, 0]
        guess[~train] = scaled[~train] if sign > 0 else 1.0 - scaled[~train]
    chosen = np.isfinite(guess)
    if not chosen.any():
        return math.nan, choices
    return _pooled(guess[chosen], label[chosen], groups[chosen]), choices
