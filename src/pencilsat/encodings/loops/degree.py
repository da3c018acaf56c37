"""Degree rules of a loop on a grid graph: every point has 0 or 2 loop edges.

Shared by every loop genre (Masyu, Slitherlink, Yajilin): a used edge at a point needs
another used edge there (no dead end), and no three edges of a point are used together (no
branch). A model of these clauses is a set of disjoint closed loops; the single-loop rule is
added lazily (:mod:`pencilsat.strategies.loop_search`) or by CP-SAT's circuit constraint.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from pencilsat.encodings.clause_arrays import Clause, drop_satisfied, ordered_clauses
from pencilsat.encodings.loops.edges import DOWN, RIGHT, GridEdges


def degree_clauses(grid: GridEdges, cells: slice | np.ndarray = slice(None),
                   values: np.ndarray | None = None) -> list[Clause]:
    """Per point (of the id range or id array ``cells``; every point by default), in the
    order of ``cells``: no
    dead end (for each of its edges, that edge implies one of the others) and no branch (not
    three of its edges together), each in the order of the cell's edge variables. Built per
    number of edges with numpy; the tests keep the cell-by-cell definition as the reference.
    An earlier numpy version was dropped (787080d) when ``GridEdges`` built its per-cell lists
    anyway; those lists are now made on first use, and a per-cell build pays for them: 2.4
    against 0.8 ms on the seed 36x20, 42 against 19 ms on a 100x100 (garbage collector off,
    as in ``lazy``)."""
    sides = grid.sides[cells]
    present = sides > 0
    degree = present.sum(axis=1)
    count = degree + degree * (degree - 1) * (degree - 2) // 6
    offset = np.cumsum(count) - count
    parts = []
    for k in range(1, 5):
        chosen = degree == k
        if not chosen.any():
            continue
        edges = sides[chosen][present[chosen]].reshape(-1, k)
        at = offset[chosen][:, None]
        others = [[j for j in range(k) if j != i] for i in range(k)]
        dead_ends = np.concatenate((-edges[:, :, None], edges[:, others]), axis=2)
        parts.append((at + np.arange(k), dead_ends))
        if k >= 3:
            triples = list(combinations(range(k), 3))
            parts.append((at + k + np.arange(len(triples)), -edges[:, triples]))
    return ordered_clauses(parts, int(count.sum()), values)


def visit_clauses(grid: GridEdges, points: list[int]) -> list[Clause]:
    """Every point of ``points`` (ids) is on the loop: some edge of it is used (with the
    degree rules, two are)."""
    incident = grid.incident_ids
    return [list(incident[point]) for point in points]


def no_square_loops(grid: GridEdges, values: np.ndarray | None = None) -> list[Clause]:
    """Forbid every 2x2 loop: it turns in all four cells, so no pearl can lie on it.

    Valid when no answer is a single 2x2 loop (Masyu with a pearl: a 2x2 loop turns in all
    four cells, so no pearl can lie on it); a cheap, static share of the sub-loop cuts that
    the lazy search would otherwise learn one model at a time.
    With ``values`` the squares they already break are left out.
    """
    width, height = grid.width, grid.height
    right, down = grid.sides[:, RIGHT], grid.sides[:, DOWN]
    corner = np.arange(width * height).reshape(height, width)[:-1, :-1].ravel()
    if not len(corner):
        return []
    rows = np.stack((-right[corner], -down[corner], -down[corner + 1], -right[corner + width]),
                    axis=1)
    return drop_satisfied(rows, values).tolist()
