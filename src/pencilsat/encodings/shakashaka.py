"""Shakashaka as clauses: four quarter literals per white cell, the rectangle rule around
each grid point, the numbers as counts.

Variables: ``triangle`` per cell, ``1..W*H`` row-major (:class:`ShadingGrid`'s ``shaded``),
then per white cell four *quarter* variables, "this quarter is black", for the quarters cut
by both diagonals (``TOP, RIGHT, BOTTOM, LEFT``). A triangle blackens the two quarters at
its corner, so a white cell has none or two neighbouring black quarters: not both of two
opposite ones, a black one has a black one beside it; ``triangle`` is "top or bottom
black". A black cell has no triangle (a unit); its quarters, like the frame's, are black
constants (:data:`BLACK_CONSTANT`), not variables.

The rectangle rule: the 8 sectors of 45 degrees around a grid point (two per cell, each in
one quarter) are black or white, and every run of white sectors spans 90, 180 or 360
degrees (a white area is a rectangle exactly when its corners are right angles and it has no
hole). As clauses over the sectors' black literals, for every start ``i``: no run of one
(``b[i-1]``, white ``i``, ``b[i+1]``), no run of three, and five white in a row are
followed by a white one (a run of 5 to 7 ends in five white and a black). A clause a
black constant satisfies is dropped, a black constant's negation left out. The numbers:
exactly ``n`` of the white neighbours' ``triangle`` literals (the encoding's counts). No
connectivity: the runs of :mod:`~pencilsat.strategies.connected_runs` solve in one call and
prove in one more; :func:`complete_cnf` (counts as clauses) is the study's and the
certificates' CNF. The answer is the quarter variables.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause, ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import ShadingGrid, complete_encoding
from pencilsat.puzzles.shakashaka import (
    BOTTOM,
    EMPTY,
    LEFT,
    NE,
    NW,
    RIGHT,
    SE,
    SW,
    TOP,
    ShakashakaPuzzle,
    ShakashakaSolution,
)

ShakashakaEncoding = ShadingEncoding[ShakashakaSolution]
"""The cells' quarters, the rectangle rule around every point and the number counts."""

BLACK_CONSTANT = 1 << 40
"""The literal of a quarter that is always black (of a black cell, or outside the grid):
no variable has a number this large, so a clause can be cleaned by value."""

_RUN_PATTERNS: list[tuple[list[int], list[int]]] = []
"""Each forbidden pattern of sectors around a point: the offsets from a start ``i`` and
the sign of each literal in the clause (``+``: "this sector is black", the run's white
sectors; ``-``: "not black", the sectors that end it)."""
_RUN_PATTERNS.append(([-1, 0, 1], [-1, 1, -1]))
_RUN_PATTERNS.append(([-1, 0, 1, 2, 3], [-1, 1, 1, 1, -1]))
_RUN_PATTERNS.append(([0, 1, 2, 3, 4, 5], [1, 1, 1, 1, 1, -1]))


def quarter_grid(puzzle: ShakashakaPuzzle, quarters: np.ndarray) -> np.ndarray:
    """The quarters' literals on the grid framed by one ring of black cells:
    ``out[r + 1, c + 1, q]`` is quarter ``q`` of cell (r, c), :data:`BLACK_CONSTANT` for a
    black cell and the frame; ``quarters`` holds the white cells' four variables, row-major."""
    out = np.full((puzzle.height + 2, puzzle.width + 2, 4), BLACK_CONSTANT, dtype=np.int64)
    inner = out[1:-1, 1:-1]
    inner[puzzle.white] = quarters.reshape(-1, 4)
    return out


def sectors(padded: np.ndarray) -> np.ndarray:
    """``out[v, k]``: the black literal of sector ``k`` (clockwise from the ray going up) at
    grid point ``v`` (row-major over the ``(H+1) x (W+1)`` points): the quarters of the
    cells to the north-east, south-east, south-west and north-west, two each."""
    rows, cols = padded.shape[0] - 1, padded.shape[1] - 1
    north, south = slice(0, rows), slice(1, rows + 1)
    west, east = slice(0, cols), slice(1, cols + 1)
    parts = [padded[north, east, LEFT], padded[north, east, BOTTOM],
             padded[south, east, TOP], padded[south, east, LEFT],
             padded[south, west, RIGHT], padded[south, west, TOP],
             padded[north, west, BOTTOM], padded[north, west, RIGHT]]
    return np.stack(parts, axis=-1).reshape(-1, 8)


