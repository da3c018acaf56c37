"""Ripple Effect's strategies: janko puzzles unique with the stored answer on both backends,
every verdict, count and backbone against brute force on small random grids (the oracle of
tests/oracles/ripple.py), and the complete clause list's models are exactly the answers."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.ripple import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.ripple import candidates, complete_cnf
from pencilsat.puzzles import ripple as R
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

BACKENDS = ["cnf", "cpsat"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_corpus_sample_is_unique_with_the_stored_solution(backend):
    pairs = every_kth(corpus_pairs("ripple/janko", max_cells=144), 40)
    assert len(pairs) >= 8
    for txt, sol in pairs:
        puzzle = R.parse_puzzle(txt.read_text(), txt.stem)
        expected = R.parse_solution(sol.read_text(), puzzle)
        result = solve(puzzle, backend=backend, time_limit=60)
        assert result.verdict == Verdict.UNIQUE, txt
        assert result.solution == expected, txt


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


@pytest.mark.parametrize("backend", BACKENDS)
def test_cut_out_cells_give_the_brute_force_verdict_count_and_backbone(backend):
    """Cells cut out of the board (no room, no number; ripples run across them)."""
    rng = random.Random(5 + len(backend))
    verdicts, cut = set(), 0
    for _ in range(15):
        puzzle = random_puzzle(rng, cut=0.25)
        cut += bool(puzzle.cut_out().any())
        truth = solutions(puzzle)
        result = solve(puzzle, backend=backend,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        verdicts.add(verdict)
        assert set(result.count.solutions) == set(truth)
        assert all(not s.grid[puzzle.cut_out()].any() for s in truth)
    assert verdicts == {Verdict.UNIQUE, Verdict.MULTIPLE} and cut >= 8


def test_the_complete_clause_list_has_exactly_the_answers_as_models():
    rng = random.Random(7)
    for _ in range(12):
        puzzle = random_puzzle(rng)
        encoding = complete_cnf(puzzle)
        assert_models_are(encoding, solutions(puzzle))


def test_propagating_the_givens_keeps_every_answer_and_finds_every_clash():
    """Random givens (often clashing): the candidates hold each answer's numbers, and
    ``None`` (a clash) only when there is no answer; a solve agrees with the oracle."""
    rng = random.Random(11)
    clashes = 0
    for _ in range(40):
        base = random_puzzle(rng)
        givens = np.array(base.givens)
        sizes = base.room_sizes()
        for r, c in zip(*np.nonzero(givens == 0), strict=True):
            if rng.random() < 0.3:
                givens[r, c] = rng.randint(1, int(sizes[r, c]))
        puzzle = R.RipplePuzzle(givens, base.rooms)
        truth = solutions(puzzle)
        cand = candidates(puzzle)
        if cand is None:
            clashes += 1
            assert truth == []
        else:
            for answer in truth:
                assert all(v in held for v, held in zip(answer.grid.ravel().tolist(), cand,
                                                        strict=True))
        verdict = verdict_of(truth)
        assert solve(puzzle).verdict == verdict
    assert clashes > 0
