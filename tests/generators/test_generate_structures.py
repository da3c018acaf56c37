"""The genres whose clues are their structure (``generators/structure_maker.py``): small
puzzles that the genre's *other* strategy proves unique with the generator's answer, that
pass the rule checker and that the same seed makes again; a level, a symmetry (but
Numberlink's) and a size the genre cannot have are refused by name; the shared region
primitive cuts regions of exactly ``per_region`` seed groups."""

from __future__ import annotations

import random

import numpy as np
import pytest
from same_seed import assert_the_seed_makes_the_puzzle

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
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
           "numberlink": (41, 41)}
"""A size each genre refuses."""


def _other_strategy(genre: str) -> str:
    """A strategy of the genre that is not its default (the search proves by the default)."""
    entry = REGISTRY[genre]
    return next(s.name for s in entry.strategies if s.name != entry.default_strategy)


def test_every_structure_genre_has_a_small_size_and_a_refused_one():
    assert set(STRUCTURE_GENRES) == set(SMALL) == set(REFUSED)


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
    if genre != "numberlink":  # its ends are made symmetric (test_numberlink_generate.py)
        with pytest.raises(InputError, match=f"--symmetry is not made for {title}"):
            Order(genre, width, height, symmetry="rot2").maker()
    bad = REFUSED[genre]
    with pytest.raises(InputError, match=f"cannot generate a {bad[0]}x{bad[1]} {title}"):
        Order(genre, *bad).maker()


def test_star_battle_stars_follow_the_size():
    made = Order("starbattle", 10, 10).make(3)
    assert made.puzzle.stars == 2 and made.solution.shaded.sum() == 20


@pytest.mark.parametrize("side,stars,seed", [(8, 2, 1), (9, 2, 2), (6, 1, 3), (12, 3, 4)])
def test_star_battle_has_the_stars_asked(side, stars, seed):
    order = Order("starbattle", side, side, stars=stars)
    made = order.make(seed)
    assert made.puzzle.stars == stars and rules_of(made.puzzle).check(made.puzzle,
                                                                      made.solution) == []
    shaded = np.asarray(made.solution.shaded)
    assert (shaded.sum(axis=0) == stars).all() and (shaded.sum(axis=1) == stars).all()
    proof = solve(made.puzzle, encoding=_other_strategy("starbattle"))
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    assert order.command(seed) == (f"pencilsat generate starbattle {side}x{side} "
                                   f"--stars {stars} --seed {seed}")


def test_a_tight_star_count_is_drawn_where_the_backtracking_gives_up():
    from pencilsat.generators.starbattle import drawn_stars, random_stars

    assert random_stars(random.Random(0), 12, 3) is None  # the row-by-row search gives up
    stars = drawn_stars(random.Random(0), 12, 3)
    assert stars is not None and (stars.sum(axis=0) == 3).all() and (
        stars.sum(axis=1) == 3).all()
    touching = stars[:-1, :-1].astype(int) + stars[1:, :-1] + stars[:-1, 1:] + stars[1:, 1:]
    assert touching.max() == 1


@pytest.mark.parametrize("side,stars", [(7, 2), (11, 3), (16, 5)])
def test_too_many_stars_for_the_side_are_refused(side, stars):
    with pytest.raises(InputError, match=f"{stars} stars a row do not fit"):
        Order("starbattle", side, side, stars=stars).maker()


def test_stars_are_refused_for_another_genre():
    with pytest.raises(InputError, match="--stars is not an option of norinori"):
        Order("norinori", 6, 6, stars=1).maker()


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


def test_galaxies_come_near_tathams_count():
    """Moving centres and taking pairs (``generators/galaxies.py``) make fewer, larger
    galaxies: Tatham's 10x10 have 22.5 on average, the draw without them made 30.2."""
    made = [Order("galaxies", 10, 10).make(seed) for seed in range(1, 11)]
    assert 19 <= sum(m.clues for m in made) / len(made) <= 26
    for m in made[:3]:
        proof = solve(m.puzzle, encoding=_other_strategy("galaxies"))
        assert proof.verdict == Verdict.UNIQUE and proof.solution == m.solution


def test_a_galaxy_moves_its_centre_to_take_a_cell():
    from pencilsat.generators.galaxies import _moved

    owner = np.full((3, 3), -1, dtype=np.int64)
    owner[1, 0] = owner[1, 1] = 0  # a domino, its centre on the edge between them
    moved = _moved(owner, (3, 2), 0, [(1, 2)], 9)
    assert moved == ((3, 3), {(1, 0), (1, 1), (1, 2)})  # the centre of the three
    assert _moved(owner, (3, 2), 0, [(0, 0)], 9) is None  # no lattice point: refused
