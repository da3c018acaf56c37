"""The SVG parts of the Sudoku variants with boxes of any shape: the boxes outlined thick
over a light grid (the X variant's diagonals dashed), givens bold black, the answer's digits
blue."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    diagonal_lines,
    digits,
    grid_lines,
    highlights,
    region_outline,
)
from pencilsat.puzzles.digit_houses import DigitSolution
from pencilsat.puzzles.regions import Regions


def boxes_and_digits(boxes: Regions, givens: np.ndarray, solution: DigitSolution | None,
                     diffs: Iterable[Cell], diagonal: bool = False) -> list[str]:
    """Highlights, grid, (``diagonal``: the two diagonals,) box outlines, then the digits
    (the frame is the caller's)."""
    n = givens.shape[0]
    out = (highlights(diffs) + grid_lines(n, n, "#d1d5db")
           + (diagonal_lines(n) if diagonal else []) + region_outline(boxes))
    size = CELL * (0.6 if n <= 9 else 0.45)
    shown = (solution.grid if solution is not None and solution.grid.shape == givens.shape
             else None)
    out += digits(givens, shown, size, "clue")
    return out
