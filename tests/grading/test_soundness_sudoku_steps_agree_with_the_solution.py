"""The Sato (2010) Sudoku grader, soundness: every digit it places is the unique solution's,
on real puzzles, under the symmetries that change its scan order, and when a trial completes
the grid."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import shared_by_the_workers
from sudoku_backtrack import solutions
from sudoku_grading_support import CORPUS, assert_sound, graded_sample, tatham

from pencilsat.grading.sudoku.engine import SudokuGrade, grade_sudoku
from pencilsat.grading.sudoku.state import SudokuState
from pencilsat.puzzles.sudoku import SudokuSolution, check, parse_line


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> list[tuple[str, str, SudokuGrade]]:
    return shared_by_the_workers(tmp_path_factory, "graded_sudoku_sample", graded_sample)


def test_sample_solutions_are_valid_and_unique(graded):
    for puzzle, answer, _ in graded[::7]:
        parsed = parse_line(puzzle)
        solution = SudokuSolution(np.array([int(ch) for ch in answer]).reshape(9, 9))
        assert check(parsed, solution) == []


def test_every_deduction_agrees_with_the_unique_solution(graded):
    assert len(graded) > 120
    for puzzle, answer, grade in graded:
        assert_sound(puzzle, answer, grade)


def test_transposed_puzzles_are_graded_soundly(graded):
    """Scan order is not symmetric, so levels may change, but placements must stay valid."""
    for puzzle, answer, _ in graded[::6]:
        t_puzzle = "".join(puzzle[c * 9 + r] for r in range(9) for c in range(9))
        t_answer = "".join(answer[c * 9 + r] for r in range(9) for c in range(9))
        assert_sound(t_puzzle, t_answer, grade_sudoku(parse_line(t_puzzle)))


def test_an_empty_grid_terminates_without_a_wrong_placement():
    grade = grade_sudoku(parse_line("." * 81))
    assert grade.level == 3
    state = SudokuState.from_clues(grade.extras.grid)
    assert not state.duplicate


def test_a_trial_records_one_digit_and_grading_goes_on():
    """Issue 29: a trial that fills the grid (top95 line 22; the paper accepts that grid) or
    meets a duplicate places one digit, the one it proves, and the ordinary techniques go on;
    no trial step fills several cells."""
    puzzle = (CORPUS / "norvig_top95.txt").read_text().split()[21]
    answer = solutions(puzzle, limit=1)[0]
    grade = grade_sudoku(parse_line(puzzle))
    trials = [s for s in grade.steps if s.trial is not None]
    assert trials and all(len(s.placements) == 1 for s in trials)
    assert any(s.technique == "MUJYUNSYORI trial completes" for s in trials)
    assert grade.steps[-1].trial is None   # the ordinary techniques finished the grid
    assert grade.finished and grade.extras.completed_by_trial and grade.level == 3
    assert "proved its assumption" in grade.describe()
    assert_sound(puzzle, answer, grade)


def _relabel(text: str, digits: list[int], rows: list[int], cols: list[int]) -> str:
    out = []
    for r in range(9):
        for c in range(9):
            ch = text[rows[r] * 9 + cols[c]]
            out.append("." if ch in ".0" else str(digits[int(ch) - 1]))
    return "".join(out)


def _line_order(draw, st) -> list[int]:
    bands = draw(st.permutations([0, 1, 2]))
    return [3 * b + i for b in bands for i in draw(st.permutations([0, 1, 2]))]


def test_sudoku_symmetries_keep_every_deduction_sound():
    """Digit relabelling and band/line permutations change the paper's scan order (and so
    which technique fires when) but never the solution: every step must stay correct."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    pool = tatham("extreme")[::6] + tatham("unreasonable")[::6]

    @settings(max_examples=25, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def check_one(data):
        puzzle, answer = data.draw(st.sampled_from(pool))
        digits = data.draw(st.permutations(list(range(1, 10))))
        rows = _line_order(data.draw, st)
        cols = _line_order(data.draw, st)
        new_puzzle = _relabel(puzzle, digits, rows, cols)
        new_answer = _relabel(answer, digits, rows, cols)
        assert_sound(new_puzzle, new_answer, grade_sudoku(parse_line(new_puzzle)))

    check_one()
