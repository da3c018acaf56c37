"""The next human step from a partly solved grid: a hint, for every graded genre.

The puzzle is proven unique first (a hint means nothing otherwise); the partial grid, in the
genre's solution text with what is not known left open, is checked against the solution,
and a grid with a wrong line, digit or bulb gets its mistakes instead of a step. Otherwise the
genre's grader starts from the partial grid (``Genre.partial`` in the registry) and its
first deduction is the hint: the technique, why, and the cells it fixes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from time import perf_counter
from types import ModuleType
from typing import Any

from pencilsat.core import registry
from pencilsat.core.errors import InputError, NotGradable
from pencilsat.core.result import Verdict
from pencilsat.core.values import Cell
from pencilsat.formats.solution_input import read_solution
from pencilsat.grading.clock import GradingTimeOut
from pencilsat.grading.steps import Step
from pencilsat.strategies.front import check_time_limit, solve


@dataclass
class Hint:
    """A hint: the ``step`` the grader takes next (``None`` with a ``message`` saying why
    not), the ``cells`` it fixes, the ``mistakes`` of the partial grid, whether the partial
    grid is already the whole solution (``finished``)."""

    verdict: Verdict
    step: Step | None = None
    cells: list[Cell] = field(default_factory=list)
    mistakes: list[Cell] = field(default_factory=list)
    finished: bool = False
    message: str = ""

    def to_dict(self) -> dict[str, Any]:
        step = None
        if self.step is not None:
            step = {**self.step.to_dict(), "text": self.step.text}
        return {"verdict": self.verdict.value, "step": step,
                "cells": [list(c) for c in self.cells],
                "mistakes": [list(c) for c in self.mistakes], "finished": self.finished,
                "message": self.message or None}


def partial_rules(puzzle: Any) -> ModuleType:
    """The genre's partial-grid module, or an InputError for a genre without a grader."""
    genre = registry.genre_of(puzzle)
    if genre.partial is None:
        raise InputError(f"{genre.title} has no grader to give hints yet", source="grade",
                         hint="hints cover " + ", ".join(
                             g.name for g in registry.GENRES.values() if g.partial))
    module: ModuleType = registry.load(genre.partial)
    return module


def next_hint(puzzle: Any, partial: Any = None, *, time_limit: float | None = None) -> Hint:
    """The next step from ``partial`` (any form ``verify`` reads, what is unknown left
    open; ``None``: the bare puzzle); ``time_limit`` bounds the proof and the step."""
    rules = partial_rules(puzzle)
    limit = check_time_limit(time_limit)
    deadline = None if limit is None else perf_counter() + limit
    known = None if partial is None else read_solution(puzzle, partial)
    result = solve(puzzle, time_limit=limit)
    if result.verdict != Verdict.UNIQUE:
        return Hint(result.verdict, message="a hint needs a puzzle with exactly one solution"
                    if result.verdict != Verdict.UNKNOWN else
                    "the time limit ran out before uniqueness was proven")
    solution = result.solution
    if known is None:
        known = rules.shown_after(puzzle, [])
    wrong = rules.mistakes(puzzle, known, solution)
    if wrong:
        return Hint(result.verdict, mistakes=wrong,
                    message=f"{len(wrong)} cells of the partial grid disagree with the "
                    "solution: fix them first")
    if rules.shown_after(puzzle, [], known) == solution:
        return Hint(result.verdict, finished=True, message="the grid is solved")
    try:
        step = rules.next_step(puzzle, known, deadline=deadline)
    except GradingTimeOut:
        return Hint(result.verdict, message="the time limit ran out before a step was found")
    except NotGradable as err:
        return Hint(result.verdict, message=f"no hint: {err.message}")
    if step is None:
        return Hint(result.verdict, message="the grader's techniques find no step from here")
    return Hint(result.verdict, step, rules.cells_of(step))
