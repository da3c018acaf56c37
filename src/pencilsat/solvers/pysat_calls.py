"""PySAT solve calls as every CNF path needs them: Ctrl-C as ``KeyboardInterrupt``, and a
time limit as conflict-budget slices.

Ctrl-C: on the main thread PySAT catches SIGINT during a solve, jumps out of the SAT solver
and raises ``pysolvers.error("Caught keyboard interrupt")``. Left as it is, that reads as a
bug in pencilsat, and the solver it jumped out of is left mid-search: asking it for its
statistics afterwards makes CaDiCaL abort the whole process (``solver in invalid state``;
deleting it is still allowed). ``solve`` and ``solve_until`` raise ``KeyboardInterrupt``
instead, so the CLI prints "interrupted" and exits 130; a caller that keeps a solver between
puzzles must drop it then.

Time limits: CaDiCaL cannot be interrupted from PySAT here (``interrupt`` hung with CaDiCaL
1.9.5), so ``solve_until`` solves in slices of a conflict budget and looks at the clock between
them; learnt clauses are kept, so a slice repeats no work. Each budget is sized from the
conflict rate of the slice before to end within half the time left: a fixed doubling budget
(up to 64,000 conflicts) overshot a 1 s limit by 2-3 s on a hard 25x25 Sudoku.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter
from typing import Any

FIRST_BUDGET = 1000
MIN_BUDGET = 100
MAX_BUDGET = 20_000
"""Conflicts per slice: the first slice's, and the bounds of the ones sized from the rate. The
upper bound keeps a slice short when the rate was measured on an easy stretch."""


def is_interrupt(err: BaseException) -> bool:
    """Whether ``err`` is PySAT's report of a Ctrl-C during a solve."""
    return type(err).__module__ == "pysolvers" and "keyboard interrupt" in str(err).lower()


def solve(solver: Any, assumptions: Sequence[int] = ()) -> bool:
    """``solver.solve(assumptions)``, with Ctrl-C raised as ``KeyboardInterrupt``."""
    try:
        return solver.solve(assumptions=list(assumptions))
    except Exception as err:
        if is_interrupt(err):
            raise KeyboardInterrupt from None
        raise


def solve_until(solver: Any, deadline: float | None,
                assumptions: Sequence[int] = ()) -> bool | None:
    """True or False as ``solve`` would answer; ``None`` once ``deadline`` (a
    ``perf_counter`` time) has passed. No deadline: one plain ``solve``."""
    if deadline is None:
        return solve(solver, assumptions)
    assumed = list(assumptions)
    budget = FIRST_BUDGET
    while True:
        remaining = deadline - perf_counter()
        if remaining <= 0:
            return None
        solver.conf_budget(budget)
        began = perf_counter()
        try:
            answer = solver.solve_limited(assumptions=assumed)
        except Exception as err:
            if is_interrupt(err):
                raise KeyboardInterrupt from None
            raise
        if answer is not None:
            return answer
        now = perf_counter()
        rate = budget / max(now - began, 1e-4)
        budget = int(min(max(rate * (deadline - now) / 2, MIN_BUDGET), MAX_BUDGET))
