"""Heyawake strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.heyawake` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) over the unshaded cells to the one
uniqueness procedure. On CNF the room counts are PySAT's ``CardEnc``
(:mod:`~pencilsat.strategies.cardinality`) and each cut comes with ``GROWN_CUTS`` grown
regions; CP-SAT takes the counts as linear sums and solves the model again after each batch
of cuts.
"""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.heyawake import HeyawakeEncoding, HeyawakeSettings, build
from pencilsat.puzzles.heyawake import HeyawakePuzzle
from pencilsat.strategies.cardinality import exactly_clauses
from pencilsat.strategies.connected_runs import ConnectedModel, solve_on_cpsat, solve_on_pysat

DEFAULT_SAT_SOLVER = "cadical195"
GROWN_CUTS = 2
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`)."""


def _model(encoding: HeyawakeEncoding) -> ConnectedModel:
    return ConnectedModel(encoding.clauses, encoding.num_vars, encoding.sizes, encoding.graph,
                          encoding.requirements, encoding.answer, encoding.decode)


def run_cnf(
    puzzle: HeyawakePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: HeyawakeSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    deadline = deadline_of(time_limit)
    return solve_on_pysat(puzzle, lambda: _model(build(puzzle, deadline=deadline,
                                                          settings=settings)),
                          _exactly, deadline=deadline, grown_cuts=grown_cuts,
                          solver_name=pysat_name(sat_solver, DEFAULT_SAT_SOLVER))


def _exactly(model: ConnectedModel, deadline: float | None) -> tuple[list[list[int]], int]:
    """The room counts as PySAT cardinality clauses."""
    return exactly_clauses(model.counts, model.num_vars, deadline=deadline)


def run_cpsat(
    puzzle: HeyawakePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: HeyawakeSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    deadline = deadline_of(time_limit)
    return solve_on_cpsat(puzzle, lambda: _model(build(puzzle, deadline=deadline,
                                                          settings=settings)),
                          deadline=deadline, grown_cuts=grown_cuts)


def memory_cnf(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy``: 60 MB and 3 KB per cell (26 November 2026: 27 MB
    above the interpreter for 100x100 rooms of 3x3, 134 MB for 200x200 after 30 s of cuts)."""
    return 60 * 2**20 + 3_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy-cpsat``: 100 MB and 12 KB per cell (26 November 2026:
    117 MB above the interpreter for 100x100 rooms of 3x3), so a 1000x1000 grid is refused
    under the default budget rather than built for minutes."""
    return 100 * 2**20 + 12_000 * puzzle.width * puzzle.height
