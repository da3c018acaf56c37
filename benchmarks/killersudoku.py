"""Killer Sudoku: every janko puzzle and Tatham's killer Solo sets on both strategies, and
puzzlekit on the janko puzzles with square boxes.

``python benchmarks/killersudoku.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--no-tatham] [--log FILE]``

``direct`` (CNF, the default) and ``cpsat`` (the same clauses on CP-SAT, cage sums also as
linear sums) through the solving front (which referees every answer), results in
``benchmarks/results/killersudoku.md``; puzzlekit's KillerSudokuSolver (CP-SAT,
AllDifferent over integer cells and a linear sum per cage; it draws square boxes only and
does not keep a cage's digits distinct, so it runs on the 4x4 and 9x9 puzzles) is timed as
a uniqueness check: its solve, then its grid forbidden and a second solve, on CP-SAT's
default workers (ours use one). Both solve the smallest puzzle once, untimed, first.
"""

from __future__ import annotations

import math
from typing import Any

from janko_bench import Item, JankoBench, arguments, run, summary, write
from sudoku_variants import puzzlekit_outcome, slowest, tatham_section

from pencilsat.puzzles.killersudoku import FORMAT, parse_puzzle


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    try:
        from puzzlekit.solvers.killer_sudoku import KillerSudokuSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    n = puzzle.size
    if math.isqrt(n) ** 2 != n or puzzle.box_width != puzzle.box_height:
        return None
    grid = [[str(int(v)) if v else "-" for v in row] for row in puzzle.sums.tolist()]
    cages = [[str(v) for v in row] for row in puzzle.cages.ids.tolist()]
    return puzzlekit_outcome(lambda: KillerSudokuSolver(n, n, grid, cages), item, cap)


CONFIGS = {"direct (cnf)": ("direct", "cnf"), "cpsat (cpsat)": ("cpsat", "cpsat")}
BENCH = JankoBench(
    genre="killersudoku", title="Killer Sudoku", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution, configs=CONFIGS,
    groups=((16, "4x4"), (36, "6x6"), (10**9, "9x9")), puzzlekit=puzzlekit,
    extra_stats=("sat_calls",))


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0)
    parser.add_argument("--no-tatham", action="store_true")
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
            f"({ran} of {len(rows)} puzzles: those with square boxes). A puzzle it did not "
            "finish counts its cap.")
    body, data = summary(BENCH, rows, args.cap, note)
    tatham = ""
    if not args.no_tatham:
        tatham, data["tatham"] = tatham_section("killersudoku", parse_puzzle,
                                                FORMAT.parse_solution, CONFIGS, args.cap)
    write(BENCH, "Killer Sudoku: both strategies, Tatham's sets and puzzlekit",
          body + "\n" + slowest(list(CONFIGS), rows) + "\n" + tatham, data, rows)


if __name__ == "__main__":
    main()
