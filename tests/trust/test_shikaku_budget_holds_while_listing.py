"""Shikaku's exactly-one groups (one per number, one per cell) are listed in steps, with a
look at the memory budget between two: a 1000x1000 checkerboard of 2s (500,000 numbers)
listed a number's group and the answer's variables all at once after its rectangles, about
250 MB of lists between two looks, and peaked at 420 MB under a 200 MB budget.

Counted, not timed or measured: a budget found passed at the first look once the listing
has begun stops it there, with no group listed, and the run ends ``unknown`` for memory."""

from __future__ import annotations

import sys

from pencilsat.api import solve
from pencilsat.core import memory
from pencilsat.encodings import partition
from pencilsat.encodings.partition import CLOCK_STEP, PlacementPartition
from pencilsat.puzzles.shikaku import parse_puzzle

SIDE = 160
"""12,800 numbers: four steps of ``CLOCK_STEP`` groups."""


def checkerboard(side: int) -> str:
    rows = (" ".join("2" if (r + c) % 2 == 0 else "." for c in range(side))
            for r in range(side))
    return f"shikaku {side} {side}\n" + "\n".join(rows) + "\n"


def _groups_listed_so_far() -> int | None:
    """The groups :meth:`PlacementPartition.counts` has listed, read in its frame (``None``
    outside it)."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code is PlacementPartition.counts.__code__:
            return len(frame.f_locals["out"])
        frame = frame.f_back
    return None


def test_a_budget_passed_while_the_groups_are_listed_stops_the_listing(monkeypatch):
    numbers = SIDE * SIDE // 2
    assert numbers > 3 * CLOCK_STEP
    seen: list[int] = []  # the groups listed at each look made while counts() runs
    passed = [False]

    def resident() -> int:
        listed = _groups_listed_so_far()
        if listed is not None:
            seen.append(listed)
            passed[0] = True  # the budget is found passed from the first look in counts()
        return 2**50 if passed[0] else 1

    monkeypatch.setattr(memory, "resident_bytes", resident)
    monkeypatch.setattr(memory, "LOOK_EVERY_S", 0.0)  # every check looks: counted, not timed
    result = solve(parse_puzzle(checkerboard(SIDE)), max_memory=2**30)
    assert str(result.verdict) == "unknown"
    assert result.message == "memory limit reached while encoding", result.message
    assert seen == [0]  # stopped at its first look, before any group was listed


def test_the_groups_are_listed_with_a_look_between_steps(monkeypatch):
    looks: list[int] = []

    def counted(deadline: float | None, phase: str = "encoding") -> None:
        listed = _groups_listed_so_far()
        if listed is not None:
            looks.append(listed)

    monkeypatch.setattr(partition, "check_clock", counted)
    from pencilsat.encodings.shikaku import build

    encoding = build(parse_puzzle(checkerboard(SIDE)))
    numbers = SIDE * SIDE // 2
    assert len(encoding.sizes) == numbers + SIDE * SIDE
    owners = [listed for listed in looks if listed < numbers]
    assert owners == list(range(0, numbers, CLOCK_STEP))  # a look every CLOCK_STEP numbers

