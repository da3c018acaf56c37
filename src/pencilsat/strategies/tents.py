"""Tents strategies: ``cnf`` (the default, one incremental PySAT solver) and ``cpsat``.

``cnf`` on MiniCard (``DEFAULT_SAT_SOLVER``, native "at most k" constraints) is a direct
run: :func:`~pencilsat.encodings.tents.tent_clauses` loaded as it is built, each count as
native constraints (only "at most k" where the matching implies "at least k"), then the one
uniqueness procedure on :class:`~pencilsat.strategies.variable_search.VariableSearch`. A
Tents model is solved in a handful of conflicts, so the run is mostly Python around the
solver: the shared runs of :mod:`~pencilsat.strategies.connected_runs` (numpy grids, cut
bookkeeping, a count split) took 1.3 ms on a median janko (136_10x15), this run 0.7-0.8 ms.
On a solver without native counts (``--sat-solver``) the same encoding goes through the
shared run with the counts as sequential counters (``COUNT_ENCODING``); ``cpsat`` takes it
through the shared CP-SAT run, the counts as linear sums.
"""

from __future__ import annotations

from collections.abc import Callable

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.tents import build, candidates_from, tent_clauses
from pencilsat.puzzles.tents import TentsPuzzle, TentsSolution
from pencilsat.strategies.connected_runs import (
    NATIVE_CARDINALITY,
    run_shading_cnf,
    run_shading_cpsat,
    written_counts,
)
from pencilsat.strategies.native_run import NativeModel, run_native
from pencilsat.strategies.variable_search import Answer

DEFAULT_SAT_SOLVER = "minicard"
"""A Tents model is small and easy (a few hundred clauses, a handful of conflicts), so
building and loading it dominate: MiniCard (MiniSat 2.2 with native at-most constraints)
takes each count as one or two constraints instead of hundreds of clauses, which halved the
total time of every 60th janko puzzle against MiniSat 2.2 with sequential counters."""
COUNT_ENCODING = "seqcounter"
"""The counts' cardinality encoding on a solver without native ones (``--sat-solver``): the
sequential counter writes about 40 % fewer clauses than the k-modulo totalizer on these
short lines (12x12 janko: 708 against 1,239)."""

def run_cnf(puzzle: TentsPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``)."""
    solver_name = pysat_name(sat_solver, DEFAULT_SAT_SOLVER)
    if solver_name in NATIVE_CARDINALITY:
        with gc_paused():
            return _run_native(puzzle, solver_name, deadline_of(time_limit))
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                           default_solver=DEFAULT_SAT_SOLVER,
                           count_clauses=written_counts(COUNT_ENCODING), name="cnf")


def _run_native(puzzle: TentsPuzzle, solver_name: str, deadline: float | None) -> SolveResult:
    """The direct run on a solver with native "at most k" constraints; an answer forbidden
    by its tents alone (``by_true``: every answer has a tent per tree)."""
    free: list[int] = []

    def model(deadline: float | None) -> NativeModel:
        parts = tent_clauses(puzzle, deadline)
        free.extend(parts.free)
        return NativeModel(parts.clauses, parts.capped, parts.exact, [n + 1 for n in free],
                           parts.top,
                           {"native_counts": len(parts.capped) + len(parts.exact)})

    def decoder(_: NativeModel) -> Callable[[Answer], TentsSolution]:
        return lambda answer: TentsSolution(candidates_from(
            [n for n, on in zip(free, answer, strict=True) if on], puzzle))

    return run_native(puzzle, solver_name, deadline, encoding="cnf", build=model,
                      decoder=decoder, by_true=True)


def run_cpsat(puzzle: TentsPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after the answer is forbidden."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=0, name="cpsat")
