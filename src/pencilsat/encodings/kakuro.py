"""Kakuro as SAT: one literal per white cell and digit it may hold, exactly one digit per
cell, and every run a cage of :mod:`pencilsat.encodings.cage_sums` (distinct digits; one of
the digit sets with the run's sum chosen by a selector, a digit in no such set ruled out).

A cell's digits are those left by :mod:`pencilsat.encodings.kakuro_narrowing` (its runs'
digit sets, naked and hidden singles, two-cell runs' partners; a 2-cell 3 across a 2-cell 4
leaves only 1), so no literal is made for a digit the narrowing rules out.

``complete_cnf``: those clauses, whose models are exactly the answers: the ``direct``
strategy loads them into PySAT when a count or a backbone is asked, ``cpsat`` into CP-SAT
as they are (the runs' sums beside them only cost CPU); ``pencilsat study`` and
certificates use them too. ``open_cnf``: the same over the cells the narrowing leaves open,
the settled ones written in (``direct``'s verdict alone: a quarter less CPU on the janko
puzzles the narrowing does not settle, the same answers).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.cage_sums import cage_clauses
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.kakuro_narrowing import narrow_runs, run_layout
from pencilsat.puzzles.kakuro import DIGITS, KakuroPuzzle, KakuroSolution

LOOK_EVERY = 256
"""Runs built between two looks at the clock (and the memory budget)."""


def white_cells(puzzle: KakuroPuzzle) -> list[Cell]:
    """The white cells, row-major (the order of the masks)."""
    rows, columns = np.nonzero(puzzle.white)
    return list(zip(rows.tolist(), columns.tolist(), strict=True))


def narrowed_masks(puzzle: KakuroPuzzle, deadline: float | None = None) -> list[int] | None:
    """The candidate masks of the white cells (row-major, bit ``d`` for digit ``d``) after
    :func:`~pencilsat.encodings.kakuro_narrowing.narrow_runs`: a run's digit sets are those
    with its sum whose digits all fit some cell and that meet every cell, a cell keeps the
    digits of its runs' sets, naked and hidden singles. ``None`` at a contradiction (a run
    longer than nine cells, a sum out of reach, ...): there is no answer."""
    return narrow_runs(run_layout(puzzle), deadline)


def candidates(puzzle: KakuroPuzzle, deadline: float | None = None) -> dict[Cell, list[int]]:
    """The digits each white cell may hold after :func:`narrowed_masks` (none anywhere at a
    contradiction). The formula keeps exactly the answers, with fewer literals and
    selectors (most cells of a janko puzzle keep one to three digits; many are settled)."""
    cells = white_cells(puzzle)
    masks = narrowed_masks(puzzle, deadline)
    if masks is None:
        return {cell: [] for cell in cells}
    return {cell: [d for d in DIGITS if mask >> d & 1]
            for cell, mask in zip(cells, masks, strict=True)}


def literals(puzzle: KakuroPuzzle, deadline: float | None = None,
             cands: dict[Cell, list[int]] | None = None) -> dict[Cell, dict[int, int]]:
    """Variables ``1..`` for "white cell holds digit", row-major, by cell and digit (over
    ``cands``, :func:`candidates`' result when the caller has it)."""
    out: dict[Cell, dict[int, int]] = {}
    top = 0
    if cands is None:
        cands = candidates(puzzle, deadline)
    for cell, digits in sorted(cands.items()):
        out[cell] = {d: top + i + 1 for i, d in enumerate(digits)}
        top += len(digits)
    return out


def complete_cnf(puzzle: KakuroPuzzle, deadline: float | None = None,
                 cands: dict[Cell, list[int]] | None = None) -> ClauseEncoding:
    """One digit per white cell, each run's cage clauses; the answer literals are every
    cell-digit variable (over ``cands``, :func:`candidates`' result when the caller has
    it). Past ``deadline`` (or the memory budget), the build stops with
    :class:`~pencilsat.core.result.TimeLimitReached`."""
    runs = puzzle.runs()
    check_clock(deadline)
    lits = literals(puzzle, deadline, cands)
    top = sum(len(digits) for digits in lits.values())
    clauses: list[list[int]] = []
    for i, digits in enumerate(lits.values()):
        if i % (LOOK_EVERY * 16) == 0:
            check_clock(deadline)
        clauses.append(list(digits.values()))
        clauses += [[-a, -b] for a, b in combinations(digits.values(), 2)]

    def new_var() -> int:
        nonlocal top
        top += 1
        return top

    for i, run in enumerate(runs):
        if i % LOOK_EVERY == 0:
            check_clock(deadline)
        clauses += cage_clauses([lits[cell] for cell in run.cells], run.total, new_var)
    answer = [lit for digits in lits.values() for lit in digits.values()]
    cell_of = {lit: cell for cell, digits in lits.items() for lit in digits.values()}
    digit_of = {lit: d for digits in lits.values() for d, lit in digits.items()}
    shape = puzzle.white.shape

    def decode(true: set[int]) -> KakuroSolution:
        grid = np.zeros(shape, dtype=np.int16)
        for lit in answer:
            if lit in true:
                grid[cell_of[lit]] = digit_of[lit]
        return KakuroSolution(grid)

    return ClauseEncoding("direct", top, clauses, answer, decode)


def open_cnf(puzzle: KakuroPuzzle, masks: Sequence[int],
             deadline: float | None = None) -> ClauseEncoding:
    """:func:`complete_cnf` over the cells ``masks`` (:func:`narrowed_masks`' fixpoint,
    row-major) leave open, the settled ones written in: a literal per open cell and digit,
    one digit per open cell, each run's cage over its open cells with the settled digits
    taken off its sum, no clause for a run without an open cell. At the fixpoint every run's
    settled digits differ and are gone from its open cells, so the models are exactly the
    answers; the answer literals are the open cells'."""
    cells = white_cells(puzzle)
    lits: dict[Cell, dict[int, int]] = {}
    fixed: dict[Cell, int] = {}
    top = 0
    clauses: list[list[int]] = []
    for cell, mask in zip(cells, masks, strict=True):
        if mask & (mask - 1):
            digits = {d: top + k + 1
                      for k, d in enumerate(d for d in DIGITS if mask >> d & 1)}
            top += len(digits)
            lits[cell] = digits
            clauses.append(list(digits.values()))
            clauses += [[-a, -b] for a, b in combinations(digits.values(), 2)]
        else:
            fixed[cell] = mask.bit_length() - 1

    def new_var() -> int:
        nonlocal top
        top += 1
        return top

    for i, run in enumerate(puzzle.runs()):
        if i % LOOK_EVERY == 0:
            check_clock(deadline)
        group = [lits[cell] for cell in run.cells if cell in lits]
        if group:
            total = (None if run.total is None else
                     run.total - sum(fixed[cell] for cell in run.cells if cell in fixed))
            clauses += cage_clauses(group, total, new_var)
    answer = [lit for digits in lits.values() for lit in digits.values()]
    where = {lit: (cell, d) for cell, digits in lits.items() for d, lit in digits.items()}
    shape = puzzle.white.shape

    def decode(true: set[int]) -> KakuroSolution:
        grid = np.zeros(shape, dtype=np.int16)
        for cell, digit in fixed.items():
            grid[cell] = digit
        for lit in answer:
            if lit in true:
                grid[where[lit][0]] = where[lit][1]
        return KakuroSolution(grid)

    return ClauseEncoding("direct", top, clauses, answer, decode)


def settled_grid(puzzle: KakuroPuzzle, masks: Sequence[int]) -> np.ndarray | None:
    """The grid of digits (0 on black cells) when every white cell's mask (row-major) keeps
    exactly one digit; ``None`` otherwise."""
    digits = []
    for mask in masks:
        if mask & (mask - 1):
            return None
        digits.append(mask.bit_length() - 1)
    grid = np.zeros(puzzle.white.shape, dtype=np.int16)
    grid[puzzle.white] = digits
    return grid
