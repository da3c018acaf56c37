"""LITS' model: tetromino names, text formats and drawings read back, and the rule checker on
a hand-made answer broken once per rule."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS, corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.puzzles import lits
from pencilsat.puzzles.polyominoes import TETROMINOES, letter_of, orientations, placements

JANKO = CORPUS / "lits" / "janko"

TWO_COLUMNS = "lits 4 3\n1 1 2 2\n1 1 2 2\n1 1 2 2\n"
"""Two 2x3 regions side by side (hand-made for the checker)."""
VALID = ["L..S", "L.SS", "LLS."]


def broken(rows: list[str], text: str = TWO_COLUMNS) -> set[str]:
    return {v.rule for v in lits.check(lits.parse_puzzle(text), lits.solution_from_rows(rows))}


def test_the_five_tetrominoes_have_their_turns_and_mirror_images():
    assert [len(orientations(TETROMINOES[k])) for k in "LITSO"] == [8, 2, 4, 4, 1]
    assert letter_of([(5, 5), (5, 6), (6, 6), (6, 7)]) == "S"
    assert letter_of([(0, 0), (1, 0), (1, 1), (1, 2)]) == "L"
    assert letter_of([(0, 0), (0, 1), (0, 2)]) is None


def test_placements_in_a_region_are_each_shape_at_each_place_once():
    two_by_three = [(r, c) for r in range(3) for c in range(2)]
    found = placements(two_by_three, lits.SHAPES)
    assert len({tuple(cells) for _, cells in found}) == len(found)
    # L: 4 turns/mirrors of 3x2 fit once each, 4 more need 2x3 (no); S: 2 upright; T: 2
    assert sorted({letter for letter, _ in found}) == ["L", "S", "T"]
    assert sum(1 for letter, _ in found if letter == "L") == 4
    assert sum(1 for letter, _ in found if letter == "S") == 2
    assert sum(1 for letter, _ in found if letter == "T") == 2


def test_the_hand_made_answer_is_valid():
    assert broken(VALID) == set()


@pytest.mark.parametrize(("rows", "rule"), [
    (["...S", "L.SS", "LLS."], "region-count"),
    (["LL..", "LL.I", "...."], "region-not-tetromino"),
    (["L..S", "L.SS", "LLS."][:2] + ["LLT."], "wrong-letter"),
    (["L...", "L.TS", "LL.."], "region-count"),
    (["L..L", "L..L", "LLLL"], "same-shape-touching"),
    (["L.LL", "L..L", "LL.L"], "shaded-not-connected"),
    ([".LT.", ".LTT", "LLT."], "shaded-2x2"),
])
def test_each_broken_rule_is_named(rows, rule):
    assert rule in broken(rows)


def test_the_square_and_a_split_region_are_not_tetrominoes():
    messages = [v.message for v in lits.check(lits.parse_puzzle(TWO_COLUMNS),
                                              lits.solution_from_rows(["LL.S", "LLSS", "..S."]))]
    assert any("square O" in m for m in messages)
    messages = [v.message for v in lits.check(lits.parse_puzzle(TWO_COLUMNS),
                                              lits.solution_from_rows(["L..S", ".LSS", "LLS."]))]
    assert any("not connected" in m for m in messages)


def test_a_blocked_cell_must_stay_blocked():
    text = "lits 5 3\n1 1 2 2 #\n1 1 2 2 3\n1 1 2 2 3\n"
    assert {v.rule for v in lits.check(lits.parse_puzzle(text),
                                       lits.solution_from_rows(["L..S.", "L.SS.", "LLS.."]))} \
        >= {"blocked-cell"}


def test_a_wrong_size_is_one_violation():
    assert [v.rule for v in lits.check(lits.parse_puzzle(TWO_COLUMNS),
                                       lits.solution_from_rows(["L..S", "L.SS"]))] == ["size"]


def test_a_region_in_two_pieces_and_bad_tokens_are_input_errors():
    with pytest.raises(InputError, match="two separate pieces"):
        lits.parse_puzzle("lits 3 1\n1 2 1\n")
    with pytest.raises(InputError, match="unknown region number"):
        lits.parse_puzzle("lits 2 1\n1 x\n")
    with pytest.raises(InputError, match="rows"):
        lits.parse_puzzle("lits 4 3\n1 1 2 2\n")
    with pytest.raises(InputError, match="unknown character"):
        lits.parse_solution("lits-solution 2 1\nLO\n")


def test_why_none_names_a_region_too_small():
    p = lits.parse_puzzle("lits 4 2\n1 1 1 2\n1 1 1 2\n")
    assert "region 2" in lits.why_none(p)
    assert lits.why_none(lits.parse_puzzle(TWO_COLUMNS)) is None


def test_every_sampled_janko_answer_passes_and_round_trips():
    files = [txt for txt, _ in corpus_pairs("lits/janko")]
    assert len(files) > 300
    blocked = [f for f in files if "#" in f.read_text().split("\n", 1)[1]]
    for path in files[::15] + blocked:
        p = lits.parse_puzzle(path.read_text())
        s = lits.parse_solution(path.with_suffix(".sol").read_text(), p)
        assert lits.check(p, s) == [], path.name
        assert lits.format_puzzle(p) == path.read_text()
        assert lits.format_solution(p, s) == path.with_suffix(".sol").read_text()
        assert lits.solution_from_drawing(lits.draw_text(p, s).splitlines(), p) == s
        assert lits.named_shading(p, s.shaded) == s
    assert blocked


def test_the_drawing_shows_letters_borders_and_blocked_cells():
    text = "lits 5 3\n1 1 2 2 #\n1 1 2 2 3\n1 1 2 2 3\n"
    drawing = lits.draw_text(lits.parse_puzzle(text),
                             lits.solution_from_rows(["L..S#", "L.SS.", "LLS.."]))
    assert drawing.splitlines()[1] == "|LL   |   SS|##|"
    with pytest.raises(InputError, match="drawing has 7 lines"):
        lits.solution_from_drawing(drawing.splitlines()[:3], lits.parse_puzzle(text))


def test_a_solution_knows_its_letters():
    s = lits.solution_from_rows(VALID)
    assert s.shaded.sum() == 8
    assert s.differing_cells(lits.solution_from_rows(["L..S", "L.SS", "LLS."])) == []
    with pytest.raises(ValueError):
        lits.LitsSolution(np.zeros((1, 2), dtype=bool), np.array([["L", "."]]))
