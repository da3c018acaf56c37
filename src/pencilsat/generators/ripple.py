"""Ripple Effect's open puzzle for the clue maker: rooms drawn together with numbers that
fill them, then the numbers dropped (no given).

Random rooms almost never admit an answer (rooms of 1-5 cells on a 10x10: none of 40 did;
two rooms of one cell side by side already break the ripple rule), so the rooms come from a
random answer. One SAT call draws numbers and rooms at once: each cell holds a number
1..K; two equal numbers ``k`` of a row or column stand more than ``k`` apart; a cell
holding ``k > 1`` follows exactly one neighbour holding ``k - 1`` and is followed by at most
one. A room is a chain ``1, 2, ..., n`` of neighbours, so it holds 1..n once each: every
model is an answer of its rooms. Random phases (a preferred number per cell, drawn from the
seed) spread the room sizes over 1..K; rooms are shapes a path can run through (no T).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.generators.size_limits import smallest_side
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.ripple import RipplePuzzle

SAT_SOLVER = "cadical195"
SMALLEST_SIDE = 3
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def largest_room(width: int, height: int) -> int:
    """K, the largest room drawn, by the longer side: 4 up to 4 cells, 5 up to 7, 6 up to
    11, then 7 (janko's rooms are mostly 1 to 7 cells). Fewer numbers cannot fill a grid:
    with 1..4 no 5x5 has an answer (the ripple rule leaves too few places for the 2s, 3s
    and 4s), nor a 3x10."""
    side = max(width, height)
    return 4 if side <= 4 else 5 if side <= 7 else 6 if side <= 11 else 7


refuse_size = smallest_side(SMALLEST_SIDE)
"""Why a size is not drawn (``None``: it is)."""


def open_puzzle(rng: random.Random, width: int, height: int) -> RipplePuzzle | None:
    """Random rooms that some answer fills, no given; ``None`` when the draw has no model
    (not met at 3x3 and up)."""
    rooms = random_rooms(rng, width, height, largest_room(width, height))
    if rooms is None:
        return None
    return RipplePuzzle(np.zeros((height, width), dtype=np.int32), rooms)


def random_rooms(rng: random.Random, width: int, height: int, largest: int) -> Regions | None:
    """Rooms of 1..``largest`` cells drawn with numbers that fill them (module docstring)."""
    from pysat.solvers import Solver

    chains = _ChainClauses(width, height, largest)
    solver = Solver(name=SAT_SOLVER, bootstrap_with=chains.clauses)
    try:
        solver.set_phases(chains.random_phases(rng))
        if not pysat_calls.solve_whole(solver):
            return None
        true = {lit for lit in solver.get_model() if lit > 0}
    finally:
        solver.delete()
    return chains.rooms(true)


class _ChainClauses:
    """The clauses of numbers and chains: ``number(c, k)`` (cell ``c = r * W + col``
    holds ``k``), ``follows[c, d]`` (cell ``c`` follows its neighbour ``d`` in a room)."""

    def __init__(self, width: int, height: int, largest: int) -> None:
        self.width, self.height, self.largest = width, height, largest
        cells = width * height
        self.near = [[(r + dr) * width + c + dc for dr, dc in _STEPS
                      if 0 <= r + dr < height and 0 <= c + dc < width]
                     for r in range(height) for c in range(width)]
        self.follows: dict[tuple[int, int], int] = {}
        top = cells * largest
        for c in range(cells):
            for d in self.near[c]:
                top += 1
                self.follows[c, d] = top
        self.clauses = self._numbers() + self._ripple() + self._chains()

    def number(self, cell: int, k: int) -> int:
        return cell * self.largest + k

    def _numbers(self) -> list[list[int]]:
        out = []
        ks = range(1, self.largest + 1)
        for c in range(self.width * self.height):
            out.append([self.number(c, k) for k in ks])
            out += [[-self.number(c, a), -self.number(c, b)] for a in ks for b in ks if a < b]
        return out

    def _ripple(self) -> list[list[int]]:
        out = []
        w, h = self.width, self.height
        for r in range(h):
            for col in range(w):
                c = r * w + col
                for k in range(1, self.largest + 1):
                    for step in range(1, k + 1):
                        if col + step < w:
                            out.append([-self.number(c, k), -self.number(c + step, k)])
                        if r + step < h:
                            out.append([-self.number(c, k), -self.number(c + step * w, k)])
        return out

    def _chains(self) -> list[list[int]]:
        out = []
        for c in range(self.width * self.height):
            before = [self.follows[c, d] for d in self.near[c]]
            after = [self.follows[e, c] for e in self.near[c]]
            for d in self.near[c]:
                link = self.follows[c, d]
                out.append([-self.number(c, 1), -link])
                out += [[-link, -self.number(c, k), self.number(d, k - 1)]
                        for k in range(2, self.largest + 1)]
            out += [[-self.number(c, k), *before] for k in range(2, self.largest + 1)]
            for group in (before, after):
                out += [[-a, -b] for i, a in enumerate(group) for b in group[i + 1:]]
        return out

    def random_phases(self, rng: random.Random) -> list[int]:
        """A preferred number per cell and a random phase per link."""
        phases = []
        for c in range(self.width * self.height):
            preferred = rng.randint(1, self.largest)
            phases += [self.number(c, k) if k == preferred else -self.number(c, k)
                       for k in range(1, self.largest + 1)]
        phases += [link if rng.random() < 0.5 else -link for link in self.follows.values()]
        return phases

    def rooms(self, true: set[int]) -> Regions:
        """The chains of a model as rooms: each starts at a 1 and runs to its end."""
        cells = self.width * self.height
        next_of = {d: c for (c, d), link in self.follows.items() if link in true}
        labels = np.full(cells, -1, dtype=np.int64)
        room = 0
        for start in range(cells):
            if self.number(start, 1) not in true:
                continue
            cell: int | None = start
            while cell is not None:
                labels[cell] = room
                cell = next_of.get(cell)
            room += 1
        return Regions.from_labels(labels.reshape(self.height, self.width))
