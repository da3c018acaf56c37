"""Skyscrapers: every janko puzzle and Tatham's Towers sets on both strategies, and puzzlekit
on the janko puzzles.

``python benchmarks/skyscrapers.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--no-tatham] [--log FILE]``;
``--cpu-stride K`` instead compares CPU times (every thread's) on every K-th janko puzzle,
ours and puzzlekit's back to back, and prints the medians (a loaded machine stretches the
wall, not the CPU).

``direct`` (CNF, the default) and ``cpsat`` (the same clauses on CP-SAT, the clues also
linear sums) through the solving front (which referees every answer), results in
``benchmarks/results/skyscrapers.md``; puzzlekit's SkyscraperSolver (CP-SAT over integer
cells 0..M with reified visibility; a benchmark-only package) is timed as a uniqueness
check: its solve, then its grid forbidden and a second solve, on CP-SAT's default workers
(ours use one). Both solve the smallest puzzle once, untimed, first, so no import is timed.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from janko_bench import Item, JankoBench, arguments, run, summary, write
from sudoku_variants import puzzlekit_outcome, slowest, tatham_section

from pencilsat.puzzles.skyscrapers import FORMAT, parse_puzzle


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    try:
        from puzzlekit.solvers.skyscraper import SkyscraperSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    n = puzzle.size

    def tokens(values: Any) -> list[str]:
        return [str(int(v)) if v else "-" for v in values]

    grid = [tokens(row) for row in puzzle.givens.tolist()]
    top, bottom, left, right = (tokens(side) for side in puzzle.clues.tolist())
    return puzzlekit_outcome(lambda: SkyscraperSolver(n, n, grid, top, bottom, left, right,
                                                      puzzle.largest, puzzle.diagonal),
                             item, cap)


CONFIGS = {"direct (cnf)": ("direct", "cnf"), "cpsat (cpsat)": ("cpsat", "cpsat")}
BENCH = JankoBench(
    genre="skyscrapers", title="Skyscrapers", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution, configs=CONFIGS,
    groups=((25, "up to 5x5"), (10**9, "6x6 to 8x8")), puzzlekit=puzzlekit,
    extra_stats=("sat_calls",))


def cpu_medians(stride: int) -> str:
    """CPU seconds of ``pencilsat.solve`` and of puzzlekit's solve + re-solve per puzzle."""
    from pencilsat.strategies.front import solve

    items = BENCH.items(stride)
    solve(items[0]["puzzle"])
    puzzlekit(items[0], 60)
    ours, theirs = [], []
    for item in items:
        start = time.process_time()
        assert solve(item["puzzle"]).verdict.value == "unique"
        ours.append(time.process_time() - start)
        start = time.process_time()
        row = puzzlekit(item, 60)
        assert row is not None and row["status"] == "unique"
        theirs.append(time.process_time() - start)
    mine, other = statistics.median(ours), statistics.median(theirs)
    return (f"{len(items)} puzzles (every {stride}th janko): CPU median ours {mine:.4f} s, "
            f"puzzlekit {other:.4f} s, ratio {other / mine:.1f}x; max ours {max(ours):.3f} s, "
            f"puzzlekit {max(theirs):.3f} s")


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0)
    parser.add_argument("--no-tatham", action="store_true")
    parser.add_argument("--cpu-stride", type=int, default=0)
    args = parser.parse_args()
    if args.cpu_stride:
        print(cpu_medians(args.cpu_stride))
        return
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
    tatham = ""
    if not args.no_tatham:
        tatham, data["tatham"] = tatham_section("skyscrapers", parse_puzzle,
                                                FORMAT.parse_solution, CONFIGS, args.cap)
    write(BENCH, "Skyscrapers: both strategies, Tatham's Towers sets and puzzlekit",
          body + "\n" + slowest(list(CONFIGS), rows) + "\n" + tatham, data, rows)


if __name__ == "__main__":
    main()
