"""Spiral Galaxies for ``pencilsat generate``: galaxies drawn as Tatham's generator draws
them, then redrawn where a second answer differs, until the answer is the only one.

1. **Galaxies** (learnt from Tatham's ``galaxies.c``, its ``generate_pass``): the cells in
   random order; a free cell (or, one time in ``1 / PAIR_SHARE``, the cell and a free
   neighbour: his edge blocks) joins a galaxy beside it when its mirror image about that
   galaxy's centre is free too (both join, so the galaxy stays symmetric and connected),
   or else when the galaxy's centre can move to the centre of gravity of its cells and the
   new ones with every image free or its own (his ``dot_expand_or_move``), while the
   galaxy stays within ``2 * sqrt(W * H)`` cells (his limit); else the cell starts a
   galaxy of its own, its centre drawn among the cell's centre, an edge to a free
   neighbour and a corner of a free 2x2 block. Every cell ends in a galaxy. The moves and
   pairs make fewer, larger galaxies: 22.2 a 10x10 (seeds 1-40) against Tatham's 22.5,
   30.2 without them.
2. **Unique**: the genre's default strategy proves the centres; Tatham draws again while
   his solver cannot finish. Here a second answer frees the galaxies of ours that overlap
   its galaxy at a cell where the two differ, and step 1 fills the freed cells again, new
   centres and all (``TRIALS`` proofs, then the layout is given up: one candidate).
"""

from __future__ import annotations

import math
import random

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.generators.size_limits import sides_within
from pencilsat.generators.structure_maker import Made, prove
from pencilsat.puzzles.galaxies import GalaxiesPuzzle, GalaxiesSolution, Point, mirror, touching
from pencilsat.puzzles.regions import Regions

SIDES = range(3, 31)
TRIALS = 30
"""Uniqueness proofs (redraws + 1) per layout before it is given up."""
PAIR_SHARE = 0.3
"""How often a free cell is also tried with a free neighbour, as a pair (10x10 seeds 1-40:
0.3 gives 22.2 galaxies, 0.5 21.4, always 18.8, never 24.8; Tatham's 22.5)."""
NO_SYMMETRY = "the galaxies are drawn at random (each one is symmetric, their layout not)"


refuse_size = sides_within(SIDES)
"""Why a size is not made (``None``: it is)."""


def search(rng: random.Random, width: int, height: int) -> Made | None:
    """One candidate: galaxies, redrawn where a second answer differs; ``None``: given up."""
    owner = np.full((height, width), -1, dtype=np.int64)
    centres: dict[int, Point] = {}
    grow_galaxies(rng, owner, centres)
    for _ in range(TRIALS):
        puzzle = _puzzle(width, height, centres.values())
        ours = GalaxiesSolution(Regions.from_labels(owner))
        unique, answer, other = prove(puzzle)
        if unique:
            return Made(puzzle, answer, [touching(p)[0] for p in sorted(centres.values())])
        theirs = other if answer == ours else answer
        cell = rng.choice(ours.differing_cells(theirs))
        overlap = theirs.regions.ids == theirs.regions.ids[cell]
        for g in sorted({int(g) for g in owner[overlap]}):
            owner[owner == g] = -1
            del centres[g]
        grow_galaxies(rng, owner, centres)
    return None


def _puzzle(width: int, height: int, points: object) -> GalaxiesPuzzle:
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    for point in points:  # type: ignore[attr-defined]
        lattice[point] = True
    return GalaxiesPuzzle(lattice)


