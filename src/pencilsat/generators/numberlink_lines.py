"""Numberlink's lines for the generator: a random path through a set of cells (backbite
moves from a zigzag), cut into lines that cannot be shortened (``numberlink.py``'s steps 1
and 2), shared by the plain and the symmetric layouts."""

from __future__ import annotations

import random
from collections.abc import Callable

from pencilsat.core.values import Cell, grid_neighbours

BACKBITES = 10
"""Backbite moves per cell of the path."""
LONGEST = 12
"""Cells of a line before a cut is drawn at random (one chance in four per cell past it)."""

Line = list[Cell]


def backbite(rng: random.Random, path: Line, neighbours: Callable[[Cell], list[Cell]]) -> Line:
    """``path`` (through every cell of a set; ``neighbours``: a cell's grid neighbours in the
    set) after ``BACKBITES`` random backbite moves per cell: an end steps to a neighbour on
    the path, and the part of the path between them turns round."""
    for _ in range(BACKBITES * len(path)):
        if rng.random() < 0.5:
            path.reverse()
        step = rng.choice(neighbours(path[0]))
        i = path.index(step)
        if i > 1:
            path[:i] = path[i - 1::-1]
    return path


def cut_lines(rng: random.Random, path: Line, width: int, height: int) -> list[Line]:
    """The path cut into lines wherever the next cell would touch the line's earlier cells
    beside its last one, and at random past ``LONGEST``; lines of two cells or more."""
    lines: list[Line] = []
    line: Line = []
    for cell in path:
        touches = any(n in line[:-1] for n in grid_neighbours(cell, height, width))
        if line and (touches or (len(line) >= LONGEST and rng.random() < 0.25)):
            if len(line) >= 2:
                lines.append(line)
            line = []
        line.append(cell)
    if len(line) >= 2:
        lines.append(line)
    return lines


