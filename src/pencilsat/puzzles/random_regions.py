"""Random region grids for the generators: a grid (or the cells of a mask) cut into connected
regions of sizes in a range or of exactly ``k`` cells, or into rectangles.

:func:`random_regions` grows one region at a time from the free cell with the fewest free
neighbours (a corner, a cell hemmed in), each to a size drawn from the range, adding a
random free neighbour of the region at each step (half the steps among those with the
fewest free neighbours). After each region the free cells left must still be divisible:
every connected piece of them at least ``low`` cells and, for exact sizes, a multiple of
``k``; a region that leaves a piece that cannot be cut so is grown again, and a draw that
fails is drawn again.
Budgets count regions grown, never seconds, so a seed gives the same regions on any
machine. Nine regions of nine cells on a 9x9 grid took one or two draws (seeds 0-49, about
4 ms each), as did 12 of 12 on a 12x12. (Regions that must fit more than their sizes, as
Ripple Effect's rooms must hold numbers, are drawn with an answer instead:
``generators/ripple.py``.)

:func:`random_rectangles` tiles the grid with rectangles (Heyawake's rooms): the first free
cell in row-major order starts a rectangle of a random shape that fits in the free cells.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.puzzles.regions import NO_REGION, Regions

DEFAULT_BUDGET = 2000
"""Regions grown (failed ones included) before :func:`random_regions` gives up."""
REGROWS = 8
"""Times one region is grown again from its start before the whole draw is given up."""
_FREE = -2


def random_regions(rng: random.Random, width: int, height: int, low: int, high: int, *,
                   mask: np.ndarray | None = None,
                   budget: int = DEFAULT_BUDGET) -> Regions | None:
    """The cells of a ``width x height`` grid (those of ``mask`` when given; the others
    outside every region) cut into 4-connected regions of ``low..high`` cells each
    (``low == high``: exactly that many), drawn from ``rng``; ``None`` when ``budget``
    regions grown found no cut (or none can exist: a piece of the mask too small)."""
    if not 1 <= low <= high:
        raise ValueError(f"region sizes {low}..{high}: need 1 <= low <= high")
    inside = (np.ones((height, width), dtype=bool) if mask is None
              else np.asarray(mask, dtype=bool))
    if inside.shape != (height, width):
        raise ValueError("the mask has the grid's shape")
    return _Grower(rng, inside, low, high).regions(budget)


class _Grower:
    """Region grids drawn one at a time (the module docstring's growth)."""

    def __init__(self, rng: random.Random, inside: np.ndarray, low: int, high: int) -> None:
        self.rng, self.low, self.high = rng, low, high
        self.height, self.width = inside.shape
        self.start_free = [(r, c) for r, c in np.argwhere(inside).tolist()]
        self.inside = inside

    def regions(self, budget: int = DEFAULT_BUDGET) -> Regions | None:
        """A region grid, or ``None`` when ``budget`` regions grown found none."""
        if not self.divisible(self.pieces(set(self.start_free))):
            return None
        spent = 0
        while spent < budget:
            labels, grown = self.draw(budget - spent)
            spent += grown
            if labels is not None:
                return Regions.from_labels(labels)
        return None

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < self.height and 0 <= c + dc < self.width]

    def draw(self, budget: int) -> tuple[np.ndarray | None, int]:
        """One region grid and the regions grown for it (``None``: the draw failed)."""
        labels = np.where(self.inside, _FREE, NO_REGION).astype(np.int64)
        free = set(self.start_free)
        grown = region = 0
        while free:
            start = self._start(free)
            for _ in range(REGROWS):
                if grown >= budget:
                    return None, grown
                grown += 1
                cells = self._grow(start, free)
                if cells is not None:
                    break
            else:
                return None, grown
            for cell in cells:
                labels[cell] = region
            free -= cells
            region += 1
        return labels, grown

    def _free_degree(self, cell: Cell, free: set[Cell]) -> int:
        return sum(1 for n in self.neighbours(cell) if n in free)

    def _start(self, free: set[Cell]) -> Cell:
        """The free cell with the fewest free neighbours (ties: the first row-major)."""
        return min(sorted(free), key=lambda cell: self._free_degree(cell, free))

    def _grow(self, start: Cell, free: set[Cell]) -> set[Cell] | None:
        """A region from ``start`` that leaves the other free cells divisible, or ``None``."""
        target = self.rng.randint(self.low, self.high)
        cells = {start}
        left = free - cells
        while len(cells) < target:
            frontier = sorted({n for cell in cells for n in self.neighbours(cell) if n in left})
            if not frontier:
                break
            fewest = min(self._free_degree(n, left) for n in frontier)
            snug = [n for n in frontier if self._free_degree(n, left) == fewest]
            pick = self.rng.choice(snug if self.rng.random() < 0.5 else frontier)
            cells.add(pick)
            left.discard(pick)
        if len(cells) < self.low or not self.divisible(self.pieces(left)):
            return None
        return cells

    def pieces(self, free: set[Cell]) -> list[int]:
        """The sizes of the 4-connected pieces of ``free``."""
        seen: set[Cell] = set()
        sizes = []
        for cell in sorted(free):
            if cell in seen:
                continue
            seen.add(cell)
            stack, size = [cell], 0
            while stack:
                size += 1
                for n in self.neighbours(stack.pop()):
                    if n in free and n not in seen:
                        seen.add(n)
                        stack.append(n)
            sizes.append(size)
        return sizes

    def divisible(self, sizes: list[int]) -> bool:
        """Every piece can be counted out in regions of ``low..high`` cells (a count
        only: its shape may still leave a hole that the next regions meet)."""
        return all(_countable(size, self.low, self.high) for size in sizes)


