"""The shared loader of native counts gives MiniCard exactly the models the counts allow, and
an exact count above its literals no model at all."""

from __future__ import annotations

from itertools import product

from pysat.solvers import Solver

from pencilsat.backends.bulk_load import load_natives


def models(at_most, exactly) -> tuple[set[tuple[int, ...]], int]:
    found = set()
    with Solver(name="minicard") as solver:
        added = load_natives(solver, at_most, exactly, None)
        for model in solver.enum_models():
            found.add(tuple(lit > 0 for lit in model[:4]))
    return found, added


def test_at_most_and_exactly_allow_just_the_counted_assignments():
    found, added = models([([1, 2, 3], 1)], [([2, 3, 4], 2)])
    expected = {bits for bits in product((False, True), repeat=4)
                if sum(bits[:3]) <= 1 and sum(bits[1:]) == 2}
    assert found == expected and added == 3


def test_an_exact_count_above_its_literals_has_no_model():
    found, added = models([], [([1, 2], 3), ([3, 4], 1)])
    assert found == set() and added == 2
