"""Jigsaw Sudoku's brute-force oracle: every answer of a tiny puzzle (each fill of the
grid with a digit once per row, column and box, kept when the rule checker accepts it), and
small random puzzles made around a random answer."""

from __future__ import annotations

import random

import numpy as np

from oracles.digit_grids import checked_fills, random_boxes, random_fill
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle, JigsawSudokuSolution, check


def solutions(puzzle: JigsawSudokuPuzzle) -> list[JigsawSudokuSolution]:
    return checked_fills(puzzle, puzzle.givens, JigsawSudokuSolution, check)


def random_puzzle(rng: random.Random) -> JigsawSudokuPuzzle:
    """A 3x3 or 4x4 grid with random boxes, a random answer and a random share of it
    given."""
    while True:
        side = rng.choice([3, 4, 4])
        boxes = random_boxes(rng, side)
        answer = random_fill(rng, side, boxes.ids)
        if answer is None:
            continue
        keep = rng.uniform(0.15, 0.6)
        givens = np.where(np.array([[rng.random() < keep for _ in range(side)]
                                    for _ in range(side)]), answer, 0)
        return JigsawSudokuPuzzle(givens, boxes)
