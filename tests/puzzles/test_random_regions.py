"""Random region grids (``puzzles/random_regions.py``): regions connected, of the sizes
asked (exactly ``k`` or a range), inside a mask, the same for the same rng seed, ``None``
where no cut exists; rectangles that are rectangles within their bounds."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pencilsat.puzzles.random_regions import random_rectangles, random_regions
from pencilsat.puzzles.regions import NO_REGION, Regions
from pencilsat.puzzles.shading import regions as pieces

SEEDS = range(6)


def _connected(regions: Regions) -> bool:
    return all(len(pieces(regions.ids == k)) == 1 for k in range(regions.count))


@pytest.mark.parametrize("side", [4, 5, 6, 7, 9])
@pytest.mark.parametrize("seed", SEEDS)
def test_n_regions_of_n_cells_cover_the_square(side, seed):
    regions = random_regions(random.Random(seed), side, side, side, side)
    assert regions is not None
    assert regions.count == side and (regions.sizes() == side).all()
    assert _connected(regions)


@pytest.mark.parametrize("low,high", [(1, 1), (1, 5), (2, 4), (3, 3), (4, 7)])
@pytest.mark.parametrize("seed", SEEDS)
def test_region_sizes_stay_in_their_range(low, high, seed):
    regions = random_regions(random.Random(seed), 9, 7, low, high)
    assert regions is not None
    sizes = regions.sizes()
    assert (sizes >= low).all() and (sizes <= high).all() and sizes.sum() == 63
    assert _connected(regions)


def test_a_mask_keeps_its_outside_cells_out_of_every_region():
    mask = np.ones((6, 6), dtype=bool)
    mask[0, :] = False
    mask[:, 5] = False  # a 5x5 piece left: five regions of five
    regions = random_regions(random.Random(1), 6, 6, 5, 5, mask=mask)
    assert regions is not None
    assert ((regions.ids == NO_REGION) == ~mask).all()
    assert (regions.sizes() == 5).all()


def test_a_mask_piece_no_region_size_fits_gives_none():
    mask = np.zeros((4, 4), dtype=bool)
    mask[0, :3] = True  # 3 cells: no region of 2
    assert random_regions(random.Random(1), 4, 4, 2, 2, mask=mask) is None


def test_the_same_rng_seed_gives_the_same_regions():
    first = random_regions(random.Random(7), 9, 9, 9, 9)
    assert first == random_regions(random.Random(7), 9, 9, 9, 9)
    assert first != random_regions(random.Random(8), 9, 9, 9, 9)


@pytest.mark.parametrize("seed", SEEDS)
def test_rectangles_tile_the_grid_within_their_bounds(seed):
    regions = random_rectangles(random.Random(seed), 10, 8, 12, largest_side=4,
                                smallest_area=2)
    for cells in regions.cells():
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        assert len(cells) == len(rows) * len(cols) <= 12  # its bounding box, filled
        assert max(len(rows), len(cols)) <= 4
    assert regions.sizes().sum() == 80
