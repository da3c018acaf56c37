"""Norinori for ``pencilsat generate``: small regions first, an answer of them, borders
moved until it is the only one.

1. **Regions** of 3 to 6 cells, 3 to 7 past 16x16's area
   (:func:`~pencilsat.puzzles.random_regions.random_regions`): small regions are what pins
   a Norinori. Regions grown around a drawn domino layout
   (as Star Battle's around its stars) left nearly every cell open: on 8x8, 62-64 of the
   64 cells differed between answers, and border moves rarely made one unique.
2. **An answer**: the genre's complete clause list under random phases (the clue maker's
   :func:`~pencilsat.generators.clue_maker.random_model`); regions with none are drawn again.
3. **Unique**: borders moved against each second answer
   (:mod:`~pencilsat.generators.region_pinning`).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import load
from pencilsat.generators.clue_maker import random_model
from pencilsat.generators.region_pinning import RegionRules, pin_regions
from pencilsat.generators.size_limits import sides_within
from pencilsat.generators.structure_maker import Made
from pencilsat.puzzles.norinori import SHADED_PER_REGION, NorinoriPuzzle
from pencilsat.puzzles.random_regions import random_regions
from pencilsat.puzzles.regions import Regions

SIDES = range(4, 21)
SMALLEST, LARGEST, LARGEST_BIG = 3, 6, 7
"""Region sizes drawn: up to ``LARGEST`` cells, ``LARGEST_BIG`` past ``BIG`` cells. Regions
of 3 to 6 cells are tight (4.5 cells for 2 shaded): most layouts past 14x14 have no answer
at all (none of 30 drawn at 14x14; 18x18 and 20x20 seeds 1-2 gave no puzzle in a minute),
while 3 to 7 gave an answer to 3 of 30 layouts at 20x20."""
BIG = 256
DRAWS = 50
"""Region layouts drawn for one with an answer before the candidate is given up."""
NO_SYMMETRY = "the regions are drawn at random"


refuse_size = sides_within(SIDES)
"""Why a size is not made (``None``: it is)."""


def search(rng: random.Random, width: int, height: int) -> Made | None:
    """One candidate: regions, an answer, borders moved; ``None``: given up."""
    complete = REGISTRY["norinori"].complete_cnf
    assert complete is not None  # the registry names Norinori's complete clause list
    encode = load(complete)
    for _ in range(DRAWS):
        largest = LARGEST if width * height <= BIG else LARGEST_BIG
        regions = random_regions(rng, width, height, SMALLEST, largest)
        if regions is None:
            continue
        answer = random_model(encode(NorinoriPuzzle(regions)), rng)
        if answer is not None:
            return pin_regions(rng, regions, np.asarray(answer.shaded), _puzzle,
                               rules=domino_rules(width, height))
    return None


def domino_rules(width: int, height: int) -> RegionRules:
    """The rule regions do not touch, over the cell variables ``1..W*H`` (row-major): a
    shaded cell has exactly one shaded neighbour (the shaded cells are dominoes)."""
    from pencilsat.encodings.shading import at_most_one_neighbour, has_neighbour

    cells = np.arange(1, width * height + 1).reshape(height, width)
    blocks = [*has_neighbour(cells), *at_most_one_neighbour(cells)]
    clauses = [[int(lit) for lit in row if lit] for block in blocks for row in block.tolist()]
    return RegionRules(clauses, width * height, SHADED_PER_REGION)


def _puzzle(regions: Regions) -> NorinoriPuzzle:
    return NorinoriPuzzle(regions)
