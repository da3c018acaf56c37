"""One CP-SAT model solved again and again: the searches' view of OR-Tools.

CP-SAT keeps no learnt state between solves, so an incremental search (a second answer, a
lazy cut) adds constraints to the same ``CpModel`` and solves it again. One worker and a
fixed seed make a solve, and so its statistics, the same on every run. Ctrl-C stops a solve
and raises ``KeyboardInterrupt`` (:mod:`~pencilsat.backends.cpsat_interrupt`); an UNKNOWN
is the time limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from time import perf_counter
from typing import Any

from pencilsat.backends.cpsat_interrupt import solve_interruptibly
from pencilsat.backends.proof_race import settled_elsewhere
from pencilsat.core.clock import earliest

NUM_WORKERS = 1
"""One CP-SAT worker: the figures are reproducible, and the machines we target have 2 cores."""


class CpSatSession:
    """``solve(deadline) -> True / False / None (time-out)``, ``value(literal)``, and the
    effort summed over every solve."""

    def __init__(self, model: Any, presolve: bool = True,
                 parameters: Mapping[str, Any] | None = None,
                 harder: tuple[int, Mapping[str, Any]] | None = None) -> None:
        """``presolve``: CP-SAT's ``cp_model_presolve``; off for a model solved again after
        each batch of lazy cuts, whose presolve is redone from scratch on every solve
        (Nurikabe: ``docs/experiments/nurikabe.md``). ``parameters``: more CP-SAT
        parameters by name (a genre's own, e.g. Fillomino's ``sizes-cpsat``). ``harder``:
        a number of conflicts and parameters: a solve that reaches that many conflicts with
        no model is made again with those parameters, and so is every later solve (a
        search long from the start affords what slows many short ones)."""
        from ortools.sat.python import cp_model

        self._cp = cp_model
        self.model = model
        self.solver = cp_model.CpSolver()
        self.solver.parameters.num_workers = NUM_WORKERS
        self.solver.parameters.cp_model_presolve = presolve
        for name, value in (parameters or {}).items():
            setattr(self.solver.parameters, name, value)
        self.effort = {"conflicts": 0, "decisions": 0, "propagations": 0}
        self.harder = harder
        self.solves = 0
        self.hardened_at: int | None = None
        """The solve (counted from 1) from which ``harder``'s parameters held."""
        if harder is not None:
            self.solver.parameters.max_number_of_conflicts = harder[0]

    def solve(self, deadline: float | None, callback: Any = None) -> bool | None:
        """``callback``: a ``CpSolverSolutionCallback`` called on every model CP-SAT finds
        (it enumerates them until the callback stops it, presolve being off). Inside a
        race that has settled already (:mod:`~pencilsat.backends.proof_race`): ``False``
        without a search."""
        if settled_elsewhere():
            return False
        self.solver.parameters.enumerate_all_solutions = callback is not None
        remaining = None
        deadline = earliest(deadline)
        if deadline is not None:
            remaining = deadline - perf_counter()
            if remaining <= 0:
                return None
            self.solver.parameters.max_time_in_seconds = remaining
        self.solves += 1
        status = self._solve(callback)
        if (self.harder is not None and self.hardened_at is None
                and status == self._cp.UNKNOWN and not settled_elsewhere()
                and self.solver.response_proto.num_conflicts >= self.harder[0]):
            self.hardened_at = self.solves
            self.solver.parameters.clear_max_number_of_conflicts()
            for name, value in self.harder[1].items():
                setattr(self.solver.parameters, name, value)
            if deadline is not None:
                remaining = deadline - perf_counter()
                if remaining <= 0:
                    return None
                self.solver.parameters.max_time_in_seconds = remaining
            status = self._solve(callback)
        if status in (self._cp.OPTIMAL, self._cp.FEASIBLE):
            return True
        if status == self._cp.INFEASIBLE:
            return False
        if status == self._cp.UNKNOWN:
            return False if settled_elsewhere() else None
        raise RuntimeError(f"CP-SAT rejected the model: {self.solver.status_name(status)}")

    def _solve(self, callback: Any) -> Any:
        """One solve, its effort added up: CP-SAT's status."""
        status = solve_interruptibly(self.solver, self.model, callback)
        response = self.solver.response_proto
        self.effort["conflicts"] += int(response.num_conflicts)
        self.effort["decisions"] += int(response.num_branches)
        self.effort["propagations"] += int(response.num_binary_propagations
                                           + response.num_integer_propagations)
        return status

    def value(self, literal: Any) -> bool:
        return bool(self.solver.boolean_value(literal))

    def add_clause(self, literals: list[Any]) -> None:
        self.model.add_bool_or(literals)

    def constraints(self) -> int:
        return len(self.model.proto.constraints)

    def variables(self) -> int:
        return len(self.model.proto.variables)
