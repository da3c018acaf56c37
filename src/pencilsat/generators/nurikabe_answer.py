"""Random Nurikabe answers for the generator, and the edits that reshape them.

An answer is a grid of island labels (``WALL`` for a wall cell, else the island's index).
It is drawn from an all-wall grid by opening cells one at a time: while an island is below
the size drawn for it, a random one grows by a random wall cell next to it; when none is,
a new island starts on a cell of a random 2x2 block still all wall (where none fits, an
island next to the block takes one of its cells); when no block is left, the answer is
done. A cell whose opening would cut the wall in two, or make it touch another island, is
never opened, so every step keeps the rules that hold whatever the numbers (the wall is
connected, islands never touch orthogonally), and the answer is valid once the blocks are
gone.

A second answer of the puzzle is fought where it differs from ours (:func:`reshape`): one
differing cell is flipped in our answer (a wall cell opened into the island it touches or
as a new island, an island cell walled, which may split its island), when the flip keeps
every rule, and never back. The numbers then change with the islands, and the second
answer usually no longer fits them.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

import numpy as np

from pencilsat.core.values import Cell, grid_neighbours

WALL = -1
"""The label of a wall cell."""


def full_blocks(wall: np.ndarray) -> np.ndarray:
    """``out[r, c]``: the 2x2 block with top-left corner (r, c) is all wall."""
    return wall[:-1, :-1] & wall[1:, :-1] & wall[:-1, 1:] & wall[1:, 1:]


def draw_islands(width: int, height: int, rng: random.Random,
                 sizes: Sequence[int]) -> np.ndarray | None:
    """A random valid answer (module docstring): each new island's size is drawn from
    ``sizes``; ``None`` when a block is left that no cell of it may break."""
    labels = np.full((height, width), WALL, dtype=np.int32)
    cap: list[int] = []
    cells: list[list[Cell]] = []
    while True:
        growing = [i for i in range(len(cap)) if len(cells[i]) < cap[i]]
        if growing:
            island = rng.choice(growing)
            spots = sorted({nb for cell in cells[island]
                            for nb in grid_neighbours(cell, height, width) if labels[nb] == WALL})
            rng.shuffle(spots)
            spot = next((cell for cell in spots if _may_open(labels, cell, island)), None)
            if spot is None:
                cap[island] = len(cells[island])  # hemmed in: it stays this size
            else:
                labels[spot] = island
                cells[island].append(spot)
            continue
        blocks = [(int(r), int(c)) for r, c in np.argwhere(full_blocks(labels == WALL))]
        if not blocks:
            return labels
        rng.shuffle(blocks)
        if not any(_break(labels, block, rng, cap, cells, sizes) for block in blocks):
            return None


def _break(labels: np.ndarray, block: Cell, rng: random.Random, cap: list[int],
           cells: list[list[Cell]], sizes: Sequence[int]) -> bool:
    """Open a cell of the all-wall 2x2 ``block`` (its top-left corner): a new island there
    if one fits, else a cell joining the one island it touches; False when neither may."""
    height, width = labels.shape
    r, c = block
    corners = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
    rng.shuffle(corners)
    seed = next((cell for cell in corners if _may_open(labels, cell, None)), None)
    if seed is not None:
        labels[seed] = len(cap)
        cap.append(rng.choice(sizes))
        cells.append([seed])
        return True
    for cell in corners:
        touching = {int(labels[nb]) for nb in grid_neighbours(cell, height, width)
                    if labels[nb] != WALL}
        if len(touching) == 1 and _may_open(labels, cell, island := touching.pop()):
            labels[cell] = island
            cells[island].append(cell)
            cap[island] = len(cells[island])
            return True
    return False


def _may_open(labels: np.ndarray, cell: Cell, island: int | None) -> bool:
    """Whether wall ``cell`` may open into ``island`` (``None``: as a new island): it
    touches no other island's cell and the wall stays one piece."""
    height, width = labels.shape
    if any(labels[nb] != WALL and labels[nb] != island
           for nb in grid_neighbours(cell, height, width)):
        return False
    return _wall_stays_connected(labels == WALL, cell)


