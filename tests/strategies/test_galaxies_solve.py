"""Spiral Galaxies on both strategies: corpus agreement (janko and Tatham's Galaxies,
sampled; the benchmark runs them all), verdicts, the complete CNF, the candidate narrowing,
and count, backbone and verdict against brute force on small grids (random centres, and
puzzles made around a random division)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as
from oracles.galaxies import random_puzzle
from oracles.galaxies import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.galaxies import build
from pencilsat.puzzles import galaxies as G
from pencilsat.strategies.front import solve
from pencilsat.strategies.galaxies import complete_cnf
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("galaxies/janko")
TATHAM = corpus_pairs("galaxies/tatham")
STRATEGIES = [("lazy", "cnf"), ("lazy-cpsat", "cpsat")]
AMBIGUOUS = ("galaxies 4 4", ".........", "....o....", ".........", "....o....", ".........",
             "....o....", ".........", "..o...o..", ".........")
"""A 4x4 made around a random division that has a second answer."""


def load(txt, sol):
    return G.parse_puzzle(txt.read_text(), txt.stem), G.FORMAT.parse_solution(sol.read_text())


def test_the_corpus_is_there():
    assert len(JANKO) > 500
    assert len(TATHAM) == 80


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_corpus_samples_are_unique_with_the_stored_answer(encoding, backend):
    step = 50 if backend == "cnf" else 100
    for txt, sol in every_kth(JANKO, step) + every_kth(TATHAM, 20):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name
        assert G.check(puzzle, result.solution) == []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_ambiguous_puzzle_gives_two_valid_answers_and_where_they_differ(encoding, backend):
    puzzle = G.parse_puzzle("\n".join(AMBIGUOUS) + "\n")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert G.check(puzzle, result.solution) == [] == G.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution) != []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@pytest.mark.parametrize("rows", [
    (".....", ".o.o.", "....."),  # two centres on a 2x1: each galaxy one cell -- unique
    (".....", ".oo..", "....."),  # two centres touching one cell
    (".....", ".o...", "....."),  # the right cell can be no one's
    (".....", ".....", "....."),  # no centre at all
])
def test_verdicts_on_tiny_grids(encoding, backend, rows):
    puzzle = G.parse_puzzle("galaxies 2 1\n" + "\n".join(rows) + "\n")
    result = solve(puzzle, encoding=encoding, backend=backend)
    expected = Verdict.UNIQUE if rows[1] == ".o.o." else Verdict.NONE
    assert result.verdict == expected


def test_candidates_are_narrowed_to_reachable_mirror_pairs():
    # a 3x1 row: centres on cells 0 and 2 leave cell 1 to nobody (its mirror about either
    # centre is outside); a centre on cell 1 alone takes the whole row with one pair
    lone = G.parse_puzzle("galaxies 3 1\n.......\n...o...\n.......\n")
    encoding = build(lone)
    assert encoding.num_vars == 2  # the centre cell, and the pair (0, 0)-(0, 2)
    blocked = G.parse_puzzle("galaxies 3 1\n.......\n.o...o.\n.......\n")
    assert solve(blocked).verdict == Verdict.NONE


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_cut_out_cells_stay_outside_and_block_mirror_images(encoding, backend):
    # a 3x1 row whose middle cell is cut out: each end its own galaxy
    ends = G.parse_puzzle("galaxies 3 1\n.......\n.o.#.o.\n.......\n")
    result = solve(ends, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert G.FORMAT.solution_rows(ends, result.solution) == ["1 # 2"]
    # a centre between the ends: their mirror images are each other, the middle is cut out
    across = G.parse_puzzle("galaxies 3 1\n.......\n.o.#...\n.......\n")
    assert solve(across, encoding=encoding, backend=backend).verdict == Verdict.NONE
    on_hole = G.parse_puzzle("galaxies 3 1\n.......\n...#...\n.......\n")
    assert solve(on_hole, encoding=encoding, backend=backend).verdict == Verdict.NONE


def test_the_complete_cnf_has_exactly_the_answers():
    from pysat.solvers import Solver

    for txt, sol in [TATHAM[0], every_kth(JANKO, 100)[1]]:
        puzzle, expected = load(txt, sol)
        encoding = complete_cnf(puzzle)
        with Solver(name="cadical195", bootstrap_with=encoding.clauses) as solver:
            assert solver.solve()
            true = {lit for lit in solver.get_model() if lit > 0}
            assert encoding.decode(true) == expected
            solver.add_clause([-v if v in true else v for v in encoding.answer])
            assert not solver.solve()


def test_the_complete_cnf_counts_the_answers_of_an_ambiguous_puzzle():
    from pysat.solvers import Solver

    puzzle = G.parse_puzzle("\n".join(AMBIGUOUS) + "\n")
    encoding = complete_cnf(puzzle)
    found = []
    with Solver(name="cadical195", bootstrap_with=encoding.clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            found.append(encoding.decode(true))
            solver.add_clause([-v if v in true else v for v in encoding.answer])
    assert sorted(found, key=lambda s: s.ids.tobytes()) == brute_force(puzzle)


# ------------------------------------------------------------------ against brute force


def agrees_with_brute_force(puzzle: G.GalaxiesPuzzle, encoding: str, backend: str) -> None:
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@st.composite
def small_puzzles(draw: st.DrawFn) -> G.GalaxiesPuzzle:
    width, height = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    points = st.tuples(st.integers(1, 2 * height - 1), st.integers(1, 2 * width - 1))
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    for point in draw(st.lists(points, max_size=4)):
        lattice[point] = True
    holes = np.zeros((height, width), dtype=bool)
    for r, c in draw(st.lists(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)),
                              max_size=2)):
        holes[r, c] = True
    return G.GalaxiesPuzzle(lattice, holes)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=40, deadline=None)
@given(puzzle=small_puzzles())
def test_random_centres_match_brute_force(encoding, backend, puzzle):
    agrees_with_brute_force(puzzle, encoding, backend)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_puzzles_made_around_a_division_match_brute_force(encoding, backend):
    rng = random.Random(44)
    for _ in range(20):
        agrees_with_brute_force(random_puzzle(rng), encoding, backend)
    agrees_with_brute_force(G.parse_puzzle("\n".join(AMBIGUOUS) + "\n"), encoding, backend)
