"""The X (diagonal) variant in the interchange formats: Tatham's Solo ``x`` flag read and
written for Sudoku (``3x3x:``; the Killer ``3x3xk`` and Jigsaw ``9jx`` IDs are tested with
their genres' codecs), puzz.link refusing an X Sudoku's URL with what, why and what to use,
and the SVG drawing the diagonals of an X puzzle only."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats import puzzlink, tatham
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles import killersudoku as K
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve

LINE = (CORPUS / "sudoku" / "royle_17clue.txt").read_text().splitlines()[0]


def test_a_solo_x_id_reads_as_an_x_sudoku_and_is_written_back():
    plain = S.parse_line(LINE)
    x = S.SudokuPuzzle(plain.clues, diagonal=True)
    written = tatham.to_game_id(x)
    plain_id = tatham.to_game_id(plain)
    assert written == plain_id.replace("3x3:", "3x3x:", 1)
    assert tatham.parse_game_id(written) == x
    assert tatham.parse_game_id("solo:" + written).diagonal
    assert not tatham.parse_game_id(plain_id).diagonal
    assert tatham.parse_game_id("solo:3x3xdb:" + plain_id.split(":")[1]) == x  # options after


def test_an_x_sudoku_has_no_puzzlink_url_and_the_refusal_says_what_to_use():
    x = S.SudokuPuzzle(S.parse_line(LINE).clues, diagonal=True)
    with pytest.raises(InputError) as refused:
        puzzlink.to_url(x)
    message = str(refused.value)
    assert "X (diagonal)" in message and "puzz.link" in message
    assert "Tatham" in message and "sudoku 9 9 D" in message
    assert puzzlink.to_url(S.parse_line(LINE)).startswith("https://puzz.link/p?sudoku/9/9/")


@pytest.mark.parametrize("make", [
    lambda d: S.SudokuPuzzle(np.zeros((4, 4)), diagonal=d),
    lambda d: J.JigsawSudokuPuzzle(np.zeros((4, 4)), K.rectangular_boxes(4, 2, 2), diagonal=d),
    lambda d: K.KillerSudokuPuzzle(np.zeros((4, 4)), K.rectangular_boxes(4, 1, 1), 2, 2,
                                   diagonal=d),
])
def test_the_svg_draws_the_diagonals_of_an_x_puzzle_only(make):
    x = make(True)
    answer = solve(x).solution
    assert draw_svg(x, answer).count('class="diagonal"') == 2
    assert 'class="diagonal"' not in draw_svg(make(False), answer)
