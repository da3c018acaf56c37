"""Spiral Galaxies in SVG: the centres as circles on the lattice (on a cell, an edge or a
corner; a black centre filled) over a light grid, cut-out cells dark, the answer's galaxies
outlined by thick borders, those of black centres shaded grey (pzprjs' picture)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

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
from pencilsat.puzzles.galaxies import GalaxiesPuzzle, GalaxiesSolution, touching

PICTURE_GREY = "#9ca3af"
"""The shade of a black centre's galaxy."""


def draw_panel(puzzle: GalaxiesPuzzle, solution: GalaxiesSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the grid, the galaxies, the centres, the frame."""
    out = shaded_cells(puzzle.holes)
    answered = solution is not None and solution.ids.shape == (puzzle.height, puzzle.width)
    black = puzzle.black_centres
    if solution is not None and answered:
        ids = solution.ids
        picture = {int(ids[touching((int(y), int(x)))[0]]) for y, x in zip(*np.nonzero(black),
                                                                          strict=True)}
        out += shaded_cells(np.isin(ids, sorted(picture)) & (ids >= 0), PICTURE_GREY)
    out += highlights(diffs)
    out += grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    if solution is not None and answered:
        out += region_outline(solution.regions)
    for y, x in puzzle.points():
        fill = INK if black[y, x] else "white"
        out.append(f'<circle class="clue" cx="{x * CELL / 2}" cy="{y * CELL / 2}" '
                   f'r="{CELL * 0.16:.1f}" fill="{fill}" stroke="{INK}" stroke-width="2"/>')
    out.append(frame(puzzle.width, puzzle.height))
    return out
