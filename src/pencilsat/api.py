"""The library's front door: typed functions that take a puzzle in any form a user has it.

A ``PuzzleSource`` is a puzzle model, a path (``str`` or ``Path``), ``-`` for standard
input, a puzz.link URL, a Tatham game ID or a one-line Sudoku. Every bad option raises
:class:`~pencilsat.core.errors.InputError` naming the option and the allowed values.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Union

from pencilsat.core.errors import InputError
from pencilsat.core.values import Puzzle, Violation

if TYPE_CHECKING:
    from pencilsat.core.result import SolveResult
    from pencilsat.grading.front import GradeResult

PuzzleSource = Union[Puzzle, str, "os.PathLike[str]"]
"""A puzzle model, a path, ``-``, a puzz.link URL, a Tatham game ID or a one-line Sudoku."""


def read_puzzle(source: PuzzleSource) -> Puzzle:
    """The puzzle ``source`` names (see :data:`PuzzleSource`); the format is detected."""
    from pencilsat.core.registry import GENRES

    if isinstance(getattr(source, "genre", None), str) and source.genre in GENRES:  # type: ignore[union-attr]
        return source  # type: ignore[return-value]
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise InputError(f"cannot read a puzzle from {type(source).__name__}",
                         source="puzzle",
                         hint="give a puzzle model, a path, a URL, a game ID or a Sudoku line")
    from pencilsat.formats.detect import read_input

    return read_input(source)


def parse_puzzle(text: str) -> Puzzle:
    """Read puzzle text in any supported format (the format is detected)."""
    from pencilsat.formats.detect import read_puzzle as read_text

    return read_text(text)


def solve(
    puzzle: PuzzleSource,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    max_memory: float | None = 4 * 2**30,
    backbone: bool = False,
    count: int | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its solution unique, or find a second one.

    ``encoding``: a strategy of the genre (``None``: the fastest); ``backend``: ``cnf`` or
    ``cpsat``; ``sat_solver``: ``cadical``, ``glucose``, ``minisat`` or a PySAT name;
    ``time_limit``: seconds for the whole run (``unknown`` when reached); ``max_memory``:
    bytes a strategy may plan for (``None``: no budget), a model that would not fit is not
    built (``unknown``, naming a cheaper strategy). The result's
    ``verdict`` is unique, multiple, none or unknown; every solution in it has passed the
    genre's independent rule checker. ``backbone=True`` adds ``result.backbone``: the cells
    whose value differs between solutions (none for a unique puzzle); ``count=N`` adds
    ``result.count``: up to N solutions, listed, and whether that is all of them. Both run
    on the same incremental search, within ``time_limit``.
    """
    from pencilsat.strategies.front import solve as solve_puzzle
    from pencilsat.strategies.solution_space import Exploration

    if not isinstance(backbone, bool):
        raise InputError(f"{backbone!r} is not True or False", source="backbone",
                         hint="give backbone=True to ask for the backbone")
    task = Exploration(count=count, backbone=True) if backbone else (
        Exploration(count=count) if count is not None else None)
    return solve_puzzle(read_puzzle(puzzle), encoding=encoding, backend=backend,
                        sat_solver=sat_solver, time_limit=time_limit, max_memory=max_memory,
                        explore=task)


def grade(puzzle: PuzzleSource, *, time_limit: float | None = None) -> GradeResult:
    """Prove ``puzzle`` unique, then grade it with its genre's human-technique grader;
    ``time_limit`` bounds both together."""
    from pencilsat.grading.front import grade as grade_puzzle
    from pencilsat.strategies.front import check_time_limit

    return grade_puzzle(read_puzzle(puzzle), time_limit=check_time_limit(time_limit))


def check(puzzle: PuzzleSource, solution: Any) -> list[Violation]:
    """Every rule ``solution`` breaks in ``puzzle`` (empty: valid), by the genre's
    independent rule checker. ``solution`` is a solution object or anything ``solve``
    writes: the ``--json`` object or its ``solution`` rows, the text drawing (alone or in
    the whole output), or the corpus solution format."""
    from pencilsat.core.registry import rules_of
    from pencilsat.formats.solution_input import read_solution

    model = read_puzzle(puzzle)
    return rules_of(model).check(model, read_solution(model, solution))
