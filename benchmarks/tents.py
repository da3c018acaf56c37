"""Tents: every janko and Tatham puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/tents.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``cnf`` (the default) and ``cpsat`` on every janko Tents and every Tatham Tents of the
corpus (``tatham/<size>-<level>``, in the table as ``tatham-<size>-<level>``), as
``janko_bench`` runs and tables them (results in ``benchmarks/results/tents.md``), and
puzzlekit's Tents solver (CP-SAT, a pairing variable per tree and neighbour) on the same
puzzles if it is installed (a benchmark-only package). puzzlekit is timed as the one
uniqueness procedure times ours: its build and solve, then a blocking re-solve of the same
model (some tent cell differs), which must be infeasible.
"""

from __future__ import annotations

import time
from typing import Any

from common import CORPUS
from janko_bench import Item, JankoBench, arguments, run, summary, write

from pencilsat.puzzles.tents import TentsPuzzle, parse_puzzle, parse_solution


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build, solve and blocking re-solve; the status of each, and
    whether its first answer is the stored one and the re-solve found none."""
    try:
        from puzzlekit.solvers.tent import TentSolver
    except ImportError:
        return None
    puzzle: TentsPuzzle = item["puzzle"]
    grid = [["x" if tree else "-" for tree in row] for row in puzzle.trees.tolist()]
    start = time.perf_counter()
    solver = TentSolver(puzzle.height, puzzle.width, grid,
                        [str(v) for v in puzzle.row_counts.tolist()],
                        [str(v) for v in puzzle.column_counts.tolist()])
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return {"s": time.perf_counter() - start, "status": status, "agrees": False}
    matrix = result.solution_data["solution_grid"].matrix
    tents = [[ch == "o" for ch in row] for row in matrix]
    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
             if solver.y[r, c]]
    held = [c for c in cells if tents[c[0]][c[1]]]
    others = [c for c in cells if not tents[c[0]][c[1]]]
    solver.model.Add(sum(sum(solver.y[c]) for c in held)
                     - sum(sum(solver.y[c]) for c in others) <= len(held) - 1)
    solver.solver.parameters.max_time_in_seconds = max(cap - (time.perf_counter() - start),
                                                       0.01)
    second = solver.solver.StatusName(solver.solver.Solve(solver.model))
    seconds = time.perf_counter() - start
    agrees = tents == item["solution"].tents.tolist() and second == "INFEASIBLE"
    return {"s": seconds, "status": f"{status}, then {second}", "agrees": agrees}


class TentsBench(JankoBench):
    """The janko puzzles and Tatham's sets (Tatham's named by folder and file)."""

    def items(self, stride: int) -> list[Item]:
        items = super().items(1)
        for txt in sorted((CORPUS / "tents" / "tatham").glob("*/*.txt")):
            puzzle = self.parse_puzzle(txt.read_text(), txt.stem)
            items.append({"name": f"tatham-{txt.parent.name}-{txt.stem}", "puzzle": puzzle,
                          "cells": puzzle.width * puzzle.height,
                          "solution": self.parse_solution(txt.with_suffix(".sol").read_text())})
        items.sort(key=lambda i: (i["cells"], i["name"]))
        return items[::stride]


BENCH = TentsBench(
    genre="tents", title="Tents, and Tatham's 80", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"cnf (cnf)": ("cnf", "cnf"), "cpsat (cpsat)": ("cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=())


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit solves and then re-solves its model with the first answer's tents "
            "blocked (infeasible: unique), on CP-SAT's default workers; ours prove uniqueness "
            f"the same way on one solver. {ran} of {len(rows)} puzzles; a puzzle it did not "
            "finish counts its cap.")


def slowest(rows: list[dict[str, Any]]) -> str:
    lines = []
    for label in BENCH.configs:
        worst = max(rows, key=lambda row: row[label]["s"])
        lines.append(f"- {label}: slowest {worst['name']} ({worst['cells']} cells), "
                     f"{worst[label]['s']:.3f} s")
    return "\n## Slowest puzzles\n\n" + "\n".join(lines)


def warm_up() -> None:
    """Import and run every solver once on the smallest puzzle, untimed, so that no
    puzzle's time holds an import (OR-Tools takes about a second)."""
    item = BENCH.items(1)[0]
    for config in BENCH.configs.values():
        BENCH.ours(item, config, 60.0)
    puzzlekit(item, 60.0)


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    warm_up()
    rows = run(BENCH, args)
    body, data = summary(BENCH, rows, args.cap, note(rows))
    write(BENCH, "Tents: both strategies and puzzlekit", body + "\n" + slowest(rows), data,
          rows)


if __name__ == "__main__":
    main()
