"""Spiral Galaxies strategies: ``lazy`` (the default, CNF on one incremental PySAT solver)
and ``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.galaxies` (a label per centre, one variable per
mirror pair of cells, exactly one label per cell) and hand it to the one uniqueness
procedure through the shared runs of :mod:`~pencilsat.strategies.connected_runs`: each
galaxy's connectivity by lazy cuts around its pieces. On CNF MiniCard takes the
exactly-one counts natively (another ``--sat-solver`` gets
:func:`~pencilsat.encodings.partition.exactly_one_clauses`); on CP-SAT they are linear
sums. ``complete_cnf`` writes connectivity as ranked parents (a fixed clause list for
``pencilsat study``); ``certify_cnf`` is the ``lazy`` run's clauses with the requirements
its cuts stand for.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.connectivity import Clause
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.galaxies import build
from pencilsat.encodings.partition import exactly_one_clauses
from pencilsat.encodings.region_labels import connected_clauses
from pencilsat.puzzles.galaxies import GalaxiesPuzzle, GalaxiesSolution
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    ConnectedModel,
    certifiable,
    run_shading_cpsat,
    shading_model,
    solve_on_pysat,
)

DEFAULT_SOLVER = "minicard"
"""The ``lazy`` strategy's SAT solver (native exactly-one counts)."""


def _exactly_one(model: ConnectedModel, deadline: float | None) -> tuple[list[Clause], int]:
    return exactly_one_clauses(model.counts, model.num_vars, deadline)


def run_cnf(puzzle: GalaxiesPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``),
    each galaxy connected by lazy cuts."""
    deadline = deadline_of(time_limit)
    return solve_on_pysat(puzzle, lambda: shading_model(build(puzzle, deadline=deadline)),
                          _exactly_one, solver_name=pysat_name(sat_solver, DEFAULT_SOLVER),
                          deadline=deadline, grown_cuts=GROWN_CUTS)


def run_cpsat(puzzle: GalaxiesPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model (the counts as linear sums), solved again after
    each batch of cuts."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit)


def complete_cnf(puzzle: GalaxiesPuzzle) -> ClauseEncoding:
    """The rules as one fixed clause list (the counts as
    :func:`~pencilsat.encodings.partition.exactly_one_clauses`, every galaxy connected by
    :func:`~pencilsat.encodings.region_labels.connected_clauses`), for ``pencilsat
    study``."""
    encoding = build(puzzle)
    counts, top = exactly_one_clauses(encoding.sizes, encoding.num_vars)
    connected, top = connected_clauses(encoding.graph, encoding.requirements, top)

    def decode(true: set[int]) -> GalaxiesSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("complete", top, [*encoding.clauses, *counts, *connected],
                          list(encoding.answer), decode)


def certify_cnf(puzzle: GalaxiesPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses (the counts written as
    clauses) and the galaxies' connectivity its cuts stand for."""
    return certifiable(lambda: shading_model(build(puzzle)), _exactly_one)
