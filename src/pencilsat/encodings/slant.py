"""Slant as clauses on one variable per cell, "no loop" as a connectivity requirement.

Variable ``1 + r * W + c`` is true when cell (r, c) holds ``\\`` (joining its top-left and
bottom-right corners), false for ``/``. Rules:

- number: an exact count of the diagonals ending at the vertex, among the (up to) four
  cells around it (top-left ``\\``, top-right ``/``, bottom-left ``/``, bottom-right ``\\``);
- no empty inner vertex: the four cells around an inner vertex do not all turn away from
  it (they would be a diamond, the smallest loop);
- no loop, as connectivity. The diagonals of the even vertices and those of the odd ones
  are plane graphs dual to each other (the border the outer face), so one holds a loop
  exactly when a vertex of the other kind is cut off from the border: "no loop" is "every
  vertex is joined to the border through diagonals".

That is a requirement over a *subdivided* graph, as Hashiwokakero's bridges: the vertices
and a root next to every border vertex, always in the set (variable ``W * H + 1``, fixed
true), and a node per cell and diagonal, in the set when the cell holds it, next to the two
vertices it joins. The :mod:`~pencilsat.encodings.connectivity` cut around vertices cut off
says "some cell around them turns towards them". The encoding is a
:class:`~pencilsat.encodings.connectivity.ShadingEncoding`, so the shared connectivity runs
solve it. :func:`complete_cnf` writes it as one fixed clause list, "no loop" by
:func:`~pencilsat.encodings.reachability.ranked_parents` over the vertices (a parent one
diagonal away) within ``K + 1`` steps of the root, ``K`` the inner vertices of one parity
(a path of diagonals to the border visits each at most once): linear in ``K`` per edge.
"""
from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.encodings.connectivity import (
    Clause,
    Graph,
    Requirement,
    ShadingEncoding,
    steps_within,
)
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.reachability import ranked_parents
from pencilsat.puzzles.slant import SlantPuzzle, SlantSolution

CLOCK_EVERY = 4096
"""Rows between two looks at the clock."""


def cell_variables(width: int, height: int) -> np.ndarray:
    """The ``\\`` variable of every cell, ``1..W*H`` row-major."""
    return np.arange(1, width * height + 1, dtype=np.int64).reshape(height, width)


