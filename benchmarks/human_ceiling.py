"""How far any predictor can go on the Cloud Sudoku times: the label's reliability from the data.

The label of a puzzle is the mean solving time of the n players (10-43) who finished it, so
its logarithm carries a sampling noise whose variance falls as ``sigma2 / n`` (the delta
method: ``sigma2`` is the squared coefficient of variation of one player's time). Write the
held-out residual of a predictor as ``log(mean seconds) - prediction = misfit + noise``; if
the misfit does not depend on n, ``E[residual ** 2] = misfit variance + sigma2 / n``. The
slope of the squared held-out residuals on ``1 / n`` then estimates ``sigma2``, the intercept
the predictor's own misfit. Three estimators, since the residuals are heavy-tailed:

- ``ols``: least squares of the squared residuals on ``1 / n`` (the plain moment estimator);
- ``ml``: Gaussian maximum likelihood of the residuals with variance ``a + sigma2 / n``;
- ``robust``: the squared MAD scale of the residuals in five bands of n, regressed on the
  bands' mean ``1 / n`` (what the bulk of the puzzles says, the outliers set aside);
- ``t``: the ``ols`` variance and the ``robust`` scale together: noise drawn from a Student t
  whose degrees of freedom make its variance and its MAD scale those two (heavy tails: a few
  slow players pull a mean of seconds far), for the Spearman ceiling only.

From ``sigma2`` the reliability of log time, ``rho = 1 - mean(sigma2 / n) / var(log time)``,
the ceiling on Pearson with log time ``sqrt(rho)``, and the ceiling on Spearman by simulation:
a noise-free log time drawn normal with variance ``var(log time) - mean(sigma2 / n)``, each
puzzle's own noise ``N(0, sigma2 / n)`` added, the Spearman of the two averaged over draws.
Intervals: 1,000 bootstrap resamples of the puzzles (the held-out residuals kept; refitting
the predictor in each resample would only widen them). Besides, every measure's Spearman on
the puzzles with >= 20 players against those with fewer (label noise that limits the figure
should favour the many-player part, whose label spread is smaller, which by itself lowers a
Spearman).

Usage: ``python benchmarks/human_ceiling.py [--resamples 1000]`` (reads the measures stored by
``benchmarks/score_time.py`` and the human times from ../shared/corpus). Writes
``results/human_ceiling.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from common import save_page  # noqa: E402
from score_fit import spearman  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
BANDS = ((10, 10), (11, 12), (13, 15), (16, 19), (20, 10_000))
"""Bands of player counts for the robust estimator (about 100-300 puzzles each here)."""
MANY = 20
"""Puzzles with at least this many players are the "many-player" part."""
ESTIMATORS = ("ols", "ml", "robust", "t")


def fit_ols(residual: np.ndarray, players: np.ndarray) -> tuple[float, float]:
    """(misfit variance, sigma2): least squares of ``residual ** 2`` on ``1 / players``."""
    a = np.c_[np.ones(len(players)), 1.0 / players]
    misfit, sigma2 = np.linalg.lstsq(a, residual ** 2, rcond=None)[0]
    return float(misfit), float(sigma2)


def fit_ml(residual: np.ndarray, players: np.ndarray) -> tuple[float, float]:
    """(misfit variance, sigma2): Gaussian maximum likelihood of zero-mean residuals with
    variance ``misfit + sigma2 / players``, both non-negative (a fine grid on the share of
    the mean variance that is noise, the scale then in closed form per share)."""
    r2 = residual ** 2
    inv = 1.0 / players
    best = (math.inf, 0.0, 0.0)
    for share in np.linspace(0.0, 1.0, 401):
        # variance = scale * ((1 - share) + share * inv / mean(inv)); the scale's ML value
        shape = (1.0 - share) + share * inv / inv.mean()
        s = float((r2 / shape).mean())
        nll = float(np.sum(np.log(s * shape)) + len(r2))
        if nll < best[0]:
            best = (nll, s * (1.0 - share), s * share / float(inv.mean()))
    return best[1], best[2]


def fit_robust(residual: np.ndarray, players: np.ndarray,
               bands: Sequence[tuple[int, int]] = BANDS) -> tuple[float, float]:
    """(misfit variance, sigma2): the squared MAD scale (x 1.4826) of the residuals within
    each band of players, regressed on the band's mean ``1 / players``."""
    scales, inverse = [], []
    for low, high in bands:
        m = (players >= low) & (players <= high)
        if m.sum() < 5:
            continue
        r = residual[m]
        scales.append((1.4826 * float(np.median(np.abs(r - np.median(r))))) ** 2)
        inverse.append(float((1.0 / players[m]).mean()))
    sigma2, misfit = np.polyfit(inverse, scales, 1)
    return float(misfit), float(sigma2)


