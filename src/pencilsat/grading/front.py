"""Grade a puzzle for human difficulty, but only once its solution is proven unique.

A difficulty grade of a puzzle with no or several answers means nothing, so this front runs the
genre's default solver first and calls the genre's deduction engine only for ``unique``. The
engines themselves (``grading/masyu.py``, ``sudoku.py``, ``lightup.py``) read only the puzzle:
they never import a solver and never see the solution.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from pencilsat.solvers.front import solve
from pencilsat.solvers.result import SolveResult, Verdict

GRADERS = {
    "masyu": "pencilsat.grading.masyu:grade_masyu",
    "sudoku": "pencilsat.grading.sudoku:grade_sudoku",
    "lightup": "pencilsat.grading.lightup:grade_lightup",
}


@dataclass
class GradeResult:
    """The uniqueness verdict, and the grade when (and only when) the verdict is unique."""

    verdict: Verdict
    solve_result: SolveResult
    grade: Any = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"verdict": self.verdict.value}
        if self.grade is not None:
            data.update(self.grade.to_json())
        else:
            data.update({"level": None, "finished": None, "techniques": {}, "steps": []})
        return data


def grader_for(genre: str) -> Any:
    module, attr = GRADERS[genre].split(":")
    return getattr(importlib.import_module(module), attr)


def grade(puzzle: Any, *, time_limit: float | None = None) -> GradeResult:
    """Prove uniqueness with the default strategy, then grade with the genre's engine."""
    result = solve(puzzle, time_limit=time_limit)
    if result.verdict != Verdict.UNIQUE:
        return GradeResult(result.verdict, result)
    return GradeResult(result.verdict, result, grader_for(puzzle.genre)(puzzle))
