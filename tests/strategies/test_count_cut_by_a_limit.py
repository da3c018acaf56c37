"""A limit that cuts ``--count N`` after N answers says "at least N", never "more than N"
(probe8, 2026-11-30): with two answers found by the proof and the search for a third cut by
the time limit, ``--count 2`` said "solutions: more than 2" of a puzzle that may have just
two. "More than N" needs an answer past the N."""

from __future__ import annotations

import pytest
from conftest import REPO

from pencilsat.api import read_puzzle
from pencilsat.cli_solve import _explored_lines
from pencilsat.core.result import MemoryLimitReached, TimeLimitReached, Verdict
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, explore
from pencilsat.strategies.uniqueness import Proof

TWO = str(REPO / "examples" / "masyu_4x4_two_solutions.txt")


class CutSearch:
    """A search whose every further answer is cut by ``stop`` (as a limit would)."""

    def __init__(self, stop: Exception) -> None:
        self.stop = stop

    def next_answer(self):
        raise self.stop

    def forbid(self, answer) -> None:
        pass


def cut_result(limit: int, stop: Exception):
    result = solve(read_puzzle(TWO))
    assert result.verdict == Verdict.MULTIPLE
    proof = Proof(Verdict.MULTIPLE, result.solution, result.second_solution)
    explore(result, CutSearch(stop), proof, lambda answer: answer, Exploration(count=limit))
    return result


@pytest.mark.parametrize("limit, said, more", [(2, "at least 2", False), (3, "at least 2", False),
                                               (1, "more than 1", True)])
def test_a_count_cut_by_the_time_limit_claims_only_what_it_found(limit, said, more):
    result = cut_result(limit, TimeLimitReached())
    assert not result.count.complete and result.count.more is more
    assert result.to_dict()["count_more"] is more
    assert f"solutions: {said}" in _explored_lines(result)
    cut = limit >= 2  # with --count 1 the proof's two answers already say "more than 1"
    assert result.message == ("time limit reached while listing the solutions" if cut else "")


def test_a_count_cut_by_the_memory_budget_says_memory():
    result = cut_result(2, MemoryLimitReached())  # it said "time limit reached"
    assert result.message == "memory limit reached while listing the solutions"
    assert "solutions: at least 2" in _explored_lines(result)


def test_a_count_past_the_limit_says_more_than_the_limit():
    result = solve(read_puzzle(TWO), explore=Exploration(count=1))
    assert result.count.more and not result.count.complete
    assert "solutions: more than 1" in _explored_lines(result)
    whole = solve(read_puzzle(TWO), explore=Exploration(count=2))
    assert whole.count.complete and not whole.count.more
    assert "solutions: 2 (all of them)" in _explored_lines(whole)
