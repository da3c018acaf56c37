"""Brute force shared by the digit-in-houses oracles (Jigsaw and Killer Sudoku): every fill
of a small grid with each digit once per row, column and box, and random boxes and fills."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from pencilsat.puzzles.regions import Regions


def checked_fills(puzzle: Any, givens: np.ndarray, answer: Callable[[np.ndarray], Any],
                  check: Callable[[Any, Any], list[Any]],
                  fits: Callable[[np.ndarray, int, int], bool] = lambda grid, r, c: True,
                  ) -> list[Any]:
    """Every fill of ``puzzle`` (its ``size`` and ``boxes``) that keeps ``givens``, as
    ``answer(grid)``, that the genre's rule checker accepts (the rules the fills leave out,
    such as cage sums or the X variant's diagonals, are the checker's)."""
    grids = fills(puzzle.size, puzzle.boxes.ids, givens, fits)
    return [made for made in map(answer, grids) if not check(puzzle, made)]


def fills(side: int, box_ids: np.ndarray, givens: np.ndarray,
          fits: Callable[[np.ndarray, int, int], bool] = lambda grid, r, c: True,
          rng: random.Random | None = None) -> list[np.ndarray]:
    """Every grid with each digit once per row, column and box that keeps the givens, found
    cell by cell; ``fits(grid, r, c)`` may refuse a partial grid after cell (r, c) is set.
    With ``rng``: only the first grid of a search in random digit order."""
    grid = np.zeros((side, side), dtype=np.int16)
    out: list[np.ndarray] = []

    def place(k: int) -> None:
        if k == side * side:
            out.append(grid.copy())
            return
        if rng is not None and out:
            return
        r, c = divmod(k, side)
        used = set(grid[r, :c].tolist()) | set(grid[:r, c].tolist())
        used |= set(grid[:r][box_ids[:r] == box_ids[r, c]].tolist())
        used |= set(grid[r, :c][box_ids[r, :c] == box_ids[r, c]].tolist())
        choices = [int(givens[r, c])] if givens[r, c] else list(range(1, side + 1))
        if rng is not None:
            rng.shuffle(choices)
        for digit in choices:
            if digit in used:
                continue
            grid[r, c] = digit
            if fits(grid, r, c):
                place(k + 1)
            grid[r, c] = 0

    place(0)
    return out


def random_boxes(rng: random.Random, side: int) -> Regions:
    """``side`` connected boxes of ``side`` cells, grown at random from random seeds."""
    while True:
        labels = np.full((side, side), -1)
        cells = [(r, c) for r in range(side) for c in range(side)]
        for label, cell in enumerate(rng.sample(cells, side)):
            labels[cell] = label
        for _ in range(side * side * 20):
            if (labels >= 0).all():
                break
            r, c = rng.choice([cell for cell in cells if labels[cell] >= 0])
            if (labels == labels[r, c]).sum() >= side:
                continue
            dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            if 0 <= r + dr < side and 0 <= c + dc < side and labels[r + dr, c + dc] < 0:
                labels[r + dr, c + dc] = labels[r, c]
        if (labels >= 0).all():
            return Regions.from_labels(labels)


def random_fill(rng: random.Random, side: int, box_ids: np.ndarray) -> np.ndarray | None:
    """A random answer of empty boxes (``None`` when the boxes allow none)."""
    found = fills(side, box_ids, np.zeros((side, side), dtype=np.int16), rng=rng)
    return found[0] if found else None
