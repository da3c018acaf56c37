"""Star Battle strategies: ``clauses`` (the default, CNF on one incremental PySAT solver) and
``linear`` (CP-SAT, the counts as linear sums).

Both build :mod:`pencilsat.encodings.starbattle` (the counts native on Gluecard, linear sums
on CP-SAT) and hand it to the shared runs of
:mod:`~pencilsat.strategies.connected_runs`, which solve and prove it through the one
uniqueness procedure (and count the solutions and find the backbone when asked). The
encoding has no connectivity requirement, so no cut is ever made: one call finds the
answer and one more proves it unique.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.starbattle import build
from pencilsat.puzzles.starbattle import StarBattlePuzzle
from pencilsat.strategies.connected_runs import run_shading_cnf, run_shading_cpsat, written_counts

DEFAULT_SAT_SOLVER = "gluecard4"
"""Glucose with native cardinality constraints: the counts go in as "at most" constraints
(:func:`~pencilsat.strategies.connected_runs.split_native_counts`), no clause or auxiliary
variable. On every 3rd janko puzzle (28 November 2026, CPU ms, loading and then solve and
proof, medians): Gluecard 0.6 + 0.5 (max solve 17); MiniSat with sequential counters
1.8 + 1.8 + 3.5 (counter clauses, loading, solving; max solve 30); CaDiCaL 5.9 to solve."""
CARD_ENCODING = "seqcounter"
"""The counts' clauses on a solver without native counts (``--sat-solver``): Sinz's
sequential counter, 83 conflicts (median) and 3.5 ms against the totalizer's 316 and 11 ms
on MiniSat, with half the clauses."""


def run_cnf(puzzle: StarBattlePuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (Gluecard unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                           default_solver=DEFAULT_SAT_SOLVER,
                           count_clauses=written_counts(CARD_ENCODING), name="clauses")


def run_cpsat(puzzle: StarBattlePuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=0, name="linear")


def memory_cnf(puzzle: StarBattlePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``clauses``: 60 MB and 2 KB per cell (28 November 2026: 19 MB
    above the interpreter for a 100x100 grid of one star, 60 MB for 200x200)."""
    return 60 * 2**20 + 2_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: StarBattlePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``linear``: 100 MB and 8 KB per cell (28 November 2026: 115 MB
    above the interpreter for 100x100, 252 MB for 200x200 after 60 s), so a 1000x1000 grid
    is refused under the default 4 GiB budget rather than built for minutes."""
    return 100 * 2**20 + 8_000 * puzzle.width * puzzle.height
