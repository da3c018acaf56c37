"""Nonogram as clauses: every line's clue is the regular constraint of its run automaton.

The ``shaded`` variables of a :class:`~pencilsat.encodings.shading.ShadingGrid` (``1..W*H``,
row-major), and per row and column the layered states of
:func:`~pencilsat.encodings.regular.run_sequence_dfa` over its cells
(:func:`~pencilsat.encodings.regular.run_clauses`, the regular constraint written with
numpy: unit propagation on a line is the line solver a person uses, every cell its clue
allows or forbids in every placement). A
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
from pencilsat.encodings.regular import run_clauses
from pencilsat.encodings.shading import ShadingGrid, complete_encoding
from pencilsat.puzzles.nonogram import Clue, NonogramPuzzle, NonogramSolution

NonogramEncoding = ShadingEncoding[NonogramSolution]
"""The line automata of a Nonogram."""


def line_cells(puzzle: NonogramPuzzle, shaded: np.ndarray) -> list[tuple[list[int], Clue]]:
    """Every line's cell literals (left to right, top to bottom) with its clue: rows, then
    columns."""
    return ([(shaded[r].tolist(), clue) for r, clue in enumerate(puzzle.rows)]
            + [(shaded[:, c].tolist(), clue) for c, clue in enumerate(puzzle.columns)])


def build(puzzle: NonogramPuzzle, *, deadline: float | None = None) -> NonogramEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    for cells, clue in line_cells(puzzle, grid.shaded):
        check_clock(deadline)
        clauses, grid.top = run_clauses(cells, clue, grid.top)
        grid.clauses.extend(clauses)  # fresh lists: no copy (``grid.add`` copies)
    return grid.encoding(NonogramSolution)


def complete_cnf(puzzle: NonogramPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list whose models are exactly the answers (each
    answer with its one state per line position)."""
    return complete_encoding("automata", build(puzzle))
