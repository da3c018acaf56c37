"""Heyawake in SVG, as puzzle books draw it: rooms outlined by thick borders over a light
grid, shaded cells dark, a room's number in its cell (white on a shaded cell)."""

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
    shaded_cells,
    text,
)
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle, HeyawakeSolution, clue_token


def draw_panel(puzzle: HeyawakePuzzle, solution: HeyawakeSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Shaded cells, the difference highlights, the grid, the rooms, the numbers."""
    shaded = solution.shaded if solution is not None else None
    out = shaded_cells(shaded) if shaded is not None else []
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    out += region_outline(puzzle.regions)
    for r, c in zip(*((puzzle.clues != NO_CLUE) | puzzle.unknown).nonzero(), strict=True):
        label = clue_token(puzzle, (int(r), int(c)))
        colour = "white" if shaded is not None and shaded[r, c] else INK
        size = CELL * (0.55 if len(label) <= 2 else 0.4)
        out.append(text((int(r), int(c)), label, size, colour, "clue", bold=True))
    out.append(frame(puzzle.width, puzzle.height))
    return out
