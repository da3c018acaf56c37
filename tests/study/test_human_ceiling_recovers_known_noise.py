"""The label-reliability estimator of ``benchmarks/human_ceiling.py`` on synthetic data with a
known noise: labels made as a noise-free log time plus each puzzle's sampling noise of
variance sigma2 / n, residuals of a predictor with a known misfit. Seeded; the tolerances are
about three standard errors of each estimator at these sizes (measured over 20 seeds)."""

from __future__ import annotations

import math

import numpy as np
from conftest import benchmark_module

SIGMA2, MISFIT, SIGNAL = 1.0, 0.02, 0.10
TOLERANCE = {"ols": 0.2, "ml": 0.12, "robust": 0.25}
"""On sigma2: over 20 seeds the standard errors were 0.06 (ols), 0.03 (ml) and 0.08 (robust,
which also runs 0.07 low: the MAD of a band mixes players' counts)."""


def _ceiling_module():
    return benchmark_module("human_ceiling")


def _synthetic(size: int, seed: int) -> tuple[np.ndarray, ...]:
    """(residual, players, log time, noise-free log time)."""
    rng = np.random.default_rng(seed)
    players = rng.integers(2, 41, size).astype(float)
    truth = rng.normal(0.0, math.sqrt(SIGNAL), size)
    log_time = truth + rng.normal(0.0, 1.0, size) * np.sqrt(SIGMA2 / players)
    prediction = truth + rng.normal(0.0, math.sqrt(MISFIT), size)
    return log_time - prediction, players, log_time, truth


def test_every_estimator_recovers_the_noise_and_the_misfit() -> None:
    hc = _ceiling_module()
    residual, players, _, _ = _synthetic(20_000, seed=7)
    bands = ((2, 4), (5, 8), (9, 14), (15, 24), (25, 40))  # the synthetic players' range
    for name, fit in hc.FITS.items():
        misfit, sigma2 = (fit(residual, players, bands) if name == "robust"
                          else fit(residual, players))
        assert abs(sigma2 - SIGMA2) < TOLERANCE[name], (name, sigma2)
        assert abs(misfit - MISFIT) < 0.02, (name, misfit)


def test_the_ceiling_matches_the_known_reliability() -> None:
    hc = _ceiling_module()
    residual, players, log_time, truth = _synthetic(20_000, seed=11)
    got = hc.ceiling(residual, players, log_time, "ols", draws=4)
    noise = SIGMA2 * float((1.0 / players).mean())
    truth_rho = SIGNAL / (SIGNAL + noise)
    assert abs(got["reliability"] - truth_rho) < 0.05
    assert abs(got["pearson_ceiling"] - math.sqrt(truth_rho)) < 0.035
    # the simulated ceiling is the Spearman the noise-free log time itself reaches here
    assert abs(got["spearman_ceiling"] - hc.spearman(truth, log_time)) < 0.02
    # with no noise at all the ceiling is 1 and the misfit alone sets the implied figure
    exact = hc.spearman_ceiling(0.0, players, SIGNAL, draws=2)
    assert abs(exact - 1.0) < 1e-12
    blurred = hc.spearman_ceiling(0.0, players, SIGNAL, misfit=SIGNAL, draws=2)
    assert abs(blurred - 6 / math.pi * math.asin(math.sqrt(0.5) / 2)) < 0.02
