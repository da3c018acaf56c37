"""Slant's brute-force oracle: every answer of a tiny puzzle by trying every choice of
diagonals (vertex numbers first, by numpy, then the rule checker); random small puzzles
around a random answer without a loop."""

from __future__ import annotations

import itertools
import random

import numpy as np

from pencilsat.puzzles import slant


def solutions(puzzle: slant.SlantPuzzle) -> list[slant.SlantSolution]:
    """Every answer the rule checker accepts, in the order of the choices."""
    height, width = puzzle.height, puzzle.width
    numbered = puzzle.clues >= 0
    out = []
    for bits in itertools.product((False, True), repeat=width * height):
        backslash = np.array(bits, dtype=bool).reshape(height, width)
        touching = slant.diagonals_touching(backslash)
        if (touching[numbered] != puzzle.clues[numbered]).any():
            continue  # the checker would say so, more slowly
        answer = slant.SlantSolution(backslash)
        if not slant.check(puzzle, answer):
            out.append(answer)
    return out


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