def _countable(size: int, low: int, high: int) -> bool:
    """``size`` is a sum of parts each ``low..high``."""
    return any(m * low <= size <= m * high for m in range(1, size // low + 1))


def random_rectangles(rng: random.Random, width: int, height: int, largest_area: int, *,
                      largest_side: int | None = None, smallest_area: int = 1) -> Regions:
    """The grid tiled with rectangles of at most ``largest_area`` cells and sides of at most
    ``largest_side`` (default: no limit but the area), drawn from ``rng``: the first free
    cell (row-major) starts each one, its shape drawn among those that fit with at least
    ``smallest_area`` cells, or among all that fit when none that large does (1x1 always
    fits); every shape is drawn as often as any other."""
    if not 1 <= smallest_area <= largest_area:
        raise ValueError("rectangle areas: need 1 <= smallest_area <= largest_area")
    side = largest_side or max(width, height)
    labels = np.full((height, width), _FREE, dtype=np.int64)
    region = 0
    for r in range(height):
        for c in range(width):
            if labels[r, c] != _FREE:
                continue
            shapes = _fitting_shapes(labels, r, c, largest_area, side)
            large = [(h, w) for h, w in shapes if h * w >= smallest_area]
            h, w = rng.choice(large or shapes)
            labels[r:r + h, c:c + w] = region
            region += 1
    return Regions.from_labels(labels)


def _fitting_shapes(labels: np.ndarray, r: int, c: int, largest_area: int,
                    side: int) -> list[tuple[int, int]]:
    """Every ``(h, w)`` of a free rectangle with its top-left corner at ``(r, c)``."""
    height, width = labels.shape
    free_run = 0  # free cells to the right of (r, c) in row r, itself included
    while c + free_run < width and labels[r, c + free_run] == _FREE:
        free_run += 1
    shapes = []
    widest = min(free_run, side)
    for h in range(1, min(side, height - r) + 1):
        if h > 1:  # the rows below the first may be cut shorter by rectangles above
            row = labels[r + h - 1, c:c + widest]
            taken = np.flatnonzero(row != _FREE)
            widest = int(taken[0]) if taken.size else widest
        if widest == 0:
            break
        shapes += [(h, w) for w in range(1, widest + 1) if h * w <= largest_area]
    return shapes


def regions_around(rng: random.Random, seeds: np.ndarray, per_region: int = 1, *,
                   merges: int = 20) -> Regions | None:
    """The grid cut into regions that each hold exactly ``per_region`` of the seeds: ``seeds``
    labels each seed group ``0..G-1`` (a star, a shaded cell, a tetromino: each group one
    4-connected piece) and every other cell ``-1``. Each group grows until every cell is in
    one: the smallest region that can grow takes a random free cell beside it (compact
    regions of even sizes); then, for ``per_region > 1``, neighbouring regions are merged
    ``per_region`` at a time (the region with the fewest partners left first), ``merges``
    orders drawn before ``None`` (no such merge found: the caller draws again)."""
    labels = np.array(seeds, dtype=np.int64)
    height, width = labels.shape
    groups = int(labels.max(initial=-1)) + 1
    if groups == 0 or groups % per_region:
        return None
    sizes = np.bincount(labels[labels >= 0].ravel(), minlength=groups)
    while (labels < 0).any():
        beside: dict[int, list[Cell]] = {}
        for r, c in np.argwhere(labels < 0).tolist():
            for n in _around((r, c), height, width):
                if labels[n] >= 0:
                    beside.setdefault(int(labels[n]), []).append((r, c))
        if not beside:
            return None
        smallest = min(int(sizes[g]) for g in beside)
        grower = rng.choice(sorted(g for g in beside if sizes[g] == smallest))
        labels[rng.choice(sorted(set(beside[grower])))] = grower
        sizes[grower] += 1
    if (labels < 0).any():
        return None
    if per_region == 1:
        return Regions.from_labels(labels)
    touching: dict[int, set[int]] = {g: set() for g in range(groups)}
    for (r, c), a in np.ndenumerate(labels):
        for n in ((r + 1, c), (r, c + 1)):
            if n[0] < height and n[1] < width and labels[n] != a:
                touching[int(a)].add(int(labels[n]))
                touching[int(labels[n])].add(int(a))
    for _ in range(merges):
        merged = _merge_groups(rng, touching, per_region)
        if merged is not None:
            return Regions.from_labels(np.vectorize(merged.__getitem__)(labels))
    return None


def _around(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


def _merge_groups(rng: random.Random, touching: dict[int, set[int]],
                  per_region: int) -> dict[int, int] | None:
    """Each group's merged region: connected sets of ``per_region`` groups, or ``None``."""
    left = set(touching)
    merged: dict[int, int] = {}
    region = 0
    while left:
        start = min(sorted(left), key=lambda g: (len(touching[g] & left), rng.random()))
        members = {start}
        while len(members) < per_region:
            options = sorted({n for g in members for n in touching[g] & left} - members)
            if not options:
                return None
            members.add(rng.choice(options))
        for g in members:
            merged[g] = region
        left -= members
        region += 1
    return merged
