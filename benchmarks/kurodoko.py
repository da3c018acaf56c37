"""Kurodoko: every janko puzzle and Tatham's Range sets on both strategies, and puzzlekit on
the janko puzzles, solving and proving uniqueness.

``python benchmarks/kurodoko.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Kurodoko and every
Tatham Range puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/kurodoko.md``), and puzzlekit's ``kuromasu`` solver (CP-SAT, the
unshaded cells connected by a height flow, sight as chains of visibility literals) if it is
installed (a benchmark-only package). puzzlekit proves nothing about uniqueness, so its time
here is its build and solve plus a blocking re-solve on the same CP-SAT model (the answer it
found forbidden: some cell differs), as our uniqueness proof does.
"""

from __future__ import annotations

from typing import Any

from common import Cells, puzzlekit_unique
from janko_bench import (
    LAZY_CONFIGS,
    SIZE_GROUPS,
    Item,
    JankoBench,
    Row,
    main_with_tatham,
)

from pencilsat.puzzles.kurodoko import EMPTY, FORMAT, UNKNOWN, parse_puzzle


def parse_solution(text: str) -> Any:
    return FORMAT.parse_solution(text)


def puzzlekit(item: Item, cap: float) -> Row | None:
    """puzzlekit's build, solve and blocking re-solve (``common.puzzlekit_unique``); its
    ``x`` are the unshaded cells."""
    try:
        from puzzlekit.solvers.kuromasu import KuromasuSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    if (puzzle.numbers == UNKNOWN).any():
        return None
    grid = [["-" if v == EMPTY else str(v) for v in row] for row in puzzle.numbers.tolist()]

    def read(solver: Any, rows: list) -> Cells:
        return [[solver.solver.Value(solver.x[r, c]) != 1 for c in range(puzzle.width)]
                for r in range(puzzle.height)]

    def forbid(solver: Any, shaded: Cells) -> None:
        solver.model.AddBoolOr([var if shaded[r][c] else var.Not()
                                for (r, c), var in solver.x.items()])

    return puzzlekit_unique(lambda: KuromasuSolver(puzzle.height, puzzle.width, grid), cap,
                            read=read, forbid=forbid, stored=item["solution"].shaded.tolist())


BENCH = JankoBench(
    genre="kurodoko", title="Kurodoko", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs=LAZY_CONFIGS, groups=SIZE_GROUPS,
    puzzlekit=puzzlekit, with_tatham=True)


def note(rows: list[Row]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit's time is its build and solve and a blocking re-solve for uniqueness "
            "(the answer it found forbidden, the same CP-SAT model solved again), against our "
            f"solve and uniqueness proof; {ran} of {len(rows)} janko puzzles. A puzzle it did "
            "not finish counts its cap, so its ratios are lower bounds.")


def main() -> None:
    main_with_tatham(BENCH, __doc__.split("\n")[0], "Kurodoko: both strategies and puzzlekit",
                     note, "Range", ((81, "9x9"), (117, "13x9")))


if __name__ == "__main__":
    main()
