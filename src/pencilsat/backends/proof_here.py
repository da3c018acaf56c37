"""The race's formula solved in this process, where no race may run.

:mod:`pencilsat.backends.proof_race` forks a second solver beside a hard proof; a batch's
worker, a process with other threads or one CPU cannot. There a caller may first try the
same formula (a subset of its own clauses) on the race's solver here, before its own search:
on janko's hardest Numberlink proofs Glucose 4.2 ends first nearly always
(``benchmarks/results/numberlink_proof_one_core.md``). Its own module because
:mod:`~pencilsat.backends.pysat_calls`, which it solves through, asks the race between
slices.
"""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.backends.proof_race import RACE_SOLVER


def refuted_here(clauses: Iterable[list[int]], deadline: float | None,
                 solver_name: str = RACE_SOLVER) -> bool:
    """Whether ``solver_name`` proves ``clauses`` unsatisfiable by ``deadline`` in this
    process. ``False`` also when time runs out (the caller's own search then meets the
    deadline) and when it finds a model (the caller's search finds one too)."""
    from pysat.solvers import Solver

    from pencilsat.backends.bulk_load import load_clauses
    from pencilsat.backends.pysat_calls import solve_until

    with Solver(name=solver_name) as solver:
        load_clauses(solver, clauses)
        return solve_until(solver, deadline) is False
