"""Numberlink as clauses on the loop machinery's edge grid, "no stray loop" as a
connectivity requirement.

Variables ``1..E`` are the edges between side-by-side cells
(:class:`~pencilsat.encodings.loops.edges.GridEdges`), true where a line runs. Rules:

- a numbered cell ends exactly one line: one of its edges (a clause and pairwise "not
  two");
- an unnumbered cell is on no line or passes one: 0 or 2 of its edges (the loop genres'
  :func:`~pencilsat.encodings.loops.degree.degree_clauses`);
- a line joins equal numbers: every cell carries the *label* of its number's pair, fixed on
  the numbers, copied along every used edge. With few pairs the label is one-hot (a variable
  per cell and pair, off the lines none, on a line one: strong propagation); from
  :data:`ONE_HOT_MOST` pairs on, it is binary (``bit_length(P - 1)`` bits a cell: a
  1000-pair grid needs 10 variables a cell, not 1000). A line's two ends are numbers with
  its label, so equal numbers.

What is left is a stray loop through unnumbered cells. "No loop" is "every used edge is
joined to a number along used edges": a requirement over the edges' *line graph* (two
edges next to each other when they share a cell) plus a root next to every numbered
cell's edges, always in the set (variable ``E + 1``, fixed true). The
:mod:`~pencilsat.encodings.connectivity` cut around a loop says "some edge at one of its
cells leaves it, or a loop edge is unused". The encoding is a
:class:`~pencilsat.encodings.connectivity.ShadingEncoding`, so the shared connectivity runs
solve it; :func:`complete_cnf` writes the requirement with
:func:`~pencilsat.encodings.reachability.ranked_parents` instead (a fixed clause list).

Unused cells are allowed (janko's rules and pzprjs' ``numlin``, which has no "fill every
cell" check); a number given once or more than twice leaves no answer.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import (
    Clause,
    Graph,
    Requirement,
    ShadingEncoding,
    steps_within,
)
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.reachability import ranked_parents
from pencilsat.puzzles.numberlink import EMPTY, NumberlinkPuzzle, NumberlinkSolution

ONE_HOT_MOST = 64
"""Pairs up to which a cell's label is one-hot; above, binary."""
CHUNK = 16_384
"""Cells (or edges) per step between two looks at the clock."""


def label_variables(puzzle: NumberlinkPuzzle, first: int) -> tuple[np.ndarray, np.ndarray]:
    """Per cell id the label's variables (from ``first`` on, cell by cell) and per cell the
    pair index of its number (-1 unnumbered): one column per pair (one-hot) or per bit."""
    numbers = puzzle.numbers.ravel()
    values = np.unique(numbers[numbers != EMPTY])
    pair = np.full(len(numbers), -1, dtype=np.int64)
    pair[numbers != EMPTY] = np.searchsorted(values, numbers[numbers != EMPTY])
    columns = len(values) if len(values) <= ONE_HOT_MOST else int(len(values) - 1).bit_length()
    labels = first + np.arange(len(numbers) * columns, dtype=np.int64).reshape(len(numbers),
                                                                             columns)
    return labels, pair


def _fixed_labels(labels: np.ndarray, pair: np.ndarray, one_hot: bool) -> np.ndarray:
    """Unit clauses (one literal a row) fixing every numbered cell's label."""
    numbered = np.flatnonzero(pair >= 0)
    columns = labels.shape[1]
    if one_hot:
        truth = np.arange(columns)[None, :] == pair[numbered][:, None]
    else:
        truth = (pair[numbered][:, None] >> np.arange(columns)[None, :]) & 1 == 1
    lits = labels[numbered]
    return np.where(truth, lits, -lits).reshape(-1, 1)


def _copied_labels(grid: GridEdges, labels: np.ndarray, edges: slice) -> np.ndarray:
    """Rows "a used edge copies every label variable from one end to the other"."""
    end_a, end_b, _ = grid.arrays()
    v = np.arange(len(grid) + 1, dtype=np.int64)[1:][edges]
    a, b = labels[end_a[v]], labels[end_b[v]]
    used = np.broadcast_to(v[:, None], a.shape)
    return np.stack((np.stack((-used, -a, b), axis=-1), np.stack((-used, a, -b), axis=-1)),
                    axis=2).reshape(-1, 3)


def _endpoint_clauses(grid: GridEdges, cell: int) -> list[Clause]:
    """Exactly one of the cell's edges."""
    edges = grid.incident_ids[cell]
    return [list(edges)] + [[-edges[i], -edges[j]] for i in range(len(edges))
                            for j in range(i + 1, len(edges))]


