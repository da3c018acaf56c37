"""Skyscrapers' strategies: janko and Tatham puzzles unique with the stored answer on both
backends, every verdict, count and backbone against brute force on small random grids (the
oracle of tests/oracles/skyscrapers.py), and the complete clause list's models are exactly
the answers."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.skyscrapers import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.skyscrapers import complete_cnf, propagated
from pencilsat.puzzles import skyscrapers as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

BACKENDS = ["cnf", "cpsat"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_corpus_sample_is_unique_with_the_stored_solution(backend):
    pairs = every_kth(corpus_pairs("skyscrapers/janko"), 59)
    pairs += every_kth(corpus_pairs("skyscrapers/tatham"), 40)
    kinds = set()
    for txt, sol in pairs:
        puzzle = S.parse_puzzle(txt.read_text(), txt.stem)
        expected = S.FORMAT.parse_solution(sol.read_text(), puzzle)
        result = solve(puzzle, backend=backend, time_limit=60)
        assert result.verdict == Verdict.UNIQUE, txt
        assert result.solution == expected, txt
        kinds.add((puzzle.largest < puzzle.size, puzzle.givens.any()))
    assert len(pairs) >= 12
    assert {(True, False), (False, True)} <= kinds  # empty cells; givens


@pytest.mark.parametrize("backend", BACKENDS)
def test_verdict_count_and_backbone_match_brute_force(backend):
    rng = random.Random(44 + len(backend))
    verdicts = set()
    for _ in range(15):
        puzzle = random_puzzle(rng)
        truth = solutions(puzzle)
        result = solve(puzzle, backend=backend,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        verdicts.add(verdict)
        assert result.count is not None and result.count.complete
        assert set(result.count.solutions) == set(truth)
        assert result.backbone is not None and result.backbone.complete
        expected = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
        assert result.backbone.undecided == expected
    assert verdicts == {Verdict.UNIQUE, Verdict.MULTIPLE}


def test_the_complete_clause_list_has_exactly_the_answers_as_models():
    rng = random.Random(7)
    for _ in range(12):
        puzzle = random_puzzle(rng)
        encoding = complete_cnf(puzzle)
        assert_models_are(encoding, solutions(puzzle))


def test_propagated_candidates_keep_every_answer_and_find_contradictions():
    """Random puzzles with random clues and givens (often contradictory): the propagated
    candidates hold each brute-force answer's heights, ``None`` only when there is none,
    and a solve agrees with the oracle."""
    rng = random.Random(5)
    contradictions = 0
    for _ in range(40):
        base = random_puzzle(rng)
        n, m = base.size, base.largest
        clues = np.where(np.array([[rng.random() < 0.3 for _ in range(n)] for _ in range(4)]),
                         np.array([[rng.randint(1, m) for _ in range(n)] for _ in range(4)]),
                         base.clues)
        givens = np.where(np.array([[rng.random() < 0.15 for _ in range(n)] for _ in range(n)]),
                          np.array([[rng.randint(1, m) for _ in range(n)] for _ in range(n)]),
                          base.givens)
        puzzle = S.SkyscrapersPuzzle(clues, givens, m, base.diagonal)
        truth = solutions(puzzle)
        can = propagated(puzzle)
        if can is None:
            contradictions += 1
            assert truth == []
        else:
            for answer in truth:
                for height, row in zip(answer.grid.ravel().tolist(), can, strict=True):
                    assert height == 0 or row[height - 1]
        verdict = verdict_of(truth)
        assert solve(puzzle).verdict == verdict
    assert contradictions > 0


# ------------------------------------------------------------------ gaps (pzprjs' '?' cells)


@pytest.mark.parametrize(("backend", "sat_solver"),
                         [("cnf", None), ("cnf", "cadical195"), ("cpsat", None)])
def test_gaps_give_the_brute_force_verdict_count_and_backbone(backend, sat_solver):
    """A gap holds no building and its lines miss a height: both strategies (MiniCard's
    native run and the clause list on CaDiCaL) agree with brute force."""
    rng = random.Random(3 + len(backend))
    verdicts = set()
    for _ in range(8):
        puzzle = random_puzzle(rng, gaps=0.2)
        truth = solutions(puzzle)
        result = solve(puzzle, backend=backend, sat_solver=sat_solver,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        verdicts.add(verdict)
        assert set(result.count.solutions) == set(truth)
        expected = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
        assert result.backbone.undecided == expected
    assert verdicts == {Verdict.UNIQUE, Verdict.MULTIPLE}


def test_candidates_with_gaps_keep_every_answer():
    """Random clues and givens on grids with gaps: the candidates hold each answer's heights
    (a house with a gap places no hidden single), and a solve agrees with brute force."""
    rng = random.Random(9)
    for _ in range(25):
        base = random_puzzle(rng, gaps=0.25)
        n = base.size
        clues = np.where(np.array([[rng.random() < 0.3 for _ in range(n)] for _ in range(4)]),
                         np.array([[rng.randint(1, n) for _ in range(n)] for _ in range(4)]),
                         base.clues)
        puzzle = S.SkyscrapersPuzzle(clues, base.givens, n, gaps=base.gaps)
        truth = solutions(puzzle)
        can = propagated(puzzle)
        assert can is not None or truth == []
        for answer in truth if can is not None else []:
            for height, row in zip(answer.grid.ravel().tolist(), can, strict=True):
                assert height == 0 or row[height - 1]
        verdict = verdict_of(truth)
        assert solve(puzzle).verdict == verdict
