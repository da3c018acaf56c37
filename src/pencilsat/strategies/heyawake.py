"""Heyawake strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.heyawake` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) over the unshaded cells to the one
uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``). On
CNF the room counts are PySAT's ``CardEnc`` (:mod:`~pencilsat.encodings.cardinality`) and
each cut comes with ``GROWN_CUTS`` grown regions; CP-SAT takes the counts as linear sums and
solves the model again after each batch of cuts.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.heyawake import HeyawakeSettings, build
from pencilsat.puzzles.heyawake import HeyawakePuzzle
from pencilsat.strategies.connected_runs import GROWN_CUTS, run_shading_cnf, run_shading_cpsat


def run_cnf(puzzle: HeyawakePuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            settings: HeyawakeSettings | None = None,
            grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                          settings=settings),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts)


def run_cpsat(puzzle: HeyawakePuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              settings: HeyawakeSettings | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                            settings=settings),
                             time_limit=time_limit, grown_cuts=grown_cuts)


def memory_cnf(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy``: 60 MB and 3 KB per cell (26 November 2026: 27 MB
    above the interpreter for 100x100 rooms of 3x3, 134 MB for 200x200 after 30 s of cuts)."""
    return 60 * 2**20 + 3_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy-cpsat``: 100 MB and 12 KB per cell (26 November 2026:
    117 MB above the interpreter for 100x100 rooms of 3x3), so a 1000x1000 grid is refused
    under the default 4 GiB budget rather than built for minutes."""
    return 100 * 2**20 + 12_000 * puzzle.width * puzzle.height
