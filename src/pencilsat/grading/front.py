"""Grade a puzzle for human difficulty, but only once its solution is proven unique.

A difficulty grade of a puzzle with no or several answers means nothing, so this front runs the
genre's default solver first and calls the genre's deduction engine only for ``unique``. The
engines themselves (the packages ``grading/masyu``, ``sudoku`` and ``lightup``) read only the
puzzle: they never import a solver and never see the solution.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from time import perf_counter
from typing import Any, Protocol

from pencilsat.core import registry
from pencilsat.core.errors import InputError, NotGradable
from pencilsat.core.result import SolveResult, Verdict
from pencilsat.core.values import Cell, Puzzle
from pencilsat.grading.clock import TIMED_OUT_REASON, GradingTimeOut
from pencilsat.grading.steps import Grade, GradeExtras, Step
from pencilsat.strategies.front import solve


class Grader(Protocol):
    """A genre's grading function, ``grade_<genre>(puzzle, *, deadline, faithful, score)``: it
    reads only the puzzle and raises ``GradingTimeOut`` past ``deadline`` (a
    ``time.perf_counter`` value). ``faithful`` keeps the paper's behaviour where the grader
    goes beyond it (Light Up: no contradiction trials, so a puzzle the 25 techniques do not
    finish is unrated). ``score=False`` grades the level only: the work only the score needs
    is skipped (Light Up's counting run, Sudoku's forcing probe) and ``score`` is ``None``;
    level, steps and techniques are the same. ``puzzle`` is that genre's own model
    (``MasyuPuzzle``, ...), which a protocol shared by all genres cannot name, hence
    ``Any``."""

    def __call__(self, puzzle: Any, *, deadline: float | None = None,
                 faithful: bool = False, score: bool = True) -> Grade[GradeExtras]: ...


class PartialGrading(Protocol):
    """``partial=``: the module that starts a genre's grader from a partly solved grid
    (hints, ``desk/hint.py``), and what a step of the genre says about an answer
    (``agrees``; ``FACTS_IN_JSON``, the fact lists its step's JSON always has)."""

    FACTS_IN_JSON: tuple[str, ...]

    def next_step(self, puzzle: Any, partial: Any, *,
                  deadline: float | None = None) -> Step | None: ...

    def mistakes(self, puzzle: Any, partial: Any, solution: Any, /) -> list[Cell]: ...

    def shown_after(self, puzzle: Any, steps: Iterable[Step], partial: Any = None,
                    /) -> Any: ...

    def cells_of(self, step: Step, /) -> list[Cell]: ...

    def agrees(self, step: Step, solution: Any, /) -> bool: ...


@dataclass
class GradeResult:
    """The uniqueness verdict, and the grade when (and only when) the verdict is unique and
    grading ended within the time limit (``timed_out``: it did not)."""

    verdict: Verdict
    solve_result: SolveResult
    grade: Grade[GradeExtras] | None = None
    timed_out: bool = False
    not_graded: str | None = None
    """Why a unique puzzle has no grade although time was left (a Sudoku other than 9x9)."""

    @property
    def exit_code(self) -> int:
        """The verdict's exit status, or 3 (time-out) when grading ran out of time."""
        return Verdict.UNKNOWN.exit_code if self.timed_out else self.verdict.exit_code

    @property
    def reason(self) -> str | None:
        """Why there is no grade (``None`` when there is one), for the JSON ``reason`` and the
        CLI's ``verdict: … — not graded: …`` line alike."""
        if self.timed_out:
            return TIMED_OUT_REASON.removeprefix("not graded: ")
        if self.grade is not None:
            return None
        if self.not_graded:
            return self.not_graded
        if self.verdict == Verdict.UNKNOWN:
            return "the time limit ran out before uniqueness was proven"
        return "a difficulty grade needs a puzzle with exactly one solution"

    def to_dict(self) -> dict[str, object]:
        """The ``grade --json`` object: the verdict, then the grade's keys (``level`` null and
        a ``reason`` when there is no grade)."""
        data: dict[str, object] = {"verdict": self.verdict.value}
        if self.grade is not None:
            data.update(self.grade.to_dict())
        else:
            data.update({"level": None, "score": None, "finished": None, "techniques": {},
                         "steps": []})
        if self.grade is None or self.timed_out:
            data["reason"] = f"not graded: {self.reason}"
        return data

    to_json = to_dict


def grader_for(genre: str) -> Grader:
    """The genre's grading function, from the registry; an InputError for a genre without
    one."""
    entry = registry.genre(genre)
    if entry.grader is None:
        raise InputError(f"{entry.title} has no grader yet", source="grade",
                         hint="grading covers " + ", ".join(
                             g.name for g in registry.GENRES.values() if g.grader))
    grader: Grader = registry.load(entry.grader)
    return grader


def grade(puzzle: Puzzle, *, time_limit: float | None = None, faithful: bool = False,
          score: bool = True) -> GradeResult:
    """Prove uniqueness with the default strategy, then grade with the genre's engine;
    ``time_limit`` bounds both together (``faithful``, ``score``: see :class:`Grader`)."""
    deadline = None if time_limit is None else perf_counter() + time_limit
    return grade_proven(puzzle, solve(puzzle, time_limit=time_limit), deadline=deadline,
                        faithful=faithful, score=score)


def grade_proven(puzzle: Puzzle, result: SolveResult, *, deadline: float | None = None,
                 faithful: bool = False, score: bool = True) -> GradeResult:
    """Grade ``puzzle`` whose uniqueness ``result`` is already known (the Sudoku batch path
    proves many at once): the genre's engine runs only on ``unique``, until ``deadline`` (a
    ``time.perf_counter`` value)."""
    if result.verdict != Verdict.UNIQUE:
        return GradeResult(result.verdict, result)
    try:
        return GradeResult(result.verdict, result,
                           grader_for(puzzle.genre)(puzzle, deadline=deadline,
                                                    faithful=faithful, score=score))
    except GradingTimeOut:
        return GradeResult(result.verdict, result, timed_out=True)
    except NotGradable as err:
        return GradeResult(result.verdict, result, not_graded=str(err))
