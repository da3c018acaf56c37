"""The Sudoku variants' clause lists on CP-SAT: a complete :class:`ClauseEncoding` (every
rule a clause) loaded as Boolean ORs into one CP-SAT model through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.solve_on_cpsat`, no connectivity, so no cut),
with linear sums beside the clauses where a caller gives them (each digit literal repeated
by its value; no genre does since 2026-12-01: Killer's, Kakuro's and Skyscrapers' sums only
cost CPU beside their complete clauses, docs/encodings.md). Proved unique by the one
uniqueness procedure."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.encodings.connectivity import Graph
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.strategies.connected_runs import ConnectedModel, solve_on_cpsat

Sums = Sequence[tuple[Sequence[int], int]]


def run_on_cpsat(puzzle: object, build: Callable[[], tuple[ClauseEncoding, Sums]],
                 time_limit: float | None) -> SolveResult:
    """Solve and prove ``build()``'s clauses (and sums) on CP-SAT."""

    def model() -> ConnectedModel:
        encoding, sums = build()

        def decode(values: np.ndarray) -> object:
            return encoding.decode(set(np.flatnonzero(values).tolist()))

        return ConnectedModel(encoding.clauses, encoding.num_vars, sums, Graph(()), (),
                              encoding.answer, decode)

    result = solve_on_cpsat(puzzle, model, deadline=deadline_of(time_limit), grown_cuts=0)
    result.stats.encoding = "cpsat"
    return result
