"""Heyawake: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/heyawake.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Heyawake, as
``janko_bench`` runs and tables them (results in ``benchmarks/results/heyawake.md``), and
puzzlekit's Heyawake solver (CP-SAT, connectivity by heights) on the same puzzles if it is
installed (a benchmark-only package). It only solves, on CP-SAT's default number of workers
(ours use one). It takes 20-30 s on a 17x17 or a 14x24 where ours take 0.1 s (26 November
2026), so ``--puzzlekit-stride k`` runs it on every k-th puzzle (sorted by size) to keep a
run within the hour; the ratios are over the puzzles it ran on.
"""

from __future__ import annotations

from typing import Any

from janko_bench import Item, JankoBench, arguments, run, shaded_outcome, summary, write

from pencilsat.puzzles.heyawake import NO_CLUE, parse_puzzle, parse_solution


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build and solve, its status, and whether its shading is the
    stored one."""
    try:
        from puzzlekit.solvers.heyawake import HeyawakeSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    grid = [["-" if v == NO_CLUE else str(int(v)) for v in row] for row in puzzle.clues]
    regions = [[str(int(v)) for v in row] for row in puzzle.rooms]
    return shaded_outcome(
        lambda: HeyawakeSolver(puzzle.height, puzzle.width, grid, regions), cap, item)


BENCH = JankoBench(
    genre="heyawake", title="Heyawake", parse_puzzle=parse_puzzle, parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    puzzlekit=puzzlekit)


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit only solves (no uniqueness proof, which is part of our time), on "
            f"CP-SAT's default workers ({ran} of {len(rows)} puzzles, every k-th by size; ours "
            "on the same puzzles in the columns below). A puzzle it did not finish counts its "
            "cap, so its ratios are lower bounds.")


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    rows = run(BENCH, args)
    body, data = summary(BENCH, rows, args.cap, note(rows))
    write(BENCH, "Heyawake: both strategies and puzzlekit", body, data, rows)

if __name__ == "__main__":
    main()
