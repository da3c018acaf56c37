"""Fillomino's brute-force oracle: every division of a tiny grid into 4-connected blocks
(set partitions grown cell by cell, row-major), each block numbered with its size, that the
rule checker accepts; and small random puzzles made around a random answer."""

from __future__ import annotations

import functools
import random

import numpy as np

from pencilsat.puzzles import fillomino as F


@functools.cache
def _answers(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Every valid filled grid of the size (no givens), flat row-major: each division into
    connected blocks (the block of the first free cell chosen among the connected sets of
    free cells through it, none next to a block of its size, then the rest) whose numbers
    the rule checker accepts."""
    cells = width * height

    def neighbours(k: int) -> list[int]:
        r, c = divmod(k, width)
        return [nr * width + nc for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                if 0 <= nr < height and 0 <= nc < width]

    def blocks_through(first: int, free: frozenset[int]) -> list[frozenset[int]]:
        found: set[frozenset[int]] = set()
        stack = [frozenset({first})]
        while stack:
            block = stack.pop()
            if block in found:
                continue
            found.add(block)
            stack += [block | {n} for k in block for n in neighbours(k)
                      if n in free and n not in block]
        return list(found)

    out = []
    size = np.zeros(cells, dtype=np.int64)

    def extend(free: frozenset[int]) -> None:
        if not free:
            out.append(tuple(size.tolist()))
            return
        for block in blocks_through(min(free), free):
            if any(size[n] == len(block) for k in block for n in neighbours(k)
                   if n not in block):
                continue  # an equal-sized block next to it: never valid
            size[list(block)] = len(block)
            extend(free - block)
            size[list(block)] = 0

    extend(frozenset(range(cells)))
    empty = F.FillominoPuzzle(np.zeros((height, width)))
    return tuple(sorted(numbers for numbers in set(out) if not F.check(
        empty, F.FillominoSolution(np.array(numbers).reshape(height, width)))))


def solutions(puzzle: F.FillominoPuzzle) -> list[F.FillominoSolution]:
    """Every filled grid the rule checker accepts (the valid grids that keep the givens,
    judged again with the puzzle)."""
    out = []
    given = puzzle.numbers.ravel() > 0
    rows = _answer_rows(puzzle.width, puzzle.height)
    keep = (rows[:, given] == puzzle.numbers.ravel()[given]).all(axis=1)
    for numbers in rows[keep]:
        answer = F.FillominoSolution(numbers.reshape(puzzle.height, puzzle.width).copy())
        if not F.check(puzzle, answer):
            out.append(answer)
    return out


@functools.cache
def _answer_rows(width: int, height: int) -> np.ndarray:
    """:func:`_answers` as the rows of one array (a grid whose givens differ is left out
    before the checker, all grids compared at once)."""
    return np.array(_answers(width, height)).reshape(-1, width * height)


SIZES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)]


def random_puzzle(rng: random.Random, largest: int = 0) -> F.FillominoPuzzle:
    """A 2x2 to 3x3 grid: a random valid answer, each cell's number given with chance 0.4
    (one given in ten a ``?``); with ``largest``, an answer of no block past it, and the
    puzzle says so."""
    width, height = rng.choice(SIZES)
    answers = _answers(width, height)
    if largest:
        answers = tuple(a for a in answers if max(a) <= largest)
    answer = rng.choice(answers)
    numbers = np.zeros(width * height, dtype=np.int64)
    for cell, value in enumerate(answer):
        if rng.random() < 0.4:
            numbers[cell] = F.UNKNOWN if rng.random() < 0.1 else value
    return F.FillominoPuzzle(numbers.reshape(height, width), largest=largest)
