"""Norinori as clauses and counts, composed from the grid vocabulary.

The ``shaded`` variables of a :class:`~pencilsat.encodings.shading.ShadingGrid` (``1..W*H``,
row-major) and nothing else:

- every shaded cell has exactly one shaded neighbour (the shaded cells are dominoes):
  :func:`~pencilsat.encodings.shading.has_neighbour` (at least one) and
  :func:`~pencilsat.encodings.shading.at_most_one_neighbour` (never two), less its
  triples inside one region: three shaded cells of a region break its count already
  (a fifth of a janko grid's triples; MiniCard's native count propagates the same). The
  bent triples come last, as the native tail of
  :data:`~pencilsat.encodings.connectivity.NativeTail`: on MiniCard each 2x2 block not
  inside one region is one native "at most 2 of these 4" instead of its (up to) four
  triples (a median 10x10: 70 calls for 260 clauses);
- exactly two shaded cells in every region: a count per region over
  :func:`~pencilsat.encodings.cardinality.by_region` (MiniCard: native counts; other CNF
  solvers: cardinality clauses; CP-SAT: linear sums), units for a region of two cells.

No connectivity: every rule is a clause or a count, so one call solves the encoding and one
more proves it. :func:`norinori_clauses` gives it as plain lists (MiniCard's direct run
loads them as built); :func:`build` as the shared runs take it (other solvers, CP-SAT);
:func:`complete_cnf` (the counts written as clauses) is both the fixed complete encoding
``pencilsat study`` measures and what a certificate is about.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.cardinality import by_region
from pencilsat.encodings.connectivity import Clause, ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import (
    KEPT_CELLS,
    ShadingGrid,
    at_most_one_neighbour,
    block_literals,
    complete_encoding,
    has_neighbour,
)
from pencilsat.puzzles.norinori import SHADED_PER_REGION, NorinoriPuzzle, NorinoriSolution

NorinoriEncoding = ShadingEncoding[NorinoriSolution]
"""The domino rule and the region counts of a Norinori."""

LISTED_CELLS = KEPT_CELLS
"""The largest grid built by loops over plain lists (:func:`grid_rules`, kept per shape);
past it numpy filters the triples and blocks (a 1000x1000 has millions, which as Python
lists would pass the memory budget)."""
KEPT_SHAPES = 16
"""How many grid shapes' :class:`GridRules` are kept (a 64x64's are about 1.5 MB)."""


@dataclass(frozen=True)
class GridRules:
    """The rules of a grid's shape alone, as plain lists over the cell variables
    ``1..W*H`` (row-major), shared by every puzzle of the shape and never changed: ``has``
    (:func:`~pencilsat.encodings.shading.has_neighbour`'s clauses, in its order), the
    ``straight`` triples of :func:`~pencilsat.encodings.shading.at_most_one_neighbour`
    (rows ``[-v, -a, -b]``) and the 2x2 ``blocks`` (top-left, top-right, bottom-left,
    bottom-right)."""

    has: list[Clause]
    straight: list[Clause]
    blocks: list[list[int]]


@dataclass
class NorinoriClauses:
    """A puzzle's encoding as plain lists: the rule ``clauses`` (``has_neighbour``'s, a unit
    per cell of a two-cell region, the straight triples not inside one region), the region
    ``counts`` ("exactly 2" of the region's variables; a region of one cell is an empty
    clause instead) and the 2x2 ``blocks`` not inside one region ("at most 2 of these 4":
    what the bent triples say, as one native constraint)."""

    clauses: list[Clause]
    counts: list[tuple[list[int], int]]
    blocks: list[list[int]]


@functools.lru_cache(maxsize=KEPT_SHAPES)
def grid_rules(width: int, height: int) -> GridRules:
    """The :class:`GridRules` of a ``width`` x ``height`` grid (kept: 155 of the 261 janko
    Norinori are a 10x10)."""
    lits = np.arange(1, width * height + 1, dtype=np.int64).reshape(height, width)
    return GridRules([row for block in has_neighbour(lits) for row in block.tolist()],
                     at_most_one_neighbour(lits)[0].tolist(), block_literals(lits).tolist())


def norinori_clauses(puzzle: NorinoriPuzzle, deadline: float | None = None
                     ) -> NorinoriClauses:
    """The encoding of ``puzzle`` as :class:`NorinoriClauses`: up to
    :data:`LISTED_CELLS` cells by loops over the shape's kept lists (a median janko 10x10
    solved 14% cheaper than with numpy's filters, interleaved), past it by numpy;
    ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    check_clock(deadline)
    if puzzle.width * puzzle.height > LISTED_CELLS:
        return _by_numpy(puzzle, deadline)
    grid = grid_rules(puzzle.width, puzzle.height)
    region = [-1, *puzzle.regions.ids.ravel().tolist()]  # variable v's region: region[v]
    members: list[list[int]] = [[] for _ in range(puzzle.regions.count)]
    for v in range(1, len(region)):
        members[region[v]].append(v)
    clauses = grid.has.copy()
    counts: list[tuple[list[int], int]] = []
    for lits in members:
        _add_region(lits, clauses, counts)
    clauses += [t for t in grid.straight  # three shaded cells of a region break its count
                if not region[-t[0]] == region[-t[1]] == region[-t[2]]]
    blocks = [block for block in grid.blocks  # a block in one region needs none
              if not region[block[0]] == region[block[1]] == region[block[2]]
              == region[block[3]]]
    return NorinoriClauses(clauses, counts, blocks)


