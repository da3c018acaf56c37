"""Second answers of Nurikabe layouts on one incremental PySAT solver, numbers as assumptions.

The generator asks, dozens of times per drawn answer, whether a layout of numbers has an
answer besides ours; a ``lazy`` build per layout costs 45-100 ms at 10x10. Here one solver
holds a *superset* encoding, every number that may be placed a candidate switched by an
assumption: moving a number changes assumptions, not the solver.

A candidate is a cell and a size n (the size of the island holding that cell in the answer
asked about). Its literal ``x[v][v]`` says "the number n stands on v"; its labels
``x[c][v]`` ("c lies in that number's island") exist for the cells within n - 1 steps,
with the rules of :mod:`pencilsat.encodings.nurikabe` under that literal:

- a label implies the candidate is on (all its labels are off otherwise) and its cell
  unshaded; an unshaded neighbour of a labelled cell has the label (a neighbour out of
  reach is shaded); labels are within n - 1 steps along the island (distance layers,
  :func:`~pencilsat.encodings.reachability.distance_layers`), and exactly n of them are on
  (a cardinality whose clauses all carry "or the candidate is off");
- ``number[c]`` (assumed per layout) says a number stands on c: no other candidate's island
  holds c or a cell next to it, so two numbers never share an island.

Rules that do not depend on the numbers are plain clauses: no 2x2 block is all shaded, and
the wall is connected (parent pointers, :func:`~pencilsat.encodings.reachability.parent_pointers`,
and the lazy cuts of :mod:`~pencilsat.strategies.connected_search`, valid under every
layout, so they stay). Two rules change and are written under a guard literal, assumed
while they hold and retired (its negation added) once they do not: "every unshaded cell has
a label" (it lists every candidate's label of the cell: rewritten when a candidate comes
in, which it does the first time a layout places it) and "not our answer" (rewritten when
the answer changes). UNSAT under a layout's assumptions: ours is its only answer; else the
model (its wall cut until connected) is a second answer the rule checker accepts.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pencilsat.backends.bulk_load import clause_adder
from pencilsat.core.values import Cell
from pencilsat.encodings.cardinality import count_clauses
from pencilsat.encodings.connectivity import (
    Clause,
    ConnectivityCuts,
    Requirement,
    grid_graph,
    steps_within,
)
from pencilsat.encodings.reachability import distance_layers, parent_pointers
from pencilsat.encodings.shading import no_full_blocks
from pencilsat.puzzles.nurikabe import NurikabeSolution
from pencilsat.strategies.connected_search import ConnectedSearch

SAT_SOLVER = "minisat22"
"""MiniSat 2.2: on 10 seeds of level 3 at 10x10, a median 0.58 s of CPU per puzzle kept
(Glucose 4 0.55 s, CaDiCaL 1.95 0.99 s: it spends more per call on these small solves)."""
GROWN_CUTS = 2
"""Grown regions per wall cut, as the ``lazy`` strategy's (``strategies.nurikabe``)."""


