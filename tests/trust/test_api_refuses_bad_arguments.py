"""The library's API answers bad arguments with an InputError naming the option, never a
KeyError, TypeError or AttributeError, and takes a puzzle in every form a user has it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pencilsat
from pencilsat.core.errors import InputError

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = str(REPO / "examples" / "masyu_10x10.txt")

junk = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                 st.text(max_size=12), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option=st.sampled_from(["encoding", "backend", "sat_solver", "time_limit",
                               "max_memory"]), value=junk)
def test_random_option_values_give_input_errors_or_a_result(option, value):
    try:
        result = pencilsat.solve(EXAMPLE, **{option: value})
    except InputError as err:
        assert err.source == option or option in str(err)
    else:
        assert result.verdict in ("unique", "unknown")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=junk)
def test_anything_that_is_not_a_puzzle_is_an_input_error(puzzle):
    for call in (pencilsat.solve, pencilsat.read_puzzle, pencilsat.grade):
        with pytest.raises(InputError):
            call(puzzle)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(solution=junk)
def test_check_refuses_a_solution_it_cannot_read(solution):
    try:
        problems = pencilsat.check(EXAMPLE, solution)
    except InputError:
        return
    assert problems  # read as something, and that something breaks a rule


@pytest.mark.parametrize("limit", [-1, 0, math.nan, "1", True])
def test_time_limits_must_be_positive_seconds(limit):
    with pytest.raises(InputError, match="time_limit"):
        pencilsat.solve(EXAMPLE, time_limit=limit)


def test_infinity_means_no_limit_and_paths_work_in_every_form():
    assert pencilsat.solve(Path(EXAMPLE), time_limit=math.inf).verdict == "unique"
    assert pencilsat.read_puzzle(Path(EXAMPLE)).width == 10
    result = pencilsat.solve(EXAMPLE)
    assert result.to_dict()["verdict"] == "unique"
    assert pencilsat.grade(EXAMPLE).to_dict()["verdict"] == "unique"


def test_the_public_functions_are_typed():
    import inspect

    signature = inspect.signature(pencilsat.solve)
    assert "PuzzleSource" in str(signature.parameters["puzzle"].annotation)
    assert signature.return_annotation == "SolveResult"
