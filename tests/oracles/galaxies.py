"""Spiral Galaxies' brute-force oracle: every way to give each cell of a tiny grid one of
the centres, cells walked row-major, a cell given a centre together with its mirror image
about it (the symmetry rule, so the walk stays small); the rule checker judges every full
grid. Cut-out cells are taken by no one. Small random puzzles are made around a random
division into symmetric galaxies."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import galaxies as G
from pencilsat.puzzles.regions import NO_REGION, Regions


def solutions(puzzle: G.GalaxiesPuzzle) -> list[G.GalaxiesSolution]:
    """Every labelling the rule checker accepts (each partition once)."""
    width, height = puzzle.width, puzzle.height
    points = puzzle.points()
    labels = np.full((height, width), -1)
    labels[puzzle.holes] = NO_REGION - 1  # a cut-out cell: taken, by no galaxy
    for k, point in enumerate(points):
        for cell in G.touching(point):
            if labels[cell] not in (-1, k):
                return []
            labels[cell] = k
    found: set[G.GalaxiesSolution] = set()

    def extend(index: int) -> None:
        if index == width * height:
            answer = G.GalaxiesSolution(Regions.from_labels(
                np.where(puzzle.holes, NO_REGION, labels)))
            if not G.check(puzzle, answer):
                found.add(answer)
            return
        cell = divmod(index, width)
        if labels[cell] != -1:
            extend(index + 1)
            return
        for k, point in enumerate(points):
            twin = G.mirror(point, cell)
            if not (0 <= twin[0] < height and 0 <= twin[1] < width) or labels[twin] != -1:
                continue
            labels[cell] = labels[twin] = k
            extend(index + 1)
            labels[cell] = labels[twin] = -1

    extend(0)
    return sorted(found, key=lambda s: s.ids.tobytes())


def random_puzzle(rng: random.Random) -> G.GalaxiesPuzzle:
    """A 1x2 to 4x4 grid divided into random symmetric galaxies, their centres the puzzle
    (so it has at least that answer). Tiny random divisions seldom have a second answer
    (about 1 in 50 4x4), so half the grids of 3x3 or more first get a 3x3 *ring*: a centre
    with a ring of six cells around it and two single-cell galaxies on its sides, which
    three straight galaxies through the same centres fill as well."""
    width, height = rng.choice([(2, 1), (2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (3, 4),
                                (4, 4)])
    free = np.ones((height, width), dtype=bool)
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    if width >= 3 and height >= 3 and rng.random() < 0.5:
        top, left = rng.randrange(height - 2), rng.randrange(width - 2)
        free[top:top + 3, left:left + 3] = False
        sides = [(1, 0), (1, 2)] if rng.random() < 0.5 else [(0, 1), (2, 1)]
        for r, c in [(1, 1), *sides]:
            lattice[2 * (top + r) + 1, 2 * (left + c) + 1] = True
    return G.GalaxiesPuzzle(random_centres(rng, width, height, free, lattice))


def random_centres(rng: random.Random, width: int, height: int,
                   free: np.ndarray | None = None,
                   lattice: np.ndarray | None = None) -> np.ndarray:
    """The centres of a random division (of the ``free`` cells, added to ``lattice``): from
    a random free cell, a centre touching only free cells (one on the cell always does),
    grown by random mirror pairs of free cells next to the galaxy, until the grid is
    full."""
    if free is None:
        free = np.ones((height, width), dtype=bool)
    if lattice is None:
        lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    while free.any():
        cells = list(zip(*np.nonzero(free), strict=True))
        r, c = cells[rng.randrange(len(cells))]
        points = [(y, x) for y in (2 * r, 2 * r + 1, 2 * r + 2)
                  for x in (2 * c, 2 * c + 1, 2 * c + 2)
                  if 0 < y < 2 * height and 0 < x < 2 * width
                  and all(free[t] for t in G.touching((y, x)))]
        point = rng.choice(points)
        galaxy = set(G.touching(point))
        for _ in range(rng.randrange(16)):
            near = [(a, b) for a, b in
                    {(a + da, b + db) for a, b in galaxy
                     for da, db in ((0, 1), (1, 0), (0, -1), (-1, 0))}
                    if 0 <= a < height and 0 <= b < width and free[a, b]
                    and (a, b) not in galaxy]
            pairs = [(cell, G.mirror(point, cell)) for cell in sorted(near)]
            pairs = [(cell, twin) for cell, twin in pairs
                     if 0 <= twin[0] < height and 0 <= twin[1] < width and free[twin]
                     and twin not in galaxy]
            if not pairs:
                break
            galaxy.update(rng.choice(pairs))
        for cell in galaxy:
            free[cell] = False
        lattice[point] = True
    return lattice
