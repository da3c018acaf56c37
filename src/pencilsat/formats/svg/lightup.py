"""Light Up in SVG: lit cells shaded, walls black with white numbers, bulbs amber."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    BULB_COLOUR,
    CELL,
    LIT_COLOUR,
    centre,
    frame,
    grid_lines,
    highlights,
    text,
)
from pencilsat.puzzles.lightup import WHITE, LightUpPuzzle, LightUpSolution


def draw_panel(puzzle: LightUpPuzzle, solution: LightUpSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Lit cells shaded, walls black with white numbers, bulbs as amber discs."""
    bulbs = solution.bulbs if solution is not None else frozenset()
    lit = {cell for bulb in bulbs for cell in puzzle.sees(bulb)} | set(bulbs)
    out = []
    for cell in sorted(lit):
        if puzzle.is_white(cell):
            out.append(f'<rect class="lit" x="{cell[1] * CELL}" y="{cell[0] * CELL}" '
                       f'width="{CELL}" height="{CELL}" fill="{LIT_COLOUR}"/>')
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            value = int(puzzle.cells[r, c])
            if value == WHITE:
                continue
            out.append(f'<rect class="wall" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
                       f'height="{CELL}" fill="#111827"/>')
            if value >= 0:
                out.append(text((r, c), str(value), CELL * 0.55, "white", "clue", bold=True))
    for cell in sorted(bulbs):
        x, y = centre(cell)
        out.append(f'<circle class="bulb" cx="{x}" cy="{y}" r="{CELL * 0.3:.1f}" '
                   f'fill="{BULB_COLOUR}" stroke="#78350f" stroke-width="1.5"/>')
    out.append(frame(puzzle.width, puzzle.height))
    return out
