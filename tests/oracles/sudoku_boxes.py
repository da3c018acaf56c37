"""Sudoku with rectangular boxes' brute-force oracle: every answer of a small puzzle (each
fill of the grid with a digit once per row, column and box, kept when the rule checker
accepts it), and random 6x6 puzzles cut from a random answer."""

from __future__ import annotations

import random

import numpy as np

from oracles.digit_grids import checked_fills, random_fill
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution, check


def solutions(puzzle: SudokuPuzzle) -> list[SudokuSolution]:
    """Every answer (the X variant's diagonals left to the checker)."""
    return checked_fills(puzzle, puzzle.clues, SudokuSolution, check)


def random_puzzle(rng: random.Random, width: int = 3, height: int = 2,
                  diagonal: bool = False) -> SudokuPuzzle:
    """A ``width * height`` square grid's puzzle: a random answer with 10 to 17 of its
    digits kept (a few to hundreds of answers), now and then one clue changed (often no
    answer)."""
    side = width * height
    box = SudokuPuzzle(np.zeros((side, side)), box_width=width, box_height=height)
    answer = random_fill(rng, side, box.boxes.ids)
    assert answer is not None
    cells = rng.sample(range(side * side), rng.randint(10, 17))
    clues = np.zeros((side, side), dtype=np.int16)
    for cell in cells:
        clues[divmod(cell, side)] = answer[divmod(cell, side)]
    if rng.random() < 0.2:
        cell = divmod(cells[0], side)
        clues[cell] = clues[cell] % side + 1
    return SudokuPuzzle(clues, box_width=width, box_height=height, diagonal=diagonal)


def gap_solutions(puzzle: SudokuPuzzle) -> list[SudokuSolution]:
    """Every answer of a puzzle with gaps, by its own search: a gap holds 0, every other
    cell a digit no cell before it in one of its houses holds (kept when the checker
    accepts the whole grid)."""
    n = puzzle.size
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for cells in puzzle.houses():
        index = [r * n + c for r, c in cells]
        for i in index:
            peers[i].update(j for j in index if j < i)
    gaps = puzzle.gap_grid.ravel().tolist()
    clues = puzzle.clues.ravel().tolist()
    flat = [0] * (n * n)
    out: list[SudokuSolution] = []

    def place(i: int) -> None:
        if i == n * n:
            answer = SudokuSolution(np.array(flat).reshape(n, n))
            if not check(puzzle, answer):
                out.append(answer)
            return
        if gaps[i]:
            place(i + 1)
            return
        used = {flat[j] for j in peers[i]}
        for digit in [clues[i]] if clues[i] else range(1, n + 1):
            if digit not in used:
                flat[i] = digit
                place(i + 1)
                flat[i] = 0

    place(0)
    return out


def random_gap_puzzle(rng: random.Random) -> SudokuPuzzle:
    """A 4x4 (square boxes) or 6x6 (3x2 or 2x3) with one to three gaps among a random
    answer's cells and some of the others' digits kept; now and then the X variant."""
    width, height = rng.choice([(2, 2), (2, 2), (3, 2), (2, 3)])
    side = width * height
    box = SudokuPuzzle(np.zeros((side, side)), box_width=width, box_height=height)
    answer = random_fill(rng, side, box.boxes.ids)
    assert answer is not None
    cells = [divmod(i, side) for i in rng.sample(range(side * side), side * side)]
    gaps = np.zeros((side, side), dtype=bool)
    for cell in cells[:rng.randint(1, 3)]:
        gaps[cell] = True
    kept = cells[3:3 + (rng.randint(3, 7) if side == 4 else rng.randint(14, 20))]
    clues = np.zeros((side, side), dtype=np.int16)
    for cell in kept:
        clues[cell] = answer[cell]
    return SudokuPuzzle(clues, box_width=width, box_height=height, gaps=gaps,
                        diagonal=side == 4 and rng.random() < 0.2)
