"""pencilsat: solve pencil puzzles with SAT and CP-SAT, prove uniqueness, grade difficulty.

The top-level API, loaded lazily so ``import pencilsat`` stays cheap::

    import pencilsat
    puzzle = pencilsat.read_puzzle("examples/masyu_36x20.txt")
    result = pencilsat.solve(puzzle)            # verdict, solution, second solution, stats
    graded = pencilsat.grade(puzzle)            # uniqueness first, then the human grade
    problems = pencilsat.check(puzzle, result.solution)   # independent rule checker
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["solve", "grade", "read_puzzle", "parse_puzzle", "check", "InputError"]


def solve(puzzle: Any, **options: Any) -> Any:
    """See :func:`pencilsat.strategies.front.solve`."""
    from pencilsat.strategies.front import solve as _solve

    return _solve(puzzle, **options)


def grade(puzzle: Any, **options: Any) -> Any:
    """See :func:`pencilsat.grading.front.grade`."""
    from pencilsat.grading.front import grade as _grade

    return _grade(puzzle, **options)


def read_puzzle(path: str) -> Any:
    """Read a puzzle from a file (``-`` for stdin), detecting its format."""
    from pencilsat.cli import load_puzzle

    return load_puzzle(path)


def parse_puzzle(text: str) -> Any:
    """Parse puzzle text in any supported format."""
    from pencilsat.formats.detect import read_puzzle

    return read_puzzle(text)


def check(puzzle: Any, solution: Any) -> list[Any]:
    """The genre's independent rule checker: an empty list means valid."""
    from pencilsat.genres import genre_of

    return genre_of(puzzle).check(puzzle, solution)


def __getattr__(name: str) -> Any:
    if name == "InputError":
        from pencilsat.core.errors import InputError

        return InputError
    raise AttributeError(name)
