"""Slitherlink's text formats: the corpus reads and writes back verbatim, the solution rows
are the JSON rows, the drawing shows the loop, and bad input names its line and column."""

from __future__ import annotations

import pytest
from conftest import CORPUS
from slitherlink_support import grid

from pencilsat import check
from pencilsat.core.errors import InputError
from pencilsat.puzzles import slitherlink as S

JANKO_1 = CORPUS / "slitherlink/janko/1_4x4.txt"


def corpus_files(suffix: str) -> list:
    return sorted((CORPUS / "slitherlink").rglob(f"*{suffix}"))


def test_every_corpus_puzzle_reads_and_writes_back_verbatim():
    files = corpus_files(".txt")
    assert len(files) > 1150
    for path in files:
        text = path.read_text()
        assert S.format_puzzle(S.parse_puzzle(text)) == text, path


def test_every_corpus_solution_reads_and_writes_back_verbatim():
    files = corpus_files(".sol")
    assert len(files) > 1150
    for path in files:
        text = path.read_text()
        assert S.format_solution(S.parse_solution(text)) == text, path


def test_the_formats_example_reads_as_documented():
    puzzle = S.parse_puzzle(JANKO_1.read_text())
    assert puzzle.clues.tolist() == [[1, -1, -1, 0], [-1] * 4, [1, -1, 2, 1], [-1, 2, 3, -1]]
    answer = S.parse_solution(JANKO_1.with_suffix(".sol").read_text())
    assert ((0, 1), (0, 2)) in answer.edges  # row 0, column 3 of the lattice: '-'
    assert ((0, 1), (1, 1)) in answer.edges  # row 1, column 2: '|'
    assert len(answer.edges) == 12


def test_solution_rows_are_the_lattice_lines_and_check_reads_them():
    text = JANKO_1.with_suffix(".sol").read_text()
    answer = S.parse_solution(text)
    rows = S.RULES.solution_rows(S.parse_puzzle(JANKO_1.read_text()), answer)
    assert rows == text.splitlines()[1:]
    assert check(str(JANKO_1), rows) == []
    assert check(str(JANKO_1), text) == []


def test_the_drawing_shows_numbers_and_loop_lines():
    puzzle = S.parse_puzzle(JANKO_1.read_text())
    drawing = S.draw_text(puzzle, S.parse_solution(JANKO_1.with_suffix(".sol").read_text()))
    lines = drawing.splitlines()
    assert len(lines) == 9
    assert lines[0] == "+   +---+   +   +"
    assert lines[1] == "  1 |   |     0"
    assert S.draw_text(puzzle).splitlines()[0] == "+   +   +   +   +"


def test_differences_are_the_cells_beside_a_differing_line():
    one = S.SlitherlinkSolution(frozenset({((0, 0), (0, 1))}), 3, 2)
    other = S.SlitherlinkSolution(frozenset({((1, 1), (2, 1))}), 3, 2)
    # a top rim line has one cell beside it, an inner vertical line two
    assert one.differing_cells(other) == [(0, 0), (1, 0), (1, 1)]
    assert one.differing_cells(one) == []


def test_a_clue_array_is_checked_and_frozen():
    puzzle = grid(["0.", ".3"])
    assert puzzle.clues.flags.writeable is False
    assert list(puzzle.numbered()) == [((0, 0), 0), ((1, 1), 3)]
    with pytest.raises(ValueError):
        S.SlitherlinkPuzzle([[4]])


@pytest.mark.parametrize("text, line, column, says", [
    ("", None, None, "empty"),
    ("masyu 2 2\n..\n..\n", 1, 1, "expected the header 'slitherlink W H'"),
    ("slitherlink 2 2\n..\n.4\n", 3, 2, "unknown character '4'"),
    ("slitherlink 2 2\n..\n.\n", 3, 2, "row has 1 cells"),
    ("slitherlink 2 3\n..\n..\n", 4, None, "expected 3 rows"),
    ("slitherlink two 2\n..\n", 1, None, "size must be two whole numbers"),
])
def test_puzzle_errors_name_line_and_column(text, line, column, says):
    with pytest.raises(InputError) as err:
        S.parse_puzzle(text)
    assert says in err.value.message
    assert (err.value.line, err.value.column) == (line, column)
    assert err.value.hint


@pytest.mark.parametrize("body, line, column, says", [
    ("+-+\n| |\n+-x\n", 4, 3, "unexpected character 'x'"),
    ("+-+\n|3|\n+-+\n", 3, 2, "unexpected character '3'"),
    ("+|+\n| |\n+-+\n", 2, 2, "unexpected character '|'"),
    ("+-+\n| |\n", 4, None, "expected 3 lattice rows"),
    ("+-+\n| |\n+-+-+\n", 4, 4, "lattice row has 5 characters"),
])
def test_solution_errors_name_line_and_column(body, line, column, says):
    with pytest.raises(InputError) as err:
        S.parse_solution("slitherlink-solution 1 1\n" + body)
    assert says in err.value.message
    assert (err.value.line, err.value.column) == (line, column)
    assert err.value.hint


def test_solution_needs_its_header():
    with pytest.raises(InputError, match="slitherlink-solution W H"):
        S.parse_solution("slitherlink 1 1\n+-+\n| |\n+-+\n")
