"""Whether this process may fork a child that runs Python and a solver: only on Linux and
while this process has a single thread (a fork copies one thread; a lock another thread
held, ``malloc``'s included, stays locked in the child for good)."""

from __future__ import annotations

import os
import sys
import threading


def can_fork() -> bool:
    """Linux, ``os.fork``, and one thread in this process."""
    return sys.platform == "linux" and hasattr(os, "fork") and threading.active_count() == 1


def end_with_parent(parent: int) -> None:
    """In a child forked by ``parent`` (its pid): be killed when the parent dies, even by
    SIGKILL (Linux's ``PR_SET_PDEATHSIG``), so that no solver outlives the run it serves;
    exit at once if the parent died before the request was made."""
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no prctl: the parent's own clean-up still kills it
        pass
    if os.getppid() != parent:
        os._exit(0)
