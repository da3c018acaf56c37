"""Nonogram strategies: ``automata`` (the default, CNF on one incremental PySAT solver) and
``automata-cpsat`` (CP-SAT, each line's run automaton as its native ``AddAutomaton``).

``automata`` first takes the line solver (:mod:`pencilsat.encodings.nonogram_lines`) to its
fixed point and, when cells stay open, branches on it
(:mod:`~pencilsat.encodings.nonogram_branching`) within a budget; the answers so listed (the
first two at most) go to the uniqueness procedure without a solver. Past the budget, or when
a count or backbone is asked, it hands :mod:`pencilsat.encodings.nonogram` (every line a
regular constraint in clauses) to the shared shading runs of
:mod:`~pencilsat.strategies.connected_runs`; ``automata-cpsat`` builds one CP-SAT model of
the cells' Booleans and one automaton per line from the same
:func:`~pencilsat.encodings.regular.run_sequence_dfa`, and always searches (so it
cross-checks the line solver). Both solve and prove through the one uniqueness procedure
(and count and find the backbone when asked); no rule is left to cuts, so one call finds the
answer and one more proves it unique.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import check_clock, deadline_of, remaining
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.connectivity import ConnectivityCuts
from pencilsat.encodings.nonogram import build, line_cells
from pencilsat.encodings.nonogram_branching import BudgetSpent, answers
from pencilsat.encodings.nonogram_lines import solve_lines
from pencilsat.encodings.regular import run_sequence_dfa
from pencilsat.encodings.shading import NO_GRAPH
from pencilsat.puzzles.nonogram import NonogramPuzzle, NonogramSolution
from pencilsat.strategies.connected_runs import run_shading_cnf
from pencilsat.strategies.connected_search import CpSatConnectedSearch
from pencilsat.strategies.settled import ListedSearch
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

DEFAULT_SAT_SOLVER = "cadical195"
BRANCH_BUDGET = 20
"""Line deductions the branching may make per line of the grid before the SAT path takes
over: 54 of the 75 janko puzzles the line solver leaves open are decided within it (a
median of 7 ms against 40 ms on SAT); the other 21 pay 15-60 ms more."""
CLOCK_STEP = 10_000
"""CP-SAT variables made between two looks at the clock (a 1000x1000 grid has a million)."""


def run_cnf(puzzle: NonogramPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """The answers of the line solver, branched on when it leaves cells open (at most two:
    the uniqueness procedure's), when no count or backbone is asked; else, or when the
    branching passes its budget, solve and prove on one incremental PySAT solver (CaDiCaL
    unless ``sat_solver``)."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    if asked() is None:
        try:
            with gc_paused():  # many small states, no cycle among them
                result = _by_lines(puzzle, start, deadline)
        except TimeLimitReached:  # or the memory budget: the search would stop there too
            return stopped(puzzle, SolveStats(backend="cnf", encoding="automata"))
        if result is not None:
            return result
        time_limit = None if deadline is None else max(1e-6, remaining(deadline) or 0.0)
    return search_cnf(puzzle, sat_solver=sat_solver, time_limit=time_limit)


def _by_lines(puzzle: NonogramPuzzle, start: float, deadline: float | None
              ) -> SolveResult | None:
    """The answers of the line solver's fixed point, branched on within
    :data:`BRANCH_BUDGET` when it is not settled, through the uniqueness procedure; ``None``
    once the budget is spent (the caller takes the SAT path)."""
    lines = solve_lines(puzzle, deadline)
    by = "line solver"
    if lines.contradiction:
        found: list[list[int]] = []
    elif lines.settled:
        found = [lines.shaded]
    else:
        budget = BRANCH_BUDGET * (puzzle.width + puzzle.height)
        try:
            found = list(islice(answers(puzzle, lines, budget, deadline), 2))
        except BudgetSpent:
            return None
        by = "line solver and branching"
    stats = SolveStats(backend="cnf", encoding="automata", variables=0, clauses=0,
                       extra={"settled_by": by, "line_deductions": lines.lines})
    stats.encode_s = perf_counter() - start
    decode = _decode_rows(puzzle)
    return solve_and_prove(puzzle, ListedSearch([decode(rows) for rows in found]),
                           lambda answer: answer, stats)


def search_cnf(puzzle: NonogramPuzzle, *, sat_solver: str | None = None,
               time_limit: float | None = None) -> SolveResult:
    """``automata`` without the line solver: solve and prove on one incremental PySAT
    solver."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                           default_solver=DEFAULT_SAT_SOLVER, name="automata")


def run_cpsat(puzzle: NonogramPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model: a Boolean per cell, an ``AddAutomaton`` per
    line; the clock covers importing OR-Tools too."""
    with gc_paused():
        return _run_cpsat(puzzle, deadline_of(time_limit))


def _run_cpsat(puzzle: NonogramPuzzle, deadline: float | None) -> SolveResult:
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import NUM_WORKERS, CpSatSession

    stats = SolveStats(backend="cpsat", encoding="automata-cpsat")
    start = perf_counter()
    try:
        cp = cp_model.CpModel()
        cells = puzzle.width * puzzle.height
        variables: list[Any] = [None]
        for v in range(1, cells + 1):
            if v % CLOCK_STEP == 0:
                check_clock(deadline)
            variables.append(cp.new_bool_var(f"v{v}"))
        for lits, clue in line_cells(puzzle, _numbering(puzzle)):
            check_clock(deadline)
            dfa = run_sequence_dfa(clue)
            cp.add_automaton([variables[v] for v in lits], dfa.start, sorted(dfa.accepting),
                             dfa.triples())
        check_clock(deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    session = CpSatSession(cp)
    stats.variables, stats.clauses = session.variables(), session.constraints()
    stats.encode_s = perf_counter() - start
    search = CpSatConnectedSearch(session, variables, ConnectivityCuts(NO_GRAPH, []),
                                  list(range(1, cells + 1)), deadline)

    def decode(truth: tuple[bool, ...]) -> NonogramSolution:
        return NonogramSolution(np.array(truth, dtype=bool).reshape(puzzle.height,
                                                                    puzzle.width))

    result = solve_and_prove(puzzle, search, decode, stats)
    stats.clauses = session.constraints()
    stats.add_effort(session.effort)
    stats.extra.update(sat_calls=search.calls, num_workers=NUM_WORKERS)
    return result


def _decode_rows(puzzle: NonogramPuzzle) -> Callable[[list[int]], NonogramSolution]:
    """Rows given as masks of shaded cells (bit ``c``: column ``c``) as a solution."""
    width = puzzle.width

    def decode(rows: list[int]) -> NonogramSolution:
        text = "".join(format(row, f"0{width}b")[::-1] for row in rows)
        cells = np.frombuffer(text.encode(), dtype=np.uint8) == ord("1")
        return NonogramSolution(cells.reshape(puzzle.height, width))

    return decode


def _numbering(puzzle: NonogramPuzzle) -> np.ndarray:
    """The cells' variables ``1..W*H``, row-major, as a grid."""
    return np.arange(1, puzzle.width * puzzle.height + 1).reshape(puzzle.height, puzzle.width)
