"""Variants of the human-time fits on the Cloud Sudoku times, every one scored held out.

Two predictors, each fitted again in several ways, every fitted number (weights, noise model,
ridge penalty) learnt on the training folds only:

- ``score_time``'s three figures (sweep, digits2, technique; the measures stored by
  ``benchmarks/score_time.py``): non-negative least squares on log time (as committed), the
  same weighted by players, weighted by the inverse of each puzzle's total residual variance
  ``misfit + sigma2 / n`` (the noise model of ``human_ceiling.py``'s maximum likelihood,
  fitted on the training part's own inner held-out residuals), and a pairwise logistic rank
  loss whose pairs weigh by ``1 / (1/n_i + 1/n_j)`` (the inverse noise of a difference);
- the study's combined predictor (every usable measure of ``measures.jsonl`` as its training
  percentile, ridge with the penalty from an inner split; ``study/predictor.py``): as
  committed (target: the label's training percentile, unweighted), weighted by players, on
  log time, on log time weighted by players, restricted to the grader and finding
  families, and with stronger ridge penalties to choose from.

Each variant: held-out Spearman with mean time over 5 salts of the 5 folds (mean, range),
the 95 % bootstrap interval of the first salt, and a paired bootstrap of its difference from
the committed fit on the same split. A variant counts as a gain only when that paired
interval excludes 0 and the mean gain exceeds the spread over salts.

Usage: ``python benchmarks/human_variants.py [--measures build/study/sudoku-human/
measures.jsonl]`` (without it only the ``score_time`` variants). Writes
``results/human_variants.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from human_ceiling import fit_ml  # noqa: E402
from score_fit import bootstrap_spearman, fit_log_linear, folds, spearman  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
SALTS = 5
K = 5
WIDE = (0.3, 3.0, 30.0, 300.0, 3000.0, 30000.0)
"""The study's ridge penalties and two stronger ones (60 collinear measures, ~800 puzzles)."""

Fitter = Callable[[np.ndarray, np.ndarray, np.ndarray], Callable[[np.ndarray], np.ndarray]]
"""(x, log time, players) of a training part -> a function predicting from x."""


def weighted_nnls(x: np.ndarray, log_y: np.ndarray, w: np.ndarray, ridge: float = 1e-3,
                  sweeps: int = 5000) -> tuple[float, np.ndarray]:
    """``fit_log_linear`` with weights ``w`` (players, or inverse noise variances)."""
    return fit_log_linear(x, log_y, ridge, sweeps, weights=w)


