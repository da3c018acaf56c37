"""Heyawake in SVG, as puzzle books draw it: rooms outlined by thick borders over a light
grid, shaded cells dark, a room's number in its cell (white on a shaded cell)."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, frame, grid_lines, highlights, text
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle, HeyawakeSolution

SHADE_COLOUR = "#374151"
BORDER_WIDTH = 2.5


def room_border_lines(puzzle: HeyawakePuzzle) -> list[str]:
    """One thick line per cell side between two rooms, in one group."""
    rooms = puzzle.rooms
    out = [f'<g class="rooms" stroke="{INK}" stroke-width="{BORDER_WIDTH}" '
           'stroke-linecap="square">']
    for r, c in zip(*(rooms[:, :-1] != rooms[:, 1:]).nonzero(), strict=True):
        x = (c + 1) * CELL
        out.append(f'<line x1="{x}" y1="{r * CELL}" x2="{x}" y2="{(r + 1) * CELL}"/>')
    for r, c in zip(*(rooms[:-1, :] != rooms[1:, :]).nonzero(), strict=True):
        y = (r + 1) * CELL
        out.append(f'<line x1="{c * CELL}" y1="{y}" x2="{(c + 1) * CELL}" y2="{y}"/>')
    out.append("</g>")
    return out


def draw_panel(puzzle: HeyawakePuzzle, solution: HeyawakeSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Shaded cells, the difference highlights, the grid, the rooms, the numbers."""
    out = []
    shaded = solution.shaded if solution is not None else None
    if shaded is not None:
        for r, c in zip(*shaded.nonzero(), strict=True):
            out.append(f'<rect class="shaded" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
                       f'height="{CELL}" fill="{SHADE_COLOUR}"/>')
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    out += room_border_lines(puzzle)
    for r, c in zip(*(puzzle.clues != NO_CLUE).nonzero(), strict=True):
        label = str(int(puzzle.clues[r, c]))
        colour = "white" if shaded is not None and shaded[r, c] else INK
        size = CELL * (0.55 if len(label) <= 2 else 0.4)
        out.append(text((int(r), int(c)), label, size, colour, "clue", bold=True))
    out.append(frame(puzzle.width, puzzle.height))
    return out
