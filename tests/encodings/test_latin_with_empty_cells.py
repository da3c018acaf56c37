"""Digits in houses with fewer digits than cells (``largest < n``, Skyscrapers' empty
cells): the models of the clause list are exactly the grids in which every row and column
holds 1..largest once and empty cells elsewhere, against enumeration."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from pysat.solvers import Solver

from pencilsat.encodings.latin import clause_encoding, lines


def _grids(n: int, largest: int, givens: np.ndarray) -> set[bytes]:
    rows = [row for row in itertools.product(range(largest + 1), repeat=n)
            if sorted(v for v in row if v) == list(range(1, largest + 1))]
    out = set()
    for choice in itertools.product(rows, repeat=n):
        grid = np.array(choice, dtype=np.int16)
        if all(sorted(v for v in grid[:, c] if v) == list(range(1, largest + 1))
               for c in range(n)) and ((givens == 0) | (givens == grid)).all():
            out.add(grid.tobytes())
    return out


def _models(n: int, largest: int, givens: np.ndarray) -> set[bytes]:
    enc = clause_encoding("test", givens, lines(n), lambda grid: grid, largest=largest)
    out = set()
    with Solver(name="cadical195", bootstrap_with=enc.clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            true = {lit for lit in model if lit > 0}
            out.add(np.asarray(enc.decode(true), dtype=np.int16).tobytes())
            solver.add_clause([-lit if lit in true else lit for lit in enc.answer])
    return out


@pytest.mark.parametrize("n, largest", [(3, 2), (3, 1), (4, 3), (3, 3)])
def test_models_are_the_grids_with_empty_cells(n, largest):
    givens = np.zeros((n, n), dtype=np.int16)
    assert _models(n, largest, givens) == _grids(n, largest, givens)


def test_a_given_keeps_its_digit_and_others_may_stay_empty():
    givens = np.zeros((4, 4), dtype=np.int16)
    givens[0, 0], givens[2, 1] = 2, 1
    found = _models(4, 2, givens)
    assert found == _grids(4, 2, givens)
    assert found
