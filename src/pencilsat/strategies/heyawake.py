"""Heyawake strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.heyawake` and hand a lazy connectivity search
(:mod:`~pencilsat.strategies.connected_search`) over the unshaded cells to the one
uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``run_shading_cpsat``). On
CNF the solver is MiniCard within a conflict budget (:data:`FIRST_SOLVER`,
:data:`FIRST_CONFLICTS`), then MiniSat 2.2 from the start (:data:`SAT_SOLVER`), the room
counts native "at most" constraints on MiniCard and clauses elsewhere (:data:`ROOM_COUNTS`),
the cuts
boundary cuts (the shaded cells are apart: no witness needed,
:func:`~pencilsat.encodings.connectivity.requirement_cuts`), each with ``GROWN_CUTS`` grown
regions once :data:`GROW_AFTER` models were cut;
CP-SAT takes the same count clauses, presolves once (the variables its presolve fixes
written out of the model) and solves the model again after each batch of cuts.
"""

from __future__ import annotations

from time import perf_counter

from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.heyawake import HeyawakeSettings, build
from pencilsat.puzzles.heyawake import HeyawakePuzzle
from pencilsat.strategies.connected_runs import (
    CUT_LOOP_PARAMETERS,
    GROWN_CUTS,
    certifiable,
    run_shading_cnf,
    run_shading_cpsat,
    shading_model,
    written_counts,
)
from pencilsat.strategies.connected_search import ConflictBudgetSpent

SAT_SOLVER = "minisat22"
"""The solver once MiniCard has spent its budget, and of ``--sat-solver`` runs' counts as
clauses. The 20 largest janko (29 November 2026, CPU, one loaded run, rooms as :data:`ROOM_COUNTS`):
MiniSat 2.2 1.07 s in all, median 43 ms of a puzzle; CaDiCaL 1.11 s, median 49 ms; MiniCard
with native room counts 0.80 s, median 31 ms, but janko 591 took it from 0.6 s to 70 s
from one run to the next (MiniSat 0.14 s every time), so it comes second."""
ROOM_COUNTS = written_counts("seqcounter", direct=True)
"""A room's count with no auxiliary variable where it is small
(:func:`~pencilsat.encodings.cardinality.direct_exactly_clauses`), else a sequential
counter: with CaDiCaL the 20 largest janko took 1.11 s (median 49 ms) this way against
1.54 s with k-modulo totalizers (median 68 ms) and 1.22 s with sequential counters alone."""
FIRST_SOLVER = "minicard"
FIRST_CONFLICTS = 2000
"""The default run tries MiniCard (native room counts) first within this many conflicts in
all, then starts again on :data:`SAT_SOLVER`: MiniCard is the faster on most puzzles but
took janko 591 up to 70 s; a conflict budget, unlike a time limit, gives the same run every
time. On the 20 largest janko MiniCard needs 142-1,204 conflicts; 4 of the 707 janko spend
the budget (591 among them: 85 ms in all, MiniSat alone 107 ms). Median of the 20 largest
(29 November 2026, CPU, one loaded run, best of 3): 24.0 ms against 37.4 ms on MiniSat."""
GROW_AFTER = 5
"""Models cut before the cuts come with grown regions. On the 20 largest janko (MiniCard,
one loaded run): 0.76 s in all, median 31 ms; grown from the first model 1.16 s, median
47 ms; never grown 1.14 s, median 31 ms but 343 ms on janko 71 (1,132 solver calls in all
against 358), a thin region moved one cell per call."""


def run_cnf(puzzle: HeyawakePuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            settings: HeyawakeSettings | None = None,
            grown_cuts: int = GROWN_CUTS, grow_after: int = GROW_AFTER) -> SolveResult:
    """Solve and prove on one incremental PySAT solver: ``sat_solver`` if given, else
    :data:`FIRST_SOLVER` within :data:`FIRST_CONFLICTS` and then MiniSat 2.2 from the start
    (the figures of the run that answered, its ``first_solver_conflicts`` when it is the
    second)."""
    def run(solver: str | None, conflicts: int | None, limit: float | None) -> SolveResult:
        return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                              settings=settings),
                               sat_solver=solver, time_limit=limit,
                               grown_cuts=grown_cuts, default_solver=SAT_SOLVER,
                               grow_after=grow_after, count_clauses=ROOM_COUNTS,
                               conflicts=conflicts)

    if sat_solver is not None or FIRST_CONFLICTS <= 0:
        return run(sat_solver, None, time_limit)
    start = perf_counter()
    try:
        return run(FIRST_SOLVER, FIRST_CONFLICTS, time_limit)
    except ConflictBudgetSpent:
        pass
    left = None if time_limit is None else max(time_limit - (perf_counter() - start), 0.0)
    result = run(None, None, left)
    result.stats.extra["first_solver_conflicts"] = FIRST_CONFLICTS
    return result


def run_cpsat(puzzle: HeyawakePuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              settings: HeyawakeSettings | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts, the room
    counts as :data:`ROOM_COUNTS`' clauses, not linear sums: on a 12x12 whose largest room
    holds 40 shaded cells CP-SAT's first solve with the sums, before any cut, did not end in
    120 s (4.0 million conflicts); with the clauses the whole run took 15 s, and janko's
    puzzles a median 0.71 times as long (``benchmarks/results/heyawake_cpsat_counts.md``).
    CP-SAT's presolve runs once and the model is written again without the variables it
    fixes; the cut loop's solves go without presolve, inprocessing or probing
    (:data:`~pencilsat.strategies.connected_runs.CUT_LOOP_PARAMETERS`): janko 129_20x36
    3.05 -> 0.68 s of CPU, the three puzzles from the wild 19.1, 2.3 and 16.0 s -> 3.6,
    0.4 and 2.2 s (docs/encodings.md)."""
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                            settings=settings),
                             time_limit=time_limit, grown_cuts=grown_cuts,
                             count_clauses=ROOM_COUNTS, presolve=False,
                             parameters=CUT_LOOP_PARAMETERS, fix_presolved=True)


def memory_cnf(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy``: 60 MB and 3 KB per cell (26 November 2026: 27 MB
    above the interpreter for 100x100 rooms of 3x3, 134 MB for 200x200 after 30 s of cuts)."""
    return 60 * 2**20 + 3_000 * puzzle.width * puzzle.height


def memory_cpsat(puzzle: HeyawakePuzzle, backend: str) -> int:
    """Estimated peak bytes of ``lazy-cpsat``: 100 MB and 12 KB per cell (26 November 2026:
    117 MB above the interpreter for 100x100 rooms of 3x3), so a 1000x1000 grid is refused
    under the default budget rather than built for minutes."""
    return 100 * 2**20 + 12_000 * puzzle.width * puzzle.height


def certify_cnf(puzzle: HeyawakePuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rules."""
    return certifiable(lambda: shading_model(build(puzzle)), ROOM_COUNTS)
