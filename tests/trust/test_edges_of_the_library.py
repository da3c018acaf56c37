"""The library at its edges (probe8, 2026-11-30): each case failed before with an
OverflowError, an AttributeError or a TypeError, or quietly did something else."""

from __future__ import annotations

from pathlib import Path

import pytest

import pencilsat
from pencilsat.core.errors import InputError

EMPTY_4X4 = "." * 16
"""A one-line 4x4 Sudoku with no clue: many answers, solved in milliseconds."""


@pytest.mark.parametrize("call", [
    lambda limit: pencilsat.solve(EMPTY_4X4, time_limit=limit),
    lambda limit: pencilsat.solve(EMPTY_4X4, time_limit=limit, count=2, certify=True),
    lambda limit: next(iter(pencilsat.solve_many([EMPTY_4X4], workers=1, time_limit=limit))),
    lambda limit: pencilsat.generate("sudoku", 4, 4, seed=1, time_limit=limit),
])
def test_a_whole_number_of_seconds_past_any_float_is_no_limit(call):
    result = call(10**400)  # float(10**400) overflows: it was an OverflowError
    assert result.verdict in ("multiple", "unique")


@pytest.mark.parametrize("limit", [-10**400, -10**5000], ids=["-10**400", "-10**5000"])
def test_a_huge_negative_time_limit_is_refused_by_name(limit):
    with pytest.raises(InputError, match="a negative number of 30 digits or more"):
        pencilsat.solve(EMPTY_4X4, time_limit=limit)


@pytest.mark.parametrize("value", [1, "yes", None, 0.0])
def test_certify_takes_true_or_false_only(value):
    with pytest.raises(InputError) as err:
        pencilsat.solve(EMPTY_4X4, certify=value)  # "yes" certified, None did not
    assert err.value.source == "certify"
    with pytest.raises(InputError) as err:
        pencilsat.solve_many([EMPTY_4X4], workers=1, certify=value)
    assert err.value.source == "certify"


@pytest.mark.parametrize("puzzles", [EMPTY_4X4, Path("x.txt"), b"....", None, 5])
def test_solve_many_refuses_one_puzzle_where_a_list_goes(puzzles):
    with pytest.raises(InputError) as err:  # a string was 16 puzzles of one character
        pencilsat.solve_many(puzzles, workers=1)
    assert err.value.source == "puzzles" and "solve_many([puzzle])" in str(err.value)


def test_solve_many_refuses_one_puzzle_model():
    model = pencilsat.parse_puzzle(EMPTY_4X4)
    with pytest.raises(InputError, match="not a list of puzzles"):
        pencilsat.solve_many(model, workers=1)
    assert [r.verdict for r in pencilsat.solve_many([model], workers=1)] == ["multiple"]


@pytest.mark.parametrize("text", [5, None, b"....", ["...."]])
def test_parse_puzzle_refuses_what_is_not_text(text):
    with pytest.raises(InputError) as err:  # it was an AttributeError (no removeprefix)
        pencilsat.parse_puzzle(text)
    assert err.value.source == "text"


@pytest.mark.parametrize("executor", [5, "local", object()])
def test_solve_many_refuses_an_executor_that_is_none(executor):
    with pytest.raises(InputError) as err:  # each shard sent to it was an "internal error"
        pencilsat.solve_many([EMPTY_4X4], executor=executor)
    assert err.value.source == "executor"
