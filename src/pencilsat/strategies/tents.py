"""Tents strategies: ``cnf`` (the default, one incremental PySAT solver) and ``cpsat``.

Both build :mod:`pencilsat.encodings.tents` and hand it to the runs every counting genre
shares (:mod:`~pencilsat.strategies.connected_runs`), here without a connectivity
requirement: the answer search solves, the one uniqueness procedure forbids the tents found
and solves again. On CNF the row and column counts are clauses; CP-SAT takes them as linear
sums.
"""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.tents import TentsEncoding, build
from pencilsat.puzzles.tents import TentsPuzzle
from pencilsat.strategies.cardinality import exactly_clauses
from pencilsat.strategies.connected_runs import ConnectedModel, solve_on_cpsat, solve_on_pysat

DEFAULT_SAT_SOLVER = "cadical195"


def _model(encoding: TentsEncoding) -> ConnectedModel:
    return ConnectedModel(encoding.clauses, encoding.num_vars, encoding.sizes, encoding.graph,
                          encoding.requirements, encoding.answer, encoding.decode)


def run_cnf(puzzle: TentsPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    deadline = deadline_of(time_limit)
    return solve_on_pysat(puzzle, lambda: _model(build(puzzle, deadline=deadline)),
                          lambda model, dl: exactly_clauses(model.counts, model.num_vars,
                                                            deadline=dl),
                          deadline=deadline, grown_cuts=0,
                          solver_name=pysat_name(sat_solver, DEFAULT_SAT_SOLVER))


def run_cpsat(puzzle: TentsPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each forbidden answer."""
    deadline = deadline_of(time_limit)
    return solve_on_cpsat(puzzle, lambda: _model(build(puzzle, deadline=deadline)),
                          deadline=deadline, grown_cuts=0)
