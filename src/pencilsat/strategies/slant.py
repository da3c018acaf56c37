"""Slant strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.slant` (vertex numbers as exact counts, "no loop" as
"every vertex joined to the border" over the subdivided diagonal graph) and hand it to the
shared shading runs (:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and
``run_shading_cpsat``): a model with a loop gets a cut "some cell around the cut-off
vertices turns towards them". ``complete_cnf`` writes the same rules as one fixed clause
list (no loop by ranked parents from the border) for ``pencilsat study``; ``certify_cnf`` is the
``lazy`` run's clauses with the requirement its cuts stand for.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.slant import build
from pencilsat.encodings.slant import complete_cnf as complete_clauses
from pencilsat.puzzles.slant import SlantPuzzle
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)


def run_cnf(puzzle: SlantPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts)


def run_cpsat(puzzle: SlantPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts, without
    CP-SAT's presolve (every 6th janko and the 5 largest, CPU, 2026-12-01: median 21 against
    22 ms, max 0.33 against 0.50 s; docs/encodings.md)."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=grown_cuts, presolve=False)


def complete_cnf(puzzle: SlantPuzzle) -> ClauseEncoding:
    """The rules as one fixed clause list, "no loop" by ranked parents from the root."""
    return complete_clauses(puzzle)


def certify_cnf(puzzle: SlantPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
