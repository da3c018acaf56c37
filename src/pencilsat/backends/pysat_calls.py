"""PySAT solve calls as every CNF path needs them: Ctrl-C as ``KeyboardInterrupt`` at a safe
point, and a time limit that holds on every solver.

Ctrl-C: on the main thread PySAT's C code catches SIGINT during a solve and ``longjmp``s out
of the SAT solver, which is not safe (a signal inside ``malloc`` hung 3 of 70 random runs for
good and crashed 2). So this module tells PySAT that no call is on the main thread
(``MainThread.check``, which PySAT consults only to install that handler), and Python's own
handler raises ``KeyboardInterrupt`` when the solver returns, at the end of a slice (at most
``MAX_BUDGET`` conflicts). PySAT's ``pysolvers.error("Caught keyboard interrupt")`` is still
translated, should a caller's own import restore the handler.

Time limits: CaDiCaL cannot be interrupted from PySAT, so ``solve_until`` solves in slices of
a conflict budget, each sized from the rate of the slice before to end within half the time
left (a fixed doubling budget overshot a 1 s limit by 2-3 s on a hard 25x25 Sudoku). Every
other solver releases the GIL in a limited solve, and budgets do not bound it (Glucose looks at
them only when it restarts: 10-22 s on an empty 70x70 Light Up under a budget of 100). These
solve in one call on a worker thread (:func:`_solve_watched`) while the caller waits for the
deadline and calls ``interrupt``; a solver still inside ``GRACE_SECONDS`` later is
*abandoned*: detached from its wrapper and freed by the worker when the call returns, and the
caller gets its ``None`` on time. :func:`abandoned` tells whether a solver was.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from time import perf_counter
from typing import Any

from pencilsat.backends.proof_race import settled_elsewhere
from pencilsat.core.clock import ambient_deadline
from pencilsat.core.memory import check_memory
from pencilsat.core.result import TimeLimitReached

FIRST_BUDGET = 1000
MIN_BUDGET = 100
MAX_BUDGET = 20_000
"""Conflicts per slice under a deadline: the first slice's, and the bounds of the ones sized
from the rate (also without a deadline). The upper bound keeps a slice short when the rate
was measured on an easy stretch."""
OPEN_FIRST_BUDGET = 2000
"""Without a deadline: the first slice's conflicts; the slices after it take ``MAX_BUDGET``,
whatever the clock says, so that a solve takes the same path every run (and the path the
rate gave before wherever conflicts run at 40,000 a second or more). Most calls of this
project end within the first slice, with the same search as one plain ``solve``. Ctrl-C
waits for the slice to end: at most ``MAX_BUDGET`` conflicts, well under a second for most
searches, up to 8 s on a hard 25x25 Sudoku (about 2,500 conflicts a second). Slices sized from
the measured rate to last 0.5 s answered Ctrl-C sooner there, but made CaDiCaL's path follow
the clock, and short slices cost it search: PySAT's PHP(9) took 517,137 conflicts in slices
of 1,000, 263,298 in slices of 20,000 and 267,023 in one call."""


GRACE_SECONDS = 0.3
"""How long a solver may take to answer ``interrupt`` before it is abandoned."""
MEMORY_LOOK_S = 0.1
"""While a watched call runs, how often the waiting thread looks at the memory budget."""


def _keep_sigint_in_python() -> None:
    from pysat import _utils

    _utils.MainThread.check = staticmethod(lambda: False)


_keep_sigint_in_python()


def is_interrupt(err: BaseException) -> bool:
    """Whether ``err`` is PySAT's report of a Ctrl-C during a solve."""
    return type(err).__module__ == "pysolvers" and "keyboard interrupt" in str(err).lower()


def solve(solver: Any, assumptions: Sequence[int] = ()) -> bool:
    """``solver.solve(assumptions)`` in slices, so that Ctrl-C raises ``KeyboardInterrupt``
    between two of them: ``OPEN_FIRST_BUDGET`` conflicts, then ``MAX_BUDGET`` each, whatever
    the clock says (each slice is a new call into the solver, so slices sized from the
    measured rate made CaDiCaL's path, conflicts and time change from run to run where
    conflicts are slow). Under an ambient deadline (``core.clock.deadline_scope``), the same
    slices, and ``TimeLimitReached`` before a slice once it has passed."""
    assumed = list(assumptions)
    budget = OPEN_FIRST_BUDGET
    ambient = ambient_deadline()
    while True:
        if ambient is not None and perf_counter() > ambient:
            raise TimeLimitReached("search")
        answer = _slice(solver, budget, assumed)
        if answer is not None:
            return answer
        if settled_elsewhere():
            return False
        budget = MAX_BUDGET


def solve_whole(solver: Any, assumptions: Sequence[int] = ()) -> bool:
    """``solver.solve(assumptions)`` in one call, the search of a plain solve, for callers
    whose path a seed fixes (a generator's draws); under an ambient deadline
    (``core.clock.deadline_scope``) the same one call on the watching thread, interrupted at
    it (``TimeLimitReached``), or, on CaDiCaL, which cannot be interrupted, in slices sized
    to end by it (:func:`solve_until`; a call past the first slice may then take another
    path)."""
    ambient = ambient_deadline()
    if ambient is None:
        return bool(solver.solve(assumptions=list(assumptions)))
    if not interruptible(solver):
        answer = solve_until(solver, ambient, assumptions, budgets_hold=True)
    else:
        answer = _solve_watched(solver, ambient, list(assumptions))
    if answer is None:
        raise TimeLimitReached("search")
    return answer


