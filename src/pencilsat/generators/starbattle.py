"""Star Battle for ``pencilsat generate``: stars first, regions around them, borders moved
until unique.

1. **Stars**: ``k`` per row and column, no two touching (diagonally neither), row by row
   with random column choices and backtracking (a column never past ``k``, nor short of
   what the rows left can still give it); where that gives up (most 3-star 14x14 to 16x16,
   the tight counts ``--stars`` allows), a model of the count clauses under random phases.
2. **Regions**: every star a seed; the seeds grow over random frontier cells until the
   grid is cut, then neighbouring regions merge ``k`` at a time
   (:func:`~pencilsat.puzzles.random_regions.regions_around`): ``N`` regions of ``k``
   stars each.
3. **Unique**: borders moved against each second answer
   (:mod:`~pencilsat.generators.region_pinning`).

The grid is square (``k`` stars a row and a column). By default ``k`` follows the size as
most published puzzles do: 1 star up to 9x9, 2 from 10x10, 3 from 14x14; ``--stars K``
asks for another (janko publishes 2-star 9x9 and 1-star 11x11, 12x12). Two neighbouring
rows hold ``2k`` stars, at most one per 2x2 block, so ``4k`` is at most the side
(:func:`max_stars`). 5x5 is the smallest grid made, 16x16 the largest (proofs grow long).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from itertools import combinations, pairwise

import numpy as np

from pencilsat.generators.region_pinning import RegionRules, pin_regions
from pencilsat.generators.structure_maker import Made, StructureGenre
from pencilsat.puzzles.random_regions import regions_around
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.starbattle import StarBattlePuzzle

SIDES = range(5, 17)
STAR_NODES = 20_000
"""Backtracking steps spent on one star layout before the draw fails."""
NO_SYMMETRY = "the regions grow at random around stars drawn at random"


def stars_for(side: int) -> int:
    """The default star count of a side (module docstring)."""
    return 1 if side < 10 else 2 if side < 14 else 3


def max_stars(side: int) -> int:
    """The most stars a row and a column of a ``side``-square grid can hold (module
    docstring); the bound is met: 8x8 holds 2, 12x12 3, 16x16 4 (7x7 2, 11x11 3 none)."""
    return side // 4


def refuse_size(width: int, height: int, stars: int | None = None) -> str | None:
    """Why a size (with ``stars`` a row, ``None``: the size's default) is not made
    (``None``: it is)."""
    if width != height:
        return "the grid is square (as many stars in every row as in every column)"
    if width not in SIDES:
        return f"the side is {SIDES[0]} to {SIDES[-1]}"
    if stars is not None and stars > max_stars(width):
        return (f"{stars} stars a row do not fit: no two touch, so at most one in each 2x2 "
                f"block, at most {max_stars(width)} a row at side {width}")
    return None


def with_stars(spec: StructureGenre, stars: int) -> StructureGenre:
    """Star Battle's spec with ``stars`` a row instead of the size's default."""
    least, most = max(4 * stars, SIDES[0]), SIDES[-1]
    hint = (f"--stars {stars} is made from {least}x{least} to {most}x{most}" if least <= most
            else f"at most --stars {max_stars(most)} (at {most}x{most})")
    return replace(spec, search=partial(search, stars=stars),
                   refuse=partial(refuse_size, stars=stars), size_hint=hint)


def search(rng: random.Random, width: int, height: int,
           stars: int | None = None) -> Made | None:
    """One candidate with ``stars`` a row (``None``: the size's default): stars, regions,
    borders moved; ``None``: given up."""
    k = stars_for(width) if stars is None else stars
    star_cells = random_stars(rng, width, k)
    if star_cells is None:
        star_cells = drawn_stars(rng, width, k)
    if star_cells is None:
        return None
    seeds = np.full(star_cells.shape, -1, dtype=np.int64)
    for g, cell in enumerate(map(tuple, np.argwhere(star_cells).tolist())):
        seeds[cell] = g
    regions = regions_around(rng, seeds, k)
    if regions is None:
        return None

    def build(current: Regions) -> StarBattlePuzzle:
        return StarBattlePuzzle(current, k)

    return pin_regions(rng, regions, star_cells, build, rules=star_rules(width, k))


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


def drawn_stars(rng: random.Random, side: int, k: int) -> np.ndarray | None:
    """``k`` stars in each row and column, none touching another: a model of the count
    clauses (a row, a column: exactly ``k``; a 2x2 block: at most one) under random phases
    (``None``: there is none)."""
    from pencilsat.encodings.encoding import ClauseEncoding
    from pencilsat.generators.clue_maker import random_model

    cells = np.arange(1, side * side + 1).reshape(side, side)
    rules = star_rules(side, k)
    encoding = ClauseEncoding("star layout", rules.top, [list(c) for c in rules.clauses],
                              cells.ravel().tolist(), lambda true: np.isin(cells, list(true)))
    drawn: np.ndarray | None = random_model(encoding, rng)
    return drawn


def star_rules(side: int, k: int) -> RegionRules:
    """The rules regions do not touch, over the cell variables ``1..side²`` (row-major): a
    row, a column: exactly ``k``; a 2x2 block: at most one (no two stars touch)."""
    from pencilsat.encodings.cardinality import (
        at_most_clauses,
        exactly_clauses,
        rows_and_columns,
    )

    cells = np.arange(1, side * side + 1).reshape(side, side)
    clauses, top = exactly_clauses([(line, k) for line in rows_and_columns(cells)],
                                   side * side)
    blocks = [(cells[r:r + 2, c:c + 2].ravel().tolist(), 1)
              for r in range(side - 1) for c in range(side - 1)]
    more, top = at_most_clauses(blocks, top, card="pairwise")
    return RegionRules(clauses + more, top, k)
