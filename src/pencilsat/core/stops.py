"""Ctrl-C and SIGTERM raised only where stopping is safe: never inside the process pool's locks,
nor between writing records and counting them.

Python raises a signal's exception at the next bytecode, which may be inside CPython's
``Condition.__enter__`` just after it took a lock of the process pool's queues (the ``with``
never began, so nothing releases it): the pool's manager thread then waited on that lock
forever and the exit after the summary hung (SIGTERM on 1-ms shards: 2 of 110 runs,
benchmarks/results/batch_stop_hang.md). :func:`stop_handler` raises at once in this
process's own code, but while any frame on the stack is the pool's (``concurrent.futures``,
``multiprocessing``, ``queue``) or a :func:`stops_deferred` section is open (a block of
records written and counted), it keeps the stop and returns; the stop is raised when the
section closes or at the next :func:`raise_pending_stop`, which the batch calls between
bounded waits on the pool. A second Ctrl-C while one is kept is raised at once, so a user
who presses it again is never held by a pool stuck in its own code (a second SIGTERM has its
default action: ``cli_signals``). Ctrl-C ignored when pencilsat starts (a script's
background job, so that the terminal's Ctrl-C reaches only the foreground) stays ignored in
pencilsat and its children (:func:`take_sigint`).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be so that the same clean-up runs."""


class HungUp(Terminated):
    """SIGHUP (the terminal closed, an ssh session dropped): stopped as SIGTERM is."""


POOL_CODE = ("/concurrent/futures/", "/multiprocessing/", "/queue.py")
"""Where the pool's locks are taken: a stop is never raised inside these."""

class _State(threading.local):
    """A thread's open deferred sections and the stop kept for later."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending: BaseException | None = None


_state = _State()


def take_sigint(handler: Any) -> Any:
    """Set Ctrl-C's handler (a function, ``SIG_DFL``) unless Ctrl-C is ignored, and return
    the handler before, to put back (``None``: not set from Python)."""
    before = signal.getsignal(signal.SIGINT)
    if before is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, handler)
    return before


def _depth() -> int:
    return _state.depth


def stop_handler(stop: Callable[[], BaseException]) -> Callable[[int, FrameType | None], None]:
    """A signal handler that raises ``stop()`` where it is safe and keeps it otherwise."""

    def handle(number: int, frame: FrameType | None) -> None:
        if _state.pending is not None:  # asked again: now
            _state.pending = None
            raise stop()
        if _depth() > 0 or _in_pool_code(frame):
            _state.pending = stop()
            return
        raise stop()

    return handle


def _in_pool_code(frame: FrameType | None) -> bool:
    while frame is not None:
        name = frame.f_code.co_filename.replace("\\", "/")
        if any(part in name for part in POOL_CODE):
            return True
        frame = frame.f_back
    return False


class _Deferred:
    """The section of :func:`stops_deferred` (a plain class: a batch on one worker opens one
    per record, where a generator-based context manager cost 8% of Royle's run)."""

    __slots__ = ()

    def __enter__(self) -> None:
        _state.depth += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        _state.depth -= 1
        if kind is None and _state.pending is not None:
            raise_pending_stop()


_DEFERRED = _Deferred()


def stops_deferred() -> _Deferred:
    """Inside, Ctrl-C and SIGTERM (under :func:`stop_handler`) are kept, and raised on
    leaving: for work that must be done whole and does not block (records counted as
    written). A section left by an exception drops nothing: the stop is raised at the next
    check."""
    return _DEFERRED


def wait_allowing_stops(wait: Callable[[], object]) -> None:
    """``wait()`` (nothing half done while it waits) inside a deferred section: a pending stop
    is raised before it, and a signal while it waits raises at once (called for every 4 KB
    written to a pipe, so a plain function rather than a context manager)."""
    depth = _depth()
    _state.depth = 0
    try:
        if _state.pending is not None:
            raise_pending_stop()
        wait()
    finally:
        _state.depth = depth


def raise_pending_stop() -> None:
    """Raise the stop a signal left pending, outside every deferred section."""
    pending = _state.pending
    if pending is not None and _state.depth == 0:
        _state.pending = None
        raise pending


def clear_pending_stop() -> None:
    """Forget a pending stop (a handler taken away before it was raised)."""
    _state.pending = None
