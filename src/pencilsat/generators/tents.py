"""Tents' open puzzle for the clue maker: trees placed from a random tent layout, no count.

As Tatham's ``tents.c`` draws a grid: tents go one at a time on random cells no tent
touches (not even at a corner) until :data:`TENT_SHARE` of the cells hold one or none is
left, then each tent gets a tree on a random free cell beside it (a tent with none is
taken away). The tents are dropped: the maker draws its own answer of the trees. The clues
are the row and column counts, every one given, as Tatham and janko publish Tents (the
spec's ``all_given``): a level is met by drawing trees until the puzzle measures in its band.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.generators.size_limits import smallest_side
from pencilsat.puzzles.tents import NO_COUNT, TentsPuzzle

TENT_SHARE = 0.2
"""Tents per cell aimed at (Tatham's grids and janko's have about one tree in five cells)."""
SMALLEST_SIDE = 2
_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))



refuse_size = smallest_side(SMALLEST_SIDE)
"""Why a size is not drawn (``None``: it is)."""


def open_puzzle(rng: random.Random, width: int, height: int) -> TentsPuzzle | None:
    """Random trees that a tent layout pairs, no count; ``None`` when no tree was placed."""
    trees = random_trees(rng, width, height)
    if not trees.any():
        return None
    return TentsPuzzle(trees, np.full(width, NO_COUNT), np.full(height, NO_COUNT))


def random_trees(rng: random.Random, width: int, height: int) -> np.ndarray:
    """The trees of a random tent layout (module docstring)."""
    tents = np.zeros((height, width), dtype=bool)
    blocked = np.zeros((height, width), dtype=bool)
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    aim = max(1, round(TENT_SHARE * width * height))
    placed: list[tuple[int, int]] = []
    for r, c in cells:
        if len(placed) >= aim:
            break
        if blocked[r, c]:
            continue
        tents[r, c] = True
        blocked[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = True
        placed.append((r, c))
    trees = np.zeros((height, width), dtype=bool)
    for r, c in placed:
        free = [(r + dr, c + dc) for dr, dc in _STEPS
                if 0 <= r + dr < height and 0 <= c + dc < width
                and not tents[r + dr, c + dc] and not trees[r + dr, c + dc]]
        if free:
            trees[rng.choice(free)] = True
    return trees
