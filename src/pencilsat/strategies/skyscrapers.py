"""Skyscrapers strategies: ``direct`` (the default: the clauses on one incremental PySAT
solver) and ``cpsat`` (the same clauses on CP-SAT), both through the one uniqueness
procedure (count and backbone when asked). Every rule is a clause or a native count, so one
call finds the answer and one more, with it forbidden, proves it unique.

``direct`` on MiniCard is a direct run: the plain lists of
:func:`~pencilsat.encodings.skyscrapers_templates.native_cnf` (each cell's and house's "at
most one" and each clue's count native) loaded as built, then
:class:`~pencilsat.strategies.variable_search.VariableSearch` (an answer is the truth of the
free cells' height variables, decoded without a set of true literals). Against main's
clauses through the shared clause run (same answers on all 583 janko and Tatham puzzles),
a janko puzzle took 1.55x less warm CPU (median of every 4th, 2026-11-29).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.skyscrapers import complete_cnf
from pencilsat.encodings.skyscrapers_templates import native_cnf
from pencilsat.puzzles.skyscrapers import SkyscrapersPuzzle, SkyscrapersSolution
from pencilsat.strategies.connected_runs import NATIVE_CARDINALITY
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.digit_clauses import run_on_cpsat
from pencilsat.strategies.native_run import NativeModel, run_native
from pencilsat.strategies.variable_search import Answer

DEFAULT_SOLVER = "minicard"
"""The ``direct`` strategy's SAT solver, with each house's "at most one" per height a native
constraint (:func:`~pencilsat.encodings.skyscrapers.skyscrapers_cnf` with ``native``); any
other solver loads :func:`~pencilsat.encodings.skyscrapers.complete_cnf`. CPU per puzzle
over all 423 janko, median: 4.1 ms on MiniSat 2.2 and 4.5 on CaDiCaL 1.9.5 with every
count as clauses (every 2nd janko interleaved with MiniSat: 3.9 against 4.1 ms)."""


def run_direct(puzzle: SkyscrapersPuzzle, *, backend: str = "cnf",
               sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one PySAT solver (:data:`DEFAULT_SOLVER` unless ``sat_solver``)."""
    name = pysat_name(sat_solver, DEFAULT_SOLVER)
    if name not in NATIVE_CARDINALITY:
        return solve_clauses(puzzle, lambda: complete_cnf(puzzle), sat_solver=name,
                             time_limit=time_limit)
    with gc_paused():
        return _run_native(puzzle, name, deadline_of(time_limit))


def _run_native(puzzle: SkyscrapersPuzzle, solver_name: str, deadline: float | None
                ) -> SolveResult:
    """The direct run on a solver with native "at most k" constraints: each cell's and
    house's "at most one" and each clue's count native."""

    def model(deadline: float | None) -> NativeModel:
        cnf = native_cnf(puzzle)
        return NativeModel(cnf.clauses, ((lits, 1) for lits in cnf.at_most_one), cnf.counts,
                           cnf.answer, cnf.num_vars)

    return run_native(puzzle, solver_name, deadline, encoding="direct", build=model,
                      decoder=lambda model: _decoder(puzzle, model.answer))


def _decoder(puzzle: SkyscrapersPuzzle, answer: list[int]
             ) -> Callable[[Answer], SkyscrapersSolution]:
    """The solution of an answer (the truth of each variable of ``answer``, a free cell's
    candidate heights), read without numpy: the given cells keep their givens, a free cell
    without a true height is empty (0)."""
    n = puzzle.size
    givens = puzzle.givens.ravel().tolist()
    cells = [(var - 1) // n for var in answer]
    heights = [(var - 1) % n + 1 for var in answer]

    def decode(truth: Answer) -> SkyscrapersSolution:
        grid = list(givens)
        for cell, height, on in zip(cells, heights, truth, strict=True):
            if on:
                grid[cell] = height
        return SkyscrapersSolution(np.array(grid, dtype=np.int16).reshape(n, n))

    return decode


def run_cpsat(puzzle: SkyscrapersPuzzle, *, backend: str = "cpsat",
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model of the clauses alone (each clue's sum beside
    them, as before 2026-12-01: CPU median 14.3 against 11.4 ms on all 423 janko;
    docs/encodings.md)."""
    return run_on_cpsat(puzzle, lambda: (complete_cnf(puzzle), []), time_limit)
