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

No connectivity: every rule is a clause, so the runs of
:mod:`~pencilsat.strategies.connected_runs` solve the encoding in one call and prove it in
one more, and :func:`complete_cnf` (the counts written as clauses) is both the fixed
complete encoding ``pencilsat study`` measures and what a certificate is about.
"""

from __future__ import annotations

import numpy as np

from pencilsat.encodings.cardinality import by_region
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import (
    ShadingGrid,
    at_most_one_neighbour,
    block_literals,
    complete_encoding,
    has_neighbour,
)
from pencilsat.puzzles.norinori import SHADED_PER_REGION, NorinoriPuzzle, NorinoriSolution

NorinoriEncoding = ShadingEncoding[NorinoriSolution]
"""The domino rule and the region counts of a Norinori."""


def build(puzzle: NorinoriPuzzle, *, deadline: float | None = None) -> NorinoriEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    for block in has_neighbour(grid.shaded):
        grid.add(block)
    for group in by_region(grid.shaded, puzzle.regions):
        if len(group) == SHADED_PER_REGION:  # both shaded: units, no count to write
            grid.add([lit] for lit in group)
        else:
            grid.exactly(group, SHADED_PER_REGION)
    cell_region = puzzle.regions.ids.ravel()  # literal v is cell v - 1, row-major
    straight, bent = at_most_one_neighbour(grid.shaded)
    grid.add(_across_regions(straight, cell_region))
    blocks = block_literals(grid.shaded)
    corners = cell_region[blocks - 1]
    split = (corners != corners[:, :1]).any(axis=1)  # a block in one region needs none
    grid.at_most_natively(_across_regions(bent, cell_region),
                          [(block, 2) for block in blocks[split].tolist()])
    return grid.encoding(NorinoriSolution)


def _across_regions(triples: np.ndarray, cell_region: np.ndarray) -> np.ndarray:
    """The triples (rows of negated cell literals) whose three cells are not all in one
    region: three shaded cells of a region break its count already."""
    region = cell_region[-triples - 1]
    return triples[(region[:, 0] != region[:, 1]) | (region[:, 1] != region[:, 2])]


def complete_cnf(puzzle: NorinoriPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses) whose
    models are exactly the answers."""
    return complete_encoding("clauses", build(puzzle))
