"""The ``direct`` run of a Latin square with boxes of any shape (Jigsaw Sudoku): naked and
hidden singles on one integer (:mod:`pencilsat.strategies.latin_bits`), then branching on
them, as :mod:`~pencilsat.strategies.narrowed_digits` does over its groups.

The search: the singles' fixpoint from the givens; a contradiction ends a branch, a grid of
single digits is an answer (the singles at their fixpoint are the rules), else branch on the
first open cell with the fewest digits left, one branch per digit (the largest tried first),
depth first. Branches take different digits at a cell, so their answers differ and none is
found twice. The fixpoint is the one the house groups of
:class:`~pencilsat.encodings.cage_sums.Narrowing` reach (the same rules), so the tree, its
``decisions`` and ``conflicts``, the budget of :data:`~narrowed_digits.MAX_BRANCHES` and the
grids left wide for the clause path are those of the groups; ``propagations`` counts the
fixpoint's rounds (a round reads every cell, or every house), a function of the puzzle alone.
A 9x9's state is a 729-bit integer: a branch copies nothing but it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from time import perf_counter
from typing import Any

from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import mask_rows
from pencilsat.strategies import narrowed_digits
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.latin_bits import LatinBits
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.uniqueness import stopped


class BitSearch:
    """Depth-first answers of the singles from the root state ``root`` (at its fixpoint;
    ``None``: a contradiction), each a state with one digit per cell."""

    def __init__(self, bits: LatinBits, root: tuple[int, int] | None,
                 deadline: float | None, max_branches: int) -> None:
        self.bits = bits
        self.stack: list[tuple[int, int, bool]] = [] if root is None else [(*root, False)]
        self.deadline = deadline
        self.max_branches = max_branches
        self.decisions = 0
        self.conflicts = 0 if root is not None else 1
        self.rounds = 0
        """Rounds of the fixpoint in the branches (the root's are the caller's)."""

    def next_answer(self) -> int | None:
        bits, stack = self.bits, self.stack
        fixpoint, area, width = bits.fixpoint, bits.n * bits.n, bits.lines.width
        while stack:
            x, placed, branch = stack.pop()
            if branch:
                self.decisions += 1
                if self.decisions > self.max_branches:
                    raise narrowed_digits.GaveUp
                if self.decisions % narrowed_digits.CLOCK_EVERY == 0:
                    check_clock(self.deadline, "search")
                x, placed, rounds = fixpoint(x, placed)
                self.rounds += rounds
                if not x:
                    self.conflicts += 1
                    continue
            if x.bit_count() == area:
                return x
            cell = bits.branch_cell(x)
            for d in range(bits.n):
                bit = 1 << d * width + cell
                if x & bit:
                    stack.append((bits.place(x, cell, d), placed | bit, True))
        return None

    def forbid(self, answer: int) -> None:
        """Nothing to do: no later branch holds ``answer``."""


@lru_cache(maxsize=64)
def layout_bits(n: int, box_bytes: bytes) -> LatinBits:
    """:class:`LatinBits` of a layout (box numbers as int32 bytes, row-major), kept for
    the next puzzle of the same boxes."""
    return LatinBits(n, memoryview(box_bytes).cast("i").tolist())


def run_latin(puzzle: Any, decode: Callable[[Any], Any],
              clauses: Callable[[float | None, Any], ClauseEncoding],
              sat_solver: str | None, time_limit: float | None, wide: int) -> SolveResult:
    """``puzzle`` (with ``givens``, ``boxes`` and ``size``) by the singles and branching;
    ``decode`` makes a solution of a grid of digits, ``clauses(deadline, candidates)`` the
    complete clause list over the candidates the singles leave (the path of a count, a
    backbone, a grid past the branch budget, or one left with ``wide`` candidates or more
    beyond one a cell)."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    n = puzzle.size
    bits = layout_bits(n, puzzle.boxes.ids.astype("int32", copy=False).tobytes())
    try:
        check_clock(deadline)
        x, placed = bits.start(puzzle.givens.ravel().tolist())
        rounds = 0
        if x:
            x, placed, rounds = bits.fixpoint(x, placed)
    except TimeLimitReached:
        return stopped(puzzle, SolveStats(backend="cnf", encoding="direct"))

    def candidates() -> list[list[bool]]:
        return mask_rows(bits.masks(x), n) if x else [[False] * n for _ in range(n * n)]

    if asked() is not None or x.bit_count() - n * n >= wide:
        can = candidates()
        return solve_clauses(puzzle, lambda: clauses(deadline, can), sat_solver=sat_solver,
                             time_limit=time_limit)
    search = BitSearch(bits, (x, placed) if x else None, deadline,
                       narrowed_digits.MAX_BRANCHES)
    return narrowed_digits.searched(
        puzzle, search, lambda answer: decode(bits.digits(answer)), candidates, clauses,
        start, deadline, sat_solver, time_limit, lambda: rounds + search.rounds)
