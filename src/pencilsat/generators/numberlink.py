"""Numberlink for ``pencilsat generate``: a random path through every cell, cut into lines
that cannot be shortened, cut again where a second answer differs, until unique.

1. **One path**: the rows walked in a zigzag, then ``BACKBITES`` per cell of random
   "backbite" moves (an end steps to a grid neighbour on the path, and the part of the
   path between them turns round): a random path through every cell.
2. **Lines**: the path cut, in its order, wherever the next cell would touch the line's
   earlier cells beside its last one (a line touching itself could be shortened: janko's
   rules allow unused cells), and at random (a line longer than ``LONGEST``); the two ends
   of each line carry its number. A single cell left at a cut stays unused.
3. **Unique**: the genre's default strategy proves the numbers. A second answer that
   differs at a cell of our line cuts that line there (the cell becomes an end, its
   neighbour along the line the other line's end), while both parts keep two cells
   (``TRIALS`` proofs, then the path is given up: one candidate).

Puzzles are janko's form (cells may stay unused), though every answer uses nearly all.
Proofs grow long on large grids (docs/known-gaps.md): sides up to ``SIDES``' end.
"""

from __future__ import annotations

import itertools
import random

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.generators.structure_maker import Made, prove
from pencilsat.puzzles.numberlink import NumberlinkPuzzle, NumberlinkSolution

SIDES = range(3, 13)
BACKBITES = 10
"""Backbite moves per cell of the grid."""
LONGEST = 12
"""Cells of a line before a cut is drawn at random (one chance in four per cell past it)."""
TRIALS = 30
"""Uniqueness proofs (cuts + 1) per path before it is given up."""
NO_SYMMETRY = "the lines are drawn at random"

Line = list[Cell]


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not made (``None``: it is)."""
    if width not in SIDES or height not in SIDES:
        return (f"width and height are {SIDES[0]} to {SIDES[-1]} (proofs grow long past "
                "12x12, docs/known-gaps.md)")
    return None


def search(rng: random.Random, width: int, height: int) -> Made | None:
    """One candidate: a path, its lines, cut where a second answer differs."""
    lines = cut_lines(rng, random_path(rng, width, height), width, height)
    for _ in range(TRIALS):
        puzzle, ours = _puzzle(lines, width, height)
        unique, answer, other = prove(puzzle)
        if unique:
            return Made(puzzle, answer, [line[0] for line in lines])
        theirs = other if answer == ours else answer
        cuts = [(i, k) for i, line in enumerate(lines) for k in range(2, len(line) - 1)
                if line[k] in set(ours.differing_cells(theirs))]
        if not cuts:
            return None
        i, k = rng.choice(cuts)
        lines[i:i + 1] = [lines[i][:k], lines[i][k:]]
    return None


def _puzzle(lines: list[Line], width: int,
            height: int) -> tuple[NumberlinkPuzzle, NumberlinkSolution]:
    numbers = np.zeros((height, width), dtype=np.int32)
    edges = []
    for n, line in enumerate(lines, 1):
        numbers[line[0]] = numbers[line[-1]] = n
        edges += list(itertools.pairwise(line))
    return NumberlinkPuzzle(numbers), NumberlinkSolution.of(edges, width, height)


def random_path(rng: random.Random, width: int, height: int) -> Line:
    """A path through every cell (module docstring, step 1)."""
    path = [(r, c if r % 2 == 0 else width - 1 - c) for r in range(height)
            for c in range(width)]
    for _ in range(BACKBITES * width * height):
        if rng.random() < 0.5:
            path.reverse()
        end = path[0]
        step = rng.choice(_around(end, height, width))
        i = path.index(step)
        if i > 1:
            path[:i] = path[i - 1::-1]
    return path


def cut_lines(rng: random.Random, path: Line, width: int, height: int) -> list[Line]:
    """The path cut into lines (module docstring, step 2); lines of two cells or more."""
    lines: list[Line] = []
    line: Line = []
    for cell in path:
        touches = any(n in line[:-1] for n in _around(cell, height, width))
        if line and (touches or (len(line) >= LONGEST and rng.random() < 0.25)):
            if len(line) >= 2:
                lines.append(line)
            line = []
        line.append(cell)
    if len(line) >= 2:
        lines.append(line)
    return lines


def _around(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]
