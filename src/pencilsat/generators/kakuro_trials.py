"""Kakuro's fill search asks, each round, whether the fill's sums pin it: here on one
incremental PySAT solver per layout.

Building the puzzle with the fill's sums and proving it by the default strategy (narrowing,
cage clauses, a fresh solver) spent five sixths of a 12x12's CPU, round after round on one
layout whose sums change only where the fill changed. Here the layout's clauses without
sums (one digit per cell, distinct digits in a run) go in once; "run ``i`` adds up to
``s``" goes in the first time it is asked, under a selector of its own, and is kept for
later rounds; "some digit differs from this fill" goes in under the round's selector, set
false for good after the round. A round is one solve under the selectors of the fill's
sums and of its difference, phases on the fill (the nearest other fill first), an answer
not forbidden yet: the one uniqueness procedure's second step.
"""

from __future__ import annotations

from collections.abc import Sequence

from pencilsat.backends import pysat_calls
from pencilsat.backends.bulk_load import load_clauses
from pencilsat.core.values import Cell
from pencilsat.encodings.cage_sums import sum_clauses
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.puzzles.kakuro import KakuroPuzzle, KakuroSolution

SOLVER = "cadical195"


class FillTrials:
    """Other fills of one ``layout`` (a Kakuro with no sum) with the sums of a fill;
    ``encoding`` is the layout's complete clause list, ``digit`` its literals by cell and
    digit (:mod:`~pencilsat.encodings.kakuro`)."""

    def __init__(self, layout: KakuroPuzzle, encoding: ClauseEncoding,
                 digit: dict[Cell, dict[int, int]]) -> None:
        self.encoding, self.digit = encoding, digit
        self.runs = [list(run.cells) for run in layout.runs()]
        from pysat.solvers import Solver

        self.top = encoding.num_vars
        self.solver = Solver(name=SOLVER)
        load_clauses(self.solver, encoding.clauses)
        self.sums: dict[tuple[int, int], int] = {}
        """The selector of "run ``i`` adds up to ``s``", by ``(i, s)``."""

    def other(self, fill: KakuroSolution) -> KakuroSolution | None:
        """Another fill with every run's sum of ``fill``; ``None``: ``fill`` is the only
        one."""
        assumptions = [self._sum(i, sum(int(fill.grid[cell]) for cell in cells))
                       for i, cells in enumerate(self.runs)]
        held = [self.digit[cell][int(fill.grid[cell])] for cell in self.digit]
        differs = self._new_var()
        self.solver.add_clause([-differs, *(-lit for lit in held)])
        self.solver.set_phases(held)
        found = pysat_calls.solve_whole(self.solver, [*assumptions, differs])
        model = self.solver.get_model() if found else None
        self.solver.add_clause([-differs])
        if model is None:
            return None
        other: KakuroSolution = self.encoding.decode({lit for lit in model if lit > 0})
        return other

    def close(self) -> None:
        self.solver.delete()

    def _new_var(self) -> int:
        self.top += 1
        return self.top

    def _sum(self, run: int, total: int) -> int:
        key = (run, total)
        if key not in self.sums:
            selector = self._new_var()
            cells = [self.digit[cell] for cell in self.runs[run]]
            clauses: Sequence[list[int]] = sum_clauses(cells, total, self._new_var)
            load_clauses(self.solver, [[-selector, *clause] for clause in clauses])
            self.sums[key] = selector
        return self.sums[key]
