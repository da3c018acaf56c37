"""Cells divided into regions, each region one of a few candidate *placements* of its owner:
the partition machinery region genres share (Shikaku's rectangles; Fillomino's,
Spiral Galaxies' and Ripple Effect's regions where their candidates can be listed).

A region genre names its owners (a Shikaku number, a Galaxies dot) and, per owner, the
cell sets its region may be (every rectangle of the number's area around it). The partition
is then an exact cover, one variable per placement:

- each owner takes exactly one of its placements (a count);
- each cell lies in exactly one chosen placement (a count over the placements that cover
  it); a cell no placement covers, or an owner without placements, makes the puzzle
  unsatisfiable (a variable and its negation, so no empty clause reaches a solver).

The placement variables are the answer atoms: two partitions differ exactly where some
owner's placement differs, and a cell's region is undecided exactly when the placement that
covers it in one answer is false in another, so count and backbone work on them as on
cells. The counts go to the shared runs of :mod:`~pencilsat.strategies.connected_runs` as
they are (CNF: cardinality clauses; CP-SAT: linear sums); a genre adds its own clauses over
the placement variables (:meth:`PlacementPartition.add`) and, where a region's candidates
cannot be listed, connectivity :class:`~pencilsat.encodings.connectivity.Requirement`\\ s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.connectivity import Clause, ShadingEncoding, grid_graph

Answer = TypeVar("Answer")
Placement = Sequence[Cell]
"""The cells of one candidate region."""
CLOCK_STEP = 4096
"""Placements (or cells) handled between two looks at the clock."""


PAIRWISE_UP_TO = 6
"""Groups of up to this many literals take "at most one" pairwise; larger ones a
sequential counter (``len - 1`` new variables, about ``3 * len`` clauses)."""


def exactly_one_clauses(groups: Sequence[tuple[Sequence[int], int]], top: int,
                        deadline: float | None = None) -> tuple[list[Clause], int]:
    """Clauses "exactly one of ``lits``" for every group (each count must be 1): the
    clause of all, and "at most one" pairwise or by a sequential counter; new variables
    from ``top + 1``. Returns the clauses and the last variable used. A quarter of the
    time of PySAT's totalizer per group on a janko Shikaku, with the same propagation."""
    out: list[Clause] = []
    for k, (lits, count) in enumerate(groups):
        if count != 1:
            raise ValueError(f"exactly_one_clauses takes counts of 1, not {count}")
        if k % CLOCK_STEP == 0:
            check_clock(deadline)
        lits = [int(lit) for lit in lits]
        out.append(list(lits))
        if len(lits) <= PAIRWISE_UP_TO:
            out += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
            continue
        # s_i: one of lits[0..i] is true
        seen = list(range(top + 1, top + len(lits)))
        top += len(lits) - 1
        out.append([-lits[0], seen[0]])
        for i in range(1, len(lits) - 1):
            out += [[-lits[i], seen[i]], [-seen[i - 1], seen[i]], [-lits[i], -seen[i - 1]]]
        out.append([-lits[-1], -seen[-1]])
    return out, top


class PlacementPartition:
    """The builder of a partition's encoding: :meth:`owner` adds an owner with its
    placements, :meth:`encoding` returns the exact cover as a
    :class:`~pencilsat.encodings.connectivity.ShadingEncoding` whose answer is the
    placement variables and whose decoder receives the label grid (``labels[r, c]``: the
    index of the owner whose chosen placement covers the cell)."""

    def __init__(self, width: int, height: int, *, deadline: float | None = None) -> None:
        self.width, self.height = width, height
        self.deadline = deadline
        self.top = 0
        """The last variable used."""
        self.placements: list[tuple[int, Placement]] = []
        """Each placement variable's owner and cells, variable ``k + 1`` at index ``k``."""
        self.owners: list[list[int]] = []
        """The placement variables of each owner."""
        self.clauses: list[Clause] = []
        self._covering: list[list[int]] = [[] for _ in range(width * height)]

    def owner(self, placements: Iterable[Placement]) -> list[int]:
        """Add an owner whose region is one of ``placements`` (cell lists inside the grid);
        its placement variables, in the order given."""
        index = len(self.owners)
        chosen = []
        for cells in placements:
            if len(self.placements) % CLOCK_STEP == 0:
                check_clock(self.deadline)
            self.top += 1
            var = self.top
            self.placements.append((index, tuple(cells)))
            for r, c in cells:
                self._covering[r * self.width + c].append(var)
            chosen.append(var)
        self.owners.append(chosen)
        return chosen

    def add(self, clauses: Iterable[Clause]) -> None:
        """A genre's own clauses over the placement variables."""
        check_clock(self.deadline)
        self.clauses.extend(list(clause) for clause in clauses)

    def covering(self, cell: Cell) -> list[int]:
        """The placement variables whose cells hold ``cell``."""
        r, c = cell
        return list(self._covering[r * self.width + c])

    def counts(self) -> list[tuple[list[int], int]]:
        """Exactly one placement per owner, then exactly one covering placement per cell
        (row-major), leaving out the groups that are empty (see :meth:`encoding`)."""
        out = [(list(vars_), 1) for vars_ in self.owners if vars_]
        out += [(list(vars_), 1) for vars_ in self._covering if vars_]
        return out

    def impossible(self) -> bool:
        """True when some owner has no placement or some cell none covering it."""
        return any(not vars_ for vars_ in self.owners) or any(
            not vars_ for vars_ in self._covering)

    def labels(self, values: np.ndarray) -> np.ndarray:
        """The label grid of a model (``values[v]``: the truth of variable ``v``): each
        cell the owner of the chosen placement that covers it, -1 where none does (a
        model of the encoding has none such)."""
        labels = np.full((self.height, self.width), -1, dtype=np.int32)
        for k, (owner, cells) in enumerate(self.placements):
            if values[k + 1]:
                for cell in cells:
                    labels[cell] = owner
        return labels

    def encoding(self, decode: Callable[[np.ndarray], Answer]) -> ShadingEncoding[Answer]:
        """The exact cover as the shared runs take it; ``decode`` turns a model's label
        grid (:meth:`labels`) into the genre's answer."""
        check_clock(self.deadline)
        clauses = list(self.clauses)
        top = self.top
        if self.impossible():
            top += 1
            clauses += [[top], [-top]]
        answer = list(range(1, self.top + 1))

        def decode_model(values: np.ndarray) -> Answer:
            return decode(self.labels(values))

        return ShadingEncoding(top, clauses, self.counts(),
                               grid_graph(self.width, self.height, deadline=self.deadline),
                               [], answer, decode_model)
