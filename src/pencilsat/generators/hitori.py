"""Hitori's answer and numbers for the clue maker, as Tatham's Singles makes them.

Every cell of a Hitori carries a number (Tatham's ``singles.c``, Nikoli), so the genre is
``all_given``: no number goes, and an answer its numbers do not pin is drawn again. The
answer is a random *maximal* shading (shaded cells never side by side, the unshaded ones
connected, every cell tried in random order and shaded when it keeps both rules:
:func:`~pencilsat.generators.grid_answers.random_shading` at share 1). Maximal, because a
shading with one more cell that keeps both rules breaks no repeat either, so it would be a
second answer: shaded up to 18-28% of the cells (Kurodoko's share), 1 10x10 answer in 100
was unique; maximal, 1 in 2-3. The numbers: a random Latin
square of side ``max(W, H)`` cut to the grid (so no number repeats among any line's
unshaded cells), and on each shaded cell instead a number drawn from the unshaded cells of
its row and column, so a repeat forces some shading there.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.rules import Clue
from pencilsat.generators.grid_answers import random_shading
from pencilsat.puzzles.hitori import HitoriPuzzle, HitoriSolution
from pencilsat.puzzles.matching import largest_matching
from pencilsat.puzzles.number_grid import EMPTY

SMALLEST_SIDE = 2


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if min(width, height) < SMALLEST_SIDE:
        return f"width and height must be at least {SMALLEST_SIDE}"
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> HitoriPuzzle:
    """The grid with no number."""
    return HitoriPuzzle(np.full((height, width), EMPTY, dtype=np.int32))


def draw_answer(open_grid: HitoriPuzzle, rng: random.Random) -> HitoriSolution:
    """A random shading of the grid (module docstring)."""
    return HitoriSolution(random_shading(open_grid.width, open_grid.height, rng,
                                         share=(1.0, 1.0)))


def given_numbers(open_grid: HitoriPuzzle, solution: HitoriSolution,
                  rng: random.Random) -> list[Clue]:
    """Every cell's number (module docstring), row-major."""
    height, width = open_grid.numbers.shape
    square = random_latin_square(max(width, height), rng)[:height, :width]
    shaded = solution.shaded
    numbers = np.where(shaded, 0, square)
    for r, c in zip(*np.nonzero(shaded), strict=True):
        seen = sorted({int(v) for v in (*numbers[r], *numbers[:, c]) if v > 0})
        numbers[r, c] = rng.choice(seen) if seen else int(square[r, c])
    return [Clue((r, c), str(int(numbers[r, c])), int(numbers[r, c]))
            for r in range(height) for c in range(width)]


def random_latin_square(n: int, rng: random.Random) -> np.ndarray:
    """A Latin square of the numbers ``1..n``, row by row: each row a random perfect
    matching of columns to the numbers its column lacks (one always exists: Hall)."""
    square = np.zeros((n, n), dtype=np.int32)
    for r in range(n):
        allowed = [[v for v in range(1, n + 1) if v not in square[:r, c]] for c in range(n)]
        for options in allowed:
            rng.shuffle(options)
        owner = largest_matching(dict(enumerate(allowed)), rng.sample(range(n), n))
        for value, column in owner.items():
            square[r, column] = value
    return square
