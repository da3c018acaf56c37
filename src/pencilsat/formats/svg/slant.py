"""Slant in SVG: faint grid lines, the diagonals, and the vertex numbers in small white
circles on the grid's corners (drawn last, so the diagonals end under them)."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, LOOP_COLOUR, frame, grid_lines, highlights
from pencilsat.puzzles.slant import NO_CLUE, SlantPuzzle, SlantSolution, vertex_token


def draw_panel(puzzle: SlantPuzzle, solution: SlantSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Differences, grid, diagonals, frame, then the numbered vertices on top."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height, "#d1d5db")
    if solution is not None and solution.backslash.shape == (puzzle.height, puzzle.width):
        path = "".join(
            f"M{c * CELL} {r * CELL}l{CELL} {CELL}" if back
            else f"M{(c + 1) * CELL} {r * CELL}l{-CELL} {CELL}"
            for r, row in enumerate(solution.backslash.tolist())
            for c, back in enumerate(row))
        out.append(f'<path class="diagonals" d="{path}" fill="none" stroke="{LOOP_COLOUR}" '
                   f'stroke-width="{CELL * 0.1:.1f}" stroke-linecap="round"/>')
    out.append(frame(puzzle.width, puzzle.height))
    radius, size = CELL * 0.3, CELL * 0.4
    for r, row in enumerate(puzzle.clues.tolist()):
        for c, value in enumerate(row):
            if value == NO_CLUE:
                continue
            x, y = c * CELL, r * CELL
            out.append(f'<circle class="clue" cx="{x}" cy="{y}" r="{radius:.1f}" '
                       f'fill="white" stroke="{INK}" stroke-width="1.2"/>')
            out.append(f'<text class="clue" x="{x}" y="{y + size * 0.36:.1f}" '
                       f'text-anchor="middle" font-size="{size:.1f}" fill="{INK}">'
                       f"{vertex_token(value)}</text>")
    return out
