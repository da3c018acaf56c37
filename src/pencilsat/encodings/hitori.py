"""Hitori on the shared grid vocabulary (:class:`~pencilsat.encodings.shading.ShadingGrid`).

Variables: ``shaded`` per cell, ``1..W*H`` row-major (the sequential counters of long
repeats aside). Rules:

- no two shaded cells share an edge (:func:`~pencilsat.encodings.shading.no_two_adjacent`);
- of the cells of one row or column holding the same number, at most one stays unshaded
  (:func:`~pencilsat.encodings.cardinality.at_most_clauses` over the unshaded literals:
  pairwise, ``s_a or s_b``, up to :data:`PAIRWISE_UP_TO` cells, the corpus' every set;
  Sinz's sequential counter above, so a 1000x1000 grid of few numbers stays linear);
- the unshaded cells are connected: :meth:`~pencilsat.encodings.shading.ShadingGrid.connected`
  without an anchor (no cell is unshaded by the rules alone), cut lazily, with "an unshaded
  cell has an unshaded neighbour" written up front, since a model leaves those cuts most
  often. That holds from 4 cells on: with no two shaded cells side by side, one unshaded
  cell alone is left only in a 1x2 or 1x3 grid (``#.#``).

:func:`complete_clauses` is the same as one fixed clause list (the connectivity as
reachability layers), ``pencilsat study``'s complete CNF.
"""

from __future__ import annotations

from pencilsat.encodings import shading
from pencilsat.encodings.cardinality import at_most_clauses
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import UNSHADED, ShadingGrid, no_two_adjacent
from pencilsat.puzzles.hitori import HitoriPuzzle, HitoriSolution

HitoriEncoding = ShadingEncoding[HitoriSolution]
"""The rules and the connectivity requirement of a Hitori."""

PAIRWISE_UP_TO = 6
"""Repeats of at most this many cells are written pairwise (15 clauses for 6, no new
variable); longer ones by a sequential counter."""


def build(puzzle: HitoriPuzzle, *, deadline: float | None = None) -> HitoriEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    grid.add(no_two_adjacent(grid.shaded))
    unshaded = grid.colour(UNSHADED).ravel()
    repeats = [(unshaded[cells].tolist(), 1) for cells in puzzle.repeat_groups()]
    for card, picked in (("pairwise", [g for g in repeats if len(g[0]) <= PAIRWISE_UP_TO]),
                         ("seqcounter", [g for g in repeats if len(g[0]) > PAIRWISE_UP_TO])):
        more, grid.top = at_most_clauses(picked, grid.top, card=card, deadline=deadline)
        grid.add(more)
    grid.connected(UNSHADED, neighbour_clauses=puzzle.width * puzzle.height >= 4)
    return grid.encoding(HitoriSolution)


def complete_clauses(puzzle: HitoriPuzzle, *, deadline: float | None = None
                     ) -> ClauseEncoding:
    """The rules as one fixed clause list whose models are exactly the answers (the unshaded
    cells connected by :func:`~pencilsat.encodings.reachability.connected_layers`): the
    complete CNF ``pencilsat study`` measures CDCL effort on."""
    return shading.complete_encoding("hitori", build(puzzle, deadline=deadline), deadline)
