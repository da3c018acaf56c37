"""This machine's cores: how many this process may use, and how many sat idle lately.

A second worker speeds a run up only if a core is idle for it. When other work keeps every
core busy, the workers' start and the hand-over are paid and nothing is gained; with the
autogroup scheduling most Linux kernels enable, a session's share of a busy machine does not
even grow with its processes, so two workers split the one core the session gets. The
batch's probe (:mod:`pencilsat.batch.pool`) therefore starts workers only while an
:class:`IdleMeter`, read over the probe's own work, sees a core idle beside it: on a quiet
2-core machine about one, on a loaded one none. The meter reads the kernel's idle time of
all cores, and the time of niced processes, which yield to ours (``/proc/stat``); where
there is none to read (not Linux) it cannot tell, and the workers start as before.
"""

from __future__ import annotations

import os
import time

STAT = "/proc/stat"
"""The kernel's CPU time per core since boot, in clock ticks (Linux); a path (no pathlib:
this module is imported before the workers' fork server starts, :mod:`.fork_server`)."""


def available_cores() -> int:
    """The cores this process may run on (the default number of workers)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


WORKERS_PER_CORE = 8
"""The most worker processes a run starts per core it may use. The work is CPU-bound: past
one per core a worker only costs its memory and its start. ``--workers 99999999999`` started
one per shard (3,073 on Royle's lines, 5.8 s where 2 take 1.5 s), and a longer list would
have forked until memory or the process limit ran out."""


def too_many_workers(count: int) -> str | None:
    """Why ``count`` worker processes are refused (more than ``WORKERS_PER_CORE`` per core this
    process may use), or None."""
    cores = available_cores()
    most = WORKERS_PER_CORE * cores
    if count <= most:
        return None
    return (f"{count} worker processes are more than {most} ({WORKERS_PER_CORE} for each of "
            f"the {cores} cores this process may use; one per core is the default)")


def cpu_times(text: str) -> tuple[int, int, int] | None:
    """``(free ticks, all ticks, cores)`` of all cores from the text of ``/proc/stat``: free
    counts idle, I/O wait and niced processes' time (which yields to a worker of normal
    priority); all counts user, nice, system, idle, I/O wait, interrupts and time stolen by
    a hypervisor. None when the text has no such line."""
    first, *rest = text.splitlines() or [""]
    fields = first.split()
    if len(fields) < 5 or fields[0] != "cpu":
        return None
    ticks = [int(value) for value in fields[1:9]]
    cores = sum(1 for line in rest if line.startswith("cpu") and line[3:4].isdigit())
    return ticks[1] + ticks[3] + sum(ticks[4:5]), sum(ticks), max(cores, 1)


def _read() -> tuple[int, int, int] | None:
    try:
        with open(STAT, encoding="ascii") as stat:
            return cpu_times(stat.read())
    except (OSError, ValueError):
        return None


def _own_niced_ticks() -> float:
    """This process's CPU time in clock ticks when it runs niced (its time then counts in
    ``/proc/stat``'s niced column, which the meter takes as free), else 0."""
    try:
        if os.getpriority(os.PRIO_PROCESS, 0) <= 0:
            return 0.0
        return time.process_time() * os.sysconf("SC_CLK_TCK")
    except (AttributeError, OSError, ValueError):  # no priorities or ticks here
        return 0.0


class IdleMeter:
    """Free cores (idle, or running niced work other than this process) over the time since
    the meter was made (or last restarted)."""

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self._start = _read()
        self._own = _own_niced_ticks()

    def reading(self) -> tuple[float, float] | None:
        """``(idle cores, ticks per core)`` since the start: the mean number of free cores,
        and the window's length in clock ticks (usually 100 a second); None when it cannot
        tell (no ``/proc/stat``, or not a tick has passed)."""
        now = _read()
        if self._start is None or now is None:
            return None
        ticks_per_core = (now[1] - self._start[1]) / now[2]
        if ticks_per_core <= 0:
            return None
        free = now[0] - self._start[0] - (_own_niced_ticks() - self._own)
        return max(0.0, free / ticks_per_core), ticks_per_core
