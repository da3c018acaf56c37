"""SIGTERM during a batch ends it as Ctrl-C does: the summary so far, the workers stopped,
their temporary folder removed, one line and exit 143 (128 + SIGTERM).

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
    Terminated,
    clear_pending_stop,
    raise_pending_stop,
    stop_handler,
)

__all__ = ["EXIT_TERMINATED", "Terminated", "sigterm_as_interrupt"]

EXIT_TERMINATED = 143
"""Exit status after SIGTERM (the shell's convention, 128 + 15)."""


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` in the main thread (once: a second
    one has its default action) and Ctrl-C ``KeyboardInterrupt``, each only where it is safe
    (:func:`pencilsat.core.stops.stop_handler`); the handlers before are put back on leaving,
    and a stop still kept then is raised. Outside the main thread nothing changes (a handler
    can be set there only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated() -> BaseException:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        return Terminated()

    before_term = signal.signal(signal.SIGTERM, stop_handler(terminated))
    before_int = signal.signal(signal.SIGINT, stop_handler(KeyboardInterrupt))
    try:
        yield
    except BaseException:
        clear_pending_stop()  # the run is stopping already
        raise
    finally:
        signal.signal(signal.SIGTERM, before_term)
        signal.signal(signal.SIGINT, before_int)
    raise_pending_stop()
