"""Killer Sudoku's brute-force oracle: every answer of a tiny puzzle (each fill of the grid
with a digit once per row, column and box, kept when the rule checker accepts its cages),
and small random puzzles made around a random answer."""

from __future__ import annotations

import random

import numpy as np

from oracles.digit_grids import checked_fills, random_fill
from pencilsat.puzzles.killersudoku import (
    KillerSudokuPuzzle,
    KillerSudokuSolution,
    check,
    rectangular_boxes,
)
from pencilsat.puzzles.regions import Regions


def solutions(puzzle: KillerSudokuPuzzle) -> list[KillerSudokuSolution]:
    """Fills cut short where a cage just completed repeats a digit or misses its sum (a
    quick look; the checker decides)."""
    n = puzzle.size
    closing: dict[int, list[tuple[list, int | None]]] = {}
    for cells, total in puzzle.cage_sums():
        closing.setdefault(max(r * n + c for r, c in cells), []).append((cells, total))

    def fits(grid: np.ndarray, r: int, c: int) -> bool:
        for cells, total in closing.get(r * n + c, []):
            digits = [int(grid[cell]) for cell in cells]
            if len(set(digits)) < len(digits) or total is not None and sum(digits) != total:
                return False
        return True

    return checked_fills(puzzle, puzzle.givens, KillerSudokuSolution, check, fits)


def random_cages(rng: random.Random, side: int, grid: np.ndarray) -> Regions:
    """Cages of one to four cells grown at random, no digit twice in a cage of ``grid``."""
    labels = np.full((side, side), -1)
    count = 0
    for r in range(side):
        for c in range(side):
            if labels[r, c] >= 0:
                continue
            labels[r, c] = count
            cells, digits = [(r, c)], {int(grid[r, c])}
            for _ in range(rng.randint(0, 3)):
                around = [(a + dr, b + dc) for a, b in cells
                          for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                          if 0 <= a + dr < side and 0 <= b + dc < side
                          and labels[a + dr, b + dc] < 0
                          and int(grid[a + dr, b + dc]) not in digits]
                if not around:
                    break
                cell = rng.choice(around)
                labels[cell] = count
                cells.append(cell)
                digits.add(int(grid[cell]))
            count += 1
    return Regions.from_labels(labels)


def random_puzzle(rng: random.Random) -> KillerSudokuPuzzle:
    """A 4x4 with 2x2 boxes: a random answer, random cages around it, most cages with their
    sum (written at the cage's first cell), now and then a given."""
    side = 4
    answer = random_fill(rng, side, rectangular_boxes(side, 2, 2).ids)
    assert answer is not None
    cages = random_cages(rng, side, answer)
    sums = np.zeros((side, side), dtype=np.int32)
    keep = rng.uniform(0.1, 0.8)
    for cells in cages.cells():
        if rng.random() < keep:
            sums[cells[0]] = sum(int(answer[cell]) for cell in cells)
    givens = np.where(np.array([[rng.random() < 0.08 for _ in range(side)]
                                for _ in range(side)]), answer, 0)
    return KillerSudokuPuzzle(sums, cages, 2, 2, givens)
