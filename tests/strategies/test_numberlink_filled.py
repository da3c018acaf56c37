"""Numberlink's filled variant (every cell on a line) on both strategies: verdict, count and
backbone against a brute force that applies the filled rule itself, a puzzle multiple under
the plain rules and unique filled, stray loops cut rather than dropped, the complete
clause list, and the plain rules' verdict read first (each of its cases, and the filled
rules alone after it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as, assert_models_are
from oracles.numberlink import random_puzzle
from oracles.numberlink import solutions as brute_force

from pencilsat.core.result import SolveResult, Verdict
from pencilsat.puzzles import numberlink as N
from pencilsat.strategies import numberlink, numberlink_filled
from pencilsat.strategies.front import solve
from pencilsat.strategies.numberlink import complete_cnf, run_cnf, run_cpsat
from pencilsat.strategies.numberlink_filled import (
    PLAIN_SHARE,
    QUICK_SECONDS,
    QUICK_SHARE,
    edge_truth,
    solve_filled,
)
from pencilsat.strategies.solution_space import Exploration

STRATEGIES = [("lazy", "cnf"), ("lazy-cpsat", "cpsat")]


def filled_of(*rows: str) -> N.NumberlinkPuzzle:
    return N.parse_puzzle(f"numberlink {len(rows[0].split())} {len(rows)} full\n"
                          + "\n".join(rows) + "\n")


def verdict_of(count: int) -> Verdict:
    return {0: Verdict.NONE, 1: Verdict.UNIQUE}.get(count, Verdict.MULTIPLE)


@st.composite
def filled_puzzles(draw: st.DrawFn) -> N.NumberlinkPuzzle:
    """Random small grids (lines around random walks) with the filled rule: about a third
    have no filled answer, a third one, a third more."""
    plain = random_puzzle(random.Random(draw(st.integers(0, 2**32))), pairs=(1, 4))
    return N.NumberlinkPuzzle(plain.numbers, filled=True)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=30, deadline=None)
@given(puzzle=filled_puzzles())
def test_verdict_count_and_backbone_match_brute_force(encoding, backend, puzzle):
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(len(truth))
    assert_explored_as(result, truth)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=40, deadline=None)
@given(puzzle=filled_puzzles())
def test_a_plain_solve_matches_brute_force(encoding, backend, puzzle):
    """Without count or backbone (where the plain rules' solve shortens lines and drops
    loops): the verdict and the answers shown are the filled rule's."""
    truth = brute_force(puzzle)
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == verdict_of(len(truth))
    if truth:
        assert result.solution in truth
        assert N.check(puzzle, result.solution) == []
    if len(truth) > 1:
        assert result.second_solution in truth
        assert result.second_solution != result.solution


@pytest.mark.parametrize("rows", [("1 1", ". ."),
                                  ("3 . .", "3 11 11", "12 . 12")])
