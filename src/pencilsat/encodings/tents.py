"""Tents as clauses: a tent variable per cell, a pairing literal per tree and neighbour.

Variables: ``tent`` per cell, ``1..W*H`` row-major (:class:`ShadingGrid`'s ``shaded``); then
a *pairing* variable per tree and orthogonal neighbour that can hold a tent, "this tree's
tent is there", where that neighbour is next to another tree too. A cell next to one tree
only is paired with it exactly when it holds a tent, so its tent variable is the pairing
literal. Rules:

- a tree, a cell next to no tree and a cell in a row or column of count 0 hold no tent:
  such a cell's variable is in no clause and read as no tent (the complete clause list,
  :func:`clauses`, fixes it with a unit);
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
  encoding's counts: cardinality clauses on CNF, linear sums on CP-SAT); a unit per
  literal where the count is the line's number of candidates.

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
    """The cells that can hold a tent: not a tree, next to a tree, in no row or column whose
    count is 0."""
    trees = puzzle.trees
    near = np.zeros_like(trees)
    near[1:, :] |= trees[:-1, :]
    near[:-1, :] |= trees[1:, :]
    near[:, 1:] |= trees[:, :-1]
    near[:, :-1] |= trees[:, 1:]
    near &= ~trees
    near &= (puzzle.row_counts != 0)[:, None]
    near &= (puzzle.column_counts != 0)[None, :]
    return near


CLOCK_EVERY = 8192
"""Trees handled between two looks at the clock (a 1000x1000 grid has 100,000s)."""


def _not_two(lits: list[int]) -> list[Clause]:
    """``[-a, -b]`` for every two of ``lits``, in order."""
    return [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]


def pairing_clauses(trees: np.ndarray, tent: np.ndarray, top: int,
                    deadline: float | None = None, *, one_per_tree: bool = True
                    ) -> tuple[list[Clause], int]:
    """The one-to-one matching of trees and tents over the literal grid ``tent`` (0 where
    no tent can stand), pairing variables from ``top + 1`` on (per tree row-major, its
    neighbours up, left, right, down): the clauses and the last variable used; without
    ``one_per_tree``, no "at most one pairing per tree" (for when the counts imply it, see
    the module's docstring). A cell next to one tree only is paired with it exactly when it
    holds a tent, so that pairing's literal is the cell's own (no variable, no clauses to
    tie them). Clauses: each tree's pairings, (its "not both" pairs,) each fresh pairing's
    tent, then per cell next to two trees or more, row-major, "a tent has a pairing" and its
    "not both" pairs.
    Built by a loop over the trees' lists of neighbours (a janko grid has a few dozen
    trees: a numpy build was about 30 operations of a few microseconds each, twice this
    loop's time), with a look at the clock every :data:`CLOCK_EVERY` trees."""
    height, width = trees.shape
    lit = tent.ravel().tolist()
    last_row, last_column = width * (height - 1), width - 1
    near: list[list[int]] = []  # per tree, its neighbours that can hold a tent
    trees_next = [0] * (width * height)
    for i, t in enumerate(np.flatnonzero(trees).tolist()):
        if i % CLOCK_EVERY == 0:
            check_clock(deadline)
        c = t % width
        cells = [n for n in (t - width if t >= width else -1, t - 1 if c else -1,
                             t + 1 if c < last_column else -1, t + width if t < last_row else -1)
                 if n >= 0 and lit[n]]
        for n in cells:
            trees_next[n] += 1
        near.append(cells)
    check_clock(deadline)
    per_tree: list[Clause] = []
    links: list[Clause] = []
    into: dict[int, list[int]] = {}  # a cell next to two trees or more: its pairings
    for cells in near:
        row = []
        for n in cells:
            if trees_next[n] == 1:
                row.append(lit[n])
            else:
                top += 1
                row.append(top)
                links.append([-top, lit[n]])
                into.setdefault(n, []).append(top)
        per_tree.append(row)
    check_clock(deadline)
    clauses = per_tree.copy()
    if one_per_tree:
        for row in per_tree:
            clauses += _not_two(row)
    clauses += links
    shared = sorted(into)
    clauses += [[-lit[n], *into[n]] for n in shared]
    for n in shared:
        clauses += _not_two(into[n])
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
        if count == len(lits) > 0:  # every candidate holds a tent: units, no count
            grid.clauses.extend([lit] for lit in lits)
        elif count > 0:  # a line of count 0 has no candidate (NO_COUNT is negative)
            grid.counts.append((lits, count))  # fresh lists of ints: ``exactly`` copies
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
