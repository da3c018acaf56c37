"""Nurikabe strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.nurikabe` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) to the one uniqueness procedure, through
the runs every connectivity genre shares (:mod:`~pencilsat.strategies.connected_runs`). On
CNF the cardinalities are PySAT's ``CardEnc`` (:mod:`~pencilsat.encodings.cardinality`)
and the wall's cuts come with ``GROWN_CUTS`` grown regions; CP-SAT takes the cardinalities,
and the wall's total always, as linear sums, and solves the model again after each batch of
cuts, without its presolve (``CPSAT_PRESOLVE``), and with the wall exactly connected by
integer levels once the loop passes ``WALL_LEVELS_AFTER`` solves. On both, once the loop has
cut ``BARRIER_AFTER`` models, the barrier rule (:mod:`~pencilsat.encodings.nurikabe_barrier`)
joins the cuts: the long loops, whose wrong models are chains of islands across the grid,
end in a few solves.

Today, all 1,003 janko puzzles at a 60 s cap on a shared 2-core machine
(``benchmarks/results/nurikabe.md``, 2026-11-27): ``lazy`` and ``lazy-cpsat`` each prove
all 1,003 unique with the stored answer, medians 0.018 s and 0.051 s, slowest 683_14x24
(16 s and 50 s). puzzlekit, which only solves, took a median 1.0 s on 58 of the puzzles,
83x ``lazy``'s 0.013 s there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.connectivity import Clause, ConnectivityCuts
from pencilsat.encodings.nurikabe import (
    SMALL_WALL,
    NurikabeEncoding,
    NurikabeSettings,
    barrier,
    build,
    wall_share,
)
from pencilsat.encodings.nurikabe_barrier import SEGMENTS, segment_count
from pencilsat.puzzles.nurikabe import NurikabePuzzle
from pencilsat.strategies.connected_runs import (
    ConnectedModel,
    certifiable,
    exact_counts,
    shading_model,
    solve_on_cpsat,
    solve_on_pysat,
)

DEFAULT_SAT_SOLVER = "cadical195"
GROWN_CUTS = 2
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`): they
end the stalemates where a proof moves a thin island by one cell per call."""
CPSAT_SETTINGS = NurikabeSettings(wall_total_share=1.0, blocks_share=0.0)
WALL_LEVELS_AFTER = 16
"""Solves of ``lazy-cpsat``'s cut loop before the wall's integer levels come in
(:mod:`~pencilsat.strategies.cpsat_levels`): from the start they made every 8th janko's
median 1.5x slower; after 16 solves (5 janko puzzles get there) 683_14x24 is unique in
39-45 s instead of open at 300 s, 1108_20x15 in 8-12 s instead of 84-227 s."""
CPSAT_PRESOLVE = False
"""CP-SAT's presolve, redone on every solve of the cut loop: off. On a quarter of janko
(247 puzzles, the hard ones left out) the median went from 0.114 s to 0.066 s (0.089 s
with presolve on the first solve only); on 827_13x20 presolve spent the whole 30 s probing.
All janko at 30 s: 997 unique instead of 989 (``docs/experiments/nurikabe.md``)."""
BARRIER_AFTER = 2
"""Models of the cut loop cut before the barrier rule
(:mod:`~pencilsat.encodings.nurikabe_barrier`) comes in, as cuts (0: from the start,
``None``: never). Built
for every puzzle it cost the median 1.7x (``docs/experiments/nurikabe.md``); most puzzles
need no cut at all."""


def _model(encoding: NurikabeEncoding) -> ConnectedModel:
    return replace(shading_model(encoding), extra_stats=_named)


def _cpsat_model(encoding: NurikabeEncoding, small_wall: bool) -> ConnectedModel:
    """The model for CP-SAT: a small wall's total as totalizer clauses, not a linear sum.

    CP-SAT explains a linear sum's propagation with all its literals; the totalizer's
    partial counts give its search something to learn from. On a small wall that decides:
    janko 1030_32x32 and 753_10x10, unknown at 300 s and 120 s, unique in 23 s and 41 s.
    Elsewhere the clauses cost: 2.2x the median on every 8th janko puzzle
    (``docs/experiments/nurikabe.md``). The wall's count is the one over the open cells'
    shading, the answer variables."""
    levels = [r for r in encoding.requirements if r.name == "wall"]
    model = replace(_model(encoding), levels=levels, levels_after=WALL_LEVELS_AFTER)
    if not small_wall:
        return model
    wall = [count for count in encoding.sizes if list(count[0]) == encoding.answer]
    if not wall:
        return model
    clauses, top = exactly_clauses(wall, encoding.num_vars)
    return replace(model, clauses=[*encoding.clauses, *clauses], num_vars=top,
                   counts=[count for count in encoding.sizes if count not in wall])


