"""Slant on both strategies: corpus agreement (janko and Tatham's Slant, sampled; the
benchmark runs them all), verdicts, cuts, the complete clause list, and count, backbone and
verdict against brute force on small random grids."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as, assert_models_are
from oracles.slant import random_puzzle
from oracles.slant import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.formats.puzzlink import parse_url
from pencilsat.puzzles import slant as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.slant import complete_cnf, run_cnf
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("gokigen/janko")
TATHAM = corpus_pairs("gokigen/tatham")
STRATEGIES = [("lazy", "cnf"), ("lazy-cpsat", "cpsat")]


def load(txt, sol):
    return S.parse_puzzle(txt.read_text(), txt.stem), S.parse_solution(sol.read_text())


def puzzle_of(*rows: str) -> S.SlantPuzzle:
    return S.parse_puzzle(f"gokigen {len(rows[0]) - 1} {len(rows) - 1}\n" + "\n".join(rows)
                          + "\n")


def test_the_corpus_is_there():
    assert len(JANKO) > 600
    assert len(TATHAM) == 80


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_corpus_samples_are_unique_with_the_stored_answer(encoding, backend):
    step = 25 if backend == "cnf" else 60
    for txt, sol in every_kth(JANKO, step) + every_kth(TATHAM, 8):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_the_pzprjs_example_has_pzprjs_answer(encoding, backend):
    result = solve(parse_url("gokigen/4/4/iaegcgcj6a"), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert S.solution_rows(None, result.solution) == ["\\/\\/", "/\\\\\\", "\\\\//", "///\\"]


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_empty_grid_gives_two_valid_answers_and_where_they_differ(encoding, backend):
    puzzle = puzzle_of("...", "...", "...")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert S.check(puzzle, result.solution) == [] == S.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_numbers_that_force_a_loop_give_none(encoding, backend):
    # four corners of 0 turn every diagonal away from them: a diamond around the centre
    result = solve(puzzle_of("0.0", "...", "0.0"), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None


def test_cuts_remove_loops_the_numbers_allow():
    """Some corpus puzzle's first model has a loop the numbers allow, which only a cut
    removes."""
    for txt, sol in every_kth(JANKO, 10):
        puzzle, expected = load(txt, sol)
        result = run_cnf(puzzle)
        assert result.solution == expected
        if result.stats.extra["cuts"] > 0:
            return
    pytest.fail("no sampled puzzle needed a cut")


# ------------------------------------------------------------------ against brute force


@st.composite
def small_puzzles(draw: st.DrawFn) -> S.SlantPuzzle:
    return random_puzzle(random.Random(draw(st.integers(0, 2**32))))


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=40, deadline=None)
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_match_brute_force(encoding, backend, puzzle):
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@settings(max_examples=25, deadline=None)
@given(puzzle=small_puzzles())
def test_the_complete_clause_list_has_exactly_the_answers(puzzle):
    """The study's fixed CNF: its models, seen on the answer variables, are exactly the
    brute-force answers."""
    encoding = complete_cnf(puzzle)
    assert_models_are(encoding, brute_force(puzzle))
