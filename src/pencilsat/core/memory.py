"""The memory budget of a solve: the default, how a user writes one, how to say it, and the
check that holds it while a model is built and searched.

A strategy whose model would not fit is not built: a 1000x1000 grid in Tamura's numbering
needs petabytes, and building it page by page takes the machine down long before any time
limit is looked at. Each such strategy estimates its peak from the puzzle's size (figures
measured on this project's benchmarks, see the estimators' docstrings); the front compares
the estimate with the budget and answers ``unknown``, naming a cheaper strategy, when it
does not fit.

An estimate is not a bound, and the strategies without one build in pieces: while the front
runs a strategy (:func:`memory_budget`), every look at the clock
(:func:`pencilsat.core.clock.check_clock`, between pieces of a build and between solver
calls) also looks at the process's resident size, and past the budget raises
:class:`~pencilsat.core.result.MemoryLimitReached`: ``unknown``, "memory limit reached".
"""

from __future__ import annotations

import math
import os
import re
from contextlib import AbstractContextManager
from contextvars import ContextVar, Token
from time import perf_counter

from pencilsat.core.errors import InputError
from pencilsat.core.result import MemoryLimitReached

DEFAULT_MAX_MEMORY = 1 * 2**30
"""1 GiB: the budget that keeps every genre's default strategy under 1.5 GB of peak on any
grid (the run stops within a piece of its build, or a solver call, past it; see
``docs/cli.md`` for the measured peaks); ``--max-memory`` (or ``max_memory=``) raises it."""
LOOK_EVERY_S = 0.01
"""Reading the resident size costs about 20 microseconds; at most one look this often."""
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
START_ALLOWANCE = 256 * 2**20
"""What a process may hold before a solve without it counting against the budget: a fresh
``pencilsat solve`` holds 60-140 MB when its strategy starts, so its whole resident size is
held to the budget; a worker or test process that holds more from earlier work (freed memory
the allocator keeps) is held to the budget plus that excess, not stopped at once."""
_limit: ContextVar[int | None] = ContextVar("memory_limit", default=None)
"""The budget of the :func:`memory_budget` block this thread (or task) runs in: a context
variable, so solves on several threads of one process each keep their own."""
_next_look: ContextVar[float] = ContextVar("memory_next_look", default=0.0)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_memory(text: str) -> int | None:
    """``4G``, ``512M``, ``1.5G``, ``2000000000`` or ``inf`` (no budget: ``None``)."""
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    if cleaned in ("INF", "NONE"):
        return None
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([KMGT]?)", cleaned)
    if match is None or float(match[1]) <= 0:
        raise InputError(f"{text!r} is not an amount of memory", source="max_memory",
                         hint="write e.g. 4G, 512M or inf")
    return int(float(match[1]) * _UNITS[match[2]])


def check_budget(value: int | float | None) -> int | None:
    """A positive number of bytes, or ``None`` / infinity for no budget."""
    if value is None or value == math.inf:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise InputError(f"{value!r} is not a positive number of bytes", source="max_memory",
                         hint="give bytes > 0, or None for no budget")
    return int(value)


def describe(size: float) -> str:
    """``3.2 GB``, ``840 MB``: a size for people (powers of 1024)."""
    for unit, scale in (("TB", 2**40), ("GB", 2**30), ("MB", 2**20)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit}" if size < 100 * scale else \
                f"{size / scale:,.0f} {unit}"
    return f"{size / 2**10:,.0f} KB"


def memory_limit() -> int | None:
    """The budget of the :func:`memory_budget` block this runs in, in bytes (``None``: none)."""
    return _limit.get()


def memory_budget(budget: int | None) -> AbstractContextManager[None]:
    """Hold the process to ``budget`` bytes of resident memory for the block (``None``: no
    budget), plus what it held on entry beyond ``START_ALLOWANCE``: :func:`check_memory`
    raises once that is passed."""
    return _Budget(budget)


class _Budget:
    """:func:`memory_budget`'s block, a plain class: a generator-based context manager costs
    several times as much, and every solve enters one (a 9x9 Sudoku takes ~0.3 ms)."""

    __slots__ = ("budget", "tokens")

    def __init__(self, budget: int | None) -> None:
        self.budget = budget
        self.tokens: tuple[Token[int | None], Token[float]] | None = None

    def __enter__(self) -> None:
        budget = self.budget
        if budget is None:
            self.tokens = (_limit.set(None), _next_look.set(0.0))
            return
        size = resident_bytes()
        limit = budget + max(0, (size or 0) - START_ALLOWANCE)
        # The size just read counts as the block's first look: a small solve that ends
        # within LOOK_EVERY_S reads it once, not twice; a process already past the
        # budget is still stopped at its first check.
        fits = size is not None and size <= limit
        self.tokens = (_limit.set(limit),
                       _next_look.set(perf_counter() + LOOK_EVERY_S if fits else 0.0))

    def __exit__(self, *exc: object) -> None:
        assert self.tokens is not None
        limit, look = self.tokens
        _next_look.reset(look)
        _limit.reset(limit)


_statm: tuple[int, int] | None = None
"""(process id, descriptor of its ``/proc/self/statm``), kept open: reading it again costs a
few microseconds, opening it each time several times that (a solve of a small puzzle
looks twice). A forked child opens its own (the parent's file describes the parent)."""
_last_read: tuple[int, float, int | None] = (0, -math.inf, None)
"""(process id, ``perf_counter`` time, size) of the last reading: one younger than
``LOOK_EVERY_S`` is reused, so that a run of small solves (a Sudoku line takes ~0.2 ms,
and each enters a :func:`memory_budget` block) reads the file once every ``LOOK_EVERY_S``,
not once a solve."""


def resident_bytes() -> int | None:
    """The process's resident size (Linux: ``/proc/self/statm``), read at most
    ``LOOK_EVERY_S`` ago; ``None`` elsewhere."""
    global _statm, _last_read
    pid = os.getpid()
    now = perf_counter()
    if _last_read[0] == pid and now - _last_read[1] < LOOK_EVERY_S:
        return _last_read[2]
    try:
        if _statm is None or _statm[0] != pid:
            _statm = (pid, os.open("/proc/self/statm", os.O_RDONLY | os.O_CLOEXEC))
        size: int | None = int(os.pread(_statm[1], 256, 0).split()[1]) * _PAGE
    except (OSError, IndexError, ValueError, AttributeError):
        size = None
    _last_read = (pid, now, size)
    return size


def check_memory(phase: str = "encoding") -> None:
    """Raise :class:`MemoryLimitReached` (in ``phase``) when the process is past the budget of
    the :func:`memory_budget` block it runs in."""
    limit = _limit.get()
    if limit is None:
        return
    now = perf_counter()
    if now < _next_look.get():
        return
    _next_look.set(now + LOOK_EVERY_S)
    size = resident_bytes()
    if size is not None and size > limit:
        raise MemoryLimitReached(phase)
