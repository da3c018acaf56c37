"""Slant's brute-force oracle: every answer of a tiny puzzle by trying every choice of
diagonals (vertex numbers first, by numpy, then the rule checker); random small puzzles
around a random answer without a loop."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np

from pencilsat.puzzles import slant


def solutions(puzzle: slant.SlantPuzzle) -> list[slant.SlantSolution]:
    """Every answer the rule checker accepts, in the order of the choices."""
    numbered = puzzle.clues >= 0
    choices, touching = _every_choice(puzzle.width, puzzle.height)
    agree = (touching[:, numbered] == puzzle.clues[numbered]).all(axis=1)
    out = []
    for k in np.flatnonzero(agree):  # the others' vertex numbers differ: the checker would
        answer = slant.SlantSolution(choices[k].copy())  # say so, more slowly
        if not slant.check(puzzle, answer):
            out.append(answer)
    return out


@functools.cache
def _every_choice(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """Every choice of diagonals of the grid (``True`` a backslash) in the order of
    ``itertools.product``, and each one's vertex numbers: once per size."""
    choices = np.array(list(itertools.product((False, True), repeat=width * height)),
                       dtype=bool).reshape(-1, height, width)
    return choices, np.stack([slant.diagonals_touching(c) for c in choices])


def random_answer(rng: random.Random, width: int, height: int) -> slant.SlantSolution:
    """Random diagonals, a random cell of a loop turned while there is a loop (started again
    from new diagonals after 50 turns)."""
    while True:
        backslash = np.array([[rng.random() < 0.5 for _ in range(width)]
                              for _ in range(height)])
        for _ in range(50):
            loop = slant.loop_cells(backslash)
            if not loop:
                return slant.SlantSolution(backslash)
            cell = rng.choice(loop)
            backslash[cell] = not backslash[cell]


def random_puzzle(rng: random.Random) -> slant.SlantPuzzle:
    """A 2x2 to 4x3 grid around a random answer, each vertex numbered with chance 0.45 (a
    few ``?``)."""
    width, height = rng.choice([(2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (3, 4)])
    answer = random_answer(rng, width, height)
    touching = slant.diagonals_touching(answer.backslash)
    clues = np.full(touching.shape, slant.NO_CLUE, dtype=np.int8)
    for r, c in itertools.product(range(height + 1), range(width + 1)):
        roll = rng.random()
        if roll < 0.45:
            clues[r, c] = touching[r, c]
        elif roll < 0.5:
            clues[r, c] = slant.UNKNOWN
    return slant.SlantPuzzle(clues)
