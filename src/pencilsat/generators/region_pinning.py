"""Regions moved until a shaded answer is the only one: Star Battle, Norinori, LITS.

A setter of these genres draws the answer first, cuts the grid into regions around it, and
then adjusts borders where a second answer slips through. Here: the genre's default
strategy proves the puzzle; while it finds a second answer, a cell that answer shades and
ours does not moves into a neighbouring region. Ours keeps every count (the cell is not
shaded in it), and the second answer is broken for good: its old region loses a shaded cell
(a star, a domino's cell, a tetromino's cell), so that region's count is wrong. The region
it leaves must stay connected and keep a cell; the move is drawn at random among those.
``TRIALS`` proofs per layout, then the layout is given up (one candidate of the loop's
budget).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.generators.structure_maker import Made, prove
from pencilsat.puzzles.regions import Regions

TRIALS = 120
"""Uniqueness proofs (border moves + 1) per region layout before it is given up. One
random move per proof: choosing the best of four moves (each proved; the one whose second
answer differs least from ours) kept fewer layouts (10x10 seeds: 3 of 20 against 6 of 20)
at three times the CPU per puzzle kept."""


def pin_regions(rng: random.Random, regions: Regions, shaded: np.ndarray,
                build: Callable[[Regions], Any], trials: int = TRIALS) -> Made | None:
    """The puzzle ``build(regions)`` with borders moved until ``shaded`` (our answer) is its
    only answer (module docstring), or ``None`` after ``trials`` proofs."""
    labels = np.array(regions.ids, dtype=np.int64)
    for _ in range(trials):
        current = Regions.from_labels(labels)
        puzzle = build(current)
        unique, answer, other = prove(puzzle)
        if unique:
            return Made(puzzle, answer, [cells[0] for cells in current.cells()])
        theirs = other if np.array_equal(answer.shaded, shaded) else answer
        moves = border_moves(labels, np.asarray(theirs.shaded) & ~shaded)
        if not moves:
            return None
        cell, region = rng.choice(moves)
        labels[cell] = region
    return None


def border_moves(labels: np.ndarray, cells: np.ndarray) -> list[tuple[Cell, int]]:
    """``(cell, region)``: each marked cell with each other region next to it, when its own
    region stays connected and not empty without it."""
    height, width = labels.shape
    moves = []
    for r, c in np.argwhere(cells).tolist():
        own = int(labels[r, c])
        beside = sorted({int(labels[n]) for n in _around(r, c, height, width)
                         if labels[n] != own})
        if beside and _connected_without(labels, (r, c)):
            moves += [((r, c), region) for region in beside]
    return moves


def _around(r: int, c: int, height: int, width: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


def _connected_without(labels: np.ndarray, cell: Cell) -> bool:
    """The cell's region without it is connected and not empty."""
    height, width = labels.shape
    rest = {(int(r), int(c)) for r, c in np.argwhere(labels == labels[cell])} - {cell}
    if not rest:
        return False
    start = min(rest)
    seen, stack = {start}, [start]
    while stack:
        for n in _around(*stack.pop(), height, width):
            if n in rest and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(rest)
