"""Split a degree-{0,2} edge set into its loops, and the clauses that cut a wrong loop away.

Used by the ``lazy`` strategy: its CNF states only local rules, so a model may draw several
closed loops. Each loop is a connected component; one that visits every pearl is an answer by
itself (pearl rules only look along the loop), any other is cut off with one clause.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def leave_cells(grid: GridEdges, cells: list[int]) -> Clause:
    """Some edge crosses the border of ``cells``: valid when they hold some but not all pearls."""
    inside = set(cells)
    out = []
    for cell in cells:
        for v in grid.incident[grid.cell_of(cell)]:
            a, b = grid.ends[v]
            if a not in inside or b not in inside:
                out.append(v)
    return out
