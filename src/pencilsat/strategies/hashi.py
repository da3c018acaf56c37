"""Hashiwokakero strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.hashi` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) over the subdivided island graph to the one
uniqueness procedure. On CNF the island numbers are order-encoded sums; CP-SAT takes them as
linear sums and solves the model again after each batch of cuts.
"""

from __future__ import annotations

from typing import Any

from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.hashi import HashiEncoding, HashiSettings, build, sum_clauses
from pencilsat.puzzles.hashi import HashiPuzzle
from pencilsat.strategies.connected_runs import (
    ConnectedModel,
    certifiable,
    solve_on_cpsat,
    solve_on_pysat,
)

DEFAULT_SAT_SOLVER = "cadical195"
GROWN_CUTS = 0
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`)."""


def _model(encoding: HashiEncoding) -> ConnectedModel:
    """The island sums as counts over each site's (one, two) literals: a double bridge sets
    both, so it counts two."""
    counts = [([lit for pair in pairs for lit in pair], total) for pairs, total in encoding.sums]
    return ConnectedModel(encoding.clauses, encoding.num_vars, counts, encoding.graph,
                          encoding.requirements, encoding.answer, encoding.decode)


def _sums(model: ConnectedModel, deadline: float | None) -> tuple[list[list[int]], int]:
    """The island sums in Sugar's clauses for a sum of order-encoded numbers (no new
    variables)."""
    out: list[list[int]] = []
    for i, (lits, total) in enumerate(model.counts):
        if i % 10_000 == 0:
            check_clock(deadline)
        out.extend(sum_clauses(list(zip(lits[0::2], lits[1::2], strict=True)), total))
    return out, model.num_vars


def run_cnf(
    puzzle: HashiPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: HashiSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    deadline = deadline_of(time_limit)
    return solve_on_pysat(puzzle, lambda: _model(build(puzzle, deadline=deadline,
                                                          settings=settings)),
                          _sums, deadline=deadline, grown_cuts=grown_cuts,
                          solver_name=pysat_name(sat_solver, DEFAULT_SAT_SOLVER))


def run_cpsat(
    puzzle: HashiPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: HashiSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
) -> SolveResult:
    """Solve and prove on one CP-SAT model (sums linear), solved again after each batch of
    cuts."""
    deadline = deadline_of(time_limit)
    return solve_on_cpsat(puzzle, lambda: _model(build(puzzle, deadline=deadline,
                                                          settings=settings)),
                          deadline=deadline, grown_cuts=grown_cuts)


def certify_cnf(puzzle: Any) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rules."""
    return certifiable(lambda: _model(build(puzzle)), _sums)
