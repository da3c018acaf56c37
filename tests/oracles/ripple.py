"""Ripple Effect's brute-force oracle: every answer of a tiny puzzle (each fill, cell by
cell, with numbers 1..(room size), a cut-out cell left empty, kept when the rule checker
accepts it), and small random puzzles made around a random answer on random rooms."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles.regions import NO_REGION, Regions
from pencilsat.puzzles.ripple import RipplePuzzle, RippleSolution, check


def _fills(puzzle: RipplePuzzle, rng: random.Random | None = None) -> list[np.ndarray]:
    h, w = puzzle.height, puzzle.width
    sizes, ids = puzzle.room_sizes(), puzzle.rooms.ids
    grid = np.zeros((h, w), dtype=np.int32)
    out: list[np.ndarray] = []

    def fits(r: int, c: int, v: int) -> bool:
        if (grid[ids == ids[r, c]] == v).any():
            return False
        if puzzle.unknown[r, c]:  # the ripple rule does not see a '?' given
            return True
        seen = np.where(puzzle.unknown, 0, grid)
        row = seen[r, max(0, c - v):c]
        column = seen[max(0, r - v):r, c]
        return not (row == v).any() and not (column == v).any()

    def place(k: int) -> None:
        if rng is not None and out:
            return
        if k == h * w:
            out.append(grid.copy())
            return
        r, c = divmod(k, w)
        if ids[r, c] == NO_REGION:  # cut out: no number
            place(k + 1)
            return
        given = int(puzzle.givens[r, c])
        choices = [given] if given else list(range(1, int(sizes[r, c]) + 1))
        if rng is not None:
            rng.shuffle(choices)
        for v in choices:
            if fits(r, c, v):
                grid[r, c] = v
                place(k + 1)
                grid[r, c] = 0

    place(0)
    return out


def solutions(puzzle: RipplePuzzle) -> list[RippleSolution]:
    out = []
    for grid in _fills(puzzle):
        answer = RippleSolution(grid)
        if not check(puzzle, answer):
            out.append(answer)
    return out


def _random_rooms(rng: random.Random, h: int, w: int) -> Regions:
    """Rooms of 1 to 4 cells grown from random seeds."""
    labels = np.full((h, w), -1)
    label = 0
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    for start in cells:
        if labels[start] >= 0:
            continue
        room, target = [start], rng.randint(1, 4)
        labels[start] = label
        while len(room) < target:
            r, c = rng.choice(room)
            dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            if 0 <= r + dr < h and 0 <= c + dc < w and labels[r + dr, c + dc] < 0:
                labels[r + dr, c + dc] = label
                room.append((r + dr, c + dc))
            elif all(not (0 <= a + x < h and 0 <= b + y < w) or labels[a + x, b + y] >= 0
                     for a, b in room for x, y in ((0, 1), (1, 0), (0, -1), (-1, 0))):
                break
        label += 1
    return Regions.from_labels(labels)


def random_puzzle(rng: random.Random, cut: float = 0.0) -> RipplePuzzle:
    """A grid of 2x2 to 3x4 with random rooms, a random answer and a random share of it
    given; each cell is cut out of the board with chance ``cut`` (one cell at least stays),
    which splits the rooms it cuts through."""
    while True:
        h, w = rng.choice([(2, 2), (2, 3), (3, 3), (3, 4), (4, 3)])
        rooms = _random_rooms(rng, h, w)
        if cut:
            gone = np.array([[rng.random() < cut for _ in range(w)] for _ in range(h)])
            gone[rng.randrange(h), rng.randrange(w)] = False
            rooms = Regions.from_labels(np.where(gone, NO_REGION, rooms.ids))
        empty = RipplePuzzle(np.zeros((h, w), dtype=np.int32), rooms)
        found = _fills(empty, rng)
        if not found:
            continue
        keep = rng.uniform(0.1, 0.5)
        mask = np.array([[rng.random() < keep for _ in range(w)] for _ in range(h)])
        return RipplePuzzle(np.where(mask, found[0], 0), rooms)
