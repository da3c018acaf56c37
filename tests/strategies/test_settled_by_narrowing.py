"""The genres whose ``direct`` run narrows first (strategies/settled.py): with no count or
backbone asked, a grid the narrowing settles is proved without a solver, any other on
clauses (Kakuro) or by branching on the candidates (Jigsaw and Killer Sudoku,
strategies/narrowed_digits.py); every path matches brute force (the genre's oracle in
tests/oracles)."""

from __future__ import annotations

import importlib
import random

import pytest
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.strategies.front import solve

PUZZLES = {"kakuro": 40, "jigsawsudoku": 12, "killersudoku": 30}
"""Random puzzles per genre: enough that both paths occur with the seed below."""


@pytest.mark.parametrize("genre", sorted(PUZZLES))
def test_the_verdict_without_a_count_matches_brute_force_settled_or_not(genre):
    oracle = importlib.import_module(f"oracles.{genre}")
    rng = random.Random(101)
    paths = set()
    for _ in range(PUZZLES[genre]):
        puzzle = oracle.random_puzzle(rng)
        truth = oracle.solutions(puzzle)
        result = solve(puzzle)
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        assert result.solution is None or result.solution in truth
        paths.add((result.stats.extra.get("settled_by"), verdict))
    unsettled = "branching" if genre.endswith("sudoku") else None
    assert ("narrowing", Verdict.UNIQUE) in paths and (unsettled, Verdict.MULTIPLE) in paths
