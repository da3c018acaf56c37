"""Split a degree-{0,2} edge set into its loops, and the clauses that cut a wrong loop away.

Used by the ``lazy`` strategy: its CNF states only local rules, so a model may draw several
closed loops. Each loop is a connected component; one that visits every pearl is an answer by
itself (pearl rules only look along the loop), any other is cut off with one clause.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from pencilsat.core.record import FrozenRecord
from pencilsat.encodings.clause_arrays import Clause
from pencilsat.encodings.loops.edges import GridEdges

NUMPY_MIN_EDGES = 3000
"""From this many edge variables on (about 40x40), ``loops`` labels the loops with numpy
instead of walking them: at 100x100 (about 9,000 used edges) 3.4 against 5.1 ms per model,
the largest Python cost of a ``lazy`` solve there; on 40x40 they are even, below it the walk
is faster (0.05 against 0.12 ms at 12x12)."""


def loops(grid: GridEdges, model: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """The closed loops a SAT model draws: (edge variables, cell ids) per loop, each in no
    particular order.

    ``model`` lists signed literals with ``model[v - 1] = ±v`` for the edge variables (PySAT's
    ``get_model()``; extra variables after them are ignored). Every cell must have 0 or 2 used
    edges, as the degree clauses guarantee, so each component is a cycle.
    """
    if len(grid) < NUMPY_MIN_EDGES:
        return walk_loops(grid, model)
    return [(edge_vars.tolist(), cells.tolist())
            for edge_vars, cells in label_loops(grid, used_edges(grid, model))]


class LoopLabels(FrozenRecord):
    """Every loop of a model as slices of two arrays: loop ``i`` is
    ``edge_vars[edge_bounds[i]:edge_bounds[i + 1]]`` with cells
    ``cells[cell_bounds[i]:cell_bounds[i + 1]]``. Kept as arrays because a ``lazy`` solve at
    100x100 labels dozens of models of about 9,000 used edges, and most loops are only
    counted or cut by numpy."""

    __slots__ = ("edge_vars", "edge_bounds", "cells", "cell_bounds")
    edge_vars: np.ndarray
    edge_bounds: np.ndarray
    cells: np.ndarray
    cell_bounds: np.ndarray

    def __init__(self, edge_vars: np.ndarray, edge_bounds: np.ndarray, cells: np.ndarray,
                 cell_bounds: np.ndarray) -> None:
        object.__setattr__(self, "edge_vars", edge_vars)
        object.__setattr__(self, "edge_bounds", edge_bounds)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "cell_bounds", cell_bounds)

    def __len__(self) -> int:
        return len(self.edge_bounds) - 1

    def __iter__(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        for i in range(len(self)):
            yield self[i]

    def __getitem__(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """Edge variables and cell ids of loop ``i``."""
        edges, cells = self.edge_bounds, self.cell_bounds
        return (self.edge_vars[edges[i]:edges[i + 1]], self.cells[cells[i]:cells[i + 1]])

    def marked_counts(self, marked: np.ndarray) -> np.ndarray:
        """Per loop, how many of its cells are marked (a boolean per cell id)."""
        if not len(self):
            return np.zeros(0, dtype=np.int64)
        return np.add.reduceat(marked[self.cells].astype(np.int64), self.cell_bounds[:-1])


def label_loops(grid: GridEdges, used: np.ndarray) -> LoopLabels:
    """``loops`` by pointer jumping, on ``used`` (see ``used_edges``): every used edge, taken
    in both directions, points to the next one along its loop; doubling those pointers log2(n)
    times spreads the smallest edge index of each loop to all of its edges, which labels the
    loop."""
    end_a, end_b, incident = grid.arrays()
    ids = np.flatnonzero(used)
    m = len(ids)
    if m == 0:
        empty = np.zeros(0, dtype=np.int64)
        return LoopLabels(empty, np.zeros(1, dtype=np.int64), empty, np.zeros(1, dtype=np.int64))
    position = np.full(len(used), -1, dtype=np.int64)
    position[ids] = np.arange(m)
    # per cell its used edges (0 or 2 of them): the largest and the smallest non-zero id
    slots = np.where(used[incident], incident, 0)
    slots.sort(axis=1)
    high, low = slots[:, 3], slots[:, 2]
    heads = np.concatenate((end_b[ids], end_a[ids]))
    here = np.concatenate((ids, ids))
    nxt = np.where(high[heads] == here, low[heads], high[heads])
    # the directed copy of edge nxt that leaves the head cell
    successor = position[nxt] + np.where(end_a[nxt] == heads, 0, m)
    label = np.concatenate((np.arange(m), np.arange(m))).astype(np.int32)
    jump = successor.astype(np.int32)
    span = 1
    while span < m:
        np.minimum(label, label.take(jump), out=label)
        jump = jump.take(jump)
        span *= 2
    np.minimum(label, label.take(jump), out=label)
    edge_label = label[:m]
    order = np.argsort(edge_label, kind="stable")
    sorted_labels = edge_label[order]
    starts = np.flatnonzero(np.r_[True, sorted_labels[1:] != sorted_labels[:-1]])
    loop_cells = np.flatnonzero(high > 0)
    cell_label = edge_label[position[high[loop_cells]]]
    cell_order = np.argsort(cell_label, kind="stable")
    cell_starts = np.searchsorted(cell_label[cell_order], sorted_labels[starts])
    return LoopLabels(ids[order], np.r_[starts, m], loop_cells[cell_order],
                      np.r_[cell_starts, len(loop_cells)])


def walk_loops(grid: GridEdges, model: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """``loops`` by walking each loop in Python: the faster way on small grids.

    ``model`` lists signed literals with ``model[v - 1] = ±v`` for the edge variables (PySAT's
    ``get_model()``; extra variables after them are ignored). Every cell must have 0 or 2 used
    edges, as the degree clauses guarantee, so each component is walked as a cycle; it runs
    on integer ids because it runs once per model.
    """
    count = len(grid)
    used = [False]
    used.extend(lit > 0 for lit in model[:count])
    seen = [False] * (count + 1)
    ends, incident = grid.ends, grid.incident_ids
    out = []
    for v in range(1, count + 1):
        if not used[v] or seen[v]:
            continue
        start = cell = ends[v][0]
        edge_vars, cells = [], []
        while True:
            seen[v] = True
            edge_vars.append(v)
            cells.append(cell)
            a, b = ends[v]
            cell = b if a == cell else a
            if cell == start:
                break
            for w in incident[cell]:
                if used[w] and w != v:
                    v = w
                    break
        out.append((edge_vars, cells))
    return out


def forbid_loop(edge_vars: Sequence[int] | np.ndarray) -> Clause:
    """Not all of this loop's edges: removes exactly this closed loop from every answer."""
    if isinstance(edge_vars, np.ndarray):
        return (-edge_vars).tolist()
    return [-v for v in edge_vars]


