"""Slitherlink in SVG: faint grid lines, the numbers in their cells, the loop along the grid
lines and a dot at every lattice point."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, LOOP_COLOUR, grid_lines, highlights, text
from pencilsat.puzzles.slitherlink import UNKNOWN, SlitherlinkPuzzle, SlitherlinkSolution


def draw_panel(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Differences, grid and numbers, then the loop, then the dots on top of it."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height, "#e5e7eb")
    for cell, clue in puzzle.numbered():
        out.append(text(cell, str(clue), CELL * 0.55, INK, "clue"))
    for r, c in zip(*np.nonzero(puzzle.unknown), strict=True):
        out.append(text((int(r), int(c)), UNKNOWN, CELL * 0.55, INK, "clue"))
    if solution is not None and solution.edges:
        path = "".join(f"M{c1 * CELL} {r1 * CELL}L{c2 * CELL} {r2 * CELL}"
                       for (r1, c1), (r2, c2) in sorted(solution.edges))
        out.append(f'<path class="loop" d="{path}" fill="none" stroke="{LOOP_COLOUR}" '
                   f'stroke-width="{CELL * 0.12:.1f}" stroke-linecap="round"/>')
    radius = CELL * 0.07
    out.append(f'<g class="dots" fill="{INK}">')
    out += [f'<circle cx="{c * CELL}" cy="{r * CELL}" r="{radius:.1f}"/>'
            for r in range(puzzle.height + 1) for c in range(puzzle.width + 1)]
    out.append("</g>")
    return out
