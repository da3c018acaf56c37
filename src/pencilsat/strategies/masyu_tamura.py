"""Masyu strategies ``tamura`` and ``tamura-log``: Tamura's faithful Sugar model, the reference
every faster strategy must agree with (on CNF or CP-SAT; ``tamura-log`` log-encodes the
order numbers, CNF only)."""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.encodings.masyu_tamura import build
from pencilsat.puzzles.masyu import MasyuPuzzle
from pencilsat.strategies.csp_solve import solve_encoding


def run(
    puzzle: MasyuPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    deadline = deadline_of(time_limit)
    return solve_encoding(puzzle, lambda: build(puzzle, deadline=deadline), backend=backend,
                          sat_solver=sat_solver, time_limit=time_limit)


LOG_MIN_DOMAIN = 16
"""``tamura-log`` log-encodes the order numbers (the only domains this wide)."""


def run_log(
    puzzle: MasyuPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """The same model with the order numbers in the log encoding (CNF backend only)."""
    deadline = deadline_of(time_limit)
    result = solve_encoding(puzzle, lambda: build(puzzle, deadline=deadline), backend=backend,
                            sat_solver=sat_solver, time_limit=time_limit,
                            log_min_domain=LOG_MIN_DOMAIN)
    result.stats.encoding = "tamura-log"
    return result
