"""The edges of a grid graph as SAT variables: the ground every loop genre stands on.

A loop genre draws its loop along the edges between orthogonally adjacent *points* of a
``width x height`` grid: cell centres for Masyu and Yajilin, the lattice dots for Slitherlink
(a ``(W + 1) x (H + 1)`` grid of points). Variables are numbered 1..``len(grid)`` row-major,
each point's right edge before its down edge, which PySAT uses directly and CP-SAT maps to its
own literals. Points are ids ``row * width + col``.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from pencilsat.core.values import Cell

Clause = list[int]
Edge = tuple[Cell, Cell]
"""The edge between two orthogonally adjacent points, smaller point first."""
UP, LEFT, RIGHT, DOWN = range(4)
"""Columns of ``GridEdges.sides``."""


class GridEdges:
    """The edge variables of a grid: edge <-> 1-based variable number, and edges per point.

    Built with numpy from the cell ids alone (the numbering is a formula, see the module
    docstring): a 100x100 grid has 19,800 edges and a Masyu ``lazy`` solve builds this once
    per puzzle. The list and dict views, which only small grids and the slower paths use, are
    made on first use.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        ids = np.arange(width * height, dtype=np.int64)
        rows, cols = np.divmod(ids, width)
        has_right = cols + 1 < width
        has_down = rows + 1 < height
        per_cell = has_right.astype(np.int64) + has_down
        first = np.cumsum(per_cell) - per_cell + 1
        right = np.where(has_right, first, 0)
        down = np.where(has_down, first + has_right, 0)
        left = np.zeros_like(right)
        left[1:] = np.where(cols[1:] > 0, right[:-1], 0)
        up = np.zeros_like(down)
        up[width:] = down[:-width]
        self.count = int(per_cell.sum())
        self.sides = np.stack((up, left, right, down), axis=1)
        """Per cell id its edge variables towards up, left, right and down (0 off the grid):
        ascending, since variables are numbered row by row."""
        end_a = np.zeros(self.count + 1, dtype=np.int64)
        end_b = np.zeros(self.count + 1, dtype=np.int64)
        end_a[right[has_right]] = ids[has_right]
        end_b[right[has_right]] = ids[has_right] + 1
        end_a[down[has_down]] = ids[has_down]
        end_b[down[has_down]] = ids[has_down] + width
        packed = np.where(self.sides > 0, self.sides, np.iinfo(np.int64).max)
        packed.sort(axis=1)
        packed[packed == np.iinfo(np.int64).max] = 0
        self._arrays = (end_a, end_b, packed)

    @cached_property
    def ends(self) -> list[tuple[int, int]]:
        """Per variable (index 0 unused): the two cells as ids ``row * width + col``."""
        end_a, end_b, _ = self._arrays
        return list(zip(end_a.tolist(), end_b.tolist(), strict=True))

    @cached_property
    def incident_ids(self) -> list[list[int]]:
        """Edge variables per cell id, in variable order."""
        return [[v for v in row if v] for row in self.side_lists]

    @cached_property
    def side_lists(self) -> list[list[int]]:
        """``sides`` as Python lists, for the per-pearl clause builders."""
        return self.sides.tolist()

    @cached_property
    def edges(self) -> list[Edge]:
        """Per variable v, ``edges[v - 1]``: the edge as a pair of cells."""
        width = self.width
        return [(divmod(a, width), divmod(b, width)) for a, b in self.ends[1:]]

    @cached_property
    def var(self) -> dict[Edge, int]:
        return {e: i + 1 for i, e in enumerate(self.edges)}

    @cached_property
    def incident(self) -> dict[Cell, list[int]]:
        """Edge variables per cell, in variable order."""
        width = self.width
        return {divmod(i, width): vs for i, vs in enumerate(self.incident_ids)}

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """numpy views for per-model work on big grids: the two end cells per variable
        (index 0 unused) and the up-to-four edge variables per cell (ascending, 0 pads)."""
        return self._arrays

    def edge_pairs(self, variables: list[int]) -> frozenset[Edge]:
        """The edges of the given (true) edge variables as pairs of points, made from the end
        arrays: a 100x100 grid's full edge list costs about 5 ms and a solve needs only the
        answer's edges."""
        end_a, end_b, _ = self._arrays
        chosen = np.asarray(variables, dtype=np.int64)
        rows_a, cols_a = np.divmod(end_a[chosen], self.width)
        rows_b, cols_b = np.divmod(end_b[chosen], self.width)
        return frozenset(zip(zip(rows_a.tolist(), cols_a.tolist(), strict=True),
                             zip(rows_b.tolist(), cols_b.tolist(), strict=True), strict=True))

    def cell_id(self, cell: Cell) -> int:
        return cell[0] * self.width + cell[1]

    def cell_of(self, cell_id: int) -> Cell:
        return divmod(cell_id, self.width)

    def __len__(self) -> int:
        return self.count

    def between(self, a: Cell, b: Cell) -> int | None:
        """The variable of the edge between ``a`` and ``b``, ``None`` off the grid."""
        return self.var.get((a, b) if a < b else (b, a))