class LayoutTrials:
    """Second answers of number layouts on one answer's islands (module docstring); the
    answer may change (:meth:`set_answer`), the solver keeps what it learnt."""

    def __init__(self, width: int, height: int) -> None:
        from pysat.solvers import Solver

        self.width, self.height = width, height
        cells = width * height
        self.graph = grid_graph(width, height)
        self.solver = Solver(name=SAT_SOLVER)
        self._add = clause_adder(self.solver)
        self.shaded = np.arange(1, cells + 1, dtype=np.int64)
        self.number = np.arange(cells + 1, 2 * cells + 1, dtype=np.int64)
        self.top = 2 * cells
        for clause in no_full_blocks(self.shaded.reshape(height, width)).tolist():
            self._add(clause)
        clauses, self.top = parent_pointers(self.graph, self.shaded.tolist(), None, self.top)
        for clause in clauses:  # pointers on the wall: fewer cut rounds (mean 0.83 s, 1.12 without)
            self._add(clause)
        self.on: dict[tuple[int, int], int] = {}
        """(cell, size) -> the candidate's literal."""
        self.cell_labels: list[list[int]] = [[] for _ in range(cells)]
        self._covered = 0
        """Candidates the current "every unshaded cell has a label" guard lists."""
        self._guards: dict[str, int] = {}
        self.ours: np.ndarray | None = None
        cuts = ConnectivityCuts(self.graph, [Requirement(self.shaded.copy(), None, "wall")],
                                grow=GROWN_CUTS)
        self.search = ConnectedSearch(self.solver, cuts, self.shaded.tolist(), None)
        self.calls = 0

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self) -> LayoutTrials:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _guard(self, name: str, clauses: list[Clause]) -> None:
        """``clauses`` under a fresh guard named ``name``; the one it replaces is retired."""
        old = self._guards.get(name)
        if old is not None:
            self._add([-old])
        guard = self._new()
        self._guards[name] = guard
        for clause in clauses:
            self._add([-guard, *clause])

    def set_answer(self, labels: np.ndarray, wall: int) -> None:
        """The answer asked about from now on: ``labels`` as
        :func:`~pencilsat.generators.nurikabe_answer.draw_islands` gives them (``wall``:
        their wall label)."""
        ours = labels.ravel() == wall
        self.ours = ours
        self._guard("other", [[-int(s) if on else int(s)
                               for s, on in zip(self.shaded.tolist(), ours.tolist(),
                                                strict=True)]])

    def _candidate(self, v: int, size: int) -> None:
        """The literal, labels and rules of the number ``size`` on cell ``v``."""
        graph = self.graph
        shaded, number = self.shaded, self.number
        distance = steps_within(graph, [v], size - 1, lambda _: True)
        on = self._new()
        self.on[(v, size)] = on
        label = {c: (on if c == v else self._new()) for c in distance}
        add = self._add
        add([-on, int(number[v])])
        for c, x in label.items():
            self.cell_labels[c].append(x)
            add([-x, -int(shaded[c])])
            if c != v:
                add([-x, on])
                add([-x, -int(number[c])])
            for n in graph.neighbours[c]:
                add([-x, int(shaded[n]), label[n]] if n in label else [-x, int(shaded[n])])
                if n != v:  # it would join that number's island: said outright, 10% faster
                    add([-x, -int(number[n])])
        others = [x for c, x in label.items() if c != v]
        if size >= 2:
            clauses, self.top = count_clauses(others, size - 1, size - 1, self.top)
            for clause in clauses:
                add([-on, *clause])
        if size >= 3:
            clauses, self.top = distance_layers(graph, label, v, distance, size - 1, self.top)
            for clause in clauses:
                add(clause)

    def second(self, numbers: Mapping[int, Cell], sizes: Mapping[int, int]
               ) -> NurikabeSolution | None:
        """An answer other than ours of the layout with island ``i``'s number ``sizes[i]`` on
        cell ``numbers[i]``, or ``None`` when ours is its only one."""
        assert self.ours is not None, "set_answer first"
        width = self.width
        placed = {r * width + c: sizes[i] for i, (r, c) in numbers.items()}
        for key in placed.items():
            if key not in self.on:
                self._candidate(*key)
        if self._covered != len(self.on):
            self._covered = len(self.on)
            self._guard("covered", [[int(self.shaded[c]), *lits]
                                    for c, lits in enumerate(self.cell_labels)])
        assumptions = [self._guards["covered"], self._guards["other"]]
        assumptions += [lit if placed.get(v) == size else -lit
                        for (v, size), lit in self.on.items()]
        assumptions += [int(lit) if v in placed else -int(lit)
                        for v, lit in enumerate(self.number.tolist())]
        self.search.assumptions = assumptions
        self.calls += 1
        found = self.search.next_answer()
        if found is None:
            return None
        return NurikabeSolution(np.array(found, dtype=bool).reshape(self.height, width))