def _wall_stays_connected(wall: np.ndarray, cell: Cell) -> bool:
    """Whether the (connected) wall stays one piece without wall ``cell``: the search from
    one of its wall neighbours stops as soon as it meets all the others."""
    height, width = wall.shape
    ends = [nb for nb in grid_neighbours(cell, height, width) if wall[nb]]
    if not ends:  # the wall is this cell alone
        return False
    if len(ends) == 1 or _joined_around(wall, cell):
        return True
    wanted = set(ends[1:])
    seen = np.zeros_like(wall, dtype=bool)
    seen[cell] = seen[ends[0]] = True
    queue = deque([ends[0]])  # breadth first: the others are usually a step or two away
    while queue:
        here = queue.popleft()
        for nb in grid_neighbours(here, height, width):
            if wall[nb] and not seen[nb]:
                seen[nb] = True
                wanted.discard(nb)
                if not wanted:
                    return True
                queue.append(nb)
    return False


_RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
"""The eight cells around a cell, in order round it: each is next to the one after it."""


def _joined_around(wall: np.ndarray, cell: Cell) -> bool:
    """Whether the wall neighbours of ``cell`` are joined by one run of wall cells among the
    eight around it (then the wall stays one piece without ``cell``; when they are not, a
    search must tell)."""
    height, width = wall.shape
    r, c = cell
    ring = [0 <= r + dr < height and 0 <= c + dc < width and bool(wall[r + dr, c + dc])
            for dr, dc in _RING]
    if all(ring):
        return True
    start = ring.index(False)
    runs = 0  # runs of wall cells that hold a wall neighbour (odd places of the ring)
    holds = False
    for k in range(1, 9):
        place = (start + k) % 8
        if ring[place]:
            holds |= place % 2 == 1
        else:
            runs += holds
            holds = False
    return runs <= 1


def relabel(labels: np.ndarray) -> np.ndarray:
    """The islands numbered 0, 1, ... in row-major order of their first cell."""
    out = np.full(labels.shape, WALL, dtype=np.int32)
    height, width = labels.shape
    island = 0
    for r in range(height):
        for c in range(width):
            if labels[r, c] == WALL or out[r, c] != WALL:
                continue
            out[r, c] = island
            stack = [(r, c)]
            while stack:
                cell = stack.pop()
                for nb in grid_neighbours(cell, height, width):
                    if labels[nb] != WALL and out[nb] == WALL:
                        out[nb] = island
                        stack.append(nb)
            island += 1
    return out


def flip(labels: np.ndarray, cell: Cell, max_size: int) -> np.ndarray | None:
    """``labels`` with ``cell`` flipped, relabelled, when the result keeps every rule that
    holds whatever the numbers; else ``None``. A wall cell opens into the one island it
    touches (not past ``max_size``) or as a new island; an island cell becomes wall when it
    touches the wall and makes no 2x2 block, which may split its island in two (each part
    then gets a number of its own)."""
    height, width = labels.shape
    out = labels.copy()
    if labels[cell] == WALL:
        joins = {int(labels[nb]) for nb in grid_neighbours(cell, height, width)
                 if labels[nb] != WALL}
        if len(joins) > 1:
            return None
        if joins and int((labels == next(iter(joins))).sum()) >= max_size:
            return None
        if not _wall_stays_connected(labels == WALL, cell):
            return None
        out[cell] = joins.pop() if joins else int(labels.max()) + 1
    else:
        out[cell] = WALL
        if not any(labels[nb] == WALL for nb in grid_neighbours(cell, height, width)):
            return None
        if full_blocks(out == WALL).any():
            return None
    return relabel(out)


def reshape(labels: np.ndarray, differing: list[Cell], rng: random.Random,
            max_size: int, frozen: set[Cell]) -> tuple[np.ndarray, Cell] | None:
    """Our answer reshaped against a second answer that differs from it at ``differing``,
    and the cell flipped; ``None`` when no cell may flip. First choice, a new island of one
    cell on a wall cell at or next to a differing cell where the second answer has an
    island: the second answer then has that cell shaded under a number, or an island
    touching it, or holding two numbers. Else a differing cell flipped (random order, not
    ``frozen``: flipping a cell back would bring the earlier second answer back)."""
    height, width = labels.shape
    theirs = [cell for cell in differing if labels[cell] == WALL]
    near = sorted({nb for cell in theirs for nb in [cell, *grid_neighbours(cell, height, width)]
                   if labels[nb] == WALL and nb not in frozen
                   and all(labels[x] == WALL for x in grid_neighbours(nb, height, width))})
    rng.shuffle(near)
    for cell in near:
        flipped = flip(labels, cell, max_size)
        if flipped is not None:
            return flipped, cell
    cells = [cell for cell in differing if cell not in frozen]
    rng.shuffle(cells)
    for cell in cells:
        flipped = flip(labels, cell, max_size)
        if flipped is not None:
            return flipped, cell
    return None
