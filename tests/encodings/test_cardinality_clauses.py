"""The shared "exactly n of these literals" clauses against brute force."""

from __future__ import annotations

import itertools

import pytest

from pencilsat.encodings.cardinality import at_most_clauses, exactly_clauses


def models(clauses, top, shown):
    from pysat.solvers import Solver

    out = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        for model in solver.enum_models():
            out.add(tuple(v > 0 for v in model[:shown]))
            if len(out) > 2**shown:
                break
    return out


@pytest.mark.parametrize(("size", "bound"), [(1, 0), (1, 1), (2, 1), (3, 0), (3, 1), (4, 2),
                                             (5, 4), (5, 5), (3, 4)])
def test_exactly_n_has_exactly_the_assignments_with_n_true(size, bound):
    lits = list(range(1, size + 1))
    clauses, top = exactly_clauses([(lits, bound)], size)
    expected = {bits for bits in itertools.product([False, True], repeat=size)
                if sum(bits) == bound}
    found = models(clauses + [[top + 1, -(top + 1)]], top + 1, size) if clauses else \
        {bits for bits in itertools.product([False, True], repeat=size)}
    assert found == expected


def test_negative_literals_count_as_false_variables():
    clauses, top = exactly_clauses([([-1, -2, 3], 2)], 3)
    found = models(clauses, top, 3)
    assert found == {bits for bits in itertools.product([False, True], repeat=3)
                     if (not bits[0]) + (not bits[1]) + bits[2] == 2}


@pytest.mark.parametrize("size", [2, 3, 6])
def test_at_most_one_pairwise_writes_cardencs_own_clauses(size):
    from pysat.card import CardEnc, EncType

    lits = [-v for v in range(1, size + 1)]
    clauses, top = at_most_clauses([(lits, 1)], size, card="pairwise")
    assert clauses == CardEnc.atmost(lits, bound=1, encoding=EncType.pairwise).clauses
    assert top == size
