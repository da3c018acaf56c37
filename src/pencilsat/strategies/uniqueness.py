"""The one uniqueness procedure: find an answer, forbid it, look for another.

Every strategy and path goes through :func:`prove`: the CSP layer on CNF or CP-SAT, the
clause-level encodings, the lazy loop and connectivity cut searches, the Sudoku batch and the
generator's trials. A strategy supplies an :class:`AnswerSearch`: ``next_answer()`` returns
an answer, ``None`` when there is none left, or raises
:class:`~pencilsat.core.result.TimeLimitReached`; ``forbid(answer)`` adds "some answer atom
differs". A second answer is a genuinely different answer, so ``None`` after the forbid
proves the first unique. A time-out anywhere is ``unknown``, never a guessed verdict.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from time import perf_counter
from typing import Any, Generic, Protocol, TypeVar

from pencilsat.core.record import Record
from pencilsat.core.result import (
    SolveResult,
    SolveStats,
    TimeLimitReached,
    Verdict,
    limit_message,
)
from pencilsat.strategies.solution_space import asked, explore

A = TypeVar("A")


class AnswerSearch(Protocol[A]):
    def next_answer(self) -> A | None:
        """An answer not forbidden yet; ``None`` when none is left. Raises
        ``TimeLimitReached`` when the time limit passes first."""
        ...

    def forbid(self, answer: A) -> None:
        """Forbid ``answer`` from every later ``next_answer``."""
        ...


class Proof(Record, Generic[A]):
    """What :func:`prove` found: the verdict, the answers, the time of each phase."""

    __slots__ = ("verdict", "first", "second", "solve_s", "uniqueness_s", "message")

    def __init__(self, verdict: Verdict, first: A | None = None, second: A | None = None,
                 solve_s: float | None = None, uniqueness_s: float | None = None,
                 message: str = "") -> None:
        self.verdict = verdict
        self.first = first
        self.second = second
        self.solve_s = solve_s
        self.uniqueness_s = uniqueness_s
        self.message = message


def prove(search: AnswerSearch[A], *, known: A | None = None) -> Proof[A]:
    """Find an answer, forbid it, look for a second; with ``known``, start from that answer
    (the generator's trials: is ``known`` still the only answer?)."""
    proof: Proof[A] = Proof(Verdict.UNKNOWN)
    start = perf_counter()
    try:
        first = search.next_answer() if known is None else known
    except TimeLimitReached as reached:
        proof.solve_s = perf_counter() - start
        proof.message = reached.message("search")
        return proof
    proof.solve_s = perf_counter() - start
    if first is None:
        proof.verdict = Verdict.NONE
        return proof
    proof.first = first
    start = perf_counter()
    try:
        search.forbid(first)
        second = search.next_answer()
    except TimeLimitReached as reached:
        proof.uniqueness_s = perf_counter() - start
        proof.message = reached.message("proof")
        return proof
    proof.uniqueness_s = perf_counter() - start
    if second is None:
        proof.verdict = Verdict.UNIQUE
    else:
        proof.verdict, proof.second = Verdict.MULTIPLE, second
    return proof


def solve_and_prove(puzzle: Any, search: AnswerSearch[A], decode: Callable[[A], Any],
                    stats: SolveStats) -> SolveResult:
    """:func:`prove` as a :class:`SolveResult`: answers decoded to the genre's solutions,
    the differences listed, the phase times in ``stats``; then the count or the backbone
    when the run is asked for them (:mod:`pencilsat.strategies.solution_space`)."""
    proof = prove(search)
    stats.solve_s = proof.solve_s
    stats.uniqueness_s = proof.uniqueness_s
    result = result_of(puzzle, proof, decode, stats)
    task = asked()
    if task is not None:
        explore(result, search, proof, decode, task)
    return result


def result_of(puzzle: Any, proof: Proof[A], decode: Callable[[A], Any],
              stats: SolveStats) -> SolveResult:
    solution = None if proof.first is None else decode(proof.first)
    other = None if proof.second is None else decode(proof.second)
    differences = (solution.differing_cells(other)
                   if solution is not None and other is not None else [])
    return SolveResult(proof.verdict, puzzle, solution, other, differences, stats=stats,
                       message=proof.message)


def stopped(puzzle: Any, stats: SolveStats, phase: str = "encoding") -> SolveResult:
    """The ``unknown`` of a run whose time limit (or memory budget) passed in ``phase``
    before the search began (a huge grid takes seconds to encode). Called in the ``except
    TimeLimitReached`` block: the exception being handled says which limit it was."""
    reached = sys.exc_info()[1]
    cause = reached.cause if isinstance(reached, TimeLimitReached) else "time"
    return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats,
                       message=limit_message(phase, cause))
