"""LITS strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.lits` and hand a lazy connectivity search over the
shaded cells to the one uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``): on
CNF the one-placement-per-region counts are MiniCard's native cardinality constraints
(``DEFAULT_SAT_SOLVER``; PySAT's ``CardEnc`` on a solver without them), on CP-SAT linear
sums.
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

DEFAULT_SAT_SOLVER = "minicard"
"""A LITS model is small (a 10x10 janko: about 2,300 clauses and a few cut rounds of a
handful of conflicts each), so loading it weighs as much as the search: MiniCard (MiniSat
2.2 with native at-most constraints) takes each region's "exactly one placement" as two
constraints instead of a sequential counter, and its median CPU time per puzzle on every
12th janko was 13.0 ms against CaDiCaL 1.9.5's 15.6 ms (same run, interleaved)."""


def run_cnf(puzzle: LitsPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit,
                           default_solver=DEFAULT_SAT_SOLVER)


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
