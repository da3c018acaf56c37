"""Light Up's rule checker settles a valid answer by whole-grid arrays and names what is wrong
cell by cell: both passes must agree on every answer, valid or not (bulbs added, removed or
moved, off the grid or on a wall), on corpus puzzles."""

from __future__ import annotations

from conftest import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pencilsat.formats.detect import read_input
from pencilsat.puzzles import lightup
from pencilsat.puzzles.lightup import LightUpSolution

PATHS = sorted((CORPUS / "lightup" / "janko").glob("*.txt"))[::60]
ANSWERS = [(read_input(str(path)), path.with_suffix(".sol")) for path in PATHS]


def _answer(index: int) -> tuple[lightup.LightUpPuzzle, LightUpSolution]:
    puzzle, sol = ANSWERS[index]
    answer = lightup.parse_solution(sol.read_text())
    return puzzle, LightUpSolution(answer.bulbs, answer.width, answer.height)  # no walls


def _cell_by_cell(puzzle: lightup.LightUpPuzzle, answer: LightUpSolution) -> bool:
    fast = lightup._valid
    lightup._valid = lambda *args: False
    try:
        return not lightup.check(puzzle, answer)
    finally:
        lightup._valid = fast


def test_the_stored_answers_are_valid_on_both_passes():
    assert ANSWERS
    for index in range(len(ANSWERS)):
        puzzle, answer = _answer(index)
        assert lightup._valid(puzzle.cells, answer.bulbs)
        assert _cell_by_cell(puzzle, answer)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_both_passes_agree_on_changed_answers(data):
    puzzle, answer = _answer(data.draw(st.integers(0, len(ANSWERS) - 1)))
    cell = st.tuples(st.integers(-1, puzzle.height), st.integers(-1, puzzle.width))
    flips = data.draw(st.lists(cell, min_size=1, max_size=3))
    bulbs = set(answer.bulbs)
    for flip in flips:
        bulbs ^= {flip}
    changed = LightUpSolution(frozenset(bulbs), answer.width, answer.height)
    assert lightup._valid(puzzle.cells, changed.bulbs) == _cell_by_cell(puzzle, changed)
