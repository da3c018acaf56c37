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
