"""Where a Killer Sudoku's CPU goes: the parts of a ``direct`` solve, timed one by one, against
puzzlekit's whole solve + blocking re-solve, on the janko 9x9s (the puzzles puzzlekit takes).

``python benchmarks/killersudoku_floor.py [--stride 15] [--repeat 5]``

Per puzzle, each part runs ``repeat`` times after a warm-up and counts its median
``time.process_time`` (all threads, so CP-SAT's workers count for puzzlekit): the narrowing
of the candidates, writing the clauses, creating CaDiCaL 1.9.5 and loading them, the two
SAT calls (answer, then the answer forbidden), the rule checker, and the whole front call.
Prints a markdown table of the medians over the puzzles: the floor of this design is the
load alone (a solver must hold the clauses), to compare with a tenth of puzzlekit's total.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from statistics import median
from typing import Any

from killersudoku import BENCH, puzzlekit

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.core.registry import genre_of
from pencilsat.encodings.killersudoku import complete_cnf
from pencilsat.encodings.latin import narrowed_candidates, settled_grid
from pencilsat.strategies.front import solve


def cpu(call: Callable[[], Any], repeat: int) -> float:
    """Median CPU seconds of ``call`` over ``repeat`` runs after one untimed run."""
    call()
    times = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return median(times)


def parts(puzzle: Any, item: Any, repeat: int) -> dict[str, float]:
    from pysat.solvers import Solver

    houses, cages = puzzle.houses(), puzzle.cage_sums()
    can = narrowed_candidates(puzzle.givens, houses, cages)
    enc = complete_cnf(puzzle, True, None, can)

    def load() -> Any:
        solver = Solver(name="cadical195")
        load_clauses(solver, enc.clauses)
        return solver

    def two_calls() -> None:
        solver = load()
        solver.solve()
        model = solver.get_model()
        solver.add_clause([-lit for lit in enc.answer if model[lit - 1] > 0])
        solver.solve()
        solver.delete()

    def load_only() -> None:
        load().delete()

    check = genre_of(puzzle).rules().check
    solution = item["solution"]
    out = {
        "narrow": cpu(lambda: narrowed_candidates(puzzle.givens, houses, cages), repeat),
        "clauses": cpu(lambda: complete_cnf(puzzle, True, None, can), repeat),
        "load": cpu(load_only, repeat),
        "load + 2 SAT calls": cpu(two_calls, repeat),
        "rule checker": cpu(lambda: check(puzzle, solution), repeat),
        "whole solve (front)": cpu(lambda: solve(puzzle), repeat),
        "puzzlekit": cpu(lambda: puzzlekit(item, 60), repeat),
    }
    out["clauses written"] = len(enc.clauses)
    out["settled"] = settled_grid(can) is not None
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stride", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    items = [i for i in BENCH.items(1) if i["puzzle"].size == 9][::args.stride]
    rows = [parts(item["puzzle"], item, args.repeat) for item in items]
    print(f"{len(rows)} janko 9x9 Killer Sudokus (every {args.stride}th), "
          f"{sum(r['settled'] for r in rows)} settled by narrowing; median CPU ms:\n")
    print("| part | median CPU ms |\n|---|---|")
    for key in rows[0]:
        if key == "settled":
            continue
        values = [r[key] for r in rows]
        shown = (f"{median(values):.0f}" if key == "clauses written"
                 else f"{median(values) * 1e3:.2f}")
        print(f"| {key} | {shown} |")


if __name__ == "__main__":
    main()
