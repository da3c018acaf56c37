"""Jigsaw Sudoku strategies: ``direct`` (the default: the complete clause list on one incremental
PySAT solver, over the candidates the houses leave by naked and hidden singles) and ``cpsat``
(the same clauses on CP-SAT), both through the one uniqueness procedure (count and backbone when
asked). Every rule is a clause, so one call finds the answer and one more, with it forbidden,
proves it unique; ``direct`` first narrows the candidates, and a grid they settle is
proved without a solver (:mod:`pencilsat.strategies.settled`)."""

from __future__ import annotations

from time import perf_counter

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.cage_sums import groups_hold
from pencilsat.encodings.jigsawsudoku import complete_cnf
from pencilsat.encodings.latin import mask_rows, narrowed_masks, settled_grid
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle, JigsawSudokuSolution
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.digit_clauses import run_on_cpsat
from pencilsat.strategies.settled import settled_result
from pencilsat.strategies.uniqueness import stopped


def run_direct(puzzle: JigsawSudokuPuzzle, *, backend: str = "cnf",
               sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Narrow the candidates; a grid they settle is proved without a solver
    (:mod:`~pencilsat.strategies.settled`), any other solved and proved on one PySAT solver
    (CaDiCaL unless ``sat_solver``)."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    try:
        masks, groups = narrowed_masks(puzzle.givens, puzzle.houses(), (), deadline)
    except TimeLimitReached:
        return stopped(puzzle, SolveStats(backend="cnf", encoding="direct"))
    can = mask_rows(masks, puzzle.size)
    grid = settled_grid(can)
    done = settled_result(puzzle, grid, JigsawSudokuSolution, start,
                          grid is not None and groups_hold(masks, groups))
    if done is not None:
        return done
    return solve_clauses(puzzle, lambda: complete_cnf(puzzle, True, deadline, can),
                         sat_solver=sat_solver, time_limit=time_limit)


def run_cpsat(puzzle: JigsawSudokuPuzzle, *, backend: str = "cpsat",
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model."""
    deadline = deadline_of(time_limit)
    return run_on_cpsat(puzzle, lambda: (complete_cnf(puzzle, True, deadline), []), time_limit)
