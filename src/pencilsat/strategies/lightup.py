"""Light Up strategies: ``direct`` (clauses written with numpy, the default), ``csp`` and
``card`` (the CSP layer, on CNF or CP-SAT)."""

from __future__ import annotations

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.lightup import build, build_clauses, bulbs_at, native_clauses
from pencilsat.puzzles.lightup import LightUpPuzzle
from pencilsat.strategies.connected_runs import NATIVE_CARDINALITY
from pencilsat.strategies.csp_solve import solve_clauses, solve_encoding
from pencilsat.strategies.native_run import NativeModel, run_native
from pencilsat.strategies.variable_search import Answer, VariableSearch


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
gets up to 15 pairwise clauses or a sequential counter. On the same clauses and counts it
took a median of 7.9 ms over the 20 largest janko, Gluecard 4 9.4, CaDiCaL 13.1 (clauses
only); with :func:`native_clauses` the median is about 6 ms
(``benchmarks/results/cspuz_lightup.md``)."""


def run_direct(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """The ``direct`` strategy: the clauses of :func:`build_clauses` on PySAT (CNF only; the
    registry gives CP-SAT the ``csp`` model when only the backend is chosen), on MiniCard
    unless ``sat_solver``. A solver with native cardinality constraints takes each run's
    "at most one" and each number's count as those, loaded here as they are built."""
    deadline = deadline_of(time_limit)
    name = pysat_name(sat_solver, DEFAULT_SAT_SOLVER)
    if name in NATIVE_CARDINALITY:
        with gc_paused():
            return _run_native(puzzle, name, deadline)
    return solve_clauses(puzzle, lambda: build_clauses(puzzle, deadline=deadline),
                         sat_solver=name, time_limit=time_limit)


def _run_native(puzzle: LightUpPuzzle, solver_name: str, deadline: float | None) -> SolveResult:
    """The direct run on a solver with native "at most k" constraints: the rules of
    :func:`native_clauses` on one solver, the answer read as the bulbs' truth
    (:class:`BulbSearch`), the one uniqueness procedure."""

    def model(deadline: float | None) -> NativeModel:
        counts: list[tuple[list[int], int]] = []
        encoding = native_clauses(puzzle, counts, deadline=deadline)
        return NativeModel(encoding.clauses, counts, (), list(encoding.answer),
                           encoding.num_vars, {"native_counts": len(counts)})

    return run_native(puzzle, solver_name, deadline, encoding="direct", build=model,
                      decoder=lambda _: lambda on: bulbs_at(puzzle, on), search=BulbSearch)


class BulbSearch(VariableSearch):
    """A :class:`VariableSearch` over the bulbs whose ``forbid`` names the answer's bulbs
    only: "one of these bulbs is off" excludes the same answers as "some cell differs",
    since a valid answer with every bulb of another valid answer is that answer (each cell
    is lit by the other's bulbs, so an extra bulb would light one of them). The clause is
    a bulb per run long instead of a literal per white cell, and the refuting re-solve of
    the 20 largest janko took 16% less CPU with it."""

    def forbid(self, answer: Answer) -> None:
        self.added += 1
        self._add([-bulb for bulb, on in zip(self.answer, answer, strict=True) if on])


def memory_csp(puzzle: LightUpPuzzle, backend: str) -> int:
    """Estimated peak bytes of the CSP-layer strategies: about 22 KB per cell on CNF (an
    empty 100x100: 177-217 MB) and 45 KB on CP-SAT (365-435 MB)."""
    per_cell = 22_000 if backend == "cnf" else 45_000
    return 60 * 2**20 + per_cell * puzzle.width * puzzle.height
