"""Norinori as clauses and counts, composed from the grid vocabulary.

The ``shaded`` variables of a :class:`~pencilsat.encodings.shading.ShadingGrid` (``1..W*H``,
row-major) and nothing else:

- every shaded cell has exactly one shaded neighbour (the shaded cells are dominoes):
  :func:`~pencilsat.encodings.shading.has_neighbour` (at least one) and
  :func:`~pencilsat.encodings.shading.at_most_one_neighbour` (never two), less its
  triples inside one region: three shaded cells of a region break its count already
  (a fifth of a janko grid's triples; MiniCard's native count propagates the same);
- exactly two shaded cells in every region: a count per region over
  :func:`~pencilsat.encodings.cardinality.by_region` (CNF: PySAT cardinality clauses;
  CP-SAT: linear sums).

No connectivity: every rule is a clause, so the runs of
:mod:`~pencilsat.strategies.connected_runs` solve the encoding in one call and prove it in
one more, and :func:`complete_cnf` (the counts written as clauses) is both the fixed
complete encoding ``pencilsat study`` measures and what a certificate is about.
"""

from __future__ import annotations

from pencilsat.encodings.cardinality import by_region
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import (
    ShadingGrid,
    at_most_one_neighbour,
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
    triples = at_most_one_neighbour(grid.shaded)
    region = puzzle.regions.ids.ravel()[-triples - 1]
    grid.add(triples[(region[:, 0] != region[:, 1]) | (region[:, 1] != region[:, 2])])
    for group in by_region(grid.shaded, puzzle.regions):
        grid.exactly(group, SHADED_PER_REGION)
    return grid.encoding(NorinoriSolution)


def complete_cnf(puzzle: NorinoriPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses) whose
    models are exactly the answers."""
    return complete_encoding("clauses", build(puzzle))
