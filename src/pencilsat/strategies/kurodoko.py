"""Kurodoko strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.kurodoko` and hand a lazy connectivity search over the
unshaded cells to the one uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``).
``lazy`` runs on MiniCard, each number's sight one native count over its four runs' sight
literals (no auxiliary variable, nothing to write but the runs: a median janko puzzle
loads 2 to 3 times fewer clauses and decides in half the CPU of the order-encoded sums on
CaDiCaL, though with more conflicts); on a solver without native counts (``sat_solver``)
the sight is order-encoded sums (:mod:`~pencilsat.encodings.unary`), which propagate
without conflicts where a count written as clauses would not. CP-SAT takes one linear sum.
"""

from __future__ import annotations

from typing import Any

from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.kurodoko import build
from pencilsat.puzzles.kurodoko import KurodokoPuzzle
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    NATIVE_CARDINALITY,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)

DEFAULT_SAT_SOLVER = "minicard"
"""``lazy``'s solver: 2.2x less CPU than CaDiCaL 1.9.5 with the sums, in the median of every
2nd janko and Tatham puzzle (2.3 against 5.1 ms; GlueCard 4 and 3 2.8 and 2.7 ms), and
less in the largest (65 against 101 ms, 2026-11-29)."""


def run_cnf(puzzle: KurodokoPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``):
    the sight as native counts on a solver that has them, else as order-encoded sums."""
    native = pysat_name(sat_solver, DEFAULT_SAT_SOLVER) in NATIVE_CARDINALITY
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                          sight_counts=native),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts,
                           default_solver=DEFAULT_SAT_SOLVER)


def run_cpsat(puzzle: KurodokoPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts, without
    CP-SAT's presolve (every 2nd janko, CPU, 2026-12-01: median 20 against 26 ms, max 0.36
    against 0.53 s; the sight as clauses instead of sums: median 39 ms, max 0.84 s;
    docs/encodings.md)."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                            sight_counts=True),
                             time_limit=time_limit, grown_cuts=grown_cuts, presolve=False)


def memory_cpsat(puzzle: KurodokoPuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy-cpsat``: 120 MB and 9 KB per cell (28 November 2026,
    a 7 on every 4th cell of every 4th row: 205 MB at 100x100, 459 MB at 200x200, the
    interpreter with OR-Tools loaded 96 MB), so a 1000x1000 grid is refused under the
    default 4 GiB budget rather than built for many seconds."""
    return 120 * 2**20 + 9_000 * puzzle.width * puzzle.height


def certify_cnf(puzzle: Any) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's rules and its connectivity rule, the
    sight as order-encoded sums (the clauses ``lazy`` loads on a solver without native
    counts; a certificate's checker reads clauses only)."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
