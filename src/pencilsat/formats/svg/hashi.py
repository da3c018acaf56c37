"""Hashiwokakero in SVG: islands as circles with their numbers, bridges as single or double
lines between the island centres, water without grid lines (a faint dot grid instead)."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, LOOP_COLOUR, centre, highlights, text
from pencilsat.puzzles.hashi import (
    H2,
    NONE,
    V2,
    WATER,
    HashiPuzzle,
    HashiSolution,
    is_horizontal,
)

GAP = CELL * 0.12
"""Half the distance between the two lines of a double bridge."""
RADIUS = CELL * 0.42


def draw_panel(puzzle: HashiPuzzle, solution: HashiSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Difference highlights, dots on water, bridges, then islands on top."""
    out = highlights(diffs)
    out.append('<g class="water" fill="#d1d5db">')
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            if puzzle.numbers[r, c] == WATER:
                x, y = centre((r, c))
                out.append(f'<circle cx="{x}" cy="{y}" r="1.5"/>')
    out.append("</g>")
    if solution is not None and solution.bridges.shape == puzzle.numbers.shape:
        out += _bridges(puzzle, solution)
    for (r, c), number in puzzle.islands():
        x, y = centre((r, c))
        out.append(f'<circle class="island" cx="{x}" cy="{y}" r="{RADIUS:.1f}" fill="white" '
                   f'stroke="{INK}" stroke-width="1.5"/>')
        out.append(text((r, c), "?" if number is None else str(number), CELL * 0.5, INK,
                        "clue", bold=True))
    return out


def _bridges(puzzle: HashiPuzzle, solution: HashiSolution) -> list[str]:
    """One element per bridge line, from island centre to island centre: a bridge's run of
    cells is drawn from the cell before its first to the cell after its last."""
    out = []
    bridges = solution.bridges
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            code = int(bridges[r, c])
            if code == NONE or puzzle.numbers[r, c] != WATER:
                continue
            horizontal = is_horizontal(code)
            before = (r, c - 1) if horizontal else (r - 1, c)
            if 0 <= before[0] and 0 <= before[1] and puzzle.numbers[before] == WATER \
                    and bridges[before] == code:
                continue  # not the run's first cell
            end = (r, c)
            step = (0, 1) if horizontal else (1, 0)
            while (end[0] + step[0] < puzzle.height and end[1] + step[1] < puzzle.width
                   and puzzle.numbers[end[0] + step[0], end[1] + step[1]] == WATER
                   and bridges[end[0] + step[0], end[1] + step[1]] == code):
                end = (end[0] + step[0], end[1] + step[1])
            x1, y1 = centre(before)
            x2, y2 = centre((end[0] + step[0], end[1] + step[1]))
            offsets = (-GAP, GAP) if code in (H2, V2) else (0.0,)
            for d in offsets:
                dx, dy = (0.0, d) if horizontal else (d, 0.0)
                out.append(f'<line class="bridge" x1="{x1 + dx:.1f}" y1="{y1 + dy:.1f}" '
                           f'x2="{x2 + dx:.1f}" y2="{y2 + dy:.1f}" stroke="{LOOP_COLOUR}" '
                           'stroke-width="2.5" stroke-linecap="round"/>')
    return out
