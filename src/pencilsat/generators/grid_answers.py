"""Random answers drawn straight on the grid, for genres whose complete clause list does not
draw a good one: Kurodoko's shading (the clause list under random phases shades about one
cell in ten, far sparser than published puzzles) and Fillomino's blocks (its complete list
holds the block rule over every connected set of cells, which only small grids afford)."""

from __future__ import annotations

import random
from collections import deque

import numpy as np

from pencilsat.core.values import Cell

SHADED_SHARE = (0.18, 0.28)
"""The share of shaded cells a Kurodoko answer is drawn at (uniform in this range)."""
BLOCK_SIZES = (1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8)
"""The sizes a new Fillomino block aims at, drawn uniformly from this list."""


def _neighbours(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


def _white_connected(shaded: np.ndarray) -> bool:
    height, width = shaded.shape
    whites = list(zip(*np.nonzero(~shaded), strict=True))
    if not whites:
        return False
    seen = {(int(whites[0][0]), int(whites[0][1]))}
    todo = deque(seen)
    while todo:
        for n in _neighbours(todo.popleft(), height, width):
            if n not in seen and not shaded[n]:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(whites)


def random_shading(width: int, height: int, rng: random.Random,
                   share: tuple[float, float] = SHADED_SHARE) -> np.ndarray:
    """Shaded cells never side by side, the unshaded ones connected: cells tried in random
    order, each shaded when it keeps both rules, up to a share drawn from ``share`` (a share
    of 1: every cell tried, so no unshaded cell can be shaded more)."""
    shaded = np.zeros((height, width), dtype=bool)
    goal = round(rng.uniform(*share) * width * height)
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    count = 0
    for cell in cells:
        if count >= goal:
            break
        if any(shaded[n] for n in _neighbours(cell, height, width)):
            continue
        shaded[cell] = True
        if _white_connected(shaded):
            count += 1
        else:
            shaded[cell] = False
    return shaded


def random_blocks(width: int, height: int, rng: random.Random) -> np.ndarray | None:
    """Each cell's block size: blocks grown at random from random free cells, each towards a
    size from ``BLOCK_SIZES``, grown one cell further while a block of its size touches it;
    ``None`` when one cannot grow out of such a touch (draw again)."""
    size = np.zeros((height, width), dtype=np.int32)
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    for start in cells:
        if size[start]:
            continue
        block = [start]
        inside = {start}
        goal = rng.choice(BLOCK_SIZES)
        while True:
            free = sorted({n for cell in block for n in _neighbours(cell, height, width)
                           if not size[n] and n not in inside})
            touching = {int(size[n]) for cell in block
                        for n in _neighbours(cell, height, width) if size[n]}
            if len(block) >= goal and len(block) not in touching:
                break
            if not free:
                if len(block) in touching:
                    return None
                break
            grown = rng.choice(free)
            block.append(grown)
            inside.add(grown)
        for cell in block:
            size[cell] = len(block)
    return size
