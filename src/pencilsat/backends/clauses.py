"""A PySAT backend fed with ready clauses instead of a CSP model.

For genres whose rules are already clauses and cardinalities (Light Up, Sudoku) the CSP
layer's compile time dominates a 100x100 solve; a clause-level encoding skips it and keeps
the CNF backend's limited solving (it reuses :class:`CnfBackend`).
"""

from __future__ import annotations

from pencilsat.backends.bulk_load import load_until
from pencilsat.backends.cnf import CnfBackend
from pencilsat.core.result import TimeLimitReached


class ClauseBackend(CnfBackend):
    """A :class:`CnfBackend` fed with ready clauses instead of a CSP model."""

    def __init__(self, clauses: list[list[int]], num_vars: int,
                 sat_solver: str = "cadical195", deadline: float | None = None) -> None:
        from pysat.solvers import Solver

        self.sat_solver = sat_solver
        self.solver = Solver(name=sat_solver)
        try:
            load_until(self.solver, clauses, deadline)
        except TimeLimitReached:
            self.solver.delete()
            raise
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

    def new_var(self) -> int:
        """A variable no clause uses yet (a guard literal)."""
        self._top = max(getattr(self, "_top", self._num_vars), self.solver.nof_vars()) + 1
        return self._top

    @property
    def model_set(self) -> set[int]:
        return self._model_set
