"""The combined predictor shrinks towards its best single measure, and weighs by the labels'
weights: many noise measures on few puzzles do not pull it below that measure."""

import numpy as np

from pencilsat.study.predictor import UNANCHORED, Model, cross_validate, fold_of
from pencilsat.study.stats import spearman


def _noisy_set(n: int, noise: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One measure that ranks a noisy label at about 0.6, ``noise`` measures of nothing."""
    rng = np.random.default_rng(seed)
    truth = rng.normal(size=n)
    label = truth + rng.normal(0, 1.0, n)
    good = truth + rng.normal(0, 0.3, n)
    return np.c_[good, rng.normal(size=(n, noise))], label, good


def _heldout(matrix: np.ndarray, label: np.ndarray, model: Model,
             weights: np.ndarray | None = None) -> np.ndarray:
    puzzles = [f"p{i}" for i in range(len(label))]
    fold = np.array([fold_of(p, 5) for p in puzzles])
    return cross_validate(matrix, label, np.array(["g"] * len(label)), fold, puzzles,
                          weights, model)


def test_noise_measures_do_not_pull_the_predictor_below_its_best_measure():
    losses = []
    for seed in range(3):
        matrix, label, good = _noisy_set(120, 60, seed)
        alone = spearman(good, label)
        anchored = spearman(_heldout(matrix, label, Model()), label)
        before = spearman(_heldout(matrix, label, UNANCHORED), label)
        assert anchored > alone - 0.03
        losses.append(alone - before)
    assert np.mean(losses) > 0.03  # shrunk towards zero, the same measures lost to it


def test_weights_let_the_trusted_puzzles_decide():
    """Half the puzzles carry a label that contradicts the measure, with almost no weight:
    the weighted fit follows the trusted half, the unweighted one cannot."""
    rng = np.random.default_rng(3)
    n = 200
    truth = rng.normal(size=n)
    other = rng.normal(size=n)
    trusted = np.arange(n) % 2 == 0
    label = np.where(trusted, truth, other) + rng.normal(0, 0.2, n)
    matrix = np.c_[truth + rng.normal(0, 0.2, n), other + rng.normal(0, 0.2, n)]
    weights = np.where(trusted, 1.0, 1e-6)
    weighted = _heldout(matrix, label, Model(), weights)
    unweighted = _heldout(matrix, label, Model(weighted=False), weights)
    assert spearman(weighted[trusted], label[trusted]) > 0.9
    assert spearman(unweighted[trusted], label[trusted]) < 0.85
