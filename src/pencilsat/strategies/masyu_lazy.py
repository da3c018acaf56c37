"""Masyu strategy ``lazy`` (the default): local rules in CNF, one loop by lazy sub-loop cuts.

The CNF holds one boolean per grid edge with the degree and pearl rules
(:mod:`pencilsat.encodings.masyu_rules`, about 7 clauses per cell) instead of Tamura's order
numbers; the single-loop rule is the shared :class:`~pencilsat.strategies.loop_search.LoopSearch`
with the pearls as marked points: a loop through every pearl is an answer, every other loop
is cut and the same incremental solver solves again. What is added by grid size
(``LazySettings`` says the same for one run):

- every 2x2 loop is forbidden up front when the puzzle has a pearl;
- from ``LARGE_GRID`` cells: region cuts, the inside/outside colouring
  (:mod:`~pencilsat.encodings.loops.sides`), every 6- and 8-cell loop that misses a pearl
  forbidden up front (:mod:`~pencilsat.encodings.masyu_small_loops`), edges settled by arc
  consistency before SAT (:mod:`~pencilsat.encodings.masyu_shapes`), swap cuts in the proof,
  grown region cuts after ``STALL_CALLS`` calls, and CaDiCaL (MiniSat below);
- from ``HUGE_GRID`` cells grown region cuts from the first call.

Today (``python benchmarks/masyu_strategies.py``): seed 36x20 solved and proven unique in
0.017 s; all 828 janko Masyu median 4.1 ms, max 0.10 s. Every threshold's measurements, and
every idea tried and not kept, are in ``docs/experiments/masyu-lazy.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from time import perf_counter

import numpy as np

from pencilsat.backends.bulk_load import load_until
from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.record import FrozenRecord
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached, Verdict
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.clause_arrays import Clause, true_literals
from pencilsat.encodings.loops.degree import no_square_loops, visit_clauses
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.masyu_rules import local_rule_parts, masyu_solution
from pencilsat.puzzles.masyu import MasyuPuzzle, no_way_through
from pencilsat.strategies.loop_search import LoopCuts, LoopSearch, Marks
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

SMALL_GRID_SAT_SOLVER = "minisat22"
"""Below ``LARGE_GRID`` cells: many small incremental calls, where MiniSat's lighter set-up
wins (all janko: median 3.9 against 4.5 ms with CaDiCaL)."""
LARGE_GRID_SAT_SOLVER = "cadical195"
"""From ``LARGE_GRID`` cells, with the settled shapes: CaDiCaL leads from 32x32 (random loose
100x100: 0.35 against 0.51 s median)."""
CADICAL_OPTIONS = {"restart": 0, "reverse": 1}
"""Set whenever ``lazy`` runs on CaDiCaL 1.9.5: each call is a short search from the previous
model, which a restart would throw away (random 100x100 median 0.62 -> 0.43 s)."""
LARGE_GRID = 1000
"""From this many cells on, region cuts, the colouring, small loops, shapes, swap cuts and
CaDiCaL; below it each costs more than it saves on real puzzles."""
HUGE_GRID = 3600
"""From this many cells on, grown region cuts from the first call."""
STALL_CALLS = 10
"""Between ``LARGE_GRID`` and ``HUGE_GRID`` cells, grown region cuts from this call on."""
SWAP_STALL_CALLS = 2
"""The proof adds the swap cuts after this many calls without a second answer."""
REGION_MIN_CELLS = 16
GROWN_MIN_CELLS = 64
GROWN_STEPS = 2
"""Region cuts for loops of at least ``REGION_MIN_CELLS`` cells, grown cuts (by
``GROWN_STEPS`` cells) for loops of at least ``GROWN_MIN_CELLS``."""
BUILD_BAND = 100_000
"""Cells per piece of the CNF between two looks at the clock: an empty 1000x1000 grid takes
seconds to build, which a time limit must cut short."""


class LazySettings(FrozenRecord):
    """What ``lazy`` adds to the local rules; ``None`` picks by grid size (module docstring).

    ``cut``: ``loop``, ``region``, ``boundary`` or ``both`` (see
    :class:`~pencilsat.strategies.loop_search.LoopCuts`); ``grown``: ``True`` from the first
    call, ``False`` never; ``cadical_options`` replace ``CADICAL_OPTIONS`` (``{}``: CaDiCaL's
    own defaults)."""

    __slots__ = ("cut", "squares", "sides", "grown", "small_loops", "swaps", "shapes",
                 "cadical_options")
    cut: str | None
    squares: bool
    sides: bool | None
    grown: bool | None
    small_loops: bool | None
    swaps: bool | None
    shapes: bool | None
    cadical_options: dict[str, int] | None

    def __init__(self, cut: str | None = None, squares: bool = True, sides: bool | None = None,
                 grown: bool | None = None, small_loops: bool | None = None,
                 swaps: bool | None = None, shapes: bool | None = None,
                 cadical_options: dict[str, int] | None = None) -> None:
        for name, value in (("cut", cut), ("squares", squares), ("sides", sides),
                            ("grown", grown), ("small_loops", small_loops), ("swaps", swaps),
                            ("shapes", shapes), ("cadical_options", cadical_options)):
            object.__setattr__(self, name, value)

    def __hash__(self) -> int:  # the options are a dict: not hashed
        return hash(self._values()[:-1])

    def for_cells(self, cells: int) -> LazySettings:
        """These settings with every ``None`` resolved for a grid of ``cells`` cells (grown:
        ``None`` stays when grown cuts start after ``STALL_CALLS`` calls)."""
        large = cells >= LARGE_GRID
        return LazySettings(
            cut=self.cut or ("region" if large else "loop"), squares=self.squares,
            sides=large if self.sides is None else self.sides,
            grown=(True if cells >= HUGE_GRID else None if large else False)
            if self.grown is None else self.grown,
            small_loops=large if self.small_loops is None else self.small_loops,
            swaps=large if self.swaps is None else self.swaps,
            shapes=large if self.shapes is None else self.shapes,
            cadical_options=self.cadical_options,
        )

    def loop_cuts(self) -> LoopCuts:
        grow_after = 0 if self.grown else None if self.grown is False else STALL_CALLS
        return LoopCuts(cut=self.cut or "loop", region_min=REGION_MIN_CELLS,
                        grown_min=GROWN_MIN_CELLS, grown_steps=GROWN_STEPS,
                        grow_after=grow_after,
                        swap_after=SWAP_STALL_CALLS if self.swaps else None)


def run(
    puzzle: MasyuPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: LazySettings | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its answer unique (or find a second) on one incremental
    SAT solver; ``sat_solver`` ``None`` is MiniSat below ``LARGE_GRID`` cells, CaDiCaL
    from there."""
    cells = puzzle.width * puzzle.height
    chosen = (settings or LazySettings()).for_cells(cells)
    default = LARGE_GRID_SAT_SOLVER if cells >= LARGE_GRID else SMALL_GRID_SAT_SOLVER
    name = pysat_name(sat_solver, default)
    with gc_paused():
        return _run(puzzle, name, deadline_of(time_limit), chosen)