FITS = {"ols": fit_ols, "ml": fit_ml, "robust": fit_robust}


def t_degrees(ratio: float) -> float:
    """The degrees of freedom of a Student t whose variance is ``ratio`` times its squared
    MAD scale (x 1.4826); ``inf`` (normal) when ``ratio`` <= 1, 2.05 at most heavy."""
    from scipy.optimize import brentq
    from scipy.stats import t

    def excess(df: float) -> float:
        return df / (df - 2.0) / (1.4826 * float(t.ppf(0.75, df))) ** 2 - ratio

    if excess(200.0) >= 0:
        return math.inf
    if excess(2.05) <= 0:
        return 2.05
    return float(brentq(excess, 2.05, 200.0))


def spearman_ceiling(variance: float, players: np.ndarray, total: float, scale: float | None
                     = None, misfit: float = 0.0, draws: int = 20, seed: int = 0) -> float:
    """The mean Spearman, over ``draws`` simulations, between a label made of a normal
    noise-free log time plus each puzzle's noise and a predictor equal to the noise-free
    log time plus ``N(0, misfit)``: with ``misfit`` 0, the expected figure of a perfect
    predictor. The noise of a puzzle with n players has variance ``variance / n``: normal
    when ``scale`` is None, else a Student t whose squared MAD scale is ``scale / n``
    (:func:`t_degrees`). The noise-free part has the variance ``total`` leaves over."""
    variance = max(0.0, variance)
    signal = total - variance * float((1.0 / players).mean())
    if signal <= 0:
        return 0.0
    df = math.inf
    if scale is not None and scale > 0:
        df = t_degrees(variance / scale)
    from scipy.stats import t

    rng = np.random.default_rng(seed)
    sd = np.sqrt(variance / players)
    values = []
    for _ in range(draws):
        truth = rng.normal(0.0, math.sqrt(signal), len(players))
        if math.isinf(df):
            unit = rng.normal(0.0, 1.0, len(players))
        else:  # a t of unit variance
            unit = t.rvs(df, size=len(players), random_state=rng) * math.sqrt((df - 2) / df)
        guess = truth + rng.normal(0.0, math.sqrt(max(0.0, misfit)), len(players))
        values.append(spearman(guess, truth + unit * sd))
    return float(np.mean(values))


def reliability(sigma2: float, players: np.ndarray, total: float) -> float:
    """The share of the log time's variance ``total`` that is not sampling noise, in [0, 1]."""
    noise = max(0.0, sigma2) * float((1.0 / players).mean())
    return min(1.0, max(0.0, 1.0 - noise / total))


def ceiling(residual: np.ndarray, players: np.ndarray, log_time: np.ndarray,
            estimator: str, draws: int = 20, seed: int = 0) -> dict[str, float]:
    """One estimator's misfit, sigma2, reliability and the two ceilings."""
    total = float(log_time.var())
    scale = None
    if estimator == "t":
        misfit, sigma2 = fit_ols(residual, players)
        scale = fit_robust(residual, players)[1]
    else:
        misfit, sigma2 = FITS[estimator](residual, players)
    rho = reliability(sigma2, players, total)
    return {"misfit": misfit, "sigma2": sigma2, "noise": max(0.0, sigma2) * float(
        (1.0 / players).mean()), "reliability": rho, "pearson_ceiling": math.sqrt(rho),
        "spearman_ceiling": spearman_ceiling(sigma2, players, total, scale, 0.0, draws, seed),
        "implied": spearman_ceiling(sigma2, players, total, scale, misfit, draws, seed)}


