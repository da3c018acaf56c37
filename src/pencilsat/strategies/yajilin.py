"""Yajilin strategies: ``lazy`` (CNF, lazy loop cuts; the default) and ``circuit`` (CP-SAT
AddCircuit).

Both draw the loop through cell centres with the rules of :mod:`pencilsat.encodings.yajilin`.
An answer is its loop's edge set: every open cell off the loop is shaded, so the loop decides
the shading, and forbidding the loop's edges forbids the whole answer.

- ``lazy`` puts the degree, cell, adjacency and some-edge clauses and the arrows' counts
  (MiniCard's native cardinality constraints; on a solver without them PySAT's ``CardEnc``,
  k-modulo totalizer, counting whichever of the true or the false literals is fewer) on one
  incremental PySAT solver and runs the shared
  :class:`~pencilsat.strategies.loop_search.LoopSearch` in strict mode: a model that is one
  loop is an answer, every other model has its loops cut and the solver solves again.
- ``circuit`` states one loop with CP-SAT's ``AddCircuit``
  (:func:`~pencilsat.backends.cpsat_loops.add_single_loop`, some edge required), the
  shading as ``edges at the cell + 2 * shaded = 2`` and each arrow as a sum.

Today (``python benchmarks/yajilin.py``, a shared, loaded 2-core machine): all 547 janko
puzzles solved and proven unique with the stored answer by both; ``lazy`` median 57 ms, max
2.7 s; ``circuit`` median 0.47 s, max 7.0 s; puzzlekit (solving only) median 0.43 s, and
60 s without an answer on janko 160.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from time import perf_counter
from typing import Any

from pencilsat.backends.bulk_load import at_most_adder, load_clauses
from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.clause_arrays import Clause
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.yajilin import YajilinEncoding, build, rule_parts, yajilin_solution
from pencilsat.puzzles.yajilin import YajilinPuzzle
from pencilsat.strategies.connected_runs import split_native_counts
from pencilsat.strategies.loop_search import LoopCuts, LoopSearch
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

SAT_SOLVER = "minicard"
"""MiniCard, the arrows' counts as its native "at most" constraints (both ways, no auxiliary
variable; on any other solver they are ``CardEnc`` clauses). The 20 largest janko (29
November 2026, CPU, one loaded run): 2.2 s in all, median 78 ms of a puzzle, against
CaDiCaL with ``CardEnc`` 7.0 s, median 241 ms (Gluecard 4 2.4 s, median 81 ms). Before the
native counts, every tenth janko (55) took 5.1 s on CaDiCaL against 7.9 on MiniSat 2.2."""
BUILD_BAND = 20_000
"""Cells per piece of the CNF, each loaded as soon as it is built, between two looks at the
clock (an empty 1000x1000 grid takes seconds to build and load)."""
LARGE_GRID = 2500
"""From this many cells on (50x50, past janko's largest, 2,223 cells), region cuts as well as
exact loop cuts, as Masyu and Slitherlink measured them to pay on large grids. On janko's
four largest (1,040-2,223 cells) exact cuts alone took 14.4 s in all against 21.1 with region
cuts (and 15.2-16.7 with grown ones; one run each on a loaded machine)."""
REGION_MIN_CELLS = 16
LINEARIZATION_LEVEL = 0
"""CP-SAT's linear relaxation off for ``circuit``: with its default (1) janko 160 (25x25,
arrows of 5-7) was not decided in 120 s (puzzlekit's circuit model not in 60 s either); with
0 it took 7.3 s, and 4.1 against 12.9 s on janko 150 (one run each, loaded machine)."""


def run_lazy(
    puzzle: YajilinPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    cut: str | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its answer unique (or find a second) on one incremental
    SAT solver; ``cut`` as :class:`~pencilsat.strategies.loop_search.LoopCuts` (``None``:
    by grid size)."""
    name = pysat_name(sat_solver, SAT_SOLVER)
    with gc_paused():
        return _run_lazy(puzzle, name, deadline_of(time_limit), cut)


def _run_lazy(puzzle: YajilinPuzzle, name: str, deadline: float | None,
              cut: str | None) -> SolveResult:
    from pysat.solvers import Solver

    stats = SolveStats(backend="cnf", encoding="lazy", sat_solver=name)
    start = perf_counter()
    stats.clauses = 0
    with Solver(name=name) as solver:
        try:  # like the other CNF strategies, encoding time includes loading the solver
            encoding = build(puzzle)
            check_clock(deadline)
            native, written = split_native_counts(encoding.counts, name)
            for part in _parts(encoding, written, stats):
                load_clauses(solver, part)
                stats.clauses += len(part)
                check_clock(deadline)
            at_most = at_most_adder(solver)
            for lits, total in native:
                at_most(lits, total)
                at_most([-lit for lit in lits], len(lits) - total)
            stats.clauses += 2 * len(native)
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        cells = puzzle.width * puzzle.height
        cuts = LoopCuts(cut=cut or ("region" if cells >= LARGE_GRID else "loop"),
                        region_min=REGION_MIN_CELLS)
        search = LoopSearch(solver, encoding.grid, deadline, cuts)
        result = solve_and_prove(
            puzzle, search, lambda edges: yajilin_solution(puzzle, encoding, edges), stats)
        effort = solver.accum_stats()
    stats.clauses += search.added
    stats.add_effort(effort)
    stats.extra.update(sat_calls=search.calls, cuts=search.cut_count,
                       region_cuts=search.regions, cut=cuts.cut)
    return result


def _parts(encoding: YajilinEncoding, counts: Sequence[tuple[Sequence[int], int]],
           stats: SolveStats) -> Iterator[list[Clause]]:
    """The CNF in pieces of ``BUILD_BAND`` cells, then the arrows' ``counts`` as clauses."""
    yield from rule_parts(encoding, BUILD_BAND)
    clauses, top = exactly_clauses(counts, encoding.num_vars)
    stats.variables = top
    yield clauses


def run_circuit(
    puzzle: YajilinPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve and prove uniqueness with one CP-SAT circuit model (no SAT solver to choose);
    the clock is read while the model is built."""
    deadline = deadline_of(time_limit)
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_loops import add_single_loop
    from pencilsat.strategies.edge_set_search import prove_on_circuit

    stats = SolveStats(backend="cpsat", encoding="circuit")
    start = perf_counter()
    model = cp_model.CpModel()
    try:
        encoding = build(puzzle)
        edge_lits = add_single_loop(model, encoding.grid, set(), some_edge=True,
                                    deadline=deadline)
        shade = _shading(model, encoding, edge_lits, deadline)
        for lits, count in encoding.counts:
            model.add(sum(shade[v] for v in lits) == count)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    return prove_on_circuit(puzzle, model, edge_lits,
                            lambda edges: yajilin_solution(puzzle, encoding, edges),
                            stats, start, deadline,
                            linearization_level=LINEARIZATION_LEVEL)


def _shading(model: Any, encoding: YajilinEncoding, edge_lits: list[Any],
             deadline: float | None) -> dict[int, Any]:
    """Closed cells' edges off, a shading literal per open cell (``edges + 2 * shaded =
    2``), neighbours not both shaded; the literals by shading variable number."""
    grid = encoding.grid
    for v in (encoding.values[1:len(grid) + 1] < 0).nonzero()[0].tolist():
        model.add(edge_lits[v + 1] == 0)
    shade: dict[int, Any] = {}
    incident = grid.incident_ids
    for i, cell in enumerate(encoding.open_cells.tolist()):
        if i % 5000 == 0:
            check_clock(deadline)
        var = int(encoding.shade[cell])
        lit = shade[var] = model.new_bool_var(f"s{cell}")
        model.add(sum(edge_lits[v] for v in incident[cell]) + 2 * lit == 2)
    for i, cell in enumerate(encoding.open_cells.tolist()):
        if i % 5000 == 0:
            check_clock(deadline)
        right = cell + 1 if (cell + 1) % grid.width else -1
        below = cell + grid.width if cell + grid.width < len(encoding.shade) else -1
        for other in (right, below):
            if other >= 0 and encoding.shade[other]:
                model.add_bool_or([shade[int(encoding.shade[cell])].negated(),
                                   shade[int(encoding.shade[other])].negated()])
    return shade


def memory_circuit(puzzle: YajilinPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``circuit``: about 16 KB per cell, as Masyu's circuit (the
    same loop model over the cells, plus a shading literal per open cell)."""
    return 100 * 2**20 + 16_000 * puzzle.width * puzzle.height


def certify_cnf(puzzle: YajilinPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses (rules and the arrows'
    counts), the single-loop rule left to cuts; the answer is the loop's edges (the shading
    follows from them)."""
    encoding = build(puzzle)
    clauses = [clause for part in rule_parts(encoding, BUILD_BAND) for clause in part]
    counts, top = exactly_clauses(encoding.counts, encoding.num_vars)
    grid = encoding.grid

    def decode(true: set[int]) -> Any:
        return yajilin_solution(puzzle, encoding,
                                [v for v in range(1, len(grid) + 1) if v in true])

    return CertifiableCnf(ClauseEncoding("lazy", top, clauses + counts,
                                         range(1, len(grid) + 1), decode, loop=grid))
