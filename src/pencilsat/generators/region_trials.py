"""Region pinning's uniqueness trials on one incremental PySAT solver.

:mod:`~pencilsat.generators.region_pinning` moves one border cell per trial and asks again
whether its answer is the only one. Proving each layout afresh by the genre's strategy
(encode, find an answer, forbid it, look for another) spent seven tenths of a Star Battle
15x15's CPU. Here the rules no region touches (Star Battle's row and column counts and
2x2 blocks, Norinori's dominoes) go in once, with "some cell differs from our answer"
(the known answer never changes); each region's count carries a selector literal, and a
region whose cells changed gets new count clauses under a new selector (the old one is
set false for good). A trial is the one uniqueness procedure
(``strategies.uniqueness.prove``) started from the known answer on
:class:`~pencilsat.generators.selector_trials.SelectorSearch`; the solver keeps what it
learnt about the rules from one trial to the next.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.generators.selector_trials import SAT_SOLVER, SelectorSearch
from pencilsat.generators.time_limit import unique_in_time
from pencilsat.strategies.uniqueness import prove

Clause = Sequence[int]


class RegionTrials:
    """Trials of region layouts against one shaded answer: ``rules`` the clauses over the
    cell variables ``1..W*H`` (row-major) and auxiliaries up to ``top``, ``per_region``
    shaded cells in every region."""

    def __init__(self, rules: Sequence[Clause], top: int, shaded: np.ndarray,
                 per_region: int) -> None:
        from pysat.solvers import Solver

        self.shaded = np.asarray(shaded, dtype=bool)
        self.cells = np.arange(1, self.shaded.size + 1).reshape(self.shaded.shape)
        self.per_region = per_region
        self.top = top
        self.solver = Solver(name=SAT_SOLVER)
        load_clauses(self.solver, [list(c) for c in rules])
        answer = np.where(self.shaded.ravel(), self.cells.ravel(), -self.cells.ravel())
        self.answer = answer.tolist()
        self.solver.set_phases(self.answer)
        self.search = SelectorSearch(self.solver, self.cells.ravel().tolist())
        self.counts: dict[tuple[int, ...], int] = {}
        """The selector of each region's count, by the region's cell variables."""

    def other(self, labels: np.ndarray) -> np.ndarray | None:
        """A second answer's shaded grid under the region layout ``labels``; ``None``: our
        answer is the only one."""
        regions = self._regions(labels)
        for gone in set(self.counts) - set(regions):
            self.solver.add_clause([-self.counts.pop(gone)])
        for region in regions:
            if region not in self.counts:
                self.counts[region] = self._count(region)
        self.search.assumptions = [self.counts[region] for region in regions]
        if unique_in_time(prove(self.search, known=self.answer)):
            return None
        model = self.search.model
        assert model is not None  # a second answer was found
        return np.array([model[v - 1] > 0 for v in self.cells.ravel().tolist()],
                        dtype=bool).reshape(self.shaded.shape)

    def close(self) -> None:
        self.solver.delete()

    def _regions(self, labels: np.ndarray) -> list[tuple[int, ...]]:
        flat, cells = np.asarray(labels).ravel(), self.cells.ravel()
        order = np.argsort(flat, kind="stable")
        bounds = np.flatnonzero(np.diff(flat[order])) + 1
        return [tuple(part.tolist()) for part in np.split(cells[order], bounds)]

    def _count(self, region: tuple[int, ...]) -> int:
        """A new selector and "exactly ``per_region`` of ``region``" under it."""
        self.top += 1
        selector = self.top
        clauses, self.top = exactly_clauses([(list(region), self.per_region)], self.top)
        load_clauses(self.solver, [[-selector, *clause] for clause in clauses])
        return selector
