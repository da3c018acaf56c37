"""Shakashaka's open puzzle for the clue maker: black cells drawn with an answer, none
numbered.

Black cells at random mostly have no answer at all (the white areas cannot all be cut into
rectangles: at 10x10 with one black cell in ten, 3 layouts in 5), and those that have one
are rarely pinned by every number: at one in four, seeds 1-12 at 10x10 took 1-77 candidates
and 12x12 seed 4 none within the budget of 200. So the black cells come from a random
answer: one SAT call over every cell of an empty grid, each cell's four quarters
(``encodings.shakashaka``'s variables) and a *black* literal that blackens all four; a cell
not black has none or two neighbouring quarters black, and the rectangle rule runs around
every grid point as for a puzzle (a black cell's quarters are black there too). Phases drawn
from the seed make about :data:`BLACK_SHARE` of the cells black and few quarters. The
triangles are dropped: the maker draws its own answer, which exists. Black cells that pin
their answer without any number are drawn again. At 10x10 a puzzle takes
one or two candidates (0.08 s of CPU), at 15x15 a median 4 (0.9 s), at 20x20 8 (5 s).
The clues are the black cells' numbers.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.encodings.shakashaka import quarter_grid, rectangle_clauses, sectors
from pencilsat.generators.clue_maker import SAT_SOLVER
from pencilsat.generators.size_limits import smallest_side
from pencilsat.puzzles.shakashaka import (
    BLACK,
    BOTTOM,
    LEFT,
    RIGHT,
    TOP,
    WHITE,
    ShakashakaPuzzle,
)

BLACK_SHARE = 0.25
"""The phase of a cell's black literal is true with this chance (about a quarter of the
cells come out black; janko's grids, placed by a setter, have one in ten, but random ones
that sparse leave white areas few numbers reach)."""
QUARTER_SHARE = 0.2
"""The phase of a quarter's literal is black with this chance (triangles are few)."""
SMALLEST_SIDE = 2
NO_SYMMETRY = ("the numbers stand on black cells drawn without symmetry")
"""Why ``--symmetry`` is refused."""


refuse_size = smallest_side(SMALLEST_SIDE)
"""Why a size is not drawn (``None``: it is)."""


def open_puzzle(rng: random.Random, width: int, height: int) -> ShakashakaPuzzle | None:
    """Black cells of a random answer, none numbered; ``None`` (draw again) when they alone
    pin the answer, which would make a puzzle without a number (3 grids in 8 at 5x5)."""
    black = random_black_cells(rng, width, height)
    if black is None:
        return None
    puzzle = ShakashakaPuzzle(np.where(black, BLACK, WHITE))
    return None if _answers_up_to_two(puzzle) < 2 else puzzle


def _answers_up_to_two(puzzle: ShakashakaPuzzle) -> int:
    """How many answers ``puzzle`` has, counted up to two (its complete clause list, the
    first answer blocked on its quarters)."""
    from pysat.solvers import Solver

    from pencilsat.encodings.shakashaka import complete_cnf

    encoding = complete_cnf(puzzle)
    solver = Solver(name=SAT_SOLVER, bootstrap_with=encoding.clauses)
    try:
        found = 0
        while found < 2 and pysat_calls.solve_whole(solver):
            found += 1
            model = solver.get_model()
            solver.add_clause([-model[v - 1] for v in encoding.answer])
        return found
    finally:
        solver.delete()


def random_black_cells(rng: random.Random, width: int, height: int) -> np.ndarray | None:
    """The black cells of a random answer of an empty grid (module docstring)."""
    from pysat.solvers import Solver

    cells = width * height
    quarters = np.arange(1, 4 * cells + 1, dtype=np.int64).reshape(-1, 4)
    black = np.arange(4 * cells + 1, 5 * cells + 1, dtype=np.int64)
    top, right, bottom, left = (quarters[:, k] for k in (TOP, RIGHT, BOTTOM, LEFT))
    clauses: list[list[int]] = []
    for row in ((-black, top), (-black, right), (-black, bottom), (-black, left),
                (black, -top, -bottom), (black, -left, -right), (-top, left, right),
                (-bottom, left, right), (-left, top, bottom), (-right, top, bottom)):
        clauses += np.stack(row, axis=1).tolist()
    empty = ShakashakaPuzzle(np.full((height, width), WHITE))
    clauses += rectangle_clauses(sectors(quarter_grid(empty, quarters)))
    phases = [v if rng.random() < BLACK_SHARE else -v for v in black.tolist()]
    phases += [v if rng.random() < QUARTER_SHARE else -v for v in quarters.ravel().tolist()]
    solver = Solver(name=SAT_SOLVER, bootstrap_with=clauses)
    try:
        solver.set_phases(phases)
        if not pysat_calls.solve_whole(solver):
            return None
        true = {lit for lit in solver.get_model() if lit > 0}
    finally:
        solver.delete()
    return np.array([v in true for v in black.tolist()], dtype=bool).reshape(height, width)
