"""Sudoku with rectangular boxes in the outside formats: puz.link's 6x6 (pzprjs draws its
boxes 3 wide and 2 tall) read, written and read back, its file form too, other shapes
refused with the forms that hold them; Tatham's Solo ``CxR:`` (``solo.c``: ``c`` columns
of blocks, ``r`` rows of them, so a block is R wide and C tall) read and written both
ways round, checked against an answer Tatham's own solver gave a ``2x3k`` killer of the
corpus; and the SVG's box lines where the boxes end."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg.sudoku import draw_panel
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import killersudoku as K
from pencilsat.puzzles import sudoku as S

CLUES = np.array([[1, 0, 0, 0, 0, 0],
                  [0, 0, 0, 2, 0, 0],
                  [0, 0, 0, 0, 0, 0],
                  [0, 6, 0, 0, 0, 0],
                  [0, 0, 0, 0, 0, 3],
                  [0, 0, 0, 0, 0, 0]])


def six(width: int, height: int, diagonal: bool = False) -> S.SudokuPuzzle:
    return S.SudokuPuzzle(CLUES, box_width=width, box_height=height, diagonal=diagonal)


def test_a_six_by_six_url_reads_with_boxes_three_wide_and_two_tall():
    puzzle = parse_url("https://puzz.link/p?sudoku/6/6/1n2o6o3l")
    assert puzzle == six(3, 2)
    assert to_url(puzzle) == "https://puzz.link/p?sudoku/6/6/1n2o6o3l"


def test_the_file_form_of_a_six_by_six_reads_the_same_boxes():
    rows = [" ".join(str(v) if v else "." for v in row) for row in CLUES]
    puzzle = parse_url("https://puzz.link/p?pzprv3/sudoku/6/" + "/".join(rows) + "/")
    assert puzzle == six(3, 2)


def test_boxes_pzprjs_does_not_draw_have_no_url():
    with pytest.raises(InputError, match="no URL") as caught:
        to_url(six(2, 3))
    assert "3x2:" in caught.value.hint  # the Tatham ID that holds them
    with pytest.raises(InputError, match="no URL"):
        to_url(S.SudokuPuzzle(np.zeros((8, 8)), box_width=4, box_height=2))
    with pytest.raises(InputError, match="6x6"):
        parse_url("https://puzz.link/p?sudoku/8/8/" + "z" * 3)


@pytest.mark.parametrize(("width", "height", "size"), [(3, 2, "2x3"), (2, 3, "3x2"),
                                                         (4, 3, "3x4"), (3, 4, "4x3")])
def test_a_solo_id_names_the_rows_of_blocks_first(width, height, size):
    n = width * height
    clues = np.zeros((n, n), dtype=np.int16)
    clues[0, 0], clues[1, n - 1] = 1, n
    puzzle = S.SudokuPuzzle(clues, box_width=width, box_height=height)
    game_id = to_game_id(puzzle)
    assert game_id.split(":")[0] == size
    assert parse_game_id(game_id) == puzzle
    assert parse_game_id(f"solo:{game_id}") == puzzle


def test_the_solo_convention_agrees_with_tathams_own_answer():
    """The corpus ``2x3k`` killers were made and solved by Tatham's code (PROVENANCE.md):
    its answers hold each digit once in boxes 3 wide and 2 tall, so ``2x3:`` is 3 wide, and
    the Solo reader gives a plain 2x3 ID the same boxes as the killer reader."""
    txt = sorted((CORPUS / "killersudoku" / "tatham").rglob("*.txt"))[0]
    killer = K.parse_puzzle(txt.read_text())
    answer = K.FORMAT.parse_solution(txt.with_suffix(".sol").read_text(), killer)
    assert killer.size == 6 and (killer.box_width, killer.box_height) == (3, 2)
    plain = parse_game_id("2x3:" + "z" * 1 + "j")
    assert plain.box_dims == (3, 2)
    assert S.check(plain, S.SudokuSolution(answer.grid)) == []
    assert S.check(S.SudokuPuzzle(plain.clues, box_width=2, box_height=3),
                   S.SudokuSolution(answer.grid)) != []


def test_an_x_solo_id_with_rectangular_blocks_reads_and_writes_back():
    puzzle = six(3, 2, diagonal=True)
    game_id = to_game_id(puzzle)
    assert game_id.startswith("2x3x:")
    assert parse_game_id(game_id) == puzzle


def test_solo_blocks_that_cannot_be_are_refused_by_name():
    with pytest.raises(InputError, match="Solo blocks 1x6"):
        parse_game_id("solo:1x6:" + "z" + "j")
    with pytest.raises(InputError, match="Solo blocks 5x6"):
        parse_game_id("solo:5x6:" + "z" * 34 + "v")


def test_the_svg_draws_box_lines_where_the_boxes_end():
    wide = "\n".join(draw_panel(six(3, 2), None, []))
    tall = "\n".join(draw_panel(six(2, 3), None, []))
    block = wide.split('class="boxes"')[1].split("</g>")[0]
    assert block.count("<line") == 3  # one between the box columns, two between box rows
    block = tall.split('class="boxes"')[1].split("</g>")[0]
    assert block.count("<line") == 3  # two between box columns, one between box rows
