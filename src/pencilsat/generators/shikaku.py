"""Shikaku's open puzzle and answer for the clue maker: random rectangles, a ``?`` in each.

As Tatham's ``rect.c`` makes a grid: the grid is tiled with random rectangles
(:func:`~pencilsat.puzzles.random_regions.random_rectangles`, 2 to :data:`LARGEST_AREA`
cells, a 1x1 only where nothing larger fits), and each rectangle gets its number on a random
cell of it. The open puzzle holds ``?`` there (a rectangle of any area around it), the
answer is the rectangles; the clues are the areas. Every rectangle keeps its numbered cell,
the usual form (one number per rectangle): the loop makes the fewest areas needed, the others
stay ``?`` (Shikaku's clue tools take a number away as ``?``).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.generators.size_limits import smallest_side
from pencilsat.puzzles.number_grid import EMPTY
from pencilsat.puzzles.random_regions import random_rectangles
from pencilsat.puzzles.shikaku import UNKNOWN, ShikakuPuzzle, ShikakuSolution

LARGEST_AREA = 12
"""The largest rectangle drawn (janko's and Tatham's 10x10 rectangles are mostly 2-12)."""
SMALLEST_SIDE = 2
NO_SYMMETRY = ("a rectangle's number stands on a cell drawn in it and the rectangles are drawn "
               "without symmetry")
"""Why ``--symmetry`` is refused."""


refuse_size = smallest_side(SMALLEST_SIDE)
"""Why a size is not drawn (``None``: it is)."""


def drawn(rng: random.Random, width: int, height: int) -> tuple[ShikakuPuzzle,
                                                               ShikakuSolution]:
    """Random rectangles as the answer, and a ``?`` on a random cell of each."""
    rectangles = random_rectangles(rng, width, height, LARGEST_AREA, smallest_area=2)
    numbers = np.full((height, width), EMPTY, dtype=np.int32)
    for cells in rectangles.cells():
        numbers[rng.choice(cells)] = UNKNOWN
    return ShikakuPuzzle(numbers), ShikakuSolution(rectangles)


def open_puzzle(rng: random.Random, width: int, height: int) -> ShikakuPuzzle:
    """The open puzzle of :func:`drawn` alone."""
    return drawn(rng, width, height)[0]
