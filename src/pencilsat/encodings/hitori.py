"""Hitori as clauses, connectivity as one lazy requirement.

Variables: ``shaded`` per cell, ``1..W*H`` row-major. Rules:

- no two shaded cells share an edge (``not s_a or not s_b``);
- of the cells of one row or column holding the same number, at most one stays unshaded
  (``s_a or s_b`` for each pair: the sets are small, 2 to 6 cells on the corpus);
- the unshaded cells are connected: a :class:`~pencilsat.encodings.connectivity.Requirement`
  over the grid with the literal ``not s`` per cell, without an anchor (no cell is unshaded
  by the rules alone), cut lazily; "an unshaded cell has an unshaded neighbour" is written
  up front, since a model leaves those cuts most often. It holds from 4 cells on: with no
  two shaded cells side by side, one unshaded cell alone is left only in a 1x2 or 1x3 grid
  (``#.#``).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause, Requirement, ShadingEncoding, grid_graph
from pencilsat.puzzles.hitori import HitoriPuzzle, HitoriSolution

HitoriEncoding = ShadingEncoding[HitoriSolution]
"""The rules and the connectivity requirement of a Hitori."""


def repeat_clauses(puzzle: HitoriPuzzle, shaded: np.ndarray) -> list[Clause]:
    """``s_a or s_b`` for every two cells of a row or column holding the same number."""
    out: list[Clause] = []
    flat = shaded.ravel()
    for cells in puzzle.repeat_groups():
        lits = flat[cells].tolist()
        out.extend([a, b] for i, a in enumerate(lits) for b in lits[i + 1:])
    return out


def build(puzzle: HitoriPuzzle, *, deadline: float | None = None) -> HitoriEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    width, height = puzzle.width, puzzle.height
    cells = width * height
    shaded = np.arange(1, cells + 1, dtype=np.int64).reshape(height, width)
    clauses: list[Clause] = []
    for first, second in ((shaded[:, :-1], shaded[:, 1:]), (shaded[:-1, :], shaded[1:, :])):
        clauses.extend(np.stack([-first.ravel(), -second.ravel()], axis=1).tolist())
    check_clock(deadline)
    clauses.extend(repeat_clauses(puzzle, shaded))
    check_clock(deadline)
    graph = grid_graph(width, height, deadline=deadline)
    if cells >= 4:
        clauses.extend([int(shaded.flat[v]), *(-int(shaded.flat[n]) for n in near)]
                       for v, near in enumerate(graph.neighbours))
    unshaded = Requirement(-shaded.ravel(), name="unshaded")

    def decode(values: np.ndarray) -> HitoriSolution:
        return HitoriSolution(values[shaded])

    return HitoriEncoding(cells, clauses, [], graph, [unshaded], shaded.ravel().tolist(), decode)
