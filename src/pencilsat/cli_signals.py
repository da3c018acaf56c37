"""SIGTERM during a batch ends it as Ctrl-C does: the summary so far, the workers stopped,
their temporary folder removed, one line and exit 143 (128 + SIGTERM).

Without it the default action killed pencilsat at once: the records written stayed whole and
the workers left, but the summary was lost, the block folder stayed until the next run, and
the resource tracker warned of leaked semaphores on stderr.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

EXIT_TERMINATED = 143
"""Exit status after SIGTERM (the shell's convention, 128 + 15)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be so that the same clean-up runs."""


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` in the main thread (once: a second
    one has its default action); the handler before is put back on leaving. Outside the main
    thread nothing changes (a handler can be set there only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(number: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise Terminated

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
