"""Masyu strategy ``circuit``: CP-SAT's ``AddCircuit`` as the single-loop constraint.

The loop is one circuit over the grid's edges (:mod:`pencilsat.backends.cpsat_loops`), every
pearl on it; the pearl rules are the shared edge clauses of
:mod:`pencilsat.encodings.masyu_rules`. The uniqueness proof forbids the found edge set with
one clause on the same model and solves again. The time limit covers the whole run, importing
OR-Tools (about 0.3 s the first time) included.
"""

from __future__ import annotations

from time import perf_counter

from pencilsat.backends.cpsat_loops import add_single_loop, literal
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached, Verdict
from pencilsat.encodings.loops.degree import no_square_loops
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.masyu_rules import masyu_solution, pearl_clauses
from pencilsat.puzzles.masyu import MasyuPuzzle, no_way_through
from pencilsat.strategies.edge_set_search import prove_on_circuit
from pencilsat.strategies.uniqueness import stopped

LINEARIZATION_LEVEL = 0
"""CP-SAT's linear relaxation off, as Yajilin's ``circuit`` has it: janko 60_20x36 took 2.6 s
of CPU with the default (1), 1.0 s with 0 (5.3 s with 2); every 4th janko and the 10
largest, interleaved: median 65 against 61 ms, max 1.39 against 1.28 s (2026-12-01,
docs/encodings.md)."""


def run(
    puzzle: MasyuPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve and prove uniqueness with one CP-SAT circuit model (no SAT solver to choose)."""
    deadline = deadline_of(time_limit)
    from ortools.sat.python import cp_model

    stats = SolveStats(backend="cpsat", encoding="circuit")
    start = perf_counter()
    grid = GridEdges(puzzle.width, puzzle.height)
    pearls = {grid.cell_id(cell) for cell in puzzle.pearl_cells()}
    visited = {grid.cell_id(cell) for cell in puzzle.must_visit()}
    rules = pearl_clauses(puzzle, grid) + no_square_loops(grid) if pearls else []
    if not all(rules) or any(len(grid.incident_ids[p]) < 2 for p in visited):
        stats.encode_s, stats.solve_s = perf_counter() - start, 0.0
        return SolveResult(Verdict.NONE, puzzle, stats=stats, message=no_way_through(puzzle))
    model = cp_model.CpModel()
    try:
        edge_lits = add_single_loop(model, grid, visited, some_edge=not visited,
                                    deadline=deadline)
        for i, clause in enumerate(rules):
            if i % 5000 == 0:
                check_clock(deadline)
            model.add_bool_or([literal(edge_lits, lit) for lit in clause])
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    return prove_on_circuit(puzzle, model, edge_lits, lambda edges: masyu_solution(grid, edges),
                            stats, start, deadline, linearization_level=LINEARIZATION_LEVEL)


def memory(puzzle: MasyuPuzzle, backend: str) -> int:
    """Estimated peak bytes: about 16 KB per cell (100x100: 265 MB; 300x300: over 1.2 GB
    before the model was built)."""
    return 100 * 2**20 + 16_000 * puzzle.width * puzzle.height
