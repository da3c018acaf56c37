"""The genres whose clues are their structure (``generators/structure_maker.py``): small
puzzles that the genre's *other* strategy proves unique with the generator's answer, that
pass the rule checker and that the same seed makes again; a level, a symmetry and a size the
genre cannot have are refused by name; the shared region primitive cuts regions of exactly
``per_region`` seed groups."""

from __future__ import annotations

import random

import numpy as np
import pytest
from same_seed import assert_the_seed_makes_the_puzzle

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.genres import STRUCTURE_GENRES as LISTED
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
from pencilsat.generators.structure_genres import STRUCTURE_GENRES
from pencilsat.puzzles.random_regions import regions_around
from pencilsat.strategies.front import solve

SMALL = {"starbattle": (6, 6), "norinori": (6, 6), "lits": (6, 6), "galaxies": (6, 5),
         "numberlink": (6, 5)}
"""A small size per genre, the tests' grids."""
SEEDS = (1, 2, 3)
REFUSED = {"starbattle": (6, 7), "norinori": (3, 6), "lits": (11, 10), "galaxies": (2, 5),
           "numberlink": (13, 13)}
"""A size each genre refuses."""


def _other_strategy(genre: str) -> str:
    """A strategy of the genre that is not its default (the search proves by the default)."""
    entry = REGISTRY[genre]
    return next(s.name for s in entry.strategies if s.name != entry.default_strategy)


def test_the_genre_lists_agree():
    assert set(LISTED) == set(STRUCTURE_GENRES) == set(SMALL) == set(REFUSED)


@pytest.mark.parametrize("genre", sorted(SMALL))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_made_puzzle_is_unique_and_valid(genre, seed):
    width, height = SMALL[genre]
    made = Order(genre, width, height).make(seed)
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    proof = solve(made.puzzle, encoding=_other_strategy(genre))
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    assert made.clues > 1 and made.grading.level is None


@pytest.mark.parametrize("genre", sorted(SMALL))
def test_the_same_seed_makes_the_same_puzzle(genre):
    assert_the_seed_makes_the_puzzle(genre, *SMALL[genre])


@pytest.mark.parametrize("genre", sorted(SMALL))
def test_a_level_a_symmetry_and_a_size_are_refused_by_name(genre):
    title = REGISTRY[genre].title
    width, height = SMALL[genre]
    with pytest.raises(InputError, match=f"{title} has no grader") as refused:
        Order(genre, width, height, Target(level=1)).maker()
    assert "masyu" in refused.value.hint
    with pytest.raises(InputError, match=f"--symmetry is not made for {title}"):
        Order(genre, width, height, symmetry="rot2").maker()
    bad = REFUSED[genre]
    with pytest.raises(InputError, match=f"cannot generate a {bad[0]}x{bad[1]} {title}"):
        Order(genre, *bad).maker()


def test_star_battle_stars_follow_the_size():
    made = Order("starbattle", 10, 10).make(3)
    assert made.puzzle.stars == 2 and made.solution.shaded.sum() == 20


@pytest.mark.parametrize("per_region", (1, 2, 3))
def test_regions_around_hold_exactly_their_seed_groups(per_region):
    rng = random.Random(per_region)
    seeds = np.full((7, 8), -1, dtype=np.int64)
    cells = rng.sample([(r, c) for r in range(7) for c in range(8)], 12)
    for group, cell in enumerate(cells):
        seeds[cell] = group
    regions = None
    while regions is None:
        regions = regions_around(rng, seeds, per_region)
    assert regions.count == 12 // per_region
    for region in regions.cells():
        assert sum(seeds[cell] >= 0 for cell in region) == per_region
