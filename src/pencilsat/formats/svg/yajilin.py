"""Yajilin in SVG: shaded cells black, the loop as a line through cell centres, each arrow
clue as its count beside an arrow pointing its way, given black cells grey."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    LOOP_COLOUR,
    centre,
    frame,
    grid_lines,
    highlights,
)
from pencilsat.puzzles.yajilin import (
    BLOCK,
    DOWN,
    LEFT,
    NO_ARROW,
    RIGHT,
    UNKNOWN,
    UP,
    YajilinPuzzle,
    YajilinSolution,
    unknown_arrows,
)

SHADE_COLOUR = "#111827"
BLOCK_COLOUR = "#6b7280"
_SHAFT = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}
"""Per direction, the arrow's unit vector in SVG coordinates (x right, y down)."""
_NAME = {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right"}


def arrow(cell: Cell, direction: int) -> str:
    """An arrow pointing ``direction``, on the cell's side away from the count: at the top
    for a left or right arrow, at the left for an up or down arrow."""
    x, y = centre(cell)
    dx, dy = _SHAFT[direction]
    if dy == 0:
        x0, y0 = x - CELL * 0.28 * dx, y - CELL * 0.3
        x1, y1 = x + CELL * 0.28 * dx, y0
    else:
        x0, y0 = x - CELL * 0.3, y - CELL * 0.28 * dy
        x1, y1 = x0, y + CELL * 0.28 * dy
    head = CELL * 0.11
    px, py = -dy, dx  # perpendicular
    points = (f"{x1:.1f},{y1:.1f} {x1 - head * dx + head * px:.1f},"
              f"{y1 - head * dy + head * py:.1f} {x1 - head * dx - head * px:.1f},"
              f"{y1 - head * dy - head * py:.1f}")
    return (f'<g class="arrow" data-direction="{_NAME[direction]}">'
            f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1 - head * dx:.1f}" '
            f'y2="{y1 - head * dy:.1f}" stroke="{INK}" stroke-width="1.8"/>'
            f'<polygon points="{points}" fill="{INK}"/></g>')


def draw_panel(puzzle: YajilinPuzzle, solution: YajilinSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Given black cells, shaded cells, difference highlights, grid, the loop, the clues."""
    out = []
    # an arrow whose count is not given ('?') is drawn as a clue, not as a black cell
    given = (puzzle.numbers == BLOCK) & (puzzle.arrows == NO_ARROW)
    for r, c in zip(*given.nonzero(), strict=True):
        out.append(f'<rect class="given" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
                   f'height="{CELL}" fill="{BLOCK_COLOUR}"/>')
    if solution is not None:
        for r, c in sorted(solution.shaded):
            out.append(f'<rect class="shaded" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
                       f'height="{CELL}" fill="{SHADE_COLOUR}"/>')
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    if solution is not None and solution.edges:
        path = []
        for a, b in sorted(solution.edges):
            (x1, y1), (x2, y2) = centre(a), centre(b)
            path.append(f"M{x1} {y1}L{x2} {y2}")
        out.append(f'<path class="loop" d="{"".join(path)}" fill="none" stroke="{LOOP_COLOUR}" '
                   f'stroke-width="{CELL * 0.14:.1f}" stroke-linecap="round"/>')
    clues = [(cell, direction, str(count)) for cell, direction, count in puzzle.clues()]
    clues += [(cell, direction, UNKNOWN) for cell, direction in unknown_arrows(puzzle)]
    for cell, direction, label in sorted(clues):
        size = CELL * (0.5 if len(label) == 1 else 0.4 if len(label) == 2 else 0.3)
        x, y = centre(cell)
        if direction in (LEFT, RIGHT):
            y += CELL * 0.12  # below the arrow
        else:
            x += CELL * 0.1  # right of the arrow
        out.append(f'<text class="clue" x="{x:.1f}" y="{y + size * 0.36:.1f}" '
                   f'text-anchor="middle" font-size="{size:.1f}" fill="{INK}" '
                   f'font-weight="bold">{label}</text>')
        out.append(arrow(cell, direction))
    out.append(frame(puzzle.width, puzzle.height))
    return out
