"""Norinori strategies: ``clauses`` (the default, CNF on one incremental PySAT solver) and
``linear`` (CP-SAT, the region counts as linear sums).

Both build :mod:`pencilsat.encodings.norinori` and hand it to the shared shading runs of
:mod:`~pencilsat.strategies.connected_runs`, which solve and prove it through the one
uniqueness procedure (and count the solutions and find the backbone when asked). Every rule
is a clause or a count, so no cut is ever made: one call finds the answer, one more proves
it unique.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.norinori import build
from pencilsat.puzzles.norinori import NorinoriPuzzle
from pencilsat.strategies.connected_runs import run_shading_cnf, run_shading_cpsat

DEFAULT_SAT_SOLVER = "minisat22"
"""MiniSat: the encodings are small (a 10x10 has 100 variables and about 900 clauses with
its counts), where CaDiCaL's start-up costs more than the search."""


def run_cnf(
    puzzle: NorinoriPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniSat unless ``sat_solver``)."""
    result = run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                             default_solver=DEFAULT_SAT_SOLVER)
    result.stats.encoding = "clauses"  # the shared run names itself "lazy"; nothing is lazy here
    return result


def run_cpsat(
    puzzle: NorinoriPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve and prove on one CP-SAT model."""
    result = run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                               time_limit=time_limit, grown_cuts=0)
    result.stats.encoding = "linear"
    return result
