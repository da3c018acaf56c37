"""Nonogram in SVG: shaded cells dark, the column clues stacked above the grid and each
row's clue left of it, in the room the panel's layout leaves for them (:func:`clue_space`)."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, frame, grid_lines, highlights, shaded_cells
from pencilsat.puzzles.nonogram import UNKNOWN_LINE, LineClue, NonogramPuzzle, NonogramSolution

CLUE_SIZE = 12.0
"""Font size of the run lengths."""
LINE_STEP = 14
"""Height of one run length in a column's stack."""
DIGIT_WIDTH = 7.5
"""Width of one character of a row's clue (its run lengths and the spaces between)."""
GAP = 6
"""Room between the clues and the grid."""


def _row_text(clue: LineClue) -> str:
    return UNKNOWN_LINE if clue is None else " ".join(map(str, clue))


def _stack(clue: LineClue) -> tuple[int | str, ...]:
    """A column's clue as stacked above it: its run lengths, or ``?`` when not given."""
    return (UNKNOWN_LINE,) if clue is None else clue


def clue_space(puzzle: NonogramPuzzle) -> tuple[int, int]:
    """The room the row clues take left of the grid and the column clues above it."""
    widest = max(len(_row_text(clue)) for clue in puzzle.rows)
    deepest = max(len(_stack(clue)) for clue in puzzle.columns)
    return int(widest * DIGIT_WIDTH) + GAP, deepest * LINE_STEP + GAP


def _text(x: float, y: float, value: str, anchor: str) -> str:
    return (f'<text class="clue" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" '
            f'font-size="{CLUE_SIZE}" fill="{INK}">{value}</text>')


def draw_panel(puzzle: NonogramPuzzle, solution: NonogramSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the shading, the grid, the clues."""
    out = highlights(diffs)
    if solution is not None:
        out += shaded_cells(solution.shaded)
    out += grid_lines(puzzle.width, puzzle.height)
    for c, clue in enumerate(puzzle.columns):
        for k, value in enumerate(reversed(_stack(clue))):
            out.append(_text((c + 0.5) * CELL, -GAP - k * LINE_STEP, str(value), "middle"))
    for r, clue in enumerate(puzzle.rows):
        if clue != ():
            out.append(_text(-GAP, (r + 0.5) * CELL + CLUE_SIZE * 0.36, _row_text(clue), "end"))
    out.append(frame(puzzle.width, puzzle.height))
    return out
