"""The editor's hint on a ``multiple`` Sudoku, Killer or Jigsaw Sudoku: is the same grid
unique as an X (diagonal) puzzle?

janko publishes X variants whose files carry no mark (26 Killer and Jigsaw Sudokus of the
corpus are ``multiple`` as plain puzzles and unique as X ones), and an editor who gets
``multiple`` for such a puzzle has no clue why. The user-facing solve paths (``pencilsat
solve``'s text and JSON, :func:`pencilsat.solve`, the desk's solve) call :func:`add_x_hint`
after the run: one more solve, of the grid with both diagonals as houses, inside what is left
of the run's time limit and within its memory budget. Only a unique X reading is told: an X
reading that is also ``multiple`` or has no answer says nothing to an editor of a plain
puzzle (most ``multiple`` Sudokus). The verdict is never changed; a limit reached gives no
hint, not a guess; the X answer reported is the X solve's, which passed the X rule checker.
Generators, clue tools, batches and the study do not call it (a ``multiple`` there is
routine).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

from pencilsat.core.memory import DEFAULT_MAX_MEMORY
from pencilsat.core.result import SolveResult, Verdict
from pencilsat.puzzles.diagonals import DIAGONAL, TITLE, may_hint


@dataclass(frozen=True)
class XVariant:
    """A plain puzzle's grid that is unique as an X puzzle: its X header and its answer as
    the genre's solution rows."""

    title: str
    header: str
    rows: list[str]
    verdict: str = Verdict.UNIQUE.value

    @property
    def text(self) -> str:
        """One line for the text output."""
        return (f"unique as an {TITLE} {self.title}: if that is the puzzle, mark it so "
                f"with the header '{self.header}' (the word '{DIAGONAL}' after the size; "
                "in a Tatham ID, 'x' after the size)")

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "solution": self.rows, "text": self.text}


def add_x_hint(result: SolveResult, time_limit: float | None, started: float,
               max_memory: float | None = DEFAULT_MAX_MEMORY) -> None:
    """Set ``result.x_variant`` when ``result`` is a ``multiple`` plain puzzle of a genre
    with the X variant (the registry's ``x_variant``; side 4 or more) and the X solve proves
    it unique within ``time_limit`` seconds counted from ``started`` (a ``time.perf_counter``
    value: the run's own start) and the run's memory budget ``max_memory`` (bytes; the
    desk's is smaller than the default)."""
    puzzle = result.puzzle
    if not may_hint(result) or puzzle.size < 4:
        return
    left = None if time_limit is None else time_limit - (time.perf_counter() - started)
    if left is not None and left <= 0:
        return
    from pencilsat.core.registry import genre_of
    from pencilsat.strategies.front import solve

    x = dataclasses.replace(puzzle, diagonal=True)
    solved = solve(x, time_limit=left, max_memory=max_memory)
    if solved.verdict != Verdict.UNIQUE:  # unknown: no guess; multiple or none: nothing to tell
        return
    genre = genre_of(puzzle)
    rules = genre.rules()
    header = rules.format_puzzle(x).splitlines()[0]
    rows = rules.solution_rows(x, solved.solution)
    result.x_variant = XVariant(genre.title, header, rows)
