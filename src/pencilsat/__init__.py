"""pencilsat: solve pencil puzzles with SAT and CP-SAT, prove uniqueness, grade difficulty.

The top-level API, loaded lazily so ``import pencilsat`` stays cheap::

    import pencilsat
    puzzle = pencilsat.read_puzzle("examples/masyu_36x20.txt")   # or a URL, a game ID
    result = pencilsat.solve(puzzle)            # verdict, solution, second solution, stats
    graded = pencilsat.grade(puzzle)            # uniqueness first, then the human grade
    problems = pencilsat.check(puzzle, result.solution)   # independent rule checker

Every function also takes a path (``str`` or ``Path``), a puzz.link URL, a Tatham game ID or
a one-line Sudoku where it takes a puzzle; a bad option raises :class:`InputError` naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pencilsat.api import PuzzleSource, check, grade, parse_puzzle, read_puzzle, solve
from pencilsat.core.errors import InputError

if TYPE_CHECKING:
    from pencilsat.core.result import SolveResult, Verdict
    from pencilsat.grading.front import GradeResult

__version__ = "0.1.0"
__all__ = ["solve", "grade", "read_puzzle", "parse_puzzle", "check", "InputError",
           "PuzzleSource", "SolveResult", "GradeResult", "Verdict"]


def __getattr__(name: str) -> Any:
    if name in ("SolveResult", "Verdict", "SolveStats"):
        from pencilsat.core import result

        return getattr(result, name)
    if name == "GradeResult":
        from pencilsat.grading.front import GradeResult

        return GradeResult
    raise AttributeError(name)
