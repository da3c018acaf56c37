"""The workers' fork server ends without the interpreter's teardown.

The server (:mod:`pencilsat.batch.fork_server`) imports this module last among the modules
it preloads. Once pencilsat exits, the server reads the end of its pipe and exits; its
teardown then freed every module it had loaded (numpy, the SAT solvers, the readers) one by
one, 0.05-0.1 s after pencilsat's own end, and anything that waits for the run's output to
close (a pipe's reader, ``subprocess.run`` capturing it, ``benchmarks/batch_scale.py``) waited
for it too. In the server, importing this module registers an exit that skips the teardown
(as :mod:`pencilsat.leave` does for pencilsat); the server writes no file and holds no
buffer. In any other process it does nothing; the workers the server forks end with
``os._exit`` as they always did, so the registration never runs there.
"""

from __future__ import annotations

import atexit
import os
import sys

SERVER_COMMAND = "from multiprocessing.forkserver import main"
"""How ``multiprocessing`` starts a fork server (``python -c '...; main(...)'``)."""


def in_fork_server() -> bool:
    """Whether this process is a fork server (or a process it forked)."""
    return any(SERVER_COMMAND in word for word in getattr(sys, "orig_argv", ()))


if in_fork_server():
    atexit.register(os._exit, 0)
