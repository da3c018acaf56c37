"""Skyscrapers' brute-force oracle: every answer of a tiny puzzle (each grid with heights
1..M once per row and column, and diagonal in the variant, empty cells elsewhere; with gaps,
different heights 1..N in every cell but the gaps; kept when it keeps the givens and the
rule checker accepts it), and small random puzzles made around a random answer."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import numpy as np

from pencilsat.puzzles.skyscrapers import (
    SkyscrapersPuzzle,
    SkyscrapersSolution,
    check,
    line_from,
    seen,
)


@functools.cache
def fills(n: int, largest: int, diagonal: bool) -> tuple[np.ndarray, ...]:
    """Every grid of the structure, row by row."""
    digits = list(range(1, largest + 1))
    rows = [row for row in itertools.product(range(largest + 1), repeat=n)
            if sorted(v for v in row if v) == digits]
    out: list[np.ndarray] = []

    def place(chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == n:
            grid = np.array(chosen, dtype=np.int16)
            if not diagonal or all(sorted(v for v in line if v) == digits
                                   for line in (grid.diagonal(), np.fliplr(grid).diagonal())):
                out.append(grid)
            return
        for row in rows:
            if all(not v or all(v != above[c] for above in chosen) for c, v in enumerate(row)):
                place([*chosen, row])

    place([])
    return tuple(out)


def gap_fills(gaps: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every grid with different heights 1..N in each row and column, in every cell but the
    ``gaps`` (which hold 0)."""
    return _gap_fills(tuple(map(tuple, np.asarray(gaps, dtype=bool).tolist())))


@functools.cache
def _gap_fills(gaps: tuple[tuple[bool, ...], ...]) -> tuple[np.ndarray, ...]:
    n = len(gaps)
    out: list[np.ndarray] = []

    def rows_of(r: int) -> list[tuple[int, ...]]:
        free = [c for c in range(n) if not gaps[r][c]]
        rows = []
        for values in itertools.permutations(range(1, n + 1), len(free)):
            row = [0] * n
            for c, v in zip(free, values, strict=True):
                row[c] = v
            rows.append(tuple(row))
        return rows

    options = [rows_of(r) for r in range(n)]

    def place(chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == n:
            out.append(np.array(chosen, dtype=np.int16))
            return
        for row in options[len(chosen)]:
            if all(not v or all(v != above[c] for above in chosen) for c, v in enumerate(row)):
                place([*chosen, row])

    place([])
    return tuple(out)


def solutions(puzzle: SkyscrapersPuzzle) -> list[SkyscrapersSolution]:
    n = puzzle.size
    lines = list(puzzle.sight_lines())
    out = []
    grids = (gap_fills(puzzle.gaps) if puzzle.gaps.any()
             else fills(n, puzzle.largest, puzzle.diagonal))
    for grid in grids:
        if ((puzzle.givens != 0) & (puzzle.givens != grid)).any():
            continue
        if any(seen([int(grid[cell]) for cell in cells]) != clue for _, _, clue, cells in lines):
            continue
        answer = SkyscrapersSolution(grid)
        if not check(puzzle, answer):
            out.append(answer)
    return out


def random_puzzle(rng: random.Random, gaps: float = 0.0) -> SkyscrapersPuzzle:
    """A 2x2 to 4x4 grid (sometimes with empty cells or the diagonals), a random answer, a
    random share of its clues and a few of its buildings given; with ``gaps``, a 3x3 or 4x4
    of heights 1..N whose cells are gaps with that chance instead."""
    if gaps:
        return _with_gaps(rng, gaps)
    while True:
        n = rng.choice([2, 3, 3, 4, 4])
        largest = n if n < 3 or rng.random() < 0.6 else n - 1
        diagonal = n == 4 and rng.random() < 0.2
        grids = fills(n, largest, diagonal)
        if grids:
            break
    answer = grids[rng.randrange(len(grids))]
    clues = _some_clues(rng, answer, n)
    givens = np.where(np.array([[rng.random() < 0.12 for _ in range(n)] for _ in range(n)]),
                      answer, 0)
    return SkyscrapersPuzzle(clues, givens, largest, diagonal)


def _some_clues(rng: random.Random, answer: Any, n: int) -> np.ndarray:
    """The clues ``answer`` gives, each kept at a random rate of 0.3-0.9."""
    keep = rng.uniform(0.3, 0.9)
    clues = np.zeros((4, n), dtype=np.int16)
    for side in range(4):
        for index in range(n):
            if rng.random() < keep:
                clues[side, index] = seen([int(answer[c]) for c in line_from(n, side, index)])
    return clues


def _with_gaps(rng: random.Random, chance: float) -> SkyscrapersPuzzle:
    n = rng.choice([3, 4])
    holes = np.array([[rng.random() < chance for _ in range(n)] for _ in range(n)])
    grids = gap_fills(holes)
    answer = grids[rng.randrange(len(grids))]
    clues = _some_clues(rng, answer, n)
    givens = np.where(np.array([[rng.random() < 0.1 for _ in range(n)] for _ in range(n)]),
                      answer, 0)
    return SkyscrapersPuzzle(clues, givens, n, gaps=holes)
