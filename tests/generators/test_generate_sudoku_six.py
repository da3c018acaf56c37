"""``generate sudoku 6x6``: boxes 3 wide and 2 tall (the printed form, and pzprjs'), the
answer valid, the puzzle unique by brute force (tests/oracles/sudoku_boxes.py) with no clue
to spare (each one taken off leaves two answers), the same puzzle for the same seed; a
level is refused (Sato grades 9x9)."""

from __future__ import annotations

import numpy as np
import pytest
from oracles.sudoku_boxes import solutions

from pencilsat.core.errors import InputError
from pencilsat.core.result import Verdict
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve


def test_a_six_by_six_is_unique_by_brute_force_and_minimal():
    made = Order("sudoku", 6, 6).make(4)
    puzzle = made.puzzle
    assert puzzle.box_dims == (3, 2)
    truth = solutions(puzzle)
    assert len(truth) == 1
    assert S.check(puzzle, truth[0]) == []
    for r, c in zip(*np.nonzero(puzzle.clues), strict=True):
        fewer = np.array(puzzle.clues)
        fewer[r, c] = 0
        fewer_puzzle = S.SudokuPuzzle(fewer, box_width=3, box_height=2)
        assert solve(fewer_puzzle).verdict == Verdict.MULTIPLE
    assert Order("sudoku", 6, 6).make(4).puzzle == puzzle


def test_a_level_of_a_six_by_six_is_refused():
    with pytest.raises(InputError, match="9x9"):
        Order("sudoku", 6, 6, Target(level=1)).make(1)
