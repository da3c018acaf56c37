"""Runs under a low address-space limit (``ulimit -v``): one clear line, never a traceback.

numpy maps about 83 MB as it loads (OpenBLAS on one thread, numpy 2 on Linux) and a SAT
solver's modules about 11 MB more, so under ``ulimit -v 100000`` (KB) no command can run. The
failures named no cause, and differed by command and limit: a ``MemoryError``, numpy's
"Importing the numpy C-extensions failed", "failed to map segment from shared object", a
``SystemError``, "cannot write the output ...: Cannot allocate memory", a traceback from the
fork server's preload per pool, or OpenBLAS's own ``exit(1)`` ("Memory allocation still
failed"), which no handler sees. So the command line looks before numpy loads
(:func:`room_refused`: less room left under the limit than numpy and a solver map), and says
a failure of that kind while a limit is set as :func:`message` (:func:`short_of_memory`).
Above the check a solver's C++ allocation may still abort the process.
"""

from __future__ import annotations

import errno
import os

ROOM_NEEDED = 90 * 2**20
"""Bytes of address space a command needs beyond what the process maps before numpy: numpy
(~83 MB) and a SAT solver's modules (~11 MB) measured as mapped size; the smallest limit any
command ran under was 109 MB (a batch of Sudoku lines on one worker), from 12 MB mapped."""
POOL_NEEDED = 126 * 2**20
"""The least limit under which a batch's workers ran (Royle's lines on 2 workers): the fork
server maps about 102 MB once it has loaded what the workers need, and a worker more as it
solves. A pool is refused under it (:func:`pool_refused`): its server's preload printed a
traceback, its workers' start another, or OpenBLAS ended the run."""
ADVISED = 256 * 2**20
"""The limit the message advises: every command ran under 130 MB (a batch's two workers
needed the most, 126 MB), with room to spare for larger grids."""
SIGNS = ("cannot allocate memory", "failed to map segment", "out of memory")
"""Words of an error's text that say the address space ran out."""


def address_limit() -> int | None:
    """The process's soft address-space limit in bytes (``ulimit -v``); ``None``: none."""
    try:
        import resource
    except ImportError:  # not POSIX
        return None
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def mapped() -> int:
    """Bytes of address space the process maps now (0 where ``/proc`` does not say)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def message(limit: int, what: str = "load numpy and the solvers", other: str = "") -> str:
    """What a run short of address space says: what, where, how to fix."""
    return (f"not enough memory to {what}: this process may map {limit // 2**20:,} MB "
            f"(ulimit -v {limit // 1024}); raise ulimit -v to {ADVISED // 1024} "
            f"({ADVISED // 2**20} MB) or more, or unlimited{other}")


def room_refused() -> str | None:
    """The message when the limit leaves less than :data:`ROOM_NEEDED`, else ``None``."""
    limit = address_limit()
    if limit is None or limit - mapped() >= ROOM_NEEDED:
        return None
    return message(limit)


def pool_refused() -> None:
    """Raise ``MemoryError`` with the message when the limit is below
    :data:`POOL_NEEDED` (the command line says it as such: :func:`short_of_memory`)."""
    limit = address_limit()
    if limit is not None and limit < POOL_NEEDED:
        raise MemoryError(message(limit, f"start a batch's worker processes (each needs "
                                         f"about {POOL_NEEDED // 2**20} MB)",
                                  ", or give --workers 1"))


def short_of_memory(err: BaseException) -> str | None:
    """The message when ``err`` (or an error it came from) is the address space running out
    under a limit, else ``None``."""
    limit = address_limit()
    if limit is None:
        return None
    seen: BaseException | None = err
    while seen is not None:
        if isinstance(seen, MemoryError) and str(seen).startswith("not enough memory"):
            return str(seen)  # pool_refused's
        if isinstance(seen, MemoryError) or (
                isinstance(seen, OSError) and seen.errno == errno.ENOMEM):
            return message(limit)
        if isinstance(seen, ImportError | SystemError) and any(
                sign in str(seen).lower() for sign in SIGNS + ("error return without",)):
            return message(limit)
        seen = seen.__cause__ or seen.__context__
    return None
