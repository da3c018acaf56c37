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
    placements (:meth:`owners` many at once, as arrays), :meth:`encoding` returns the exact
    cover as a :class:`~pencilsat.encodings.connectivity.ShadingEncoding` whose answer is
    the placement variables and whose decoder receives the label grid (``labels[r, c]``:
    the index of the owner whose chosen placement covers the cell).

    An owner's placement variables are consecutive; the cells of placement variable ``v``
    are ``cells[starts[v - 1]:starts[v]]`` (flat indices ``r * W + c``) of the arrays kept."""

    def __init__(self, width: int, height: int, *, deadline: float | None = None) -> None:
        self.width, self.height = width, height
        self.deadline = deadline
        self.top = 0
        """The last variable used."""
        self.clauses: list[Clause] = []
        self._ranges: list[tuple[int, int]] = []  # each owner's first and last + 1 variable
        self._owner_of: list[np.ndarray] = []  # per chunk: the owner of each placement
        self._sizes: list[np.ndarray] = []  # per chunk: the cells of each placement
        self._cells: list[np.ndarray] = []  # per chunk: the placements' flat cells
        self._arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def owner(self, placements: Iterable[Placement]) -> list[int]:
        """Add an owner whose region is one of ``placements`` (cell lists inside the grid);
        its placement variables, in the order given."""
        flat: list[int] = []
        sizes: list[int] = []
        for k, cells in enumerate(placements):
            if k % CLOCK_STEP == 0:
                check_clock(self.deadline)
            flat.extend(r * self.width + c for r, c in cells)
            sizes.append(len(cells))
        first = self.top + 1
        self.owners(np.zeros(len(sizes), dtype=np.int64), np.array(sizes, dtype=np.int64),
                    np.array(flat, dtype=np.int64), count=1)
        return list(range(first, self.top + 1))

    def owners(self, owner_of: np.ndarray, sizes: np.ndarray, cells: np.ndarray,
               count: int) -> None:
        """Add ``count`` owners at once: placement ``k`` belongs to new owner
        ``owner_of[k]`` (``0..count-1``, non-decreasing: an owner's placements together)
        and holds the next ``sizes[k]`` flat cell indices of ``cells``; its variable is the
        next one."""
        owner_of = np.asarray(owner_of, dtype=np.int32)
        check_clock(self.deadline)
        if len(owner_of) and (np.diff(owner_of) < 0).any():
            raise ValueError("an owner's placements come together (owner_of non-decreasing)")
        bounds = np.searchsorted(owner_of, np.arange(count + 1)) + self.top + 1
        self._ranges += list(zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True))
        self._owner_of.append(owner_of + len(self._ranges) - count)
        self._sizes.append(np.asarray(sizes, dtype=np.int32))
        self._cells.append(np.asarray(cells, dtype=np.int32))
        self.top += len(owner_of)
        self._arrays = None

    def _joined(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every placement's owner, its cells' start in the flat cells, the flat cells."""
        if self._arrays is None:
            empty = np.zeros(0, dtype=np.int32)
            sizes = np.concatenate([empty, *self._sizes])
            starts = np.concatenate([[0], np.cumsum(sizes, dtype=np.int64)])
            owner_of = np.concatenate([empty, *self._owner_of])
            cells = np.concatenate([empty, *self._cells])
            # one chunk from now on: the pieces are not kept twice
            self._owner_of, self._sizes, self._cells = [owner_of], [sizes], [cells]
            self._arrays = (owner_of, starts, cells)
        return self._arrays

    @property
    def owner_variables(self) -> list[list[int]]:
        """The placement variables of each owner."""
        return [list(range(first, last)) for first, last in self._ranges]

    def cells_of(self, var: int) -> list[Cell]:
        """The cells of placement variable ``var``."""
        _, starts, cells = self._joined()
        return [divmod(int(k), self.width) for k in cells[starts[var - 1]:starts[var]]]

    def add(self, clauses: Iterable[Clause]) -> None:
        """A genre's own clauses over the placement variables."""
        check_clock(self.deadline)
        self.clauses.extend(list(clause) for clause in clauses)

    def _covering(self) -> list[list[int]]:
        """The placement variables over each cell, row-major (built in steps, with a look
        at the clock and the memory budget between two)."""
        _, starts, cells = self._joined()
        order = np.argsort(cells, kind="stable")
        check_clock(self.deadline)
        edges = np.searchsorted(cells[order], np.arange(self.width * self.height + 1))
        by_cell = np.repeat(np.arange(1, self.top + 1, dtype=np.int32),
                            np.diff(starts))[order]
        del order
        out: list[list[int]] = []
        size = self.width * self.height
        for first in range(0, size, CLOCK_STEP * 16):
            check_clock(self.deadline)
            last = min(first + CLOCK_STEP * 16, size)
            part = by_cell[edges[first]:edges[last]].tolist()
            base = int(edges[first])
            out += [part[a - base:b - base] for a, b in
                    zip(edges[first:last].tolist(), edges[first + 1:last + 1].tolist(),
                        strict=True)]
        return out

    def covering(self, cell: Cell) -> list[int]:
        """The placement variables whose cells hold ``cell``."""
        r, c = cell
        return self._covering()[r * self.width + c]

    def counts(self) -> list[tuple[list[int], int]]:
        """Exactly one placement per owner, then exactly one covering placement per cell
        (row-major), leaving out the groups that are empty (see :meth:`encoding`). Listed
        in steps of ``CLOCK_STEP`` groups with a look at the clock and the memory budget
        between two: these lists, not the rectangles' arrays, are most of an encoding's
        memory (a 1000x1000 Shikaku of 500,000 numbers: about 250 MB of them)."""
        out: list[tuple[list[int], int]] = []
        ranges = self._ranges
        for start in range(0, len(ranges), CLOCK_STEP):
            check_clock(self.deadline)
            out += [(list(range(first, last)), 1)
                    for first, last in ranges[start:start + CLOCK_STEP] if last > first]
        covering = self._covering()
        for start in range(0, len(covering), CLOCK_STEP * 16):
            check_clock(self.deadline)
            out += [(vars_, 1) for vars_ in covering[start:start + CLOCK_STEP * 16] if vars_]
        return out

    def impossible(self) -> bool:
        """True when some owner has no placement or some cell none covering it."""
        _, _, cells = self._joined()
        return any(last == first for first, last in self._ranges) or len(
            np.unique(cells)) < self.width * self.height

    def labels(self, values: np.ndarray) -> np.ndarray:
        """The label grid of a model (``values[v]``: the truth of variable ``v``): each
        cell the owner of the chosen placement that covers it, -1 where none does (a
        model of the encoding has none such)."""
        owner_of, starts, cells = self._joined()
        chosen = np.asarray(values[1:self.top + 1], dtype=bool)
        taken = np.repeat(chosen, np.diff(starts))
        labels = np.full(self.width * self.height, -1, dtype=np.int32)
        labels[cells[taken]] = np.repeat(owner_of, np.diff(starts))[taken]
        return labels.reshape(self.height, self.width)

    def encoding(self, decode: Callable[[np.ndarray], Answer]) -> ShadingEncoding[Answer]:
        """The exact cover as the shared runs take it; ``decode`` turns a model's label
        grid (:meth:`labels`) into the genre's answer."""
        check_clock(self.deadline)
        clauses = list(self.clauses)
        top = self.top
        if self.impossible():
            top += 1
            clauses += [[top], [-top]]
        answer: list[int] = []
        for first in range(1, self.top + 1, CLOCK_STEP * 16):  # millions of placements
            check_clock(self.deadline)
            answer += range(first, min(first + CLOCK_STEP * 16, self.top + 1))

        def decode_model(values: np.ndarray) -> Answer:
            return decode(self.labels(values))

        return ShadingEncoding(top, clauses, self.counts(),
                               grid_graph(self.width, self.height, deadline=self.deadline),
                               [], answer, decode_model)
