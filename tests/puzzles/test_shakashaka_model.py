"""Shakashaka's model: corpus formats, the rule checker (each rule named at its cell, pzprjs'
own examples judged as pzprjs judges them), the text drawing read back, the clue rules."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.puzzles import shakashaka as S

JANKO = corpus_pairs("shakashaka/janko")
SQUARE = "shakashaka 2 2\n. .\n. .\n"
DIAMOND = np.array([[S.NW, S.NE], [S.SW, S.SE]])


def rules_of(violations):
    return {(v.rule, v.cell) for v in violations}


def test_the_corpus_is_there_and_every_stored_answer_is_valid():
    assert len(JANKO) >= 300
    for txt, sol in every_kth(JANKO, 7):
        puzzle = S.parse_puzzle(txt.read_text(), txt.stem)
        answer = S.parse_solution(sol.read_text(), puzzle)
        assert S.check(puzzle, answer) == [], txt.stem
        assert S.parse_puzzle(S.format_puzzle(puzzle)) == puzzle
        assert S.format_solution(puzzle, answer) == sol.read_text()
        drawing = S.draw_text(puzzle, answer).splitlines()
        assert S.solution_from_drawing(drawing, puzzle) == answer


def test_a_white_square_is_valid_empty_and_as_a_diamond_but_not_half_and_half():
    puzzle = S.parse_puzzle(SQUARE)
    assert S.check(puzzle, S.ShakashakaSolution(np.zeros((2, 2)))) == []
    assert S.check(puzzle, S.ShakashakaSolution(DIAMOND)) == []
    half = S.ShakashakaSolution(np.array([[S.NW, S.NE], [0, 0]]))
    assert rules_of(S.check(puzzle, half)) == {("white-not-rectangle", (0, 0))}


def test_each_rule_is_named_at_its_cell():
    puzzle = S.parse_puzzle("shakashaka 3 2\n. . 1\n# . .\n")
    assert rules_of(S.check(puzzle, S.ShakashakaSolution(np.zeros((2, 3))))) == {
        ("wrong-count", (0, 2)), ("white-not-rectangle", (0, 0))}
    on_black = np.zeros((2, 3))
    on_black[1, 0] = S.SE
    assert ("triangle-on-black", (1, 0)) in rules_of(S.check(puzzle, S.ShakashakaSolution(
        on_black)))
    other = S.parse_solution("shakashaka-solution 3 2\n. . 2\n# . .\n")
    assert ("grid-differs", (0, 2)) in rules_of(S.check(puzzle, other))
    small = S.ShakashakaSolution(np.zeros((1, 1)))
    assert rules_of(S.check(puzzle, small)) == {("size", None)}


def test_a_hole_in_a_white_area_is_no_rectangle():
    """A black cell in the middle of white: the area around it fills its box but has a hole
    (its quarters are fewer than the box), so it is refused."""
    puzzle = S.parse_puzzle("shakashaka 3 3\n. . .\n. # .\n. . .\n")
    assert rules_of(S.check(puzzle, S.ShakashakaSolution(np.zeros((3, 3))))) == {
        ("white-not-rectangle", (0, 0))}


# pzprjs' test/script/shakashaka.js: a 6x6 puzzle with its checks; answers as pzprjs' file
# form writes them (2 sw, 3 se, 4 ne, 5 nw; '+' and '.' no triangle).
PZPRJS_PUZZLE = "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /. . . 1 . . /"
PZPRJS_ANSWERS = [
    ("wrong-count", ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . "
                    "/. 2 3 . 2 3 /"),
    ("white-not-rectangle", ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . "
                            "/. . . . . . /. . . . 2 3 /"),
    ("white-not-rectangle", ". 5 4 . . . /5 . 3 . 5 4 /2 3 . 5 5 3 /. 5 4 2 3 . "
                            "/5 . 3 . 5 4 /2 3 . . 2 3 /"),
    (None, ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /"),
]
_PZPRJS_KIND = {"2": S.SW, "3": S.SE, "4": S.NE, "5": S.NW, ".": S.EMPTY, "+": S.EMPTY}


def _pzprjs(rows: str) -> list[list[str]]:
    return [row.split() for row in rows.strip(" /").split(" /")]


@pytest.mark.parametrize(("rule", "answer"), PZPRJS_ANSWERS)
def test_pzprjs_examples_are_judged_as_pzprjs_judges_them(rule, answer):
    cells = [[S.WHITE if t == "." else int(t) for t in row] for row in _pzprjs(PZPRJS_PUZZLE)]
    puzzle = S.ShakashakaPuzzle(np.array(cells))
    kinds = np.array([[_PZPRJS_KIND[t] for t in row] for row in _pzprjs(answer)])
    found = {v.rule for v in S.check(puzzle, S.ShakashakaSolution(kinds))}
    # pzprjs names the first broken rule of its list; an unfinished answer breaks others too
    assert rule in found if rule is not None else found == set()


def test_bad_input_is_refused_at_its_place():
    with pytest.raises(InputError) as bad:
        S.parse_puzzle("shakashaka 2 2\n. 5\n. .\n")
    assert (bad.value.line, bad.value.column) == (2, 3)
    with pytest.raises(InputError) as short:
        S.parse_puzzle("shakashaka 2 2\n. .\n.\n")
    assert short.value.line == 3
    with pytest.raises(InputError) as rows:
        S.parse_puzzle("shakashaka 2 3\n. .\n. .\n")
    assert "expected 3 rows" in str(rows.value)
    with pytest.raises(InputError) as answer:
        S.parse_solution("shakashaka-solution 2 1\nnw xx\n")
    assert (answer.value.line, answer.value.column) == (2, 4)
    with pytest.raises(InputError):
        S.solution_from_drawing(["#/ ?!"], S.parse_puzzle("shakashaka 2 1\n. .\n"))


def test_the_drawing_shows_each_triangle_as_its_diagonal_and_black_side():
    puzzle = S.parse_puzzle("shakashaka 3 2\n. . 2\n. . #\n")
    answer = S.ShakashakaSolution(np.array([[S.NW, S.NE, 0], [S.SW, S.SE, 0]]))
    assert S.draw_text(puzzle, answer) == "#/ \\# #2\n#\\ /# ##\n"
    assert S.draw_text(puzzle) == ".. .. #2\n.. .. ##\n"


def test_clue_rules_take_a_number_away_and_offer_numbers_for_plain_black_cells():
    puzzle = S.parse_puzzle("shakashaka 3 2\n. . 2\n. . #\n")
    rules = S.RULES.clues
    assert rules is not None
    assert rules.given(puzzle) == [Clue((0, 2), "2", 2)]
    plain = rules.without(puzzle, Clue((0, 2), "2", 2))
    assert plain.cells[0, 2] == S.BLACK
    answer = S.ShakashakaSolution(np.array([[S.NW, S.NE, 0], [S.SW, S.SE, 0]]))
    assert rules.offered(puzzle, answer) == [Clue((1, 2), "1", 1)]
    assert rules.with_(plain, Clue((0, 2), "2", 2)) == puzzle


def test_backbone_rows_mark_undecided_cells():
    puzzle = S.parse_puzzle(SQUARE)
    rows = S.RULES.partial_rows(puzzle, S.ShakashakaSolution(DIAMOND), [(0, 1)])
    assert rows == ["nw ?", "sw se"]
