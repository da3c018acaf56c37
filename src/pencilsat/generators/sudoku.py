"""Sudoku for the generator loop: a random filled grid, one clue per cell.

The answer is a filled grid drawn by randomised backtracking (cells in row-major order, the
digits each cell may take in random order). Clue ``i`` is "cell ``i`` shows its digit": a
unit clause on the cell-digit variable of the extended clause set
(``encodings.sudoku.grid_clauses``). Levels are Sato's (2010) 1-3, for 9x9 grids only (the
grader's own limit). A 6x6 has boxes 3 wide and 2 tall (the printed form, and pzprjs'), made
without a level as the 4x4 is.
"""

from __future__ import annotations

import math
import random

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell
from pencilsat.encodings.sudoku import grid_clauses, num_vars, var
from pencilsat.generators.grading import grade_for_loop
from pencilsat.generators.loop import Grading
from pencilsat.generators.selector_trials import SelectorTrials
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution

SIZES = (4, 6, 9)
"""Grids the generator draws: the grader grades 9x9 only; 4x4 and 6x6 are made without a
target."""
BOX_SHAPES = {4: (2, 2), 6: (3, 2), 9: (3, 3)}
"""The boxes' width and height of each size drawn."""


class SudokuMaker:
    genre = "sudoku"
    scale = "Sato 2010 scale 1-3"
    start_full = False
    levels = (1, 3)
    always_rated = True
    cheap_score = False
    score_ceiling: float | None = None

    def __init__(self, width: int, height: int, graded: bool) -> None:
        if width != height or width not in SIZES:
            raise InputError(f"cannot generate a {width}x{height} Sudoku",
                             hint="the sizes are 9x9 (graded), 6x6 (boxes 3 wide, 2 tall) and "
                                  "4x4")
        if graded and width != 9:
            raise InputError("a level or score needs a 9x9 Sudoku (Sato's grader grades 9x9)",
                             hint="generate sudoku 9x9 --level 2")
        self.n = width
        self.box_width, self.box_height = BOX_SHAPES[width]

    def draw_answer(self, rng: random.Random) -> SudokuSolution | None:
        grid = random_filled_grid(self.n, rng, box_width=self.box_width,
                                  box_height=self.box_height)
        return None if grid is None else SudokuSolution(grid)

    def candidates(self, answer: SudokuSolution) -> list[Cell]:
        return [(r, c) for r in range(self.n) for c in range(self.n)]

    def trials(self, answer: SudokuSolution) -> SelectorTrials:
        n = self.n
        rules = grid_clauses(n, True, False, self.box_width, self.box_height)
        digits = answer.grid.tolist()
        atoms = [var(n, r, c, digits[r][c]) for r, c in self.candidates(answer)]
        return SelectorTrials(num_vars(rules), rules, [[[a]] for a in atoms], atoms)

    def puzzle(self, answer: SudokuSolution, kept: np.ndarray) -> SudokuPuzzle:
        return SudokuPuzzle(np.where(kept.reshape(self.n, self.n), answer.grid, 0),
                            box_width=self.box_width, box_height=self.box_height)

    def solution(self, answer: SudokuSolution) -> SudokuSolution:
        return answer

    def grade(self, puzzle: SudokuPuzzle, score: bool,
              cap: int | None = None) -> Grading:
        return grade_for_loop(puzzle, score)


def random_filled_grid(n: int, rng: random.Random, max_steps: int = 200_000, *,
                       box_width: int = 0, box_height: int = 0) -> np.ndarray | None:
    """A random valid filled ``n x n`` grid by backtracking (boxes ``box_width`` wide and
    ``box_height`` tall; 0: square), ``None`` past ``max_steps`` placements (never reached
    at 9x9 in practice; a deterministic bound, not a time)."""
    bw = box_width or math.isqrt(n)
    bh = box_height or math.isqrt(n)
    full = (1 << n) - 1
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    grid = [[0] * n for _ in range(n)]
    options: list[list[int]] = [[] for _ in range(n * n)]
    i, steps = 0, 0
    fresh = True
    while 0 <= i < n * n:
        r, c = divmod(i, n)
        b = (r // bh) * (n // bw) + c // bw
        if fresh:
            free = full & ~(rows[r] | cols[c] | boxes[b])
            digits = [d for d in range(1, n + 1) if free >> (d - 1) & 1]
            rng.shuffle(digits)
            options[i] = digits
        elif grid[r][c]:  # back here: take the digit off before the next try
            bit = 1 << (grid[r][c] - 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            grid[r][c] = 0
        steps += 1
        if steps > max_steps:
            return None
        if options[i]:
            d = options[i].pop()
            bit = 1 << (d - 1)
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            grid[r][c] = d
            i, fresh = i + 1, True
        else:
            i, fresh = i - 1, False
    return np.array(grid, dtype=np.int16) if i == n * n else None
