"""Static cuts for Masyu's small loops: every 6- and 8-cell loop that cannot be the answer.

The ``lazy`` strategy learns its sub-loop cuts one model at a time. On large loose grids the
first model draws hundreds of loops, many of them of 6 or 8 cells (random 100x100: 68 of
6 and 41 of 8 cells among 223 loops), and each call after it leaves some behind. Forbidding
them all up front costs one short clause per placement and saves the calls that would find
them: 30 random loose 100x100 puzzles, SAT calls mean 33.4 -> 26.4 (max 124 -> 59) and time
mean 0.72 -> 0.65 s; another 30: 33.5 -> 25.8 calls, 0.67 -> 0.59 s; 30 at 60x60: 23.4 ->
15.4 calls, 0.19 -> 0.17 s (a scratch build of the same clauses in another order). In this
module's order: the first 30 again 33.4 -> 30.5 calls, 0.78 -> 0.76 s; 60 more 32.0 -> 27.6
calls, 0.70 -> 0.66 s. The calls are chaotic (the order of the clauses alone moves them), so
only sets of tens of puzzles tell; every set had fewer. Adding the 10-cell loops (28 more
shapes) gave no fewer calls and cost more clauses; the 6-cell loops alone were uneven
(100x100 mean 0.72 -> 0.74 s).

A loop of the grid's cell centres with ``2k + 2`` cells is the border of a polyomino of
unit squares between the centres; 6 and 8 cells are the borders of the domino (2x3 and 3x2
cells), the straight and bent trominoes (2x4, 4x2 and four L shapes) and the square
tetromino (the ring of a 3x3 block): 9 shapes. ``no_square_loops`` covers the 4-cell loop.

A placement of a shape is forbidden (``not all of its edges``) when some pearl lies off it:
the answer visits every pearl, and an answer containing all edges of a closed loop would be
that loop. Placements whose own pearls break their rule (a black pearl where the shape goes
straight, say) are left out: the pearl clauses already exclude them, and on a grid where a
third of the cells hold a pearl this keeps the added clauses to about 30,000 at 100x100.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from pencilsat.encodings.clause_arrays import Clause, drop_satisfied
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.puzzles.masyu import BLACK, WHITE, MasyuPuzzle

SMALL_LOOP_CELLS = (6, 8)
"""Loop lengths forbidden up front (see the module docstring for why 6 and 8)."""

Offset = tuple[int, int]


@dataclass(frozen=True)
class LoopShape:
    """A small loop at offset (0, 0): its edges and, per cell, which pearl it can carry."""

    across: tuple[Offset, ...]
    """Cells whose edge to the right is on the loop."""
    downward: tuple[Offset, ...]
    """Cells whose edge downwards is on the loop."""
    cells: tuple[Offset, ...]
    black_ok: tuple[bool, ...]
    """Per cell of ``cells``: a black pearl there obeys its rule on this loop."""
    white_ok: tuple[bool, ...]

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1


def _polyominoes(size: int) -> set[frozenset[Offset]]:
    """Every fixed polyomino of ``size`` unit squares, moved to the origin."""
    shapes = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for r, c in shape:
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if (r + dr, c + dc) in shape:
                        continue
                    bigger = shape | {(r + dr, c + dc)}
                    top = min(x for x, _ in bigger)
                    left = min(y for _, y in bigger)
                    grown.add(frozenset((x - top, y - left) for x, y in bigger))
        shapes = grown
    return shapes


def _border(squares: frozenset[Offset]) -> LoopShape:
    """The loop of cell centres round a polyomino without holes (square (i, j) has the
    centres (i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1) as corners)."""
    count: dict[tuple[Offset, Offset], int] = {}
    for i, j in squares:
        for a, b in (((i, j), (i, j + 1)), ((i + 1, j), (i + 1, j + 1)),
                     ((i, j), (i + 1, j)), ((i, j + 1), (i + 1, j + 1))):
            count[a, b] = count.get((a, b), 0) + 1
    edges = [e for e, n in count.items() if n == 1]
    ends: dict[Offset, list[Offset]] = {}
    for a, b in edges:
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)

    def straight(cell: Offset) -> bool:
        a, b = ends[cell]
        return a[0] == b[0] or a[1] == b[1]

    def continues(cell: Offset, nxt: Offset) -> bool:
        """The loop goes on straight through ``nxt`` after arriving from ``cell``."""
        return (2 * nxt[0] - cell[0], 2 * nxt[1] - cell[1]) in ends[nxt]

    cells = tuple(sorted(ends))
    return LoopShape(
        across=tuple(sorted(a for a, b in edges if a[0] == b[0])),
        downward=tuple(sorted(a for a, b in edges if a[1] == b[1])),
        cells=cells,
        black_ok=tuple(not straight(c) and all(continues(c, n) for n in ends[c])
                       for c in cells),
        white_ok=tuple(straight(c) and not all(straight(n) for n in ends[c]) for c in cells),
    )


@cache
def small_loop_shapes(lengths: tuple[int, ...] = SMALL_LOOP_CELLS) -> tuple[LoopShape, ...]:
    """Every loop of these cell counts (up to 10), one shape per polyomino: a border of L
    cells encloses at most (L / 4)^2 squares, and below 7 squares no polyomino has a hole,
    so each border is one loop."""
    if max(lengths) > 10:
        raise ValueError("small loops are enumerated up to 10 cells")
    most = max(lengths) ** 2 // 16
    shapes = [_border(p) for n in range(1, most + 1) for p in _polyominoes(n)]
    return tuple(sorted((s for s in shapes if len(s.cells) in lengths),
                        key=lambda s: (len(s.cells), s.cells)))


def no_small_loops(puzzle: MasyuPuzzle, grid: GridEdges,
                   lengths: tuple[int, ...] = SMALL_LOOP_CELLS,
                   values: np.ndarray | None = None) -> list[Clause]:
    """``not all of its edges`` for every placement of a small loop whose pearls obey their
    rules on it while some pearl lies off it (see the module docstring); with ``values``
    (settled edges) not the placements they already break."""
    pearls = puzzle.pearls
    height, width = pearls.shape
    total = int(np.count_nonzero(pearls))
    right = grid.sides[:, 2].reshape(height, width)
    down = grid.sides[:, 3].reshape(height, width)
    out: list[Clause] = []
    for shape in small_loop_shapes(lengths):
        rows, cols = height - shape.height + 1, width - shape.width + 1
        if rows <= 0 or cols <= 0:
            continue
        allowed = np.ones((rows, cols), dtype=bool)
        carried = np.zeros((rows, cols), dtype=np.int64)
        for (r, c), black_ok, white_ok in zip(shape.cells, shape.black_ok, shape.white_ok,
                                              strict=True):
            window = pearls[r:r + rows, c:c + cols]
            if not black_ok:
                allowed &= window != BLACK
            if not white_ok:
                allowed &= window != WHITE
            carried += window != 0
        allowed &= carried < total
        top, left = np.nonzero(allowed)
        if not len(top):
            continue
        columns = [-right[top + r, left + c] for r, c in shape.across]
        columns += [-down[top + r, left + c] for r, c in shape.downward]
        out.extend(drop_satisfied(np.stack(columns, axis=1), values).tolist())
    return out
