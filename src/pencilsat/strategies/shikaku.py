"""Shikaku strategies: ``cover`` (the default, CNF on one incremental PySAT solver) and
``cover-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.shikaku` (an exact cover of candidate rectangles, every
rule a count) and hand it to the one uniqueness procedure through the shared runs of
:mod:`~pencilsat.strategies.connected_runs` (no connectivity requirement, so no cuts): on
CNF MiniCard takes the exactly-one counts natively (on another ``--sat-solver`` they are
written by :func:`~pencilsat.encodings.partition.exactly_one_clauses`, a quarter of the time
of the totalizer the shading genres take), on CP-SAT they are linear sums. Every rule is a
clause, so the ``complete_cnf`` is the certificate's formula too (no ``certify_cnf``).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.connectivity import Clause
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.partition import exactly_one_clauses
from pencilsat.encodings.shikaku import build
from pencilsat.puzzles.shikaku import ShikakuPuzzle, ShikakuSolution
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    ConnectedModel,
    run_shading_cpsat,
    shading_model,
    solve_on_pysat,
)

DEFAULT_SOLVER = "minicard"
"""The ``cover`` strategy's SAT solver: CPU per puzzle on every 8th janko, median / max,
6.0 / 12 ms on MiniCard (native counts) against 9.1 / 24 ms on CaDiCaL with
``exactly_one_clauses``."""


def _exactly_one(model: ConnectedModel, deadline: float | None) -> tuple[list[Clause], int]:
    return exactly_one_clauses(model.counts, model.num_vars, deadline)


def run_cnf(puzzle: ShikakuPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver: MiniCard unless ``sat_solver``,
    which takes every exactly-one natively (no clause, no auxiliary variable); on another
    solver they are :func:`~pencilsat.encodings.partition.exactly_one_clauses`."""
    deadline = deadline_of(time_limit)
    result = solve_on_pysat(puzzle, lambda: shading_model(build(puzzle, deadline=deadline)),
                            _exactly_one, solver_name=pysat_name(sat_solver, DEFAULT_SOLVER),
                            deadline=deadline, grown_cuts=GROWN_CUTS)
    result.stats.encoding = "cover"  # the shared run names itself "lazy"; nothing is lazy here
    return result


def run_cpsat(puzzle: ShikakuPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model (the counts as linear sums)."""
    result = run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                               time_limit=time_limit)
    result.stats.encoding = "cover-cpsat"
    return result


def complete_cnf(puzzle: ShikakuPuzzle) -> ClauseEncoding:
    """The exact cover as one fixed clause list, the ``cover`` run's own clauses (the
    counts as :func:`~pencilsat.encodings.partition.exactly_one_clauses`), for ``pencilsat
    study`` and certificates."""
    encoding = build(puzzle)
    counts, top = exactly_one_clauses(encoding.sizes, encoding.num_vars)

    def decode(true: set[int]) -> ShikakuSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("complete", top, [*encoding.clauses, *counts],
                          list(encoding.answer), decode)
