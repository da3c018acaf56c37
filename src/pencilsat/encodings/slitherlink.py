"""Slitherlink's local rules as clauses over one boolean per grid line, without the one-loop rule.

The loop runs on the lattice of dots, a ``(W + 1) x (H + 1)`` grid of points
(:class:`~pencilsat.encodings.loops.edges.GridEdges`), so the degree rule is the one every loop
genre shares (:mod:`pencilsat.encodings.loops.degree`: each dot has 0 or 2 loop lines). A
number k says *exactly k of the cell's four sides*, written directly: every k + 1 sides have
one unused (at most k) and every 5 - k sides have one used (at least k); 4, 7, 8 and 7 clauses
for 0, 1, 2 and 3. The clauses of each number are one template filled in for all its cells
with numpy, in cell order.

Both strategies share this module: ``lazy`` adds these clauses to a SAT solver and cuts wrong
loops; ``circuit`` states the numbers as CP-SAT sums over :func:`side_variables`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np

from pencilsat.encodings.clause_arrays import Clause, ordered_clauses
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import DOWN, RIGHT, GridEdges
from pencilsat.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution


def dot_grid(puzzle: SlitherlinkPuzzle) -> GridEdges:
    """The lines between the puzzle's lattice dots as edge variables."""
    return GridEdges(puzzle.width + 1, puzzle.height + 1)


def side_variables(grid: GridEdges) -> np.ndarray:
    """Per cell (row-major; the grid of dots is one wider and one taller than the puzzle) its
    four side variables: top, left, right, bottom (ascending)."""
    width, height = grid.width - 1, grid.height - 1
    rows, cols = np.divmod(np.arange(width * height, dtype=np.int64), width)
    corner = rows * grid.width + cols
    right, down = grid.sides[:, RIGHT], grid.sides[:, DOWN]
    return np.stack((right[corner], down[corner], down[corner + 1],
                     right[corner + grid.width]), axis=1)


def _template(clue: int) -> list[tuple[tuple[int, ...], int]]:
    """Exactly ``clue`` of four: (side positions, sign) per clause."""
    at_most = [(subset, -1) for subset in combinations(range(4), clue + 1)]
    at_least = [(subset, 1) for subset in combinations(range(4), 5 - clue)] if clue else []
    return at_most + at_least


def clue_clauses(puzzle: SlitherlinkPuzzle, grid: GridEdges,
                 cells: slice = slice(None)) -> list[Clause]:
    """The clauses of every number (in the cell-id range ``cells``; all by default), cell by
    cell in row-major order; each cell's clauses in template order."""
    clues = puzzle.clues.ravel()[cells]
    sides = side_variables(grid)[cells]
    counts = {clue: len(_template(clue)) for clue in range(4)}
    count = np.array([counts.get(int(v), 0) for v in range(-1, 4)])[clues + 1]
    offset = np.cumsum(count) - count
    parts = []
    for clue in range(4):
        chosen = np.flatnonzero(clues == clue)
        if not len(chosen):
            continue
        for k, (subset, sign) in enumerate(_template(clue)):
            parts.append((offset[chosen] + k, sign * sides[chosen][:, list(subset)]))
    return ordered_clauses(parts, int(count.sum()))


def some_line(puzzle: SlitherlinkPuzzle, grid: GridEdges) -> list[Clause]:
    """A clause that the loop uses some line, unless a number 1..3 already says so (the
    lazy loop search requires one: a model with no loop is not an answer)."""
    if (puzzle.clues > 0).any():
        return []
    return [list(range(1, len(grid) + 1))]


def rule_parts(puzzle: SlitherlinkPuzzle, grid: GridEdges, band: int) -> Iterator[list[Clause]]:
    """Degree clauses, number clauses and :func:`some_line`, in pieces of at most ``band``
    dots or cells each: a caller with a time limit looks at the clock between pieces."""
    for first in range(0, grid.width * grid.height, band):
        yield degree_clauses(grid, slice(first, first + band))
    for first in range(0, puzzle.width * puzzle.height, band):
        yield clue_clauses(puzzle, grid, slice(first, first + band))
    yield some_line(puzzle, grid)


def rule_clauses(puzzle: SlitherlinkPuzzle, grid: GridEdges) -> list[Clause]:
    """Every local rule at once (see :func:`rule_parts`)."""
    return [clause for part in rule_parts(puzzle, grid, grid.width * grid.height)
            for clause in part]


def slitherlink_solution(puzzle: SlitherlinkPuzzle, grid: GridEdges,
                         variables: list[int]) -> SlitherlinkSolution:
    """The answer drawn by the given (true) edge variables."""
    return SlitherlinkSolution(grid.edge_pairs(variables), puzzle.width, puzzle.height)
