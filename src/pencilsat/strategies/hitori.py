"""Hitori strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.hitori` and hand a lazy connectivity search over the
unshaded cells (:mod:`~pencilsat.strategies.connected_search`) to the one uniqueness
procedure, through the runs every connectivity genre shares
(:mod:`~pencilsat.strategies.connected_runs`). Hitori has no counts.
"""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.connectivity import Clause
from pencilsat.encodings.hitori import HitoriEncoding, build
from pencilsat.puzzles.hitori import HitoriPuzzle
from pencilsat.strategies.connected_runs import ConnectedModel, solve_on_cpsat, solve_on_pysat

DEFAULT_SAT_SOLVER = "cadical195"
GROWN_CUTS = 2
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`)."""


def _model(encoding: HitoriEncoding) -> ConnectedModel:
    return ConnectedModel(encoding.clauses, encoding.num_vars, encoding.sizes, encoding.graph,
                          encoding.requirements, encoding.answer, encoding.decode)


def _no_counts(model: ConnectedModel, deadline: float | None) -> tuple[list[Clause], int]:
    return [], model.num_vars


def run_cnf(puzzle: HitoriPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None, grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    deadline = deadline_of(time_limit)
    return solve_on_pysat(puzzle, lambda: _model(build(puzzle, deadline=deadline)),
                          _no_counts, deadline=deadline, grown_cuts=grown_cuts,
                          solver_name=pysat_name(sat_solver, DEFAULT_SAT_SOLVER))


def run_cpsat(puzzle: HitoriPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    deadline = deadline_of(time_limit)
    return solve_on_cpsat(puzzle, lambda: _model(build(puzzle, deadline=deadline)),
                          deadline=deadline, grown_cuts=grown_cuts)
