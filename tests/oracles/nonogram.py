"""Nonogram's brute-force oracle: every answer of a tiny puzzle (every row's placements of
its runs, every combination, kept when the rule checker accepts the columns), and small
random puzzles made from a random picture, so they have one."""

from __future__ import annotations

import itertools
import random

import numpy as np

from pencilsat.puzzles.nonogram import NonogramPuzzle, NonogramSolution, check, runs_of


def placements(clue: tuple[int, ...] | None, length: int) -> list[tuple[bool, ...]]:
    """Every line of ``length`` cells whose runs are ``clue`` (all lines, filtered; every
    line for a clue not given)."""
    return [line for line in itertools.product((False, True), repeat=length)
            if clue is None or runs_of(line) == clue]


def solutions(puzzle: NonogramPuzzle) -> list[NonogramSolution]:
    """Every shading whose rows fit their clues and that the checker accepts."""
    rows = [placements(clue, puzzle.width) for clue in puzzle.rows]
    out = []
    for picked in itertools.product(*rows):
        answer = NonogramSolution(np.array(picked, dtype=bool).reshape(puzzle.height,
                                                                       puzzle.width))
        if not check(puzzle, answer):
            out.append(answer)
    return out


def puzzle_of(shaded: np.ndarray) -> NonogramPuzzle:
    """The Nonogram whose clues a picture gives."""
    return NonogramPuzzle(tuple(runs_of(row) for row in shaded),
                          tuple(runs_of(column) for column in shaded.T))


def random_puzzle(rng: random.Random) -> NonogramPuzzle:
    """The clues of a random picture of 1x1 to 4x4 cells (about half shaded, sometimes
    sparse or dense); half of those of 2x2 or more get a 2x2 checkerboard somewhere, which
    its mirror image often replaces without changing a clue (several answers)."""
    width, height = rng.randint(1, 4), rng.randint(1, 4)
    density = rng.choice((0.2, 0.5, 0.5, 0.8))
    shaded = np.array([[rng.random() < density for _ in range(width)]
                       for _ in range(height)], dtype=bool)
    if min(width, height) >= 2 and rng.random() < 0.5:
        r, c = rng.randrange(height - 1), rng.randrange(width - 1)
        shaded[r:r + 2, c:c + 2] = [[True, False], [False, True]]
    return puzzle_of(shaded)
