"""Skyscrapers' candidate heights before any clause: the givens and Tatham's first deduction
(height ``d`` at distance ``i``, 0-based, from a clue lets at most ``i + 1 + M - d``
buildings be seen, so a clue above that rules it out there) carried through the houses,
naked and hidden singles placed in turn. Only heights every answer rules out go.

Each cell's candidates are one integer (bit ``d`` for height ``d``) and each house's places
for a height one integer (bit ``p`` for its ``p``-th cell), and the grid's houses and sight
lines as cell numbers are kept per size (:func:`layout`): on a median janko 5x5 (146) the
propagation takes 0.044 ms against 0.117 with the sets of cells per house and height it had
before (the same candidates on every janko and Tatham puzzle and 3,000 random ones).
"""

from __future__ import annotations

import functools

from pencilsat.puzzles.skyscrapers import SkyscrapersPuzzle, line_from, named_houses


class Layout:
    """An ``n x n`` grid's houses and sight lines as cell numbers (row-major)."""

    __slots__ = ("houses", "of_cell", "lines")

    def __init__(self, n: int, diagonal: bool) -> None:
        self.houses = [[r * n + c for r, c in cells] for _, cells in named_houses(n, diagonal)]
        """Rows, columns, then (diagonal variant) the two diagonals."""
        self.of_cell: list[list[tuple[int, int]]] = [[] for _ in range(n * n)]
        """Per cell, each of its houses as (house number, place in the house)."""
        for h, house in enumerate(self.houses):
            for p, cell in enumerate(house):
                self.of_cell[cell].append((h, p))
        self.lines = [[[r * n + c for r, c in line_from(n, side, index)] for index in range(n)]
                      for side in range(4)]
        """``lines[side][index]``: the cells seen from that clue, nearest first."""


@functools.cache
def layout(n: int, diagonal: bool) -> Layout:
    """The :class:`Layout` of one size, built once per process."""
    return Layout(n, diagonal)


def clue_lines(puzzle: SkyscrapersPuzzle) -> list[tuple[int, list[int]]]:
    """Every clue as (clue, its cells nearest first), in
    :meth:`~pencilsat.puzzles.skyscrapers.SkyscrapersPuzzle.sight_lines`' order."""
    lines = layout(puzzle.size, puzzle.diagonal).lines
    return [(clue, lines[side][index])
            for side, row in enumerate(puzzle.clues.tolist())
            for index, clue in enumerate(row) if clue]


def candidate_masks(puzzle: SkyscrapersPuzzle) -> list[int] | None:
    """Per cell (row-major), bit ``d`` set when height ``d`` may still stand there once the
    givens and the clues' distance bound are propagated through the houses (a placed height
    leaves the cell's houses; a cell left with one height, or a house's height left with one
    cell, is placed in turn); ``None`` on a contradiction. With ``M < N`` (empty cells) a
    cell is never placed by elimination, only by a given or a house's last place for a
    height. A gap holds nothing, and a house with a gap may miss a height, so it places no
    last place (the distance bound holds the same: a gap is seen by nobody)."""
    n, m = puzzle.size, puzzle.largest
    grid = layout(n, puzzle.diagonal)
    houses, of_cell = grid.houses, grid.of_cell
    givens = puzzle.givens.ravel().tolist()
    full = m == n
    gapped = bool(puzzle.gaps.any())  # (set up apart: 15% of a median janko's time)
    every = (1 << (m + 1)) - 2
    if gapped:
        gaps = puzzle.gaps.ravel().tolist()
        filled = [full and not gap for gap in gaps]  # surely holds a building
        whole = puzzle.full_houses()  # holds every height
        cand = [0 if gap else 1 << v if v else every
                for v, gap in zip(givens, gaps, strict=True)]
    else:
        gaps, filled, whole = [], [full] * (n * n), [True] * len(houses)
        cand = [1 << v if v else every for v in givens]
    for clue, cells in clue_lines(puzzle):
        for i, cell in enumerate(cells):  # too tall this near: too few could be seen
            if gapped and gaps[cell]:
                continue
            low = i + 2 + m - clue  # the lowest height ruled out here
            if low <= m:
                cand[cell] &= (1 << max(low, 1)) - 1
                if not cand[cell]:
                    return None
    heights = range(1, m + 1)
    holders = []  # per house, per height: its places for that height (index 0 unused)
    for house in houses:
        rooms = [0] * (m + 1)
        for p, cell in enumerate(house):
            held = cand[cell]
            for d in heights:
                if held >> d & 1:
                    rooms[d] |= 1 << p
        holders.append(rooms)
    if any(not room for rooms, full in zip(holders, whole, strict=True) if full
           for room in rooms[1:]):
        return None
    work = [i for i, v in enumerate(givens) if v]
    work += [i for i, held in enumerate(cand) if filled[i] and not held & (held - 1)]
    work += [house[room.bit_length() - 1]
             for house, rooms, full in zip(houses, holders, whole, strict=True) if full
             for room in rooms[1:] if not room & (room - 1)]
    fixed = [False] * (n * n)

    def drop(j: int, d: int) -> bool:
        """Rule ``d`` out of cell ``j``; False on a contradiction."""
        held = cand[j] = cand[j] & ~(1 << d)
        if filled[j]:
            if not held:
                return False
            if not held & (held - 1):
                work.append(j)
        for h, p in of_cell[j]:
            rooms = holders[h]
            room = rooms[d] = rooms[d] & ~(1 << p)
            if gapped and not whole[h]:
                continue
            if not room:
                return False
            if not room & (room - 1):
                work.append(houses[h][room.bit_length() - 1])
        return True

    while work:
        i = work.pop()
        if fixed[i]:
            continue
        held = cand[i]
        if givens[i]:
            v = givens[i]
        elif filled[i] and not held & (held - 1):
            v = held.bit_length() - 1
        else:  # the last place of some height in one of its houses
            v = next((d for h, p in of_cell[i] if whole[h] for d in heights
                      if holders[h][d] == 1 << p), 0)
            if not v:
                continue
        if not held >> v & 1:
            return None
        fixed[i] = True
        for d in heights:
            if d != v and held >> d & 1 and not drop(i, d):
                return None
        for h, _ in of_cell[i]:
            for j in houses[h]:
                if j != i and cand[j] >> v & 1 and not drop(j, v):
                    return None
    return cand
