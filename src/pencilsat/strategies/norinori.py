"""Norinori strategies: ``clauses`` (the default, CNF on one incremental PySAT solver) and
``linear`` (CP-SAT, the region counts as linear sums).

``clauses`` on MiniCard (the default) is a direct run: the plain lists of
:func:`~pencilsat.encodings.norinori.norinori_clauses` loaded as built (each region's count
as two native "at most", each 2x2 block across regions as one), then the one uniqueness
procedure on :class:`~pencilsat.strategies.variable_search.VariableSearch` (and the count
and the backbone when asked). The shared runs of :mod:`~pencilsat.strategies.connected_runs`
(numpy grids, cut bookkeeping, a count split) did the same work with more Python around it:
interleaved against puzzlekit on every janko puzzle, a median solve took 1.03-1.15 ms of CPU
here against 1.20-1.40 with numpy's filters and 1.5-1.95 through the shared runs. Another
``--sat-solver`` (the counts as clauses) and ``linear`` take :func:`build` through the
shared runs. Every rule is a clause or a count: one call finds the answer, one more proves
it unique.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.norinori import build, norinori_clauses
from pencilsat.puzzles.norinori import NorinoriPuzzle, NorinoriSolution
from pencilsat.strategies.connected_runs import (
    NATIVE_CARDINALITY,
    run_shading_cnf,
    run_shading_cpsat,
    written_counts,
)
from pencilsat.strategies.native_run import NativeModel, run_native
from pencilsat.strategies.variable_search import Answer

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
    solver_name = pysat_name(sat_solver, DEFAULT_SAT_SOLVER)
    if solver_name in NATIVE_CARDINALITY:
        with gc_paused():
            return _run_native(puzzle, solver_name, deadline_of(time_limit))
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                           default_solver=DEFAULT_SAT_SOLVER, count_clauses=COUNT_CLAUSES,
                           name="clauses")


def _run_native(puzzle: NorinoriPuzzle, solver_name: str, deadline: float | None
                ) -> SolveResult:
    """The direct run on a solver with native "at most k" constraints: each 2x2 block's
    "at most two" and each region's count native (a 1000x1000 has a million blocks)."""
    cells = puzzle.width * puzzle.height
    shape = (puzzle.height, puzzle.width)

    def model(deadline: float | None) -> NativeModel:
        parts = norinori_clauses(puzzle, deadline)
        return NativeModel(parts.clauses, ((block, 2) for block in parts.blocks), parts.counts,
                           list(range(1, cells + 1)), cells,
                           {"native_counts": len(parts.counts),
                            "native_at_most": len(parts.blocks), "cuts": 0})

    def decoder(_: NativeModel) -> Callable[[Answer], NorinoriSolution]:
        return lambda answer: NorinoriSolution(np.array(answer, dtype=bool).reshape(shape))

    return run_native(puzzle, solver_name, deadline, encoding="clauses", build=model,
                      decoder=decoder)


def run_cpsat(puzzle: NorinoriPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, without CP-SAT's presolve (every 3rd janko and
    the 5 largest, CPU, 2026-12-01: median 6.3 against 8.9 ms, max 0.10 against 0.15 s;
    docs/encodings.md)."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=0, name="linear",
                             presolve=False)
