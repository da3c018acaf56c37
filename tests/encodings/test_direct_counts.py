"""Exact counts written directly (no auxiliary variable) against every assignment, and the
mixed list that leaves large counts to ``CardEnc``."""

from __future__ import annotations

import itertools

import pytest

from pencilsat.encodings.cardinality import (
    DIRECT_MOST,
    direct_count,
    direct_exactly_clauses,
)


def holds(clauses, true: set[int]) -> bool:
    return all(any((lit in true) if lit > 0 else (-lit not in true) for lit in clause)
               for clause in clauses)


@pytest.mark.parametrize("n", range(0, 7))
def test_the_clauses_hold_exactly_when_bound_literals_are_true(n):
    lits = list(range(1, n + 1))
    for bound in range(0, n + 2):
        clauses = direct_count(lits, bound)
        assert clauses is not None
        for bits in itertools.product([False, True], repeat=n):
            true = {lit for lit, on in zip(lits, bits, strict=True) if on}
            assert holds(clauses, true) == (len(true) == bound), (n, bound, bits)


def test_negative_literals_count_as_their_cells_being_false():
    clauses = direct_count([-1, -2, -3], 1)
    assert holds(clauses, {1, 2}) and not holds(clauses, {1}) and not holds(clauses, set())


def test_a_count_with_too_many_clauses_is_left_to_cardenc():
    big = list(range(1, 31))
    assert direct_count(big, 2) is None
    clauses, top = direct_exactly_clauses([(big, 2), ([31, 32, 33], 2)], 33)
    assert top > 33  # the large count has a counter's auxiliary variables
    assert [-31, -32, -33] in clauses
    assert all(len(c) <= DIRECT_MOST for c in clauses)


def test_mixed_counts_have_exactly_the_right_models():
    from pysat.solvers import Solver

    groups = [([1, 2, 3, 4], 2), (list(range(5, 17)), 3)]
    clauses, _ = direct_exactly_clauses(groups, 16)
    found = 0
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            model = [v for v in solver.get_model() if abs(v) <= 16]
            true = {v for v in model if v > 0}
            assert len(true & {1, 2, 3, 4}) == 2 and len(true & set(range(5, 17))) == 3
            found += 1
            solver.add_clause([-v for v in model])
    assert found == 6 * 220
