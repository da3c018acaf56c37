"""The cage-sum clauses: with one digit per cell, their models are exactly the fills with
distinct digits that add up to the total (against enumeration), for cells with any digits
allowed; digit sets match a direct count."""

from __future__ import annotations

import itertools

import pytest
from pysat.solvers import Solver

from pencilsat.encodings.cage_sums import cage_clauses, digit_sets


def test_digit_sets_are_every_combination_with_the_sum():
    assert digit_sets(2, 3, tuple(range(1, 10))) == (frozenset({1, 2}),)
    assert digit_sets(3, 7, tuple(range(1, 10))) == (frozenset({1, 2, 4}),)
    assert len(digit_sets(4, 20, tuple(range(1, 10)))) == 12
    assert digit_sets(3, 5, tuple(range(1, 10))) == ()
    assert digit_sets(5, 15, (1, 2, 3, 4)) == ()


def models(cells: list[dict[int, int]], total: int | None, top: int) -> set[tuple[int, ...]]:
    clauses = []
    for cell in cells:
        lits = list(cell.values())
        clauses.append(lits)
        clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
    counter = [top]

    def new_var() -> int:
        counter[0] += 1
        return counter[0]

    clauses += cage_clauses(cells, total, new_var)
    found = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            fill = tuple(next(d for d, lit in cell.items() if lit in true) for cell in cells)
            found.add(fill)
            solver.add_clause([-cell[d] for cell, d in zip(cells, fill, strict=True)])
    return found


@pytest.mark.parametrize("size", [1, 2, 3, 4])
@pytest.mark.parametrize("total", [None, 3, 6, 7, 10, 30])
def test_the_models_are_the_distinct_fills_with_the_sum(size, total):
    digits = [[1, 2, 3, 4, 5], [1, 2, 4, 6], [2, 3, 5], [1, 3, 4, 5, 6]][:size]
    cells, top = [], 0
    for allowed in digits:
        cells.append({d: top + i + 1 for i, d in enumerate(allowed)})
        top += len(allowed)
    expected = {fill for fill in itertools.product(*digits)
                if len(set(fill)) == size and (total is None or sum(fill) == total)}
    assert models(cells, total, top) == expected
