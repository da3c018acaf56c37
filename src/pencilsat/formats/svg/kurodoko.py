"""Kurodoko in SVG: shaded cells dark, numbers (``?`` for a number not given) in their
cells, white when a wrong answer shades one."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, INK, frame, grid_lines, highlights, shaded_cells, text
from pencilsat.puzzles.kurodoko import KurodokoPuzzle, KurodokoSolution, cell_token


def draw_panel(puzzle: KurodokoPuzzle, solution: KurodokoSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Shaded cells (under the difference highlights), the grid, the numbers."""
    shaded = solution.shaded if solution is not None else None
    out = shaded_cells(shaded) if shaded is not None else []
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height)
    for r, c in zip(*puzzle.numbered().nonzero(), strict=True):
        label = cell_token(int(puzzle.numbers[r, c]))
        colour = "white" if shaded is not None and shaded[r, c] else INK
        size = CELL * (0.55 if len(label) <= 2 else 0.4)
        out.append(text((int(r), int(c)), label, size, colour, "clue"))
    out.append(frame(puzzle.width, puzzle.height))
    return out