def _linear(intercept: float, coef: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    return lambda x: intercept + x @ coef


def plain(x: np.ndarray, log_y: np.ndarray, players: np.ndarray
          ) -> Callable[[np.ndarray], np.ndarray]:
    return _linear(*fit_log_linear(x, log_y))


def by_players(x: np.ndarray, log_y: np.ndarray, players: np.ndarray
               ) -> Callable[[np.ndarray], np.ndarray]:
    return _linear(*weighted_nnls(x, log_y, players))


def by_noise(x: np.ndarray, log_y: np.ndarray, players: np.ndarray
             ) -> Callable[[np.ndarray], np.ndarray]:
    """Weights ``1 / (misfit + sigma2 / n)``, the noise model fitted by maximum likelihood on
    the training part's inner 5-fold held-out residuals."""
    inner = np.arange(len(log_y)) % 5
    residual = np.empty(len(log_y))
    for f in range(5):
        fit = inner != f
        intercept, coef = fit_log_linear(x[fit], log_y[fit])
        residual[~fit] = log_y[~fit] - intercept - x[~fit] @ coef
    misfit, sigma2 = fit_ml(residual - residual.mean(), players)
    return _linear(*weighted_nnls(x, log_y, 1.0 / (max(misfit, 1e-3) + sigma2 / players)))


def pairwise(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, pairs: int = 20_000
             ) -> Callable[[np.ndarray], np.ndarray]:
    """Non-negative weights minimising a logistic loss on the order of random pairs, each
    pair weighted by ``1 / (1/n_i + 1/n_j)`` (its order is surer when both means are of many
    players), plus a small ridge; standardised figures, L-BFGS-B with bounds."""
    from scipy.optimize import minimize

    rng = np.random.default_rng(0)
    sd = x.std(axis=0)
    sd[sd == 0] = 1.0
    z = (x - x.mean(axis=0)) / sd
    a, b = rng.integers(0, len(log_y), pairs), rng.integers(0, len(log_y), pairs)
    keep = log_y[a] != log_y[b]
    a, b = a[keep], b[keep]
    sign = np.sign(log_y[a] - log_y[b])
    d = (z[a] - z[b]) * sign[:, None]
    w = 1.0 / (1.0 / players[a] + 1.0 / players[b])
    w /= w.sum()

    def loss(beta: np.ndarray) -> tuple[float, np.ndarray]:
        m = d @ beta
        p = 1.0 / (1.0 + np.exp(m))
        value = float(w @ np.logaddexp(0.0, -m)) + 1e-3 * float(beta @ beta)
        return value, -(d.T @ (w * p)) + 2e-3 * beta

    beta = minimize(loss, np.full(x.shape[1], 0.1), jac=True, method="L-BFGS-B",
                    bounds=[(0.0, None)] * x.shape[1]).x
    coef = beta / sd
    return lambda xx: xx @ coef


SCORE_TIME: dict[str, Fitter] = {
    "least squares on log time (committed)": plain,
    "weighted by players": by_players,
    "weighted by 1 / (misfit + sigma2 / n), fitted in-fold": by_noise,
    "pairwise rank loss, pairs weighted by players": pairwise,
}


def held_out(fitter: Fitter, x: np.ndarray, log_y: np.ndarray, players: np.ndarray,
             ids: list[str], seed: int) -> np.ndarray:
    fold = folds(ids, K, seed)
    out = np.empty(len(log_y))
    for f in range(K):
        train = fold != f
        out[~train] = fitter(x[train], log_y[train], players[train])(x[~train])
    return out


def score(predictions: list[np.ndarray], base: list[np.ndarray], seconds: np.ndarray
          ) -> dict[str, Any]:
    """Mean, range and interval of the held-out Spearman, and the paired difference from
    ``base`` on the first salt (95 % bootstrap)."""
    values = [spearman(p, seconds) for p in predictions]
    rng = np.random.default_rng(5)
    diffs = []
    for _ in range(1000):
        i = rng.integers(0, len(seconds), len(seconds))
        diffs.append(spearman(predictions[0][i], seconds[i]) - spearman(base[0][i], seconds[i]))
    gain = float(np.mean(values) - np.mean([spearman(p, seconds) for p in base]))
    return {"mean": float(np.mean(values)), "min": float(np.min(values)),
            "max": float(np.max(values)), "interval": bootstrap_spearman(predictions[0], seconds),
            "gain": gain, "gain_low": float(np.percentile(diffs, 2.5)),
            "gain_high": float(np.percentile(diffs, 97.5)),
            "spread": float(np.max(values) - np.min(values))}


def score_time_variants() -> dict[str, Any]:
    import score_time as st

    from pencilsat.grading.sudoku.human_time import FEATURES

    rows = st.stored_rows()
    x = np.array([[r["features"][k] for k in FEATURES] for r in rows], dtype=float)
    seconds = np.array([r["seconds"] for r in rows], dtype=float)
    players = np.array([r["players"] for r in rows], dtype=float)
    ids = [r["id"] for r in rows]
    runs = {name: [held_out(f, x, np.log(seconds), players, ids, s) for s in range(SALTS)]
            for name, f in SCORE_TIME.items()}
    base = runs["least squares on log time (committed)"]
    return {name: score(p, base, seconds) for name, p in runs.items()}


def combined_variants(path: Path) -> dict[str, Any]:
    """The study's combined predictor refitted in the ways of the module doc."""
    from pencilsat.study import predictor as pr

    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    names = sorted({k for r in records for k in r["measures"]})
    matrix = np.array([[r["measures"].get(k, math.nan) for k in names] for r in records],
                      dtype=float)
    usable = [j for j in range(len(names)) if np.isfinite(matrix[:, j]).sum() >= 0.5 * len(
        records) and np.nanstd(matrix[:, j]) > 0]
    names = [names[j] for j in usable]
    matrix = matrix[:, usable]
    human = _human_by_puzzle()
    puzzles = [r["puzzle"] for r in records]
    seconds = np.array([r["label"] for r in records], dtype=float)
    players = np.array([human[p] for p in puzzles], dtype=float)
    groups = np.array(["all"] * len(records))
    finding = [j for j, n in enumerate(names) if n.split(".")[0] in ("grade", "finding")]

    def run(columns: list[int], target: str, weighted: bool,
            alphas: tuple[float, ...] = pr.ALPHAS) -> list[np.ndarray]:
        out = []
        for salt in range(SALTS):
            fold = np.array([pr.fold_of(p, K, salt=str(salt) if salt else "")
                             for p in puzzles])
            pred = np.full(len(seconds), math.nan)
            for f in range(K):
                train = fold != f
                pred[~train] = _ridge_fit_predict(matrix[:, columns], seconds, players, groups,
                                                  train, target, weighted, puzzles, alphas)
            out.append(pred)
        return out

    every = list(range(len(names)))
    runs = {
        "percentile target, unweighted (committed)": run(every, "percentile", False),
        "percentile target, weighted by players": run(every, "percentile", True),
        "log time target": run(every, "log", False),
        "log time target, weighted by players": run(every, "log", True),
        "grader and finding measures only": run(finding, "percentile", False),
        "penalties up to 30,000 (chosen in-fold)": run(every, "percentile", False, WIDE),
    }
    base = runs["percentile target, unweighted (committed)"]
    out = {name: score(p, base, seconds) for name, p in runs.items()}
    out["_measures"] = len(names)
    return out


def _ridge_fit_predict(matrix: np.ndarray, seconds: np.ndarray, players: np.ndarray,
                       groups: np.ndarray, train: np.ndarray, target: str, weighted: bool,
                       puzzles: list[str], alphas: tuple[float, ...]) -> np.ndarray:
    """The study's ridge on training percentiles (``predictor._features``), its penalty chosen
    by an inner 3-fold split on the training part, with the target and weights of a variant;
    predictions for the puzzles outside ``train``."""
    from pencilsat.study import predictor as pr

    x_all = pr._features(matrix, groups, train)
    y_all = np.log(seconds) if target == "log" else pr._target(seconds, groups, train)
    w_all = players if weighted else np.ones(len(seconds))
    inner = np.array([pr.fold_of(p, 3, salt="inner") for p in puzzles])

    def fit(rows: np.ndarray, alpha: float) -> Callable[[np.ndarray], np.ndarray]:
        x, y, w = x_all[rows], y_all[rows], w_all[rows] / w_all[rows].sum()
        mean = w @ x
        scale = np.sqrt(w @ (x - mean) ** 2)
        scale[scale == 0] = 1.0
        z = (x - mean) / scale
        beta = np.linalg.solve((z * w[:, None]).T @ z * len(y) + alpha * np.eye(z.shape[1]),
                               (z * w[:, None]).T @ (y - w @ y) * len(y))
        return lambda xx: ((xx - mean) / scale) @ beta

    best, best_alpha = -math.inf, alphas[0]
    for alpha in alphas:
        guess = np.full(len(seconds), math.nan)
        for k in range(3):
            rows, test = train & (inner != k), train & (inner == k)
            guess[test] = fit(rows, alpha)(x_all[test])
        s = spearman(guess[train], seconds[train])
        if s > best:
            best, best_alpha = s, alpha
    return fit(train, best_alpha)(x_all[~train])


def _human_by_puzzle() -> dict[str, int]:
    import score_time as st

    return {item["puzzle"]: item["players"] for item in st.human_items()}


def markdown(result: dict[str, Any], command: str) -> str:
    lines = ["# Human-time fits: the variants tried, held out", "",
             f"Generated by `{command}`. Cloud Sudoku times, shared part. Held-out Spearman "
             f"with mean time over {SALTS} salts of {K}-fold cross-validation (mean and "
             "range), the 95 % bootstrap interval of the first salt, and the paired bootstrap "
             "of the difference from the committed fit on the same split. A gain counts only "
             "when the paired interval excludes 0 and the gain exceeds the spread over salts.",
             ""]
    tried = 0
    for title, key in (("score_time's three figures", "score_time"),
                       ("The study's combined predictor", "combined")):
        part = result.get(key)
        if not part:
            continue
        extra = f" ({part['_measures']} usable measures)" if "_measures" in part else ""
        lines += [f"## {title}{extra}", "",
                  "| fit | Spearman (mean) | range over salts | 95 % interval | "
                  "gain [95 % paired] | counts |", "|---|---|---|---|---|---|"]
        for name, v in part.items():
            if name.startswith("_"):
                continue
            tried += 1
            counts = v["gain_low"] > 0 and v["gain"] > v["spread"]
            lines.append(
                f"| {name} | {v['mean']:.3f} | {v['min']:.3f} .. {v['max']:.3f} | "
                f"{v['interval'][0]:.3f} .. {v['interval'][1]:.3f} | {v['gain']:+.3f} "
                f"[{v['gain_low']:+.3f}, {v['gain_high']:+.3f}] | {'yes' if counts else 'no'} |")
        lines.append("")
    lines.append(f"{tried} fits in all on this page (the committed ones included).")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measures", type=Path,
                        help="the study's measures.jsonl of the shared human file")
    args = parser.parse_args(argv)
    command = "python benchmarks/human_variants.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    result: dict[str, Any] = {"score_time": score_time_variants()}
    if args.measures:
        result["combined"] = combined_variants(args.measures)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "human_variants.json").write_text(json.dumps(result, indent=1) + "\n")
    text = markdown(result, command.strip())
    (RESULTS / "human_variants.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
