"""Star Battle for ``pencilsat generate``: stars first, regions around them, borders moved
until unique.

1. **Stars**: ``k`` per row and column, no two touching (diagonally neither), row by row
   with random column choices and backtracking (a column never past ``k``, nor short of
   what the rows left can still give it).
2. **Regions**: every star a seed; the seeds grow over random frontier cells until the
   grid is cut, then neighbouring regions merge ``k`` at a time
   (:func:`~pencilsat.puzzles.random_regions.regions_around`): ``N`` regions of ``k``
   stars each.
3. **Unique**: borders moved against each second answer
   (:mod:`~pencilsat.generators.region_pinning`).

The grid is square (``k`` stars a row and a column). ``k`` follows the size as published
puzzles do: 1 star up to 9x9, 2 from 10x10, 3 from 14x14; 5x5 is the smallest grid with a
1-star answer whose stars do not touch that regions can pin, 10x10 the smallest 2-star
grid made here, and 16x16 the largest (proofs past it grow long).
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import numpy as np

from pencilsat.generators.region_pinning import pin_regions
from pencilsat.generators.structure_maker import Made
from pencilsat.puzzles.random_regions import regions_around
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.starbattle import StarBattlePuzzle

SIDES = range(5, 17)
STAR_NODES = 20_000
"""Backtracking steps spent on one star layout before the draw fails."""
NO_SYMMETRY = "the regions grow at random around stars drawn at random"


def stars_for(side: int) -> int:
    """The star count of a side (module docstring)."""
    return 1 if side < 10 else 2 if side < 14 else 3


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not made (``None``: it is)."""
    if width != height:
        return "the grid is square (as many stars in every row as in every column)"
    if width not in SIDES:
        return f"the side is {SIDES[0]} to {SIDES[-1]}"
    return None


def search(rng: random.Random, width: int, height: int) -> Made | None:
    """One candidate: stars, regions, borders moved; ``None``: given up."""
    k = stars_for(width)
    stars = random_stars(rng, width, k)
    if stars is None:
        return None
    seeds = np.full(stars.shape, -1, dtype=np.int64)
    for g, cell in enumerate(map(tuple, np.argwhere(stars).tolist())):
        seeds[cell] = g
    regions = regions_around(rng, seeds, k)
    if regions is None:
        return None

    def build(current: Regions) -> StarBattlePuzzle:
        return StarBattlePuzzle(current, k)

    return pin_regions(rng, regions, stars, build)


def random_stars(rng: random.Random, side: int, k: int) -> np.ndarray | None:
    """``k`` stars in each row and column of a ``side``-square grid, none touching another
    (module docstring), or ``None`` after ``STAR_NODES`` steps."""
    options = [cols for cols in combinations(range(side), k)
               if all(b - a > 1 for a, b in pairwise(cols))]
    rows: list[tuple[int, ...]] = []
    counts = [0] * side
    spent = 0

    def place(row: int) -> bool:
        nonlocal spent
        if row == side:
            return True
        left = side - row - 1  # rows after this one: a column may get a star every other row
        above = set(rows[-1]) if rows else set()
        order = options[:]
        rng.shuffle(order)
        for cols in order:
            spent += 1
            if spent > STAR_NODES:
                return False
            if any(c + d in above for c in cols for d in (-1, 0, 1)):
                continue
            if any(counts[c] >= k for c in cols):
                continue
            after = [counts[c] + (c in cols) for c in range(side)]
            if any(k - n > (left + 1) // 2 for n in after):
                continue
            rows.append(cols)
            for c in cols:
                counts[c] += 1
            if place(row + 1):
                return True
            rows.pop()
            for c in cols:
                counts[c] -= 1
        return False

    if not place(0):
        return None
    stars = np.zeros((side, side), dtype=bool)
    for r, cols in enumerate(rows):
        stars[r, list(cols)] = True
    return stars
