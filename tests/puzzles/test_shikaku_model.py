"""Shikaku's model: the corpus reads and writes back, every stored answer passes the checker,
each rule's violation is named at its cell, the drawing reads back, errors are positioned."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS, corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.puzzles import shikaku as S
from pencilsat.puzzles.regions import Regions

PAIRS = corpus_pairs("shikaku")


def grid(*rows: str) -> S.ShikakuPuzzle:
    return S.parse_puzzle(f"shikaku {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


def answer(*rows: str) -> S.ShikakuSolution:
    return S.ShikakuSolution(Regions.from_labels(np.array([[int(t) for t in row.split()]
                                                           for row in rows])))


def test_every_corpus_puzzle_and_answer_reads_writes_back_and_checks():
    assert len(PAIRS) > 480
    for txt, sol in PAIRS:
        text = txt.read_text()
        puzzle = S.parse_puzzle(text, txt.stem)
        assert S.format_puzzle(puzzle) == text, txt
        solution = S.FORMAT.parse_solution(sol.read_text())
        assert S.FORMAT.format_solution(puzzle, solution) == sol.read_text(), sol
        assert S.check(puzzle, solution) == [], txt


def test_a_valid_answer_passes():
    assert S.check(grid("2 . 4", ". . ."), answer("1 1 2", "3 3 2")) != []
    assert S.check(grid("2 . .", "4 . ."), answer("1 1 2", "3 3 2")) != []
    assert S.check(grid("2 . 2", "2 . ."), answer("1 1 2", "3 3 2")) == []


def test_each_rule_alone():
    puzzle = grid("2 . 4", ". . .")
    assert S.check(puzzle, answer("1 1 2", "3 2 2"))[0][:2] == ("not-rectangle", (0, 2))
    assert [v[:2] for v in S.check(grid("2 . 2", ". . ."), answer("1 1 2", "3 3 2"))] == [
        ("no-number", (1, 0))]
    assert [v[:2] for v in S.check(grid("3 . 2", ". . ."), answer("1 1 2", "3 3 2"))] == [
        ("wrong-area", (0, 0)), ("no-number", (1, 0))]
    assert [v[:2] for v in S.check(grid("2 2", ". ."), answer("1 1", "2 2"))] == [
        ("two-numbers", (0, 1)), ("no-number", (1, 0))]
    assert [v[:2] for v in S.check(grid("? .", ". 2"), answer("1 1", "2 2"))] == []
    assert S.check(grid("2 ."), answer("1 1", "2 2"))[0].rule == "wrong-size"


def test_the_drawing_reads_back_as_the_answer():
    txt, sol = PAIRS[0]
    puzzle = S.parse_puzzle(txt.read_text())
    solution = S.FORMAT.parse_solution(sol.read_text())
    lines = S.draw_text(puzzle, solution).splitlines()
    assert S.parse_drawing(lines, puzzle) == solution


def test_bad_tokens_and_regions_in_two_pieces_are_positioned_errors():
    with pytest.raises(InputError) as error:
        grid("2 x")
    assert "unknown cell 'x'" in str(error.value) and error.value.line == 2
    with pytest.raises(InputError) as error:
        S.FORMAT.parse_solution("shikaku-solution 3 1\n1 2 1\n")
    assert "two separate pieces" in str(error.value)


def test_why_none_says_when_the_numbers_cannot_tile_the_grid():
    assert "add up to 3" in S.why_none(grid("2 .", "1 ."))
    assert S.why_none(grid("2 .", "2 .")) is None
    assert "'?'" in S.why_none(grid("4 .", ". ?"))
    assert S.why_none(grid("3 .", ". ?")) is None


def test_clue_tools_turn_a_number_into_a_question_mark_and_offer_its_area():
    puzzle = grid("2 .", "2 .")
    given = S.given_numbers(puzzle)
    assert [c.cell for c in given] == [(0, 0), (1, 0)]
    widened = S.without_number(puzzle, given[0])
    assert widened.numbers[0, 0] == S.UNKNOWN
    solution = answer("1 1", "2 2")
    assert S.numbers_offered(widened, solution) == [Clue((0, 0), "2", 2)]
    assert S.with_number(widened, Clue((0, 0), "2", 2)) == puzzle


def test_backbone_rows_mark_undecided_cells():
    puzzle = grid("? .", ". 2")
    rows = S.RULES.partial_rows(puzzle, answer("1 1", "2 2"), [(0, 0)])
    assert rows == ["? 1", "2 2"]


def test_the_corpus_folder_has_tatham_sets():
    assert len(list((CORPUS / "shikaku" / "tatham").rglob("*.txt"))) == 40
