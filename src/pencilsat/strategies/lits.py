"""LITS strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.lits` and hand a lazy connectivity search over the
shaded cells to the one uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``): on
CNF the one-placement-per-region counts are PySAT's ``CardEnc``, on CP-SAT linear sums.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.lits import build
from pencilsat.encodings.shading import complete_clauses
from pencilsat.puzzles.lits import LitsPuzzle, LitsSolution, named_shading
from pencilsat.strategies.connected_runs import (
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)


def run_cnf(puzzle: LitsPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit)


def run_cpsat(puzzle: LitsPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit)


def complete_cnf(puzzle: LitsPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses, the shaded
    cells connected by distance layers) for ``pencilsat study``."""
    encoding = build(puzzle)
    clauses, top = complete_clauses(encoding)
    cells = encoding.answer

    def decode(true: set[int]) -> LitsSolution:
        shaded = np.array([v in true for v in cells]).reshape(puzzle.height, puzzle.width)
        return named_shading(puzzle, shaded)

    return ClauseEncoding("complete", top, clauses, cells, decode)


def certify_cnf(puzzle: LitsPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
