"""Hitori: every janko puzzle and Tatham's Singles sets on both strategies, and puzzlekit on
the same puzzles, solving and proving uniqueness.

``python benchmarks/hitori.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Hitori and every
Tatham Singles puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/hitori.md``), and puzzlekit's Hitori solver (SCIP through OR-Tools'
linear solver, connectivity by cuts between solves, a "most unshaded cells" objective) if it
is installed (a benchmark-only package). puzzlekit proves nothing about uniqueness, so its
time here is its solve plus a blocking re-solve: the answer it found is forbidden (some cell
differs) and its cut loop runs again on the same solver until it finds none or another
answer, as our uniqueness proof does.
"""

from __future__ import annotations

import time
from typing import Any

from janko_bench import (
    LAZY_CONFIGS,
    SIZE_GROUPS,
    Item,
    JankoBench,
    Row,
    main_with_tatham,
)

from pencilsat.puzzles.hitori import FORMAT, parse_puzzle


def puzzlekit_unique(solver: Any, cap: float) -> tuple[float, str, list | None, str | None]:
    """puzzlekit's solve of an iterative-MIP solver (``IterativePuzzleSolver``) and a blocking
    re-solve: seconds in all, the status of the solve, its grid's rows, and what the
    re-solve found (``"none"``: no other answer, ``"another"``, ``"timeout"``)."""
    start = time.perf_counter()
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return time.perf_counter() - start, status, None, None
    matrix = result.solution_data["solution_grid"].matrix
    mip = solver.solver
    white = solver.is_white
    found = {pos: var.solution_value() > 0.5 for pos, var in white.items()}
    mip.Add(sum((1 - var) if found[pos] else var for pos, var in white.items()) >= 1)
    second = "timeout"
    while time.perf_counter() - start < cap:
        mip.set_time_limit(max(1, int((cap - (time.perf_counter() - start)) * 1000)))
        outcome = mip.Solve()
        if outcome == mip.INFEASIBLE:
            second = "none"
            break
        if outcome not in (mip.OPTIMAL, mip.FEASIBLE):
            break
        if not solver._check_and_add_cuts():
            second = "another"
            break
    return time.perf_counter() - start, status, matrix, second


def puzzlekit(item: Item, cap: float) -> Row | None:
    """Seconds of puzzlekit's build, solve and blocking re-solve, its status, whether its
    answer is the stored one and whether the re-solve found no other."""
    try:
        from puzzlekit.solvers.hitori import HitoriSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    grid = [[str(v) for v in row] for row in puzzle.numbers.tolist()]
    seconds, status, matrix, second = puzzlekit_unique(
        HitoriSolver(puzzle.height, puzzle.width, grid), cap)
    shaded = None if matrix is None else [[ch == "x" for ch in row] for row in matrix]
    agrees = (shaded == item["solution"].shaded.tolist()) and second == "none"
    return {"s": seconds, "status": f"{status}, re-solve {second}", "agrees": agrees}


BENCH = JankoBench(
    genre="hitori", title="Hitori", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution,
    configs=LAZY_CONFIGS, groups=SIZE_GROUPS,
    puzzlekit=puzzlekit, with_tatham=True)


def note(rows: list[Row]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit's time is its solve and a blocking re-solve for uniqueness (the answer "
            "it found forbidden, its cut loop run again), against our solve and uniqueness "
            f"proof; {ran} of {len(rows)} janko puzzles. A puzzle it did not finish counts its "
            "cap, so its ratios are lower bounds.")


def main() -> None:
    main_with_tatham(BENCH, __doc__.split("\n")[0], "Hitori: both strategies and puzzlekit",
                     note, "Singles", ((64, "8x8"), (100, "10x10")))


if __name__ == "__main__":
    main()
