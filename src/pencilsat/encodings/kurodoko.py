"""Kurodoko as clauses, each number's sight as one count, connectivity as one lazy
requirement.

Variables: ``shaded`` per cell, ``1..W*H`` row-major, then the sight literals. Rules:

- a numbered cell (a number or ``?``) is unshaded (a unit clause);
- no two shaded cells share an edge (:func:`~pencilsat.encodings.shading.no_two_adjacent`);
- a number N sees N cells: in each direction, *sight literals* ``v_1, v_2, ...`` with
  ``v_k`` = "the first k cells that way are all unshaded" (``v_1`` is the first cell's
  ``not shaded``; ``v_k <-> v_(k-1) and not s_k`` for a fresh ``v_k``), up to distance N or
  the edge; the number's cell sees ``1 + sum v``, so exactly N - 1 of its sight literals are
  true (a count: PySAT cardinality clauses on CNF, a linear sum on CP-SAT). Going one cell
  past N - 1 lets the count refuse a run that overshoots;
- the unshaded cells are connected: :meth:`~pencilsat.encodings.shading.ShadingGrid.connected`,
  anchored at the first numbered cell, cut lazily; "an unshaded cell has an unshaded
  neighbour" is written up front from 4 cells on (with no two shaded cells side by side, a
  lone unshaded cell is an answer only in a 1x2 or 1x3 grid: ``#.#``).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause, ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.shading import (
    UNSHADED,
    ShadingGrid,
    complete_clauses,
    no_two_adjacent,
)
from pencilsat.puzzles.kurodoko import KurodokoPuzzle, KurodokoSolution

KurodokoEncoding = ShadingEncoding[KurodokoSolution]
"""The rules, sight counts and connectivity requirement of a Kurodoko."""

_DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def sight_literals(grid: ShadingGrid, cell: tuple[int, int], reach: int) -> list[int]:
    """The sight literals of ``cell`` up to ``reach`` cells each way (module docstring),
    adding the clauses that define them to ``grid``."""
    r, c = cell
    out: list[int] = []
    clauses: list[Clause] = []
    for dr, dc in _DIRECTIONS:
        steps = min(reach, _distance_to_edge(grid, r, c, dr, dc))
        previous = 0
        for k in range(1, steps + 1):
            free = -int(grid.shaded[r + k * dr, c + k * dc])
            if previous == 0:
                previous = free
            else:
                (fresh,) = grid.new_variables(1).tolist()
                clauses += [[-fresh, previous], [-fresh, free], [fresh, -previous, -free]]
                previous = fresh
            out.append(previous)
    grid.add(clauses)
    return out


def _distance_to_edge(grid: ShadingGrid, r: int, c: int, dr: int, dc: int) -> int:
    if dr:
        return r if dr < 0 else grid.height - 1 - r
    return c if dc < 0 else grid.width - 1 - c


def build(puzzle: KurodokoPuzzle, *, deadline: float | None = None) -> KurodokoEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    width, height = puzzle.width, puzzle.height
    grid = ShadingGrid(width, height, deadline=deadline)
    numbered = np.flatnonzero(puzzle.numbered().ravel())
    grid.add([[-int(grid.shaded.flat[v])] for v in numbered.tolist()])
    grid.add(no_two_adjacent(grid.shaded))
    anchor = int(numbered[0]) if len(numbered) else None
    grid.connected(UNSHADED, anchor=anchor, neighbour_clauses=width * height >= 4)
    for cell, number in puzzle.number_cells():
        check_clock(deadline)
        grid.exactly(sight_literals(grid, cell, number), number - 1)
    return grid.encoding(KurodokoSolution)


def complete_cnf(puzzle: KurodokoPuzzle) -> ClauseEncoding:
    """The encoding as one fixed clause list whose models are exactly the answers (counts as
    cardinality clauses, connectivity as reachability layers): ``pencilsat study``'s
    complete CNF."""
    encoding = build(puzzle)
    clauses, top = complete_clauses(encoding)
    shaded = np.arange(1, puzzle.width * puzzle.height + 1).reshape(puzzle.height, puzzle.width)

    def decode(true: set[int]) -> KurodokoSolution:
        return KurodokoSolution(np.vectorize(true.__contains__, otypes=[bool])(shaded))

    return ClauseEncoding("kurodoko", top, clauses, encoding.answer, decode)
