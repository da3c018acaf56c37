"""Tents: every janko and Tatham puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/tents.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--cpu-stride 5] [--no-puzzlekit] [--log FILE]``

``cnf`` (the default) and ``cpsat`` on every janko Tents and every Tatham Tents of the
corpus (``tatham/<size>-<level>``, in the table as ``tatham/<size>-<level>/<file>``), as
``janko_bench`` runs and tables them (results in ``benchmarks/results/tents.md``), and
puzzlekit's Tents solver (CP-SAT, a pairing variable per tree and neighbour) on the same
puzzles if it is installed (a benchmark-only package). puzzlekit is timed as the one
uniqueness procedure times ours: its build and solve, then a blocking re-solve of the same
model (some tent cell differs), which must be infeasible.
"""

from __future__ import annotations

from typing import Any

from common import Cells, puzzlekit_unique
from janko_bench import SIZE_GROUPS, Item, JankoBench, main_with_cpu

from pencilsat.puzzles.tents import TentsPuzzle, parse_puzzle, parse_solution


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """puzzlekit's build, solve and blocking re-solve (``common.puzzlekit_unique``); its
    answer is blocked by its tents, as ours is."""
    try:
        from puzzlekit.solvers.tent import TentSolver
    except ImportError:
        return None
    puzzle: TentsPuzzle = item["puzzle"]
    grid = [["x" if tree else "-" for tree in row] for row in puzzle.trees.tolist()]

    def forbid(solver: Any, tents: Cells) -> None:
        cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
                 if solver.y[r, c]]
        held = [c for c in cells if tents[c[0]][c[1]]]
        others = [c for c in cells if not tents[c[0]][c[1]]]
        solver.model.Add(sum(sum(solver.y[c]) for c in held)
                         - sum(sum(solver.y[c]) for c in others) <= len(held) - 1)

    return puzzlekit_unique(
        lambda: TentSolver(puzzle.height, puzzle.width, grid,
                           [str(v) for v in puzzle.row_counts.tolist()],
                           [str(v) for v in puzzle.column_counts.tolist()]), cap,
        read=lambda solver, rows: [[ch == "o" for ch in row] for row in rows],
        forbid=forbid, stored=item["solution"].tents.tolist())


class TentsBench(JankoBench):
    """The janko puzzles and Tatham's sets, smallest first."""

    def items(self, stride: int) -> list[Item]:
        items = super().items(1) + self.tatham_items(1)
        items.sort(key=lambda i: (i["cells"], i["name"]))
        return items[::stride]


BENCH = TentsBench(
    genre="tents", title="Tents, and Tatham's 80", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"cnf (cnf)": ("cnf", "cnf"), "cpsat (cpsat)": ("cpsat", "cpsat")},
    groups=SIZE_GROUPS,
    puzzlekit=puzzlekit, extra_stats=())


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit solves and then re-solves its model with the first answer's tents "
            "blocked (infeasible: unique), on CP-SAT's default workers; ours prove uniqueness "
            f"the same way on one solver. {ran} of {len(rows)} puzzles; a puzzle it did not "
            "finish counts its cap.")


def main() -> None:
    main_with_cpu(BENCH, __doc__.split("\n")[0], "Tents: both strategies and puzzlekit", note)


if __name__ == "__main__":
    main()
