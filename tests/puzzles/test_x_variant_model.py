"""The X (diagonal) variant's model: the header word ``D`` read and written for Sudoku, Killer
and Jigsaw Sudoku (a round trip keeps it, a plain header stays plain), the rule checker
refusing a grid that repeats a digit on a diagonal with a message naming the diagonal, the
givens' clash named on the diagonal, and the text drawing saying so and read back."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles import killersudoku as K
from pencilsat.puzzles import sudoku as S
from pencilsat.puzzles.diagonals import VARIANT_LINE

GRID_4 = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
"""A plain 4x4 Sudoku answer whose main diagonal holds 1, 4, 4, 1 (the anti-diagonal 4, 1,
1, 4): valid without the X rule, not with it."""


def corpus_text(genre: str, key: str, diagonal: bool) -> str:
    lines = (CORPUS / genre / "janko" / f"{key}.txt").read_text().splitlines()
    if diagonal:
        lines[0] += " D"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("model", "genre", "key"), [
    (K, "killersudoku", "196_9x9"), (J, "jigsawsudoku", "651_6x6")])
def test_the_header_word_d_reads_writes_and_round_trips(model, genre, key):
    plain = model.parse_puzzle(corpus_text(genre, key, False))
    x = model.parse_puzzle(corpus_text(genre, key, True))
    assert x.diagonal and not plain.diagonal and x != plain and hash(x) != hash(plain)
    written = model.format_puzzle(x)
    assert written.splitlines()[0].split()[-1] == "D"
    assert model.parse_puzzle(written) == x
    assert model.parse_puzzle(model.format_puzzle(plain)) == plain
    assert model.format_puzzle(plain) == model.format_puzzle(x).replace(" D\n", "\n", 1)


def test_sudoku_x_is_written_under_a_header_and_read_back():
    x = S.SudokuPuzzle(np.where(GRID_4 == 1, GRID_4, 0), diagonal=True)
    written = S.format_puzzle(x)
    assert written.splitlines()[0] == "sudoku 4 4 D"
    assert S.parse_puzzle(written) == x
    plain = S.parse_puzzle(written.replace(" D", ""))
    assert not plain.diagonal and plain != x
    assert S.format_puzzle(plain) == S.format_line(plain.clues) + "\n"  # one line, as before
    with pytest.raises(InputError, match="sudoku N N"):
        S.parse_puzzle("sudoku 4 D\n1...\n....\n....\n....\n")


@pytest.mark.parametrize("make", [
    lambda g: (S.SudokuPuzzle(np.zeros((4, 4)), diagonal=True), S.SudokuSolution(g)),
    lambda g: (J.JigsawSudokuPuzzle(np.zeros((4, 4)), K.rectangular_boxes(4, 2, 2),
                                    diagonal=True), J.JigsawSudokuSolution(g)),
    lambda g: (K.KillerSudokuPuzzle(np.zeros((4, 4)), K.rectangular_boxes(4, 1, 1), 2, 2,
                                    diagonal=True), K.KillerSudokuSolution(g)),
])
def test_a_grid_repeating_a_digit_on_a_diagonal_is_refused_naming_the_diagonal(make):
    puzzle, answer = make(GRID_4)
    rules = {"sudoku": S, "jigsawsudoku": J, "killersudoku": K}[puzzle.genre].RULES
    problems = rules.check(puzzle, answer)
    assert problems and {p.rule for p in problems} == {"repeat-in-diagonal"}
    assert all("diagonal" in p.message for p in problems)
    # the second 4 and 1 of the main diagonal, the second 1 and 4 of the anti-diagonal
    assert {p.cell for p in problems} == {(2, 2), (3, 3), (2, 1), (3, 0)}
    plain, _ = make(GRID_4)
    assert rules.check(type(plain)(**{**_fields(plain), "diagonal": False}), answer) == []


def _fields(puzzle) -> dict:
    import dataclasses

    return {f.name: getattr(puzzle, f.name) for f in dataclasses.fields(puzzle)}


def test_the_stored_answers_of_the_corpus_x_puzzles_pass_the_x_checker():
    for genre, model, key in (("jigsawsudoku", J, "652_6x6"), ("killersudoku", K, "248_9x9")):
        x = model.parse_puzzle(corpus_text(genre, key, True))
        stored = model.FORMAT.parse_solution(
            (CORPUS / genre / "janko" / f"{key}.sol").read_text())
        assert model.check(x, stored) == []


def test_givens_repeating_on_a_diagonal_are_named_on_it():
    clues = np.zeros((4, 4), dtype=np.int16)
    clues[0, 3] = clues[3, 0] = 2
    assert S.clue_clash(S.SudokuPuzzle(clues, diagonal=True)) == \
        "the clues repeat 2 in the anti-diagonal (r1c4 and r4c1)"
    assert S.clue_clash(S.SudokuPuzzle(clues)) is None
    boxes = K.rectangular_boxes(4, 2, 2)
    assert "diagonal" in J.clue_clash(J.JigsawSudokuPuzzle(clues, boxes, diagonal=True))
    assert J.clue_clash(J.JigsawSudokuPuzzle(clues, boxes)) is None


@pytest.mark.parametrize(("model", "genre", "key"), [
    (K, "killersudoku", "197_9x9"), (J, "jigsawsudoku", "654_6x6")])
def test_the_text_drawing_says_x_and_reads_back(model, genre, key):
    x = model.parse_puzzle(corpus_text(genre, key, True))
    stored = model.FORMAT.parse_solution((CORPUS / genre / "janko" / f"{key}.sol").read_text())
    drawing = model.draw_text(x, stored)
    assert drawing.splitlines()[-1] == VARIANT_LINE
    assert VARIANT_LINE not in model.draw_text(model.parse_puzzle(corpus_text(genre, key, False)))
    assert model.RULES.parse_drawing(drawing.splitlines(), x) == stored


def test_the_sudoku_drawing_says_x_and_reads_back():
    x = S.SudokuPuzzle(np.zeros((4, 4)), diagonal=True)
    answer = S.SudokuSolution(np.array([[1, 2, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1], [2, 1, 4, 3]]))
    drawing = S.draw_text(x, answer)
    assert drawing.splitlines()[-1] == VARIANT_LINE
    assert S.solution_from_drawing(drawing.splitlines(), x) == answer
    assert S.check(x, answer) == []
