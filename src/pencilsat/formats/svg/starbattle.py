"""Star Battle in SVG: regions outlined by thick borders over a light grid, cells outside the
puzzle grey, a five-pointed star in each star cell, and the star count above the top-right
corner (``2 ★``: two stars in every row, column and region)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    centre,
    frame,
    grid_lines,
    highlights,
    region_outline,
)
from pencilsat.puzzles.starbattle import StarBattlePuzzle, StarBattleSolution

STAR_COLOUR = "#1d4ed8"
OUTSIDE_COLOUR = "#9ca3af"


def star_points(cell: Cell, radius: float = CELL * 0.4) -> str:
    """The ten corners of a five-pointed star centred in ``cell``, its first point up."""
    x, y = centre(cell)
    points = []
    for k in range(10):
        reach = radius if k % 2 == 0 else radius * 0.4
        angle = math.pi * k / 5 - math.pi / 2
        points.append(f"{x + reach * math.cos(angle):.1f},{y + reach * math.sin(angle):.1f}")
    return " ".join(points)


def draw_panel(puzzle: StarBattlePuzzle, solution: StarBattleSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Cells outside the puzzle, the difference highlights, the grid, the regions, the
    stars, the frame and the count."""
    out = [f'<rect class="outside" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
           f'height="{CELL}" fill="{OUTSIDE_COLOUR}"/>'
           for r, c in zip(*np.nonzero(puzzle.holes), strict=True)]
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    out += region_outline(puzzle.regions)
    if solution is not None:
        out += [f'<polygon class="star" points="{star_points((int(r), int(c)))}" '
                f'fill="{STAR_COLOUR}"/>'
                for r, c in zip(*np.nonzero(solution.shaded), strict=True)]
    out.append(frame(puzzle.width, puzzle.height))
    out.append(f'<text class="star-count" x="{puzzle.width * CELL}" y="-4" '
               f'text-anchor="end" font-size="11" fill="{INK}">{puzzle.stars} \u2605</text>')
    return out