def bootstrap(residual: np.ndarray, players: np.ndarray, log_time: np.ndarray,
              estimator: str, resamples: int = 1000, seed: int = 1
              ) -> dict[str, tuple[float, float]]:
    """95 % percentile intervals of :func:`ceiling`'s figures over resamples of the puzzles."""
    rng = np.random.default_rng(seed)
    keys = ("misfit", "sigma2", "reliability", "pearson_ceiling", "spearman_ceiling")
    drawn: dict[str, list[float]] = {k: [] for k in keys}
    for b in range(resamples):
        i = rng.integers(0, len(players), len(players))
        got = ceiling(residual[i], players[i], log_time[i], estimator, draws=4, seed=b)
        for k in keys:
            drawn[k].append(got[k])
    return {k: (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5)))
            for k, v in drawn.items()}


def split_by_players(values: np.ndarray, seconds: np.ndarray, players: np.ndarray,
                     resamples: int = 1000, seed: int = 2) -> dict[str, float]:
    """Spearman on the many-player part and on the rest, and their difference with a 95 %
    bootstrap interval (each part resampled on its own), in the measure's own direction (a
    falling measure negated, so that a larger figure is a better ranking)."""
    if spearman(values, seconds) < 0:
        values = -values
    many = players >= MANY
    rng = np.random.default_rng(seed)
    a, b = np.flatnonzero(many), np.flatnonzero(~many)
    diffs = []
    for _ in range(resamples):
        ia, ib = rng.choice(a, len(a)), rng.choice(b, len(b))
        diffs.append(spearman(values[ia], seconds[ia]) - spearman(values[ib], seconds[ib]))
    return {"many": spearman(values[a], seconds[a]), "few": spearman(values[b], seconds[b]),
            "low": float(np.nanpercentile(diffs, 2.5)),
            "high": float(np.nanpercentile(diffs, 97.5))}


def run(resamples: int) -> dict[str, Any]:
    """Every figure of the page, from the stored measures and the shared human times."""
    import score_time as st

    from pencilsat.grading.sudoku.human_time import FEATURES

    rows = st.stored_rows()
    seconds = np.array([r["seconds"] for r in rows], dtype=float)
    players = np.array([r["players"] for r in rows], dtype=float)
    log_time = np.log(seconds)
    ids = [r["id"] for r in rows]
    predictors: dict[str, np.ndarray] = {}
    x = np.array([[r["features"][k] for k in FEATURES] for r in rows], dtype=float)
    predictors["score_time (sweep, digits2, technique)"] = st._cv_predict(x, log_time, ids,
                                                                          5, 0)
    for name in ("sweep", "technique", "level"):
        column = np.array([[st.POOL[name](r)] for r in rows], dtype=float)
        predictors[f"{name} alone"] = st._cv_predict(column, log_time, ids, 5, 0)
    out: dict[str, Any] = {"n": len(rows), "var_log_time": float(log_time.var()),
                           "mean_inverse_players": float((1.0 / players).mean()),
                           "many": int((players >= MANY).sum()), "resamples": resamples,
                           "predictors": {}}
    for label, prediction in predictors.items():
        residual = log_time - prediction
        entry: dict[str, Any] = {"spearman": spearman(prediction, seconds),
                                 "pearson_log": float(np.corrcoef(prediction, log_time)[0, 1]),
                                 "residual_var": float(residual.var())}
        for est in ESTIMATORS:
            entry[est] = ceiling(residual, players, log_time, est)
            if label.startswith("score_time"):
                entry[est]["interval"] = bootstrap(residual, players, log_time, est,
                                                   resamples)
        entry["bands"] = [_band(residual, players, low, high) for low, high in BANDS]
        out["predictors"][label] = entry
    columns: dict[str, np.ndarray] = {
        "grade.score_time (held out)": predictors["score_time (sweep, digits2, technique)"]}
    columns["grade.level"] = np.array([r["level"] for r in rows], dtype=float)
    columns["grade.score"] = np.array([r["score"] for r in rows], dtype=float)
    for name in rows[0]["finding"]:
        columns[f"finding.{name}"] = np.array([r["finding"][name] for r in rows], dtype=float)
    out["split"] = {name: split_by_players(v, seconds, players, resamples)
                    for name, v in columns.items() if np.ptp(v) > 0}
    many = players >= MANY
    out["split_label_var"] = {"many": float(log_time[many].var()),
                              "few": float(log_time[~many].var())}
    return out


def _band(residual: np.ndarray, players: np.ndarray, low: int, high: int) -> dict[str, float]:
    m = (players >= low) & (players <= high)
    return {"low": low, "high": high, "puzzles": int(m.sum()),
            "mean_square": float((residual[m] ** 2).mean()),
            "inverse": float((1.0 / players[m]).mean())}