def grow_galaxies(rng: random.Random, owner: np.ndarray, centres: dict[int, Point]) -> None:
    """Every free cell (``-1``) into a galaxy (module docstring, step 1); ``owner`` and
    ``centres`` (galaxy number to its centre's lattice point) are filled in place."""
    height, width = owner.shape
    largest = 2 * int(math.sqrt(width * height))
    free = [(int(r), int(c)) for r, c in np.argwhere(owner < 0)]
    rng.shuffle(free)
    for cell in free:
        if owner[cell] >= 0:
            continue
        pairs = [[cell, n] for n in _around(cell, height, width) if owner[n] < 0]
        rng.shuffle(pairs)
        if rng.random() >= PAIR_SHARE:
            pairs = []
        if not any(_join(rng, owner, centres, block, largest) for block in [[cell], *pairs]):
            g = max(centres, default=-1) + 1
            point = rng.choice(_seed_points(cell, owner))
            centres[g] = point
            for part in touching(point):
                owner[part] = g


def _join(rng: random.Random, owner: np.ndarray, centres: dict[int, Point], block: list[Cell],
          largest: int) -> bool:
    """Whether a galaxy beside the free ``block`` (a cell, or two side by side) took it, as
    Tatham's ``generate_try_block``: the galaxies beside it in random order, each grown by
    the block and its image, else moved (:func:`_moved`); ``owner`` and ``centres`` are
    changed in place."""
    height, width = owner.shape
    beside = sorted({int(owner[n]) for cell in block for n in _around(cell, height, width)
                     if owner[n] >= 0})
    rng.shuffle(beside)
    for g in beside:
        grown = {*block, *(mirror(centres[g], cell) for cell in block)}
        size = int((owner == g).sum())
        if size + len(grown) <= largest and all(
                _inside(cell, height, width) and owner[cell] < 0 for cell in grown):
            centre = centres[g]
        else:
            moved = _moved(owner, centres[g], g, block, largest)
            if moved is None:
                continue
            centre, grown = moved
        centres[g] = centre
        for cell in grown:
            owner[cell] = g
        return True
    return False


def _moved(owner: np.ndarray, centre: Point, g: int, block: list[Cell],
           largest: int) -> tuple[Point, set[Cell]] | None:
    """Galaxy ``g`` with its centre moved to take the free ``block`` (Tatham's
    ``dot_expand_or_move``): the centre of gravity of its cells and the block's, when that is
    a lattice point, and the cells with their images about it, when every image is in the
    grid and free or ``g``'s, the galaxy stays connected, at most ``largest`` cells, and
    holds the cells its centre touches; ``None`` otherwise."""
    height, width = owner.shape
    cells = [(int(r), int(c)) for r, c in np.argwhere(owner == g)] + block
    rows, cols = sum(2 * r + 1 for r, _ in cells), sum(2 * c + 1 for _, c in cells)
    if rows % len(cells) or cols % len(cells):
        return None
    moved = (rows // len(cells), cols // len(cells))
    if moved == centre:
        return None
    grown = set(cells)
    for part in cells:
        image = mirror(moved, part)
        if not _inside(image, height, width) or owner[image] not in (-1, g):
            return None
        grown.add(image)
    if len(grown) > largest or not set(touching(moved)) <= grown or not _connected(grown):
        return None
    return moved, grown


def _connected(cells: set[Cell]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _seed_points(cell: Cell, owner: np.ndarray) -> list[Point]:
    """Where a new galaxy's centre may stand: the cell's centre, an edge to a free
    neighbour, a corner of a free 2x2 block with the cell."""
    height, width = owner.shape
    r, c = cell
    points = [(2 * r + 1, 2 * c + 1)]
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        n = (r + dr, c + dc)
        if _inside(n, height, width) and owner[n] < 0:
            points.append((2 * r + 1 + dr, 2 * c + 1 + dc))
    for dr in (-1, 1):
        for dc in (-1, 1):
            block = [(r, c), (r + dr, c), (r, c + dc), (r + dr, c + dc)]
            if all(_inside(b, height, width) and owner[b] < 0 for b in block):
                points.append((2 * r + 1 + dr, 2 * c + 1 + dc))
    return points


def _inside(cell: Cell, height: int, width: int) -> bool:
    return 0 <= cell[0] < height and 0 <= cell[1] < width


def _around(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]
