"""The workers' fork server, started as soon as a run is known to need it.

A batch of ``pool.AT_ONCE_UNITS`` or more goes to the workers before this process solves
anything, so they are forked by a fork server that imports ``WORKER_MODULES`` (numpy, the
SAT solvers, the readers: about 0.2 s of CPU) before the first worker can start. Started
when the pool is made, that import follows everything this process does first (its own
imports, reading and cutting the batch: about 0.15 s on Royle's 49,158 lines), and both
delay every worker. :func:`start_early` starts the server from the command line's first look
at a batch file large enough to go to the workers at once, so the two overlap on a second
core; the pool then finds the server running and uses it (``multiprocessing`` keeps one per
process). This module imports nothing heavy, so that the start is early.
"""

from __future__ import annotations

import multiprocessing
import os
import sys

from pencilsat.batch.cores import available_cores

WORKER_MODULES = ("pencilsat.batch.shards", "pencilsat.batch.one_puzzle",
                  "pencilsat.batch.sudoku_lines", "pencilsat.strategies.sudoku_singles")
"""What every worker imports to solve a shard (numpy, the SAT solvers, the readers and the
solving front): loaded by the pool's process before a fork, or once in the fork server that
forks the workers."""
EARLY_BYTES = 1 << 20
"""Batch files of this size or more start the fork server early: a megabyte is over 12,000
one-line Sudokus (762 shard units) or thousands of paths, past ``pool.AT_ONCE_UNITS`` unless
its lines are long (URLs of large grids; then the server, unused, costs a process that
imports and waits)."""


def start_early(source: str, workers: int | None, dask: str | None) -> bool:
    """Start the fork server now if a ``--batch`` run of ``source`` will surely hand its
    work to local workers at once (Linux, no Dask, several workers, a file of
    ``EARLY_BYTES`` or more); whether it was started."""
    if sys.platform != "linux" or dask is not None:
        return False
    if (workers if workers is not None else available_cores()) < 2:
        return False
    try:
        if source == "-" or os.stat(source).st_size < EARLY_BYTES:
            return False
    except OSError:  # the run reports it
        return False
    from multiprocessing import forkserver

    multiprocessing.get_context("forkserver").set_forkserver_preload(list(WORKER_MODULES))
    forkserver.ensure_running()
    return True
