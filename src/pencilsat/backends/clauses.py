"""Solve-and-prove for encodings written straight as PySAT clauses, skipping the CSP layer.

The CSP layer costs tens of microseconds of Python per constraint; for genres whose rules are
already clauses and cardinalities (Light Up, Sudoku) that compile time dominates a 100x100
solve. A *direct* encoding lists its clauses and answer literals itself and uses the same
procedure as :func:`pencilsat.strategies.uniqueness.solve_encoding`: solve, forbid the answer
(at least one answer literal flips), solve again, with the same time-limit handling as the
CNF backend (it reuses :class:`CnfBackend`'s limited solving).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.backends.cnf import CnfBackend
from pencilsat.core.result import EncodingTimeOut, SolveResult, SolveStats
from pencilsat.strategies.uniqueness import prove_unique, resolve_sat_solver, stopped_encoding


@dataclass
class ClauseEncoding:
    """Clauses over variables ``1..num_vars``, the answer literals and a model decoder.

    ``decode`` receives the set of true literals of a model.
    """

    name: str
    num_vars: int
    clauses: list[list[int]]
    answer: Sequence[int]
    decode: Callable[[set[int]], Any]


LOAD_CHUNK = 100_000
"""Clauses loaded into the SAT solver between two looks at the clock."""


class ClauseBackend(CnfBackend):
    """A :class:`CnfBackend` fed with ready clauses instead of a CSP model."""

    def __init__(self, clauses: list[list[int]], num_vars: int,
                 sat_solver: str = "cadical195", deadline: float | None = None) -> None:
        from pysat.solvers import Solver

        self.sat_solver = sat_solver
        self.solver = Solver(name=sat_solver)
        for first in range(0, len(clauses), LOAD_CHUNK):  # a huge grid loads for seconds
            if deadline is not None and time.perf_counter() > deadline:
                self.solver.delete()
                raise EncodingTimeOut
            load_clauses(self.solver, clauses[first:first + LOAD_CHUNK])
        self._num_vars = num_vars
        self._num_clauses = len(clauses)
        self._model_set: set[int] = set()

    @property
    def num_variables(self) -> int:
        return self._num_vars

    @property
    def num_clauses(self) -> int:
        return self._num_clauses

    def add_clause(self, clause: list[int]) -> None:
        self.solver.add_clause(clause)
        self._num_clauses += 1

    @property
    def model_set(self) -> set[int]:
        return self._model_set


def solve_clauses(
    puzzle: Any,
    build: Callable[[], ClauseEncoding],
    *,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Encode, solve, block the answer, solve again; ``time_limit`` bounds the whole run."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    enc = None
    try:
        enc = build()
        solver = ClauseBackend(enc.clauses, enc.num_vars, resolve_sat_solver(sat_solver),
                               deadline)
    except EncodingTimeOut as stop:
        return stopped_encoding(puzzle, "cnf", enc, stop, start)
    stats = SolveStats(backend="cnf", encoding=enc.name, sat_solver=solver.sat_solver,
                       variables=enc.num_vars, clauses=len(enc.clauses))
    stats.encode_s = time.perf_counter() - start

    def block() -> None:
        true = solver.model_set
        solver.add_clause([-lit if lit in true else lit for lit in enc.answer])

    return prove_unique(puzzle, solver, stats, deadline,
                        decode=lambda: enc.decode(solver.model_set), block=block)
