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
from collections.abc import Sequence

from pencilsat.batch.cores import available_cores, too_many_workers

WORKER_MODULES = ("pencilsat.batch.shards", "pencilsat.batch.one_puzzle",
                  "pencilsat.batch.sudoku_lines", "pencilsat.strategies.sudoku_singles",
                  "pencilsat.strategies.sudoku_branching",
                  "pencilsat.strategies.sudoku_kernel_loader",
                  "concurrent.futures.process", "pencilsat.batch.pool",
                  "pencilsat.batch.fork_server_exit")
"""What every worker imports to solve a shard (numpy, the SAT solvers, the readers and the
solving front; the one-line Sudokus' numpy rounds and the kernel's loader, which a worker
imported at its first shard until 2026-11-30) and to run at all (the pool's worker loop and
its start, imported as the worker unpickles them): loaded by the pool's process before a
fork, or once in the fork server that forks the workers (the four after the first four cost
each worker ~0.04 s of CPU after the fork, before its first shard). The last ends the server
without its teardown (:mod:`pencilsat.batch.fork_server_exit`). The readers and the solving
front of other puzzles cost a batch of Sudoku lines only ~0.003 s more (the readers tell the
lines apart), so they stay."""
SERVER_ENV = {"OPENBLAS_NUM_THREADS": "1"}
"""Set for the server and its workers unless already set: numpy's OpenBLAS then starts no
thread pool at its import (a worker does no linear algebra, and there is a worker per core;
the pool cost a server ~0.035 s of CPU, up to 0.07 s of wall, before any worker could
start). The command line sets it for its whole process first (``entry``, ``cli.main``); this
covers a library caller of ``batch.run.run_batch``."""
EARLY_OPTIONS = ("--batch", "--workers", "--dask")
"""The options :func:`start_from_words` reads."""
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
    count = workers if workers is not None else available_cores()
    if count < 2 or too_many_workers(count):  # one process, or a count the CLI refuses
        return False
    try:
        if source == "-" or os.stat(source).st_size < EARLY_BYTES:
            return False
    except OSError:  # the run reports it
        return False
    try:
        start_server()
    except OSError:  # no pipe or process to spare (ulimit -n 7): the pool tries, and says
        return False
    return True


def start_from_words(words: Sequence[str]) -> bool:
    """:func:`start_early` for a command line's words, read before argparse (the CLI's import
    and its parser take ~0.04 s, which the server's imports would follow): ``solve`` or
    ``grade`` with ``--batch FILE``, ``--workers N`` and ``--dask ADDRESS`` spelt in full (as
    ``--name value`` or ``--name=value``). Anything else it leaves to the CLI's own call once
    argparse has read the words (an abbreviated option, a repeated one, a count that is not a
    number), and a worker process (importing its parent's main module, which may call this
    unguarded) never starts a server of its own; whether it started the server."""
    if words[:1] not in (["solve"], ["grade"]) or multiprocessing.parent_process() is not None:
        return False
    found: dict[str, str] = {}
    rest = iter(words[1:])
    for word in rest:
        name, equals, value = word.partition("=")
        if name in EARLY_OPTIONS:
            given = value if equals else next(rest, None)
            if given is None or name in found:
                return False
            found[name] = given
        elif word.startswith("--") and any(option.startswith(name) for option in EARLY_OPTIONS):
            return False  # argparse would take it for one of them
    workers = found.get("--workers")
    if "--batch" not in found or (workers is not None and not workers.isdigit()):
        return False
    return start_early(found["--batch"], None if workers is None else int(workers),
                       found.get("--dask"))


def start_server() -> None:
    """Start the fork server, unless it runs, with ``WORKER_MODULES`` to preload and
    ``SERVER_ENV`` added to the environment it starts in (this process's is left as it
    was)."""
    from multiprocessing import forkserver

    from pencilsat.core.address_space import pool_refused

    pool_refused()  # under ulimit -v its preload and workers would fail, each with a traceback
    multiprocessing.get_context("forkserver").set_forkserver_preload(list(WORKER_MODULES))
    added = [name for name in SERVER_ENV if name not in os.environ]
    os.environ.update({name: SERVER_ENV[name] for name in added})
    try:
        forkserver.ensure_running()
    finally:
        for name in added:
            os.environ.pop(name, None)
