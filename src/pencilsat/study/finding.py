"""The study's measures of *finding* a step (Pelánek 2011), for the genres whose grader logs
steps that can be replayed: today Sudoku.

``finding.*`` are :func:`pencilsat.grading.sudoku.finding.finding_measures` of the grade
(singles open before each step by kind, search and scan costs, dependency, cells to fill),
and ``grade.score_time`` is the grader's human-time estimate in seconds
(:mod:`pencilsat.grading.sudoku.human_time`). They sit in the grader's package because the
grader's ``score_time`` reads them; this module names them for the study.
"""

from __future__ import annotations

from typing import Any

from pencilsat.grading.sudoku.finding import finding_measures


def finding_family(puzzle: Any, grade: Any) -> dict[str, float]:
    """The ``finding`` measures of ``grade`` (a grade of ``puzzle``), plus
    ``grade.score_time``; empty for a genre without them."""
    if getattr(puzzle, "genre", None) != "sudoku":
        return {}
    clues = [int(v) for v in puzzle.clues.flat]
    out = {f"finding.{name}": value
           for name, value in finding_measures(clues, grade.steps).items()}
    estimate = getattr(grade.extras, "score_time", None)
    if estimate is not None:
        out["grade.score_time"] = float(estimate.seconds)
    return out
