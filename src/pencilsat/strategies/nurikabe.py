"""Nurikabe strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.nurikabe` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) to the one uniqueness procedure. On CNF
the cardinalities are PySAT's ``CardEnc`` (the k-modulo totalizer, counting whichever of
the true or the false literals is fewer) and the wall's cuts come with ``GROWN_CUTS``
grown regions; CP-SAT takes the cardinalities, and the wall's total always, as linear sums,
and solves the model again after each batch of cuts.

Today, all 1,003 janko puzzles at a 30 s cap on a loaded 2-core machine
(``benchmarks/results/nurikabe.md``): ``lazy`` proves 998 unique with the stored answer,
median 0.073 s; ``lazy-cpsat`` 989, median 0.285 s. Open at the cap on both: 29_10x10,
753_10x10, 683_14x24, 1055_40x57, 690_50x50 (``docs/experiments/nurikabe.md``). puzzlekit,
which only solves, took a median 4.0 s on 59 of the puzzles, 72x ``lazy``'s 0.055 s there.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.backends.gc_pause import gc_paused
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
    with gc_paused():  # the build makes a million small lists: collections are wasted
        return _run_cnf(puzzle, sat_solver, time_limit, settings, grown_cuts)


def _run_cnf(puzzle: NurikabePuzzle, sat_solver: str | None, time_limit: float | None,
            settings: NurikabeSettings | None, grown_cuts: int) -> SolveResult:
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
    with gc_paused():  # the build makes a million small lists: collections are wasted
        return _run_cpsat(puzzle, sat_solver, time_limit, settings, grown_cuts)


def _run_cpsat(puzzle: NurikabePuzzle, sat_solver: str | None, time_limit: float | None,
            settings: NurikabeSettings | None, grown_cuts: int) -> SolveResult:
    deadline = deadline_of(time_limit)
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import NUM_WORKERS, CpSatSession

    stats = SolveStats(backend="cpsat", encoding="lazy-cpsat")
    start = perf_counter()
    try:
        encoding = build(puzzle, deadline=deadline, settings=settings or CPSAT_SETTINGS)
        model = cp_model.CpModel()
        variables: list[Any] = [None]
        for first in range(1, encoding.num_vars + 1, LOAD_CHUNK):
            check_clock(deadline)
            variables.extend(model.new_bool_var(f"v{v}") for v in
                             range(first, min(first + LOAD_CHUNK, encoding.num_vars + 1)))

        def literal(lit: int) -> Any:
            return variables[lit] if lit > 0 else variables[-lit].Not()

        for i, clause in enumerate(encoding.clauses):
            if i % LOAD_CHUNK == 0:
                check_clock(deadline)
            model.add_bool_or([literal(lit) for lit in clause])
        for lits, bound in encoding.sizes:
            check_clock(deadline)
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


def memory(puzzle: NurikabePuzzle, backend: str) -> int:
    """Estimated peak bytes of either strategy: per cell (its shading, the wall's pointers)
    4 KB on CNF and 7 KB on CP-SAT (an empty 200x200: 134 MB and 255 MB over the
    interpreter), and 0.8 KB per variable of :func:`label_bound`, which is up to 5 times
    the labels and layers built (janko 1055_40x57 peaks at 250 MB on CNF, estimated 582 MB).
    Plus the interpreter with PySAT (40 MB) or with OR-Tools (100 MB)."""
    cells = puzzle.width * puzzle.height
    if backend == "cpsat":
        return 100 * 2**20 + 7_000 * cells + 800 * label_bound(puzzle)
    return 40 * 2**20 + 4_000 * cells + 800 * label_bound(puzzle)


def label_bound(puzzle: NurikabePuzzle, layers_up_to: int | None = None) -> int:
    """A bound on the label and layer variables, from the numbers alone: a number n labels
    at most the 2n(n - 1) + 1 cells within n - 1 steps (all cells for ``?``) and its layers
    take at most 2R(R + 1)(R + 2) / 3 variables for R = n - 1, when that is within
    ``layers_up_to`` (the settings')."""
    limit = NurikabeSettings().layers_up_to if layers_up_to is None else layers_up_to
    cells = puzzle.width * puzzle.height
    total = 0
    for _, number in puzzle.numbered_cells():
        if number is None:
            total += cells
            continue
        steps = number - 1
        layers = 2 * steps * (steps + 1) * (steps + 2) // 3
        total += min(cells, 2 * steps * (steps + 1) + 1) + (layers if layers <= limit else 0)
    return total