def _run(puzzle: MasyuPuzzle, name: str, deadline: float | None,
         settings: LazySettings) -> SolveResult:
    from pysat.solvers import Solver

    stats = SolveStats(backend="cnf", encoding="lazy", sat_solver=name)
    start = perf_counter()
    grid = GridEdges(puzzle.width, puzzle.height)
    stats.variables = len(grid)
    if settings.sides:  # large grids only: their modules are imported when used
        from pencilsat.encodings.loops.sides import side_variable_count

        stats.variables += side_variable_count(grid)
    values = None
    if settings.shapes:
        from pencilsat.encodings.masyu_shapes import cell_shapes, no_shape_left

        settled = cell_shapes(puzzle, deadline)
        if (dead := settled.dead_cell()) is not None:
            stats.encode_s, stats.solve_s = perf_counter() - start, 0.0
            return SolveResult(Verdict.NONE, puzzle, stats=stats,
                               message=no_shape_left(puzzle, dead))
        values = settled.edge_values(grid)
        stats.extra["settled_edges"] = int(np.count_nonzero(values))
        # the colouring's points stay open: clause filters look their variables up too
        values = np.concatenate((values, np.zeros(stats.variables - len(grid), np.int8)))
    clauses: list[Clause] = []
    try:
        for part in _parts(puzzle, grid, settings, values):
            clauses.extend(part)
            check_clock(deadline)
    except TimeLimitReached:
        stats.encode_s, stats.clauses = perf_counter() - start, len(clauses)
        return stopped(puzzle, stats)
    stats.clauses = len(clauses)
    stats.encode_s = perf_counter() - start
    if not all(clauses):  # an empty clause (a pearl with no way through)
        stats.solve_s = 0.0
        return SolveResult(Verdict.NONE, puzzle, stats=stats, message=no_way_through(puzzle))

    with Solver(name=name) as solver:
        if name == "cadical195":
            options = settings.cadical_options
            solver.configure(CADICAL_OPTIONS if options is None else options)
        try:  # like the other CNF strategies, encoding time includes loading the solver
            load_until(solver, clauses, deadline)
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        marks = Marks([grid.cell_id(cell) for cell in puzzle.must_visit()],
                      puzzle.width * puzzle.height)
        search = LoopSearch(solver, grid, deadline, settings.loop_cuts(), marks)
        result = solve_and_prove(puzzle, search, lambda edges: masyu_solution(grid, edges),
                                 stats)
        effort = solver.accum_stats()
    stats.clauses = len(clauses) + search.added
    stats.add_effort(effort)
    stats.extra.update(sat_calls=search.calls, restarts=effort.get("restarts"),
                       cuts=search.cut_count, region_cuts=search.regions,
                       grown_cuts=search.grown_cuts, cut=settings.cut, sides=settings.sides,
                       grown_after=search.grow_after, small_loops=settings.small_loops,
                       swap_cuts=search.swap_cuts)
    return result


def _parts(puzzle: MasyuPuzzle, grid: GridEdges, settings: LazySettings,
           values: np.ndarray | None) -> Iterator[list[Clause]]:
    """The CNF in pieces, each built in well under a second even on a 1000x1000 grid."""
    if values is not None:
        yield true_literals(values)[:, None].tolist()
    yield from local_rule_parts(puzzle, grid, BUILD_BAND, values)
    if puzzle.loop_full:
        yield visit_clauses(grid, [grid.cell_id(cell) for cell in puzzle.cells()
                                   if not puzzle.pearls[cell]])
    if not puzzle.pearl_cells():
        yield [list(range(1, len(grid) + 1))]
    else:
        if settings.squares:
            yield no_square_loops(grid, values)
        if settings.small_loops:
            from pencilsat.encodings.masyu_small_loops import no_small_loops

            yield no_small_loops(puzzle, grid, values=values)
    if settings.sides:
        from pencilsat.encodings.loops.sides import side_clause_parts

        yield from side_clause_parts(grid, len(grid) + 1, BUILD_BAND, values)


def memory(puzzle: MasyuPuzzle, backend: str) -> int:
    """Estimated peak bytes: about 7 KB per cell with the large-grid clauses (an empty
    300x300: 651 MB; a loose 200x200: 253 MB), 1 KB below ``LARGE_GRID`` cells."""
    cells = puzzle.width * puzzle.height
    return 60 * 2**20 + (7_000 if cells >= LARGE_GRID else 1_000) * cells