@contextmanager
def interrupts_as_keyboard() -> Iterator[None]:
    """PySAT's ``pysolvers.error("Caught keyboard interrupt")`` raised as
    ``KeyboardInterrupt`` (should PySAT's handler be back, see the module docstring)."""
    try:
        yield
    except Exception as err:
        if is_interrupt(err):
            raise KeyboardInterrupt from None
        raise


def _slice(solver: Any, budget: int, assumptions: list[int]) -> bool | None:
    """One limited solve; :func:`interrupts_as_keyboard` written out (a generator's context
    manager costs a few microseconds, a 9x9 Sudoku makes two calls)."""
    solver.conf_budget(budget)
    try:
        return solver.solve_limited(assumptions=assumptions)
    except Exception as err:
        if is_interrupt(err):
            raise KeyboardInterrupt from None
        raise


def solve_until(solver: Any, deadline: float | None,
                assumptions: Sequence[int] = (), budgets_hold: bool = False) -> bool | None:
    """True or False as ``solve`` would answer; ``None`` once ``deadline`` (a
    ``perf_counter`` time) has passed. No deadline: one plain ``solve``. ``budgets_hold``:
    the caller knows its solver stops promptly at a conflict budget (MiniSat 2.2 looks at it
    before every decision), so the call is sliced on this thread as CaDiCaL's is, without
    the watching thread (which costs more than a 9x9 Sudoku's solve)."""
    if deadline is None:
        return solve(solver, assumptions)
    assumed = list(assumptions)
    if not budgets_hold and interruptible(solver):
        return _solve_watched(solver, deadline, assumed)
    budget = FIRST_BUDGET
    while True:
        remaining = deadline - perf_counter()
        if remaining <= 0:
            return None
        check_memory("search")
        began = perf_counter()
        answer = _slice(solver, budget, assumed)
        if answer is not None:
            return answer
        if settled_elsewhere():
            return False
        now = perf_counter()
        rate = budget / max(now - began, 1e-4)
        budget = int(min(max(rate * (deadline - now) / 2, MIN_BUDGET), MAX_BUDGET))


def interruptible(solver: Any) -> bool:
    """Whether ``solver`` (a ``pysat.solvers.Solver``) answers ``interrupt`` and releases the
    GIL while it solves: every solver PySAT offers but CaDiCaL."""
    inner = getattr(solver, "solver", None)
    return inner is not None and not type(inner).__name__.startswith("Cadical")


def abandoned(solver: Any) -> bool:
    """Whether ``solver`` was left inside a call that outran its deadline (it has nothing
    left to answer: build a new one)."""
    return getattr(solver, "solver", None) is None


def _solve_watched(solver: Any, deadline: float, assumptions: list[int]) -> bool | None:
    """One limited solve on a worker thread, interrupted at ``deadline`` and abandoned when
    it does not stop within ``GRACE_SECONDS`` of it (see the module docstring). Ctrl-C on the
    waiting thread stops the call the same way and is raised again."""
    if perf_counter() >= deadline:
        return None
    solver.conf_budget(-1)  # no budget left over from an earlier sliced call
    solver.prop_budget(-1)
    call = _WatchedCall(solver, assumptions)
    try:
        while not call.done.wait(min(max(deadline - perf_counter(), 0.0), MEMORY_LOOK_S)):
            if perf_counter() >= deadline:
                break
            check_memory("search")
    except BaseException:  # Ctrl-C, or the memory budget passed
        call.stop()
        raise
    if not call.done.is_set() and not call.stop():
        return None
    call.inner.clear_interrupt()
    answer = call.outcome[0]
    if isinstance(answer, BaseException):
        if is_interrupt(answer):
            raise KeyboardInterrupt from None
        raise answer
    return None if answer is None else bool(answer)


class _WatchedCall:
    """``solve_limited`` of ``solver``'s native solver, running on a daemon thread."""

    def __init__(self, solver: Any, assumptions: list[int]) -> None:
        self.solver = solver
        self.inner = solver.solver
        self.outcome: list[Any] = []
        self.done = threading.Event()
        self._lock = threading.Lock()
        self._finished = self._abandoned = False
        threading.Thread(target=self._run, args=(assumptions,), name="pencilsat-solve",
                         daemon=True).start()

    def _run(self, assumptions: list[int]) -> None:
        try:
            self.outcome.append(self.inner.solve_limited(assumptions, True))
        except BaseException as err:  # handed to the waiting thread
            self.outcome.append(err)
        with self._lock:
            self._finished = True
            free = self._abandoned
        self.done.set()
        if free:
            self.inner.delete()

    def stop(self) -> bool:
        """Interrupt the call; abandon the solver when it is still inside it
        ``GRACE_SECONDS`` later. Whether the call returned."""
        self.inner.interrupt()
        if self.done.wait(GRACE_SECONDS):
            return True
        with self._lock:
            if self._finished:
                return True
            self._abandoned = True
            self.solver.solver = None  # its wrapper's delete() no longer frees it
        return False
