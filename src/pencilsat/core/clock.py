"""Deadlines: a time limit becomes a ``perf_counter`` time that every layer can look at.

Builders of large encodings and searches between solver calls call :func:`check_clock`;
it raises :class:`~pencilsat.core.result.TimeLimitReached`, which only the uniqueness
procedure catches, or its kind ``MemoryLimitReached`` when the process is past its memory
budget (:func:`pencilsat.core.memory.check_memory`, looked at on the same occasions).

A run made of many solves that were not each given a deadline (a generator's trials) sets an
*ambient* deadline with :func:`deadline_scope`: :func:`check_clock`, the PySAT slices
(``backends.pysat_calls.solve``) and CP-SAT sessions stop at the earlier of theirs and it.
It only ever stops a search; it never changes the path of one that ends in time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter

from pencilsat.core.memory import check_memory
from pencilsat.core.result import TimeLimitReached

_AMBIENT: ContextVar[float | None] = ContextVar("pencilsat_ambient_deadline", default=None)


@contextmanager
def deadline_scope(deadline: float | None) -> Iterator[None]:
    """Within the block, every search stops by ``deadline`` (a ``perf_counter`` time) as
    well as by its own (the earlier of an outer scope's and this one)."""
    token = _AMBIENT.set(earliest(deadline))
    try:
        yield
    finally:
        _AMBIENT.reset(token)


def ambient_deadline() -> float | None:
    """The deadline of the innermost :func:`deadline_scope` (``None``: none)."""
    return _AMBIENT.get()


def earliest(deadline: float | None) -> float | None:
    """The earlier of ``deadline`` and the ambient one (``None`` when neither is set)."""
    ambient = _AMBIENT.get()
    if ambient is None:
        return deadline
    return ambient if deadline is None else min(deadline, ambient)


def deadline_of(time_limit: float | None) -> float | None:
    """The ``perf_counter`` time a run of ``time_limit`` seconds must end by."""
    return None if time_limit is None else perf_counter() + time_limit


def remaining(deadline: float | None) -> float | None:
    """Seconds left before ``deadline`` (negative once past); ``None`` without one."""
    return None if deadline is None else deadline - perf_counter()


def check_clock(deadline: float | None, phase: str = "encoding") -> None:
    """Raise :class:`TimeLimitReached` (in ``phase``) once ``deadline`` has passed, or
    ``MemoryLimitReached`` once the memory budget has; the ambient deadline counts too."""
    deadline = earliest(deadline)
    if deadline is not None and perf_counter() > deadline:
        raise TimeLimitReached(phase)
    check_memory(phase)
