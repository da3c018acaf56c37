"""Hitori in SVG: every cell's number, shaded cells dark with their number in white (so a
shaded cell still shows what it hid)."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    frame,
    grid_lines,
    highlights,
    shaded_cells,
    text,
)
from pencilsat.puzzles.hitori import HitoriPuzzle, HitoriSolution, cell_token


def draw_panel(puzzle: HitoriPuzzle, solution: HitoriSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Shaded cells, the difference highlights, the grid, the numbers."""
    shaded = solution.shaded if solution is not None else None
    out = shaded_cells(shaded) if shaded is not None else []
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    for r, row in enumerate(puzzle.numbers.tolist()):
        for c, value in enumerate(row):
            label = cell_token(value)
            if label == ".":
                continue
            colour = "white" if shaded is not None and shaded[r, c] else INK
            size = CELL * (0.55 if len(label) <= 2 else 0.4)
            out.append(text((r, c), label, size, colour, "clue"))
    out.append(frame(puzzle.width, puzzle.height))
    return out
