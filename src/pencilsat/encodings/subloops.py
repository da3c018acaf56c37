"""Split a degree-{0,2} edge set into its loops, and the clauses that cut a wrong loop away.

Used by the ``lazy`` strategy: its CNF states only local rules, so a model may draw several
closed loops. Each loop is a connected component; one that visits every pearl is an answer by
itself (pearl rules only look along the loop), any other is cut off with one clause.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pencilsat.encodings.masyu_local_rules import Clause, GridEdges


def loops(grid: GridEdges, model: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """The closed loops a SAT model draws: (edge variables, cell ids) per loop.

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


def leave_cells(grid: GridEdges, cells: Sequence[int]) -> Clause:
    """Some edge crosses the border of ``cells``: valid when they hold some but not all pearls."""
    mask = np.zeros(grid.width * grid.height, dtype=bool)
    mask[list(cells)] = True
    return crossing_edges(grid, mask)


def crossing_edges(grid: GridEdges, mask: np.ndarray) -> Clause:
    """The edge variables with exactly one end cell in ``mask`` (a boolean per cell id)."""
    end_a, end_b, _ = grid.arrays()
    crossing = mask[end_a[1:]] != mask[end_b[1:]]
    return (np.flatnonzero(crossing) + 1).tolist()


def enclosed_area(grid: GridEdges, edge_vars: list[int], cells: list[int]) -> np.ndarray:
    """A boolean per cell id: the cells of a closed loop and every cell it encloses.

    A cell off the loop is inside when a ray from it to the left, just below the cell centres,
    crosses an odd number of the loop's vertical edges (between rows r and r + 1 at columns left
    of it); the loop is simple, so parity decides.
    """
    width, height = grid.width, grid.height
    end_a, end_b, _ = grid.arrays()
    chosen = np.asarray(edge_vars)
    tops = end_a[chosen][end_b[chosen] - end_a[chosen] == width]
    vertical = np.zeros(height * width, dtype=np.int8)
    vertical[tops] = 1
    crossings = vertical.reshape(height, width)
    left_of = np.cumsum(crossings, axis=1) - crossings
    region = (left_of % 2 == 1).ravel()
    region[cells] = True
    return region
