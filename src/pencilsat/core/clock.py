"""Deadlines: a time limit becomes a ``perf_counter`` time that every layer can look at.

Builders of large encodings and searches between solver calls call :func:`check_clock`;
it raises :class:`~pencilsat.core.result.TimeLimitReached`, which only the uniqueness
procedure catches, or its kind ``MemoryLimitReached`` when the process is past its memory
budget (:func:`pencilsat.core.memory.check_memory`, looked at on the same occasions).
"""

from __future__ import annotations

from time import perf_counter

from pencilsat.core.memory import check_memory
from pencilsat.core.result import TimeLimitReached


def deadline_of(time_limit: float | None) -> float | None:
    """The ``perf_counter`` time a run of ``time_limit`` seconds must end by."""
    return None if time_limit is None else perf_counter() + time_limit


def remaining(deadline: float | None) -> float | None:
    """Seconds left before ``deadline`` (negative once past); ``None`` without one."""
    return None if deadline is None else deadline - perf_counter()


def check_clock(deadline: float | None, phase: str = "encoding") -> None:
    """Raise :class:`TimeLimitReached` (in ``phase``) once ``deadline`` has passed, or
    ``MemoryLimitReached`` once the memory budget has."""
    if deadline is not None and perf_counter() > deadline:
        raise TimeLimitReached(phase)
    check_memory(phase)
