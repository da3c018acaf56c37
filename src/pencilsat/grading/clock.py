"""The grading time limit: engines look at the clock between steps.

``pencilsat grade --time-limit S`` bounds the whole command, uniqueness proof and grading
together. A Masyu grade can take seconds (14 s on the slowest corpus puzzle, mostly trials;
``python benchmarks/grade_masyu.py`` measures it), so each engine calls
:func:`check_deadline` between deductions and trials; past the deadline it raises
:class:`GradingTimeOut`, and the front reports the puzzle as unique but not graded, with the
time-out exit status (3): a time-out is never a level.
"""

from __future__ import annotations

from time import perf_counter

from pencilsat.core.clock import earliest

TIMED_OUT_REASON = "not graded: time limit reached while grading"
"""The ``reason`` a JSON record gives for a unique puzzle whose grading ran out of time."""


class GradingTimeOut(Exception):
    """The time limit ran out while a unique puzzle was being graded."""


def check_deadline(deadline: float | None) -> None:
    """Raise ``GradingTimeOut`` once ``deadline`` (a ``time.perf_counter`` value) has passed,
    or the ambient one (``core.clock.deadline_scope``: a generation's time limit)."""
    deadline = earliest(deadline)
    if deadline is not None and perf_counter() > deadline:
        raise GradingTimeOut
