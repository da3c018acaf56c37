"""An X (diagonal) Sudoku is never graded as a plain one: Sato's techniques see rows,
columns and blocks only, so the grader refuses it by name (the verdict stays), and so do the
next-step hint and the desk's hint."""

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
def x_sudoku() -> S.SudokuPuzzle:
    """A 9x9 X Sudoku: an answer of the empty X grid with every fourth cell emptied, unique
    as an X puzzle (asserted)."""
    grid = solve(S.SudokuPuzzle(np.zeros((9, 9), dtype=np.int16), diagonal=True)).solution.grid
    clues = np.array(grid).ravel()
    clues[::4] = 0
    puzzle = S.SudokuPuzzle(clues.reshape(9, 9), diagonal=True)
    assert solve(puzzle).verdict == Verdict.UNIQUE
    return puzzle


def test_the_grader_refuses_an_x_sudoku_by_name(x_sudoku):
    with pytest.raises(NotGradable, match="X \\(diagonal\\)"):
        grade_sudoku(x_sudoku)
    result = grade(x_sudoku)
    assert result.verdict == Verdict.UNIQUE and result.grade is None
    assert "X (diagonal)" in result.to_dict()["reason"]
    plain = S.SudokuPuzzle(x_sudoku.clues)
    assert solve(plain).verdict == Verdict.UNIQUE  # the same clues grade as a plain Sudoku
    assert grade(plain).grade is not None


def test_the_next_step_refuses_an_x_sudoku(x_sudoku):
    with pytest.raises(NotGradable, match="X \\(diagonal\\)"):
        next_step(x_sudoku, S.SudokuSolution(x_sudoku.clues))
