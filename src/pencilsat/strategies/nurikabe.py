"""Nurikabe strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.nurikabe` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) to the one uniqueness procedure. On CNF
the cardinalities are PySAT's ``CardEnc`` (the k-modulo totalizer, counting whichever of
the true or the false literals is fewer) and the wall's cuts come with ``GROWN_CUTS``
grown regions; CP-SAT takes the cardinalities, and the wall's total always, as linear sums,
and solves the model again after each batch of cuts.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.connectivity import Clause, ConnectivityCuts
from pencilsat.encodings.nurikabe import NurikabeEncoding, NurikabeSettings, build
from pencilsat.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from pencilsat.strategies.connected_search import ConnectedSearch, CpSatConnectedSearch
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

DEFAULT_SAT_SOLVER = "cadical195"
CARD_ENCODING = "kmtotalizer"
GROWN_CUTS = 2
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`): they
end the stalemates where a proof moves a thin island by one cell per call."""
CPSAT_SETTINGS = NurikabeSettings(wall_total_share=1.0)
LOAD_CHUNK = 100_000
"""Clauses per load between two looks at the clock."""


def size_clauses(encoding: NurikabeEncoding, top: int, card: str = CARD_ENCODING,
                 deadline: float | None = None) -> tuple[list[Clause], int]:
    """The cardinalities as clauses, and the last variable used."""
    from pysat.card import CardEnc, EncType

    out: list[Clause] = []
    for lits, bound in encoding.sizes:
        check_clock(deadline)
        if not 0 < bound < len(lits):
            out.extend([[]] if bound > len(lits) else
                       [[lit] for lit in lits] if bound else [[-lit] for lit in lits])
            continue
        if 2 * bound > len(lits):  # count the literals that are false: the smaller bound
            lits, bound = [-lit for lit in lits], len(lits) - bound
        enc = CardEnc.equals(lits, bound=bound, top_id=top, encoding=getattr(EncType, card))
        out.extend(enc.clauses)
        top = max(top, enc.nv)
    return out, top


def run_cnf(
    puzzle: NurikabePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: NurikabeSettings | None = None,
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
        sizes, top = size_clauses(encoding, encoding.num_vars, deadline=deadline)
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
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count, **_named(cuts))
    return result


def run_cpsat(
    puzzle: NurikabePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: NurikabeSettings | None = None,
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
        encoding = build(puzzle, deadline=deadline, settings=settings or CPSAT_SETTINGS)
        model = cp_model.CpModel()
        variables: list[Any] = [None] + [model.new_bool_var(f"v{v}")
                                         for v in range(1, encoding.num_vars + 1)]

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
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count, num_workers=NUM_WORKERS,
                       **_named(cuts))
    return result


def _decoder(encoding: NurikabeEncoding):  # type: ignore[no-untyped-def, unused-ignore]
    """An answer (the truth of each answer variable) as a solution."""
    answer = np.asarray(encoding.answer, dtype=np.int64)

    def decode(truth: tuple[bool, ...]) -> NurikabeSolution:
        values = np.zeros(encoding.num_vars + 1, dtype=bool)
        values[answer] = truth
        return encoding.decode(values)

    return decode


def _named(cuts: ConnectivityCuts) -> dict[str, int]:
    return {f"{name}_cuts": count for name, count in cuts.cuts_by_name.items()}
