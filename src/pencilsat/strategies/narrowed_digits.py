"""The ``direct`` run of a Sudoku-family genre (Jigsaw, Killer): narrow the candidates by the
houses and cage sums, prove a grid they settle without a solver
(:mod:`~pencilsat.strategies.settled`), else solve and prove the complete clause list over
the narrowed candidates on one PySAT solver."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.cage_sums import groups_hold
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import mask_rows, narrowed_masks, settled_grid
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.settled import settled_result
from pencilsat.strategies.uniqueness import stopped


def run_narrowed(puzzle: Any, cages: Sequence[Any], decode: Callable[[Any], Any],
                 clauses: Callable[[float | None, Any], ClauseEncoding],
                 sat_solver: str | None, time_limit: float | None) -> SolveResult:
    """``puzzle`` (with ``givens``, ``houses()`` and ``size``) narrowed by its houses and
    ``cages``; ``decode`` makes the answer of a settled grid, ``clauses(deadline,
    candidates)`` the complete clause list over the candidates left."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    try:
        masks, groups = narrowed_masks(puzzle.givens, puzzle.houses(), cages, deadline)
    except TimeLimitReached:
        return stopped(puzzle, SolveStats(backend="cnf", encoding="direct"))
    can = mask_rows(masks, puzzle.size)
    grid = settled_grid(can)
    done = settled_result(puzzle, grid, decode, start,
                          grid is not None and groups_hold(masks, groups))
    if done is not None:
        return done
    return solve_clauses(puzzle, lambda: clauses(deadline, can), sat_solver=sat_solver,
                         time_limit=time_limit)
