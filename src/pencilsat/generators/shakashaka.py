"""Shakashaka's open puzzle for the clue maker: black cells at random, none numbered.

Each cell is black with probability :data:`BLACK_SHARE`. Many such layouts have no answer
at all (the white areas cannot all be cut into rectangles: at 10x10 with one black cell in
ten, 3 in 5), and the maker's answer draw then finds none and the cells are drawn again;
many more leave white areas that every number together does not pin. janko's grids have
about one black cell in ten, but there a setter placed them: drawn at random at that share,
no 10x10 of seeds 1-6 ended unique within the budget of 200 candidates; at one in five, seed
9 of 1-12 did not either (the others took 5-104 candidates); at one in four, seeds 1-12 took
1-77 (median 0.15 s of CPU); at 0.3 a grid may need no number at all. The clues are the
black cells' numbers.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles.shakashaka import BLACK, WHITE, ShakashakaPuzzle

BLACK_SHARE = 0.25
SMALLEST_SIDE = 2
NO_SYMMETRY = ("the numbers stand on black cells drawn without symmetry; symmetry is made "
               "for Jigsaw Sudoku and Ripple Effect")
"""Why ``--symmetry`` is refused."""


MOST_CELLS = 100
"""The largest grid drawn: random black cells rarely have a unique answer past it (12x12,
seeds 1-4: seed 4 found none within the budget of 200 candidates; 10x10, seeds 1-20: every
seed did, within 1-130)."""


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if min(width, height) < SMALLEST_SIDE:
        return f"width and height must be at least {SMALLEST_SIDE}"
    if width * height > MOST_CELLS:
        return (f"at most {MOST_CELLS} cells: black cells drawn at random rarely leave a "
                "unique answer on a larger grid")
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> ShakashakaPuzzle:
    """Random black cells, none numbered."""
    black = [[rng.random() < BLACK_SHARE for _ in range(width)] for _ in range(height)]
    return ShakashakaPuzzle(np.where(np.array(black, dtype=bool), BLACK, WHITE))
