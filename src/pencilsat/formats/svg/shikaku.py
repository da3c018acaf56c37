"""Shikaku in SVG: the numbers in their cells over a light grid, the answer's rectangles
outlined by thick borders."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    frame,
    grid_lines,
    highlights,
    region_outline,
    text,
)
from pencilsat.puzzles.shikaku import ShikakuPuzzle, ShikakuSolution, cell_token


def draw_panel(puzzle: ShikakuPuzzle, solution: ShikakuSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the grid, the rectangles, the numbers, the frame."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    if solution is not None and solution.ids.shape == puzzle.numbers.shape:
        out += region_outline(solution.regions)
    for cell, value in puzzle.clue_cells():
        label = cell_token(value)
        size = CELL * (0.55 if len(label) <= 2 else 0.4)
        out.append(text(cell, label, size, INK, "clue"))
    out.append(frame(puzzle.width, puzzle.height))
    return out
