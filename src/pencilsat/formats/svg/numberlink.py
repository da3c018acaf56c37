"""Numberlink in SVG: the lines through cell centres, the numbers in white circles drawn over
their ends; the filled variant says so above the grid."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    centre,
    centre_lines,
    frame,
    grid_lines,
    highlights,
)
from pencilsat.puzzles.numberlink import NumberlinkPuzzle, NumberlinkSolution, cell_token


def draw_panel(puzzle: NumberlinkPuzzle, solution: NumberlinkSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Differences, grid, the lines, frame, then the numbers on top."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height, "#d1d5db")
    if solution is not None and solution.edges:
        out.append(centre_lines(solution.edges, "lines"))
    out.append(frame(puzzle.width, puzzle.height))
    radius = CELL * 0.34
    for r, row in enumerate(puzzle.numbers.tolist()):
        for c, value in enumerate(row):
            if not value:
                continue
            x, y = centre((r, c))
            token = cell_token(value)
            size = CELL * (0.5 if len(token) < 3 else 0.36)
            out.append(f'<circle class="number" cx="{x}" cy="{y}" r="{radius:.1f}" '
                       f'fill="white" stroke="{INK}" stroke-width="1.5"/>')
            out.append(f'<text class="number" x="{x}" y="{y + size * 0.36:.1f}" '
                       f'text-anchor="middle" font-size="{size:.1f}" fill="{INK}">{token}</text>')
    if puzzle.filled:
        out.append(f'<text class="variant" x="0" y="-4" font-size="11" fill="{INK}">'
                   'filled: every cell is on a line</text>')
    return out
