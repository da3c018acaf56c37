"""Shikaku strategies: ``cover`` (the default, CNF on one incremental PySAT solver) and
``cover-cpsat`` (CP-SAT).

``cover`` first narrows the rectangles and tries the few choices left
(:mod:`pencilsat.encodings.shikaku_narrowing`): the answers found so go to the one
uniqueness procedure without a solver (all but 19 of 448 janko grids). Otherwise both
build :mod:`pencilsat.encodings.shikaku` (an exact cover of candidate rectangles, every
rule a count) and hand it to the one uniqueness procedure through the shared runs of
:mod:`~pencilsat.strategies.connected_runs` (no connectivity requirement, so no cuts): on
CNF MiniCard takes the exactly-one counts natively (on another ``--sat-solver`` they are
written by :func:`~pencilsat.encodings.partition.exactly_one_clauses`, a quarter of the time
of the totalizer the shading genres take), on CP-SAT they are linear sums. Every rule is a
clause, so the ``complete_cnf`` is the certificate's formula too (no ``certify_cnf``).
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

import numpy as np

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.connectivity import Clause
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.partition import exactly_one_clauses
from pencilsat.encodings.shikaku import ShikakuEncoding, build
from pencilsat.encodings.shikaku_narrowing import (
    covers,
    narrow,
    rectangle_masks,
    settled_answer,
    takes_masks,
)
from pencilsat.puzzles.shikaku import ShikakuPuzzle, ShikakuSolution
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    NATIVE_CARDINALITY,
    ConnectedModel,
    run_shading_cpsat,
    shading_model,
    solve_on_pysat,
)
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

DEFAULT_SOLVER = "minicard"
"""The ``cover`` strategy's SAT solver: CPU per puzzle on every 8th janko, median / max,
6.0 / 12 ms on MiniCard (native counts) against 9.1 / 24 ms on CaDiCaL with
``exactly_one_clauses``."""


def _exactly_one(model: ConnectedModel, deadline: float | None) -> tuple[list[Clause], int]:
    return exactly_one_clauses(model.counts, model.num_vars, deadline)


def run_cnf(puzzle: ShikakuPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Narrow the rectangles first and, where narrowing leaves a choice, try them
    (:mod:`~pencilsat.encodings.shikaku_narrowing`, with no count or backbone asked): the
    answers found so, or none, go to the one uniqueness procedure without a solver. A grid
    whose trials take too long, and a count or backbone, are solved and proved over the
    rectangles left on one incremental PySAT solver: MiniCard unless ``sat_solver``.
    On a solver with native counts every exactly-one is its clause and one native "at most
    one" (:func:`cover_clauses`, straight through
    :func:`~pencilsat.strategies.csp_solve.solve_clauses`: none of the connectivity runs'
    set-up, a quarter of the CPU); on another solver they are
    :func:`~pencilsat.encodings.partition.exactly_one_clauses` on the shared runs."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    name = pysat_name(sat_solver, DEFAULT_SOLVER)
    masks: list[list[int]] | None = None
    if asked() is None and takes_masks(puzzle):
        done, masks = _without_clauses(puzzle, start, deadline)
        if done is not None:
            return done
    if name in NATIVE_CARDINALITY:
        groups: list[list[int]] = []

        def encode() -> ClauseEncoding:
            encoding, at_most = cover_clauses(puzzle, deadline, masks)
            groups.extend(at_most)
            return encoding

        result = solve_clauses(puzzle, encode, sat_solver=name, time_limit=time_limit,
                               at_most_one=lambda: groups)
    else:
        result = solve_on_pysat(
            puzzle, lambda: shading_model(build(puzzle, deadline=deadline, masks=masks)),
            _exactly_one, solver_name=name, deadline=deadline, grown_cuts=GROWN_CUTS)
    result.stats.encoding = "cover"  # the shared run names itself "lazy"; nothing is lazy here
    return result


class ListedAnswers:
    """The answers :func:`_without_clauses` found (each one rectangle mask per number), as
    the uniqueness procedure's answer search: the first not forbidden."""

    def __init__(self, answers: list[list[int]]) -> None:
        self.answers = answers

    def next_answer(self) -> list[int] | None:
        return self.answers[0] if self.answers else None

    def forbid(self, answer: list[int]) -> None:
        self.answers = [other for other in self.answers if other is not answer]


def _without_clauses(puzzle: ShikakuPuzzle, start: float, deadline: float | None
                     ) -> tuple[SolveResult | None, list[list[int]] | None]:
    """The result of narrowing and trials (:mod:`~pencilsat.encodings.shikaku_narrowing`)
    when they decide, else ``None`` and the rectangles left. Narrowing removes only
    rectangles no answer takes, and the trials leave a branch only when narrowing shows it
    has no answer, so the two answers they look for are any two answers there are."""
    cells = puzzle.width * puzzle.height
    try:
        with gc_paused():  # thousands of masks and lists, no cycle among them
            masks = rectangle_masks(puzzle, deadline)
            answers: list[list[int]] | None
            if not narrow(masks, cells, deadline):
                answers, by = [], "narrowing"
            elif max(map(len, masks), default=1) == 1:
                answers, by = [[ms[0] for ms in masks]], "narrowing"
            else:
                answers, by = covers(masks, cells, deadline), "search"
    except TimeLimitReached:
        return stopped(puzzle, SolveStats(backend="cnf", encoding="cover")), None
    if answers is None:
        return None, masks
    stats = SolveStats(backend="cnf", encoding="cover", variables=0, clauses=0,
                       extra={"settled_by": by})
    stats.encode_s = perf_counter() - start
    return solve_and_prove(puzzle, ListedAnswers(answers),
                           lambda answer: settled_answer(puzzle, answer), stats), None


def cover_clauses(puzzle: ShikakuPuzzle, deadline: float | None = None,
                  masks: list[list[int]] | None = None
                  ) -> tuple[ClauseEncoding, list[list[int]]]:
    """The exact cover as clauses (each count's "at least one") and the groups of which at
    most one may hold (each count of two or more placements), for a solver with native
    counts; ``masks``: the rectangles narrowing left (``None``: all)."""
    encoding = build(puzzle, deadline=deadline, masks=masks)
    groups = [lits for lits, _ in encoding.sizes]
    return (ClauseEncoding("cover", encoding.num_vars, [*encoding.clauses, *groups],
                           list(encoding.answer), _decoder(encoding, encoding.num_vars)),
            [lits for lits in groups if len(lits) > 1])


def _decoder(encoding: ShikakuEncoding, top: int) -> Callable[[set[int]], ShikakuSolution]:
    """The solution of a model's true literals (variables past ``top`` ignored)."""

    def decode(true: set[int]) -> ShikakuSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in true if 0 < v <= top]] = True
        return encoding.decode(values)

    return decode


def run_cpsat(puzzle: ShikakuPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model (the counts as linear sums)."""
    result = run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                               time_limit=time_limit)
    result.stats.encoding = "cover-cpsat"
    return result


def complete_cnf(puzzle: ShikakuPuzzle) -> ClauseEncoding:
    """The exact cover as one fixed clause list, the ``cover`` run's own clauses (the
    counts as :func:`~pencilsat.encodings.partition.exactly_one_clauses`), for ``pencilsat
    study`` and certificates."""
    encoding = build(puzzle)
    counts, top = exactly_one_clauses(encoding.sizes, encoding.num_vars)
    return ClauseEncoding("complete", top, [*encoding.clauses, *counts],
                          list(encoding.answer), _decoder(encoding, top))
