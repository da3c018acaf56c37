"""The Sudoku batch of this tree against an older one, fresh processes alternated N times.

``python benchmarks/sudoku_batch_alternate.py --before OLD/src [--rounds 12] [FILE ...]``

``lightup_sudoku.py --batch-only`` keeps the best of 2 runs, which on a shared machine cannot
resolve a 10% change (two runs of the same code gave now / before 0.89x and 1.01x on
magictour). Here each round runs ``solve_batch`` of both trees in fresh processes (the same
code as that table, CPU seconds of the batch alone), in alternating order, and reports per
file the ratio of the medians, of the maxima and the median of the rounds' ratios.
FILE names a file of ``shared/corpus/sudoku`` (default: magictour's and the forum's).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from lightup_sudoku import CORPUS, REPO, pencilsat_in_a_process


def alternate(path: Path, before: Path, rounds: int) -> dict[str, float]:
    """Puzzles per CPU second of both trees, ``rounds`` times in alternating order."""
    rates: dict[str, list[float]] = {"now": [], "before": []}
    trees = {"now": REPO / "src", "before": before}
    for i in range(rounds):
        for who in ("now", "before") if i % 2 else ("before", "now"):
            res = pencilsat_in_a_process(trees[who], path)
            rates[who].append(res["puzzles"] / res["cpu_s"])
    pairs = [a / b for a, b in zip(rates["now"], rates["before"], strict=True)]
    return {"now median": statistics.median(rates["now"]),
            "before median": statistics.median(rates["before"]),
            "medians": statistics.median(rates["now"]) / statistics.median(rates["before"]),
            "maxima": max(rates["now"]) / max(rates["before"]),
            "median pair": statistics.median(pairs)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True, metavar="OLD/src")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("files", nargs="*",
                    default=["magictour_top1465.txt", "forum_hardest_1106.txt"])
    args = ap.parse_args()
    for name in args.files:
        out = alternate(CORPUS / "sudoku" / name, args.before, args.rounds)
        print(name, ", ".join(f"{k} {v:,.3f}" if v < 100 else f"{k} {v:,.0f}"
                              for k, v in out.items()), flush=True)


if __name__ == "__main__":
    main()
