"""Killer Sudoku's open puzzle for the clue maker: an empty grid with its rectangular boxes,
cut into random cages (:func:`~pencilsat.puzzles.random_regions.random_regions`), no sum.

Cages may cross boxes, as in Tatham's killer Solo; their sizes are 2 to
:data:`LARGEST_CAGE` cells (Tatham's and janko's cages are mostly 2 and 3 cells, 7 in 10
of two). Every cage's sum is given, as Tatham and janko publish them, and no digit: a cage
layout whose every sum together still leaves two answers cannot be pinned; the maker then
draws a new answer and, past its tries, a new open puzzle (cages are not split).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles.killersudoku import KillerSudokuPuzzle
from pencilsat.puzzles.random_regions import random_regions

BOX_SHAPES = {4: (2, 2), 6: (3, 2), 9: (3, 3)}
"""The sides drawn and their boxes' width and height."""
LARGEST_CAGE = 3
"""The largest cage drawn: with cages of 2-4 cells at 9x9 (seeds 1-10) every sum together
left a second answer for about 4 answers in 5, and a puzzle took a median 0.7 s of CPU; with
2-3 cells, 1 in 2 and 0.2 s."""


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if width != height or width not in BOX_SHAPES:
        return "the sizes are 9x9, 6x6 (boxes 3 wide, 2 tall) and 4x4"
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> KillerSudokuPuzzle | None:
    """An empty grid with random cages and no sum; ``None`` when the cages' budget ran
    out."""
    cages = random_regions(rng, width, width, 2, LARGEST_CAGE)
    if cages is None:
        return None
    box_width, box_height = BOX_SHAPES[width]
    return KillerSudokuPuzzle(np.zeros((width, width), dtype=np.int32), cages, box_width,
                              box_height)
