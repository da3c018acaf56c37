"""A solve without a deadline runs in slices (so that Ctrl-C is answered between two) whose
conflict budgets are the same whatever the clock says: each slice is a new call into the
solver, so budgets sized from the measured rate made CaDiCaL's path, conflicts and time change
from run to run (janko 1055_40x57's Nurikabe proof: 34,746 and 66,390 conflicts)."""

from __future__ import annotations

import itertools
import random

from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from pencilsat.backends import pysat_calls


def budgets_of_a_solve(monkeypatch, clock) -> list[int]:
    budgets: list[int] = []

    def slice_spent(solver, budget, assumptions):
        budgets.append(budget)
        return None if len(budgets) < 7 else False

    monkeypatch.setattr(pysat_calls, "_slice", slice_spent)
    monkeypatch.setattr(pysat_calls, "perf_counter", clock)
    assert pysat_calls.solve(object()) is False
    return budgets


def test_the_budgets_are_the_same_on_a_fast_and_a_slow_clock(monkeypatch):
    ticks = itertools.count()
    fast = budgets_of_a_solve(monkeypatch, lambda: next(ticks) * 1e-6)
    draw = random.Random(7)
    jumps = itertools.accumulate(draw.uniform(0.0, 30.0) for _ in range(1000))
    slow = budgets_of_a_solve(monkeypatch, lambda: next(jumps))
    first = pysat_calls.OPEN_FIRST_BUDGET
    assert fast == slow == [first] + [pysat_calls.MAX_BUDGET] * 6


def test_a_sliced_cadical_proof_takes_the_same_conflicts_every_run():
    conflicts = set()
    for _ in range(2):
        with Solver(name="cadical195", bootstrap_with=PHP(7).clauses) as solver:
            assert pysat_calls.solve(solver) is False
            conflicts.add(solver.accum_stats()["conflicts"])
    assert len(conflicts) == 1
    assert min(conflicts) > pysat_calls.OPEN_FIRST_BUDGET  # more than one slice
