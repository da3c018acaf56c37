"""Hitori strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT), both the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``) of
:mod:`pencilsat.encodings.hitori`: the unshaded cells kept connected by lazy cuts, the
answer handed to the one uniqueness procedure.

``lazy`` first makes the forced deductions (:mod:`pencilsat.encodings.hitori_deductions`):
a grid they settle (all of the 20 largest janko, 471 of 846 janko in all) has that one
answer, handed to the uniqueness procedure without a solver; ``lazy-cpsat`` always
searches, and so cross-checks it."""

from __future__ import annotations

from time import perf_counter

import numpy as np

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.hitori import build
from pencilsat.encodings.hitori_deductions import DEDUCE_UP_TO, SHADED, settle
from pencilsat.puzzles.hitori import HitoriPuzzle, HitoriSolution
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)
from pencilsat.strategies.settled import settled_result
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.uniqueness import stopped


def run_cnf(puzzle: HitoriPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None, grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """The answer the forced deductions settle, when they settle every cell (no count or
    backbone asked, at most :data:`DEDUCE_UP_TO` cells); else solve and prove on one
    incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    start = perf_counter()
    if asked() is None and puzzle.width * puzzle.height <= DEDUCE_UP_TO:
        try:
            with gc_paused():  # hundreds of small lists, no cycle among them
                deductions = settle(puzzle, deadline_of(time_limit))
        except TimeLimitReached:  # or the memory budget: the search would stop there too
            return stopped(puzzle, SolveStats(backend="cnf", encoding="lazy"))
        if deductions.settled:
            shape = puzzle.numbers.shape
            result = settled_result(
                puzzle, deductions.states,
                lambda states: HitoriSolution(  # bytes: a list of small ints at C speed
                    np.frombuffer(bytes(states), dtype=np.uint8).reshape(shape) == SHADED),
                start, valid=True)
            if result is not None:
                result.stats.encoding = "lazy"
                result.stats.extra.update(settled_by="deductions",
                                          deduction_rounds=deductions.rounds)
                return result
        time_limit = _left(time_limit, start)
    return search_cnf(puzzle, sat_solver=sat_solver, time_limit=time_limit,
                      grown_cuts=grown_cuts)


def search_cnf(puzzle: HitoriPuzzle, *, sat_solver: str | None = None,
               time_limit: float | None = None, grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """``lazy`` without the deductions: solve and prove on one incremental PySAT solver."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts)


def _left(time_limit: float | None, start: float) -> float | None:
    """What is left of ``time_limit`` seconds begun at ``start`` (at least a microsecond:
    the run then stops at once, ``unknown``)."""
    return None if time_limit is None else max(1e-6, time_limit - (perf_counter() - start))


def run_cpsat(puzzle: HitoriPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=grown_cuts)


def certify_cnf(puzzle: HitoriPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
