"""Nonogram's answers by branching on the line solver: a cell shaded, then empty, each
taken to the line solver's fixed point (:mod:`pencilsat.encodings.nonogram_lines`), until
every cell is known or some line fits no placement.

The line solver is sound and its fixed point on a fully known grid fits every line, so every
settled leaf is an answer and every answer is some leaf: the leaves, in order, are all the
answers, each once. What the line solver leaves open is often a handful of cells a single
branch decides (75 of 719 janko puzzles are left open), where writing and loading the run
automata's clauses for a SAT solver costs ten times as much. The search stops at a budget
of line deductions (:class:`BudgetSpent`), after which the caller takes the SAT path.
"""

from __future__ import annotations

from collections.abc import Iterator

from pencilsat.encodings.nonogram_lines import LineSolve, propagate
from pencilsat.puzzles.nonogram import NonogramPuzzle


class BudgetSpent(Exception):
    """The search made more line deductions than its budget allowed."""


def _open_cell(state: LineSolve) -> tuple[int, int]:
    """The cell to branch on: the first open one of the row with the fewest open cells."""
    full = (1 << state.width) - 1
    best = None
    for r, (s, e) in enumerate(zip(state.shaded, state.empty, strict=True)):
        open_cells = full & ~(s | e)
        if open_cells:
            count = open_cells.bit_count()
            if best is None or count < best[0]:
                best = (count, r, open_cells)
    assert best is not None, "a state with no open cell is settled"
    _, r, open_cells = best
    return r, (open_cells & -open_cells).bit_length() - 1


def answers(puzzle: NonogramPuzzle, state: LineSolve, budget: int,
            deadline: float | None = None) -> Iterator[list[int]]:
    """Every answer agreeing with ``state`` (a line solver's fixed point, not settled and
    not contradicted), as its rows' masks of shaded cells, each once; ``BudgetSpent`` once
    more than ``budget`` line deductions were made since ``state``'s."""
    stack = [state]
    spent = 0
    while stack:
        here = stack.pop()
        r, c = _open_cell(here)
        for shade in (False, True):  # the shaded branch is searched first (pushed last)
            branch = here.copy()
            if shade:
                branch.shaded[r] |= 1 << c
                branch.col_shaded[c] |= 1 << r
            else:
                branch.empty[r] |= 1 << c
                branch.col_empty[c] |= 1 << r
            propagate(puzzle, branch, (r,), (c,), deadline)
            spent += branch.lines - here.lines
            if spent > budget:
                raise BudgetSpent
            if branch.contradiction:
                continue
            if branch.settled:
                yield branch.shaded
            else:
                stack.append(branch)