def line_graph(grid: GridEdges, numbered: np.ndarray, *, deadline: float | None = None
               ) -> Graph:
    """Edge variable v is node ``v - 1``, next to the edges sharing a cell with it; the
    root node ``E`` is next to every edge of a numbered cell (``numbered``: a boolean per
    cell id)."""
    end_a, end_b, incident = grid.arrays()
    count = len(grid)
    root = count
    neighbours: list[tuple[int, ...]] = []
    inc = incident.tolist()
    ends_a, ends_b, marks = end_a.tolist(), end_b.tolist(), numbered.tolist()
    for v in range(1, count + 1):
        if v % CHUNK == 0:
            check_clock(deadline)
        a, b = ends_a[v], ends_b[v]
        around = [w - 1 for w in inc[a] if w and w != v] + [w - 1 for w in inc[b] if w and w != v]
        if marks[a] or marks[b]:
            around.append(root)
        neighbours.append(tuple(around))
    neighbours.append(tuple(v - 1 for v in range(1, count + 1)
                            if marks[ends_a[v]] or marks[ends_b[v]]))
    return Graph(tuple(neighbours))


def build(puzzle: NumberlinkPuzzle, *, deadline: float | None = None
          ) -> ShadingEncoding[NumberlinkSolution]:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    width, height = puzzle.width, puzzle.height
    check_clock(deadline)
    grid = GridEdges(width, height)
    count = len(grid)
    true = count + 1
    labels, pair = label_variables(puzzle, true + 1)
    one_hot = len(np.unique(pair[pair >= 0])) <= ONE_HOT_MOST
    num_vars = true + labels.size
    numbered = pair >= 0
    blank = np.flatnonzero(~numbered)
    clauses: list[Clause] = [[true]]
    for first in range(0, len(blank), CHUNK):
        check_clock(deadline)
        clauses.extend(degree_clauses(grid, blank[first:first + CHUNK]))
    for cell in np.flatnonzero(numbered).tolist():
        clauses.extend(_endpoint_clauses(grid, cell))
    check_clock(deadline)
    if labels.shape[1]:
        clauses.extend(_fixed_labels(labels, pair, one_hot).tolist())
        for first in range(0, count, CHUNK):
            check_clock(deadline)
            clauses.extend(_copied_labels(grid, labels, slice(first, first + CHUNK)).tolist())
        if one_hot:
            clauses.extend(_one_hot_rows(grid, labels, blank, deadline))
    graph = line_graph(grid, numbered, deadline=deadline)
    literals = np.arange(1, count + 2, dtype=np.int64)
    requirement = Requirement(literals, anchor=count, name="no loop")
    check_clock(deadline)

    def decode(values: np.ndarray) -> NumberlinkSolution:
        used = np.flatnonzero(values[1:count + 1]) + 1
        return NumberlinkSolution(grid.edge_pairs(used.tolist()), width, height)

    return ShadingEncoding(num_vars, clauses, [], graph, [requirement],
                           list(range(1, count + 1)), decode)


def _one_hot_rows(grid: GridEdges, labels: np.ndarray, blank: np.ndarray,
                  deadline: float | None) -> list[Clause]:
    """An unnumbered cell's one-hot label: a label only on a line (``label -> some edge``)
    and a line cell has one (``edge -> some label``)."""
    out: list[Clause] = []
    incident = grid.incident_ids
    for i, cell in enumerate(blank.tolist()):
        if i % CHUNK == 0:
            check_clock(deadline)
        edges = incident[cell]
        mine = labels[cell].tolist()
        out.extend([-lab, *edges] for lab in mine)
        out.extend([-e, *mine] for e in edges)
    return out


def complete_cnf(puzzle: NumberlinkPuzzle, deadline: float | None = None) -> ClauseEncoding:
    """The rules as one fixed clause list whose models, on the edge variables, are exactly
    the answers: "no loop" as ranked parents over the line graph from the root, an edge's
    rank up to half of the longest line (its distance to the nearer end). ``pencilsat
    study``'s complete CNF and the certificate's formula."""
    encoding = build(puzzle, deadline=deadline)
    clauses = list(encoding.clauses)
    count = encoding.graph.size - 1
    blanks = int((puzzle.numbers == EMPTY).sum())
    deepest = (blanks + 2) // 2
    lowest = steps_within(encoding.graph, [count], deepest + 1, lambda v: True)
    literals = list(range(1, count + 2))
    more, top = ranked_parents(encoding.graph, literals, count, deepest, encoding.num_vars,
                               lowest, deadline)
    clauses.extend(more)

    def decode(values_true: set[int]) -> NumberlinkSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in values_true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("numberlink", top, clauses, list(encoding.answer), decode)
