"""Ripple Effect's model: the corpus reads and writes back, the checker accepts every stored
answer and names each broken rule with its cell, bad text is a positioned InputError."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import ripple as R
from pencilsat.puzzles.regions import Regions

ROOMS = np.array([[1, 1, 2], [3, 3, 3]])
"""A domino and a single cell on top, a room of three below."""


def _puzzle(givens=None):
    givens = np.zeros((2, 3), dtype=int) if givens is None else givens
    return R.RipplePuzzle(givens, Regions.from_labels(ROOMS))


def test_every_corpus_puzzle_and_answer_reads_checks_and_writes_back():
    files = sorted((CORPUS / "ripple").rglob("*.txt"))
    assert len(files) >= 431
    for path in files[::3]:
        text = path.read_text()
        puzzle = R.parse_puzzle(text, path.stem)
        solution_text = path.with_suffix(".sol").read_text()
        answer = R.parse_solution(solution_text, puzzle)
        assert R.check(puzzle, answer) == [], path
        assert R.format_puzzle(puzzle) == text
        assert R.format_solution(puzzle, answer) == solution_text
        assert R.parse_solution("\n".join(R.solution_rows(puzzle, answer)), puzzle) == answer


def test_each_broken_rule_is_named_at_its_cell():
    good = np.array([[1, 2, 1], [3, 1, 2]])  # the 1s of row 0 are two apart: allowed
    assert R.check(_puzzle(), R.RippleSolution(good)) == []
    found = {(v.rule, v.cell) for v in R.check(_puzzle(), R.RippleSolution(
        np.array([[2, 1, 1], [1, 3, 2]])))}
    assert found == {("too-close", (0, 2))}
    found = {(v.rule, v.cell) for v in R.check(_puzzle(), R.RippleSolution(
        np.array([[1, 1, 2], [2, 3, 1]])))}
    assert found == {("repeat-in-room", (0, 1)), ("number-out-of-range", (0, 2)),
                     ("too-close", (0, 1))}
    found = {(v.rule, v.cell) for v in R.check(_puzzle(), R.RippleSolution(
        np.array([[1, 2, 1], [1, 3, 2]])))}
    assert found == {("too-close", (1, 0))}  # the column's 1s side by side
    given = np.zeros((2, 3), dtype=int)
    given[1, 1] = 3
    found = {(v.rule, v.cell) for v in R.check(_puzzle(given), R.RippleSolution(good))}
    assert found == {("clue-changed", (1, 1))}


def test_a_given_pair_that_breaks_a_rule_is_the_reason_for_no_answer():
    given = np.zeros((2, 3), dtype=int)
    given[1, 0] = given[1, 2] = 2
    assert "r2c3" in R.clue_clash(_puzzle(given))
    assert R.clue_clash(_puzzle()) is None


@pytest.mark.parametrize("text, words", [
    ("ripple 2 1\n. .\n", "rows"),
    ("ripple 2 1\n3 .\n1 1\n", "more than its room"),
    ("ripple 2 1\nx .\n1 1\n", "unknown given"),
    ("ripple 2 1\n. .\n1 x\n", "room number"),
    ("ripple 2 1\n. 1\n1 #\n", "cut out ('#' in the rooms) but has a given"),
    ("ripple 2 1\n. ?\n1 #\n", "cut out ('#' in the rooms) but has a given"),
    ("ripple 2 1\n. .\n# #\n", "every cell is cut out"),
])
def test_bad_text_is_a_clear_input_error(text, words):
    with pytest.raises(InputError) as caught:
        R.parse_puzzle(text)
    assert words in str(caught.value)


def test_clue_tools_take_and_give_numbers():
    given = np.zeros((2, 3), dtype=int)
    given[0, 0] = 1
    puzzle = _puzzle(given)
    clues = R.given_numbers(puzzle)
    assert [(c.cell, c.value) for c in clues] == [((0, 0), 1)]
    assert R.without_number(puzzle, clues[0]) == _puzzle()
    assert R.with_number(_puzzle(), clues[0]) == puzzle
    offered = R.numbers_offered(puzzle, R.RippleSolution(np.array([[1, 2, 1], [3, 1, 2]])))
    assert len(offered) == 5 and ((1, 0), 3) in [(c.cell, c.value) for c in offered]


def test_the_drawing_reads_back_and_a_changed_one_is_refused():
    puzzle = _puzzle()
    answer = R.RippleSolution(np.array([[1, 2, 1], [3, 1, 2]]))
    lines = R.draw_text(puzzle, answer).splitlines()
    assert R.solution_from_drawing(lines, puzzle) == answer
    changed = [*lines[:1], lines[1].replace("|", ":", 1), *lines[2:]]
    with pytest.raises(InputError):
        R.solution_from_drawing(changed, puzzle)


CUT = """ripple 3 2
. . .
. . .
1 # 2
3 3 3
"""
"""A 3x2 grid whose top middle cell is cut out: two rooms of one cell above a room of three."""


def test_a_cut_out_cell_has_no_room_no_number_and_ripples_run_across_it():
    puzzle = R.parse_puzzle(CUT)
    assert R.format_puzzle(puzzle) == CUT
    assert puzzle.cut_out().tolist() == [[False, True, False], [False] * 3]
    assert puzzle.room_sizes().tolist() == [[1, 0, 1], [3, 3, 3]]
    good = R.RippleSolution(np.array([[1, 0, 1], [3, 1, 2]]))
    assert R.check(puzzle, good) == []  # the two 1s above are 2 apart, across the cut cell
    assert R.format_solution(puzzle, good).splitlines()[1] == "1 . 1"
    rules = [(v.rule, v.cell) for v in R.check(puzzle, R.RippleSolution(
        np.array([[1, 1, 1], [1, 3, 2]])))]
    assert ("number-in-cut-out-cell", (0, 1)) in rules
    assert ("too-close", (1, 0)) in rules  # the 1 above it, one row up
    close = R.RippleSolution(np.array([[1, 0, 1], [1, 2, 3]]))
    assert [(v.rule, v.cell) for v in R.check(puzzle, close)] == [("too-close", (1, 0))]


def test_a_cut_out_cell_is_drawn_as_a_hash_and_reads_back():
    puzzle = R.parse_puzzle(CUT)
    answer = R.RippleSolution(np.array([[1, 0, 1], [3, 1, 2]]))
    lines = R.draw_text(puzzle, answer).splitlines()
    assert lines[1] == "| 1 | # | 1 |"
    assert R.solution_from_drawing(lines, puzzle) == answer
    assert R.numbers_offered(puzzle, answer) and all(
        c.cell != (0, 1) for c in R.numbers_offered(puzzle, answer))


def test_the_svg_drawing_darkens_the_cut_out_cells():
    import xml.etree.ElementTree as ET

    from pencilsat.formats.svg import CELL, draw_svg

    root = ET.fromstring(draw_svg(R.parse_puzzle(CUT)))
    cut = [e for e in root.iter() if e.get("class") == "cut-out"]
    assert [(e.get("x"), e.get("y")) for e in cut] == [(str(CELL), "0")]
