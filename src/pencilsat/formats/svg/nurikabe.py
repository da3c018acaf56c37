"""Nurikabe in SVG: shaded cells dark, numbers in circles, ``?`` for a number not given."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    centre,
    frame,
    grid_lines,
    highlights,
    shaded_cells,
    text,
)
from pencilsat.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution


def draw_panel(puzzle: NurikabePuzzle, solution: NurikabeSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Shaded cells dark grey (under the difference highlights), numbers in circles."""
    out = shaded_cells(solution.shaded) if solution is not None else []
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    for (r, c), number in puzzle.numbered_cells():
        x, y = centre((r, c))
        out.append(f'<circle class="number" cx="{x}" cy="{y}" r="{CELL * 0.4:.1f}" '
                   f'fill="white" stroke="{INK}" stroke-width="1.5"/>')
        label = "?" if number is None else str(number)
        size = CELL * (0.5 if len(label) <= 2 else 0.36)
        out.append(text((r, c), label, size, INK, "clue", bold=True))
    out.append(frame(puzzle.width, puzzle.height))
    return out
