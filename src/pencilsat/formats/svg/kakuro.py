"""Kakuro in SVG: clue and black cells grey, a clue cell split by its diagonal with the down
sum below it and the across sum above it, the answer's digits blue in the white cells."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    FILLED_COLOUR,
    INK,
    frame,
    grid_lines,
    highlights,
    shaded_cells,
    text,
)
from pencilsat.puzzles.kakuro import KakuroPuzzle, KakuroSolution

_SUM_SIZE = CELL * 0.3


def draw_panel(puzzle: KakuroPuzzle, solution: KakuroSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    out = shaded_cells(~puzzle.white, "#d1d5db") + highlights(diffs)
    out += grid_lines(puzzle.width, puzzle.height, INK)
    clue = (puzzle.down > 0) | (puzzle.across > 0)
    out.append(f'<g class="clue-diagonals" stroke="{INK}" stroke-width="1">')
    for r, c in zip(*np.nonzero(clue), strict=True):
        out.append(f'<line x1="{c * CELL}" y1="{r * CELL}" x2="{(c + 1) * CELL}" '
                   f'y2="{(r + 1) * CELL}"/>')
    out.append("</g>")
    for r, c in zip(*np.nonzero(clue), strict=True):
        down, across = int(puzzle.down[r, c]), int(puzzle.across[r, c])
        if down:
            out.append(f'<text class="down-sum" x="{c * CELL + 3}" y="{(r + 1) * CELL - 4}" '
                       f'font-size="{_SUM_SIZE:.1f}" fill="{INK}">{down}</text>')
        if across:
            out.append(f'<text class="across-sum" x="{(c + 1) * CELL - 3}" '
                       f'y="{r * CELL + _SUM_SIZE + 1:.1f}" text-anchor="end" '
                       f'font-size="{_SUM_SIZE:.1f}" fill="{INK}">{across}</text>')
    if solution is not None and solution.grid.shape == puzzle.white.shape:
        for r, c in zip(*np.nonzero(puzzle.white & (solution.grid > 0)), strict=True):
            out.append(text((int(r), int(c)), str(int(solution.grid[r, c])), CELL * 0.6,
                            FILLED_COLOUR, "filled"))
    out.append(frame(puzzle.width, puzzle.height))
    return out
