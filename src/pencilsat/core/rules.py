"""What every genre's model module offers, as one value the registry hands out.

A genre's ``puzzles/<genre>.py`` ends with ``RULES = GenreRules(...)``: how to read and write
its puzzles and solutions as text, its independent rule checker, its text drawing and, when
it is cheap to see, why a puzzle has no solution. Detection, the CLI, the front and the batch
paths use these through :func:`pencilsat.core.registry.rules_of` and never test a puzzle's
type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pencilsat.core.values import Violation


def _no_reason(puzzle: Any) -> str | None:
    return None


@dataclass(frozen=True)
class GenreRules:
    """A genre's text formats, rule checker and text drawing.

    ``parse_puzzle(text, name)`` reads the corpus text format (header ``<genre> W H``);
    ``parse_solution(text, puzzle)`` reads the corpus solution format, or the rows
    ``solution_rows`` writes (the JSON ``solution`` field); ``check(puzzle, solution)`` lists
    every broken rule (empty: valid); ``draw_text(puzzle, solution or None)`` is the drawing
    ``solve`` prints.
    """

    puzzle_type: type
    solution_type: type
    parse_puzzle: Callable[[str, str], Any]
    format_puzzle: Callable[[Any], str]
    parse_solution: Callable[[str, Any], Any]
    solution_rows: Callable[[Any, Any], list[str]]
    format_solution: Callable[[Any, Any], str]
    check: Callable[[Any, Any], list[Violation]]
    draw_text: Callable[[Any, Any], str]
    why_none: Callable[[Any], str | None] = _no_reason
    """A reason, in the puzzle's own terms, that it has no solution when one is cheap to see
    (Sudoku: clues that repeat a digit); ``None`` when there is none to give."""
    parse_drawing: Callable[[list[str], Any], Any] | None = None
    """The solution of ``draw_text``'s drawing, given as its lines (``verify`` reads what
    ``solve`` prints); ``None`` when the genre's drawing cannot be read back."""
