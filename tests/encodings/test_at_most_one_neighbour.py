"""``at_most_one_neighbour`` against every shading of small grids: its clauses (straight and
bent triples) hold exactly when no cell of the colour has two neighbours of the colour."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pencilsat.encodings.shading import at_most_one_neighbour, has_neighbour, two_by_two


def triples(lits):
    return np.concatenate(at_most_one_neighbour(lits))


def holds(clauses, shading) -> bool:
    value = np.concatenate([[False], shading.ravel()])
    return all(any(value[lit] if lit > 0 else not value[-lit] for lit in clause)
               for clause in (clauses.tolist() if isinstance(clauses, np.ndarray)
                              else clauses))


def neighbour_counts(shading):
    padded = np.pad(shading, 1).astype(int)
    return padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]


@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 2), (1, 4)])
def test_allows_exactly_the_shadings_where_no_cell_has_two_shaded_neighbours(width, height):
    lits = np.arange(1, width * height + 1).reshape(height, width)
    clauses = triples(lits)
    for bits in itertools.product([False, True], repeat=width * height):
        shading = np.array(bits).reshape(height, width)
        crowded = (shading & (neighbour_counts(shading) >= 2)).any()
        assert holds(clauses, shading) == (not crowded)


def test_with_has_neighbour_the_shaded_cells_are_dominoes():
    lits = np.arange(1, 10).reshape(3, 3)
    clauses = [*triples(lits).tolist(),
               *(row for block in has_neighbour(lits) for row in block.tolist())]
    for bits in itertools.product([False, True], repeat=9):
        shading = np.array(bits).reshape(3, 3)
        dominoes = (neighbour_counts(shading)[shading] == 1).all()
        assert holds(clauses, shading) == dominoes


def test_a_zero_literal_cell_is_never_counted():
    lits = np.array([[1, 0, 2], [3, 4, 5]])
    found = {tuple(sorted(row)) for row in triples(lits).tolist()}
    # 1 and 2 have one neighbour each beside the 0; 3 sees 1 and 4, 4 sees 3 and 5, 5 sees 2, 4
    assert found == {(-4, -3, -1), (-5, -4, -3), (-5, -4, -2)}


def test_the_bent_triples_are_three_cells_of_a_2x2_block_and_the_straight_ones_not():
    lits = np.arange(1, 13).reshape(3, 4)
    straight, bent = at_most_one_neighbour(lits)
    blocks = [set(block) for block in two_by_two(lits).tolist()]
    assert len(bent) == 4 * len(blocks)
    assert all(any(set((-row).tolist()) <= block for block in blocks) for row in bent)
    assert not any(any(set((-row).tolist()) <= block for block in blocks) for row in straight)
