"""Counts as native cardinality constraints on Minicard / Gluecard (the shared runs of
``connected_runs``): which counts go in natively, and that answers do not change."""

from __future__ import annotations

import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.puzzles import starbattle as S
from pencilsat.strategies.connected_runs import split_native_counts
from pencilsat.strategies.front import solve


def test_only_distinct_literals_with_a_real_choice_go_in_natively():
    counts = [([1, 2, 3], 1), ([4, 4, 5], 2), ([6, -6, 7], 1), ([8, 9], 0), ([10, 11], 2)]
    native, written = split_native_counts(counts, "gluecard4")
    assert native == [([1, 2, 3], 1)]
    assert written == counts[1:]


def test_a_solver_without_native_counts_gets_every_count_as_clauses():
    counts = [([1, 2, 3], 1)]
    assert split_native_counts(counts, "cadical195") == ([], counts)


@pytest.mark.parametrize("sat_solver", ["minicard", "gluecard4", "minisat", "cadical"])
def test_native_and_written_counts_give_the_same_answers(sat_solver):
    for txt, sol in every_kth(corpus_pairs("starbattle/janko"), 60):
        p = S.parse_puzzle(txt.read_text())
        result = solve(p, sat_solver=sat_solver)
        assert result.verdict == "unique"
        assert result.solution == S.parse_solution(sol.read_text(), p)
