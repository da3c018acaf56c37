"""Where a Jigsaw Sudoku's or a Kakuro's CPU goes: the narrowing (all a settled grid needs
before its proof), the rule checker (the front's referee) and the whole ``direct`` solve,
against puzzlekit's solve + blocking re-solve, per puzzle.

``python benchmarks/digit_floor.py GENRE [--stride 10] [--repeat 5]`` (GENRE: jigsawsudoku
or kakuro; Killer Sudoku's parts are in ``killersudoku_floor.py``)

Medians of ``time.process_time`` (all threads) over the puzzles, each part the median of
``repeat`` runs after a warm-up; settled and unsettled puzzles apart.
"""

from __future__ import annotations

import argparse
import importlib
from statistics import median

from killersudoku_floor import cpu

from pencilsat.core.registry import genre_of
from pencilsat.strategies.front import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("genre", choices=["jigsawsudoku", "kakuro"])
    parser.add_argument("--stride", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    bench = importlib.import_module(args.genre)
    if args.genre == "kakuro":
        from pencilsat.encodings.kakuro import narrowed_masks

        def narrowing(puzzle):
            return narrowed_masks(puzzle) or [0]  # None: a contradiction
    else:
        from pencilsat.encodings.latin import narrowed_masks as latin_masks

        def narrowing(puzzle):
            return latin_masks(puzzle.givens, puzzle.houses())[0]
    rows = []
    for item in bench.BENCH.items(args.stride):
        puzzle = item["puzzle"]
        check = genre_of(puzzle).rules().check
        masks = narrowing(puzzle)
        rows.append({
            "settled": all(m and not m & (m - 1) for m in masks),
            "narrow": cpu(lambda p=puzzle: narrowing(p), args.repeat),
            "rule checker": cpu(lambda p=puzzle, s=item["solution"], c=check: c(p, s),
                                args.repeat),
            "whole solve (front)": cpu(lambda p=puzzle: solve(p), args.repeat),
            "puzzlekit": cpu(lambda i=item: bench.puzzlekit(i, 60), args.repeat)})
    print(f"{args.genre}: {len(rows)} janko puzzles (every {args.stride}th), median CPU ms\n")
    print("| puzzles | count | narrow | rule checker | whole solve | puzzlekit | ratio |")
    print("|---|---|---|---|---|---|---|")
    for label, picked in (("settled by narrowing", [r for r in rows if r["settled"]]),
                          ("not settled", [r for r in rows if not r["settled"]]),
                          ("all", rows)):
        if not picked:
            continue
        cells = [f"{median(r[key] for r in picked) * 1e3:.2f}"
                 for key in ("narrow", "rule checker", "whole solve (front)", "puzzlekit")]
        ratio = (median(r["puzzlekit"] for r in picked)
                 / median(r["whole solve (front)"] for r in picked))
        print(f"| {label} | {len(picked)} | " + " | ".join(cells) + f" | {ratio:.1f}x |")


if __name__ == "__main__":
    main()
