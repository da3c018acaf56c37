"""Shikaku's brute-force oracle: every tiling of a tiny grid by rectangles (walked from the
first free cell, row-major) that the rule checker accepts, and small random puzzles made
around a random tiling."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import shikaku as S
from pencilsat.puzzles.regions import Regions


def tilings(width: int, height: int, numbered: np.ndarray | None = None) -> list[np.ndarray]:
    """Every division of a ``width`` x ``height`` grid into rectangles, as label grids;
    with ``numbered`` (a boolean grid), only those whose rectangles hold one numbered cell
    each (a pruning by the rule "one number per rectangle": the checker still judges
    every tiling kept)."""
    out = []
    labels = np.full((height, width), -1)
    one = None if numbered is None else np.asarray(numbered, dtype=np.int64)

    def extend(count: int) -> None:
        free = np.flatnonzero(labels.ravel() < 0)
        if not len(free):
            out.append(labels.copy())
            return
        top, left = divmod(int(free[0]), width)
        for h in range(1, height - top + 1):
            for w in range(1, width - left + 1):
                if (labels[top:top + h, left:left + w] >= 0).any():
                    break
                if one is not None and one[top:top + h, left:left + w].sum() > 1:
                    break
                if one is not None and not one[top:top + h, left:left + w].any():
                    continue
                labels[top:top + h, left:left + w] = count
                extend(count + 1)
                labels[top:top + h, left:left + w] = -1

    extend(0)
    return out


def solutions(puzzle: S.ShikakuPuzzle) -> list[S.ShikakuSolution]:
    """Every tiling the rule checker accepts."""
    out = []
    for labels in tilings(puzzle.width, puzzle.height, puzzle.numbers != S.EMPTY):
        answer = S.ShikakuSolution(Regions.from_labels(labels))
        if not S.check(puzzle, answer):
            out.append(answer)
    return out


def random_puzzle(rng: random.Random) -> S.ShikakuPuzzle:
    """A 2x2 to 4x4 grid: a random tiling, each rectangle's area on one of its cells (half
    of them a ``?``, so many puzzles are ambiguous and the clue tools have areas to offer)."""
    width, height = rng.choice([(2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (3, 4), (4, 4)])
    labels = random_tiling(rng, width, height)
    numbers = np.zeros((height, width), dtype=np.int64)
    for label in range(int(labels.max()) + 1):
        cells = list(zip(*np.nonzero(labels == label), strict=True))
        cell = rng.choice(cells)
        numbers[cell] = S.UNKNOWN if rng.random() < 0.5 else len(cells)
    return S.ShikakuPuzzle(numbers)


def random_tiling(rng: random.Random, width: int, height: int) -> np.ndarray:
    """A division into rectangles: from the first free cell, a random rectangle of free
    cells, until the grid is full."""
    labels = np.full((height, width), -1)
    count = 0
    while (labels < 0).any():
        top, left = divmod(int(np.flatnonzero(labels.ravel() < 0)[0]), width)
        fits = [(h, w) for h in range(1, height - top + 1) for w in range(1, width - left + 1)
                if not (labels[top:top + h, left:left + w] >= 0).any()]
        h, w = rng.choice(fits)
        labels[top:top + h, left:left + w] = count
        count += 1
    return labels
