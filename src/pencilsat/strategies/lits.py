"""LITS strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.lits` and hand a lazy connectivity search over the
shaded cells to the one uniqueness procedure through the shared shading runs
(:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and ``solve_on_cpsat``): on
CNF the one-placement-per-region counts are MiniCard's native cardinality constraints
(``DEFAULT_SAT_SOLVER``; PySAT's ``CardEnc`` on a solver without them), on CP-SAT linear
sums, presolved once (the variables CP-SAT's presolve fixes written out of the model), and
after ``LEVELS_AFTER`` solves the connectivity exact by integer levels.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.lits import build
from pencilsat.encodings.shading import complete_clauses
from pencilsat.puzzles.lits import LitsPuzzle, LitsSolution, named_shading
from pencilsat.strategies.connected_runs import (
    CUT_LOOP_PARAMETERS,
    GROWN_CUTS,
    ConnectedModel,
    certify_shading,
    run_shading_cnf,
    shading_model,
    solve_on_cpsat,
)

DEFAULT_SAT_SOLVER = "minicard"
"""A LITS model is small (a 10x10 janko: about 2,300 clauses and a few cut rounds of a
handful of conflicts each), so loading it weighs as much as the search: MiniCard (MiniSat
2.2 with native at-most constraints) takes each region's "exactly one placement" as two
constraints instead of a sequential counter, and its median CPU time per puzzle on every
12th janko was 13.0 ms against CaDiCaL 1.9.5's 15.6 ms (same run, interleaved)."""


def run_cnf(puzzle: LitsPuzzle, *, backend: str | None = None, sat_solver: str | None = None,
            time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (MiniCard unless ``sat_solver``)."""
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                           sat_solver=sat_solver, time_limit=time_limit,
                           default_solver=DEFAULT_SAT_SOLVER)


LEVELS_AFTER = 16
"""Solves of ``lazy-cpsat``'s cut loop before the shaded cells' connectivity comes in
exactly, by integer levels (:mod:`~pencilsat.strategies.cpsat_levels`): CP-SAT solves again
from scratch after each batch of cuts, and the hardest janko need 30 to 56 batches. CPU
seconds, load 12-17: janko 29_31x45 took 20 s for its first 30 of 56 solves with cuts alone, 12.4 s
with levels after 16 solves, and did not finish its first solve with levels in 11-13 s
after 0, 4 or 8 (levels over too few cuts leave CP-SAT a large search); 420_31x45 took
18.5 s for its first 27 of about 52 solves with cuts alone, 4.8 s with levels after 4,
7.2 s after 8. Levels from the first solve doubled the easy puzzles' time (0.03 -> 0.08 s on
every 15th janko); they rarely pass 16 solves. With the model presolved once (1 December
2026; the cut loop's solves 0.01-0.04 s instead of 0.2-0.35 s) levels after 8 took the four
slowest 10-20% less and after 24 10-30% more; 16 stays (levels over few cuts are what left
29_31x45 undecided)."""


LEVELLED_PARAMETERS = {"cp_model_presolve": True, "use_sat_inprocessing": True,
                       "cp_model_probing_level": 2}
"""CP-SAT's presolve, inprocessing and probing back on (its defaults) for the solves with
levels: the cut loop's solves run without them on the model presolve fixed once
(``fix_presolved``), where the levelled solve took janko 29_31x45 3.3 s of CPU instead of
0.26 s with them."""


def run_cpsat(puzzle: LitsPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts; from
    solve ``LEVELS_AFTER + 1`` on with the connectivity exact by levels. CP-SAT's presolve
    runs once, and the model is written again without the variables it fixes (on
    420_31x45 3,005 of 4,337); the cut loop solves it without presolve, inprocessing or
    probing (:data:`~pencilsat.strategies.connected_runs.CUT_LOOP_PARAMETERS`: 0.01-0.03 s
    of CPU a solve instead of 0.2-0.3 s), the levelled solves with them
    (:data:`LEVELLED_PARAMETERS`)."""
    deadline = deadline_of(time_limit)

    def model() -> ConnectedModel:
        shading = shading_model(build(puzzle, deadline=deadline))
        return replace(shading, levels=list(shading.requirements), levels_after=LEVELS_AFTER)

    return solve_on_cpsat(puzzle, model, deadline=deadline, grown_cuts=GROWN_CUTS,
                          presolve=False, parameters=CUT_LOOP_PARAMETERS, fix_presolved=True,
                          levelled_parameters=LEVELLED_PARAMETERS)


def complete_cnf(puzzle: LitsPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses, the shaded
    cells connected by distance layers) for ``pencilsat study``."""
    encoding = build(puzzle)
    clauses, top = complete_clauses(encoding)
    cells = encoding.answer

    def decode(true: set[int]) -> LitsSolution:
        shaded = np.array([v in true for v in cells]).reshape(puzzle.height, puzzle.width)
        return named_shading(puzzle, shaded)

    return ClauseEncoding("complete", top, clauses, cells, decode)


def certify_cnf(puzzle: LitsPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
