"""Hitori on both strategies: corpus agreement (janko and Tatham's Singles, sampled; the
benchmark runs them all), verdicts, and count, backbone and verdict against brute force on
small random grids."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from desk.brute_force import hitori_solutions as brute_force
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as, assert_models_are
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.hitori import complete_clauses
from pencilsat.puzzles import hitori as H
from pencilsat.strategies.front import solve
from pencilsat.strategies.hitori import search_cnf
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("hitori/janko")
TATHAM = corpus_pairs("hitori/tatham")
STRATEGIES = [("lazy", "cnf"), ("lazy-cpsat", "cpsat")]


def load(txt, sol):
    return H.parse_puzzle(txt.read_text(), txt.stem), H.FORMAT.parse_solution(sol.read_text())


def grid(*rows: str) -> H.HitoriPuzzle:
    return H.parse_puzzle(f"hitori {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows) + "\n")


def test_the_corpus_is_there():
    assert len(JANKO) > 800
    assert len(TATHAM) == 80


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_corpus_samples_are_unique_with_the_stored_answer(encoding, backend):
    step = 20 if backend == "cnf" else 60
    for txt, sol in every_kth(JANKO, step) + every_kth(TATHAM, 8):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_ambiguous_puzzle_gives_a_valid_second_answer_and_where_they_differ(encoding,
                                                                              backend):
    puzzle = grid("1 1", "2 3")  # either 1 may go
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert H.check(puzzle, result.solution) == [] == H.check(puzzle, result.second_solution)
    assert result.differences == [(0, 0), (0, 1)]


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_puzzle_without_an_answer_gives_none(encoding, backend):
    # three of the four 1s must be shaded, and two of them would touch
    result = solve(grid("1 1 1 1"), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None


def test_cuts_keep_the_unshaded_cells_whole():
    """Some corpus puzzle's first models enclose unshaded cells behind a diagonal of
    shaded cells, which only a cut removes."""
    for txt, sol in every_kth(JANKO, 10):
        puzzle, expected = load(txt, sol)
        result = search_cnf(puzzle)
        assert result.solution == expected
        if result.stats.extra["cuts"] > 0:
            return
    pytest.fail("no sampled puzzle needed a cut")


# ------------------------------------------------------------------ against brute force


@st.composite
def small_puzzles(draw: st.DrawFn) -> H.HitoriPuzzle:
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    largest = draw(st.integers(1, max(width, height)))
    cells = st.integers(1, largest) if draw(st.booleans()) else st.integers(H.UNKNOWN, largest)
    values = draw(st.lists(cells, min_size=width * height, max_size=width * height))
    return H.HitoriPuzzle(np.array(values).reshape(height, width))


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=60, deadline=None)
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_match_brute_force(encoding, backend, puzzle):
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_one_unshaded_cell_between_two_shaded_is_connected(encoding, backend):
    result = solve(grid("1 1 1"), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert H.FORMAT.solution_rows(None, result.solution) == ["#.#"]


@settings(max_examples=40, deadline=None)
@given(puzzle=small_puzzles())
def test_the_complete_clause_list_has_exactly_the_answers(puzzle):
    """The study's fixed CNF: its models, seen on the answer variables, are exactly the
    brute-force answers."""
    encoding = complete_clauses(puzzle)
    assert_models_are(encoding, brute_force(puzzle))
