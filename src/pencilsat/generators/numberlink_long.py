"""Numberlink's long lines for the generator (``numberlink.py``'s step 1): lines grown one
by one as self-avoiding walks that hug the walls and the lines already drawn, then joined
end to end with their neighbours, as editors draw few, long, winding lines.

**Grow**: a line starts at the free cell with the fewest free neighbours (a corner, a
nook left by earlier lines) and steps, from both of its ends in turn, to the free
neighbour with the fewest free neighbours of its own (Warnsdorff's rule: the walk keeps to
the edge of the free space and leaves few holes), ``SPREAD`` of random noise added to the
counts (under one: it breaks ties, differently per seed). A step never touches the line's
earlier cells beside its last one (a line touching itself could be shortened: janko's
rules allow unused cells). A line ends where no step is left.
**Join**: an end next to another line's end (or to a lone cell left by the growing) joins
it when the joined line does not touch itself, until no join is left. A lone cell nothing
joins goes on a line beside it, cut after their common side (``_absorb``), or stays unused.
**Rewire**: ``REWIRES`` random moves per cell, each an end stepping onto a cell inside a
line beside it and taking that line's part on one side (the other part keeps two cells),
then the joins it opens: the ends wander until they meet (fewer, longer lines).
"""

from __future__ import annotations

import random

from pencilsat.core.values import Cell, grid_neighbours
from pencilsat.generators.numberlink_lines import Line

SPREAD = 0.5
"""The random noise added to a cell's count of free neighbours when choosing a step (under
one: it only breaks ties)."""
REWIRES = 2
"""Random rewirings per cell, each followed by the joins it opens."""


def long_lines(rng: random.Random, width: int, height: int) -> list[Line]:
    """Lines through (nearly) every cell, few and long (module docstring)."""
    lines = joined_lines(rng, grown_lines(rng, width, height), width, height)
    for _ in range(REWIRES * width * height):
        if _rewired(rng, lines, width, height):
            lines = joined_lines(rng, lines, width, height)
    return lines


def _rewired(rng: random.Random, lines: list[Line], width: int, height: int) -> bool:
    """One random rewiring (in place): a line's end steps onto a cell inside a line beside
    it, taking that line's part on one side; the other part keeps two cells or more."""
    i = rng.randrange(len(lines))
    mine = lines[i] if rng.random() < 0.5 else lines[i][::-1]
    at = {cell: (j, k) for j, line in enumerate(lines) for k, cell in enumerate(line)}
    n = rng.choice(grid_neighbours(mine[-1], height, width))
    if n not in at or at[n][0] == i:
        return False
    j, k = at[n]
    theirs, left = ((lines[j][k:], lines[j][:k]) if rng.random() < 0.5
                    else (lines[j][k::-1], lines[j][k + 1:]))
    if len(left) < 2 or _touches(mine + theirs, width, height):
        return False
    lines[i], lines[j] = mine + theirs, left
    return True


def grown_lines(rng: random.Random, width: int, height: int) -> list[Line]:
    """Every cell on one grown line (module docstring, **Grow**); lines of one cell too."""
    free = {(r, c) for r in range(height) for c in range(width)}

    def onward(cell: Cell) -> float:
        return sum(n in free for n in grid_neighbours(cell, height, width)) + rng.random() * SPREAD

    lines: list[Line] = []
    while free:
        line = [min(sorted(free), key=onward)]
        free.discard(line[0])
        for _ in range(2):
            while steps := [n for n in grid_neighbours(line[-1], height, width) if n in free
                            and not any(m in line[:-1] for m in grid_neighbours(n, height, width))]:
                line.append(min(steps, key=onward))
                free.discard(line[-1])
            line.reverse()
        lines.append(line)
    return lines


def joined_lines(rng: random.Random, lines: list[Line], width: int,
                 height: int) -> list[Line]:
    """``lines`` joined end to end while no joined line touches itself (module docstring,
    **Join**); lines of two cells or more."""
    lines = [list(line) for line in lines]
    owner = {cell: i for i, line in enumerate(lines) for cell in line}
    joined = True
    while joined:
        joined = False
        for i in rng.sample(range(len(lines)), len(lines)):
            if lines[i] and (other := _join_at(rng, lines, i, owner, width, height)) is not None:
                for cell in lines[other]:
                    owner[cell] = i
                lines[other] = []
                joined = True
    lines = [line for line in lines if line]
    for lone in [line[0] for line in lines if len(line) == 1]:
        _absorb(lone, lines, width, height)
    return [line for line in lines if len(line) >= 2]


def _absorb(lone: Cell, lines: list[Line], width: int, height: int) -> None:
    """A lone cell put on a line beside it (in place): the line cut after its cell beside
    ``lone``, which ends the first part, when both parts keep two cells and neither touches
    itself; left alone when no line takes it."""
    at = {cell: (i, k) for i, line in enumerate(lines) for k, cell in enumerate(line)}
    for n in grid_neighbours(lone, height, width):
        i, k = at[n]
        for line, t in ((lines[i], k), (lines[i][::-1], len(lines[i]) - 1 - k)):
            head, rest = line[:t + 1] + [lone], line[t + 1:]
            if len(head) >= 3 and len(rest) != 1 and not _touches(head, width, height):
                lines[i] = head
                if rest:
                    lines.append(rest)
                lines[at[lone][0]] = []
                return


def _touches(line: Line, width: int, height: int) -> bool:
    """Whether two cells of the line lie side by side without being one step of it."""
    at = {cell: i for i, cell in enumerate(line)}
    return any(abs(at[n] - i) > 1 for i, cell in enumerate(line)
               for n in grid_neighbours(cell, height, width) if n in at)


def _join_at(rng: random.Random, lines: list[Line], i: int, owner: dict[Cell, int],
             width: int, height: int) -> int | None:
    """Line ``i`` joined (in place) to a line beside one of its ends; the joined line's
    index, or ``None``."""
    for mine in rng.sample([lines[i], lines[i][::-1]], 2):
        on_mine = set(mine)
        beside = grid_neighbours(mine[-1], height, width)
        for n in rng.sample(beside, len(beside)):
            j = owner.get(n, i)
            if j == i or n not in (lines[j][0], lines[j][-1]):
                continue
            theirs = lines[j] if n == lines[j][0] else lines[j][::-1]
            if not any(m in on_mine and (k or m != mine[-1]) for k, cell in enumerate(theirs)
                       for m in grid_neighbours(cell, height, width)):
                lines[i] = mine + theirs
                return j
    return None


def joins(lines: list[Line], width: int, height: int) -> list[list[Line]]:
    """Every layout made from ``lines`` by joining two of them end to end (one end of one
    beside one end of the other) into a line that does not touch itself."""
    ends = {line[k]: (i, k) for i, line in enumerate(lines) for k in (0, -1)}
    out: list[list[Line]] = []
    for (i, k), cell in ((at, cell) for cell, at in ends.items()):
        for n in grid_neighbours(cell, height, width):
            j, m = ends.get(n, (i, 0))
            if j <= i:
                continue
            mine = lines[i] if k == -1 else lines[i][::-1]
            theirs = lines[j] if m == 0 else lines[j][::-1]
            on_mine = set(mine)
            if not any(c in on_mine and (x or c != mine[-1]) for x, cell2 in enumerate(theirs)
                       for c in grid_neighbours(cell2, height, width)):
                out.append([line for x, line in enumerate(lines) if x not in (i, j)]
                           + [mine + theirs])
    return out
