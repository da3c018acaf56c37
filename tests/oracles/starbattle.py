"""Star Battle's brute-force oracle: every answer of a small puzzle, and small random
puzzles with at least one answer."""

from __future__ import annotations

import itertools
import random

import numpy as np

from pencilsat.puzzles import starbattle as S
from pencilsat.puzzles.regions import Regions


def solutions(p: S.StarBattlePuzzle) -> list[S.StarBattleSolution]:
    """Every answer: rows filled top to bottom, each with k of its cells no two side by side,
    a row dropped as soon as a column passes k or a star touches one in the row above; each
    full grid is then judged by the rule checker."""
    inside = ~p.holes
    height, width = inside.shape
    per_row = [[cols for cols in itertools.combinations(np.flatnonzero(row).tolist(), p.stars)
                if all(b - a > 1 for a, b in itertools.pairwise(cols))] for row in inside]
    out = []
    grid = np.zeros((height, width), dtype=bool)

    def fill(r: int) -> None:
        if r == height:
            solution = S.StarBattleSolution(grid.copy())
            if not S.check(p, solution):
                out.append(solution)
            return
        for cols in per_row[r]:
            if r and any(grid[r - 1, max(c - 1, 0):c + 2].any() for c in cols):
                continue
            grid[r, list(cols)] = True
            if (grid.sum(axis=0) <= p.stars).all():
                fill(r + 1)
            grid[r, list(cols)] = False

    fill(0)
    return out


def regions_grown(side: int, rng: random.Random) -> np.ndarray:
    """A ``side x side`` grid cut into ``side`` regions grown from random seeds."""
    labels = np.full((side, side), -1)
    for region, cell in enumerate(rng.sample(range(side * side), side)):
        labels.flat[cell] = region
    while (labels < 0).any():
        r, c = divmod(rng.randrange(side * side), side)
        if labels[r, c] < 0:
            continue
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < side and 0 <= c + dc < side and labels[r + dr, c + dc] < 0:
            labels[r + dr, c + dc] = labels[r, c]
    return labels


def random_puzzle(rng: random.Random) -> S.StarBattlePuzzle:
    """A 4x4 or 5x5 one-star puzzle with at least one answer."""
    while True:
        puzzle = S.StarBattlePuzzle(Regions.from_labels(regions_grown(rng.choice((4, 5)), rng)),
                                    1)
        if solutions(puzzle):
            return puzzle
