"""Sudoku gaps in every form: puz.link's ``?`` (``decodeNumber16``'s ``.``) and the file
form's ``-`` read as gaps and written back, the text's ``#`` read and written, the drawing
and the SVG show them, a Solo ID is refused (Solo has no cell without a digit), the checker
names a digit in a gap and accepts a house that holds one digit fewer, the clue tools never
offer a gap's cell, and the grader refuses by name."""

from __future__ import annotations

import numpy as np
import pytest

from pencilsat.core.errors import InputError, NotGradable
from pencilsat.core.result import Verdict
from pencilsat.desk.clues import check_clues
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg.sudoku import draw_panel
from pencilsat.formats.tatham import to_game_id
from pencilsat.grading.sudoku.engine import grade_sudoku
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve

URL = "https://puzz.link/p?sudoku/4/4/1.n.j4"
"""1 and a gap in the first row, a gap at r3c3, 4 at r4c4 (runs: n = 8 empty cells, j = 4)."""
TEXT = "sudoku 4 4\n1#..\n....\n..#.\n...4\n"


def test_a_question_mark_reads_as_a_gap_and_writes_back():
    puzzle = parse_url(URL)
    assert puzzle.gaps is not None
    assert [tuple(map(int, cell)) for cell in np.argwhere(puzzle.gaps)] == [(0, 1), (2, 2)]
    assert puzzle.clues[0, 0] == 1 and puzzle.clues[3, 3] == 4
    assert to_url(puzzle) == URL
    assert S.format_puzzle(puzzle) == TEXT
    assert S.parse_puzzle(TEXT) == puzzle


def test_the_file_form_reads_a_dash_as_a_gap():
    rows = ["1 - . .", ". . . .", ". . - .", ". . . 4"]
    assert parse_url("https://puzz.link/p?pzprv3/sudoku/4/" + "/".join(rows) + "/") \
        == parse_url(URL)


def test_the_file_form_refuses_a_zero_which_pzprjs_reads_as_a_gap():
    # pzprjs's decodeCellQnum makes a '0' a given 0, which its checker skips as it skips a
    # gap; read as an empty cell it would be another puzzle (found against pzprjs itself)
    rows = ["0 . . .", ". . . .", ". . . .", ". . . 4"]
    with pytest.raises(InputError, match="'0'.*gap") as err:
        parse_url("https://puzz.link/p?pzprv3/sudoku/4/" + "/".join(rows) + "/")
    assert "'-' for a gap" in str(err.value)


def test_the_drawings_show_the_gaps():
    puzzle = parse_url(URL)
    result = solve(puzzle)
    lines = S.draw_text(puzzle, result.solution).splitlines()
    assert lines[0].split()[1] == S.GAP and lines[3].split()[3] == S.GAP
    assert S.solution_from_drawing(lines, puzzle) == result.solution
    assert "\n".join(draw_panel(puzzle, None, [])).count('class="gap"') == 2


def test_a_puzzle_with_gaps_has_no_solo_id():
    with pytest.raises(InputError, match="no Solo ID"):
        to_game_id(parse_url(URL))


def test_the_checker_names_a_digit_in_a_gap_and_accepts_a_house_one_digit_short():
    puzzle = parse_url(URL)
    answer = solve(puzzle).solution
    assert answer.grid[0, 1] == 0 and S.check(puzzle, answer) == []
    row = set(answer.grid[0].tolist()) - {0}
    assert len(row) == 3  # one digit is missing from the gap's row
    filled = np.array(answer.grid)
    filled[0, 1] = ({1, 2, 3, 4} - row).pop()
    found = S.check(puzzle, S.SudokuSolution(filled))
    assert [v.rule for v in found] == ["digit-in-gap"]
    written = S.format_solution(puzzle, answer)
    assert S.parse_solution(written, puzzle) == answer and S.GAP in written


def test_the_clue_tools_offer_no_gap_cell_and_keep_the_gaps():
    puzzle = parse_url(URL)
    report = check_clues(puzzle)
    assert report.verdict == Verdict.MULTIPLE and report.added
    assert all(not puzzle.gaps[clue.cell] for clue in report.added)
    after = report.puzzle_after
    assert np.array_equal(after.gaps, puzzle.gaps) and solve(after).verdict == Verdict.UNIQUE


def test_the_grader_refuses_gaps_by_name():
    with pytest.raises(NotGradable, match="gaps"):
        grade_sudoku(S.SudokuPuzzle(np.zeros((9, 9)), gaps=np.eye(9, dtype=bool)))


def test_a_gap_cannot_hold_a_clue():
    with pytest.raises(ValueError):
        S.SudokuPuzzle(np.eye(4), gaps=np.eye(4, dtype=bool))


def test_json_rows_show_a_gap_as_the_text_does_and_read_back():
    """``--json``'s solution rows wrote a gap as ``.`` (an empty cell); they write ``#``, as
    the text format and the drawing do, and read back to the same answer."""
    import json

    from pencilsat.formats.solution_input import read_solution

    puzzle = S.parse_puzzle(TEXT)
    result = solve(puzzle)
    record = result.to_dict()
    rows = record["solution"]
    assert [row[1] for row in rows[:1]] == ["#"] and rows[2][2] == "#"
    assert "." not in "".join(rows)
    assert rows == S.format_solution(puzzle, result.solution).splitlines()[1:]
    assert read_solution(puzzle, json.loads(json.dumps(record))) == result.solution
    if record.get("second_solution") is not None:
        assert record["second_solution"][0][1] == "#"
