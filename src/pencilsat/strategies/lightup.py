"""Light Up strategies: ``direct`` (clauses written with numpy, the default), ``csp`` and
``card`` (the CSP layer, on CNF or CP-SAT)."""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.lightup import build, build_clauses
from pencilsat.puzzles.lightup import LightUpPuzzle
from pencilsat.strategies.connected_runs import NATIVE_CARDINALITY
from pencilsat.strategies.csp_solve import solve_clauses, solve_encoding


def run_csp(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
    strategy: str = "csp",
) -> SolveResult:
    """The ``csp`` strategy (``strategy="card"``: PySAT cardinality encodings)."""
    deadline = deadline_of(time_limit)
    return solve_encoding(puzzle, lambda: build(puzzle, strategy, deadline=deadline),
                          backend=backend, sat_solver=sat_solver, time_limit=time_limit)


def run_card(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """The ``card`` strategy (PySAT cardinality encodings inside the CSP model)."""
    return run_csp(puzzle, backend=backend, sat_solver=sat_solver, time_limit=time_limit,
                   strategy="card")


DEFAULT_SAT_SOLVER = "minicard"
"""The ``direct`` strategy's SAT solver. A janko Light Up is searched in about a millisecond,
so building and loading the clauses are most of a solve: MiniCard (MiniSat 2.2 with native
"at most k" constraints) takes each run's "at most one bulb" as one constraint where CaDiCaL
gets up to 15 pairwise clauses or a sequential counter, which cut the solve of the 20
largest janko from a median of 11.7 to about 7 ms (``benchmarks/results/cspuz_lightup.md``)."""


def run_direct(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """The ``direct`` strategy: the clauses of :func:`build_clauses` on PySAT (CNF only; the
    registry gives CP-SAT the ``csp`` model when only the backend is chosen), on MiniCard
    unless ``sat_solver``; a solver with native cardinality constraints takes "at most one
    bulb per run" as those."""
    deadline = deadline_of(time_limit)
    name = pysat_name(sat_solver, DEFAULT_SAT_SOLVER)
    if name not in NATIVE_CARDINALITY:
        return solve_clauses(puzzle, lambda: build_clauses(puzzle, deadline=deadline),
                             sat_solver=name, time_limit=time_limit)
    groups: list[list[int]] = []
    return solve_clauses(puzzle,
                         lambda: build_clauses(puzzle, deadline=deadline, at_most_one=groups),
                         sat_solver=name, time_limit=time_limit, at_most_one=lambda: groups)


def memory_csp(puzzle: LightUpPuzzle, backend: str) -> int:
    """Estimated peak bytes of the CSP-layer strategies: about 22 KB per cell on CNF (an
    empty 100x100: 177-217 MB) and 45 KB on CP-SAT (365-435 MB)."""
    per_cell = 22_000 if backend == "cnf" else 45_000
    return 60 * 2**20 + per_cell * puzzle.width * puzzle.height
