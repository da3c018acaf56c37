"""Shikaku as a partition: every number owns one rectangle, chosen among the rectangles of
its area that hold it and no other number, and every cell lies in exactly one chosen
rectangle (:class:`~pencilsat.encodings.partition.PlacementPartition`).

A ``?`` owns any rectangle that holds it and no other number. Every rule is then a count
(one rectangle per number, one per cell), so the encoding has no connectivity requirement:
its complete clause list is the CNF run's own, and a certificate needs nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.partition import PlacementPartition
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.shikaku import EMPTY, UNKNOWN, ShikakuPuzzle, ShikakuSolution

ShikakuEncoding = ShadingEncoding[ShikakuSolution]
"""The exact cover of a Shikaku: its counts, the rectangles' variables as the answer."""


def rectangles(puzzle: ShikakuPuzzle, cell: Cell, value: int,
               deadline: float | None = None) -> Iterator[list[Cell]]:
    """Every rectangle of area ``value`` (any area for :data:`UNKNOWN`) inside the grid
    that holds ``cell`` and no other number, as its cells row-major; by height, then top
    row, then left column."""
    height, width = puzzle.height, puzzle.width
    numbered = np.zeros((height + 1, width + 1), dtype=np.int64)
    numbered[1:, 1:] = np.cumsum(np.cumsum(puzzle.numbers != EMPTY, axis=0), axis=1)
    return _rectangles(numbered.tolist(), width, height, cell, value, deadline)


def _shapes(value: int, width: int, height: int) -> list[tuple[int, int]]:
    """The (height, width) of every rectangle of area ``value`` that fits the grid (every
    size for :data:`UNKNOWN`), by height."""
    if value == UNKNOWN:
        return [(h, w) for h in range(1, height + 1) for w in range(1, width + 1)]
    return [(h, value // h) for h in range(1, min(value, height) + 1)
            if value % h == 0 and value // h <= width]


def _rectangles(prefix: list[list[int]], width: int, height: int, cell: Cell, value: int,
                deadline: float | None) -> Iterator[list[Cell]]:
    r, c = cell
    check_clock(deadline)
    for h, w in _shapes(value, width, height):
        for top in range(max(0, r - h + 1), min(r, height - h) + 1):
            above, below = prefix[top], prefix[top + h]
            rows = range(top, top + h)
            for left in range(max(0, c - w + 1), min(c, width - w) + 1):
                if below[left + w] - above[left + w] - below[left] + above[left] == 1:
                    yield [(i, j) for i in rows for j in range(left, left + w)]


def build(puzzle: ShikakuPuzzle, *, deadline: float | None = None) -> ShikakuEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    height, width = puzzle.height, puzzle.width
    partition = PlacementPartition(width, height, deadline=deadline)
    numbered = np.zeros((height + 1, width + 1), dtype=np.int64)
    numbered[1:, 1:] = np.cumsum(np.cumsum(puzzle.numbers != EMPTY, axis=0), axis=1)
    prefix = numbered.tolist()
    for cell, value in puzzle.clue_cells():
        partition.owner(_rectangles(prefix, width, height, cell, value, deadline))

    def decode(labels: np.ndarray) -> ShikakuSolution:
        return ShikakuSolution(Regions.from_labels(labels))

    return partition.encoding(decode)

