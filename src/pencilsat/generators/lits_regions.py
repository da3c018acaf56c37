"""LITS regions around fixed tetrominoes as a SAT model on one incremental solver, and
second answers ruled out on its borders (:mod:`~pencilsat.generators.lits`).

- Each tetromino's cells are its region's; every other cell takes one region among those
  whose tetromino it can reach through unshaded cells within ``DEPTH`` steps.
- Each region is connected: an unshaded cell has a parent beside it in its region, one step
  nearer its tetromino (a depth of at most ``DEPTH``, order-encoded).
- ``apart`` per pair of cells side by side: true exactly when their regions differ.

A second answer B (a shading) is valid under a partition only if the partition cuts its
cells into tetrominoes with no two alike side by side: for each such tiling (at most
``TILINGS``), a clause "a border inside one of its tetrominoes, or none between two of
them" (one region would hold eight of B's cells). Two tetrominoes in one region without
touching are not looked at, so a clause may ask a little more than B needs (measured: it
gave up no more answers than the exact condition).
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.core.values import Cell, grid_neighbours
from pencilsat.encodings.cardinality import direct_exactly_clauses
from pencilsat.generators.lits_answer import Piece, tilings
from pencilsat.generators.selector_trials import SAT_SOLVER

DEPTH = 6
"""Steps from an unshaded cell to its region's tetromino at most (compact regions)."""
TILINGS = 64
"""Tilings of a second answer's shading ruled out at most (a chain has a few)."""

Literal = Any
"""A PySAT literal, or ``True`` / ``False``."""


def labels_of(pieces: list[Piece], width: int, height: int) -> np.ndarray:
    """Per cell the index of its tetromino, ``-1`` for an unshaded cell."""
    labels = np.full((height, width), -1, dtype=np.int64)
    for k, (_, cells) in enumerate(pieces):
        for cell in cells:
            labels[cell] = k
    return labels


class PartitionModel:
    """The regions around ``pieces`` (module docstring) on one incremental PySAT solver:
    ``solve`` gives a partition's labels (region ``k`` holds ``pieces[k]``), ``rule_out`` a
    second answer (clauses added for good, the solver keeps what it learnt), ``hint`` the
    phases of the next solve. No seed: the clauses and the hints, drawn from the generator's
    seed, fix the path."""

    def __init__(self, pieces: list[Piece], width: int, height: int) -> None:
        from pysat.solvers import Solver

        self.width, self.height = width, height
        self.owner = labels_of(pieces, width, height)
        self.solver = Solver(name=SAT_SOLVER)
        self.top = 0
        reach = _reach(self.owner, len(pieces))
        self.x: dict[tuple[Cell, int], int] = {}
        for cell, regions in reach.items():
            for k in regions:
                self.x[cell, k] = self._new()
            self._exactly_one([self.x[cell, k] for k in regions])
        self.apart: dict[tuple[Cell, Cell], Literal] = {}
        for r in range(height):
            for c in range(width):
                for b in ((r + 1, c), (r, c + 1)):
                    if b[0] < height and b[1] < width:
                        self.apart[(r, c), b] = self._apart_literal((r, c), b)
        self._connect(reach)

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _exactly_one(self, literals: list[int]) -> None:
        clauses, self.top = direct_exactly_clauses([(literals, 1)], self.top)
        for clause in clauses:
            self.solver.add_clause(clause)

    def _connect(self, reach: dict[Cell, list[int]]) -> None:
        """Every unshaded cell has one parent beside it in its region, one step nearer:
        ``at_least[cell][j]`` (``j`` in ``2..DEPTH``) says its depth is ``j`` or more."""
        at_least = {cell: {j: self._new() for j in range(2, DEPTH + 1)} for cell in reach}
        for steps in at_least.values():
            for j in range(3, DEPTH + 1):
                self.solver.add_clause([-steps[j], steps[j - 1]])
        for cell in reach:
            parents = []
            for n in grid_neighbours(cell, self.height, self.width):
                together = self._negated(self._apart(cell, n))
                if together is False:
                    continue
                parent = self._new()
                parents.append(parent)
                if together is not True:
                    self.solver.add_clause([-parent, together])
                if n in at_least:
                    self.solver.add_clause([-parent, at_least[cell][2]])
                    for j in range(2, DEPTH):
                        self.solver.add_clause(
                            [-parent, -at_least[n][j], at_least[cell][j + 1]])
                    self.solver.add_clause([-parent, -at_least[n][DEPTH]])
            self._exactly_one(parents)

    def _apart_literal(self, a: Cell, b: Cell) -> Literal:
        ka, kb = int(self.owner[a]), int(self.owner[b])
        if ka >= 0 and kb >= 0:
            return ka != kb
        if ka >= 0 or kb >= 0:
            free, k = (b, ka) if ka >= 0 else (a, kb)
            return -self.x[free, k] if (free, k) in self.x else True
        apart = self._new()
        regions = {k for (cell, k) in self.x if cell in (a, b)}
        for k in regions:
            xa, xb = self.x.get((a, k)), self.x.get((b, k))
            if xa is not None and xb is not None:
                self.solver.add_clause([-xa, xb, apart])
                self.solver.add_clause([xa, -xb, apart])
                self.solver.add_clause([-xa, -xb, -apart])
            else:
                alone = xb if xa is None else xa
                assert alone is not None  # k is listed for a or for b
                self.solver.add_clause([-alone, apart])
        return apart

    def _apart(self, a: Cell, b: Cell) -> Literal:
        return self.apart[min(a, b), max(a, b)]

    @staticmethod
    def _negated(literal: Literal) -> Literal:
        return (not literal) if isinstance(literal, bool) else -literal

    def hint(self, labels: np.ndarray) -> None:
        """Start the next solve from ``labels`` (the solver's phases)."""
        self.solver.set_phases([var if labels[cell] == k else -var
                                for (cell, k), var in self.x.items()])

    def solve(self) -> np.ndarray | None:
        """A partition's region labels, or ``None``: no partition is left."""
        if not pysat_calls.solve_whole(self.solver):
            return None
        model = self.solver.get_model()
        labels = self.owner.copy()
        for (cell, k), var in self.x.items():
            if model[var - 1] > 0:
                labels[cell] = k
        return labels

    def rule_out(self, shaded: np.ndarray) -> None:
        """The shading ``shaded`` is no answer of any partition left (module docstring)."""
        for tiling in tilings(shaded, TILINGS):
            piece_of = {cell: k for k, (_, cells) in enumerate(tiling) for cell in cells}
            clause = []
            for (a, b), apart in self.apart.items():
                if a in piece_of and b in piece_of:
                    literal = apart if piece_of[a] == piece_of[b] else self._negated(apart)
                    if literal is True:
                        break
                    if literal is not False:
                        clause.append(literal)
            else:
                self.solver.add_clause(clause)


def _reach(owner: np.ndarray, count: int) -> dict[Cell, list[int]]:
    """Per unshaded cell the tetrominoes it reaches through unshaded cells within
    ``DEPTH`` steps."""
    height, width = owner.shape
    out: dict[Cell, list[int]] = {(int(r), int(c)): [] for r, c in np.argwhere(owner < 0)}
    for k in range(count):
        start = [(int(r), int(c)) for r, c in np.argwhere(owner == k)]
        seen = dict.fromkeys(start, 0)
        queue = deque(start)
        while queue:
            cell = queue.popleft()
            if seen[cell] == DEPTH:
                continue
            for n in grid_neighbours(cell, height, width):
                if owner[n] < 0 and n not in seen:
                    seen[n] = seen[cell] + 1
                    out[n].append(k)
                    queue.append(n)
    return out
