"""The grade the generator loop steers by: the genre's grader from the registry, called as
``pencilsat grade`` calls it (``grading.front``), on a puzzle already proven unique."""

from __future__ import annotations

from typing import Any

from pencilsat.core.errors import NotGradable
from pencilsat.generators.loop import Grading
from pencilsat.grading.front import grader_for


def grade_for_loop(puzzle: Any, score: bool) -> Grading:
    """The level and (with ``score``) the score of a unique ``puzzle``; a puzzle the grader
    refuses counts as unrated."""
    try:
        grade = grader_for(puzzle.genre)(puzzle, score=score)
    except NotGradable:
        return Grading(None)
    return Grading(grade.level, grade.score)
