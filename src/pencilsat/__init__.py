"""pencilsat: solve pencil puzzles with SAT and CP-SAT, prove uniqueness, grade difficulty.

The top-level API, loaded on first use so that ``import pencilsat`` stays cheap::

    import pencilsat
    puzzle = pencilsat.read_puzzle("examples/masyu_36x20.txt")   # or a URL, a game ID
    result = pencilsat.solve(puzzle)            # verdict, solution, second solution, stats
    graded = pencilsat.grade(puzzle)            # uniqueness first, then the human grade
    for record in pencilsat.solve_many(paths):  # every core; records as in docs/batch.md
        print(record.line, record.verdict)
    problems = pencilsat.check(puzzle, result.solution)   # independent rule checker
    made = pencilsat.generate("sudoku", 9, 9, level=2, seed=4)   # made to order: made.text
    pencilsat.study("labels.tsv", "out")      # measures against difficulty labels (extra)

Every function also takes a path (``str`` or ``Path``), a puzz.link URL, a Tatham game ID or
a one-line Sudoku where it takes a puzzle; a bad option raises :class:`InputError` naming it.
"""

from __future__ import annotations

from pencilsat.core.version import __version__

TYPE_CHECKING = False  # not typing's: importing typing here would cost every run
if TYPE_CHECKING:
    from typing import Any

    from pencilsat.api import (
        PuzzleSource,
        check,
        grade,
        parse_puzzle,
        read_puzzle,
        solve,
        solve_many,
    )
    from pencilsat.batch.records import BatchRecord
    from pencilsat.core.errors import InputError
    from pencilsat.core.result import SolveResult, SolveStats, Verdict
    from pencilsat.grading.front import GradeResult
    from pencilsat.study import StudyResult, study
    from pencilsat.to_order import GeneratedPuzzle, generate

__all__ = ["__version__", "solve", "solve_many", "grade", "read_puzzle", "parse_puzzle", "check",
           "InputError", "PuzzleSource", "SolveResult", "SolveStats", "GradeResult", "Verdict",
           "BatchRecord", "study", "StudyResult", "generate", "GeneratedPuzzle"]
_HOMES = {
    "solve": "pencilsat.api", "solve_many": "pencilsat.api", "grade": "pencilsat.api",
    "read_puzzle": "pencilsat.api",
    "parse_puzzle": "pencilsat.api", "check": "pencilsat.api", "PuzzleSource": "pencilsat.api",
    "InputError": "pencilsat.core.errors", "SolveResult": "pencilsat.core.result",
    "SolveStats": "pencilsat.core.result", "Verdict": "pencilsat.core.result",
    "GradeResult": "pencilsat.grading.front", "BatchRecord": "pencilsat.batch.records",
    "study": "pencilsat.study", "StudyResult": "pencilsat.study",
    "generate": "pencilsat.to_order", "GeneratedPuzzle": "pencilsat.to_order",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pencilsat' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once: ``pencilsat.solve`` in a loop pays nothing more
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
