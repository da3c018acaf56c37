"""LITS in SVG, as puzzle books draw it: regions outlined by thick borders over a light grid,
blocked cells hatched grey, shaded cells dark with their tetromino's letter in white."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    frame,
    grid_lines,
    highlights,
    region_outline,
    shaded_cells,
    text,
)
from pencilsat.puzzles.lits import LETTERS, LitsPuzzle, LitsSolution

BLOCKED_COLOUR = "#9ca3af"


def draw_panel(puzzle: LitsPuzzle, solution: LitsSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Blocked cells, shaded cells and their letters, the difference highlights, the grid,
    the regions."""
    out = shaded_cells(puzzle.blocked, colour=BLOCKED_COLOUR)
    if solution is not None:
        out += shaded_cells(solution.shaded)
        for r, c in zip(*np.nonzero(np.isin(solution.letters, list(LETTERS))), strict=True):
            out.append(text((int(r), int(c)), str(solution.letters[r, c]), CELL * 0.45,
                            "white", "letter", bold=True))
    out += highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    out += region_outline(puzzle.regions)
    out.append(frame(puzzle.width, puzzle.height))
    return out
