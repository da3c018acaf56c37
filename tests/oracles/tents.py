"""Tents' brute-force oracle: every answer of a tiny puzzle, and small random puzzles made
around a random answer."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import tents as T

_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def solutions(puzzle: T.TentsPuzzle) -> list[T.TentsSolution]:
    """Every set of tents on cells next to a tree, no two touching, that the rule checker
    accepts (the checker decides the pairing and the counts)."""
    trees = puzzle.trees
    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
             if not trees[r, c] and any(trees[n] for n in puzzle.neighbours((r, c)))]
    out = []

    def extend(k: int, tents: np.ndarray) -> None:
        if k == len(cells):
            answer = T.TentsSolution(tents.copy())
            if not T.check(puzzle, answer):
                out.append(answer)
            return
        extend(k + 1, tents)
        r, c = cells[k]
        if not tents[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2].any():
            tents[r, c] = True
            extend(k + 1, tents)
            tents[r, c] = False

    extend(0, np.zeros(trees.shape, dtype=bool))
    return out


def random_puzzle(rng: random.Random) -> T.TentsPuzzle:
    """Up to 5x4: tents placed apart at random, each with a tree beside it; the counts of
    those tents, about 70 % of them left out (so many puzzles have several answers)."""
    width, height = rng.choice([(4, 4), (5, 4), (4, 5), (5, 3)])
    trees = np.zeros((height, width), dtype=bool)
    tents = np.zeros((height, width), dtype=bool)
    for r, c in rng.sample([(r, c) for r in range(height) for c in range(width)],
                           width * height):
        if rng.random() < 0.5 or trees[r, c] \
                or tents[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2].any():
            continue
        spots = [(r + dr, c + dc) for dr, dc in _STEPS
                 if 0 <= r + dr < height and 0 <= c + dc < width
                 and not trees[r + dr, c + dc] and not tents[r + dr, c + dc]]
        if spots:
            tents[r, c] = True
            trees[rng.choice(spots)] = True
    counts = np.concatenate([tents.sum(axis=0), tents.sum(axis=1)])
    counts[[rng.random() < 0.7 for _ in counts]] = T.NO_COUNT
    return T.TentsPuzzle(trees, counts[:width], counts[width:])
