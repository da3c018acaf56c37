"""Killer Sudoku's model: the corpus reads and writes back, the checker accepts every stored
answer and names each broken rule with its cell, bad text is a positioned InputError."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.puzzles import killersudoku as K
from pencilsat.puzzles.regions import Regions

ANSWER = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
CAGES = np.array([[1, 1, 2, 2], [3, 3, 4, 4], [5, 6, 7, 7], [5, 6, 8, 8]])


def puzzle_of(sums: dict, givens=None) -> K.KillerSudokuPuzzle:
    grid = np.zeros((4, 4), dtype=int)
    for cell, total in sums.items():
        grid[cell] = total
    return K.KillerSudokuPuzzle(grid, Regions.from_labels(CAGES), 2, 2, givens)


def test_every_corpus_puzzle_and_answer_reads_checks_and_writes_back():
    files = sorted((CORPUS / "killersudoku").rglob("*.txt"))
    assert len(files) == 969
    for path in files:
        puzzle = K.parse_puzzle(path.read_text(), path.stem)
        answer = K.FORMAT.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
        assert K.check(puzzle, answer) == [], path
        assert K.parse_puzzle(K.format_puzzle(puzzle)) == puzzle
        assert K.solution_from_drawing(K.draw_text(puzzle, answer).splitlines(), puzzle) \
            == answer
        assert K.clue_clash(puzzle) is None


def test_each_broken_rule_is_named_at_its_cell():
    puzzle = puzzle_of({(0, 0): 3, (0, 2): 7, (2, 0): 6, (3, 2): 3})
    assert K.check(puzzle, K.KillerSudokuSolution(ANSWER)) == []
    wrong = ANSWER.copy()
    wrong[0, 2], wrong[0, 3] = 4, 3  # the cage keeps its sum; two columns repeat
    found = {(v.rule, v.cell) for v in K.check(puzzle, K.KillerSudokuSolution(wrong))}
    assert found == {("repeat-in-column", (2, 2)), ("repeat-in-column", (2, 3))}
    wrong = ANSWER.copy()
    wrong[:, [1, 2]] = wrong[:, [2, 1]]  # columns swapped: the boxes repeat
    found = {v.rule for v in K.check(puzzle, K.KillerSudokuSolution(wrong))}
    assert "repeat-in-box" in found and "repeat-in-row" not in found
    wrong = ANSWER.copy()
    wrong[3] = [4, 3, 1, 1]
    found = {(v.rule, v.cell) for v in K.check(puzzle, K.KillerSudokuSolution(wrong))}
    assert {("repeat-in-cage", (3, 3)), ("repeat-in-row", (3, 3)),
            ("cage-sum", (3, 2))} <= found
    givens = np.zeros((4, 4), dtype=int)
    givens[1, 1] = 4
    wrong = ANSWER.copy()
    wrong[1, 1], wrong[2, 2] = 0, 5
    found = {(v.rule, v.cell) for v in K.check(puzzle_of({}, givens),
                                               K.KillerSudokuSolution(wrong))}
    assert {("cell-not-filled", (1, 1)), ("clue-changed", (1, 1)),
            ("cell-not-filled", (2, 2))} <= found


def test_impossible_cage_sums_are_the_reason_for_no_solution():
    assert "add up to 2" in (K.clue_clash(puzzle_of({(0, 0): 2})) or "")
    assert "add up to 8" in (K.clue_clash(puzzle_of({(0, 0): 8})) or "")
    assert K.clue_clash(puzzle_of({(0, 0): 7})) is None
    givens = np.zeros((4, 4), dtype=int)
    givens[0, 0] = givens[1, 1] = 3
    assert K.clue_clash(puzzle_of({}, givens)) == "the givens repeat 3 in a box (r1c1 and r2c2)"


def test_cage_sums_are_the_clues():
    puzzle = puzzle_of({(0, 0): 3, (0, 2): 7})
    sums = K.given_sums(puzzle)
    assert [(c.cell, c.value) for c in sums] == [((0, 0), 3), ((0, 2), 7)]
    fewer = K.without_sum(puzzle, sums[0])
    assert [c.value for c in K.given_sums(fewer)] == [7]
    offered = K.sums_offered(fewer, K.KillerSudokuSolution(ANSWER))
    assert ((0, 0), 3) in [(c.cell, c.value) for c in offered]
    assert K.with_sum(fewer, Clue((0, 1), "3", 3)).sums[0, 1] == 3


HEADER = "killersudoku 4 4 2x2"
SUMS = ["3 . 7 .", "7 . 3 .", "3 3 7 .", ". . 3 ."]
CAGE_ROWS = ["1 1 2 2", "3 3 4 4", "5 6 7 7", "5 6 8 8"]


@pytest.mark.parametrize(("lines", "words", "line"), [
    (["killersudoku 4 4", *SUMS, *CAGE_ROWS], "BWxBH", 1),
    (["killersudoku 4 4 3x2", *SUMS, *CAGE_ROWS], "do not tile", 1),
    ([HEADER, *SUMS, *CAGE_ROWS[:3]], "8 rows after the header", None),
    ([HEADER, "3 x 7 .", *SUMS[1:], *CAGE_ROWS], "unknown cage sum", 2),
    ([HEADER, "3 3 7 .", *SUMS[1:], *CAGE_ROWS], "two sums", 2),
    ([HEADER, *SUMS, *CAGE_ROWS, ". . 9 .", *[". . . ."] * 3], "more than 4", 10),
])
def test_bad_puzzle_text_is_a_positioned_input_error(lines, words, line):
    with pytest.raises(InputError) as caught:
        K.parse_puzzle("\n".join(lines) + "\n")
    assert words in str(caught.value)
    if line is not None:
        assert caught.value.line == line


def test_givens_are_written_as_a_third_block_and_read_back():
    givens = np.zeros((4, 4), dtype=int)
    givens[2, 1] = 1
    puzzle = puzzle_of({(0, 0): 3}, givens)
    text = K.format_puzzle(puzzle)
    assert len(text.splitlines()) == 13
    assert K.parse_puzzle(text) == puzzle
