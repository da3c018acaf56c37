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

from time import perf_counter

from pencilsat.backends.bulk_load import load_natives, load_until
from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.tents import build, candidates_from, tent_clauses
from pencilsat.puzzles.tents import TentsPuzzle, TentsSolution
from pencilsat.strategies.connected_runs import (
    NATIVE_CARDINALITY,
    run_shading_cnf,
    run_shading_cpsat,
    written_counts,
)
from pencilsat.strategies.uniqueness import solve_and_prove, stopped
from pencilsat.strategies.variable_search import Answer, VariableSearch

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
    """The direct run on a solver with native "at most k" constraints."""
    from pysat.solvers import Solver

    stats = SolveStats(backend="cnf", encoding="cnf", sat_solver=solver_name)
    start = perf_counter()
    with Solver(name=solver_name) as solver:
        try:
            parts = tent_clauses(puzzle, deadline)
            clauses = parts.clauses
            load_until(solver, clauses, deadline)
            natives = load_natives(solver, parts.capped, parts.exact, deadline)
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        stats.variables, stats.clauses = parts.top, len(clauses) + natives
        stats.extra["native_counts"] = len(parts.capped) + len(parts.exact)
        free = parts.free
        search = VariableSearch(solver, [n + 1 for n in free], deadline, by_true=True)

        def decode(answer: Answer) -> TentsSolution:
            return TentsSolution(candidates_from(
                [n for n, on in zip(free, answer, strict=True) if on], puzzle))

        result = solve_and_prove(puzzle, search, decode, stats)
        stats.add_effort(solver.accum_stats())
    stats.clauses += search.added
    stats.extra.update(sat_calls=search.calls)
    return result


def run_cpsat(puzzle: TentsPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after the answer is forbidden."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=0, name="cpsat")
