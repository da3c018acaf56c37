"""A combined predictor of the label from all measures, judged only on puzzles it never saw.

k-fold cross-validation by puzzle: a puzzle's fold is a hash of its text, so it does not
depend on the order of the file. Within a fold everything is learnt from the training
puzzles alone: each measure becomes its percentile among the training puzzles of the same
group (so sizes do not mix; a missing value takes the group's median first), the label its
percentile likewise, and a ridge regression maps the one to the other (weighted when the
labels carry weights, such as players). An inner 3-fold split of the training puzzles chooses
its penalty and what it shrinks towards: zero, or an *anchor*, the least-squares slope of the
single measure that fits the training puzzles best (the strongest penalty leaves only that
measure). Shrunk towards zero, many measures on few puzzles can fall below their best member
(on the Cloud Sudoku times 60 measures lost to the grader's time estimate alone); shrunk
towards the anchor, a set where measures add up loses its average. The held-out predictions
are scored like any measure (pooled Spearman within groups, bootstrap interval). Which
measures carry it: the weights of the model fitted on every puzzle, and the held-out Spearman
lost when a whole family of measures is left out. Beside it, the best single measure chosen
inside each fold (among the SAT-side measures, when the analysis asks), its held-out values
put on the common scale of within-group training percentiles.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pencilsat.study.stats import group_coefficient, pool, pooled_interval

ALPHAS = (0.3, 3.0, 30.0, 300.0, 3000.0, 30000.0, 1e6)
"""Ridge penalties tried by the inner split (the largest leaves only the anchor)."""


@dataclass(frozen=True)
class Model:
    """How the predictor is fitted: the penalties its inner split chooses from, what the
    ridge may shrink towards (``"zero"``; ``"best"``, the anchor: the best single measure),
    the inner split choosing among every pair of the two, and whether the labels' weights
    weigh the squared errors."""

    alphas: tuple[float, ...] = ALPHAS
    towards: tuple[str, ...] = ("zero", "best")
    weighted: bool = True


UNANCHORED = Model(alphas=(0.3, 3.0, 30.0, 300.0), towards=("zero",), weighted=False)
"""The predictor as it was before the anchor (shrunk towards zero, unweighted): kept to
measure what the anchor changes (``benchmarks/human_combined.py``)."""


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
            single_from: Sequence[str] | None = None, ablate: bool = True,
            weights: np.ndarray | None = None, model: Model = Model()) -> Prediction:
    """Cross-validate the combined predictor on ``matrix`` (puzzles x measures, NaN where a
    puzzle lacks a measure); the single measure chosen in-fold is one of ``single_from``
    (every measure by default); ``ablate``: also the held-out Spearman without each family;
    ``weights``: the labels' weights (players), used when ``model`` is weighted."""
    names = list(names)
    fold = np.array([fold_of(p, folds) for p in puzzles])
    heldout = cross_validate(matrix, label, groups, fold, puzzles, weights, model)
    rho, low, high = pooled_interval(heldout, label, groups, resamples)
    full = _fit(matrix, label, groups, np.ones(len(label), dtype=bool), puzzles, weights,
                model)
    ranked = sorted(zip(names, full.tolist(), strict=True), key=lambda kv: -abs(kv[1]))
    families = sorted({name.split(".")[0] for name in names}) if ablate else []
    without = []
    for family in families:
        keep = [i for i, name in enumerate(names) if name.split(".")[0] != family]
        if not keep:
            continue
        rest = cross_validate(matrix[:, keep], label, groups, fold, puzzles, weights, model)
        without.append((family, _pooled(rest, label, groups)))
    candidates = [j for j, name in enumerate(names)
                  if single_from is None or name in set(single_from)]
    single, choices = _single_measure(matrix, names, candidates, label, groups, fold)
    return Prediction(names, heldout, rho, low, high, ranked, without, single, choices)


def _pooled(prediction: np.ndarray, label: np.ndarray, groups: np.ndarray) -> float:
    names = sorted(set(groups.tolist()))
    coefficients = [group_coefficient(prediction[groups == g], label[groups == g])
                    for g in names]
    return pool(coefficients, [int((groups == g).sum()) for g in names])


