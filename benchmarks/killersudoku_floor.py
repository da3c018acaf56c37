"""Where a Killer (or Jigsaw) Sudoku's CPU goes: the parts of a ``direct`` solve, timed one by
one, against puzzlekit's whole solve + blocking re-solve, on the janko puzzles puzzlekit takes
(Killer: the 4x4s and 9x9s).

``python benchmarks/killersudoku_floor.py [--genre jigsawsudoku] [--stride 6] [--repeat 5]``

Per puzzle, each part runs ``repeat`` times after a warm-up and counts its median
``time.process_time`` (all threads, so CP-SAT's workers count for puzzlekit): the groups
(cages, the rule of 45's innies and outies, houses) and their
:class:`~pencilsat.encodings.cage_sums.Narrowing`, the first narrowing, the branching search
after it (none on a settled grid), the rule checker (the front's referee), the whole front
call, and puzzlekit. Prints a markdown table of the medians over the puzzles: what is left
of a solve once no clause is written, to compare with a tenth of puzzlekit's total.
(Jigsaw's ``direct`` no longer narrows by these groups: its singles run on bits,
:mod:`pencilsat.strategies.latin_bits`; for a Jigsaw the parts time the house groups, the
whole front call the real path.)
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable
from statistics import median
from typing import Any

from pencilsat.core.registry import genre_of
from pencilsat.encodings.cage_sums import Narrowing
from pencilsat.strategies.front import solve
from pencilsat.strategies.killersudoku import cage_cells
from pencilsat.strategies.narrowed_digits import BranchSearch, digit_groups


def cpu(call: Callable[[], Any], repeat: int) -> float:
    """Median CPU seconds of ``call`` over ``repeat`` runs after one untimed run."""
    call()
    times = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return median(times)


def parts(puzzle: Any, item: Any, puzzlekit: Callable[..., Any], repeat: int
          ) -> dict[str, float]:
    n = puzzle.size
    cages = cage_cells(puzzle) if hasattr(puzzle, "cage_sums") else []
    houses = [[r * n + c for r, c in house] for house in puzzle.houses()]
    full = (1 << (n + 1)) - 2
    givens = [1 << v if v else full for v in puzzle.givens.ravel().tolist()]

    def build() -> Narrowing:
        return Narrowing(n * n, digit_groups(n, houses, cages))

    narrowing = build()

    def first() -> tuple[list[int], list[Any], bool]:
        masks, sets = list(givens), list(narrowing.first_sets)
        return masks, sets, narrowing.run(masks, sets, narrowing.start(masks))

    masks, sets, ok = first()

    def branch() -> int:
        search = BranchSearch(narrowing, list(masks) if ok else None, list(sets), None, 10**6)
        while search.next_answer() is not None and search.decisions < 10**6:
            pass
        return search.decisions

    check = genre_of(puzzle).rules().check
    solution = item["solution"]
    return {
        "groups and their Narrowing": cpu(build, repeat),
        "first narrowing": cpu(first, repeat),
        "branching after it": cpu(branch, repeat),
        "rule checker (the referee)": cpu(lambda: check(puzzle, solution), repeat),
        "whole solve (front)": cpu(lambda: solve(puzzle), repeat),
        "puzzlekit (solve + blocking re-solve)": cpu(lambda: puzzlekit(item, 60), repeat),
        "settled": branch() == 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--genre", default="killersudoku",
                        choices=["killersudoku", "jigsawsudoku"])
    parser.add_argument("--stride", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    bench = importlib.import_module(args.genre)
    items = [i for i in bench.BENCH.items(1)  # puzzlekit draws square boxes only
             if getattr(i["puzzle"], "box_width", 0) == getattr(i["puzzle"], "box_height", 0)
             ][::args.stride]
    rows = [parts(item["puzzle"], item, bench.puzzlekit, args.repeat) for item in items]
    print(f"{len(rows)} janko puzzles (every {args.stride}th puzzlekit takes), "
          f"{sum(bool(r['settled']) for r in rows)} settled by the first narrowing; "
          "median CPU ms:\n")
    print("| part | all | settled | branched |\n|---|---|---|---|")
    for key in rows[0]:
        if key == "settled":
            continue
        cells = []
        for subset in (rows, [r for r in rows if r["settled"]],
                       [r for r in rows if not r["settled"]]):
            cells.append(f"{median(r[key] for r in subset) * 1e3:.2f}" if subset else "-")
        print(f"| {key} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
