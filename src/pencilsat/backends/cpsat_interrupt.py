"""CP-SAT's ``solve`` stopped by Ctrl-C, and only by Ctrl-C, told apart from its time limit.

CP-SAT's own SIGINT handler (``catch_sigint_signal``) stops a search "as if its time ran
out", so the caller could only guess from the clock whether the user pressed Ctrl-C, and on
a loaded machine a solve that used its whole limit was once taken for one (a benchmark run
of janko 690_50x50, 2026-11-26). Here CP-SAT leaves SIGINT to Python: Python's C handler
writes the signal's number to a wake-up pipe, a watcher thread (CP-SAT releases the GIL
while it searches) reads it and calls ``stop_search``, and Python raises
``KeyboardInterrupt`` itself once ``solve`` returns. The same watcher stops the search
when a race's child (:mod:`pencilsat.backends.proof_race`) has answered. Off the main
thread, where Python takes no signals, the solve runs as it is.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from pencilsat.backends.proof_race import current_race
from pencilsat.core.fd_wait import readable

WATCHER = "pencilsat CP-SAT Ctrl-C watcher"
RESTOP_SECONDS = 0.05
"""How often a stop is asked again until the solve returns (see :func:`_watch`)."""


def solve_interruptibly(solver: Any, model: Any, callback: Any = None) -> Any:
    """``solver.solve(model, callback)`` (a ``CpSolver``, a ``CpModel`` and an optional
    solution callback), stopped by Ctrl-C, which then raises ``KeyboardInterrupt`` as it
    would in Python code."""
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread():
        return solver.solve(model, callback)
    race = current_race()
    # starts its child now (one CP-SAT solve has no slices), or hears a child that has
    # already proved the formula: then the search is stopped as soon as it begins
    won = race is not None and race.settled()
    race_end = None if race is None or won else race.fd
    heard = None if race is None else race.hear
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        previous = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    except ValueError:  # not the main interpreter's main thread after all
        os.close(read_end)
        os.close(write_end)
        return solver.solve(model, callback)
    watcher = threading.Thread(target=_watch, args=(read_end, solver, race_end, heard, won),
                               daemon=True, name=WATCHER)
    watcher.start()
    try:
        return solver.solve(model, callback)
    finally:
        try:  # the KeyboardInterrupt is raised here, at Python's first chance after solve
            signal.set_wakeup_fd(previous)
        finally:
            os.close(write_end)  # the watcher reads the end of the pipe and returns
            watcher.join()  # at once: gone before the next solve (a race forks one thread)


def _watch(read_end: int, solver: Any, race_end: int | None = None,
           heard: Callable[[], bool] | None = None, stop: bool = False) -> None:
    """Stop the search on SIGINT, or once a race's child has proved the formula
    unsatisfiable (``heard``: the race reads its word; ``stop``: it had before the solve
    was called); return (and close the pipe) when its writer is closed. A stop is asked
    again every :data:`RESTOP_SECONDS` until then: ``CpSolver.stop_search`` does nothing
    before ``solve`` has made its search, and a child that answers at once (or a Ctrl-C at
    once) is heard before that."""
    ends = [read_end] if race_end is None else [read_end, race_end]
    try:
        while True:
            ready = readable(ends, RESTOP_SECONDS if stop else None)
            if race_end in ready and heard is not None:
                stop = heard() or stop
                ends = [read_end]
            if read_end in ready:
                numbers = os.read(read_end, 64)
                if not numbers:
                    return
                stop = stop or signal.SIGINT in numbers
            if stop:
                solver.stop_search()
    finally:
        os.close(read_end)
