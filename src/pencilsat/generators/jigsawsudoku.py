"""Jigsaw Sudoku's open puzzle for the clue maker: an empty ``N x N`` grid cut into ``N``
random boxes of ``N`` cells (:func:`~pencilsat.puzzles.random_regions.random_regions`).

About one layout in 40 admits no filled grid at all (9x9, seeds 0-39); the maker's answer
draw finds none and the structure is drawn again. Clues: given digits.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle
from pencilsat.puzzles.random_regions import random_regions

SIDES = range(4, 10)
"""The sides drawn: 4x4 to 9x9 (janko's Chaos-Sudoku sizes; a digit per cell)."""


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if width != height:
        return "the grid is square (N boxes of N cells)"
    if width not in SIDES:
        return f"the side is {SIDES[0]} to {SIDES[-1]} (a digit per cell)"
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> JigsawSudokuPuzzle | None:
    """An empty grid with random boxes; ``None`` when the boxes' budget ran out."""
    boxes = random_regions(rng, width, width, width, width)
    if boxes is None:
        return None
    return JigsawSudokuPuzzle(np.zeros((width, width), dtype=np.int16), boxes)
