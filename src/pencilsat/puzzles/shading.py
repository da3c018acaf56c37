"""The answer of a shading genre (Nurikabe, Heyawake): which cells are shaded, immutable,
compared and hashed by value, with the cells where two answers differ; and the 4-connected
regions both genres' rule checkers count (the wall, the islands, the white cells)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.puzzles.array_value import ArrayValue


@dataclass(frozen=True, eq=False)
class ShadedSolution(ArrayValue):
    """``shaded[r, c]`` is True for a shaded cell; a genre subclasses it to name itself."""

    ARRAYS = ("shaded",)

    shaded: np.ndarray

    genre: ClassVar[str] = ""

    def __post_init__(self) -> None:
        arr = np.array(self.shaded, dtype=bool)
        if arr.ndim != 2:
            raise ValueError(f"a {type(self).__name__} is a 2-D array")
        arr.setflags(write=False)
        object.__setattr__(self, "shaded", arr)

    def differing_cells(self, other: ShadedSolution) -> list[Cell]:
        """Cells, row-major, shaded in one answer and not in the other."""
        return [(int(r), int(c))
                for r, c in zip(*np.nonzero(self.shaded != other.shaded), strict=True)]


_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def regions(mask: np.ndarray) -> list[list[Cell]]:
    """The 4-connected regions of the True cells of ``mask``, each row-major, ordered by
    their first cell."""
    height, width = mask.shape
    seen = np.zeros_like(mask, dtype=bool)
    out = []
    for r, c in zip(*np.nonzero(mask), strict=True):
        if seen[r, c]:
            continue
        seen[r, c] = True
        stack, region = [(int(r), int(c))], []
        while stack:
            cell = stack.pop()
            region.append(cell)
            for dr, dc in _STEPS:
                nr, nc = cell[0] + dr, cell[1] + dc
                if 0 <= nr < height and 0 <= nc < width and mask[nr, nc] and not seen[nr, nc]:
                    seen[nr, nc] = True
                    stack.append((nr, nc))
        out.append(sorted(region))
    return out
