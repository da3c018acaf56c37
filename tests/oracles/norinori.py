"""Norinori's brute-force oracle: every answer of a tiny puzzle (two cells per region, every
choice, kept when the rule checker accepts it), and small random puzzles that have one."""

from __future__ import annotations

import itertools
import random

import numpy as np

from pencilsat.puzzles.norinori import NorinoriPuzzle, NorinoriSolution, check
from pencilsat.puzzles.regions import Regions


def solutions(puzzle: NorinoriPuzzle) -> list[NorinoriSolution]:
    """Every shading with two cells in each region that the checker accepts (a quick look
    at the dominoes first, so the checker sees only the likely ones)."""
    choices = [list(itertools.combinations(cells, 2)) for cells in puzzle.regions.cells()]
    out = []
    for picked in itertools.product(*choices):
        on = {cell for pair in picked for cell in pair}
        if not all(_shaded_neighbours(on, cell) == 1 for cell in on):
            continue
        shaded = np.zeros((puzzle.height, puzzle.width), dtype=bool)
        for cell in on:
            shaded[cell] = True
        answer = NorinoriSolution(shaded)
        if not check(puzzle, answer):
            out.append(answer)
    return out


def _shaded_neighbours(on: set[tuple[int, int]], cell: tuple[int, int]) -> int:
    r, c = cell
    return sum(n in on for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))


def random_regions(rng: random.Random, width: int, height: int, count: int) -> Regions:
    """``count`` regions grown at random from distinct seed cells until they cover the
    grid."""
    labels = np.full((height, width), -1)
    cells = [(r, c) for r in range(height) for c in range(width)]
    for label, cell in enumerate(rng.sample(cells, count)):
        labels[cell] = label
    while (labels < 0).any():
        r, c = rng.choice([cell for cell in cells if labels[cell] >= 0])
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        if 0 <= r + dr < height and 0 <= c + dc < width and labels[r + dr, c + dc] < 0:
            labels[r + dr, c + dc] = labels[r, c]
    return Regions.from_labels(labels)


def random_puzzle(rng: random.Random) -> NorinoriPuzzle:
    """A grid of 2x2 to 4x4 cut into random regions of two cells or more (half the time
    many small ones, which makes most puzzles unique), drawn again until the puzzle has an
    answer."""
    while True:
        width, height = rng.randint(2, 4), rng.randint(2, 4)
        most = width * height // 2
        count = rng.randint(most // 2 + 1, most) if rng.random() < 0.5 else rng.randint(1, most)
        regions = random_regions(rng, width, height, count)
        if regions.sizes().min() < 2:
            continue
        puzzle = NorinoriPuzzle(regions)
        if solutions(puzzle):
            return puzzle
