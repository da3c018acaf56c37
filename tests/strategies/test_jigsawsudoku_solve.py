"""Jigsaw Sudoku's strategies: janko and Tatham puzzles unique with the stored answer on both
backends, every verdict, count and backbone against brute force on small random grids (the
oracle of tests/oracles/jigsawsudoku.py), and the complete clause list's models are exactly
the answers."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.jigsawsudoku import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.jigsawsudoku import complete_cnf
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

BACKENDS = ["cnf", "cpsat"]
NOT_UNIQUE = {f"{n}_6x6" for n in (651, 652, 654, 655, 661, 662, 664, 665, 671, 672, 674, 675)}
"""The 12 janko puzzles with more than one answer under the plain rules (puzzlekit finds a
second one too; benchmarks/results/jigsawsudoku.md): the corpus keeps no other rule for them."""


def load(txt, sol):
    puzzle = J.parse_puzzle(txt.read_text(), txt.stem)
    return puzzle, J.FORMAT.parse_solution(sol.read_text(), puzzle)


@pytest.mark.parametrize("backend", BACKENDS)
def test_corpus_sample_is_unique_with_the_stored_solution(backend):
    pairs = every_kth(corpus_pairs("jigsawsudoku/janko"), 23)
    pairs += every_kth(corpus_pairs("jigsawsudoku/tatham"), 23)
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
    for txt, sol in corpus_pairs("jigsawsudoku/janko"):
        if txt.stem in NOT_UNIQUE:
            puzzle, expected = load(txt, sol)
            result = solve(puzzle)
            assert result.verdict == Verdict.MULTIPLE
            assert result.solution != result.second_solution
            for answer in (result.solution, result.second_solution, expected):
                assert J.check(puzzle, answer) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_verdict_count_and_backbone_match_brute_force(backend):
    rng = random.Random(44 + len(backend))
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


def test_a_settled_grid_that_breaks_a_rule_has_no_answer():
    """Narrowing is sound, so a settled grid is the only candidate answer: when the rule
    checker rejects it, the verdict is ``none``."""
    from time import perf_counter

    from pencilsat.strategies.settled import settled_result

    puzzle = random_puzzle(random.Random(3))
    grid = np.ones((puzzle.size, puzzle.size), dtype=np.int16)
    result = settled_result(puzzle, grid, J.JigsawSudokuSolution, perf_counter())
    assert result is not None and result.verdict == Verdict.NONE and result.solution is None


def test_a_grid_left_wide_takes_the_clause_path_and_a_narrow_one_branches():
    from pencilsat.encodings.cage_sums import Narrowing
    from pencilsat.strategies.jigsawsudoku import WIDE
    from pencilsat.strategies.narrowed_digits import digit_groups

    pairs = corpus_pairs("jigsawsudoku/tatham")
    pairs = [pair for pair in pairs if "9x9-unreasonable" in str(pair[0])
             or "9x9-intermediate" in str(pair[0])][::4]
    paths = {"wide": 0, "narrow": 0}
    for txt, sol in pairs:
        puzzle, expected = load(txt, sol)
        n = puzzle.size
        houses = [[r * n + c for r, c in house] for house in puzzle.houses()]
        narrowing = Narrowing(n * n, digit_groups(n, houses, []))
        masks = [1 << v if v else (1 << (n + 1)) - 2 for v in puzzle.givens.ravel().tolist()]
        assert narrowing.run(masks, list(narrowing.first_sets), range(len(narrowing.cells)))
        wide = sum(mask.bit_count() for mask in masks) - n * n >= WIDE
        result = solve(puzzle)
        assert result.verdict == Verdict.UNIQUE and result.solution == expected, txt.stem
        assert (result.stats.clauses > 0) == wide, txt.stem  # the branching search writes none
        paths["wide" if wide else "narrow"] += 1
    assert paths["wide"] and paths["narrow"]
