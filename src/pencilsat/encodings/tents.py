"""Tents as clauses: a tent variable per cell, a pairing literal per tree and neighbour.

Variables: ``tent`` per cell, ``1..W*H`` row-major (:class:`ShadingGrid`'s ``shaded``); then
a *pairing* variable per tree and neighbour that can hold a tent and is next to another
tree too (a cell next to one tree only: its tent variable is the pairing). Rules:

- a tree, a cell next to no tree and a cell in a row or column of count 0 hold no tent:
  such a cell's variable is in no clause and read as no tent (the complete clause list,
  :func:`clauses`, fixes it with a unit);
- each tree has at least one pairing (one clause), a pairing puts a tent on its cell, a
  tent has a pairing, and no cell is paired with two trees: so the tents map onto the
  trees, and one pairing per tree maps the trees one-to-one into the tents;
- each tree has at most one pairing ("not both" per pair: at most 6), unless the counts
  cap the tents at the trees (every row's count given, or every column's, adding up to the
  trees): then a map of as many tents onto as many trees is one-to-one, and "a tent has a
  pairing" follows too and is left out (one pairing per tree maps the trees one-to-one
  into at most as many tents);
- no two tents touch, diagonally included (:func:`no_two_touching`);
- each given row and column count: exactly that many of the line's tent literals (the
  encoding's counts: cardinality clauses on CNF, linear sums on CP-SAT); a unit per
  literal where the count is the line's number of candidates. When a family of lines
  (the rows, or the columns) has every count given and they add up to the trees, its
  counts are *capped*: "at most k" each is enough, since the tents are at least as many
  as the trees (above) and at most the counts' sum (MiniCard takes one native "at most").

Built by loops over plain lists (:func:`tent_clauses`; a janko grid is too small for
numpy's fixed costs). The answer is the tent variables of the cells next to a tree: two
answers differ in their tents, never in their pairings (Tatham's policy, see
:mod:`pencilsat.puzzles.tents`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause, ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import ShadingGrid, complete_clauses
from pencilsat.puzzles.tents import NO_COUNT, TentsPuzzle, TentsSolution

TentsEncoding = ShadingEncoding[TentsSolution]
"""The rules and the row and column counts of a Tents; no connectivity requirement."""

CLOCK_EVERY = 8192
"""Cells or trees handled between two looks at the clock (a 1000x1000 grid has 100,000s)."""

Count = tuple[list[int], int]
"""A line's tent literals and how many of them hold a tent."""


@dataclass
class TentsClauses:
    """The encoding as plain lists, before any solver or :class:`ShadingEncoding` sees it:
    ``free``, the cells that can hold a tent (indices ``r * W + c``, row-major; cell ``i``'s
    tent variable is ``i + 1``); the rule ``clauses`` over variables ``1..top``; the line
    counts, in two lists: ``exact`` ("exactly k") and ``capped``, those whose "at least k"
    half the matching already implies (see :func:`counts_match_trees`), so a solver with
    native "at most" constraints takes only "at most k" for them. Every answer meets each
    ``capped`` count exactly, so a model taking counts as linear sums may treat both lists
    alike."""

    free: list[int]
    clauses: list[Clause]
    exact: list[Count]
    capped: list[Count]
    top: int


def _near_trees(puzzle: TentsPuzzle, row_counts: list[int], column_counts: list[int]
                ) -> tuple[list[int], list[list[int]]]:
    """The cells that can hold a tent (row-major), and per tree (row-major) its neighbours
    among them, up, left, right, down: the puzzle's
    :attr:`~pencilsat.puzzles.tents.TentsPuzzle.tree_layout` (made once per puzzle, and
    read again by the rule checker) less the trees and the cells of a line of count 0
    (``row_counts`` and ``column_counts``: the puzzle's, as lists)."""
    width, height = puzzle.width, puzzle.height
    layout = puzzle.tree_layout[1]
    blocked = bytearray(width * height)  # a tree, or in a line of count 0
    for t in np.flatnonzero(puzzle.trees).tolist():
        blocked[t] = 1
    for r, count in enumerate(row_counts):
        if count == 0:
            blocked[r * width:(r + 1) * width] = b"\x01" * width
    for c, count in enumerate(column_counts):
        if count == 0:
            blocked[c::width] = b"\x01" * height
    near = [[n for n in cells if not blocked[n]] for cells in layout]
    free = sorted({n for cells in near for n in cells})
    return free, near


def _not_two(lits: list[int]) -> list[Clause]:
    """``[-a, -b]`` for every two of ``lits``, in order."""
    if len(lits) == 2:  # most cells next to several trees are next to two
        return [[-lits[0], -lits[1]]]
    return [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]


def no_two_touching(free: list[int], width: int, size: int,
                    deadline: float | None = None) -> list[Clause]:
    """"Not both" for every two cells of ``free`` (row-major indices on a grid ``width``
    wide of ``size`` cells) that touch, diagonally included: per cell, row-major, with its
    neighbour right, then below-left, below, below-right (tent variable: index + 1). A loop
    over the free cells (a janko grid has a few dozen): several times faster than
    :func:`~pencilsat.encodings.shading.no_two_adjacent`'s numpy operations on a grid."""
    is_free = bytearray(size)
    for n in free:
        is_free[n] = 1
    out: list[Clause] = []
    last_column = width - 1
    for i, n in enumerate(free):
        if i % CLOCK_EVERY == 0:
            check_clock(deadline)
        c = n % width
        v = -n - 1
        if c < last_column and is_free[n + 1]:
            out.append([v, -n - 2])
        below = n + width
        if below < size:
            if c and is_free[below - 1]:
                out.append([v, -below])
            if is_free[below]:
                out.append([v, -below - 1])
            if c < last_column and is_free[below + 1]:
                out.append([v, -below - 2])
    return out


