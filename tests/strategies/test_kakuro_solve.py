"""Kakuro's strategies: a janko sample unique with the stored answer on both backends, every
verdict, count and backbone against brute force on small random grids (the oracle of
tests/oracles/kakuro.py), and the complete clause list's models are exactly the answers."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.kakuro import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.kakuro import candidates, complete_cnf, narrowed_masks, open_cnf
from pencilsat.puzzles import kakuro as K
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

BACKENDS = ["cnf", "cpsat"]
NOT_UNIQUE = "257_24x28"
"""The one janko puzzle with more than one answer under the rules (puzzlekit finds a second
one too; benchmarks/results/kakuro.md)."""


@pytest.mark.parametrize("backend", BACKENDS)
def test_corpus_sample_is_unique_with_the_stored_solution(backend):
    pairs = every_kth(corpus_pairs("kakuro/janko", 200), 25)
    assert len(pairs) >= 10
    for txt, sol in pairs:
        puzzle = K.parse_puzzle(txt.read_text(), txt.stem)
        result = solve(puzzle, backend=backend, time_limit=60)
        assert result.verdict == Verdict.UNIQUE, txt
        assert result.solution == K.parse_solution(sol.read_text(), puzzle), txt


def test_the_puzzle_janko_leaves_ambiguous_has_two_valid_answers():
    txt, sol = next(pair for pair in corpus_pairs("kakuro/janko") if pair[0].stem == NOT_UNIQUE)
    puzzle = K.parse_puzzle(txt.read_text(), txt.stem)
    result = solve(puzzle)
    assert result.verdict == Verdict.MULTIPLE
    assert result.solution != result.second_solution
    for answer in (result.solution, result.second_solution,
                   K.parse_solution(sol.read_text(), puzzle)):
        assert K.check(puzzle, answer) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_verdict_count_and_backbone_match_brute_force(backend):
    rng = random.Random(44 + len(backend))
    seen = set()
    for _ in range(25):
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


def test_a_sum_no_digits_reach_has_no_answer():
    puzzle = K.parse_puzzle("kakuro 3 2\n# 7\\ 9\\\n\\17 . .\n")
    assert candidates(puzzle)[(1, 1)] == []
    assert solve(puzzle).verdict == Verdict.NONE


def test_the_complete_clause_list_has_exactly_the_answers_as_models():
    rng = random.Random(7)
    for _ in range(12):
        puzzle = random_puzzle(rng)
        encoding = complete_cnf(puzzle)
        assert_models_are(encoding, solutions(puzzle))


def test_the_open_cells_clause_list_has_exactly_the_answers_as_models():
    rng = random.Random(8)
    open_ones = 0
    for _ in range(30):
        puzzle = random_puzzle(rng)
        masks = narrowed_masks(puzzle)
        truth = solutions(puzzle)
        if masks is None:
            assert truth == []
            continue
        encoding = open_cnf(puzzle, masks)
        open_ones += bool(encoding.answer)
        assert_models_are(encoding, truth)
    assert open_ones