def crossing_edges(grid: GridEdges, cells: Sequence[int] | np.ndarray) -> Clause:
    """Some edge crosses the border of ``cells`` (cell ids): the edge variables with exactly
    one end among them, ascending. Valid as a cut when the cells hold some but not all
    pearls. Works in the size of ``cells``, not of the grid: a model at 100x100 gets dozens
    of these."""
    ids = np.asarray(cells, dtype=np.int64)
    end_a, end_b, incident = grid.arrays()
    mask = np.zeros(grid.width * grid.height, dtype=bool)
    mask[ids] = True
    touching = incident[ids].ravel()
    touching = touching[touching > 0]
    # an edge inside the cells is listed twice and does not cross; a crossing edge once
    return np.sort(touching[mask[end_a[touching]] != mask[end_b[touching]]]).tolist()


def enclosed_area(grid: GridEdges, edge_vars: Sequence[int], cells: Sequence[int]) -> np.ndarray:
    """The cell ids (ascending) of a closed loop and of every cell it encloses.

    A cell off the loop is inside when a ray from it to the left, just below the cell centres,
    crosses an odd number of the loop's vertical edges (between rows r and r + 1 at columns left
    of it); the loop is simple, so parity decides. Only the loop's bounding box is scanned.
    """
    width = grid.width
    end_a, end_b, _ = grid.arrays()
    loop_cells = np.asarray(cells, dtype=np.int64)
    rows, cols = np.divmod(loop_cells, width)
    top, left = rows.min(), cols.min()
    chosen = np.asarray(edge_vars, dtype=np.int64)
    upper = end_a[chosen][end_b[chosen] - end_a[chosen] == width]
    crossings = np.zeros((rows.max() - top + 1, cols.max() - left + 1), dtype=bool)
    crossings[upper // width - top, upper % width - left] = True
    # parity of the crossings strictly left of each cell
    inside = np.logical_xor.accumulate(crossings, axis=1) ^ crossings
    inside[rows - top, cols - left] = True
    r, c = np.nonzero(inside)
    return (r + top) * width + c + left


def used_edges(grid: GridEdges, model: Sequence[int]) -> np.ndarray:
    """A boolean per edge variable (index 0 unused, false): is the edge used in ``model``."""
    count = len(grid)
    used = np.zeros(count + 1, dtype=bool)
    used[1:] = np.fromiter(model, dtype=np.int64, count=count) > 0
    return used


def off_loop_cells(grid: GridEdges, used: np.ndarray) -> np.ndarray:
    """A boolean per cell id: no used edge (``used``, see ``used_edges``) touches the cell."""
    _, _, incident = grid.arrays()
    return ~used[incident].any(axis=1)


def grown_area(grid: GridEdges, area: np.ndarray, free: np.ndarray, steps: int) -> np.ndarray:
    """``area`` (cell ids) grown ``steps`` times by its side neighbours that are ``free``
    (a boolean per cell id), ascending. Only the bounding box plus ``steps`` is scanned."""
    width, height = grid.width, grid.height
    rows, cols = np.divmod(np.asarray(area, dtype=np.int64), width)
    top, bottom = max(rows.min() - steps, 0), min(rows.max() + steps, height - 1)
    left, right = max(cols.min() - steps, 0), min(cols.max() + steps, width - 1)
    grown = np.zeros((bottom - top + 1, right - left + 1), dtype=bool)
    grown[rows - top, cols - left] = True
    room = free.reshape(height, width)[top:bottom + 1, left:right + 1]
    for _ in range(steps):
        step = grown.copy()
        step[1:, :] |= grown[:-1, :]
        step[:-1, :] |= grown[1:, :]
        step[:, 1:] |= grown[:, :-1]
        step[:, :-1] |= grown[:, 1:]
        grown |= step & room
    r, c = np.nonzero(grown)
    return (r + top) * width + c + left
