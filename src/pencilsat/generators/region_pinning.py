"""Regions moved until a shaded answer is the only one: Star Battle, Norinori, LITS.

A setter of these genres draws the answer first, cuts the grid into regions around it, and
then adjusts borders where a second answer slips through. Here: the genre's default
strategy proves the puzzle; while it finds a second answer, a cell that answer shades and
ours does not moves into a neighbouring region. Ours keeps every count (the cell is not
shaded in it), and the second answer is broken for good: its old region loses a shaded cell
(a star, a domino's cell, a tetromino's cell), so that region's count is wrong. The region
it leaves must stay connected and keep a cell; the move is drawn at random among those.
``TRIALS`` proofs per layout, then the layout is given up (one candidate of the loop's
budget). With the genre's :class:`RegionRules` the trials run on one incremental solver
(:mod:`~pencilsat.generators.region_trials`) and only the layout found unique there is
proved by the genre's strategy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.generators.region_trials import RegionTrials
from pencilsat.generators.structure_maker import Made, prove
from pencilsat.puzzles.regions import Regions

TRIALS = 120
"""Uniqueness proofs (border moves + 1) per region layout before it is given up. One
random move per proof: choosing the best of four moves (each proved; the one whose second
answer differs least from ours) kept fewer layouts (10x10 seeds: 3 of 20 against 6 of 20)
at three times the CPU per puzzle kept."""


@dataclass(frozen=True)
class RegionRules:
    """A genre's rules apart from its regions, as clauses over the cell variables
    ``1..W*H`` (row-major) and auxiliaries up to ``top``; every region holds
    ``per_region`` shaded cells."""

    clauses: Sequence[Sequence[int]]
    top: int
    per_region: int


def pin_regions(rng: random.Random, regions: Regions, shaded: np.ndarray,
                build: Callable[[Regions], Any], trials: int = TRIALS,
                rules: RegionRules | None = None) -> Made | None:
    """The puzzle ``build(regions)`` with borders moved until ``shaded`` (our answer) is its
    only answer (module docstring), or ``None`` after ``trials`` proofs."""
    labels = np.array(regions.ids, dtype=np.int64)
    fast = None if rules is None else RegionTrials(rules.clauses, rules.top, shaded,
                                                     rules.per_region)
    per_region = 0 if rules is None else rules.per_region
    seen: list[np.ndarray] = []
    try:
        for _ in range(trials):
            theirs = None if fast is None else fast.other(labels)
            if theirs is None:
                current = Regions.from_labels(labels)
                puzzle = build(current)
                unique, answer, other = prove(puzzle)
                if unique:
                    return Made(puzzle, answer, [cells[0] for cells in current.cells()])
                found = other if np.array_equal(answer.shaded, shaded) else answer
                theirs = np.asarray(found.shaded)
            seen.append(theirs.ravel())
            move = random_move(rng, labels, theirs & ~shaded, shaded,
                               np.array(seen) if per_region else None, per_region)
            if move is None:
                return None
            path, region = move
            for cell in path:
                labels[cell] = region
        return None
    finally:
        if fast is not None:
            fast.close()


def random_move(rng: random.Random, labels: np.ndarray, cells: np.ndarray,
                shaded: np.ndarray, seen: np.ndarray | None = None, per_region: int = 0
                ) -> tuple[list[Cell], int] | None:
    """``(cells, region)``: a marked cell drawn at random moves into another region next to
    it, its own region staying connected and not empty without it (``None``: no marked
    cell can move). A marked cell inside its region moves with the shortest path of cells
    ``shaded`` leaves out to the region's border. With ``seen`` (the second answers found
    so far, a row each, flat), the first move drawn after which each of them still breaks
    a region's count of ``per_region`` is taken when there is one: a move that lets an old
    second answer back is a step back."""
    height, width = labels.shape
    moves = []
    for r, c in np.argwhere(cells).tolist():
        path = _path_to_border(labels, (r, c), shaded)
        if path is None:
            continue
        own, end = int(labels[r, c]), path[-1]
        beside = sorted({int(labels[n]) for n in _around(*end, height, width)
                         if labels[n] != own})
        moves += [(path, region) for region in beside]
    rng.shuffle(moves)
    checked: dict[Cell, list[Cell] | None] = {}
    first = None
    keeps = None if seen is None else _still_broken(labels, seen, per_region)
    for path, region in moves:
        if path[0] not in checked:
            checked[path[0]] = _moved_with(labels, path, shaded)
        moved = checked[path[0]]
        if moved is None:
            continue
        if keeps is None or keeps(moved, region):
            return moved, region
        first = first or (moved, region)
    return first


def _path_to_border(labels: np.ndarray, cell: Cell, shaded: np.ndarray) -> list[Cell] | None:
    """The shortest path from ``cell`` through its region's cells ``shaded`` leaves out to
    one next to another region (``[cell]`` when it is), first steps in a fixed order."""
    height, width = labels.shape
    own = labels[cell]
    before: dict[Cell, Cell | None] = {cell: None}
    queue = [cell]
    for at in queue:
        if any(labels[n] != own for n in _around(*at, height, width)):
            path = [at]
            while (back := before[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        for n in _around(*at, height, width):
            if n not in before and not shaded[n]:
                before[n] = at
                queue.append(n)
    return None


def _still_broken(labels: np.ndarray, seen: np.ndarray, per_region: int
                  ) -> Callable[[list[Cell], int], bool]:
    """Whether every answer of ``seen`` still has a region whose count is not
    ``per_region`` after cells of one region move into another."""
    flat = labels.ravel()
    counts = seen.astype(np.int64) @ np.eye(int(flat.max()) + 1, dtype=np.int64)[flat]
    wrong = (counts != per_region).sum(axis=1)
    width = labels.shape[1]

    def keeps(path: list[Cell], region: int) -> bool:
        own = int(labels[path[0]])
        moved = seen[:, [r * width + c for r, c in path]].sum(axis=1).astype(np.int64)
        after = (wrong - (counts[:, own] != per_region) - (counts[:, region] != per_region)
                 + (counts[:, own] - moved != per_region)
                 + (counts[:, region] + moved != per_region))
        return bool((after > 0).all())

    return keeps


def _around(r: int, c: int, height: int, width: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


def _moved_with(labels: np.ndarray, path: list[Cell], shaded: np.ndarray
                ) -> list[Cell] | None:
    """The path with the parts of its region it cuts off, when those hold no ``shaded``
    cell (the part that does stays: its count is ours); ``None`` when two parts hold some,
    or nothing stays."""
    height, width = labels.shape
    rest = {(int(r), int(c)) for r, c in np.argwhere(labels == labels[path[0]])} - set(path)
    parts = []
    while rest:
        start = min(rest)
        seen, stack = {start}, [start]
        while stack:
            for n in _around(*stack.pop(), height, width):
                if n in rest and n not in seen:
                    seen.add(n)
                    stack.append(n)
        rest -= seen
        parts.append(seen)
    holding = [part for part in parts if any(shaded[cell] for cell in part)]
    if len(holding) != 1:
        return None
    return path + sorted(cell for part in parts if part is not holding[0] for cell in part)
