"""Kakuro's model: the corpus reads and writes back, the checker accepts the stored answers
and names each broken rule with its cell, bad text is a positioned InputError, and the sums
work as the clue tools' clues."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.puzzles import kakuro as K

SMALL = "kakuro 3 3\n# 4\\ 3\\\n\\3 . .\n\\4 . .\n"
ANSWER = "kakuro-solution 3 3\n###\n#12\n#31\n"


def small() -> tuple[K.KakuroPuzzle, K.KakuroSolution]:
    puzzle = K.parse_puzzle(SMALL)
    return puzzle, K.parse_solution(ANSWER, puzzle)


def answer_of(rows: list[str]) -> K.KakuroSolution:
    return K.solution_from_rows(rows)


def test_a_corpus_sample_reads_checks_draws_and_writes_back():
    pairs = every_kth(corpus_pairs("kakuro/janko"), 40)
    assert len(pairs) >= 20
    for txt, sol in pairs:
        puzzle = K.parse_puzzle(txt.read_text(), txt.stem)
        answer = K.parse_solution(sol.read_text(), puzzle)
        assert K.format_puzzle(puzzle) == txt.read_text()
        assert K.format_solution(puzzle, answer) == sol.read_text()
        assert K.check(puzzle, answer) == [], txt
        assert K.clue_clash(puzzle) is None
        assert K.parse_drawing(K.draw_text(puzzle, answer).splitlines(), puzzle) == answer


def test_runs_carry_their_clue_cell_and_sum():
    puzzle, _ = small()
    runs = {(run.direction, run.clue): (run.cells, run.total) for run in puzzle.runs()}
    assert runs == {("across", (1, 0)): ([(1, 1), (1, 2)], 3),
                    ("across", (2, 0)): ([(2, 1), (2, 2)], 4),
                    ("down", (0, 1)): ([(1, 1), (2, 1)], 4),
                    ("down", (0, 2)): ([(1, 2), (2, 2)], 3)}


def test_each_broken_rule_is_named_at_its_cell():
    puzzle, answer = small()
    assert K.check(puzzle, answer) == []
    found = {(v.rule, v.cell) for v in K.check(puzzle, answer_of(["###", "#11", "#31"]))}
    assert found == {("repeat-in-run", (1, 2)), ("repeat-in-run", (2, 2)),
                     ("run-sum", (1, 0)), ("run-sum", (0, 2))}
    found = {(v.rule, v.cell) for v in K.check(puzzle, answer_of(["1##", "#12", "#31"]))}
    assert found == {("digit-in-black-cell", (0, 0))}
    found = {(v.rule, v.cell) for v in K.check(puzzle, answer_of(["###", "#1#", "#31"]))}
    assert ("cell-not-filled", (1, 2)) in found
    assert [v.rule for v in K.check(puzzle, answer_of(["####"] * 3))] == ["size"]


def test_a_run_without_a_sum_keeps_its_digits_different_only():
    puzzle, answer = small()
    open_run = K.without_sum(puzzle, Clue((1, 0), "\\3", 3))
    found = {(v.rule, v.cell) for v in K.check(open_run, answer_of(["###", "#13", "#31"]))}
    assert found == {("run-sum", (0, 2))}  # the open row takes 1 3, the column's 3 + 1 is 4
    found = {(v.rule, v.cell) for v in K.check(open_run, answer_of(["###", "#33", "#31"]))}
    assert ("repeat-in-run", (1, 2)) in found


def test_bad_text_is_a_positioned_input_error():
    with pytest.raises(InputError) as err:
        K.parse_puzzle("kakuro 3 3\n# 4\\ 3\\\n\\3 . x\n\\4 . .\n")
    assert err.value.line == 3 and err.value.column == 6
    with pytest.raises(InputError) as err:
        K.parse_puzzle("kakuro 3 3\n# 4\\ 3\\\n\\3 . .\n\\4 . 5\\\n")
    assert "has no white cell below it" in str(err.value)
    with pytest.raises(InputError):
        K.parse_puzzle("kakuro 3 3\n# 4\\ 3\\\n\\3 . .\n")
    with pytest.raises(InputError):
        K.parse_solution("kakuro-solution 3 3\n###\n#1x\n#31\n", None)


def test_why_none_names_an_unreachable_sum_and_a_run_too_long():
    puzzle, _ = small()
    wrong = K.with_sum(puzzle, Clue((1, 0), "\\18", 18))
    assert "no 2 different digits 1..9 add up to 18" in K.clue_clash(wrong)
    white = np.zeros((2, 11), dtype=bool)
    white[1, 1:] = True
    long = K.KakuroPuzzle(white, np.zeros((2, 11)), np.zeros((2, 11)))
    assert "10 cells" in K.clue_clash(long)


def test_sums_are_clues_with_a_direction():
    puzzle, answer = small()
    clues = K.given_sums(puzzle)
    assert [c.label for c in clues] == ["4\\", "3\\", "\\3", "\\4"]
    fewer = K.without_sum(puzzle, clues[0])
    assert int(fewer.down[0, 1]) == 0 and int(fewer.across.sum()) == 7
    assert K.sums_offered(fewer, answer) == [Clue((0, 1), "4\\", 4)]
    assert K.with_sum(fewer, clues[0]) == puzzle
