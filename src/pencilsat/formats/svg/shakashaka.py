"""Shakashaka in SVG: black cells with white numbers, each triangle a dark half cell over a
light grid."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    SHADE_COLOUR,
    frame,
    grid_lines,
    highlights,
    shaded_cells,
    text,
)
from pencilsat.puzzles.shakashaka import NE, NW, SE, SW, ShakashakaPuzzle, ShakashakaSolution

_CORNERS = {NW: ((0, 0), (1, 0), (0, 1)), NE: ((0, 0), (1, 0), (1, 1)),
            SW: ((0, 0), (0, 1), (1, 1)), SE: ((1, 0), (1, 1), (0, 1))}
"""The triangle's three points (x, y) in cell units: its right-angle corner and the two
ends of its hypotenuse."""


def triangle(cell: Cell, kind: int) -> str:
    """The polygon of the triangle ``kind`` (NW, NE, SW, SE) in ``cell``."""
    r, c = cell
    points = " ".join(f"{(c + x) * CELL},{(r + y) * CELL}" for x, y in _CORNERS[kind])
    return (f'<polygon class="triangle" data-row="{r}" data-col="{c}" points="{points}" '
            f'fill="{SHADE_COLOUR}"/>')


def draw_panel(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Black cells (numbers in white), the triangles, the differences highlighted."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    if solution is not None and solution.triangles.shape == puzzle.cells.shape:
        for r, c in zip(*np.nonzero(solution.triangles), strict=True):
            out.append(triangle((int(r), int(c)), int(solution.triangles[r, c])))
    out += shaded_cells(~puzzle.white, colour=INK)
    for cell, number in puzzle.numbers():
        out.append(text(cell, str(number), CELL * 0.55, "white", "clue", bold=True))
    out.append(frame(puzzle.width, puzzle.height))
    return out
