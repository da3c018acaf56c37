"""SIGTERM during a batch ends it as Ctrl-C does: the summary so far, the workers stopped,
their temporary folder removed, one line and exit 143 (128 + SIGTERM). SIGHUP (the terminal
closed) likewise, exit 129, unless it is ignored (``nohup``): its default action had the
same faults as SIGTERM's below.

Without it the default action killed pencilsat at once: the records written stayed whole and
the workers left, but the summary was lost, the block folder stayed until the next run, and
the resource tracker warned of leaked semaphores on stderr. Both signals are raised only
where stopping is safe (:mod:`pencilsat.core.stops`): never inside the process pool's locks,
which a stop there left held, so that the exit hung after the summary.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from pencilsat.core.stops import (
    HungUp,
    Terminated,
    clear_pending_stop,
    raise_pending_stop,
    stop_handler,
    take_sigint,
)

__all__ = ["EXIT_HUNG_UP", "EXIT_TERMINATED", "HungUp", "Terminated", "sigterm_as_interrupt"]

EXIT_TERMINATED = 143
"""Exit status after SIGTERM (the shell's convention, 128 + 15)."""
EXIT_HUNG_UP = 129
"""Exit status after SIGHUP (128 + 1)."""


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` in the main thread (once: a second
    one has its default action), SIGHUP :class:`HungUp` (likewise; not when ignored) and
    Ctrl-C ``KeyboardInterrupt`` (not when ignored either: a background job of a script
    ignores it, so that the terminal's Ctrl-C reaches only the foreground), each only where
    it is safe (:func:`pencilsat.core.stops.stop_handler`); the handlers before are put back
    on leaving, and a stop still kept then is raised. Outside the main thread nothing changes
    (a handler can be set there only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated() -> BaseException:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        return Terminated()

    hangup: signal.Signals | None = getattr(signal, "SIGHUP", None)  # POSIX only

    def hung_up() -> BaseException:
        if hangup is not None:
            signal.signal(hangup, signal.SIG_DFL)
        return HungUp()

    before_term = signal.signal(signal.SIGTERM, stop_handler(terminated))
    before_int = take_sigint(stop_handler(KeyboardInterrupt))
    before_hup = None if hangup is None else signal.getsignal(hangup)
    if hangup is not None and before_hup is not signal.SIG_IGN:  # nohup's stays
        signal.signal(hangup, stop_handler(hung_up))
    try:
        yield
    except BaseException:
        clear_pending_stop()  # the run is stopping already
        raise
    finally:
        signal.signal(signal.SIGTERM, before_term)
        if before_int is not None:
            signal.signal(signal.SIGINT, before_int)
        if hangup is not None and before_hup is not None:
            signal.signal(hangup, before_hup)
    raise_pending_stop()
