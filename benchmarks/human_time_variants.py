"""More refits of the Sudoku grader's ``score_time``, every one scored held out.

``benchmarks/human_variants.py`` tried weights (players, a noise model) and a pairwise rank
loss. This page tries what it did not, on the same stored figures
(``results/score_time_sudoku.json``, joined with the shared Cloud Sudoku times by game
number), each fitted on the training folds only:

- a monotone transform of the label: log of seconds per empty cell (the cells a person fills;
  the prediction adds the log of the cells back), and normal scores of the label's ranks;
- the log of the empty cells as a fourth figure, and the sweep times that log (the sweep's
  cost per check may change with how much is left to fill);
- Huber loss on log time (the residuals are heavy-tailed: kurtosis 13.6,
  docs/experiments/human-ceiling.md), by iteratively reweighted non-negative least squares,
  at two thresholds, and weighted by players as well.

Each: held-out Spearman with mean time over ``--salts`` salts of the 5 folds (mean, range),
the 95 % bootstrap interval of the first salt, and the paired bootstrap (1,000 resamples) of
its difference from the committed fit on the first salt. A variant counts only when that
paired interval excludes 0 and the mean gain exceeds the spread over salts.

Usage: ``python benchmarks/human_time_variants.py [--salts 10]``. Writes
``results/human_time_variants.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from common import save_page  # noqa: E402
from human_variants import score  # noqa: E402
from score_fit import fit_log_linear, folds  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
K = 5

Fitter = Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                  Callable[[np.ndarray, np.ndarray], np.ndarray]]
"""(figures, log time, players, log empty cells) of a training part -> a function of
(figures, log empty cells) predicting log time."""


def committed(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, cells: np.ndarray
              ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    intercept, coef = fit_log_linear(x, log_y)
    return lambda xx, cc: intercept + xx @ coef


def per_cell(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, cells: np.ndarray
             ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    intercept, coef = fit_log_linear(x, log_y - cells)
    return lambda xx, cc: intercept + xx @ coef + cc


def normal_scores(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, cells: np.ndarray
                  ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    from scipy.stats import norm, rankdata

    intercept, coef = fit_log_linear(x, norm.ppf((rankdata(log_y) - 0.5) / len(log_y)))
    return lambda xx, cc: intercept + xx @ coef


def with_cells(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, cells: np.ndarray
               ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    intercept, coef = fit_log_linear(np.c_[x, cells], log_y)
    return lambda xx, cc: intercept + np.c_[xx, cc] @ coef


def interaction(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, cells: np.ndarray
                ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """Least squares without the sign constraint (the product may enter negatively)."""
    def design(xx: np.ndarray, cc: np.ndarray) -> np.ndarray:
        return np.c_[np.ones(len(xx)), xx, cc, xx[:, 0] * cc]

    beta = np.linalg.lstsq(design(x, cells), log_y, rcond=None)[0]
    return lambda xx, cc: design(xx, cc) @ beta


def huber(delta: float, weighted: bool = False) -> Fitter:
    """Huber loss on log time with threshold ``delta`` robust standard deviations (MAD),
    non-negative coefficients, by iteratively reweighted least squares (30 rounds)."""
    def fit(x: np.ndarray, log_y: np.ndarray, players: np.ndarray, cells: np.ndarray
            ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
        base = players if weighted else np.ones(len(log_y))
        intercept, coef = fit_log_linear(x, log_y, weights=base)
        for _ in range(30):
            residual = log_y - intercept - x @ coef
            spread = 1.4826 * float(np.median(np.abs(residual - np.median(residual))))
            size = np.abs(residual) / (delta * max(spread, 1e-9))
            intercept, coef = fit_log_linear(
                x, log_y, weights=base * np.where(size <= 1.0, 1.0, 1.0 / size))
        return lambda xx, cc: intercept + xx @ coef
    return fit


VARIANTS: dict[str, Fitter] = {
    "least squares on log time (committed)": committed,
    "label: log seconds per empty cell": per_cell,
    "label: normal scores of its ranks": normal_scores,
    "log empty cells as a fourth figure": with_cells,
    "sweep x log empty cells, signs free": interaction,
    "Huber, threshold 1.345 MAD": huber(1.345),
    "Huber, threshold 0.8 MAD": huber(0.8),
    "Huber 1.345, weighted by players": huber(1.345, weighted=True),
}


def run(salts: int) -> dict[str, Any]:
    import score_time as st

    from pencilsat.grading.sudoku.human_time import FEATURES

    rows = st.stored_rows()
    x = np.array([[r["features"][k] for k in FEATURES] for r in rows], dtype=float)
    seconds = np.array([r["seconds"] for r in rows], dtype=float)
    players = np.array([r["players"] for r in rows], dtype=float)
    cells = np.log(np.array([r["finding"]["cells_to_fill"] for r in rows], dtype=float))
    ids = [r["id"] for r in rows]
    runs = {}
    for name, fitter in VARIANTS.items():
        predictions = []
        for salt in range(salts):
            fold = folds(ids, K, salt)
            out = np.empty(len(rows))
            for f in range(K):
                train = fold != f
                model = fitter(x[train], np.log(seconds[train]), players[train], cells[train])
                out[~train] = model(x[~train], cells[~train])
            predictions.append(out)
        runs[name] = predictions
    base = runs["least squares on log time (committed)"]
    return {name: score(p, base, seconds) for name, p in runs.items()}


def markdown(result: dict[str, Any], command: str, salts: int) -> str:
    lines = ["# score_time: further refits, held out", "",
             f"Generated by `{command}`. Cloud Sudoku times, shared part (1,024 puzzles). "
             f"Held-out Spearman with mean time over {salts} salts of {K}-fold "
             "cross-validation (mean and range), the 95 % bootstrap interval of the first "
             "salt, and the paired bootstrap of the difference from the committed fit on the "
             "same split. A variant counts only when the paired interval excludes 0 and the "
             "mean gain exceeds the spread over salts.", "",
             "| fit | Spearman (mean) | range over salts | 95 % interval | gain [95 % paired] "
             "| counts |", "|---|---|---|---|---|---|"]
    for name, v in result.items():
        counts = v["gain_low"] > 0 and v["gain"] > v["spread"]
        lines.append(
            f"| {name} | {v['mean']:.4f} | {v['min']:.4f} .. {v['max']:.4f} | "
            f"{v['interval'][0]:.3f} .. {v['interval'][1]:.3f} | {v['gain']:+.4f} "
            f"[{v['gain_low']:+.4f}, {v['gain_high']:+.4f}] | {'yes' if counts else 'no'} |")
    lines += ["", f"{len(result)} fits (the committed one included); with the 3 of "
              f"`human_variants.md`, {len(result) + 2} alternatives to the committed fit "
              "tried in all, none kept."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--salts", type=int, default=10)
    args = parser.parse_args(argv)
    command = "python benchmarks/human_time_variants.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    result = run(args.salts)
    save_page("human_time_variants", result, markdown(result, command.strip(), args.salts))
    return 0 if all(not math.isnan(v["mean"]) for v in result.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
