"""Tents as clauses: a tent variable per cell, a pairing variable per tree and neighbour.

Variables: ``tent`` per cell, ``1..W*H`` row-major; then one *pairing* variable per tree and
orthogonal neighbour that can hold a tent, "this tree's tent is there". Rules:

- a tree, and a cell next to no tree, holds no tent (units);
- each tree has exactly one pairing (one clause, and "not both" per pair: at most 4);
- a pairing puts a tent on its cell, a tent has a pairing, and no cell is paired with two
  trees: so the pairings are a one-to-one matching of all trees with all tents;
- no two tents touch, diagonally included;
- each given row and column count: exactly that many tents (``sizes``).

The answer is the tent variables of the cells next to a tree: two answers differ only in
their tents, never in which tree a tent is paired with (Tatham's policy, see
:mod:`pencilsat.puzzles.tents`).
"""

from __future__ import annotations

import numpy as np

from pencilsat.encodings.connectivity import Clause, ShadingEncoding, grid_graph
from pencilsat.puzzles.tents import TentsPuzzle, TentsSolution

TentsEncoding = ShadingEncoding[TentsSolution]
"""The rules and the row and column counts of a Tents; no connectivity requirement."""


def candidates(puzzle: TentsPuzzle) -> np.ndarray:
    """The cells that can hold a tent: not a tree, next to a tree."""
    trees = puzzle.trees
    near = np.zeros_like(trees)
    near[1:, :] |= trees[:-1, :]
    near[:-1, :] |= trees[1:, :]
    near[:, 1:] |= trees[:, :-1]
    near[:, :-1] |= trees[:, 1:]
    return near & ~trees


STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""Up, left, right, down: the order of a tree's pairing variables."""


def _shifted(grid: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """``out[r, c] = grid[r + dr, c + dc]``, 0 outside the grid."""
    height, width = grid.shape
    out = np.zeros_like(grid)
    out[max(0, -dr):height - max(0, dr), max(0, -dc):width - max(0, dc)] = \
        grid[max(0, dr):height + min(0, dr), max(0, dc):width + min(0, dc)]
    return out


def _not_two(lits: np.ndarray) -> np.ndarray:
    """``[-a, -b]`` for every two nonzero literals in one row of ``lits`` (at most one)."""
    blocks = []
    for i in range(lits.shape[1]):
        for j in range(i + 1, lits.shape[1]):
            both = (lits[:, i] != 0) & (lits[:, j] != 0)
            blocks.append(-np.stack([lits[both, i], lits[both, j]], axis=1))
    return np.concatenate(blocks).reshape(-1, 2) if blocks else np.zeros((0, 2), np.int64)


def pairing_clauses(trees: np.ndarray, tent: np.ndarray,
                    top: int) -> tuple[list[Clause], int]:
    """The one-to-one matching of trees and tents over the literal grid ``tent`` (0 where
    no tent can stand), pairing variables from ``top + 1`` on: the clauses and the last
    variable used. Built whole by numpy, direction by direction."""
    height, width = trees.shape
    toward = np.stack([_shifted(tent, dr, dc) for dr, dc in STEPS], axis=-1)
    toward[~trees] = 0  # toward[r, c, d]: the tent literal a tree's direction d points at
    pairs = np.zeros(toward.shape, dtype=np.int64)
    used = toward != 0
    pairs[used] = np.arange(top + 1, top + 1 + int(used.sum()))
    top += int(used.sum())
    clauses: list[Clause] = [[v for v in row if v] for row in pairs[trees].tolist()]
    clauses += _not_two(pairs[trees]).tolist()
    clauses += np.stack([-pairs[used], toward[used]], axis=1).tolist()
    # into[r, c, d]: the pairing of the tree in direction d of (r, c) that points at (r, c)
    into = np.stack([_shifted(pairs[:, :, 3 - d], dr, dc) for d, (dr, dc) in enumerate(STEPS)],
                    axis=-1)
    cells = tent != 0
    clauses += [[-lit, *(v for v in row if v)]
                for lit, row in zip(tent[cells].tolist(), into[cells].tolist(), strict=True)]
    clauses += _not_two(into[cells]).tolist()
    return clauses, top


def build(puzzle: TentsPuzzle, *, deadline: float | None = None) -> TentsEncoding:
    """The encoding of ``puzzle``."""
    width, height = puzzle.width, puzzle.height
    tent = np.arange(1, width * height + 1, dtype=np.int64).reshape(height, width)
    free = candidates(puzzle)
    clauses: list[Clause] = [[-int(v)] for v in tent[~free].tolist()]
    # TEMPORARY until the vocabulary lands: no two tents touch
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        c0, c1 = max(0, -dc), width - max(0, dc)
        a = tent[:height - dr, c0:c1]
        b = tent[dr:, c0 + dc:c1 + dc]
        both = free[:height - dr, c0:c1] & free[dr:, c0 + dc:c1 + dc]
        clauses.extend([-int(x), -int(y)] for x, y in zip(a[both], b[both], strict=True))
    pairs, top = pairing_clauses(puzzle.trees, np.where(free, tent, 0), width * height)
    clauses += pairs
    sizes = [([int(v) for v in (tent[index] if kind == "row" else tent[:, index])], count)
             for kind, index, count in puzzle.counts()]
    answer = [int(v) for v in tent[free].tolist()]

    def decode(values: np.ndarray) -> TentsSolution:
        return TentsSolution(values[tent])

    return TentsEncoding(top, clauses, sizes, grid_graph(width, height), [], answer, decode)
