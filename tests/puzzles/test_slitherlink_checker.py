"""The Slitherlink rule checker accepts the corpus answers and names every broken rule."""

from __future__ import annotations

import pytest
from conftest import CORPUS
from slitherlink_support import grid

from pencilsat.puzzles import slitherlink as S

# A 3x2 puzzle and its answer: the loop around the left 2x2 block.
PUZZLE = grid(["2.1", "2.1"])
SQUARE = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 2), (2, 2)),
                    ((2, 1), (2, 2)), ((2, 0), (2, 1)), ((1, 0), (2, 0)), ((0, 0), (1, 0))})


def solution(edges) -> S.SlitherlinkSolution:
    return S.SlitherlinkSolution(frozenset(edges), 3, 2)


def rules(puzzle, edges) -> list[str]:
    return [v.rule for v in S.check(puzzle, solution(edges))]


def test_the_answer_is_valid():
    assert S.check(PUZZLE, solution(SQUARE)) == []


def test_every_corpus_solution_is_valid():
    pairs = [(t, t.with_suffix(".sol")) for t in sorted((CORPUS / "slitherlink").rglob("*.txt"))]
    pairs = [(t, s) for t, s in pairs if s.exists()]
    assert len(pairs) > 1100
    for txt, sol in pairs:
        assert S.check(S.parse_puzzle(txt.read_text()), S.parse_solution(sol.read_text())) == []


def test_a_wrong_count_is_a_clue_violation_at_its_cell():
    found = S.check(grid(["2.1", "3.1"]), solution(SQUARE))
    assert [(v.rule, v.cell) for v in found] == [("clue", (1, 0))]
    assert "number is 3" in found[0].message and "uses 2" in found[0].message


def test_a_missing_line_leaves_two_dead_ends():
    found = S.check(PUZZLE, solution(SQUARE - {((0, 0), (0, 1))}))
    assert sorted(v.cell for v in found if v.rule == "dead-end") == [(0, 0), (0, 1)]
    assert {v.rule for v in found} == {"dead-end", "clue"}


def test_a_third_line_at_a_dot_is_a_branch_at_that_dot():
    found = S.check(PUZZLE, solution(SQUARE | {((1, 1), (1, 2))}))
    branches = [v for v in found if v.rule == "branch"]
    assert [v.cell for v in branches] == [(1, 2)]
    assert "3 loop lines" in branches[0].message


def test_four_lines_at_a_dot_are_a_branch():
    cross = {((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1))}
    assert "branch" in rules(grid(["...", "..."]), cross)


def test_two_separate_loops_are_several_loops():
    left = {((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))}
    right = {((1, 2), (1, 3)), ((1, 3), (2, 3)), ((2, 2), (2, 3)), ((1, 2), (2, 2))}
    found = S.check(grid(["...", "..."]), solution(left | right))
    assert [(v.rule, v.cell) for v in found] == [("several-loops", (1, 2))]


def test_an_empty_drawing_is_no_loop():
    assert rules(grid(["...", "..."]), set()) == ["no-loop"]


def test_a_line_off_the_grid_is_refused():
    found = rules(PUZZLE, SQUARE | {((2, 2), (3, 2))})
    assert found == ["off-grid"]
    assert rules(PUZZLE, SQUARE | {((0, 0), (1, 1))}) == ["off-grid"]


def test_a_solution_of_another_size_is_refused():
    other = S.SlitherlinkSolution(SQUARE, 2, 2)
    assert [v.rule for v in S.check(PUZZLE, other)] == ["size"]


@pytest.mark.parametrize("rule", ["dead-end", "branch", "several-loops", "clue", "no-loop"])
def test_violations_print_their_rule_and_place(rule):
    broken = {
        "dead-end": SQUARE - {((0, 0), (0, 1))},
        "branch": SQUARE | {((1, 1), (1, 2))},
        "several-loops": {((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)),
                          ((1, 2), (1, 3)), ((1, 3), (2, 3)), ((2, 2), (2, 3)), ((1, 2), (2, 2))},
        "clue": SQUARE,
        "no-loop": set(),
    }[rule]
    puzzle = grid(["2.1", "3.1"]) if rule == "clue" else grid(["...", "..."])
    text = [str(v) for v in S.check(puzzle, solution(broken)) if v.rule == rule]
    assert text and text[0].startswith(rule)
    if rule != "no-loop":
        assert " at row " in text[0]
