"""Answers drawn on the grid for the clue maker (``generators/grid_answers.py``): Kurodoko's
shading and Fillomino's blocks keep their genre's rules at every size tried, Fillomino's
merged blocks included, and the same stream draws the same answer."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pencilsat.core.registry import rules_of
from pencilsat.generators.grid_answers import SHADED_SHARE, random_blocks, random_shading
from pencilsat.puzzles.fillomino import FillominoPuzzle, FillominoSolution
from pencilsat.puzzles.kurodoko import KurodokoPuzzle, KurodokoSolution


@pytest.mark.parametrize("width,height", [(2, 2), (7, 4), (10, 10), (16, 15)])
def test_random_shading_keeps_kurodokos_rules(width, height):
    puzzle = KurodokoPuzzle(np.zeros((height, width), dtype=np.int32))
    for seed in range(5):
        shaded = random_shading(width, height, random.Random(seed))
        assert rules_of(puzzle).check(puzzle, KurodokoSolution(shaded)) == []
        assert shaded.sum() <= round(SHADED_SHARE[1] * width * height)
    assert (random_shading(10, 10, random.Random(3)) == random_shading(
        10, 10, random.Random(3))).all()


@pytest.mark.parametrize("width,height", [(2, 2), (5, 3), (10, 10), (20, 20)])
def test_random_blocks_keep_fillominos_rules(width, height):
    puzzle = FillominoPuzzle(np.zeros((height, width), dtype=np.int32))
    merged = 0
    for seed in range(6):
        sizes = random_blocks(width, height, random.Random(seed))
        assert rules_of(puzzle).check(puzzle, FillominoSolution(sizes)) == []
        merged += int(sizes.max()) > 9
    if width * height >= 400:  # merges happen there; the merged layouts keep the rules too
        assert merged > 0
