"""Nonogram's strategies: janko and Tatham puzzles unique with the stored answer on both
(the line automata in CNF, AddAutomaton on CP-SAT), and every verdict, count and backbone
against brute force on small random pictures (the oracle of tests/oracles/nonogram.py);
the complete clause list has exactly the answers as models."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.nonogram import puzzle_of, random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.nonogram import complete_cnf
from pencilsat.puzzles import nonogram as N
from pencilsat.strategies.front import solve
from pencilsat.strategies.nonogram import DEFAULT_SAT_SOLVER

BACKENDS = ["cnf", "cpsat"]


def load(txt, sol):
    puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
    return puzzle, N.FORMAT.parse_solution(sol.read_text(), puzzle)


@pytest.mark.parametrize("backend", BACKENDS)
def test_janko_and_tatham_samples_are_unique_with_the_stored_solution(backend):
    pairs = (every_kth(corpus_pairs("nonogram/janko", 400), 20)
             + every_kth(corpus_pairs("nonogram/tatham"), 20))
    assert len(pairs) >= 8
    for txt, sol in pairs:
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, backend=backend, time_limit=60)
        assert result.verdict == Verdict.UNIQUE, txt
        settled = str(result.stats.extra.get("settled_by", "")).startswith("line solver")
        assert backend == "cpsat" or settled or result.stats.sat_solver == DEFAULT_SAT_SOLVER
        assert backend == "cnf" or not settled
        assert result.solution == expected, txt


@pytest.mark.parametrize("backend", BACKENDS)
def test_verdict_count_and_backbone_match_brute_force(backend):
    from pencilsat.strategies.solution_space import Exploration, undecided_cells

    rng = random.Random(44 + len(backend))
    seen = set()
    for _ in range(30):
        puzzle = random_puzzle(rng)
        truth = solutions(puzzle)
        result = solve(puzzle, backend=backend,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        seen.add(verdict)
        assert result.count is not None and result.count.complete
        assert set(result.count.solutions) == set(truth)
        assert result.backbone is not None and result.backbone.complete
        expected = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
        assert result.backbone.undecided == expected
    assert seen == {Verdict.UNIQUE, Verdict.MULTIPLE}


def test_a_puzzle_without_an_answer_is_none_on_both_strategies():
    # the rows shade 2 cells, the columns 1
    puzzle = N.parse_puzzle("nonogram 2 2\n2\n0\n1\n0\n")
    assert solutions(puzzle) == []
    for backend in BACKENDS:
        assert solve(puzzle, backend=backend).verdict == Verdict.NONE


def test_tathams_example_needs_more_than_line_solving_and_is_unique():
    # pattern.c's comment: a 4x4 no line-at-a-time solver starts (columns 2 1 2 1, rows
    # 1 1, 2, 1, 1), unique all the same
    puzzle = N.NonogramPuzzle(((1, 1), (2,), (1,), (1,)), ((2,), (1,), (2,), (1,)))
    assert len(solutions(puzzle)) == 1
    for backend in BACKENDS:
        result = solve(puzzle, backend=backend)
        assert result.verdict == Verdict.UNIQUE and result.solution == solutions(puzzle)[0]


@pytest.mark.parametrize("seed", range(8))
def test_the_complete_clauses_have_exactly_the_answers_as_models(seed):

    puzzle = random_puzzle(random.Random(seed))
    encoding = complete_cnf(puzzle)
    assert_models_are(encoding, solutions(puzzle))


def test_a_picture_is_an_answer_of_its_own_clues():
    import numpy as np

    picture = np.array([[1, 0, 1], [1, 1, 0]], dtype=bool)
    assert N.NonogramSolution(picture) in solutions(puzzle_of(picture))


def test_lines_whose_clue_is_not_given_match_brute_force_on_both_strategies():
    # random pictures with some lines' clues taken away ('?': any shading fits the line)
    from pencilsat.strategies.solution_space import Exploration

    rng = random.Random(44)
    checked = 0
    for _ in range(12):
        puzzle = random_puzzle(rng)
        rows = tuple(None if rng.random() < 0.4 else clue for clue in puzzle.rows)
        columns = tuple(None if rng.random() < 0.3 else clue for clue in puzzle.columns)
        puzzle = N.NonogramPuzzle(rows, columns)
        truth = solutions(puzzle)
        if len(truth) > 40:
            continue
        for backend in BACKENDS:
            result = solve(puzzle, backend=backend, explore=Exploration(count=len(truth) + 1))
            assert result.count is not None and result.count.complete
            assert set(result.count.solutions) == set(truth)
        checked += 1
    assert checked >= 6
