"""Kakuro strategies: ``direct`` (the default: the clause list on one incremental PySAT solver)
and ``cpsat`` (the same clauses on CP-SAT, clauses alone), both through the
one uniqueness procedure (count and backbone when asked). Every rule is a clause, so one call
finds the answer and one more, with it forbidden, proves it unique; ``direct`` first narrows
the candidates (:mod:`pencilsat.encodings.kakuro_narrowing`), a grid they settle (86% of the
janko puzzles) is proved without a solver (:mod:`pencilsat.strategies.settled`), and any
other's clauses cover only the cells left open (all of them when a count or a backbone is
asked)."""

from __future__ import annotations

from time import perf_counter

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.kakuro import (
    complete_cnf,
    narrowed_masks,
    open_cnf,
    settled_grid,
    white_cells,
)
from pencilsat.puzzles.kakuro import DIGITS, KakuroPuzzle, KakuroSolution
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.digit_clauses import run_on_cpsat
from pencilsat.strategies.settled import settled_result
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.uniqueness import stopped


def run_direct(puzzle: KakuroPuzzle, *, backend: str = "cnf",
               sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Narrow the candidates; a grid they settle is proved without a solver
    (:mod:`~pencilsat.strategies.settled`), any other solved and proved on one PySAT solver
    (CaDiCaL unless ``sat_solver``)."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    try:
        masks = narrowed_masks(puzzle, deadline)
    except TimeLimitReached:
        return stopped(puzzle, SolveStats(backend="cnf", encoding="direct"))
    if masks is None:  # a contradiction: no answer (the grid is never read)
        done = settled_result(puzzle, np.zeros(puzzle.white.shape, dtype=np.int16),
                              KakuroSolution, start, False)
    else:  # a settled grid keeps every rule: each run was narrowed at its final masks
        grid = settled_grid(puzzle, masks)
        done = settled_result(puzzle, grid, KakuroSolution, start, True)
    if done is not None:
        return done
    if masks is not None and asked() is None:  # only the open cells
        return solve_clauses(puzzle, lambda: open_cnf(puzzle, masks, deadline),
                             sat_solver=sat_solver, time_limit=time_limit)
    cells = white_cells(puzzle)  # a count or a backbone: every cell's literals
    cands = ({cell: [] for cell in cells} if masks is None else
             {cell: [d for d in DIGITS if mask >> d & 1]
              for cell, mask in zip(cells, masks, strict=True)})
    return solve_clauses(puzzle, lambda: complete_cnf(puzzle, deadline, cands),
                         sat_solver=sat_solver, time_limit=time_limit)


def run_cpsat(puzzle: KakuroPuzzle, *, backend: str = "cpsat",
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model of the clauses alone (the runs' sums as linear
    sums beside them, as before 2026-12-01: CPU median 6.0 against 4.6 ms, max 0.26
    against 0.16 s on all 896 janko; docs/encodings.md)."""
    deadline = deadline_of(time_limit)
    return run_on_cpsat(puzzle, lambda: (complete_cnf(puzzle, deadline), []), time_limit)


def memory_cnf(puzzle: KakuroPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``direct``: 60 MB and 14 KB per cell (28 November 2026: the
    largest janko grid, 46x31, peaks at 50 MB; 24 copies of it, 184x186, at 460 MB), so a
    grid past about 270x270 is refused under the default 1 GiB budget."""
    return 60 * 2**20 + 14_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: KakuroPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``cpsat``: 150 MB and 32 KB per cell (28 November 2026: 147
    MB for the 46x31 janko grid, 1.1 GB for 24 copies of it)."""
    return 150 * 2**20 + 32_000 * puzzle.width * puzzle.height
