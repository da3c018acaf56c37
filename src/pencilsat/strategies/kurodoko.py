"""Kurodoko strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.kurodoko` and hand a lazy connectivity search over the
unshaded cells to the one uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``):
on CNF each number's sight is order-encoded sums of its four runs
(:mod:`~pencilsat.encodings.unary`), on CP-SAT one linear sum over them.
"""

from __future__ import annotations

from typing import Any

from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.kurodoko import build
from pencilsat.puzzles.kurodoko import KurodokoPuzzle
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)


def run_cnf(puzzle: KurodokoPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts)


def run_cpsat(puzzle: KurodokoPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                            sight_counts=True),
                             time_limit=time_limit, grown_cuts=grown_cuts)


def memory_cpsat(puzzle: KurodokoPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy-cpsat``: 120 MB and 9 KB per cell (28 November 2026,
    a 7 on every 4th cell of every 4th row: 205 MB at 100x100, 459 MB at 200x200, the
    interpreter with OR-Tools loaded 96 MB), so a 1000x1000 grid is refused under the
    default 4 GiB budget rather than built for many seconds."""
    return 120 * 2**20 + 9_000 * puzzle.width * puzzle.height


def certify_cnf(puzzle: Any) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