def touching_literals(backslash: np.ndarray, r: int, c: int) -> list[int]:
    """The literals "this cell's diagonal ends at vertex (r, c)", one per cell around it."""
    height, width = backslash.shape
    out = []
    for dr, dc, sign in ((-1, -1, 1), (-1, 0, -1), (0, -1, -1), (0, 0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < height and 0 <= cc < width:
            out.append(sign * int(backslash[rr, cc]))
    return out


def diagonal_graph(width: int, height: int, *, deadline: float | None = None) -> Graph:
    """The subdivided graph: vertex (r, c) is node ``r * (W + 1) + c``, the root node
    ``V = (W + 1)(H + 1)``, cell i's ``\\`` node ``V + 1 + i`` and its ``/`` node
    ``V + 1 + W*H + i``. Built row by row with a look at the clock between rows."""
    columns = width + 1
    root = (height + 1) * columns
    cells = width * height
    back0, fore0 = root + 1, root + 1 + cells
    neighbours: list[tuple[int, ...]] = []
    for r in range(height + 1):
        check_clock(deadline)
        for c in range(columns):
            around = []
            if r in (0, height) or c in (0, width):
                around.append(root)
            if r > 0 and c > 0:
                around.append(back0 + (r - 1) * width + c - 1)  # "\\" ending at the bottom right
            if r < height and c < width:
                around.append(back0 + r * width + c)  # "\\" starting at the top left
            if r < height and c > 0:
                around.append(fore0 + r * width + c - 1)  # "/" of the cell to the bottom left
            if r > 0 and c < width:
                around.append(fore0 + (r - 1) * width + c)  # "/" of the cell to the top right
            neighbours.append(tuple(around))
    neighbours.append(tuple(r * columns + c for r in range(height + 1) for c in range(columns)
                            if r in (0, height) or c in (0, width)))
    for r in range(height):
        check_clock(deadline)
        top, bottom = r * columns, (r + 1) * columns
        neighbours.extend((top + c, bottom + c + 1) for c in range(width))
    for r in range(height):
        check_clock(deadline)
        top, bottom = r * columns, (r + 1) * columns
        neighbours.extend((top + c + 1, bottom + c) for c in range(width))
    return Graph(tuple(neighbours))


def build(puzzle: SlantPuzzle, *, deadline: float | None = None
          ) -> ShadingEncoding[SlantSolution]:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    width, height = puzzle.width, puzzle.height
    check_clock(deadline)
    back = cell_variables(width, height)
    true = width * height + 1
    clauses: list[Clause] = [[true]]
    if width > 1 and height > 1:  # every inner vertex touched: one row of 4 literals each
        touched = np.stack([back[:-1, :-1], -back[:-1, 1:], -back[1:, :-1], back[1:, 1:]],
                           axis=-1).reshape(-1, 4)
        for first in range(0, len(touched), CLOCK_EVERY * 16):
            check_clock(deadline)
            clauses.extend(touched[first:first + CLOCK_EVERY * 16].tolist())
    counts: list[tuple[list[int], int]] = []
    for i, (r, c) in enumerate(zip(*np.nonzero(puzzle.clues >= 0), strict=True)):
        if i % CLOCK_EVERY == 0:
            check_clock(deadline)
        counts.append((touching_literals(back, int(r), int(c)), int(puzzle.clues[r, c])))
    graph = diagonal_graph(width, height, deadline=deadline)
    vertices = (height + 1) * (width + 1)
    cells = back.ravel()
    literals = np.concatenate([np.full(vertices + 1, true, dtype=np.int64), cells, -cells])
    requirement = Requirement(literals, anchor=vertices, name="no loop")
    check_clock(deadline)

    def decode(values: np.ndarray) -> SlantSolution:
        return SlantSolution(values[back])

    return ShadingEncoding(true, clauses, counts, graph, [requirement], cells.tolist(), decode)


def complete_cnf(puzzle: SlantPuzzle, deadline: float | None = None) -> ClauseEncoding:
    """The rules as one fixed clause list whose models, on the cell variables, are exactly
    the answers: the counts as cardinality clauses, "no loop" as ranked parents over the
    vertices alone, a vertex's parent one step along a diagonal the cell holds (the
    ``through`` literal) or the root for a border vertex; ranks up to ``K + 1``, ``K`` the
    inner vertices of one parity (module docstring). ``pencilsat study``'s complete CNF."""
    encoding = build(puzzle, deadline=deadline)
    counts, top = exactly_clauses(encoding.sizes, encoding.num_vars, deadline=deadline)
    clauses = [*encoding.clauses, *counts]
    width, height = puzzle.width, puzzle.height
    columns, back = width + 1, cell_variables(width, height)
    root = (height + 1) * columns
    edges, through = [], {}
    for r in range(height):
        for c in range(width):
            for a, b, lit in ((r * columns + c, (r + 1) * columns + c + 1, int(back[r, c])),
                              (r * columns + c + 1, (r + 1) * columns + c, -int(back[r, c]))):
                edges.append((a, b))
                through[a, b] = through[b, a] = lit
    edges += [(r * columns + c, root) for r in range(height + 1) for c in range(columns)
              if r in (0, height) or c in (0, width)]
    graph = Graph.from_edges(root + 1, edges)
    inner = [(r + c) % 2 for r in range(1, height) for c in range(1, width)]
    deepest = max(inner.count(0), inner.count(1)) + 1
    lowest = steps_within(graph, [root], deepest + 1, lambda v: True)
    true = encoding.num_vars
    more, top = ranked_parents(graph, [true] * (root + 1), root, deepest, top, lowest,
                               deadline, through)
    clauses.extend(more)

    def decode(values_true: set[int]) -> SlantSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in values_true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("slant", top, clauses, list(encoding.answer), decode)
