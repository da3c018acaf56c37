"""Norinori strategies: ``clauses`` (the default, CNF on one incremental PySAT solver) and
``linear`` (CP-SAT, the region counts as linear sums).

Both build :mod:`pencilsat.encodings.norinori` (the region counts native on MiniCard,
linear sums on CP-SAT) and hand it to the shared shading runs of
:mod:`~pencilsat.strategies.connected_runs`, which solve and prove it through the one
uniqueness procedure (and count the solutions and find the backbone when asked). Every rule
is a clause or a count, so no cut is ever made: one call finds the answer, one more proves
it unique.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.norinori import build
from pencilsat.puzzles.norinori import NorinoriPuzzle
from pencilsat.strategies.connected_runs import run_shading_cnf, run_shading_cpsat, written_counts

DEFAULT_SAT_SOLVER = "minicard"
"""MiniCard: MiniSat with native "at most" constraints, so each region's count goes in as
two of them (:func:`~pencilsat.strategies.connected_runs.split_native_counts`), no clause.
On every 4th janko (28 November 2026, CPU per puzzle through the strategy, median / max):
MiniCard 2.6 / 16 ms, Gluecard 2.9 / 15 ms, MiniSat with the counts as direct clauses
3.2 / 24 ms."""
COUNT_CLAUSES = written_counts(direct=True)
"""The counts a solver without native ones needs as clauses (``--sat-solver``): with no
auxiliary variable where that takes few clauses (two of five cells: 15 clauses), else
PySAT's. On 40 janko 10x10 on MiniSat, 0.45 ms to write and 0.23 ms to solve and prove,
against 0.8 and 0.34 with sequential counters and 0.83 to solve with the totalizer."""


def run_cnf(puzzle: NorinoriPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                           default_solver=DEFAULT_SAT_SOLVER, count_clauses=COUNT_CLAUSES,
                           name="clauses")


def run_cpsat(puzzle: NorinoriPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=0, name="linear")
