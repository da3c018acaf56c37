"""Kurodoko as clauses, each number's sight as order-encoded sums, connectivity as one lazy
requirement.

Variables: ``shaded`` per cell, ``1..W*H`` row-major, then the sight literals and sums.
Rules:

- a numbered cell (a number or ``?``) is unshaded (a unit clause);
- no two shaded cells share an edge (:func:`~pencilsat.encodings.shading.no_two_adjacent`);
- a number N sees N cells: in each direction, *sight literals* ``v_1, v_2, ...`` with
  ``v_k`` = "the first k cells that way are all unshaded" (``v_1`` is the first cell's
  ``not shaded``; ``v_k <-> v_(k-1) and not s_k`` for a fresh ``v_k``), up to distance
  N - 1 or the edge, and past that "all N - 1 seen: the next cell is shaded". Each chain is
  its run's length in the order encoding; ``V = up + down`` and ``H = left + right`` are
  order-encoded sums and ``V + H = N - 1`` (:mod:`~pencilsat.encodings.unary`), or, with
  ``sight_counts`` (CP-SAT's linear sum, MiniCard's native counts), one exact count of
  N - 1 over the four chains, written for all numbers at once (:func:`counted_sight`);
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
from pencilsat.encodings.unary import unary_equal_total, unary_sum
from pencilsat.puzzles.kurodoko import KurodokoPuzzle, KurodokoSolution

KurodokoEncoding = ShadingEncoding[KurodokoSolution]
"""The rules, sight counts and connectivity requirement of a Kurodoko."""

_DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def sight_chains(grid: ShadingGrid, cell: tuple[int, int],
                 reach: int) -> list[list[int]]:
    """The sight literals of ``cell`` up, down, left and right, up to ``reach`` cells each
    way (module docstring), adding the clauses that define them to ``grid``; where the line
    goes on past ``reach``, the next cell is shaded once all ``reach`` are seen. Plain
    arithmetic on the variable numbers (cell ``(r, c)``'s ``shaded`` is ``r * W + c + 1``):
    a puzzle has many numbers and each chain is short."""
    r, c = cell
    width = grid.width
    lengths = [min(reach, _distance_to_edge(grid, r, c, dr, dc)) for dr, dc in _DIRECTIONS]
    fresh = iter(grid.new_variables(sum(max(0, n - 1) for n in lengths)).tolist())
    chains: list[list[int]] = []
    clauses: list[Clause] = []
    for (dr, dc), length in zip(_DIRECTIONS, lengths, strict=True):
        step = dr * width + dc
        shaded = r * width + c + 1  # the variable of the cell k steps away: shaded + k*step
        chain = [-(shaded + step)] if length else []
        for k in range(2, length + 1):
            seen, free, last = next(fresh), -(shaded + k * step), chain[-1]
            clauses += [[-seen, last], [-seen, free], [seen, -last, -free]]
            chain.append(seen)
        if length == reach and _distance_to_edge(grid, r, c, dr, dc) > reach:
            beyond = shaded + (reach + 1) * step
            clauses.append([-chain[-1], beyond] if chain else [beyond])
        chains.append(chain)
    _add(grid, clauses)
    return chains


def counted_sight(grid: ShadingGrid, cells: np.ndarray, numbers: np.ndarray) -> None:
    """Every number's sight as :func:`sight_chains` writes it and one exact count of N - 1
    over its four chains, for all numbers at once in numpy (``cells``: their ``(r, c)``
    rows, row-major; ``numbers``: theirs): the same variables as the chains made one number
    at a time, the clauses grouped by kind (a 13x13 grid of 49 numbers: a tenth of the
    loop's time). Chain ``(i, d)`` is number ``i``'s arm in direction ``d`` (up, down,
    left, right), its ``k``-th literal "the first ``k`` cells that way are unshaded"."""
    width = grid.width
    rows, columns = cells[:, 0], cells[:, 1]
    reach = numbers - 1
    edge = np.stack([rows, grid.height - 1 - rows, columns, width - 1 - columns], axis=1)
    lengths = np.minimum(reach[:, None], edge).ravel()  # chain (i, d) at 4 * i + d
    steps = np.tile(np.array([-width, width, -1, 1], dtype=np.int64), len(numbers))
    origin = np.repeat(rows * width + columns + 1, 4)  # the number's own variable
    fresh = np.maximum(lengths - 1, 0)
    first_fresh = grid.new_variables(int(fresh.sum()))[:1]
    fresh_start = (int(first_fresh[0]) if len(first_fresh) else 0) + np.cumsum(fresh) - fresh
    chain = np.repeat(np.arange(len(lengths)), lengths)
    k = np.arange(len(chain)) - np.repeat(np.cumsum(lengths) - lengths, lengths) + 1
    shaded = origin[chain] + k * steps[chain]  # the k-th cell's variable
    literals = np.where(k == 1, -shaded, fresh_start[chain] + k - 2)
    later = np.flatnonzero(k >= 2)
    seen, last, free = literals[later], literals[later - 1], -shaded[later]
    clauses = (np.stack([-seen, last], axis=1).tolist()
               + np.stack([-seen, free], axis=1).tolist()
               + np.stack([seen, -last, -free], axis=1).tolist())
    beyond = np.flatnonzero((lengths == np.repeat(reach, 4)) & (edge.ravel() > lengths))
    ends = np.concatenate([[0], literals])[np.cumsum(lengths)[beyond]]  # each chain's last
    cell_past = (origin[beyond] + (lengths[beyond] + 1) * steps[beyond]).tolist()
    clauses += [[-end, past] if length else [past] for end, past, length in
                zip(ends.tolist(), cell_past, lengths[beyond].tolist(), strict=True)]
    _add(grid, clauses)
    flat = literals.tolist()
    sizes = lengths.reshape(-1, 4).sum(axis=1)  # each number's literals, its four chains
    grid.counts.extend((flat[end - size:end], total) for end, size, total in
                       zip(np.cumsum(sizes).tolist(), sizes.tolist(), reach.tolist(),
                           strict=True))


def sight_clauses(grid: ShadingGrid, cell: tuple[int, int], number: int) -> None:
    """``number`` - 1 = up + down + left + right: the vertical and the horizontal runs as
    order-encoded sums (:func:`~pencilsat.encodings.unary.unary_sum`), their total fixed
    (:func:`~pencilsat.encodings.unary.unary_equal_total`)."""
    up, down, left, right = sight_chains(grid, cell, number - 1)
    cap = number - 1
    vertical = grid.new_variables(min(len(up) + len(down), cap)).tolist()
    horizontal = grid.new_variables(min(len(left) + len(right), cap)).tolist()
    _add(grid, unary_sum(up, down, vertical) + unary_sum(left, right, horizontal)
         + unary_equal_total(vertical, horizontal, cap))


def _add(grid: ShadingGrid, clauses: list[Clause]) -> None:
    """Fresh clause lists straight onto ``grid`` (its :meth:`~ShadingGrid.add` copies each
    clause, which on a puzzle of many numbers is most of the time taken)."""
    check_clock(grid.deadline)
    grid.clauses.extend(clauses)


def _distance_to_edge(grid: ShadingGrid, r: int, c: int, dr: int, dc: int) -> int:
    if dr:
        return r if dr < 0 else grid.height - 1 - r
    return c if dc < 0 else grid.width - 1 - c


def build(puzzle: KurodokoPuzzle, *, deadline: float | None = None,
          sight_counts: bool = False) -> KurodokoEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed. ``sight_counts``: each number's sight as one exact
    count (for CP-SAT, which sums linearly, and a solver with native counts) rather than
    order-encoded sums (for other CNF solvers: a cardinality encoding of the count is 2 to
    8 times the clauses and needs conflicts where the sums propagate; 31x45 janko 370:
    206,359 clauses and 5,050 conflicts against 107,692 and none)."""
    width, height = puzzle.width, puzzle.height
    grid = ShadingGrid(width, height, deadline=deadline)
    numbered = np.flatnonzero(puzzle.numbered().ravel())
    grid.add([[-int(grid.shaded.flat[v])] for v in numbered.tolist()])
    grid.add(no_two_adjacent(grid.shaded))
    anchor = int(numbered[0]) if len(numbered) else None
    grid.connected(UNSHADED, anchor=anchor, neighbour_clauses=width * height >= 4)
    if sight_counts:
        check_clock(deadline)
        cells = np.argwhere(puzzle.numbers > 0).astype(np.int64)
        counted_sight(grid, cells, puzzle.numbers[cells[:, 0], cells[:, 1]].astype(np.int64))
    else:
        for cell, number in puzzle.number_cells():
            check_clock(deadline)
            sight_clauses(grid, cell, number)
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
