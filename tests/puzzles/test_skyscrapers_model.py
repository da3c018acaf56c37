"""Skyscrapers' model: the corpus reads and writes back, the checker accepts every stored
answer and names each broken rule at its place, bad text is a positioned InputError."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import skyscrapers as S

LATIN = np.array([[1, 2, 3], [2, 3, 1], [3, 1, 2]])


def _puzzle(clues=None, givens=None, largest=3, diagonal=False):
    clues = np.zeros((4, 3), dtype=np.int16) if clues is None else clues
    givens = np.zeros((3, 3), dtype=np.int16) if givens is None else givens
    return S.SkyscrapersPuzzle(clues, givens, largest, diagonal)


def test_every_corpus_puzzle_and_answer_reads_checks_and_writes_back():
    files = sorted((CORPUS / "skyscrapers").rglob("*.txt"))
    assert len(files) == 583
    for path in files:
        text = path.read_text()
        puzzle = S.parse_puzzle(text, path.stem)
        answer = S.FORMAT.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
        assert S.check(puzzle, answer) == [], path
        assert S.format_puzzle(puzzle) == text
        assert S.FORMAT.format_solution(puzzle, answer) == path.with_suffix(".sol").read_text()
        assert S.FORMAT.parse_solution("\n".join(S.FORMAT.solution_rows(puzzle, answer))) \
            == answer
        drawing = S.draw_text(puzzle, answer).splitlines()
        assert S.solution_from_drawing(drawing, puzzle) == answer


def test_seen_counts_the_buildings_taller_than_all_before_them():
    assert S.seen([1, 2, 3]) == 3
    assert S.seen([3, 1, 2]) == 1
    assert S.seen([0, 2, 0, 1, 3]) == 2
    assert S.seen([0, 0]) == 0


def test_each_broken_rule_is_named_at_its_place():
    clues = np.zeros((4, 3), dtype=np.int16)
    clues[0, 0] = 3  # top of column 0 sees 1, 2, 3
    clues[3, 1] = 2  # right of row 1 sees 1, 3: 2
    puzzle = _puzzle(clues, np.where(np.eye(3, dtype=bool), LATIN, 0))
    assert S.check(puzzle, S.SkyscrapersSolution(LATIN)) == []
    wrong = LATIN.copy()
    wrong[0, 0] = 2
    found = {(v.rule, v.cell) for v in S.check(puzzle, S.SkyscrapersSolution(wrong))}
    assert found == {("clue-changed", (0, 0)), ("repeat-in-row", (0, 1)),
                     ("repeat-in-column", (1, 0)), ("missing-in-row", (0, 0)),
                     ("missing-in-column", (0, 0)), ("visible-count", (-1, 0))}
    swapped = LATIN[[0, 2, 1]]  # rows 1 and 2 swapped: column 0 from the top is 1 3 2
    found = {(v.rule, v.cell) for v in S.check(_puzzle(clues), S.SkyscrapersSolution(swapped))}
    assert found == {("visible-count", (-1, 0))}
    clues[3, 0] = 3  # row 0 from the right is 3 2 1: one seen
    found = {(v.rule, v.cell) for v in S.check(_puzzle(clues), S.SkyscrapersSolution(LATIN))}
    assert found == {("visible-count", (0, 3))}
    tall = LATIN.copy()
    tall[2, 2] = 4
    assert ("height-out-of-range", (2, 2)) in {
        (v.rule, v.cell) for v in S.check(_puzzle(), S.SkyscrapersSolution(tall))}


def test_the_diagonal_variant_and_empty_cells():
    grid = np.array([[1, 2, 0], [0, 1, 2], [2, 0, 1]])
    assert S.check(_puzzle(largest=2), S.SkyscrapersSolution(grid)) == []
    found = {(v.rule, v.cell) for v in S.check(_puzzle(largest=2, diagonal=True),
                                                S.SkyscrapersSolution(grid))}
    assert found == {("repeat-in-diagonal", (1, 1)), ("repeat-in-diagonal", (2, 2)),
                     ("missing-in-diagonal", (0, 0))}
    text = "skyscrapers 3 3 2 D\n. . . . .\n. 1 . . .\n. . . . .\n. . . . .\n. . 2 . .\n"
    puzzle = S.parse_puzzle(text)
    assert puzzle.diagonal and puzzle.largest == 2 and puzzle.clues[1, 1] == 2
    assert S.format_puzzle(puzzle) == text


@pytest.mark.parametrize("text, words", [
    ("skyscrapers 3 4 3\n", "square"),
    ("skyscrapers 3 3 4\n", "tallest building"),
    ("skyscrapers 3 3\n", "lacks M"),
    ("skyscrapers 3 3 3 X\n", "header"),
    ("skyscrapers 3 3 3\n" + ". . . . .\n" * 4, "rows"),
    ("skyscrapers 3 3 3\n1 . . . .\n" + ". . . . .\n" * 4, "corner"),
    ("skyscrapers 3 3 2\n. . . . .\n. 3 . . .\n" + ". . . . .\n" * 3, "more than"),
    ("skyscrapers 3 3 3\n. . x . .\n" + ". . . . .\n" * 4, "unknown clue"),
])
def test_bad_text_is_a_clear_input_error(text, words):
    with pytest.raises(InputError) as caught:
        S.parse_puzzle(text)
    assert words in str(caught.value)


def test_givens_that_repeat_are_the_reason_for_no_answer():
    givens = np.zeros((3, 3), dtype=np.int16)
    givens[0, 0] = givens[0, 2] = 3
    assert S.clue_clash(_puzzle(givens=givens)) == "the givens repeat 3 in a row (r1c1 and r1c3)"


def test_clue_tools_take_and_give_edge_clues_and_givens():
    clues = np.zeros((4, 3), dtype=np.int16)
    clues[2, 1] = 2
    givens = np.zeros((3, 3), dtype=np.int16)
    givens[1, 1] = 3
    puzzle = _puzzle(clues, givens)
    given = S.given_clues(puzzle)
    assert [(c.cell, c.value) for c in given] == [((1, -1), 2), ((1, 1), 3)]  # by place
    bare = S.without_clue(S.without_clue(puzzle, given[0]), given[1])
    assert bare == _puzzle()
    assert S.with_clue(S.with_clue(bare, given[0]), given[1]) == puzzle
    offered = S.clues_offered(puzzle, S.SkyscrapersSolution(LATIN))
    assert ((-1, 0), 3) in [(c.cell, c.value) for c in offered]
    assert ((0, 0), 1) in [(c.cell, c.value) for c in offered]
    assert ((1, -1), 2) not in [(c.cell, c.value) for c in offered]


def test_a_changed_drawing_is_refused():
    clues = np.zeros((4, 3), dtype=np.int16)
    clues[2, 0] = 3
    puzzle = _puzzle(clues)
    lines = S.draw_text(puzzle, S.SkyscrapersSolution(LATIN)).splitlines()
    assert lines[1].startswith("3 | 1")  # no top line: no clue on top
    for changed in ("2" + lines[1][1:], lines[1].replace("|", ":", 1), lines[1][:4] + "x"
                    + lines[1][5:]):
        with pytest.raises(InputError):
            S.solution_from_drawing([lines[0], changed, *lines[2:]], puzzle)


GAPPED = """skyscrapers 3 3 3
. . . . .
. # . . .
. . . . .
. . . . .
. . . . .
"""
"""A 3x3 whose top left cell is a gap (pzprjs' '?' in a cell)."""


def test_a_gap_reads_writes_back_and_holds_no_building():
    puzzle = S.parse_puzzle(GAPPED)
    assert puzzle.gaps.tolist() == [[True, False, False], [False] * 3, [False] * 3]
    assert S.format_puzzle(puzzle) == GAPPED
    assert puzzle.full_houses() == [False, True, True, False, True, True]
    good = S.SkyscrapersSolution(np.array([[0, 1, 2], [1, 2, 3], [2, 3, 1]]))
    assert S.check(puzzle, good) == []  # row 1 and column 1 miss the 3
    found = [(v.rule, v.cell) for v in S.check(puzzle, S.SkyscrapersSolution(
        np.array([[3, 1, 2], [1, 2, 3], [2, 3, 0]])))]
    assert found == [("building-in-gap", (0, 0)), ("missing-in-row", (2, 0)),
                     ("missing-in-column", (0, 2))]
    found = [(v.rule, v.cell) for v in S.check(puzzle, S.SkyscrapersSolution(
        np.array([[0, 0, 2], [1, 2, 3], [2, 3, 1]])))]
    assert found == [("missing-in-column", (0, 1)), ("empty-cell", (0, 1))]


def test_a_gap_is_drawn_and_read_back_and_needs_m_equal_n_without_diagonals():
    puzzle = S.parse_puzzle(GAPPED)
    answer = S.SkyscrapersSolution(np.array([[0, 1, 2], [1, 2, 3], [2, 3, 1]]))
    drawing = S.draw_text(puzzle, answer).splitlines()
    assert drawing[1] == "  | # 1 2 |"
    assert S.solution_from_drawing(drawing, puzzle) == answer
    with pytest.raises(InputError, match="gap .* needs M = N"):
        S.parse_puzzle(GAPPED.replace("3 3 3", "3 3 2"))
    with pytest.raises(InputError, match="gap .* needs M = N"):
        S.parse_puzzle(GAPPED.replace("3 3 3", "3 3 3 D"))
