"""Kurodoko's brute-force oracle: every answer of a tiny grid by enumeration and the rule
checker, and small random puzzles made around a random answer."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import kurodoko as K


def solutions(puzzle: K.KurodokoPuzzle) -> list[K.KurodokoSolution]:
    """Every shading with no two shaded cells side by side and no numbered cell shaded that
    the rule checker accepts, in the order of a row-major walk (unshaded tried first)."""
    height, width = puzzle.height, puzzle.width
    numbered = puzzle.numbered()
    counted = puzzle.numbers > 0
    out = []

    def extend(index: int, shaded: np.ndarray) -> None:
        if index == width * height:
            if (counted & (K.sight(~shaded) != puzzle.numbers)).any():
                return  # a count is wrong: the checker would say so, more slowly
            answer = K.KurodokoSolution(shaded.copy())
            if not K.check(puzzle, answer):
                out.append(answer)
            return
        r, c = divmod(index, width)
        extend(index + 1, shaded)
        if not numbered[r, c] and not (r and shaded[r - 1, c]) and not (c and shaded[r, c - 1]):
            shaded[r, c] = True
            extend(index + 1, shaded)
            shaded[r, c] = False

    extend(0, np.zeros((height, width), dtype=bool))
    return out


def random_puzzle(rng: random.Random) -> K.KurodokoPuzzle:
    """A 3x3 to 4x5 grid: a random valid shading, then on some of its unshaded cells the
    count each sees (and now and then a ``?``)."""
    width, height = rng.choice([(3, 3), (4, 3), (4, 4), (5, 4), (4, 5)])
    while True:
        shaded = np.array([[rng.random() < 0.3 for _ in range(width)] for _ in range(height)])
        if not K.check(K.KurodokoPuzzle(np.zeros((height, width))), K.KurodokoSolution(shaded)):
            break
    seen = K.sight(~shaded)
    numbers = np.zeros((height, width), dtype=np.int32)
    for r, c in zip(*np.nonzero(~shaded), strict=True):
        roll = rng.random()
        if roll < 0.3:
            numbers[r, c] = seen[r, c]
        elif roll < 0.35:
            numbers[r, c] = K.UNKNOWN
    return K.KurodokoPuzzle(numbers)

