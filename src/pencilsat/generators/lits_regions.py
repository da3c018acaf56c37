"""LITS regions around fixed tetrominoes as a CP-SAT model, and second answers ruled out
on its borders (:mod:`~pencilsat.generators.lits`).

- Each tetromino's cells are its region's; every other cell takes one region among those
  whose tetromino it can reach through unshaded cells within ``DEPTH`` steps.
- Each region is connected: an unshaded cell has a parent beside it in its region, one step
  nearer its tetromino (a depth of at most ``DEPTH``).
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

from pencilsat.backends.cpsat_session import CpSatSession
from pencilsat.core.values import Cell
from pencilsat.generators.lits_answer import Piece, neighbours, tilings

DEPTH = 6
"""Steps from an unshaded cell to its region's tetromino at most (compact regions)."""
TILINGS = 64
"""Tilings of a second answer's shading ruled out at most (a chain has a few)."""

Literal = Any
"""A CP-SAT literal, or ``True`` / ``False``."""


def labels_of(pieces: list[Piece], width: int, height: int) -> np.ndarray:
    """Per cell the index of its tetromino, ``-1`` for an unshaded cell."""
    labels = np.full((height, width), -1, dtype=np.int64)
    for k, (_, cells) in enumerate(pieces):
        for cell in cells:
            labels[cell] = k
    return labels


LIGHT = {"cp_model_probing_level": 0, "symmetry_level": 0, "linearization_level": 0}
"""CP-SAT's probing, symmetry detection and linear relaxation off: the model is solved
again for every second answer, a feasibility search from a hint; without them a solve took
half the CPU (10x10 seeds 3-4: 25 and 19.5 ms against 13 and 10.9 ms)."""


class PartitionModel:
    """The regions around ``pieces`` (module docstring): ``solve`` gives a partition's labels
    (region ``k`` holds ``pieces[k]``), ``rule_out`` a second answer, ``hint`` a start."""

    def __init__(self, pieces: list[Piece], width: int, height: int, seed: int) -> None:
        from ortools.sat.python import cp_model

        self.width, self.height = width, height
        self.owner = labels_of(pieces, width, height)
        model = self.model = cp_model.CpModel()
        reach = _reach(self.owner, len(pieces))
        self.x: dict[tuple[Cell, int], Any] = {}
        for cell, regions in reach.items():
            for k in regions:
                self.x[cell, k] = model.new_bool_var("")
            model.add_exactly_one(self.x[cell, k] for k in regions)
        self.apart: dict[tuple[Cell, Cell], Literal] = {}
        for r in range(height):
            for c in range(width):
                for b in ((r + 1, c), (r, c + 1)):
                    if b[0] < height and b[1] < width:
                        self.apart[(r, c), b] = self._apart_literal((r, c), b)
        depth = {cell: model.new_int_var(1, DEPTH, "") for cell in reach}
        for cell in reach:
            parents = []
            for n in neighbours(cell, height, width):
                together = self._negated(self._apart(cell, n))
                if together is False:
                    continue
                parent = model.new_bool_var("")
                parents.append(parent)
                if together is not True:
                    model.add_implication(parent, together)
                if n in depth:
                    model.add(depth[cell] >= depth[n] + 1).only_enforce_if(parent)
            model.add_exactly_one(parents)
        self.session = CpSatSession(model, parameters={"random_seed": seed, **LIGHT})

    def _apart_literal(self, a: Cell, b: Cell) -> Literal:
        ka, kb = int(self.owner[a]), int(self.owner[b])
        if ka >= 0 and kb >= 0:
            return ka != kb
        if ka >= 0 or kb >= 0:
            free, k = (b, ka) if ka >= 0 else (a, kb)
            return ~self.x[free, k] if (free, k) in self.x else True
        apart = self.model.new_bool_var("")
        regions = {k for (cell, k) in self.x if cell in (a, b)}
        for k in regions:
            xa, xb = self.x.get((a, k)), self.x.get((b, k))
            if xa is not None and xb is not None:
                self.model.add_bool_or([~xa, xb, apart])
                self.model.add_bool_or([xa, ~xb, apart])
                self.model.add_bool_or([~xa, ~xb, ~apart])
            else:
                alone = xb if xa is None else xa
                assert alone is not None  # k is listed for a or for b
                self.model.add_implication(alone, apart)
        return apart

    def _apart(self, a: Cell, b: Cell) -> Literal:
        return self.apart[min(a, b), max(a, b)]

    @staticmethod
    def _negated(literal: Literal) -> Literal:
        return (not literal) if isinstance(literal, bool) else ~literal

    def hint(self, labels: np.ndarray) -> None:
        """Start the next solve from ``labels``."""
        self.model.clear_hints()
        for (cell, k), var in self.x.items():
            self.model.add_hint(var, int(labels[cell] == k))

    def solve(self) -> np.ndarray | None:
        """A partition's region labels, or ``None``: no partition is left."""
        if not self.session.solve(None):
            return None
        labels = self.owner.copy()
        for (cell, k), var in self.x.items():
            if self.session.solver.boolean_value(var):
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
                self.model.add_bool_or(clause)


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
            for n in neighbours(cell, height, width):
                if owner[n] < 0 and n not in seen:
                    seen[n] = seen[cell] + 1
                    out[n].append(k)
                    queue.append(n)
    return out
