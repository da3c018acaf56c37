"""Slitherlink strategies: ``lazy`` (CNF, lazy loop cuts) and ``circuit`` (CP-SAT AddCircuit).

Both draw the loop on the lattice of dots with the rules of
:mod:`pencilsat.encodings.slitherlink`.

- ``lazy`` puts the degree and number clauses on one incremental PySAT solver (MiniSat) and
  runs the shared :class:`~pencilsat.strategies.loop_search.LoopSearch` in strict mode: a model
  that is one loop is an answer, every other model has its loops cut (with a witness line of
  another loop) and the solver solves again. Region cuts join from ``LARGE_GRID`` cells on;
  ``LazySettings`` can also add the inside/outside colouring of the cells
  (:mod:`pencilsat.encodings.loops.sides`), which costs more than it saves on janko.
- ``circuit`` states one loop with CP-SAT's ``AddCircuit``
  (:func:`~pencilsat.backends.cpsat_loops.add_single_loop`, some line required) and each
  number as a sum of its cell's sides.

Today (``python benchmarks/slitherlink.py --settings``, a shared 2-core machine): all 1027
janko puzzles solved and proven unique, ``lazy`` median 11 ms, max 0.26 s; ``circuit``
median 0.15 s, max 4.4 s.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from time import perf_counter

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.clause_arrays import Clause
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.sides import side_clause_parts, side_variable_count
from pencilsat.encodings.slitherlink import (
    dot_grid,
    rule_parts,
    side_variables,
    slitherlink_solution,
)
from pencilsat.puzzles.slitherlink import SlitherlinkPuzzle
from pencilsat.strategies.loop_search import LoopCuts, LoopSearch
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

SAT_SOLVER = "minisat22"
"""All janko: median 13.6 ms against 14.6 (Glucose 4) and 16.6 (CaDiCaL 1.9.5)."""
LARGE_GRID = 1600
"""From this many cells on (40x40), region cuts. On janko (up to 45x30) they cost more than
they save in every size group (over 720 cells: median 0.38 against 0.09 s); on random loose
puzzles (the numbers of a random loop, each kept with chance 0.6) the slowest of five drops
from 1.5 to 0.34 s at 45x45 and from 35 to 1.3 s at 60x60."""
REGION_MIN_DOTS = 16
BUILD_BAND = 20_000
"""Dots or cells per piece of the CNF, each loaded as soon as it is built, between two looks
at the clock: an empty 1000x1000 grid takes seconds to build and load, and no list of all
its clauses is kept (freeing one took a few tenths of a second after a time-out)."""
CIRCUIT_LINEARIZATION = 0
"""``circuit`` with CP-SAT's linear relaxation off, as Masyu's and Yajilin's: every 2nd janko
and the 15 largest against main, interleaved (2026-12-01, CPU): median 69 against 65 ms with
the default (1); the 30x40 grids the same within noise (max 0.95 against 0.97 s, the 16 of
them 12.0 against 12.1 s); docs/encodings.md."""


@dataclass(frozen=True)
class LazySettings:
    """What ``lazy`` adds to the local rules: ``cut`` ``loop`` or ``region`` (see
    :class:`~pencilsat.strategies.loop_search.LoopCuts`; ``None``: by grid size), ``sides``
    the colouring."""

    cut: str | None = None
    sides: bool = False

    def loop_cuts(self, cells: int) -> LoopCuts:
        cut = self.cut or ("region" if cells >= LARGE_GRID else "loop")
        return LoopCuts(cut=cut, region_min=REGION_MIN_DOTS)


def run_lazy(
    puzzle: SlitherlinkPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: LazySettings | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its answer unique (or find a second) on one incremental
    SAT solver."""
    name = pysat_name(sat_solver, SAT_SOLVER)
    with gc_paused():
        return _run_lazy(puzzle, name, deadline_of(time_limit), settings or LazySettings())


def _run_lazy(puzzle: SlitherlinkPuzzle, name: str, deadline: float | None,
              settings: LazySettings) -> SolveResult:
    from pysat.solvers import Solver

    stats = SolveStats(backend="cnf", encoding="lazy", sat_solver=name)
    start = perf_counter()
    grid = dot_grid(puzzle)
    stats.variables = len(grid) + (side_variable_count(grid) if settings.sides else 0)
    stats.clauses = 0
    with Solver(name=name) as solver:
        try:  # like the other CNF strategies, encoding time includes loading the solver
            for part in _parts(puzzle, grid, settings):
                load_clauses(solver, part)
                stats.clauses += len(part)
                check_clock(deadline)
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        cuts = settings.loop_cuts(puzzle.width * puzzle.height)
        search = LoopSearch(solver, grid, deadline, cuts)
        result = solve_and_prove(
            puzzle, search, lambda edges: slitherlink_solution(puzzle, grid, edges), stats)
        effort = solver.accum_stats()
    stats.clauses += search.added
    stats.add_effort(effort)
    stats.extra.update(sat_calls=search.calls, cuts=search.cut_count,
                       region_cuts=search.regions, cut=cuts.cut, sides=settings.sides)
    return result


def _parts(puzzle: SlitherlinkPuzzle, grid: GridEdges,
           settings: LazySettings) -> Iterator[list[Clause]]:
    """The CNF in pieces of ``BUILD_BAND`` dots or cells (about 0.05 s each)."""
    yield from rule_parts(puzzle, grid, BUILD_BAND)
    if settings.sides:
        yield from side_clause_parts(grid, len(grid) + 1, BUILD_BAND)


def run_circuit(
    puzzle: SlitherlinkPuzzle,
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
    grid = dot_grid(puzzle)
    model = cp_model.CpModel()
    try:
        edge_lits = add_single_loop(model, grid, set(), some_edge=True, deadline=deadline)
        sides = side_variables(grid)
        for i, ((r, c), clue) in enumerate(puzzle.numbered()):
            if i % 5000 == 0:
                check_clock(deadline)
            model.add(sum(edge_lits[v] for v in sides[r * puzzle.width + c].tolist()) == clue)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    return prove_on_circuit(puzzle, model, edge_lits,
                            lambda edges: slitherlink_solution(puzzle, grid, edges),
                            stats, start, deadline,
                            linearization_level=CIRCUIT_LINEARIZATION)


def memory_circuit(puzzle: SlitherlinkPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``circuit``: about 16 KB per dot, as Masyu's circuit per cell
    (the same model over the (W + 1) x (H + 1) dots)."""
    return 100 * 2**20 + 16_000 * (puzzle.width + 1) * (puzzle.height + 1)