def pairing_clauses(near: list[list[int]], size: int, top: int,
                    deadline: float | None = None, *, one_per_tree: bool = True
                    ) -> tuple[list[Clause], int]:
    """The one-to-one matching of trees and tents, given per tree (row-major) its
    neighbours that can hold a tent (indices ``r * W + c`` on a grid of ``size`` cells,
    tent variable index + 1, up, left, right, down), pairing variables from ``top + 1`` on:
    the clauses and the last variable used; without ``one_per_tree``, no "at most one
    pairing per tree" and no "a tent has a pairing" (for when the counts imply them, see
    the module's docstring). A cell
    next to one tree only is paired with it exactly when it holds a tent, so that pairing's
    literal is the cell's own tent variable (no variable, no clauses to tie them). Clauses:
    each tree's pairings, (its "not both" pairs,) each fresh pairing's tent, then per cell
    next to two trees or more, row-major, "a tent has a pairing" and its "not both" pairs.
    A loop over the trees' lists of neighbours, with a look at the clock every
    :data:`CLOCK_EVERY` trees."""
    trees_next = [0] * size
    for cells in near:
        for n in cells:
            trees_next[n] += 1
    per_tree: list[Clause] = []
    links: list[Clause] = []
    into: dict[int, list[int]] = {}  # a cell next to two trees or more: its pairings
    for i, cells in enumerate(near):
        if i % CLOCK_EVERY == 0:
            check_clock(deadline)
        row = []
        for n in cells:
            if trees_next[n] == 1:
                row.append(n + 1)
            else:
                top += 1
                row.append(top)
                links.append([-top, n + 1])
                into.setdefault(n, []).append(top)
        per_tree.append(row)
    check_clock(deadline)
    clauses = per_tree.copy()
    if one_per_tree:
        for row in per_tree:
            clauses += _not_two(row)
    clauses += links
    shared = sorted(into)
    if one_per_tree:
        clauses += [[-n - 1, *into[n]] for n in shared]
    for n in shared:
        clauses += _not_two(into[n])
    return clauses, top


def counts_match_trees(puzzle: TentsPuzzle) -> bool:
    """Whether every row's count (or every column's) is given and they add up to the number
    of trees: then the tents are as many as the trees, whatever the answer."""
    trees = int(puzzle.trees.sum())
    return any(_adds_up(line.tolist(), trees)
               for line in (puzzle.row_counts, puzzle.column_counts))


def _adds_up(counts: list[int], trees: int) -> bool:
    """Whether every count of ``counts`` (the row or the column counts) is given and they
    add up to ``trees``."""
    return NO_COUNT not in counts and sum(counts) == trees


def tent_clauses(puzzle: TentsPuzzle, deadline: float | None = None) -> TentsClauses:
    """The encoding of ``puzzle`` as :class:`TentsClauses`: no two tents touching, the
    matching, and per given row and column count a unit per candidate when the count is
    the line's number of candidates, else a count (``capped`` when the line's family adds
    up to the trees: :func:`counts_match_trees`). ``TimeLimitReached`` once ``deadline``
    (a ``perf_counter`` time) has passed."""
    height, width = puzzle.trees.shape
    size = width * height
    check_clock(deadline)
    row_counts, column_counts = puzzle.row_counts.tolist(), puzzle.column_counts.tolist()
    free, near = _near_trees(puzzle, row_counts, column_counts)
    clauses = no_two_touching(free, width, size, deadline)
    capped_rows, capped_columns = (_adds_up(row_counts, len(near)),
                                   _adds_up(column_counts, len(near)))
    pairing, top = pairing_clauses(near, size, size, deadline,
                                   one_per_tree=not (capped_rows or capped_columns))
    clauses += pairing
    rows: list[list[int]] = [[] for _ in range(height)]
    columns: list[list[int]] = [[] for _ in range(width)]
    for n in free:
        r, c = divmod(n, width)
        rows[r].append(n + 1)
        columns[c].append(n + 1)
    exact: list[Count] = []
    capped: list[Count] = []
    for lines, counts, cap in ((rows, row_counts, capped_rows),
                               (columns, column_counts, capped_columns)):
        for lits, count in zip(lines, counts, strict=True):
            if count == len(lits) > 0:  # every candidate holds a tent: units, no count
                clauses.extend([lit] for lit in lits)
            elif count > 0:  # a line of count 0 has no candidate (NO_COUNT is negative)
                (capped if cap else exact).append((lits, count))
    return TentsClauses(free, clauses, exact, capped, top)


def build(puzzle: TentsPuzzle, *, deadline: float | None = None) -> TentsEncoding:
    """The encoding of ``puzzle`` as the shared runs take it (every count exact);
    ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    parts = tent_clauses(puzzle, deadline)
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    grid.clauses, grid.top = parts.clauses, parts.top
    grid.counts = [*parts.exact, *parts.capped]
    free = candidates_from(parts.free, puzzle)
    return grid.encoding(lambda shaded: TentsSolution(shaded & free),
                         answer=[n + 1 for n in parts.free])


def candidates_from(free: list[int], puzzle: TentsPuzzle) -> np.ndarray:
    """The boolean grid of the cells ``free`` (row-major indices), marked in a
    ``bytearray`` (two numpy calls, not three: the direct run decodes every answer)."""
    marks = bytearray(puzzle.width * puzzle.height)
    for n in free:
        marks[n] = 1
    return np.frombuffer(marks, dtype=bool).reshape(puzzle.height, puzzle.width)


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