def run_cnf(
    puzzle: NurikabePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: NurikabeSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
    barrier_after: int | None = BARRIER_AFTER,
) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``),
    the barrier rule coming in after ``barrier_after`` cut models."""
    deadline = deadline_of(time_limit)
    built: dict[str, NurikabeEncoding] = {}

    def model() -> ConnectedModel:
        built["encoding"] = build(puzzle, deadline=deadline, settings=settings)
        return _model(built["encoding"])

    return solve_on_pysat(puzzle, model, exact_counts, deadline=deadline,
                          grown_cuts=grown_cuts,
                          solver_name=pysat_name(sat_solver, DEFAULT_SAT_SOLVER),
                          wrap=_late_barrier(puzzle, built, barrier_after, deadline))


def run_cpsat(
    puzzle: NurikabePuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    settings: NurikabeSettings | None = None,
    grown_cuts: int = GROWN_CUTS,
    presolve: bool = CPSAT_PRESOLVE,
    barrier_after: int | None = BARRIER_AFTER,
) -> SolveResult:
    """Solve and prove on one CP-SAT model (the wall's total always: a linear sum, or
    clauses when the wall is small), solved again after each batch of cuts, without
    CP-SAT's presolve unless ``presolve``; the barrier rule after ``barrier_after`` cut
    models."""
    deadline = deadline_of(time_limit)
    share = wall_share(puzzle)
    small_wall = share is not None and share <= SMALL_WALL
    built: dict[str, NurikabeEncoding] = {}

    def model() -> ConnectedModel:
        built["encoding"] = build(puzzle, deadline=deadline,
                                  settings=settings or CPSAT_SETTINGS)
        return _cpsat_model(built["encoding"], small_wall)

    return solve_on_cpsat(puzzle, model, deadline=deadline, grown_cuts=grown_cuts,
                          presolve=presolve,
                          wrap=_late_barrier(puzzle, built, barrier_after, deadline))


class _BarrierCuts:
    """A search's cuts, with the barrier rule's clauses added to those of its ``after``-th
    cut model (``make`` writes them, once)."""

    def __init__(self, cutter: ConnectivityCuts, make: Callable[[], list[Clause]],
                 after: int) -> None:
        self.cutter = cutter
        self.make: Callable[[], list[Clause]] | None = make
        self.after = after
        self.cut_models = 0

    @property
    def cut_count(self) -> int:
        return self.cutter.cut_count

    def cuts(self, values: Any) -> list[Clause]:
        clauses = self.cutter.cuts(values)
        if clauses and self.make is not None:
            self.cut_models += 1
            if self.cut_models >= self.after:
                clauses = [*clauses, *self.make()]
                self.make = None
        return clauses


def _late_barrier(puzzle: NurikabePuzzle, built: dict[str, NurikabeEncoding],
                  after: int | None, deadline: float | None) -> Callable[[Any], Any] | None:
    """The wrap that gives a search :class:`_BarrierCuts` over the encoding ``built`` holds
    (``after`` 0: the clauses from the start; ``None`` when ``after`` is or no segment
    fits); the new variables come from the search (``last_variable``, ``variables_up_to``)."""
    cells = puzzle.width * puzzle.height
    segments = segment_count(puzzle.width, puzzle.height, cells, SEGMENTS)
    if after is None or not segments:
        return None

    def wrap(search: Any) -> Any:
        def make() -> list[Clause]:
            clauses, top = barrier(puzzle, built["encoding"], segments,
                                   search.last_variable(), deadline)
            search.variables_up_to(top)
            return clauses

        if after:
            search.cutter = _BarrierCuts(search.cutter, make, after)
        else:
            for clause in make():
                search.add(clause)
        return search

    return wrap


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


def certify_cnf(puzzle: NurikabePuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rules."""
    return certifiable(lambda: _model(build(puzzle)), exact_counts)
