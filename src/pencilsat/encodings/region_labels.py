"""Cells divided into connected regions by *labels*: each cell takes exactly one of a few
labels (a region's owner: a Galaxies centre), and each label's cells form one 4-connected
region. The partition machinery for region genres whose regions cannot be listed as
placements (:mod:`~pencilsat.encodings.partition` lists them when they can, as Shikaku's
rectangles).

One variable per (cell, label) the cell may take; a genre may give two cells of a label one
variable where they always go together (a Galaxies cell and its mirror image). Then:

- every cell takes exactly one label (a count over its variables; a cell no label may take
  makes the puzzle unsatisfiable, a variable and its negation);
- a label's *anchor* (a cell always in its region) takes it (a unit clause);
- a cell with a label other than its anchor has a neighbour with the label (a clause: a
  connected region of two or more cells leaves no cell alone), which ends most lone pieces
  before any cut;
- each label's cells are connected: a
  :class:`~pencilsat.encodings.connectivity.Requirement` anchored at the anchor, for the
  shared runs' lazy cuts (:mod:`~pencilsat.strategies.connected_runs`) or, in a fixed clause
  list, :func:`~pencilsat.encodings.reachability.ranked_parents`.

The label variables are the answer atoms: two answers differ exactly where a cell's label
differs; with anchored labels (each region holds its anchor) a label grid is one partition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import (
    Clause,
    Graph,
    Requirement,
    ShadingEncoding,
    grid_graph,
    steps_within,
)
from pencilsat.encodings.reachability import ranked_parents

Answer = TypeVar("Answer")
CLOCK_STEP = 256
"""Labels added between two looks at the clock."""


class LabelGrid:
    """The builder of a label partition's encoding: :meth:`variable` makes a variable,
    :meth:`label` adds a label with its cells' variables, :meth:`encoding` returns the
    rules as a :class:`~pencilsat.encodings.connectivity.ShadingEncoding` whose decoder
    receives the label grid (``labels[r, c]``: the index of the cell's label)."""

    def __init__(self, width: int, height: int, *, deadline: float | None = None,
                 outside: np.ndarray | None = None) -> None:
        self.width, self.height = width, height
        self.outside = np.zeros(width * height, dtype=bool) if outside is None else \
            np.asarray(outside, dtype=bool).ravel()
        """Cells in no region (cut out of the board): no label, no count."""
        self.deadline = deadline
        self.graph = grid_graph(width, height, deadline=deadline)
        self.top = 0
        """The last variable used."""
        self.clauses: list[Clause] = []
        self.labels: list[tuple[dict[int, int], int]] = []
        """Each label's variables by flat cell ``r * W + c``, and its anchor cell."""
        self._by_cell: list[list[int]] = [[] for _ in range(width * height)]

    def variable(self) -> int:
        """A new variable."""
        self.top += 1
        return self.top

    def label(self, variables: Mapping[int, int], anchor: int) -> int:
        """Add a label whose cells may be the flat cells of ``variables`` (each with the
        variable "the cell takes the label", made by :meth:`variable`; cells may share
        one), always holding ``anchor``; its index."""
        if len(self.labels) % CLOCK_STEP == 0:
            check_clock(self.deadline)
        if anchor not in variables:
            raise ValueError("a label's anchor is one of its cells")
        if any(self.outside[cell] for cell in variables):
            raise ValueError("a label's cells lie inside the board")
        own = {int(cell): int(var) for cell, var in variables.items()}
        self.labels.append((own, int(anchor)))
        for cell, var in own.items():
            self._by_cell[cell].append(var)
        self.clauses.append([own[anchor]])
        neighbours = self.graph.neighbours
        for cell, var in own.items():
            if cell == anchor:
                continue
            near = [own[n] for n in neighbours[cell] if n in own]
            if var not in near:  # a cell joined to a neighbour by one variable is never alone
                self.clauses.append([-var, *dict.fromkeys(near)])
        return len(self.labels) - 1

    def counts(self) -> list[tuple[list[int], int]]:
        """Exactly one label per cell (row-major), leaving out cells no label may take
        (and the cells outside)."""
        return [(vars_, 1) for vars_ in self._by_cell if vars_]

    def requirements(self) -> list[Requirement]:
        """Each label's cells connected, anchored at its anchor."""
        out = []
        for k, (own, anchor) in enumerate(self.labels):
            literals = np.zeros(self.width * self.height, dtype=np.int64)
            literals[list(own)] = list(own.values())
            out.append(Requirement(literals, anchor, f"label {k}"))
        return out

    def label_grid(self, values: np.ndarray) -> np.ndarray:
        """The label grid of a model (``values[v]``: the truth of variable ``v``): each cell
        the first label it takes, -1 where it takes none (a cell outside; inside, no model
        of the encoding)."""
        grid = np.full(self.width * self.height, -1, dtype=np.int32)
        for k in range(len(self.labels) - 1, -1, -1):
            own = self.labels[k][0]
            cells = np.fromiter(own.keys(), dtype=np.int64, count=len(own))
            taken = np.asarray(values[np.fromiter(own.values(), dtype=np.int64,
                                                  count=len(own))], dtype=bool)
            grid[cells[taken]] = k
        return grid.reshape(self.height, self.width)

    def answer(self) -> list[int]:
        """Every label variable, once, in order."""
        return sorted({var for own, _ in self.labels for var in own.values()})

    def encoding(self, decode: Callable[[np.ndarray], Answer]) -> ShadingEncoding[Answer]:
        """The rules as the shared runs take them; ``decode`` turns a model's label grid
        (:meth:`label_grid`) into the genre's answer."""
        check_clock(self.deadline)
        clauses = list(self.clauses)
        top = self.top
        if any(not vars_ and not out for vars_, out in zip(self._by_cell,
                                                           self.outside.tolist(), strict=True)):
            top += 1
            clauses += [[top], [-top]]

        def decode_model(values: np.ndarray) -> Answer:
            return decode(self.label_grid(values))

        return ShadingEncoding(top, clauses, self.counts(), self.graph, self.requirements(),
                               self.answer(), decode_model)


def anchored_reach(graph: Graph, allowed: set[int], anchors: list[int]) -> set[int]:
    """The nodes of ``allowed`` joined to ``anchors`` along ``allowed`` (the anchors among
    them): where a label anchored there may reach."""
    return set(steps_within(graph, anchors, len(allowed), lambda n: n in allowed))


def connected_clauses(graph: Graph, requirements: list[Requirement], top: int,
                      deadline: float | None = None) -> tuple[list[Clause], int]:
    """Every anchored requirement as fixed clauses (no lazy cuts), for a complete CNF: each
    node of the set but the anchor has a parent of lower rank
    (:func:`~pencilsat.encodings.reachability.ranked_parents`), ranks up to the set's
    possible size, starting at each node's distance from the anchor. Returns the clauses
    and the last variable used."""
    out: list[Clause] = []
    for requirement in requirements:
        anchor = requirement.anchor
        if anchor is None:
            raise ValueError("connected_clauses takes anchored requirements")
        literals = requirement.literals.tolist()
        nodes = [v for v, lit in enumerate(literals) if lit]
        inside = set(nodes)
        lowest = steps_within(graph, [anchor], len(nodes), inside.__contains__)
        deepest = max(1, len(nodes) - 1)
        more, top = ranked_parents(graph, literals, anchor, deepest, top, lowest, deadline)
        out.extend(more)
    return out, top
