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

from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.connectivity import ConnectivityCuts
from pencilsat.encodings.heyawake import HeyawakeEncoding, HeyawakeSettings, build
from pencilsat.puzzles.heyawake import HeyawakePuzzle, HeyawakeSolution
from pencilsat.strategies.cardinality import exactly_clauses
from pencilsat.strategies.connected_search import ConnectedSearch, CpSatConnectedSearch
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

DEFAULT_SAT_SOLVER = "cadical195"
GROWN_CUTS = 2
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`)."""
LOAD_CHUNK = 100_000
"""Clauses (and CP-SAT variables) per step between two looks at the clock."""


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
    from pysat.solvers import Solver

    deadline = deadline_of(time_limit)
    name = pysat_name(sat_solver, DEFAULT_SAT_SOLVER)
    stats = SolveStats(backend="cnf", encoding="lazy", sat_solver=name)
    start = perf_counter()
    try:
        encoding = build(puzzle, deadline=deadline, settings=settings)
        sizes, top = exactly_clauses(encoding.sizes, encoding.num_vars, deadline=deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    stats.variables = top
    stats.clauses = len(encoding.clauses) + len(sizes)
    with Solver(name=name) as solver:
        try:  # encoding time includes loading the solver, as in the other CNF strategies
            for part in (encoding.clauses, sizes):
                for first in range(0, len(part), LOAD_CHUNK):
                    check_clock(deadline)
                    load_clauses(solver, part[first:first + LOAD_CHUNK])
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        cuts = ConnectivityCuts(encoding.graph, encoding.requirements, grow=grown_cuts)
        search = ConnectedSearch(solver, cuts, encoding.answer, deadline)
        result = solve_and_prove(puzzle, search, _decoder(encoding), stats)
        stats.add_effort(solver.accum_stats())
    stats.clauses += search.added
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count)
    return result


def run_cpsat(
    puzzle: HeyawakePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: HeyawakeSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts; the
    time limit covers importing OR-Tools too."""
    deadline = deadline_of(time_limit)
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import NUM_WORKERS, CpSatSession

    stats = SolveStats(backend="cpsat", encoding="lazy-cpsat")
    start = perf_counter()
    try:
        encoding = build(puzzle, deadline=deadline, settings=settings)
        model = cp_model.CpModel()
        variables: list[Any] = [None]
        for v in range(1, encoding.num_vars + 1):
            if v % LOAD_CHUNK == 0:
                check_clock(deadline)
            variables.append(model.new_bool_var(f"s{v}"))

        def literal(lit: int) -> Any:
            return variables[lit] if lit > 0 else variables[-lit].Not()

        for i, clause in enumerate(encoding.clauses):
            if i % LOAD_CHUNK == 0:
                check_clock(deadline)
            model.add_bool_or([literal(lit) for lit in clause])
        for lits, bound in encoding.sizes:
            model.add(sum(literal(lit) for lit in lits) == bound)
        check_clock(deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    session = CpSatSession(model)
    stats.variables, stats.clauses = session.variables(), session.constraints()
    stats.encode_s = perf_counter() - start
    cuts = ConnectivityCuts(encoding.graph, encoding.requirements, grow=grown_cuts)
    search = CpSatConnectedSearch(session, variables, cuts, encoding.answer, deadline)
    result = solve_and_prove(puzzle, search, _decoder(encoding), stats)
    stats.clauses = session.constraints()
    stats.add_effort(session.effort)
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count, num_workers=NUM_WORKERS)
    return result


def _decoder(encoding: HeyawakeEncoding):  # type: ignore[no-untyped-def, unused-ignore]
    """An answer (the truth of each cell's ``shaded``) as a solution."""
    answer = np.asarray(encoding.answer, dtype=np.int64)

    def decode(truth: tuple[bool, ...]) -> HeyawakeSolution:
        values = np.zeros(encoding.num_vars + 1, dtype=bool)
        values[answer] = truth
        return encoding.decode(values)

    return decode


def memory_cnf(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy``: 60 MB and 3 KB per cell (26 November 2026: 27 MB
    above the interpreter for 100x100 rooms of 3x3, 134 MB for 200x200 after 30 s of cuts)."""
    return 60 * 2**20 + 3_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy-cpsat``: 100 MB and 12 KB per cell (26 November 2026:
    117 MB above the interpreter for 100x100 rooms of 3x3), so a 1000x1000 grid is refused
    under the default 4 GiB budget rather than built for minutes."""
    return 100 * 2**20 + 12_000 * puzzle.width * puzzle.height
