"""Tents as clauses: a tent variable per cell, a pairing literal per tree and neighbour.

Variables: ``tent`` per cell, ``1..W*H`` row-major (:class:`ShadingGrid`'s ``shaded``); then
a *pairing* variable per tree and orthogonal neighbour that can hold a tent, "this tree's
tent is there", where that neighbour is next to another tree too. A cell next to one tree
only is paired with it exactly when it holds a tent, so its tent variable is the pairing
literal. Rules:

- a tree, and a cell next to no tree, holds no tent: its variable is in no clause and read
  as no tent (the complete clause list, :func:`clauses`, fixes it with a unit);
- each tree has at least one pairing (one clause), a pairing puts a tent on its cell, a
  tent has a pairing, and no cell is paired with two trees: so pairing each tent with its
  tree maps the tents onto the trees;
- each tree has at most one pairing ("not both" per pair: at most 4), unless the counts
  make it follow: when every row's count is given (or every column's) and they add up to
  the number of trees, a map of that many tents onto that many trees is one-to-one (about
  a third of a janko grid's clauses left out); so the pairings are a one-to-one matching
  of all trees with all tents;
- no two tents touch, diagonally included (:func:`no_two_adjacent`);
- each given row and column count: exactly that many of the line's tent literals (the
  encoding's counts: cardinality clauses on CNF, linear sums on CP-SAT).

The answer is the tent variables of the cells next to a tree: two answers differ only in
their tents, never in which tree a tent is paired with (Tatham's policy, see
:mod:`pencilsat.puzzles.tents`).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.cardinality import rows_and_columns
from pencilsat.encodings.connectivity import Clause, ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import ShadingGrid, complete_clauses, no_two_adjacent
from pencilsat.puzzles.tents import NO_COUNT, TentsPuzzle, TentsSolution

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
"""Up, left, right, down: the order of a tree's pairing literals."""


def around(grid: np.ndarray) -> np.ndarray:
    """``out[r, c, d]``: ``grid``'s value at the neighbour of (r, c) in direction ``STEPS[d]``
    (0 outside the grid); for a 3-D ``grid``, the value in that neighbour's opposite slot
    ``3 - d`` (what the neighbour says about (r, c))."""
    height, width = grid.shape[:2]
    flat = grid.ndim == 2
    out = np.zeros((height, width, len(STEPS)), dtype=grid.dtype)
    out[1:, :, 0] = grid[:-1, :] if flat else grid[:-1, :, 3]
    out[:, 1:, 1] = grid[:, :-1] if flat else grid[:, :-1, 2]
    out[:, :-1, 2] = grid[:, 1:] if flat else grid[:, 1:, 1]
    out[:-1, :, 3] = grid[1:, :] if flat else grid[1:, :, 0]
    return out


_FIRST, _SECOND = np.triu_indices(len(STEPS), 1)
"""The two columns of each pair of directions (computed once: ``triu_indices`` takes
longer than the rest of :func:`at_most_one` on a janko grid)."""


def at_most_one(rows: np.ndarray) -> np.ndarray:
    """``[-a, -b]`` for every two nonzero literals of one row of ``rows`` (4 columns)."""
    a, b = rows[:, _FIRST].ravel(), rows[:, _SECOND].ravel()
    both = (a != 0) & (b != 0)
    return -np.stack([a[both], b[both]], axis=1)


def pairing_clauses(trees: np.ndarray, tent: np.ndarray, top: int,
                    deadline: float | None = None, *, one_per_tree: bool = True
                    ) -> tuple[list[Clause], int]:
    """The one-to-one matching of trees and tents over the literal grid ``tent`` (0 where
    no tent can stand), pairing variables from ``top + 1`` on: the clauses and the last
    variable used; without ``one_per_tree``, no "at most one pairing per tree" (for when
    the counts imply it, see the module's docstring). A cell next to one tree only is
    paired with it exactly when it holds a tent, so that pairing's literal is the cell's
    own (no variable, no clauses to tie them).
    Built by numpy, a few operations for the whole grid (a row of variable length by a
    comprehension: ten times faster than grouping by numpy on a janko grid), with a look
    at the clock between the parts."""
    toward = around(tent)  # toward[r, c, d]: the literal of the cell a tree's d points at
    toward[~trees] = 0
    alone = around(around(trees.astype(np.int64)).sum(axis=-1) == 1) & (toward != 0)
    fresh = (toward != 0) & ~alone
    pairs = np.where(alone, toward, 0)
    count = int(fresh.sum())
    pairs[fresh] = np.arange(top + 1, top + 1 + count)
    top += count
    tree_pairs = pairs[trees]
    clauses: list[Clause] = [[v for v in row if v] for row in tree_pairs.tolist()]
    check_clock(deadline)
    if one_per_tree:
        clauses += at_most_one(tree_pairs).tolist()
    clauses += np.stack([-pairs[fresh], toward[fresh]], axis=1).tolist()
    check_clock(deadline)
    into = around(np.where(fresh, pairs, 0))  # into[r, c, d]: tree d's pairing toward (r, c)
    shared = (into != 0).any(axis=-1)
    clauses += [[-lit, *(v for v in row if v)]
                for lit, row in zip(tent[shared].tolist(), into[shared].tolist(), strict=True)]
    check_clock(deadline)
    clauses += at_most_one(into[shared]).tolist()
    return clauses, top


def counts_match_trees(puzzle: TentsPuzzle) -> bool:
    """Whether every row's count (or every column's) is given and they add up to the number
    of trees: then the tents are as many as the trees, whatever the answer."""
    trees = int(puzzle.trees.sum())
    return any(bool((line != NO_COUNT).all()) and int(line.sum()) == trees
               for line in (puzzle.row_counts, puzzle.column_counts))


def build(puzzle: TentsPuzzle, *, deadline: float | None = None) -> TentsEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    free = candidates(puzzle)
    tent = np.where(free, grid.shaded, 0)
    grid.add(no_two_adjacent(tent, diagonal=True))
    pairing, grid.top = pairing_clauses(puzzle.trees, tent, grid.top, deadline,
                                        one_per_tree=not counts_match_trees(puzzle))
    grid.clauses.extend(pairing)  # fresh lists of ints: no copy (``add`` copies each)
    lines = rows_and_columns(tent)
    counts = [*puzzle.row_counts.tolist(), *puzzle.column_counts.tolist()]
    for lits, count in zip(lines, counts, strict=True):
        if count != NO_COUNT:
            grid.exactly(lits, count)
    return grid.encoding(lambda shaded: TentsSolution(shaded & free),
                         answer=tent[free].tolist())


def clauses(puzzle: TentsPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list, the counts as cardinality clauses
    (:func:`complete_clauses`) and a unit "no tent" for each cell that cannot hold one (the
    registry's ``complete_cnf``: ``pencilsat study`` measures CDCL effort and propagation on
    it)."""
    encoding = build(puzzle)
    fixed, top = complete_clauses(encoding)
    open_cells = set(encoding.answer)
    fixed += [[-v] for v in range(1, puzzle.width * puzzle.height + 1) if v not in open_cells]

    def decode(true: set[int]) -> TentsSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[lit for lit in true if 0 < lit <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("complete", top, fixed, encoding.answer, decode)
