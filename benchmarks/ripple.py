"""Ripple Effect: every janko puzzle on both strategies, and puzzlekit beside them.

``python benchmarks/ripple.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``direct`` (CNF, the default) and ``cpsat`` (the same clauses on CP-SAT) through the solving
front (which referees every answer), results in ``benchmarks/results/ripple.md``;
puzzlekit's HakyuuSolver (CP-SAT over integer cells; a benchmark-only package) is timed as a
uniqueness check: its solve, then its grid forbidden and a second solve, on CP-SAT's default
workers (ours use one). Both solve the smallest puzzle once, untimed, first.
"""

from __future__ import annotations

from typing import Any

from janko_bench import Item, JankoBench, arguments, run, summary, write
from sudoku_variants import puzzlekit_outcome, slowest

from pencilsat.puzzles.ripple import parse_puzzle, parse_solution


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    try:
        from puzzlekit.solvers.hakyuu import HakyuuSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    grid = [[str(int(v)) if v else "-" for v in row] for row in puzzle.givens.tolist()]
    rooms = [[str(v + 1) for v in row] for row in puzzle.rooms.ids.tolist()]
    return puzzlekit_outcome(lambda: HakyuuSolver(puzzle.height, puzzle.width, grid, rooms),
                             item, cap)


CONFIGS = {"direct (cnf)": ("direct", "cnf"), "cpsat (cpsat)": ("cpsat", "cpsat")}
BENCH = JankoBench(
    genre="ripple", title="Ripple Effect", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution, configs=CONFIGS,
    groups=((100, "up to 10x10"), (10**9, "larger")), puzzlekit=puzzlekit,
    extra_stats=("sat_calls",))


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0)
    args = parser.parse_args()
    item = BENCH.items(1)[0]
    for config in CONFIGS.values():
        BENCH.ours(item, config, args.cap)
    if not args.no_puzzlekit:
        puzzlekit(item, args.puzzlekit_cap)
    rows = run(BENCH, args)
    ran = sum("puzzlekit" in row for row in rows)
    note = ("puzzlekit is timed as solve + a blocking re-solve on its own model (the "
            "uniqueness check ours includes), on CP-SAT's default workers "
            f"({ran} of {len(rows)} puzzles). A puzzle it did not finish counts its cap.")
    body, data = summary(BENCH, rows, args.cap, note)
    write(BENCH, "Ripple Effect: both strategies and puzzlekit",
          body + "\n" + slowest(list(CONFIGS), rows), data, rows)


if __name__ == "__main__":
    main()
