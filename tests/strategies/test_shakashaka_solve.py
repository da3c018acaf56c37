"""Shakashaka on both strategies: janko agreement, verdicts, the complete CNF, and against
brute force on small grids (verdict, solution count, backbone)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.shakashaka import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.shakashaka import build, complete_cnf
from pencilsat.puzzles import shakashaka as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.shakashaka import memory_cnf, memory_cpsat
from pencilsat.strategies.solution_space import Exploration, undecided_cells

JANKO = corpus_pairs("shakashaka/janko")
BACKENDS = ["cnf", "cpsat"]


def load(txt, sol):
    p = S.parse_puzzle(txt.read_text(), txt.stem)
    return p, S.parse_solution(sol.read_text(), p)


@pytest.mark.parametrize("backend", BACKENDS)
def test_janko_sample_is_unique_with_the_stored_solution(backend):
    for txt, sol in every_kth(JANKO, 30):
        p, expected = load(txt, sol)
        result = solve(p, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (p.name, result.message)
        assert result.solution == expected, p.name


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_white_square_is_ambiguous_and_a_number_beside_it_decides(backend):
    open_square = S.parse_puzzle("shakashaka 3 2\n. . #\n. . #\n")
    result = solve(open_square, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert S.check(open_square, result.solution) == [] == S.check(open_square,
                                                                 result.second_solution)
    assert result.differences == [(0, 0), (0, 1), (1, 0), (1, 1)]
    for number, expected in ((0, S.EMPTY), (1, S.NE)):
        decided = S.parse_puzzle(f"shakashaka 3 2\n. . {number}\n. . #\n")
        result = solve(decided, backend=backend)
        assert result.verdict == Verdict.UNIQUE
        assert result.solution.triangles[0, 1] == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_number_no_answer_can_meet_gives_none(backend):
    p = S.parse_puzzle("shakashaka 2 1\n. 2\n")  # one white neighbour for a 2
    assert solve(p, backend=backend).verdict == Verdict.NONE
    lone = S.parse_puzzle("shakashaka 2 2\n. .\n. 0\n")  # an L of white, no triangle allowed
    assert solve(lone, backend=backend).verdict == Verdict.NONE


def test_the_encoding_and_its_complete_cnf_have_the_stored_answer_alone():
    txt, sol = JANKO[0]
    p, expected = load(txt, sol)
    encoding = build(p)
    whites = int(p.white.sum())
    assert encoding.num_vars == p.width * p.height + 4 * whites
    assert len(encoding.answer) == 4 * whites and encoding.requirements == []
    assert len(encoding.sizes) == len(list(p.numbers()))
    complete = complete_cnf(p)
    from pysat.solvers import Solver

    with Solver(name="minisat22", bootstrap_with=complete.clauses) as solver:
        assert solver.solve()
        true = {lit for lit in solver.get_model() if lit > 0}
        assert complete.decode(true) == expected
        solver.add_clause([-lit if lit in true else lit for lit in complete.answer])
        assert not solver.solve()


def test_the_memory_estimates_grow_with_the_grid_and_refuse_a_huge_one():
    small = S.parse_puzzle("shakashaka 1 1\n.\n")
    huge = S.ShakashakaPuzzle(np.full((1000, 1000), S.WHITE))
    assert memory_cnf(huge, "cnf") > memory_cnf(small, "cnf")
    assert min(memory_cnf(huge, "cnf"), memory_cpsat(huge, "cpsat")) > 4 * 2**30
    result = solve(huge, backend="cnf")
    assert result.verdict == Verdict.UNKNOWN and "memory budget" in result.message


# ------------------------------------------------------------------ against brute force


def _agree_with_brute_force(puzzle: S.ShakashakaPuzzle, backend: str) -> None:
    truth = solutions(puzzle)
    result = solve(puzzle, backend=backend,
                   explore=Exploration(count=len(truth) + 1, backbone=True))
    verdict = verdict_of(truth)
    assert result.verdict == verdict, S.format_puzzle(puzzle)
    assert result.count is not None and result.count.complete
    assert set(result.count.solutions) == set(truth)
    if truth:
        undecided = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
        assert result.backbone is not None and result.backbone.undecided == undecided


def test_every_black_and_white_pattern_up_to_2x3_agrees_with_brute_force():
    """Every way to blacken cells of the grids up to 2x3 and 3x2 (no numbers): the
    rectangle rule alone, where the white areas' shapes decide."""
    for height, width in ((1, 1), (1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (3, 2)):
        for bits in itertools.product((S.WHITE, S.BLACK), repeat=height * width):
            _agree_with_brute_force(S.ShakashakaPuzzle(np.array(bits).reshape(height, width)),
                                    "cnf")


@st.composite
def small_puzzles(draw) -> S.ShakashakaPuzzle:
    """Half the time a puzzle made around an answer (the oracle's), else random cells up to
    3x3: white, black, or black with a number 0-4, at most 6 white (many have no answer)."""
    if draw(st.booleans()):
        return random_puzzle(random.Random(draw(st.integers(0, 2**32 - 1))))
    height, width = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]))
    tokens = st.sampled_from([S.WHITE] * 5 + [S.BLACK, 0, 1, 2])
    cells = np.array(draw(st.lists(tokens, min_size=height * width,
                                   max_size=height * width))).reshape(height, width)
    for r, c in np.argwhere(cells == S.WHITE)[6:]:
        cells[r, c] = S.BLACK
    return S.ShakashakaPuzzle(cells)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=40, deadline=None)
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_agree_with_brute_force(backend, puzzle):
    _agree_with_brute_force(puzzle, backend)