def rectangle_clauses(around: np.ndarray, deadline: float | None = None) -> list[Clause]:
    """The rectangle rule's clauses over the sectors ``around`` each point (see the module
    docstring), without those a black constant satisfies and without its negation."""
    around = around[(around != BLACK_CONSTANT).any(axis=1)]
    out: list[Clause] = []
    for offsets, signs in _RUN_PATTERNS:
        for start in range(8):
            check_clock(deadline)
            columns = [(start + offset) % 8 for offset in offsets]
            rows = around[:, columns] * np.array(signs, dtype=np.int64)
            rows = rows[~(rows == BLACK_CONSTANT).any(axis=1)]
            rows[rows == -BLACK_CONSTANT] = 0
            out += _without_zeros(rows)
    return out


def _without_zeros(rows: np.ndarray) -> list[Clause]:
    """The rows as clauses, zeros left out: one numpy selection per pattern of zeros."""
    keep = rows != 0
    keys = np.packbits(keep, axis=1, bitorder="little")[:, 0] if rows.size else np.zeros(0)
    out: list[Clause] = []
    for key in np.unique(keys).tolist():
        chosen = rows[keys == key]
        out += chosen[:, keep[keys == key][0]].tolist()
    return out


def cell_clauses(triangle: np.ndarray, quarters: np.ndarray,
                 deadline: float | None = None) -> list[Clause]:
    """Per white cell (``triangle`` its variables, ``quarters`` its rows of four): none or
    two neighbouring quarters black, and ``triangle`` = top or bottom black."""
    t, r, b, left = (quarters[:, k] for k in (TOP, RIGHT, BOTTOM, LEFT))
    out: list[Clause] = []
    for row in ((-t, -b), (-left, -r), (-t, left, r), (-b, left, r), (-left, t, b),
                (-r, t, b), (-triangle, t, b), (-t, triangle), (-b, triangle)):
        check_clock(deadline)
        out += np.stack(row, axis=1).tolist()
    return out


def build(puzzle: ShakashakaPuzzle, *, deadline: float | None = None) -> ShakashakaEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed. The clause lists go into the grid as they are (its
    ``add`` would copy each one: a third of the build)."""
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    white = puzzle.white
    quarters = grid.new_variables(4 * int(white.sum())).reshape(-1, 4)
    triangle = grid.shaded[white]
    grid.add(-grid.shaded[~white].reshape(-1, 1))
    grid.clauses += cell_clauses(triangle, quarters, deadline)
    padded = quarter_grid(puzzle, quarters)
    grid.clauses += rectangle_clauses(sectors(padded), deadline)
    for (r, c), number in puzzle.numbers():
        grid.exactly([int(grid.shaded[n]) for n in puzzle.neighbours((r, c)) if white[n]],
                     number)
    check_clock(deadline)
    answer = quarters.ravel().tolist()

    def decode(values: np.ndarray) -> ShakashakaSolution:
        black = values[quarters] if len(quarters) else np.zeros((0, 4), dtype=bool)
        kinds = np.full(len(quarters), EMPTY, dtype=np.int8)
        for kind, (a, b) in ((NW, (TOP, LEFT)), (NE, (TOP, RIGHT)), (SW, (BOTTOM, LEFT)),
                             (SE, (BOTTOM, RIGHT))):
            kinds[black[:, a] & black[:, b]] = kind
        triangles = np.zeros(white.shape, dtype=np.int8)
        triangles[white] = kinds
        return ShakashakaSolution(triangles)

    return ShadingEncoding(grid.top, grid.clauses, grid.counts, grid.graph,
                           grid.requirements, answer, decode)


def complete_cnf(puzzle: ShakashakaPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list (the counts as cardinality clauses) whose
    models are exactly the answers: ``pencilsat study``'s CNF and the certificates'."""
    return complete_encoding("complete", build(puzzle))
