"""Skyscrapers in SVG: the clues in the panel's margin on all four sides, givens bold, the
answer's heights blue, gaps (cells without a building) dark; the diagonal variant's
diagonals dashed."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    diagonal_lines,
    digits,
    frame,
    grid_lines,
    highlights,
    shaded_cells,
)
from pencilsat.puzzles.skyscrapers import SkyscrapersPuzzle, SkyscrapersSolution

CLUE_SIZE = 12.0
"""Font size of the clues: they sit in the panel's 16-unit margin."""


def _clue(x: float, y: float, value: int) -> str:
    return (f'<text class="clue" x="{x:.1f}" y="{y:.1f}" text-anchor="middle" '
            f'font-size="{CLUE_SIZE}" fill="{INK}">{value}</text>')


def draw_panel(puzzle: SkyscrapersPuzzle, solution: SkyscrapersSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the grid, the diagonals, the heights, the clues."""
    n = puzzle.size
    out = shaded_cells(puzzle.gaps, INK, "gap")
    out += highlights(diffs) + grid_lines(n, n)
    if puzzle.diagonal:
        out += diagonal_lines(n)
    size = CELL * (0.6 if n <= 9 else 0.45)
    shown = (solution.grid if solution is not None and solution.grid.shape == (n, n)
             else None)
    out += digits(puzzle.givens, shown, size, "given")
    low = CLUE_SIZE * 0.36
    places = (lambda i: ((i + 0.5) * CELL, -4.0),
              lambda i: ((i + 0.5) * CELL, n * CELL + CLUE_SIZE),
              lambda i: (-8.0, (i + 0.5) * CELL + low),
              lambda i: (n * CELL + 8.0, (i + 0.5) * CELL + low))
    for side in range(4):
        for i, value in enumerate(puzzle.clues[side].tolist()):
            if value:
                x, y = places[side](i)
                out.append(_clue(x, y, value))
    out.append(frame(n, n))
    return out
