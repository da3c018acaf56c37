"""Tents strategies: ``cnf`` (the default, one incremental PySAT solver) and ``cpsat``.

Both strategies build :mod:`pencilsat.encodings.tents` and hand it to the shared runs of
:mod:`~pencilsat.strategies.connected_runs`, which here have no connectivity to cut: the
answer search solves, the one uniqueness procedure forbids the tents found and solves again.
On CNF the row and column counts are native cardinality constraints of MiniCard
(``DEFAULT_SAT_SOLVER``), or sequential counters (``COUNT_ENCODING``) on a solver without
them; CP-SAT takes them as linear sums.
"""

from __future__ import annotations

from pencilsat.core.result import SolveResult
from pencilsat.encodings.tents import build
from pencilsat.puzzles.tents import TentsPuzzle
from pencilsat.strategies.connected_runs import run_shading_cnf, run_shading_cpsat, written_counts

DEFAULT_SAT_SOLVER = "minicard"
"""A Tents model is small and easy (a few thousand clauses, a handful of conflicts), so
building and loading it dominate: MiniCard (MiniSat 2.2 with native at-most constraints)
takes each count as two constraints instead of hundreds of clauses, which halved the total
time of every 60th janko puzzle against MiniSat 2.2 with sequential counters."""
COUNT_ENCODING = "seqcounter"
"""The counts' cardinality encoding on a solver without native ones (``--sat-solver``): the
sequential counter writes about 40 % fewer clauses than the k-modulo totalizer on these
short lines (12x12 janko: 708 against 1,239)."""


def run_cnf(puzzle: TentsPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=0,
                           default_solver=DEFAULT_SAT_SOLVER,
                           count_clauses=written_counts(COUNT_ENCODING), name="cnf")


def run_cpsat(puzzle: TentsPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after the answer is forbidden."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                             time_limit=time_limit, grown_cuts=0, name="cpsat")
