"""Per-genre text operations in one table, so the front and the CLI stay genre-agnostic."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pencilsat.core.values import Violation
from pencilsat.puzzles import lightup, masyu, sudoku


@dataclass(frozen=True)
class Genre:
    name: str
    parse_puzzle: Callable[[str], Any]
    format_puzzle: Callable[[Any], str]
    parse_solution: Callable[[str], Any]
    solution_rows: Callable[[Any, Any], list[str]]
    draw: Callable[[Any, Any], str]
    check: Callable[[Any, Any], list[Violation]]
    why_none: Callable[[Any], str | None] = lambda puzzle: None
    """A reason, in the puzzle's own terms, that it has no solution, when one is cheap to see
    (Sudoku: clues that repeat a digit); ``None`` when there is none to give."""


def _sudoku_solution(text: str) -> sudoku.SudokuSolution:
    return sudoku.SudokuSolution(sudoku.parse_puzzle(text).clues)


GENRES: dict[str, Genre] = {
    "masyu": Genre(
        "masyu", masyu.parse_puzzle, masyu.format_puzzle, masyu.parse_solution,
        lambda p, s: masyu.solution_rows(s), masyu.draw_ascii, masyu.check,
    ),
    "lightup": Genre(
        "lightup", lightup.parse_puzzle, lightup.format_puzzle, lightup.parse_solution,
        lightup.solution_rows, lightup.draw_text, lightup.check,
    ),
    "sudoku": Genre(
        "sudoku", sudoku.parse_puzzle, lambda p: sudoku.format_line(p.clues) + "\n",
        _sudoku_solution, lambda p, s: sudoku.solution_rows(s), sudoku.draw_text, sudoku.check,
        sudoku.clue_clash,
    ),
}


def genre_of(puzzle: Any) -> Genre:
    return GENRES[puzzle.genre]
