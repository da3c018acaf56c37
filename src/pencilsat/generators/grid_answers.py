"""Random answers drawn straight on the grid, for genres whose complete clause list does not
draw a good one: Kurodoko's shading (the clause list under random phases shades about one
cell in ten, far sparser than published puzzles) and Fillomino's blocks (its complete list
holds the block rule over every connected set of cells, which only small grids afford)."""

from __future__ import annotations

import random
from collections import deque

import numpy as np

from pencilsat.core.values import Cell, grid_neighbours

SHADED_SHARE = (0.18, 0.28)
"""The share of shaded cells a Kurodoko answer is drawn at (uniform in this range)."""
BLOCK_SIZES = (1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8)
"""The sizes a new Fillomino block aims at, drawn uniformly from this list."""




def _white_connected(shaded: np.ndarray) -> bool:
    height, width = shaded.shape
    whites = list(zip(*np.nonzero(~shaded), strict=True))
    if not whites:
        return False
    seen = {(int(whites[0][0]), int(whites[0][1]))}
    todo = deque(seen)
    while todo:
        for n in grid_neighbours(todo.popleft(), height, width):
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
        if any(shaded[n] for n in grid_neighbours(cell, height, width)):
            continue
        shaded[cell] = True
        if _white_connected(shaded):
            count += 1
        else:
            shaded[cell] = False
    return shaded


def random_blocks(width: int, height: int, rng: random.Random) -> np.ndarray:
    """Each cell's block size: blocks grown at random from random free cells, each towards a
    size from ``BLOCK_SIZES`` and one cell further while a block of its size touches it; a
    block that cannot grow out of such a touch is merged with the block it touches (and
    again, while the merged block touches one of its new size), so no two blocks of one
    size touch."""
    label = np.full((height, width), -1, dtype=np.int64)
    blocks: list[list[Cell]] = []
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    for start in cells:
        if label[start] >= 0:
            continue
        block, inside = [start], {start}
        goal = rng.choice(BLOCK_SIZES)
        while True:
            touching = {len(blocks[label[n]]) for cell in block
                        for n in grid_neighbours(cell, height, width) if label[n] >= 0}
            if len(block) >= goal and len(block) not in touching:
                break
            free = sorted({n for cell in block for n in grid_neighbours(cell, height, width)
                           if label[n] < 0 and n not in inside})
            if not free:
                break
            grown = rng.choice(free)
            block.append(grown)
            inside.add(grown)
        for cell in block:
            label[cell] = len(blocks)
        blocks.append(block)
    while (pair := _same_size_touch(label, blocks)) is not None:
        keep, gone = pair
        for cell in blocks[gone]:
            label[cell] = keep
        blocks[keep] += blocks[gone]
        blocks[gone] = []
    size = np.zeros((height, width), dtype=np.int32)
    for block in blocks:
        for cell in block:
            size[cell] = len(block)
    return size


def _same_size_touch(label: np.ndarray, blocks: list[list[Cell]]) -> tuple[int, int] | None:
    """Two touching blocks of one size (their labels), or ``None``."""
    lengths = np.array([len(b) for b in blocks])
    size = lengths[label]
    for a, b, same in ((label[:, :-1], label[:, 1:], size[:, :-1] == size[:, 1:]),
                       (label[:-1, :], label[1:, :], size[:-1, :] == size[1:, :])):
        found = np.flatnonzero(same & (a != b))
        if found.size:
            return int(a.ravel()[found[0]]), int(b.ravel()[found[0]])
    return None
