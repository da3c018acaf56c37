"""The Booleans CP-SAT's presolve fixes once: each fixing holds in every solution."""

from __future__ import annotations

import itertools
import random

import pytest
from ortools.sat.python import cp_model

from pencilsat.backends.cpsat_fixings import presolved_fixings


def model_of(clauses: list[list[int]], count: int) -> cp_model.CpModel:
    cp = cp_model.CpModel()
    variables = [cp.new_bool_var(f"x{i}") for i in range(count)]
    for clause in clauses:
        cp.add_bool_or([variables[abs(lit) - 1] if lit > 0 else variables[abs(lit) - 1].Not()
                        for lit in clause])
    return cp


def solutions(clauses: list[list[int]], count: int) -> list[tuple[bool, ...]]:
    return [values for values in itertools.product((False, True), repeat=count)
            if all(any(values[abs(lit) - 1] == (lit > 0) for lit in clause)
                   for clause in clauses)]


def test_a_chain_of_implications_is_fixed() -> None:
    """not x1, x1 or x2, not x2 or x3: x1 false, x2 and x3 true; x4 free."""
    fixed = presolved_fixings(model_of([[-1], [1, 2], [-2, 3], [4, -4]], 4), 4, None)
    assert fixed is not None
    assert {index: fixed[index] for index in (0, 1, 2)} == {0: False, 1: True, 2: True}
    assert 3 not in fixed


def test_an_infeasible_model_gives_none() -> None:
    assert presolved_fixings(model_of([[1], [-1, 2], [-2], [3, 1]], 3), 3, None) is None


def test_a_passed_deadline_gives_none() -> None:
    assert presolved_fixings(model_of([[1, 2]], 2), 2, 0.0) is None


@pytest.mark.parametrize("seed", range(30))
def test_every_fixing_holds_in_every_solution(seed: int) -> None:
    """Random 3-clauses over 8 variables: a fixed variable takes its value in every
    solution (none lost to dual reductions), and a variable every solution sets alike is
    often fixed."""
    rng = random.Random(seed)
    count = 8
    clauses = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, count + 1), 3)]
               for _ in range(rng.randint(10, 40))]
    clauses += [[rng.choice((-1, 1)) * rng.randint(1, count)] for _ in range(rng.randint(0, 2))]
    truth = solutions(clauses, count)
    fixed = presolved_fixings(model_of(clauses, count), count, None)
    if not truth:
        return  # presolve may or may not see it; the caller solves the model as it is
    assert fixed is not None
    for index, value in fixed.items():
        assert all(values[index] == value for values in truth), (seed, index)
