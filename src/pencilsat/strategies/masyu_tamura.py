"""Masyu strategies ``tamura`` and ``tamura-log``: Tamura's faithful Sugar model, the reference
every faster strategy must agree with (on CNF or CP-SAT; ``tamura-log`` log-encodes the
order numbers, CNF only)."""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.encodings.encoding import ClauseEncoding
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


def clauses(puzzle: MasyuPuzzle) -> ClauseEncoding:
    """Tamura's model of ``puzzle`` compiled to plain clauses (order encoding): the fixed
    complete encoding ``pencilsat study`` measures CDCL effort on."""
    from pencilsat.backends.cnf_clauses import as_clauses

    return as_clauses(build(puzzle))


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


def memory(puzzle: MasyuPuzzle, backend: str) -> int:
    """Estimated peak bytes: about 2.4 KB per value of the order numbers' domains on CNF
    (seed 36x20: 246,119 values, 570 MB; janko 270, 31x45: 930,821 values, 1.9 GB), 0.45 KB
    on CP-SAT (226 and 402 MB), plus the interpreter's."""
    per_value = 2400 if backend == "cnf" else 450
    return 60 * 2**20 + per_value * domain_values(puzzle)


def memory_log(puzzle: MasyuPuzzle, backend: str) -> int:
    """Estimated peak bytes with log-encoded numbers: about 10 KB per cell and bit (seed
    36x20: 720 cells of 10 bits, 133 MB)."""
    cells = puzzle.width * puzzle.height
    return 60 * 2**20 + 10_000 * cells * max(1, cells.bit_length())


def domain_values(puzzle: MasyuPuzzle) -> int:
    """The sum of the order numbers' domain sizes (``number_domain``), without building
    them: a cell at distance m from the fixed start has about (L - 2m) / 2 + 2 values."""
    import numpy as np

    cells = puzzle.width * puzzle.height
    visited = puzzle.must_visit()
    if not visited:
        return cells * (cells + 1)
    rows, cols = np.divmod(np.arange(cells), puzzle.width)
    distance = np.abs(rows - visited[0][0]) + np.abs(cols - visited[0][1])
    longest = cells - cells % 2
    return int(np.maximum(longest - 2 * distance, 0).sum() // 2 + 2 * cells)
