"""A Sudoku with rectangular boxes is not graded: Sato's state, bands and block corners are
those of a 9x9 with 3x3 blocks (``grading/sudoku/state.py``), so the grader, the next-step
hint and the front refuse it by name, with its box shape, and the verdict stays."""

from __future__ import annotations

import numpy as np
import pytest

from pencilsat.core.errors import NotGradable
from pencilsat.core.result import Verdict
from pencilsat.grading.front import grade
from pencilsat.grading.sudoku.engine import grade_sudoku
from pencilsat.grading.sudoku.partial import next_step
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve


@pytest.fixture(scope="module")
def six() -> S.SudokuPuzzle:
    """A unique 6x6 with boxes 3 wide and 2 tall (asserted)."""
    empty = S.SudokuPuzzle(np.zeros((6, 6), dtype=np.int16), box_width=3, box_height=2)
    clues = np.array(solve(empty).solution.grid).ravel()
    clues[::4] = 0
    puzzle = S.SudokuPuzzle(clues.reshape(6, 6), box_width=3, box_height=2)
    assert solve(puzzle).verdict == Verdict.UNIQUE
    return puzzle


def test_the_grader_refuses_rectangular_boxes_by_name(six):
    with pytest.raises(NotGradable, match="6x6 with boxes 3 wide and 2 tall"):
        grade_sudoku(six)
    result = grade(six)
    assert result.verdict == Verdict.UNIQUE and result.grade is None
    assert "9x9" in result.to_dict()["reason"]


def test_the_next_step_refuses_rectangular_boxes(six):
    with pytest.raises(NotGradable, match="3 wide and 2 tall"):
        next_step(six, S.SudokuSolution(six.clues))
