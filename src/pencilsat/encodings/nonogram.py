"""Nonogram as clauses: every line's clue is the regular constraint of its run automaton.

The ``shaded`` variables of a :class:`~pencilsat.encodings.shading.ShadingGrid` (``1..W*H``,
row-major), and per row and column the layered states of
:func:`~pencilsat.encodings.regular.run_sequence_dfa` over its cells
(:func:`~pencilsat.encodings.regular.lines_of_runs`, the regular constraint written with
numpy, the rows in one pass and the columns in another: unit propagation on a line is the
line solver a person uses, every cell its clue allows or forbids in every placement). A
state exists only where some placement of the runs passes it, so a line of length ``n``
with slack ``n - cells_needed`` has about ``(runs + cells) * (slack + 1)`` state variables.

No connectivity and no count: every rule is a clause, so the shading runs of
:mod:`~pencilsat.strategies.connected_runs` solve it in one call and prove it in one more,
and :func:`complete_cnf` is both what ``pencilsat study`` measures and what a certificate
is about. CP-SAT takes the same automata natively (``strategies/nonogram.py``).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.regular import lines_of_runs
from pencilsat.encodings.shading import ShadingGrid, complete_encoding
from pencilsat.puzzles.nonogram import Clue, NonogramPuzzle, NonogramSolution

LINES_PER_STACK = 64
"""Lines written by one numpy pass between two looks at the clock (a 1000x1000 grid's
lines take seconds in all)."""
NonogramEncoding = ShadingEncoding[NonogramSolution]
"""The line automata of a Nonogram."""


def line_cells(puzzle: NonogramPuzzle, shaded: np.ndarray) -> list[tuple[list[int], Clue]]:
    """Every line's cell literals (left to right, top to bottom) with its clue: rows, then
    columns; a line whose clue is not given (``?``) has none to encode and is left out."""
    return ([(shaded[r].tolist(), clue) for r, clue in enumerate(puzzle.rows)
             if clue is not None]
            + [(shaded[:, c].tolist(), clue) for c, clue in enumerate(puzzle.columns)
               if clue is not None])


def build(puzzle: NonogramPuzzle, *, deadline: float | None = None) -> NonogramEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    lines = line_cells(puzzle, grid.shaded)
    given_rows = sum(clue is not None for clue in puzzle.rows)
    for part in (lines[:given_rows], lines[given_rows:]):  # rows, then columns
        for first in range(0, len(part), LINES_PER_STACK):
            check_clock(deadline)
            clauses, grid.top = lines_of_runs(part[first:first + LINES_PER_STACK], grid.top)
            grid.clauses.extend(clauses)  # fresh lists: no copy (``grid.add`` copies)
    return grid.encoding(NonogramSolution)


def complete_cnf(puzzle: NonogramPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list whose models are exactly the answers (each
    answer with its one state per line position)."""
    return complete_encoding("automata", build(puzzle))
