"""Jigsaw and Killer Sudoku's ``direct`` run (strategies/narrowed_digits.py): the rule of 45's
groups hold in every answer, the clause path a wide grid falls back to matches brute force,
and the branching search's figures depend on the puzzle alone, not on what ran before."""

from __future__ import annotations

import importlib
import random

import pytest
from conftest import corpus_pairs, every_kth, figures_alike_in_either_order
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.cage_sums import house_sum_groups
from pencilsat.puzzles import killersudoku as K
from pencilsat.strategies import narrowed_digits
from pencilsat.strategies.front import solve


def cell_groups(puzzle):
    n = puzzle.size
    houses = [[r * n + c for r, c in house] for house in puzzle.houses()]
    cages = [([r * n + c for r, c in cells], total) for cells, total in puzzle.cage_sums()]
    return n, houses, cages


def test_innies_and_outies_hold_in_every_answer_of_small_random_puzzles():
    oracle = importlib.import_module("oracles.killersudoku")
    rng = random.Random(7)
    made = 0
    for _ in range(40):
        puzzle = oracle.random_puzzle(rng)
        groups = house_sum_groups(*cell_groups(puzzle))
        made += len(groups)
        for answer in oracle.solutions(puzzle):
            digits = answer.grid.ravel().tolist()
            for cells, options in groups:
                assert options is not None
                assert sum(1 << digits[i] for i in cells) in options, (cells, options)
    assert made > 0


def test_innies_and_outies_hold_in_the_stored_answers_of_a_corpus_sample():
    pairs = every_kth(corpus_pairs("killersudoku/janko"), 25)
    assert len(pairs) >= 8
    made = 0
    for txt, sol in pairs:
        puzzle = K.parse_puzzle(txt.read_text(), txt.stem)
        digits = K.FORMAT.parse_solution(sol.read_text(), puzzle).grid.ravel().tolist()
        groups = house_sum_groups(*cell_groups(puzzle))
        made += len(groups)
        for cells, options in groups:
            assert options is not None
            assert sum(1 << digits[i] for i in cells) in options, (txt.stem, cells)
    assert made > len(pairs)


@pytest.mark.parametrize("genre", ["jigsawsudoku", "killersudoku"])
def test_a_grid_past_the_branch_budget_takes_the_clause_path_and_matches_brute_force(
        genre, monkeypatch):
    monkeypatch.setattr(narrowed_digits, "MAX_BRANCHES", 0)
    oracle = importlib.import_module(f"oracles.{genre}")
    rng = random.Random(5)
    paths = set()
    for _ in range(12):
        puzzle = oracle.random_puzzle(rng)
        truth = oracle.solutions(puzzle)
        result = solve(puzzle)
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        assert result.solution is None or result.solution in truth
        paths.add((result.stats.extra.get("settled_by"), verdict))
    assert (None, Verdict.MULTIPLE) in paths


def test_the_search_figures_are_the_same_in_either_order():
    pairs = every_kth(corpus_pairs("killersudoku/janko"), 29)
    puzzles = [K.parse_puzzle(txt.read_text(), txt.stem) for txt, _ in pairs]

    figures_alike_in_either_order(puzzles)
