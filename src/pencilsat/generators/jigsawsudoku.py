"""Jigsaw Sudoku's open puzzle for the clue maker: an empty ``N x N`` grid cut into ``N``
random boxes of ``N`` cells (:func:`~pencilsat.puzzles.random_regions.random_regions`).

About one layout in 40 admits no filled grid at all (9x9, seeds 0-39); the maker's answer
draw finds none and the structure is drawn again. Clues: given digits.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle
from pencilsat.puzzles.random_regions import random_regions

SIDES = range(4, 10)
"""The sides drawn: 4x4 to 9x9 (janko's Chaos-Sudoku sizes; a digit per cell)."""


def check_size(width: int, height: int) -> None:
    """An ``InputError`` for a size not drawn."""
    if width != height or width not in SIDES:
        raise InputError(f"cannot generate a {width}x{height} Jigsaw Sudoku",
                         hint=f"a square grid, {SIDES[0]}x{SIDES[0]} to "
                              f"{SIDES[-1]}x{SIDES[-1]} (N boxes of N cells)")


def open_puzzle(rng: random.Random, width: int, height: int) -> JigsawSudokuPuzzle | None:
    """An empty grid with random boxes; ``None`` when the boxes' budget ran out."""
    check_size(width, height)
    boxes = random_regions(rng, width, width, width, width)
    if boxes is None:
        return None
    return JigsawSudokuPuzzle(np.zeros((width, width), dtype=np.int16), boxes)
