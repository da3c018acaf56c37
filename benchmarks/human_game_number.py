"""Does something outside the puzzle move the Cloud Sudoku times? The app's game number.

The label of ``../shared/corpus/sudoku/human/cloud_sudoku_times.tsv`` is a mean over the
players who finished a game; the game number is the app's, not a property of the grid. If
the held-out errors of ``score_time`` (``benchmarks/score_time.py``'s fit, refitted without
each fold) follow the game number, part of what the grader misses lies outside any measure
of the puzzle. Reads the stored grades (``results/score_time_sudoku.json``) and prints:

- Spearman of the held-out error (log seconds) with the game number, 95 % bootstrap interval;
- the held-out Spearman of ``score_time`` within games below and from :data:`LATE` on;
- the held-out Spearman of the same fit (``score_time.py``'s: least squares on log time,
  non-negative coefficients) with the game number's logarithm as a fourth figure, against
  the committed three, over :data:`SALTS` salts, and a paired bootstrap of the difference
  on the first salt.

Usage: ``python benchmarks/human_game_number.py`` (seconds); writes
``results/human_game_number.md``. Nothing here goes into the grader: a game number is not a
measure of the puzzle.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_fit import bootstrap_interval, bootstrap_spearman, spearman  # noqa: E402
from score_time import _cv_predict, stored_figures, stored_rows  # noqa: E402

LATE = 10_000
"""The game numbers split where the file's do: 688 below 10,000, the rest spread to 99,898."""
SALTS = 5
RESAMPLES = 2_000
PAGE = ROOT / "benchmarks" / "results" / "human_game_number.md"


def main() -> int:
    rows = stored_rows()
    ids, x, seconds = stored_figures(rows)
    log_y = np.log(seconds)
    game = np.array([int(i) for i in ids], dtype=float)
    base = [_cv_predict(x, log_y, ids, 5, s) for s in range(SALTS)]
    more = [_cv_predict(np.column_stack([x, np.log(game)]), log_y, ids, 5, s)
            for s in range(SALTS)]
    error = log_y - base[0]
    late = game >= LATE
    lines = [
        "# The app's game number against `score_time`'s held-out errors",
        "",
        f"`python benchmarks/human_game_number.py`: {len(rows)} puzzles of the shared part, "
        "held out by 5 folds of a hash of the game number.",
        "",
        "| figure | value | 95 % interval |",
        "|---|---|---|",
    ]
    rho = spearman(error, game)
    low, high = bootstrap_spearman(error, game)
    lines.append(f"| held-out error (log s) against game number | {rho:.3f} | "
                 f"[{low:.3f}, {high:.3f}] |")
    for name, part in ((f"games below {LATE:,}", ~late), (f"games from {LATE:,} on", late)):
        idx = np.flatnonzero(part)
        value = spearman(base[0][idx], seconds[idx])
        low, high = bootstrap_spearman(base[0][idx], seconds[idx])
        lines.append(f"| `score_time` held out, {name} ({len(idx)}; geometric mean "
                     f"{np.exp(log_y[idx].mean()):.0f} s, variance of log time "
                     f"{log_y[idx].var():.3f}) | {value:.3f} | [{low:.3f}, {high:.3f}] |")
    before = np.mean([spearman(p, seconds) for p in base])
    after = np.mean([spearman(p, seconds) for p in more])
    low, high = bootstrap_interval(
        lambda a, b, label: spearman(a, label) - spearman(b, label), more[0], base[0], seconds,
        resamples=RESAMPLES)
    lines += [
        f"| `score_time`'s three figures, held out (mean of {SALTS} salts) | {before:.4f} | |",
        f"| the same and log game number | {after:.4f} | paired on salt 0: "
        f"[{low:+.4f}, {high:+.4f}] |",
        "",
    ]
    PAGE.write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
