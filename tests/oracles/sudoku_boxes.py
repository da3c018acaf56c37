"""Sudoku with rectangular boxes' brute-force oracle: every answer of a small puzzle (each
fill of the grid with a digit once per row, column and box, kept when the rule checker
accepts it), and random 6x6 puzzles cut from a random answer."""

from __future__ import annotations

import random

import numpy as np

from oracles.digit_grids import fills, random_fill
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution, check


def solutions(puzzle: SudokuPuzzle) -> list[SudokuSolution]:
    """Every answer (the X variant's diagonals left to the checker)."""
    out = []
    for grid in fills(puzzle.size, puzzle.boxes.ids, puzzle.clues):
        answer = SudokuSolution(grid)
        if not check(puzzle, answer):
            out.append(answer)
    return out


def random_puzzle(rng: random.Random, width: int = 3, height: int = 2,
                  diagonal: bool = False) -> SudokuPuzzle:
    """A ``width * height`` square grid's puzzle: a random answer with 10 to 17 of its
    digits kept (a few to hundreds of answers), now and then one clue changed (often no
    answer)."""
    side = width * height
    box = SudokuPuzzle(np.zeros((side, side)), box_width=width, box_height=height)
    answer = random_fill(rng, side, box.boxes.ids)
    assert answer is not None
    cells = rng.sample(range(side * side), rng.randint(10, 17))
    clues = np.zeros((side, side), dtype=np.int16)
    for cell in cells:
        clues[divmod(cell, side)] = answer[divmod(cell, side)]
    if rng.random() < 0.2:
        cell = divmod(cells[0], side)
        clues[cell] = clues[cell] % side + 1
    return SudokuPuzzle(clues, box_width=width, box_height=height, diagonal=diagonal)
