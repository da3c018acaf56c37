"""Kakuro's brute-force oracle: every fill of a tiny grid's white cells with digits 1..9 (cut
short where a run repeats a digit or passes its sum), kept when the rule checker accepts it,
and small random puzzles made around a random answer."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles.kakuro import DOWN, KakuroPuzzle, KakuroSolution, check


def solutions(puzzle: KakuroPuzzle) -> list[KakuroSolution]:
    """Every answer, found cell by cell in row-major order."""
    cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(puzzle.white), strict=True)]
    runs_of: dict[tuple[int, int], list] = {cell: [] for cell in cells}
    for run in puzzle.runs():
        for cell in run.cells:
            runs_of[cell].append(run)
    grid = np.zeros(puzzle.white.shape, dtype=np.int16)
    out = []

    def fits(cell: tuple[int, int]) -> bool:
        for run in runs_of[cell]:
            digits = [int(grid[c]) for c in run.cells if grid[c]]
            if len(set(digits)) < len(digits):
                return False
            if run.total is not None:
                if sum(digits) > run.total:
                    return False
                if len(digits) == len(run.cells) and sum(digits) != run.total:
                    return False
        return True

    def place(k: int) -> None:
        if k == len(cells):
            answer = KakuroSolution(grid.copy())
            if not check(puzzle, answer):
                out.append(answer)
            return
        cell = cells[k]
        for digit in range(1, 10):
            grid[cell] = digit
            if fits(cell):
                place(k + 1)
        grid[cell] = 0

    place(0)
    return out


def random_answer(rng: random.Random, white: np.ndarray) -> np.ndarray:
    """Random digits for the white cells, different along every row and column stretch."""
    while True:
        grid = np.zeros(white.shape, dtype=np.int16)
        for r, c in zip(*np.nonzero(white), strict=True):
            used = set()
            for dr, dc in ((0, -1), (-1, 0)):
                a, b = r + dr, c + dc
                while a >= 0 and b >= 0 and white[a, b]:
                    used.add(int(grid[a, b]))
                    a, b = a + dr, b + dc
            grid[r, c] = rng.choice([d for d in range(1, 10) if d not in used])
        return grid


def random_puzzle(rng: random.Random) -> KakuroPuzzle:
    """A grid of at most 4x4 with its top row and left column clue cells, a few inner cells
    black, random digits in the white ones and their runs' sums; mostly one or two sums left
    out (the clue tools' test needs ambiguous puzzles that a sum settles)."""
    width, height = rng.randint(3, 4), rng.randint(3, 4)
    white = np.zeros((height, width), dtype=bool)
    white[1:, 1:] = np.array([[rng.random() > 0.3 for _ in range(width - 1)]
                              for _ in range(height - 1)])
    if not white.any():
        white[1, 1] = True
    grid = random_answer(rng, white)
    sums = {d: np.zeros(white.shape, dtype=np.int32) for d in ("down", "across")}
    probe = KakuroPuzzle(white, sums["down"], sums["across"])
    runs = probe.runs()
    dropped = set(rng.sample(range(len(runs)), min(len(runs), rng.choice((0, 1, 2, 2)))))
    for i, run in enumerate(runs):
        if i not in dropped and run.clue is not None:
            sums[run.direction][run.clue] = sum(int(grid[cell]) for cell in run.cells)
    return KakuroPuzzle(white, sums[DOWN], sums["across"])
