"""Star Battle as clauses and counts, composed from the grid vocabulary.

A star is a "shaded" cell of a :class:`~pencilsat.encodings.shading.ShadingGrid`: variables
``1..W*H`` row-major, nothing else. Rules:

- no star outside the puzzle: a unit clause ``not s`` per ``#`` cell (whose literal is 0 in
  the star grid the other rules read);
- no two stars touch, not even diagonally:
  :func:`~pencilsat.encodings.shading.no_two_adjacent` with ``diagonal``;
- exactly ``k`` stars in every row, every column and every region: counts over
  :func:`~pencilsat.encodings.cardinality.rows_and_columns` and
  :func:`~pencilsat.encodings.cardinality.by_region` (CNF: PySAT cardinality clauses; CP-SAT:
  linear sums).

No connectivity: the encoding has no requirement, so the runs of
:mod:`~pencilsat.strategies.connected_runs` solve it in one call and prove it in one more.
:func:`complete_cnf` writes the counts as clauses: the fixed complete encoding
``pencilsat study`` measures.
"""

from __future__ import annotations

import numpy as np

from pencilsat.encodings.cardinality import by_region, rows_and_columns
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import ShadingGrid, complete_encoding, no_two_adjacent
from pencilsat.puzzles.starbattle import StarBattlePuzzle, StarBattleSolution

StarBattleEncoding = ShadingEncoding[StarBattleSolution]
"""The touching rule and the counts of a Star Battle."""


def build(puzzle: StarBattlePuzzle, *, deadline: float | None = None) -> StarBattleEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed. The answer atoms are the stars of the cells inside."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    holes = puzzle.holes
    stars = np.where(holes, 0, grid.shaded)
    grid.add(-grid.shaded[holes].reshape(-1, 1))
    grid.add(no_two_adjacent(stars, diagonal=True))
    for group in rows_and_columns(stars) + by_region(stars, puzzle.regions):
        grid.exactly(group, puzzle.stars)
    return grid.encoding(StarBattleSolution, answer=stars[~holes].tolist())


def complete_cnf(puzzle: StarBattlePuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses) whose
    models are exactly the answers."""
    return complete_encoding("clauses", build(puzzle))