@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_multiple_under_the_plain_rules_unique_when_filled(encoding, backend, rows):
    filled = filled_of(*rows)
    plain = N.NumberlinkPuzzle(filled.numbers)
    assert solve(plain, encoding=encoding, backend=backend).verdict == Verdict.MULTIPLE
    result = solve(filled, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert [result.solution] == brute_force(filled)
    assert N.check(filled, result.solution) == []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_stray_loop_is_cut_not_dropped(encoding, backend):
    """The pair side by side in a 4x2 grid: the degree rules with every cell used allow the
    line round the left square and a loop round the right one; the only answer is the line
    through all eight cells, which a solve that dropped the loop (leaving its cells unused)
    would miss."""
    puzzle = filled_of("1 1 . .", ". . . .")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert len(result.solution.edges) == 7
    assert N.check(puzzle, result.solution) == []


def test_a_grid_nothing_fills_has_no_answer():
    """Two columns of pairs with the middle column between: whatever the lines do, a cell
    is left (the plain rules have answers)."""
    puzzle = filled_of("1 . 2", ". . .", "1 . 2")
    assert brute_force(puzzle) == []
    assert solve(puzzle).verdict == Verdict.NONE
    assert solve(N.NumberlinkPuzzle(puzzle.numbers)).verdict == Verdict.MULTIPLE


@settings(max_examples=20, deadline=None)
@given(puzzle=filled_puzzles())
def test_the_complete_clause_list_has_exactly_the_filled_answers(puzzle):
    encoding = complete_cnf(puzzle)
    assert_models_are(encoding, brute_force(puzzle))


@pytest.mark.parametrize(("rows", "plain", "filled"), [
    ((". 1 2", "1 2 ."), Verdict.UNIQUE, Verdict.UNIQUE),
    ((". 11 .", "11 12 12"), Verdict.UNIQUE, Verdict.NONE),
    (("1 1 . .",), Verdict.UNIQUE, Verdict.NONE),
    ((". 11 11", ". . ."), Verdict.MULTIPLE, Verdict.UNIQUE),
    (("2 11 . .", "2 . . .", ". . . 11"), Verdict.MULTIPLE, Verdict.NONE),
])
@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_the_plain_verdict_is_read_first(encoding, backend, rows, plain, filled, monkeypatch):
    """A plain ``unique`` settles the filled verdict (``unique`` when its answer fills the
    grid, ``none`` when it leaves a cell unused); a plain ``multiple`` leaves it to the
    filled rules alone (the quick filled try, which decides these at once, left out)."""
    puzzle = filled_of(*rows)
    monkeypatch.setattr(numberlink_filled, "QUICK_SECONDS", 0.0)
    monkeypatch.setattr(numberlink, "QUICK_SECONDS_CPSAT", 0.0)
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.stats.extra["plain_first"] == plain.value
    assert result.verdict == filled == verdict_of(len(brute_force(puzzle)))
    if result.solution is not None:
        assert N.check(puzzle, result.solution) == []


def _answer(puzzle: N.NumberlinkPuzzle, *rows: str) -> N.NumberlinkSolution:
    text = f"numberlink-solution {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"
    return N.parse_solution(text, puzzle)


SQUARE = filled_of("1 . .", ". . .", ". . 1")
"""A 3x3 grid, corner to corner: two of its answers fill it, the plain rules allow more."""
SNAKE = _answer(SQUARE, ">-7", "F-J", "L-<")
ALONG_TWO_SIDES = _answer(SQUARE, "v..", "|..", "L-<")  # leaves four cells unused


def test_two_filled_plain_answers_are_multiple_at_once():
    other = _answer(SQUARE, "vF7", "|||", "LJ^")
    assert N.check(SQUARE, SNAKE) == [] and N.check(SQUARE, other) == []

    def plain_run(plain: N.NumberlinkPuzzle, limit: float) -> SolveResult:
        assert not plain.filled and limit <= PLAIN_SHARE * 60
        return SolveResult(Verdict.MULTIPLE, plain, SNAKE, other)

    def filled_run(seed, limit):
        assert seed is None and limit == min(QUICK_SECONDS, QUICK_SHARE * 60), "quick only"
        return SolveResult(Verdict.UNKNOWN, SQUARE)

    result = solve_filled(SQUARE, 60, plain_run, filled_run)
    assert result.verdict == Verdict.MULTIPLE
    assert {result.solution, result.second_solution} == {SNAKE, other}


def test_the_filled_search_starts_from_the_filled_plain_answer():
    asked_for = []

    def plain_run(plain: N.NumberlinkPuzzle, limit: float) -> SolveResult:
        return SolveResult(Verdict.MULTIPLE, plain, ALONG_TWO_SIDES, SNAKE)

    def filled_run(seed, limit):
        asked_for.append((seed, limit))
        return SolveResult(Verdict.UNKNOWN, SQUARE)

    result = solve_filled(SQUARE, None, plain_run, filled_run)
    assert result.stats.extra["plain_first"] == "multiple"
    assert asked_for == [(None, QUICK_SECONDS), (edge_truth(SNAKE), None)]


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=25, deadline=None)
@given(puzzle=filled_puzzles())
def test_the_filled_rules_alone_give_the_same_verdict(encoding, backend, puzzle):
    """``plain_first=False``: the rules alone, loops cut (the path a count takes)."""
    run = run_cnf if backend == "cnf" else run_cpsat
    result = run(puzzle, plain_first=False)
    assert result.verdict == verdict_of(len(brute_force(puzzle)))
    assert "plain_first" not in result.stats.extra


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=30, deadline=None)
@given(puzzle=filled_puzzles())
def test_the_plain_rules_first_match_brute_force(encoding, backend, puzzle):
    """The path a puzzle the quick filled try leaves open takes: the plain rules' verdict,
    then the filled rules alone from a filled plain answer."""
    truth = brute_force(puzzle)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(numberlink_filled, "QUICK_SECONDS", 0.0)
        patch.setattr(numberlink, "QUICK_SECONDS_CPSAT", 0.0)
        result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.stats.extra["plain_first"] != "not needed"
    assert result.verdict == verdict_of(len(truth))
    for shown in (result.solution, result.second_solution):
        assert shown is None or shown in truth


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_quick_filled_verdict_skips_the_plain_rules(encoding, backend, monkeypatch):
    # the quick try's clock made long: its verdict, not CI's load, decides the path
    monkeypatch.setattr(numberlink_filled, "QUICK_SECONDS", 600.0)
    monkeypatch.setattr(numberlink, "QUICK_SECONDS_CPSAT", 600.0)
    result = solve(SQUARE, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert result.stats.extra["plain_first"] == "not needed"
