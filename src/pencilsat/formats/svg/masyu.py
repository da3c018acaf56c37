"""Masyu in SVG: the loop through cell centres, pearls drawn over it."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, LOOP_COLOUR, centre, frame, grid_lines, highlights
from pencilsat.puzzles.masyu import BLACK, MasyuPuzzle, MasyuSolution


def draw_panel(puzzle: MasyuPuzzle, solution: MasyuSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Grid, the loop through cell centres, then the pearls on top of it."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height, "#d1d5db")
    if solution is not None and solution.edges:
        path = []
        for a, b in sorted(solution.edges):
            (x1, y1), (x2, y2) = centre(a), centre(b)
            path.append(f"M{x1} {y1}L{x2} {y2}")
        out.append(f'<path class="loop" d="{"".join(path)}" fill="none" stroke="{LOOP_COLOUR}" '
                   f'stroke-width="{CELL * 0.14:.1f}" stroke-linecap="round"/>')
    radius = CELL * 0.32
    for cell in puzzle.pearl_cells():
        x, y = centre(cell)
        black = int(puzzle.pearls[cell]) == BLACK
        kind, fill = ("black", "#111827") if black else ("white", "white")
        out.append(f'<circle class="pearl {kind}" cx="{x}" cy="{y}" r="{radius:.1f}" '
                   f'fill="{fill}" stroke="#111827" stroke-width="2"/>')
    out.append(frame(puzzle.width, puzzle.height))
    if puzzle.loop_full:
        out.append('<text class="variant" x="0" y="-4" font-size="11" fill="#374151">'
                   'loop-full: the loop passes through every cell</text>')
    return out
