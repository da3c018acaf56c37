"""Fillomino's model: the corpus reads and writes back, every stored answer passes the
checker, each rule's violation is named at its cell, the drawing reads back, errors are
positioned."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.puzzles import fillomino as F

PAIRS = corpus_pairs("fillomino")


def grid(*rows: str) -> F.FillominoPuzzle:
    return F.parse_puzzle(f"fillomino {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


def answer(*rows: str) -> F.FillominoSolution:
    return F.FillominoSolution(np.array([[int(t) for t in row.split()] for row in rows]))


def test_every_corpus_puzzle_and_answer_reads_writes_back_and_checks():
    assert len(PAIRS) > 750
    for txt, sol in PAIRS:
        text = txt.read_text()
        puzzle = F.parse_puzzle(text, txt.stem)
        assert F.format_puzzle(puzzle) == text, txt
        solution = F.parse_solution(sol.read_text())
        assert F.format_solution(puzzle, solution) == sol.read_text(), sol
        assert F.check(puzzle, solution) == [], txt


def test_a_valid_answer_passes():
    assert F.check(grid("2 . 1", ". 3 ."), answer("2 2 1", "3 3 3")) == []
    assert F.check(grid("? . .", ". . ."), answer("2 2 1", "3 3 3")) == []


def test_each_rule_alone():
    puzzle = grid("2 . 1", ". 3 .")
    assert [v[:2] for v in F.check(puzzle, answer("2 2 1", "3 3 2"))] == [
        ("wrong-block-size", (1, 0)), ("wrong-block-size", (1, 2))]
    assert [v[:2] for v in F.check(grid("1 . .", ". . ."), answer("2 2 1", "3 3 3"))] == [
        ("given-changed", (0, 0))]
    # two blocks of 1 side by side are one block of two 1s
    assert [v[:2] for v in F.check(grid(". .", ". ."), answer("1 1", "2 2"))] == [
        ("wrong-block-size", (0, 0))]
    assert F.check(grid(". ."), answer("0 1"))[0][:2] == ("not-a-number", (0, 0))
    assert F.check(grid(". ."), answer("1 1", "2 2"))[0].rule == "wrong-size"


def test_the_drawing_reads_back_as_the_answer():
    txt, sol = PAIRS[0]
    puzzle = F.parse_puzzle(txt.read_text())
    solution = F.parse_solution(sol.read_text())
    drawing = F.draw_text(puzzle, solution).splitlines()
    assert F.parse_drawing(drawing, puzzle) == solution
    assert F.draw_text(puzzle).count("+") == (puzzle.width + 1) * (puzzle.height + 1)


def test_answer_rows_without_the_header_read():
    solution = answer("2 2 1", "3 3 3")
    assert F.parse_solution("\n".join(F.solution_rows(None, solution))) == solution
    assert F.backbone_rows(grid(". . .", ". . ."), solution, [(0, 2)]) == ["2 2 ?", "3 3 3"]


@pytest.mark.parametrize(("text", "where"), [
    ("fillomino 2 1\n1 x\n", (2, 3)),
    ("fillomino 2 1\n1 0\n", (2, 3)),
    ("fillomino 2 2\n1 .\n", None),
])
def test_bad_puzzles_are_positioned_errors(text, where):
    with pytest.raises(InputError) as error:
        F.parse_puzzle(text)
    if where is not None:
        assert (error.value.line, error.value.column) == where


def test_bad_answers_are_errors():
    with pytest.raises(InputError):
        F.parse_solution("fillomino-solution 2 1\n1 x\n")
    with pytest.raises(InputError):
        F.parse_solution("fillomino-solution 2 1\n1\n")


def test_why_none_names_a_given_fenced_in():
    assert "fewer than 3" in (F.why_none(grid("3 1", "1 .")) or "")
    assert F.why_none(grid("3 . .", ". . .")) is None


def test_clue_tools_take_a_number_away_and_offer_the_answer():
    puzzle = grid("2 . 1", ". 3 .")
    clues = F.given_numbers(puzzle)
    assert [c.cell for c in clues] == [(0, 0), (0, 2), (1, 1)]
    assert F.without_number(puzzle, clues[0]).numbers[0, 0] == 0
    assert F.with_number(puzzle, Clue((0, 1), "2", 2)).numbers[0, 1] == 2
    offered = F.numbers_offered(puzzle, answer("2 2 1", "3 3 3"))
    assert [(c.cell, c.value) for c in offered] == [((0, 1), 2), ((1, 0), 3), ((1, 2), 3)]


def test_the_largest_block_reads_writes_back_and_is_checked():
    puzzle = F.parse_puzzle("fillomino 3 1 3\n. . .\n")
    assert puzzle.largest == 3 and F.format_puzzle(puzzle) == "fillomino 3 1 3\n. . .\n"
    assert F.parse_puzzle("fillomino 3 1\n. . .\n").largest == 0
    assert F.check(puzzle, F.FillominoSolution(np.array([[3, 3, 3]]))) == []
    four = F.parse_puzzle("fillomino 4 1 3\n. . . .\n")
    rules = [(v.rule, v.cell) for v in F.check(four, F.FillominoSolution(
        np.array([[4, 4, 4, 4]])))]
    assert rules == [("block-too-large", (0, 0))]
    assert F.without_number(F.parse_puzzle("fillomino 2 1 3\n1 .\n"),
                            F.given_numbers(F.parse_puzzle("fillomino 2 1 3\n1 .\n"))[0]
                            ).largest == 3
    with pytest.raises(InputError, match="past the largest block 3"):
        F.parse_puzzle("fillomino 4 1 3\n4 . . .\n")
    with pytest.raises(InputError, match="largest block M must be a number"):
        F.parse_puzzle("fillomino 4 1 x\n. . . .\n")
