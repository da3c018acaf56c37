"""Masyu from a partly solved grid: the next step of Sato's grader (a hint), the mistakes of a
partial loop, and the loop the first steps of a grade have drawn (for replaying them).

A partial grid is pipe-letter rows (``masyu-solution`` text): the lines drawn are known, the
rest is open. The next step is the first deduction a level run makes from there, trying level
1 first, so the hint is the easiest step the grader knows.
"""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.grading.masyu.engine import DEFAULT_MAX_TRIALS, LevelRun
from pencilsat.grading.masyu.state import PASSED, Finding, Geometry, Record
from pencilsat.grading.steps import Step
from pencilsat.puzzles.masyu import MasyuPuzzle, MasyuSolution


class _FirstStep(Exception):  # noqa: N818 - a signal, not an error
    def __init__(self, step: Step) -> None:
        super().__init__(step.technique)
        self.step = step


class _HintRun(LevelRun):
    """A level run that stops at its first logged step."""

    def record_into(self, steps: list[Step]) -> Record:
        record = super().record_into(steps)
        if steps is not self.steps:
            return record  # a contradiction trial's own log

        def first(ded: Finding, changed: list[tuple[int, int]]) -> None:
            record(ded, changed)
            if steps:
                raise _FirstStep(steps[0])

        return first


def next_step(puzzle: MasyuPuzzle, partial: MasyuSolution, *,
              deadline: float | None = None) -> Step | None:
    """The easiest step Sato's grader takes from ``partial`` (``None``: it is stuck, or the
    loop is complete)."""
    geometry = Geometry(puzzle)
    ids = {(geometry.rc(a), geometry.rc(b)): e
           for e, (a, b) in enumerate(geometry.edge_cells) if e}
    for level in (1, 2, 3):
        run = _HintRun(geometry, level, DEFAULT_MAX_TRIALS, deadline)
        for edge in partial.edges:
            if edge in ids:
                run.st.set_edge(ids[edge], PASSED)
        try:
            run.solve()
        except _FirstStep as found:
            return found.step
    return None


def mistakes(puzzle: MasyuPuzzle, partial: MasyuSolution,
             solution: MasyuSolution) -> list[Cell]:
    """The cells of lines drawn in ``partial`` that ``solution`` does not use; a line that
    leaves the grid names its cell inside only."""
    return sorted({(r, c) for edge in partial.edges - solution.edges for r, c in edge
                   if 0 <= r < puzzle.height and 0 <= c < puzzle.width})


def shown_after(puzzle: MasyuPuzzle, steps: Iterable[Step],
                partial: MasyuSolution | None = None) -> MasyuSolution:
    """The lines known after ``steps`` (from ``partial``, or from the bare puzzle)."""
    used = set(partial.edges) if partial is not None else set()
    for step in steps:
        for a, b, on in step.edges:
            if on:
                used.add((a, b))
    return MasyuSolution.from_edges(used, puzzle.width, puzzle.height)


def cells_of(step: Step) -> list[Cell]:
    """The cells whose borders ``step`` fixes."""
    return sorted({cell for a, b, _ in step.edges for cell in (a, b)})


FACTS_IN_JSON = ("edges",)
"""The fact lists a Masyu step always carries in its JSON."""


def agrees(step: Step, solution: MasyuSolution) -> bool:
    """Whether every border ``step`` fixes is used (or unused) in ``solution``."""
    return all(((a, b) in solution.edges) == used for a, b, used in step.edges)
