"""Spiral Galaxies in SVG: the centres as circles on the lattice (on a cell, an edge or a
corner) over a light grid, cut-out cells dark, the answer's galaxies outlined by thick
borders."""

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
)
from pencilsat.puzzles.galaxies import GalaxiesPuzzle, GalaxiesSolution


def draw_panel(puzzle: GalaxiesPuzzle, solution: GalaxiesSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the grid, the galaxies, the centres, the frame."""
    out = shaded_cells(puzzle.holes) + highlights(diffs)
    out += grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    if solution is not None and solution.ids.shape == (puzzle.height, puzzle.width):
        out += region_outline(solution.regions)
    for y, x in puzzle.points():
        out.append(f'<circle class="clue" cx="{x * CELL / 2}" cy="{y * CELL / 2}" '
                   f'r="{CELL * 0.16:.1f}" fill="white" stroke="{INK}" stroke-width="2"/>')
    out.append(frame(puzzle.width, puzzle.height))
    return out
