"""Split a degree-{0,2} edge set into its loops, and the clauses that cut a wrong loop away.

Used by the ``lazy`` strategy: its CNF states only local rules, so a model may draw several
closed loops. Each loop is a connected component; one that visits every pearl is an answer by
itself (pearl rules only look along the loop), any other is cut off with one clause.
"""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.encodings.masyu_local_rules import Clause, GridEdges


def loops(grid: GridEdges, true_vars: Iterable[int]) -> list[tuple[list[int], list[int]]]:
    """The closed loops drawn by the used edges: (edge variables, cell ids) per loop.

    Every cell must have 0 or 2 used edges (the degree clauses guarantee it in a model), so
    each component is walked as a cycle, on integer ids for speed: this runs once per model.
    """
    size = grid.width * grid.height
    first, second = [0] * size, [0] * size
    ends = grid.ends
    for v in true_vars:
        for cell in ends[v]:
            if first[cell]:
                second[cell] = v
            else:
                first[cell] = v
    done = [False] * size
    out = []
    for start in range(size):
        if done[start] or not first[start]:
            continue
        edge_vars, cells = [], []
        cell, v = start, first[start]
        while True:
            done[cell] = True
            cells.append(cell)
            edge_vars.append(v)
            a, b = ends[v]
            cell = b if a == cell else a
            if cell == start:
                break
            v = second[cell] if first[cell] == v else first[cell]
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
