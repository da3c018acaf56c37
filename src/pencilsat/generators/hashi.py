"""Hashiwokakero's open puzzle and answer for the clue maker, grown as Tatham's Bridges grows
them.

As ``bridges.c`` draws a grid: one island on a random cell, then, until
:data:`ISLAND_SHARE` of the cells hold one or :data:`TRIES_PER_ISLAND` tries per island
aimed at have failed, a random island looks in a random direction and a new island goes on
a random free cell along it (at least one water cell away, crossing no bridge, beside no
island), joined to it by one or two bridges. Then each pair of islands that see each other
over open water gets one or two bridges more with probability :data:`LOOP_SHARE` (Tatham's
loops, which his generator joins while it grows). The bridges are the answer, the open
puzzle has a ``?`` on every island, and the clues are every island's number: published
puzzles give them all, so the genre is ``all_given`` (an answer its numbers do not pin is
drawn again).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.generators.size_limits import smallest_side
from pencilsat.puzzles.hashi import H1, H2, NONE, UNKNOWN, V1, V2, HashiPuzzle, HashiSolution

ISLAND_SHARE = 0.3
"""Islands per cell aimed at (janko's 9x9 to 17x17 puzzles have 26-35%)."""
TRIES_PER_ISLAND = 30
LOOP_SHARE = 0.3
"""The chance that two islands that see each other get a bridge more."""
DOUBLE_SHARE = 0.4
"""The chance that a bridge drawn is a double one."""
SMALLEST_SIDE = 3
_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


refuse_size = smallest_side(SMALLEST_SIDE)
"""Why a size is not drawn (``None``: it is)."""


class _Grower:
    """Islands and bridges on a grid, grown (module docstring)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.island = np.zeros((height, width), dtype=bool)
        self.bridges = np.zeros((height, width), dtype=np.int8)
        self.islands: list[Cell] = []
        self.joined: set[tuple[Cell, Cell]] = set()

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width

    def free(self, r: int, c: int) -> bool:
        """Water without a bridge and beside no island: a new island may stand here."""
        if not self.inside(r, c) or self.island[r, c] or self.bridges[r, c] != NONE:
            return False
        return not any(self.inside(r + dr, c + dc) and self.island[r + dr, c + dc]
                       for dr, dc in _DIRECTIONS)

    def add_island(self, cell: Cell) -> None:
        self.island[cell] = True
        self.islands.append(cell)

    def bridge(self, a: Cell, b: Cell, count: int) -> None:
        """``count`` bridges between ``a`` and ``b`` (in one row or column, open water)."""
        horizontal = a[0] == b[0]
        code = (H1, H2)[count - 1] if horizontal else (V1, V2)[count - 1]
        if horizontal:
            self.bridges[a[0], min(a[1], b[1]) + 1:max(a[1], b[1])] = code
        else:
            self.bridges[min(a[0], b[0]) + 1:max(a[0], b[0]), a[1]] = code
        self.joined.add((min(a, b), max(a, b)))

    def grow(self, rng: random.Random) -> bool:
        """One try: a new island from a random one in a random direction; whether placed."""
        r, c = rng.choice(self.islands)
        dr, dc = rng.choice(_DIRECTIONS)
        stops = []
        step = 1
        while True:
            nr, nc = r + dr * step, c + dc * step
            if not self.inside(nr, nc) or self.island[nr, nc] or self.bridges[nr, nc] != NONE:
                break
            if step >= 2 and self.free(nr, nc):
                stops.append((nr, nc))
            step += 1
        if not stops:
            return False
        new = rng.choice(stops)
        self.add_island(new)
        self.bridge((r, c), new, 2 if rng.random() < DOUBLE_SHARE else 1)
        return True

    def open_between(self, a: Cell, b: Cell) -> bool:
        """Whether no bridge runs between ``a`` and ``b`` (one to the right of or below the
        other) yet."""
        return not self.bridges[a[0]:b[0] + 1, a[1]:b[1] + 1].any()

    def seen_pairs(self) -> list[tuple[Cell, Cell]]:
        """Islands that see each other to the right or below over open water, not joined."""
        pairs = []
        for r, c in sorted(self.islands):
            for dr, dc in ((0, 1), (1, 0)):
                nr, nc = r + dr, c + dc
                while self.inside(nr, nc) and not self.island[nr, nc] \
                        and self.bridges[nr, nc] == NONE:
                    nr, nc = nr + dr, nc + dc
                if self.inside(nr, nc) and self.island[nr, nc] \
                        and (nr, nc) != (r + dr, c + dc) and ((r, c), (nr, nc)) not in self.joined:
                    pairs.append(((r, c), (nr, nc)))
        return pairs


def drawn(rng: random.Random, width: int, height: int) -> tuple[HashiPuzzle,
                                                               HashiSolution] | None:
    """Grown islands and bridges (module docstring); ``None`` when fewer than two islands."""
    grower = _Grower(width, height)
    grower.add_island((rng.randrange(height), rng.randrange(width)))
    goal = max(2, round(ISLAND_SHARE * width * height))
    for _ in range(TRIES_PER_ISLAND * goal):
        if len(grower.islands) >= goal:
            break
        grower.grow(rng)
    if len(grower.islands) < 2:
        return None
    for a, b in grower.seen_pairs():
        if rng.random() < LOOP_SHARE and grower.open_between(a, b):
            grower.bridge(a, b, 2 if rng.random() < DOUBLE_SHARE else 1)
    open_grid = np.where(grower.island, UNKNOWN, 0).astype(np.int32)
    totals = _totals(grower)
    return HashiPuzzle(open_grid), HashiSolution(grower.bridges, totals)


def _totals(grower: _Grower) -> np.ndarray:
    """Each island's bridge count (the number it shows), 0 on water."""
    counts = {NONE: 0, H1: 1, H2: 2, V1: 1, V2: 2}
    totals = np.zeros((grower.height, grower.width), dtype=np.int32)
    for r, c in grower.islands:
        for dr, dc in _DIRECTIONS:
            nr, nc = r + dr, c + dc
            if not grower.inside(nr, nc):
                continue
            code = int(grower.bridges[nr, nc])
            along = code in (H1, H2) if dr == 0 else code in (V1, V2)
            totals[r, c] += counts[code] if along else 0
    return totals


def open_puzzle(rng: random.Random, width: int, height: int) -> HashiPuzzle | None:
    """The open puzzle of :func:`drawn` alone."""
    made = drawn(rng, width, height)
    return None if made is None else made[0]
