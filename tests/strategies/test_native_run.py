"""The shared direct run on a native-count solver (``strategies/native_run.py``): verdicts,
answers, statistics and the time limit on models small enough to check by hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pencilsat.core.result import TimeLimitReached, Verdict
from pencilsat.strategies.native_run import NativeModel, run_native
from pencilsat.strategies.variable_search import Answer


@dataclass(frozen=True)
class Lit:
    """A stand-in solution: which of the answer variables are true."""

    truth: Answer

    def differing_cells(self, other: Lit) -> list[int]:
        return [i for i, (a, b) in enumerate(zip(self.truth, other.truth, strict=True))
                if a != b]


def _decoder(_: NativeModel) -> Callable[[Answer], Lit]:
    return Lit


def _run(model: NativeModel, deadline: float | None = None):
    return run_native("puzzle", "minicard", deadline, encoding="test",
                      build=lambda _: model, decoder=_decoder)


def test_one_of_three_has_two_answers_and_counts_its_constraints() -> None:
    result = _run(NativeModel([], [], [([1, 2, 3], 1)], [1, 2, 3], 3, {"mine": 7}))
    assert result.verdict is Verdict.MULTIPLE
    first, second = result.solution.truth, result.second_solution.truth
    assert sum(first) == sum(second) == 1 and first != second
    assert len(result.differences) == 2
    # the exact count is two natives, plus the clause that forbade the first answer
    assert result.stats.clauses == 2 + 1
    assert result.stats.extra["mine"] == 7 and result.stats.extra["sat_calls"] == 2


def test_clauses_and_at_most_leave_one_answer() -> None:
    model = NativeModel([[-2], [-3]], [([1, 2, 3], 2)], [([1, 2, 3], 1)], [1, 2, 3], 3)
    result = _run(model)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution.truth == (True, False, False)
    assert result.stats.clauses == 2 + 1 + 2 + 1


def test_an_exact_count_above_its_literals_leaves_none() -> None:
    result = _run(NativeModel([], [], [([1, 2], 3)], [1, 2], 2))
    assert result.verdict is Verdict.NONE and result.solution is None


def test_a_limit_reached_while_building_is_unknown() -> None:
    def build(deadline: float | None) -> NativeModel:
        raise TimeLimitReached("encoding")

    result = run_native("puzzle", "minicard", 0.0, encoding="test", build=build,
                        decoder=_decoder)
    assert result.verdict is Verdict.UNKNOWN
    assert "encoding" in result.message
