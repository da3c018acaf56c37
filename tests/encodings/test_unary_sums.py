"""Order-encoded sums: for every small pair of numbers, the clauses of ``A + B = C`` (capped)
and ``A + B = total`` accept exactly the right values, and unit propagation alone gives the
sum's literals."""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from pencilsat.encodings.unary import unary_equal_total, unary_sum


def chain(first: int, length: int) -> list[int]:
    return list(range(first + 1, first + length + 1))


def fixed(lits: list[int], value: int) -> list[int]:
    """Assumptions setting the order-encoded number ``lits`` to ``value``."""
    return [lit if i < value else -lit for i, lit in enumerate(lits)]


@pytest.mark.parametrize("p", range(4))
@pytest.mark.parametrize("q", range(4))
def test_a_capped_sum_holds_exactly_the_sums_up_to_the_cap(p, q):
    a, b = chain(0, p), chain(p, q)
    for cap in range(p + q + 2):
        c = chain(p + q, min(p + q, cap))
        clauses = unary_sum(a, b, c)
        for value_a in range(p + 1):
            for value_b in range(q + 1):
                with Solver(name="minisat22", bootstrap_with=clauses) as solver:
                    assumptions = fixed(a, value_a) + fixed(b, value_b)
                    fits = value_a + value_b <= cap
                    assert solver.solve(assumptions=assumptions) == fits
                    if fits:
                        _, implied = solver.propagate(assumptions=assumptions)
                        assert set(fixed(c, value_a + value_b)) <= set(implied)


@pytest.mark.parametrize("p", range(4))
@pytest.mark.parametrize("q", range(4))
def test_an_equal_total_holds_exactly_the_pairs_that_add_up(p, q):
    a, b = chain(0, p), chain(p, q)
    for total in range(p + q + 3):
        clauses = unary_equal_total(a, b, total)
        for value_a in range(p + 1):
            for value_b in range(q + 1):
                with Solver(name="minisat22", bootstrap_with=clauses) as solver:
                    found = solver.solve(assumptions=fixed(a, value_a) + fixed(b, value_b))
                    assert found == (value_a + value_b == total)


def ordered(lits: list[int]) -> list[list[int]]:
    """Each literal implies the one before (what a caller's chains guarantee)."""
    return [[-lits[k], lits[k - 1]] for k in range(1, len(lits))]


def test_an_equal_total_fixes_one_number_from_the_other_by_propagation():
    a, b = chain(0, 3), chain(3, 3)
    clauses = unary_equal_total(a, b, 4) + ordered(a) + ordered(b)
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        _, implied = solver.propagate(assumptions=fixed(a, 1))
        units = {clause[0] for clause in clauses if len(clause) == 1}  # known before
        assert set(fixed(b, 3)) <= set(implied) | units
