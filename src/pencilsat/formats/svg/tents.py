"""Tents in SVG: trees as green crowns on a trunk, tents as orange triangles, the column
counts above the grid and the row counts right of it (in the panel's margin)."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, centre, frame, grid_lines, highlights
from pencilsat.puzzles.tents import NO_COUNT, TentsPuzzle, TentsSolution

TREE_COLOUR = "#16a34a"
TRUNK_COLOUR = "#78350f"
TENT_COLOUR = "#ea580c"
COUNT_SIZE = 12.0
"""Font size of the counts: they sit in the panel's 16-unit margin."""


def _tree(cell: Cell) -> list[str]:
    x, y = centre(cell)
    return [f'<rect class="trunk" x="{x - CELL * 0.06:.1f}" y="{y:.1f}" '
            f'width="{CELL * 0.12:.1f}" height="{CELL * 0.34:.1f}" fill="{TRUNK_COLOUR}"/>',
            f'<circle class="tree" cx="{x}" cy="{y - CELL * 0.08:.1f}" r="{CELL * 0.27:.1f}" '
            f'fill="{TREE_COLOUR}" stroke="{INK}" stroke-width="1"/>']


def _tent(cell: Cell) -> str:
    x, y = centre(cell)
    half, top, base = CELL * 0.32, y - CELL * 0.3, y + CELL * 0.28
    return (f'<polygon class="tent" points="{x:.1f},{top:.1f} {x + half:.1f},{base:.1f} '
            f'{x - half:.1f},{base:.1f}" fill="{TENT_COLOUR}" stroke="{INK}" '
            'stroke-width="1"/>')


def _count(x: float, y: float, value: int) -> str:
    return (f'<text class="count" x="{x:.1f}" y="{y:.1f}" text-anchor="middle" '
            f'font-size="{COUNT_SIZE}" fill="{INK}">{value}</text>')


def draw_panel(puzzle: TentsPuzzle, solution: TentsSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the grid, the trees, the tents, the counts."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    for cell in puzzle.tree_cells():
        out += _tree(cell)
    if solution is not None:
        out += [_tent(cell) for cell in solution.tent_cells()]
    for c, value in enumerate(puzzle.column_counts.tolist()):
        if value != NO_COUNT:
            out.append(_count((c + 0.5) * CELL, -4, value))
    for r, value in enumerate(puzzle.row_counts.tolist()):
        if value != NO_COUNT:
            out.append(_count(puzzle.width * CELL + 8, (r + 0.5) * CELL + COUNT_SIZE * 0.36,
                              value))
    out.append(frame(puzzle.width, puzzle.height))
    return out
