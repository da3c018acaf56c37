"""Star Battle: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/starbattle.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``clauses`` (CNF, the default) and ``linear`` (CP-SAT) on every janko Star Battle, as
``janko_bench`` runs and tables them (results in ``benchmarks/results/starbattle.md``), and
puzzlekit's Star Battle solver (CP-SAT, the counts as linear sums; a benchmark-only
package) on the same puzzles if it is installed. puzzlekit proves no uniqueness, so it is
timed as a uniqueness check would run it: its solve, then, on the same model, the found
answer forbidden ("some cell differs") and a second solve, which must find nothing; both
solves on CP-SAT's default number of workers (ours use one). Both sides solve the smallest
puzzle once, untimed, before the run, so no import (PySAT, OR-Tools) is timed.
"""

from __future__ import annotations

from typing import Any

from common import differs, puzzlekit_unique
from janko_bench import Item, JankoBench, arguments, run, slowest, summary, warm_up, write

from pencilsat.puzzles.regions import NO_REGION
from pencilsat.puzzles.starbattle import parse_puzzle, parse_solution


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """puzzlekit's build, solve and blocking re-solve (``common.puzzlekit_unique``)."""
    try:
        from puzzlekit.solvers.starbattle import StarbattleSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    regions = [["#" if v == NO_REGION else str(v + 1) for v in row]
               for row in puzzle.regions.ids.tolist()]
    return puzzlekit_unique(
        lambda: StarbattleSolver(puzzle.height, puzzle.width, puzzle.stars, regions), cap,
        read=lambda solver, rows: [[ch == "x" for ch in row] for row in rows],
        forbid=lambda solver, cells: solver.model.AddBoolOr(differs(solver.x, cells)),
        stored=item["solution"].shaded.tolist())


BENCH = JankoBench(
    genre="starbattle", title="Star Battle", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"clauses (cnf)": ("clauses", "cnf"), "linear (cpsat)": ("linear", "cpsat")},
    groups=((64, "up to 8x8"), (100, "up to 10x10"), (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",))


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    warm_up(BENCH, args)
    rows = run(BENCH, args)
    ran = sum("puzzlekit" in row for row in rows)
    note = ("puzzlekit is timed as solve + a blocking re-solve on its own model (the "
            "uniqueness check ours includes), on CP-SAT's default workers "
            f"({ran} of {len(rows)} puzzles). A puzzle it did not finish counts its cap.")
    body, data = summary(BENCH, rows, args.cap, note)
    write(BENCH, "Star Battle: both strategies and puzzlekit", body + "\n" + slowest(BENCH, rows),
          data, rows)


if __name__ == "__main__":
    main()
