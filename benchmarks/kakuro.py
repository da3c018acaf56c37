"""Kakuro: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/kakuro.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE] [--cpu-stride 5]``

``direct`` (CNF, the default) and ``cpsat`` (the same clauses on CP-SAT, the run sums also
linear) through the solving front (which referees every answer), results in
``benchmarks/results/kakuro.md``; puzzlekit's KakuroSolver (CP-SAT: an integer 1..9 per
white cell, AllDifferent and a linear sum per run with a sum) timed as a uniqueness check:
its solve, then its grid forbidden on its own model and a second solve, on CP-SAT's default
workers (ours use one); CPU seconds of both on every ``--cpu-stride``-th puzzle.
"""

from __future__ import annotations

from typing import Any

from janko_bench import Item, JankoBench, main_with_cpu
from sudoku_variants import puzzlekit_outcome

from pencilsat.puzzles.kakuro import KakuroPuzzle, parse_puzzle, parse_solution


def puzzlekit_grid(puzzle: KakuroPuzzle) -> list[list[str]]:
    """puzzlekit's input: ``0`` a white cell, ``-`` a black one, ``D,R`` a clue cell."""
    out = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            down, across = int(puzzle.down[r, c]), int(puzzle.across[r, c])
            row.append("0" if puzzle.white[r, c] else
                       f"{down or ''},{across or ''}" if down or across else "-")
        out.append(row)
    return out


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    try:
        from puzzlekit.solvers.kakuro import KakuroSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    grid = puzzlekit_grid(puzzle)
    return puzzlekit_outcome(lambda: KakuroSolver(puzzle.height, puzzle.width, grid), item,
                             cap)


BENCH = JankoBench(
    genre="kakuro", title="Kakuro", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"direct (cnf)": ("direct", "cnf"), "cpsat (cpsat)": ("cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (196, "up to 14x14"), (400, "up to 20x20"),
            (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",))


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit's time is its build, its solve and a blocking re-solve (the "
            f"uniqueness proof), on CP-SAT's default workers ({ran} of {len(rows)} puzzles); "
            "it agrees when its answer is the stored one and the re-solve finds no other. "
            "A puzzle it did not finish counts its cap.")


if __name__ == "__main__":
    main_with_cpu(BENCH, __doc__.split("\n")[0], "Kakuro: both strategies and puzzlekit",
                  note)