def markdown(result: dict[str, Any], command: str) -> str:
    head = next(iter(result["predictors"].values()))
    label = next(iter(result["predictors"]))
    lines = ["# How far any predictor can go on the Cloud Sudoku times", "",
             f"Generated by `{command}`. {result['n']} puzzles of the shared part (mean "
             f"solving seconds of 10-43 players; mean 1/players "
             f"{result['mean_inverse_players']:.4f}); variance of log time "
             f"{result['var_log_time']:.4f}. Method in the script's docstring and "
             "docs/experiments/human-ceiling.md.", "",
             f"## Ceiling from the held-out residuals of {label}", "",
             f"Held-out Spearman {head['spearman']:.3f}, Pearson on log time "
             f"{head['pearson_log']:.3f}, residual variance {head['residual_var']:.4f}. "
             f"Intervals: 95 % bootstrap over {result['resamples']} resamples of the puzzles.",
             "", "*Implied* is the Spearman the fitted noise model expects of this predictor "
             "(its misfit included): a model that explains the data gives about the observed "
             f"{head['spearman']:.3f}.", "",
             "| estimator | misfit var | sigma2 | reliability | Pearson ceiling | "
             "Spearman ceiling | implied |", "|---|---|---|---|---|---|---|"]
    for est in ESTIMATORS:
        e, ci = head[est], head[est]["interval"]
        if est == "t":
            lines.append(f"| t (ols variance, robust scale) | as ols | as ols | as ols | as ols"
                         f" | {e['spearman_ceiling']:.3f} [{ci['spearman_ceiling'][0]:.3f}, "
                         f"{ci['spearman_ceiling'][1]:.3f}] | {e['implied']:.3f} |")
            continue
        cells = [f"{e[k]:.3f} [{ci[k][0]:.3f}, {ci[k][1]:.3f}]"
                 for k in ("misfit", "sigma2", "reliability", "pearson_ceiling",
                           "spearman_ceiling")]
        lines.append(f"| {est} | " + " | ".join(cells) + f" | {e['implied']:.3f} |")
    lines += ["", "Mean squared held-out residual by players (what the slope is fitted to):",
              "", "| players | puzzles | mean 1/n | mean squared residual |", "|---|---|---|---|"]
    for band in head["bands"]:
        span = f"{band['low']}" if band["low"] == band["high"] else (
            f"{band['low']}+" if band["high"] > 100 else f"{band['low']}-{band['high']}")
        lines.append(f"| {span} | {band['puzzles']} | {band['inverse']:.4f} | "
                     f"{band['mean_square']:.4f} |")
    lines += ["", "## The same from weaker predictors (the noise should not depend on the "
              "predictor)", "", "| predictor | held-out Spearman | " +
              " | ".join(f"{e}: misfit, sigma2" for e in FITS) + " |",
              "|---|---|" + "---|" * len(FITS)]
    for name, entry in result["predictors"].items():
        cells = [f"{entry[e]['misfit']:.3f}, {entry[e]['sigma2']:.3f}" for e in FITS]
        lines.append(f"| {name} | {entry['spearman']:.3f} | " + " | ".join(cells) + " |")
    var = result["split_label_var"]
    split = result["split"]
    better = sum(1 for v in split.values() if v["many"] > v["few"])
    sure = sum(1 for v in split.values() if v["low"] > 0)
    lines += ["", f"## Many players (>= {MANY}: {result['many']} puzzles) against fewer "
              f"({result['n'] - result['many']})", "",
              f"Variance of log time {var['many']:.3f} in the many-player part, "
              f"{var['few']:.3f} in the rest (a narrower spread lowers a Spearman by itself). "
              f"{better} of {len(split)} measures rank the many-player part better, {sure} "
              "with a 95 % bootstrap interval of the difference above 0.", "",
              "| measure | many | fewer | difference [95 %] |", "|---|---|---|---|"]
    for name, v in sorted(split.items(), key=lambda kv: -abs(kv[1]["few"])):
        lines.append(f"| `{name}` | {v['many']:.3f} | {v['few']:.3f} | "
                     f"{v['many'] - v['few']:+.3f} [{v['low']:+.3f}, {v['high']:+.3f}] |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args(argv)
    command = "python benchmarks/human_ceiling.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    result = run(args.resamples)
    save_page("human_ceiling", result, markdown(result, command.strip()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
