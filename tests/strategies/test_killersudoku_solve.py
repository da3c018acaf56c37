"""Killer Sudoku's strategies: janko and Tatham puzzles unique with the stored answer on both
backends, every verdict, count and backbone against brute force on small random grids (the
oracle of tests/oracles/killersudoku.py), and the complete clause list's models are exactly
the answers."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.killersudoku import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.killersudoku import complete_cnf
from pencilsat.puzzles import killersudoku as J
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

BACKENDS = ["cnf", "cpsat"]
NOT_UNIQUE = {f"{n}_9x9" for n in (196, 197, 198, 248, 249, 257, 716, 717, 718, 719, 720, 726,
                                   727, 728)}
"""The 14 janko puzzles with more than one answer under the plain rules (puzzlekit, where it
ran, finds a second one too; benchmarks/results/killersudoku.md)."""


def load(txt, sol):
    puzzle = J.parse_puzzle(txt.read_text(), txt.stem)
    return puzzle, J.FORMAT.parse_solution(sol.read_text(), puzzle)


@pytest.mark.parametrize("backend", BACKENDS)
def test_corpus_sample_is_unique_with_the_stored_solution(backend):
    pairs = every_kth(corpus_pairs("killersudoku/janko"), 23)
    pairs += every_kth(corpus_pairs("killersudoku/tatham"), 23)
    assert len(pairs) >= 35
    for txt, sol in pairs:
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, backend=backend, time_limit=60)
        if txt.stem in NOT_UNIQUE:
            assert result.verdict == Verdict.MULTIPLE, txt
            continue
        assert result.verdict == Verdict.UNIQUE, txt
        assert result.solution == expected, txt


def test_the_puzzles_janko_leaves_ambiguous_have_two_valid_answers():
    for txt, sol in corpus_pairs("killersudoku/janko"):
        if txt.stem in NOT_UNIQUE:
            puzzle, expected = load(txt, sol)
            result = solve(puzzle)
            assert result.verdict == Verdict.MULTIPLE
            assert result.solution != result.second_solution
            for answer in (result.solution, result.second_solution, expected):
                assert J.check(puzzle, answer) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_verdict_count_and_backbone_match_brute_force(backend):
    rng = random.Random(45 + len(backend))
    seen = set()
    for _ in range(15):
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


@pytest.mark.parametrize("narrowed", [False, True])
def test_the_complete_clause_list_has_exactly_the_answers_as_models(narrowed):
    rng = random.Random(7)
    for _ in range(10):
        puzzle = random_puzzle(rng)
        encoding = complete_cnf(puzzle, narrowed)
        assert_models_are(encoding, solutions(puzzle))
