"""How well can any measure of the grid rank the Cloud Sudoku times? The triad of three measures.

229 puzzles of the shared part of ``../shared/corpus/sudoku/human/cloud_sudoku_times.tsv`` carry
Wang's time-based metrics D_TO and D_TR besides the players' mean seconds. If a grid measure X,
the mean seconds Y and a reference Z each follow one common difficulty, with errors independent
of each other, then ``rho(X, Y) = a_X a_Y`` and so on, and the loading of the mean seconds on the
common difficulty is ``a_Y = sqrt(rho(X, Y) rho(Y, Z) / rho(X, Z))``: the Spearman a perfect
predictor of that difficulty would reach with the mean seconds, whatever X is. The loading is
estimated with X the held-out ``score_time`` (``benchmarks/score_time.py``'s fit, refitted
without each fold, averaged over :data:`SALTS` salts) and, as a check of the one-difficulty
model, with every stored measure of the grade that ranks the seconds at |rho| of
:data:`LEAST` or more: if the model holds, each gives about the same ``a_Y``.

D_TO and D_TR come from the same plays as the mean seconds; errors they share raise
``rho(Y, Z)`` and so the estimate: it is an upper bound of the ceiling rather than a low one.
``tests/study/test_human_triad_recovers_a_known_loading.py`` checks the estimator on synthetic
data, and that shared errors raise it.

Usage: ``python benchmarks/human_triad.py`` (seconds, on the stored grades of
``results/score_time_sudoku.json``); writes ``results/human_triad.md``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_fit import bootstrap_interval, spearman  # noqa: E402

SALTS = 5
RESAMPLES = 4_000
LEAST = 0.3
REFERENCES = ("d_to", "d_tr")
PAGE = ROOT / "benchmarks" / "results" / "human_triad.md"


def loading(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> float:
    """The loading of ``y`` on the difficulty that ``x``, ``y`` and ``z`` share, by Spearman's
    rho: ``sqrt(rho(x, y) rho(y, z) / rho(x, z))``; NaN where an odd number of the three is
    negative, signs no one shared difficulty gives (a measure that falls with it flips two)."""
    ratio = spearman(x, y) * spearman(y, z) / spearman(x, z)
    return math.sqrt(ratio) if ratio > 0 else math.nan


def main() -> int:
    from score_time import _cv_predict, stored_figures, stored_rows

    rows = stored_rows()
    ids, x, seconds = stored_figures(rows)
    held_out = np.mean([_cv_predict(x, np.log(seconds), ids, 5, s) for s in range(SALTS)], axis=0)
    kept = np.array([r["d_to"] is not None for r in rows])
    rows = [r for r, k in zip(rows, kept, strict=True) if k]
    predicted, seconds = held_out[kept], seconds[kept]
    players = np.array([r["players"] for r in rows])
    measures = {f"finding.{n}": np.array([r["finding"][n] for r in rows], dtype=float)
                for n in rows[0]["finding"]}
    measures["score"] = np.array([r["score"] for r in rows], dtype=float)
    measures = {n: v for n, v in measures.items()
                if np.ptp(v) > 0 and abs(spearman(v, seconds)) >= LEAST}
    lines = [
        "# The ceiling of a grid measure on the Cloud Sudoku times, by a triad of measures",
        "",
        f"`python benchmarks/human_triad.py`: the {len(rows)} puzzles of the shared part with "
        f"Wang's D_TO and D_TR ({players.min()}-{players.max()} players, median "
        f"{np.median(players):.0f}; the whole shared part: median 13). `score_time` held out "
        f"(mean of {SALTS} salts). Loading of the mean seconds = the Spearman a perfect "
        "predictor of the shared difficulty reaches with them (95 % bootstrap interval).",
        "",
        "| reference Z | rho(score_time, seconds) | rho(seconds, Z) | rho(score_time, Z) | "
        "loading of the seconds | loading of `score_time` | loading of Z |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in REFERENCES:
        z = np.array([r[name] for r in rows], dtype=float)
        low, high = bootstrap_interval(loading, predicted, seconds, z, resamples=RESAMPLES)
        lines.append(
            f"| {name.upper()} | {spearman(predicted, seconds):.3f} | {spearman(seconds, z):.3f}"
            f" | {spearman(predicted, z):.3f} | **{loading(predicted, seconds, z):.3f}** "
            f"[{low:.3f}, {high:.3f}] | {loading(seconds, predicted, z):.3f} | "
            f"{loading(predicted, z, seconds):.3f} |")
    lines += ["", f"The same loading of the seconds from each of the {len(measures)} stored "
              f"measures that rank the seconds at |rho| >= {LEAST} (the model's check):", "",
              "| reference Z | least | median | most |", "|---|---|---|---|"]
    for name in REFERENCES:
        z = np.array([r[name] for r in rows], dtype=float)
        values = [loading(v, seconds, z) for v in measures.values()]
        lines.append(f"| {name.upper()} | {np.nanmin(values):.3f} | {np.nanmedian(values):.3f} "
                     f"| {np.nanmax(values):.3f} |")
    middle = np.median(players)
    lines += ["", "By players (the same puzzles halved at the median):", "",
              "| part | puzzles | rho(score_time, seconds) | loading by D_TO | by D_TR |",
              "|---|---|---|---|---|"]
    for label, part in ((f"{middle:.0f} players or fewer", players <= middle),
                        (f"more than {middle:.0f}", players > middle)):
        by = [loading(predicted[part], seconds[part],
                      np.array([r[n] for r in rows], dtype=float)[part]) for n in REFERENCES]
        lines.append(f"| {label} | {part.sum()} | {spearman(predicted[part], seconds[part]):.3f}"
                     f" | {by[0]:.3f} | {by[1]:.3f} |")
    PAGE.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
