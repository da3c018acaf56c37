"""Split a degree-{0,2} edge set into its loops, and the clauses that cut a wrong loop away.

Used by the ``lazy`` strategy: its CNF states only local rules, so a model may draw several
closed loops. Each loop is a connected component; one that visits every pearl is an answer by
itself (pearl rules only look along the loop), any other is cut off with one clause.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pencilsat.encodings.masyu_local_rules import Clause, GridEdges

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
    return label_loops(grid, model)


def label_loops(grid: GridEdges, model: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """``loops`` by pointer jumping: every used edge, taken in both directions, points to the
    next one along its loop; doubling those pointers log2(n) times spreads the smallest edge
    index of each loop to all of its edges, which labels the loop."""
    end_a, end_b, incident = grid.arrays()
    used = used_edges(grid, model)
    ids = np.flatnonzero(used)
    m = len(ids)
    if m == 0:
        return []
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
    ends = np.r_[starts[1:], m]
    on_loop = high > 0
    loop_cells = np.flatnonzero(on_loop)
    cell_label = edge_label[position[high[loop_cells]]]
    cell_order = np.argsort(cell_label, kind="stable")
    cells_sorted = loop_cells[cell_order]
    cell_starts = np.searchsorted(cell_label[cell_order], sorted_labels[starts])
    cell_ends = np.r_[cell_starts[1:], len(loop_cells)]
    edge_vars = ids[order]
    return [(edge_vars[a:b].tolist(), cells_sorted[c:d].tolist())
            for a, b, c, d in zip(starts.tolist(), ends.tolist(), cell_starts.tolist(),
                                  cell_ends.tolist(), strict=True)]


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


def forbid_loop(edge_vars: list[int]) -> Clause:
    """Not all of this loop's edges: removes exactly this closed loop from every answer."""
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


def off_loop_cells(grid: GridEdges, model: Sequence[int]) -> np.ndarray:
    """A boolean per cell id: no used edge touches the cell in this model."""
    _, _, incident = grid.arrays()
    return ~used_edges(grid, model)[incident].any(axis=1)


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
