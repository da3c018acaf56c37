"""What every genre's model module offers, as one value the registry hands out.

A genre's ``puzzles/<genre>.py`` ends with ``RULES = GenreRules(...)``: how to read and write
its puzzles and solutions as text, its independent rule checker, its text drawing and, when
it is cheap to see, why a puzzle has no solution. Detection, the CLI, the front and the batch
paths use these through :func:`pencilsat.core.registry.rules_of` and never test a puzzle's
type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from pencilsat.core.values import Cell, Violation


def _no_reason(puzzle: Any) -> str | None:
    return None


UNDECIDED = "?"
"""The character of a cell whose value differs between solutions, in backbone rows."""


def masked_rows(rows: list[str], width: int, height: int,
                undecided: Iterable[Cell]) -> list[str] | None:
    """``rows`` with every ``undecided`` cell written ``?``, for solution rows of one
    character per cell; ``None`` for any other layout (a lattice of dots and lines)."""
    if len(rows) != height or any(len(row) != width for row in rows):
        return None
    grid = [list(row) for row in rows]
    for r, c in undecided:
        grid[r][c] = UNDECIDED
    return ["".join(row) for row in grid]


def _masked_solution_rows(rules: GenreRules, puzzle: Any, solution: Any,
                          undecided: Iterable[Cell]) -> list[str] | None:
    return masked_rows(rules.solution_rows(puzzle, solution), puzzle.width, puzzle.height,
                       undecided)


class GenreRules(NamedTuple):
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
    clues: ClueRules | None = None
    """What a clue of this genre is, for the clue tools (``pencilsat clues``); ``None``: the
    genre has none yet."""
    backbone_rows: Callable[[Any, Any, list[Cell]], list[str] | None] | None = None
    """The backbone as text: a solution's rows with the undecided cells marked; ``None``
    (the default) writes ``?`` over them when the rows have one character per cell."""

    def partial_rows(self, puzzle: Any, solution: Any, undecided: list[Cell]) -> list[str] | None:
        """``solution``'s rows with the ``undecided`` cells marked (the JSON
        ``backbone.rows``); ``None`` when the genre's rows cannot show it."""
        if self.backbone_rows is not None:
            return self.backbone_rows(puzzle, solution, undecided)
        return _masked_solution_rows(self, puzzle, solution, undecided)


class Clue(NamedTuple):
    """One clue of a puzzle: where it stands, what it says (``label``: ``B`` a black pearl,
    ``3`` a number or a digit) and, for the genre, its value."""

    cell: Cell
    label: str
    value: int

    def to_dict(self) -> dict[str, object]:
        return {"cell": list(self.cell), "clue": self.label}

    def __str__(self) -> str:
        return f"{self.label} at ({self.cell[0]},{self.cell[1]})"


class ClueRules(NamedTuple):
    """What the clue tools need of a genre.

    ``given(puzzle)`` lists the puzzle's clues; ``without(puzzle, clue)`` and
    ``with_(puzzle, clue)`` are copies of the puzzle with one clue less or more;
    ``offered(puzzle, solution)`` lists the clues one could add that ``solution`` satisfies
    (a pearl the loop passes as a pearl's rule asks, a wall's number, a digit), the
    candidates to make a puzzle with several solutions unique. ``kind`` names a clue in
    messages (``pearl``, ``number``, ``digit``); ``removal`` says what "without" does to
    the clue's cell when it is more than taking the clue away.

    ``without`` must only widen the puzzle (every solution stays one), so that a clue
    whose removal keeps the puzzle unique keeps its solution too.
    """

    kind: str
    given: Callable[[Any], list[Clue]]
    without: Callable[[Any, Clue], Any]
    with_: Callable[[Any, Clue], Any]
    offered: Callable[[Any, Any], list[Clue]]
    removal: str = ""
