"""Symmetric Numberlink layouts (``generate numberlink --symmetry rot2|mirror``): the ends
stand symmetric, the numbers need not (62 of janko's 495 are half-turn symmetric, 19 more
mirror symmetric; benchmarks/results/numberlink_generate.md).

The lines are drawn on half the grid (the cells before their image, row by row: the top
rows for ``rot2``, the left columns for ``mirror``), a random path cut as the plain layout
cuts it (``numberlink_lines.py``), and copied onto the other half. A line whose end lies
beside its own image, or beside a cell the symmetry keeps (the middle column of an odd-wide
mirror, the centre of an odd grid), is joined to its image through it at random
(``JOIN``), when the joined line does not touch itself: lines then cross the axis. The
kept cells left over form straight lines down the middle column, or stay unused. A cut
(``split_symmetric``) breaks the line's step and the step's image, so the layout stays
symmetric through the search's cuts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from pencilsat.core.values import Cell, grid_neighbours
from pencilsat.generators.numberlink_lines import Line, backbite, cut_lines
from pencilsat.generators.symmetry import image

JOIN = 0.5
"""The chance that a line able to join its image across the axis does."""


def symmetric_lines(rng: random.Random, width: int, height: int, symmetry: str) -> list[Line]:
    """Lines whose ends stand symmetric under ``symmetry`` (module docstring)."""
    def mirror(cell: Cell) -> Cell:
        return image(cell, width, height, symmetry)

    rows = [[(r, c) for c in range(width) if (r, c) < mirror((r, c))] for r in range(height)]
    rows = [row for row in rows if row]
    last = len(rows) - 1
    path = [cell for i, row in enumerate(rows)
            for cell in (row if (last - i) % 2 == 0 else row[::-1])]
    half = set(path)
    path = backbite(rng, path, lambda cell: [n for n in grid_neighbours(cell, height, width)
                                             if n in half])
    kept = {(r, c) for r in range(height) for c in range(width) if mirror((r, c)) == (r, c)}
    lines: list[Line] = []
    for line in cut_lines(rng, path, width, height):
        joined = _joined(rng, line, kept, mirror, width, height)
        lines += [joined] if joined else [line, [mirror(cell) for cell in line]]
    if symmetry == "mirror":  # the middle column of an odd-wide grid, in straight lines
        runs: list[Line] = []
        for cell in sorted(kept):
            if runs and runs[-1][-1][0] == cell[0] - 1:
                runs[-1].append(cell)
            else:
                runs.append([cell])
        for run in runs:
            lines += cut_lines(rng, run, width, height)
    return lines


def _joined(rng: random.Random, line: Line, kept: set[Cell], mirror: Callable[[Cell], Cell],
            width: int, height: int) -> Line | None:
    """``line`` joined to its image across the axis (module docstring), or ``None``; a kept
    cell the join runs through leaves ``kept``."""
    for end in (line[-1], line[0]):
        if rng.random() >= JOIN:
            continue
        ours = line if end == line[-1] else line[::-1]
        theirs = [mirror(cell) for cell in reversed(ours)]
        near = grid_neighbours(end, height, width)
        links: list[Line] = [[]] if theirs[0] in near else []
        links += [[cell] for cell in near if cell in kept]
        for link in links:
            joined = ours + link + theirs
            if not _touches_itself(joined, width, height):
                kept.difference_update(link)
                return joined
    return None


def _touches_itself(line: Line, width: int, height: int) -> bool:
    """Whether two cells of the line lie side by side without being one step of it."""
    at = {cell: i for i, cell in enumerate(line)}
    return any(abs(at[n] - i) > 1 for i, cell in enumerate(line)
               for n in grid_neighbours(cell, height, width) if n in at)


def split_symmetric(lines: list[Line], i: int, k: int, width: int, height: int,
                    symmetry: str | None) -> list[Line] | None:
    """The lines with line ``i`` cut before its ``k``-th cell, and (with a symmetry) the
    image of that step cut too; ``None`` when a part would keep fewer than two cells."""
    step = {lines[i][k - 1], lines[i][k]}
    broken = [step]
    if symmetry is not None:
        broken.append({image(cell, width, height, symmetry) for cell in step})
    out: list[Line] = []
    for line in lines:
        part: Line = [line[0]]
        for a, b in itertools.pairwise(line):
            if {a, b} in broken:
                out.append(part)
                part = []
            part.append(b)
        out.append(part)
    return None if any(len(part) < 2 for part in out) else out
