"""Jigsaw Sudoku's model: the corpus reads and writes back, the checker accepts every stored
answer and names each broken rule with its cell, bad text is a positioned InputError."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles.regions import Regions

BLOCKS = np.array([[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]])
LATIN = np.array([[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]])
"""A Latin square whose 2x2 blocks repeat digits: only the box rule is broken."""


def test_every_corpus_puzzle_and_answer_reads_checks_and_writes_back():
    files = sorted((CORPUS / "jigsawsudoku").rglob("*.txt"))
    assert len(files) == 850
    for path in files:
        puzzle = J.parse_puzzle(path.read_text(), path.stem)
        answer = J.FORMAT.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
        assert J.check(puzzle, answer) == [], path
        assert J.parse_puzzle(J.format_puzzle(puzzle)) == puzzle
        assert J.FORMAT.parse_solution(J.FORMAT.format_solution(puzzle, answer)) == answer
        assert J.FORMAT.parse_solution("\n".join(J.FORMAT.solution_rows(puzzle, answer))) \
            == answer
        drawing = J.draw_text(puzzle, answer).splitlines()
        assert J.solution_from_drawing(drawing, puzzle) == answer


def test_each_broken_rule_is_named_at_its_cell():
    puzzle = J.JigsawSudokuPuzzle(np.where(np.eye(4, dtype=bool), LATIN, 0),
                                  Regions.from_labels(BLOCKS))
    rules = {(v.rule, v.cell) for v in J.check(puzzle, J.JigsawSudokuSolution(LATIN))}
    assert rules == {("repeat-in-box", (1, 0)), ("repeat-in-box", (1, 2)),
                     ("repeat-in-box", (3, 0)), ("repeat-in-box", (3, 2))}
    wrong = LATIN.copy()
    wrong[0, 0], wrong[0, 1] = 2, 1  # a given changed, column repeats
    found = {(v.rule, v.cell) for v in J.check(puzzle, J.JigsawSudokuSolution(wrong))}
    assert ("clue-changed", (0, 0)) in found
    assert ("repeat-in-column", (3, 1)) in found
    assert ("repeat-in-column", (1, 0)) in found
    wrong[2, 2] = 0
    assert ("cell-not-filled", (2, 2)) in {
        (v.rule, v.cell) for v in J.check(puzzle, J.JigsawSudokuSolution(wrong))}
    row = LATIN.copy()
    row[0] = [1, 1, 3, 4]
    assert ("repeat-in-row", (0, 1)) in {
        (v.rule, v.cell) for v in J.check(puzzle, J.JigsawSudokuSolution(row))}
    assert [v.rule for v in J.check(puzzle, J.JigsawSudokuSolution(LATIN[:3, :3]))] == ["size"]


def _text(givens: list[str], boxes: list[str], header: str = "jigsawsudoku 4 4") -> str:
    return "\n".join([header, *givens, *boxes]) + "\n"


GOOD_BOXES = ["1 1 2 2", "1 1 2 2", "3 3 4 4", "3 3 4 4"]


@pytest.mark.parametrize(("text", "words", "line"), [
    (_text(["1 . . .", ". . . .", ". . . .", ". . 5 ."], GOOD_BOXES), "more than 4", 5),
    (_text(["1 . . .", ". x . .", ". . . .", ". . . ."], GOOD_BOXES), "unknown given", 3),
    (_text(["1 . . .", ". . . ."], GOOD_BOXES[:2]), "rows", None),
    (_text(["."] * 4, GOOD_BOXES), "expected 4", 2),
    (_text([". . . ."] * 4, ["1 1 1 1", "1 2 2 2", "3 3 4 4", "3 3 4 4"]), None, None),
    (_text([". . . ."] * 4, ["1 1 1 1", "2 2 2 2", "3 3 4 4", "3 3 1 1"]), "two separate", 9),
    (_text([". . ."] * 3, ["1 1 1", "2 2 2", "3 3 3"], "jigsawsudoku 3 4"), "square", 1),
])
def test_bad_puzzle_text_is_a_positioned_input_error(text, words, line):
    if words is None:  # boxes of 3 and 5 cells
        with pytest.raises(InputError, match="4 boxes of 4 cells"):
            J.parse_puzzle(text)
        return
    with pytest.raises(InputError) as caught:
        J.parse_puzzle(text)
    assert words in str(caught.value)
    if line is not None:
        assert caught.value.line == line


def test_givens_that_repeat_are_the_reason_for_no_solution():
    givens = np.zeros((4, 4), dtype=int)
    givens[0, 0] = givens[3, 0] = 2
    puzzle = J.JigsawSudokuPuzzle(givens, Regions.from_labels(BLOCKS))
    assert J.clue_clash(puzzle) == "the givens repeat 2 in a column (r1c1 and r4c1)"
    assert J.clue_clash(J.JigsawSudokuPuzzle(np.zeros((4, 4)), puzzle.boxes)) is None
