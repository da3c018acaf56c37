"""Shakashaka strategies: ``clauses`` (the default, CNF on one incremental PySAT solver) and
``linear`` (CP-SAT, the number counts as linear sums).

Both build :mod:`pencilsat.encodings.shakashaka` and hand it to the shared runs of
:mod:`~pencilsat.strategies.connected_runs`, which solve and prove it through the one
uniqueness procedure (and count the solutions and find the backbone when asked). Every rule
is a clause, so no cut is ever made: one call finds the answer and one more proves it
unique. No ``certify_cnf``: the registry's ``complete_cnf`` is the certificates' CNF.
"""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.shakashaka import build
from pencilsat.puzzles.shakashaka import ShakashakaPuzzle
from pencilsat.strategies.connected_runs import (
    exact_counts,
    run_shading_cpsat,
    shading_model,
    solve_on_pysat,
)

DEFAULT_SAT_SOLVER = "minicard"
"""MiniSat 2.2 with native "at most" constraints: each number goes in as two of them."""


def run_cnf(puzzle: ShakashakaPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``)."""
    deadline = deadline_of(time_limit)
    result = solve_on_pysat(puzzle, lambda: shading_model(build(puzzle, deadline=deadline)),
                            exact_counts, deadline=deadline, grown_cuts=0,
                            solver_name=pysat_name(sat_solver, DEFAULT_SAT_SOLVER))
    result.stats.encoding = "clauses"  # the shared run names itself "lazy"; nothing is lazy
    return result


def run_cpsat(puzzle: ShakashakaPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, without CP-SAT's presolve (on every 30th janko,
    28 November 2026: CPU median 77 ms without, 130 ms with; the clauses leave it little to
    simplify)."""
    result = run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                               time_limit=time_limit, grown_cuts=0, presolve=False)
    result.stats.encoding = "linear"
    return result


def memory_cnf(puzzle: ShakashakaPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``clauses``: 60 MB and 16 KB per cell (28 November 2026: the
    build of an empty 100x100 grid peaks at 126 MB with the interpreter, 33 clauses a
    cell; the solver's copy about doubles it), so a 1000x1000 grid is refused under the
    default 4 GiB budget rather than built for minutes."""
    return 60 * 2**20 + 16_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: ShakashakaPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``linear``: 100 MB and 32 KB per cell (28 November 2026: 358
    MB for an empty 100x100 grid after 20 s; CP-SAT holds the clauses again)."""
    return 100 * 2**20 + 32_000 * puzzle.width * puzzle.height
