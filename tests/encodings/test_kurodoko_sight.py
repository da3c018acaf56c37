"""Kurodoko's sight counts written for all numbers at once (``counted_sight``, numpy) are
the chains written one number at a time (``sight_chains``) with one exact count each: the
same variables, the same clauses (in another order) and the same counts."""

from __future__ import annotations

import random

import numpy as np
import pytest
from oracles.kurodoko import random_puzzle

from pencilsat.encodings.kurodoko import counted_sight, sight_chains
from pencilsat.encodings.shading import ShadingGrid
from pencilsat.puzzles import kurodoko as K


def one_at_a_time(puzzle: K.KurodokoPuzzle) -> ShadingGrid:
    grid = ShadingGrid(puzzle.width, puzzle.height)
    for cell, number in puzzle.number_cells():
        up, down, left, right = sight_chains(grid, cell, number - 1)
        grid.exactly(up + down + left + right, number - 1)
    return grid


def all_at_once(puzzle: K.KurodokoPuzzle) -> ShadingGrid:
    grid = ShadingGrid(puzzle.width, puzzle.height)
    cells = np.argwhere(puzzle.numbers > 0).astype(np.int64)
    counted_sight(grid, cells, puzzle.numbers[cells[:, 0], cells[:, 1]].astype(np.int64))
    return grid


def puzzles() -> list[K.KurodokoPuzzle]:
    rng = random.Random(44)
    out = [random_puzzle(rng) for _ in range(40)]
    out.append(K.parse_puzzle("kurodoko 4 1\n. 1 . .\n"))  # a 1: no chain, the cells past it
    out.append(K.parse_puzzle("kurodoko 3 1\n. . .\n"))  # no number at all
    out.append(K.parse_puzzle("kurodoko 5 5\n" + "\n".join(
        ["9 . . . .", ". . . . .", ". . 5 . .", ". . . . 2", ". . . ? ."]) + "\n"))
    return out


@pytest.mark.parametrize("puzzle", puzzles())
def test_all_numbers_at_once_write_what_one_at_a_time_writes(puzzle):
    loop, vectors = one_at_a_time(puzzle), all_at_once(puzzle)
    assert vectors.top == loop.top
    assert sorted(map(tuple, vectors.clauses)) == sorted(map(tuple, loop.clauses))
    assert vectors.counts == loop.counts


def test_a_number_reaching_past_the_grid_stops_at_the_edge():
    grid = all_at_once(K.parse_puzzle("kurodoko 3 1\n9 . .\n"))
    (lits, total), = grid.counts
    # cells 2 and 3 (variables 2, 3): "cell 2 unshaded" is -2, "both" the fresh 4
    assert (lits, total) == ([-2, 4], 8)
    assert sorted(grid.clauses) == [[-4, -3], [-4, -2], [4, 2, 3]]  # nothing past the edge