def cross_validate(matrix: np.ndarray, label: np.ndarray, groups: np.ndarray,
                   fold: np.ndarray, puzzles: Sequence[str],
                   weights: np.ndarray | None = None, model: Model = Model()) -> np.ndarray:
    """Each puzzle's prediction by the model fitted (penalty chosen, anchor picked, features
    and target scaled) on the folds without it; NaN where a fold has too few to fit."""
    w = _weights(weights, model, len(label))
    out = np.full(len(label), math.nan)
    for k in sorted(set(fold.tolist())):
        train = fold != k
        if train.sum() < 4:
            continue
        choice = _choose_alpha(matrix, label, groups, train, puzzles, w, model)
        out[~train] = _System(matrix, label, groups, train, w).predict(*choice)
    return out


def _weights(weights: np.ndarray | None, model: Model, n: int) -> np.ndarray:
    if weights is None or not model.weighted:
        return np.ones(n)
    return np.asarray(weights, dtype=float)


def _choose_alpha(matrix: np.ndarray, label: np.ndarray, groups: np.ndarray,
                  train: np.ndarray, puzzles: Sequence[str], w: np.ndarray,
                  model: Model) -> tuple[float, str]:
    """The penalty and shrinkage target whose inner 3-fold predictions rank the training
    labels best."""
    inner = np.array([fold_of(p, 3, salt="inner") for p in puzzles])
    choices = [(alpha, towards) for towards in model.towards for alpha in model.alphas]
    guesses = np.full((len(choices), len(label)), math.nan)
    for k in range(3):
        fit = train & (inner != k)
        test = train & (inner == k)
        if fit.sum() < 4 or not test.any():
            continue
        system = _System(matrix, label, groups, fit, w)
        for i, choice in enumerate(choices):
            guesses[i, test] = system.predict(*choice)[test[~fit]]
    scores = []
    for guess in guesses:
        chosen = train & np.isfinite(guess)
        score = _pooled(guess[chosen], label[chosen], groups[chosen]) if chosen.any() else 0.0
        scores.append(-1.0 if math.isnan(score) else score)
    return choices[int(np.argmax(scores))]


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
         puzzles: Sequence[str], weights: np.ndarray | None = None, model: Model = Model(),
         ) -> np.ndarray:
    """The standardised weights of the model fitted on ``train``."""
    w = _weights(weights, model, len(label))
    choice = _choose_alpha(matrix, label, groups, train, puzzles, w, model)
    return _System(matrix, label, groups, train, w).beta(*choice)


class _System:
    """The ridge of one training part, for any penalty: ``argmin sum v (y - z b)^2 + alpha
    |b - anchor|^2``, ``z`` the features standardised on the training part (weighted means
    and scales), ``v`` the weights scaled to sum to the number of training puzzles, the
    anchor zero or (``"best"``) the slope of the feature most correlated with the target."""

    def __init__(self, matrix: np.ndarray, label: np.ndarray, groups: np.ndarray,
                 train: np.ndarray, w: np.ndarray) -> None:
        x_all = _features(matrix, groups, train)
        y = _target(label, groups, train)[train]
        x = x_all[train]
        n = len(y)
        v = w[train] * (n / w[train].sum())
        mean = v @ x / n
        scale = np.sqrt(v @ (x - mean) ** 2 / n)
        scale[scale == 0] = 1.0
        z = (x - mean) / scale
        self.moment = (z * v[:, None]).T @ (y - v @ y / n)
        self.gram = (z * v[:, None]).T @ z
        self.best = np.zeros(z.shape[1])
        top = int(np.argmax(np.abs(self.moment)))
        self.best[top] = self.moment[top] / n  # its slope: z has unit (weighted) variance
        self.outside = (x_all[~train] - mean) / scale

    def beta(self, alpha: float, towards: str = "zero") -> np.ndarray:
        anchor = self.best if towards == "best" else np.zeros(len(self.best))
        return np.linalg.solve(self.gram + alpha * np.eye(len(anchor)),
                               self.moment + alpha * anchor)

    def predict(self, alpha: float, towards: str = "zero") -> np.ndarray:
        """Predictions for the puzzles outside the training part."""
        return self.outside @ self.beta(alpha, towards)


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
