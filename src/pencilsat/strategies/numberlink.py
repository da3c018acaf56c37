"""Numberlink strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.numberlink` (degrees and pair labels on the edge grid,
"no stray loop" as "every used edge is joined to a number") and hand it to the shared
connectivity runs (:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and
``run_shading_cpsat``): a model with a loop gets a cut "some edge at the loop's cells leaves
it". ``complete_cnf`` writes the same rules as one fixed clause list for ``pencilsat study``;
``certify_cnf`` is the ``lazy`` run's clauses with the requirement its cuts stand for.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.numberlink import build
from pencilsat.encodings.numberlink import complete_cnf as complete_clauses
from pencilsat.puzzles.numberlink import NumberlinkPuzzle
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)


def run_cnf(puzzle: NumberlinkPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts)


def run_cpsat(puzzle: NumberlinkPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=grown_cuts)


def complete_cnf(puzzle: NumberlinkPuzzle) -> ClauseEncoding:
    """The rules as one fixed clause list, "no loop" by ranked parents from the numbers."""
    return complete_clauses(puzzle)


def certify_cnf(puzzle: NumberlinkPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