def _add_region(lits: list[int], clauses: list[Clause],
                counts: list[tuple[list[int], int]]) -> None:
    """A region's rule: units for two cells (both shaded, no count to write), an empty
    clause for one, else a count."""
    if len(lits) == SHADED_PER_REGION:
        clauses += [[lits[0]], [lits[1]]]
    elif len(lits) < SHADED_PER_REGION:
        clauses.append([])
    else:
        counts.append((lits, SHADED_PER_REGION))


def _by_numpy(puzzle: NorinoriPuzzle, deadline: float | None) -> NorinoriClauses:
    """:func:`norinori_clauses` by numpy's filters, the same lists in the same order."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    for block in has_neighbour(grid.shaded):
        grid.add(block)
    counts: list[tuple[list[int], int]] = []
    for lits in by_region(grid.shaded, puzzle.regions):
        _add_region(lits, grid.clauses, counts)
    cell_region = puzzle.regions.ids.ravel()  # literal v is cell v - 1, row-major
    grid.add(_across_regions(at_most_one_neighbour(grid.shaded)[0], cell_region))
    check_clock(deadline)
    blocks = block_literals(grid.shaded)
    corners = cell_region[blocks - 1]
    split = (corners != corners[:, :1]).any(axis=1)
    return NorinoriClauses(grid.clauses, counts, blocks[split].tolist())


def _across_regions(triples: np.ndarray, cell_region: np.ndarray) -> np.ndarray:
    """The triples (rows of negated cell literals) whose three cells are not all in one
    region: three shaded cells of a region break its count already."""
    region = cell_region[-triples - 1]
    return triples[(region[:, 0] != region[:, 1]) | (region[:, 1] != region[:, 2])]


def build(puzzle: NorinoriPuzzle, *, deadline: float | None = None) -> NorinoriEncoding:
    """The encoding of ``puzzle`` (:func:`norinori_clauses`, the bent triples as the native
    tail); ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    parts = norinori_clauses(puzzle, deadline)
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    grid.clauses = parts.clauses
    grid.counts = parts.counts
    bent = at_most_one_neighbour(grid.shaded)[1]
    grid.at_most_natively(_across_regions(bent, puzzle.regions.ids.ravel()),
                          [(block, 2) for block in parts.blocks])
    return grid.encoding(NorinoriSolution)


def complete_cnf(puzzle: NorinoriPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses) whose
    models are exactly the answers."""
    return complete_encoding("clauses", build(puzzle))
