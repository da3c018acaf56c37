"""LITS: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/lits.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--cpu-stride 5] [--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko LITS, the puzzles
with blocked cells included, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/lits.md``), and puzzlekit's LITS solver (CP-SAT, one placement per
region, connectivity by flow) on the same puzzles if it is installed (a benchmark-only
package): its solve, then the same model solved again with its answer blocked, so that its
time covers a uniqueness proof as ours does. ``--puzzlekit-stride k`` runs it on every k-th
puzzle (sorted by size); the ratios are over the puzzles it ran on.
"""

from __future__ import annotations

from typing import Any

from common import differs, puzzlekit_unique
from janko_bench import LAZY_CONFIGS, SIZE_GROUPS, Item, JankoBench, main_with_cpu

from pencilsat.puzzles.lits import parse_puzzle, parse_solution
from pencilsat.puzzles.regions import NO_REGION


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """puzzlekit's build, solve and blocking re-solve (``common.puzzlekit_unique``)."""
    try:
        from puzzlekit.solvers.lits import LITSSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    regions = [["@" if v == NO_REGION else str(int(v)) for v in row]
               for row in puzzle.region_ids]
    grid = [["@" if v == "@" else "-" for v in row] for row in regions]
    return puzzlekit_unique(
        lambda: LITSSolver(puzzle.height, puzzle.width, grid, regions), cap,
        read=lambda solver, rows: [[ch in "LITS" for ch in row] for row in rows],
        forbid=lambda solver, cells: solver.model.AddBoolOr(differs(solver.x, cells)),
        stored=item["solution"].shaded.tolist())


BENCH = JankoBench(
    genre="lits", title="LITS", parse_puzzle=parse_puzzle, parse_solution=parse_solution,
    configs=LAZY_CONFIGS, groups=SIZE_GROUPS,
    puzzlekit=puzzlekit)


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit's time is its build, its solve and a blocking re-solve (the "
            f"uniqueness proof), on CP-SAT's default workers ({ran} of {len(rows)} puzzles, "
            "every k-th by size; ours on the same puzzles in the columns below); it agrees "
            "when its answer is the stored one and the re-solve is infeasible. A puzzle it did "
            "not finish counts its cap, so its ratios are lower bounds.")


def main() -> None:
    main_with_cpu(BENCH, __doc__.split("\n")[0], "LITS: both strategies and puzzlekit", note)


if __name__ == "__main__":
    main()
