"""Sudoku with rectangular boxes: the ``sudoku N N BWxBH`` text read and written back (``D``
after it), the boxes where the header says (3 wide and 2 tall for ``3x2``), the checker
naming a repeat in a rectangular box, the drawing outlined by the boxes and read back, the
errors of a bad box word, and a 36-character line refused with the header to write."""

from __future__ import annotations

import numpy as np
import pytest

from pencilsat.core.errors import InputError
from pencilsat.puzzles import sudoku as S

ANSWER = np.array([[1, 2, 3, 4, 5, 6],
                   [4, 5, 6, 1, 2, 3],
                   [2, 3, 1, 5, 6, 4],
                   [5, 6, 4, 2, 3, 1],
                   [3, 1, 2, 6, 4, 5],
                   [6, 4, 5, 3, 1, 2]])
"""A 6x6 answer with boxes 3 wide and 2 tall (not 2 wide and 3 tall: 1, 2, 4, 5, 2, 3 in
the first such box repeat 2)."""


def six(shape: str = "3x2", flag: str = "") -> S.SudokuPuzzle:
    rows = ["1 . . . . .", ". . . 2 . .", ". . . . . .", ". . . . . .", ". . . . . 3",
            ". . . . . ."]
    return S.parse_puzzle(f"sudoku 6 6 {shape}{flag}\n" + "\n".join(rows) + "\n")


@pytest.mark.parametrize(("shape", "flag"), [("3x2", ""), ("2x3", ""), ("3x2", " D")])
def test_the_text_reads_back_as_written(shape, flag):
    puzzle = six(shape, flag)
    text = S.format_puzzle(puzzle)
    assert text.splitlines()[0] == f"sudoku 6 6 {shape}{flag}"
    again = S.parse_puzzle(text)
    assert again == puzzle and again.box_dims == puzzle.box_dims
    assert again.diagonal == bool(flag)


def test_the_boxes_are_as_wide_and_tall_as_the_header_says():
    wide, tall = six("3x2"), six("2x3")
    assert wide.box_dims == (3, 2) and tall.box_dims == (2, 3)
    first = [cells for kind, cells in wide.named_houses() if kind == "box"][0]
    assert first == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    first = [cells for kind, cells in tall.named_houses() if kind == "box"][0]
    assert first == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert wide != tall and hash(wide) != hash(tall)


def test_a_square_shape_named_is_the_square_puzzle():
    line = "1" + "." * 80
    named = S.parse_puzzle("sudoku 9 9 3x3\n" + "\n".join(line[i:i + 9] for i in range(0, 81, 9)))
    assert named == S.parse_line(line) and not named.rectangular
    assert S.format_puzzle(named) == line + "\n"


def test_the_checker_names_a_repeat_in_a_rectangular_box():
    def empty(width: int, height: int) -> S.SudokuPuzzle:
        return S.SudokuPuzzle(np.zeros((6, 6)), box_width=width, box_height=height)

    answer = S.SudokuSolution(ANSWER)
    assert S.check(empty(3, 2), answer) == []
    found = S.check(empty(2, 3), answer)
    assert found and {v.rule for v in found} == {"repeat-in-box"}
    assert (2, 0) in {v.cell for v in found}  # the 2 of (0, 1) again in the first box
    assert S.check(empty(2, 3), S.SudokuSolution(ANSWER.T)) == []


def test_the_drawing_outlines_the_boxes_and_reads_back():
    puzzle = six("3x2")
    answer = S.SudokuSolution(ANSWER)
    drawing = S.draw_text(puzzle, answer)
    lines = drawing.splitlines()
    assert lines[0] == " 1 2 3 | 4 5 6" and lines[2] == "-------+-------"
    assert S.solution_from_drawing(lines, puzzle) == answer
    tall = S.draw_text(six("2x3")).splitlines()
    assert tall[0].count("|") == 2 and tall[3] == "-----+-----+-----"


def test_the_solution_text_keeps_the_boxes_and_reads_back():
    puzzle = S.SudokuPuzzle(np.zeros((6, 6)), box_width=2, box_height=3)
    answer = S.SudokuSolution(ANSWER.T)
    text = S.format_solution(puzzle, answer)
    assert text.startswith("sudoku 6 6 2x3\n")
    assert S.parse_solution(text, puzzle) == answer
    rows = "\n".join("".join(map(str, row)) for row in ANSWER.T)
    assert S.parse_solution(rows, puzzle) == answer  # rows alone, read for this puzzle


@pytest.mark.parametrize(("text", "words"), [
    ("sudoku 6 6 4x2", "do not tile"),
    ("sudoku 6 6 6x1", "do not tile"),
    ("sudoku 6 6 3y2", "BWxBH"),
    ("sudoku 6 6", "'sudoku 6 6'"),
    ("sudoku 8 8 4x2", "8-row"),
])
def test_a_bad_header_is_named(text, words):
    with pytest.raises(InputError, match=words):
        S.parse_puzzle(text + "\n" + "\n".join(["......"] * 6) + "\n")


def test_a_36_character_line_is_refused_with_the_header_to_write():
    with pytest.raises(InputError) as caught:
        S.parse_puzzle("." * 36)
    assert "sudoku 6 6 3x2" in caught.value.hint
    under = S.parse_puzzle("sudoku 6 6 3x2\n" + "1" + "." * 35)
    assert under.box_dims == (3, 2) and under.clues[0, 0] == 1


def test_the_model_refuses_boxes_that_do_not_tile():
    with pytest.raises(ValueError):
        S.SudokuPuzzle(np.zeros((6, 6)))
    with pytest.raises(ValueError):
        S.SudokuPuzzle(np.zeros((6, 6)), box_width=6, box_height=1)
    with pytest.raises(ValueError):
        S.SudokuPuzzle(np.zeros((6, 6)), box_width=4, box_height=2)
