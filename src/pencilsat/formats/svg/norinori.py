"""Norinori in SVG, as puzzle books draw it: regions outlined by thick borders over a light
grid, shaded cells dark."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import frame, grid_lines, highlights, region_outline, shaded_cells
from pencilsat.puzzles.norinori import NorinoriPuzzle, NorinoriSolution


def draw_panel(puzzle: NorinoriPuzzle, solution: NorinoriSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Shaded cells, the difference highlights, the grid, the regions, the frame."""
    out = shaded_cells(solution.shaded) if solution is not None else []
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    out += region_outline(puzzle.regions)
    out.append(frame(puzzle.width, puzzle.height))
    return out
