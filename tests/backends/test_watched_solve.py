"""``pysat_calls.solve_until`` on the solvers that answer ``interrupt`` (every PySAT solver
but CaDiCaL) solves in one watched call: the same answers as a plain solve, whatever budget an
earlier sliced call left behind. (That it stops at the limit is tested end to end in
``tests/trust/test_time_limits_hold.py``, in processes of their own.)"""

from __future__ import annotations

from time import perf_counter

import pytest
from pysat.solvers import Solver

from pencilsat.backends import pysat_calls
from pencilsat.core.sat_names import PYSAT_SOLVERS

INTERRUPTIBLE = [name for name in PYSAT_SOLVERS if not name.startswith("cadical")]


def _pigeons(holes: int) -> list[list[int]]:
    """``holes + 1`` pigeons in ``holes`` holes: unsatisfiable."""
    def var(p: int, h: int) -> int:
        return p * holes + h + 1
    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes)
                for p in range(holes + 1) for q in range(p + 1, holes + 1)]
    return clauses


@pytest.mark.parametrize("name", INTERRUPTIBLE)
def test_answers_as_a_plain_solve(name):
    with Solver(name=name, bootstrap_with=[[1, 2], [-1, 2], [-2, 3]]) as solver:
        assert pysat_calls.interruptible(solver)
        solver.conf_budget(1)
        solver.solve_limited()  # a sliced call's budget, left set
        assert pysat_calls.solve_until(solver, perf_counter() + 60, [-3]) is False
        assert pysat_calls.solve_until(solver, perf_counter() + 60) is True
        assert {2, 3} <= set(solver.get_model())
        assert not pysat_calls.abandoned(solver)
    with Solver(name=name, bootstrap_with=_pigeons(5)) as solver:
        assert pysat_calls.solve_until(solver, perf_counter() + 60) is False


def test_cadical_is_sliced_not_watched():
    with Solver(name="cadical195", bootstrap_with=[[1, 2]]) as solver:
        assert not pysat_calls.interruptible(solver)
        assert pysat_calls.solve_until(solver, perf_counter() + 60) is True


def test_a_past_deadline_is_no_answer():
    with Solver(name="minisat22", bootstrap_with=_pigeons(9)) as solver:
        assert pysat_calls.solve_until(solver, perf_counter() - 1) is None
        assert not pysat_calls.abandoned(solver)  # MiniSat stops when asked
