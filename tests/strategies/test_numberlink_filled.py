"""Numberlink's filled variant (every cell on a line) on both strategies: verdict, count and
backbone against a brute force that applies the filled rule itself, a puzzle multiple under
the plain rules and unique filled, stray loops cut rather than dropped, and the complete
clause list."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as, assert_models_are
from oracles.numberlink import random_puzzle
from oracles.numberlink import solutions as brute_force

from pencilsat.core.result import Verdict
from pencilsat.puzzles import numberlink as N
from pencilsat.strategies.front import solve
from pencilsat.strategies.numberlink import complete_cnf
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
