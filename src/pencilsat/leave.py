"""End the CLI's process as soon as its output is out.

The interpreter's teardown frees every object and module one by one and runs a last garbage
collection; after ``pencilsat solve`` on the 36x20 example it took 36-56 ms of a 0.29 s run,
more than the solve, and 19-29 ms after a batch on 2 workers. So the process exits without
it, once what the interpreter would do first is done: no other thread that is not a daemon
(the interpreter waits for those: then the ordinary exit), and the ``atexit`` callbacks run
here, in their order (a process pool's, a cluster's, a temporary directory's clean-up).
"""

from __future__ import annotations

import atexit
import os
import sys

TYPE_CHECKING = False  # not typing's: importing typing would cost ``--version`` 5-10 ms
if TYPE_CHECKING:
    from typing import NoReturn


def leave(status: int) -> NoReturn:
    """Exit with ``status`` once the output is flushed and the ``atexit`` callbacks have run,
    skipping the interpreter's teardown; the ordinary exit while another thread that is not
    a daemon runs (the interpreter would wait for it). Files are written in ``with``
    blocks, so none is left open."""
    _flush(status)
    threading = sys.modules.get("threading")
    if threading is not None and any(
            thread is not threading.main_thread() and not thread.daemon and thread.is_alive()
            for thread in threading.enumerate()):
        sys.exit(status)
    run_callbacks = getattr(atexit, "_run_exitfuncs", None)
    if run_callbacks is None:  # not CPython: its own exit
        sys.exit(status)
    run_callbacks()
    _flush(status)
    os._exit(status)


def _flush(status: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed when the process started: nothing to flush
            continue
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader left, or the stream is closed
            sys.exit(status)  # the ordinary exit reports or ignores it as before
