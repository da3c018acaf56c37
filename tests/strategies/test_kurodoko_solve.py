"""Kurodoko on both strategies: corpus agreement (janko and Tatham's Range, sampled; the
benchmark runs them all), verdicts, and count, backbone and verdict against brute force on
small random grids."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as
from oracles.kurodoko import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.puzzles import kurodoko as K
from pencilsat.strategies.front import solve
from pencilsat.strategies.kurodoko import run_cnf
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("kurodoko/janko")
TATHAM = corpus_pairs("kurodoko/tatham")
STRATEGIES = [("lazy", "cnf"), ("lazy-cpsat", "cpsat")]


def load(txt, sol):
    return K.parse_puzzle(txt.read_text(), txt.stem), K.FORMAT.parse_solution(sol.read_text())


def grid(*rows: str) -> K.KurodokoPuzzle:
    return K.parse_puzzle(f"kurodoko {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


def test_the_corpus_is_there():
    assert len(JANKO) > 400
    assert len(TATHAM) == 40


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_corpus_samples_are_unique_with_the_stored_answer(encoding, backend):
    step = 20 if backend == "cnf" else 60
    for txt, sol in every_kth(JANKO, step) + every_kth(TATHAM, 8):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_ambiguous_puzzle_gives_two_valid_answers_and_where_they_differ(encoding, backend):
    puzzle = grid(". . .")  # no number: any shading without touching cells
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert K.check(puzzle, result.solution) == [] == K.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution) != []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_number_decides_the_shading(encoding, backend):
    result = solve(grid("2 . ."), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert K.FORMAT.solution_rows(None, result.solution) == ["..#"]


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_puzzle_without_an_answer_gives_none(encoding, backend):
    # the 1 needs both neighbours shaded, which cuts the right end off
    result = solve(grid(". 1 . ."), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None


@pytest.mark.parametrize(("sat_solver", "used", "native"), [
    (None, "minicard", True), ("gluecard4", "gluecard4", True),
    ("cadical", "cadical195", False), ("glucose", "glucose4", False)])
def test_lazy_counts_sight_natively_only_where_the_solver_can(sat_solver, used, native):
    puzzle, expected = load(*JANKO[0])
    result = run_cnf(puzzle, sat_solver=sat_solver)
    assert result.verdict == Verdict.UNIQUE and result.solution == expected
    assert result.stats.sat_solver == used
    assert ("native_counts" in result.stats.extra) == native


def test_cuts_keep_the_unshaded_cells_whole():
    """Some corpus puzzle's first models enclose unshaded cells behind a diagonal of
    shaded cells, which only a cut removes."""
    for txt, sol in every_kth(JANKO, 5):
        puzzle, expected = load(txt, sol)
        result = run_cnf(puzzle)
        assert result.solution == expected
        if result.stats.extra["cuts"] > 0:
            return
    pytest.fail("no sampled puzzle needed a cut")


# ------------------------------------------------------------------ against brute force


@st.composite
def small_puzzles(draw: st.DrawFn) -> K.KurodokoPuzzle:
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = st.one_of(st.just(K.EMPTY), st.just(K.EMPTY), st.just(K.UNKNOWN),
                      st.integers(1, width + height))
    values = draw(st.lists(cells, min_size=width * height, max_size=width * height))
    return K.KurodokoPuzzle(np.array(values).reshape(height, width))


@pytest.mark.parametrize(("encoding", "backend", "sat_solver"),
                         [(*strategy, None) for strategy in STRATEGIES]
                         + [("lazy", "cnf", "cadical")])
@settings(max_examples=80, deadline=None)
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_match_brute_force(encoding, backend, sat_solver, puzzle):
    """``lazy`` on CaDiCaL takes the sight as order-encoded sums, on MiniCard (its default)
    as native counts: both are checked."""
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, sat_solver=sat_solver,
                   explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@pytest.mark.parametrize("rows", [[". ."], [". . ."], [".", "."]])
def test_one_unshaded_cell_beside_shaded_ones_is_connected(encoding, backend, rows):
    truth = brute_force(grid(*rows))
    result = solve(grid(*rows), encoding=encoding, backend=backend,
                   explore=Exploration(count=len(truth) + 1, backbone=False))
    assert result.count is not None and set(result.count.solutions) == set(truth)
