"""How many placements a single assumption's contradiction rests on: the forcing probe's length.

Assume a digit in a cell of a pencil-mark grid (:mod:`candidates`), then place naked and
hidden singles round by round. Each placement remembers its support, the probe placements
(the assumption included) that removed the candidates it needed gone: for a naked single the
placements that eliminated the cell's other digits, for a hidden single those that removed the
digit from the unit's other cells or filled them. The first contradiction (a cell with no
candidate, a digit with no place in a unit, two singles that clash) has a support too; its size
is the length of the forcing chain that refutes the assumption, what the Sudoku Explainer
scale rates (chains of growing length, 6.5-7.x and up). Supports are the reasons as first
recorded, not a minimum over all derivations.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from pencilsat.grading.sudoku.candidates import PEER_LIST
from pencilsat.grading.sudoku.state import CELL_UNITS, UNITS

_ALL_CELLS = tuple(range(81))


class Start(NamedTuple):
    """What every refutation from one stall shares: the grid, its candidates, how many places
    each unit has for each digit, the digits each unit holds, and whether the grid has no
    single and no contradiction (as after the basic techniques stall)."""

    grid: list[int]
    cand: list[int]
    places: list[list[int]]
    holds: list[int]
    settled: bool


def start_of(grid: list[int], cand: list[int]) -> Start:
    places = [[0] * 10 for _ in UNITS]
    holds = [0] * len(UNITS)
    for u, members in enumerate(UNITS):
        row = places[u]
        for c in members:
            holds[u] |= 1 << grid[c]
            m = cand[c]
            while m:
                low = m & -m
                m ^= low
                row[low.bit_length() - 1] += 1
    start = Start(grid, cand, places, holds, settled=False)
    run = _Run(start)
    todo: dict[int, tuple[int, int]] = {}
    quiet = run.naked(todo, _ALL_CELLS) is None and run.hidden(todo) is None and not todo
    return start._replace(settled=quiet)


class _Run:
    """One assumption's propagation: the grid, candidates and supports (bitmasks of cells).

    Each round looks only at the cells whose candidates changed since the last one (naked
    singles) and at the (unit, digit) pairs whose places fell to one or none (hidden ones):
    every single found is placed before the next round, so the rounds find what full scans
    would, in the same order (unit, then digit, ascending) and the probe's figures are
    unchanged; the first round looks everywhere unless the start is settled."""

    def __init__(self, start: Start) -> None:
        self.grid, self.cand, self.start = start.grid[:], start.cand[:], start.cand
        self.places = [row[:] for row in start.places]
        self.holds = start.holds[:]
        self.why = [[0] * 10 for _ in range(81)]   # support of digit e leaving cell c
        self.support = [0] * 81                    # support of a probe placement
        self.changed: set[int] = set()
        self.few: set[tuple[int, int]] = set()     # (unit, digit) down to one place or none
        if not start.settled:
            self.changed.update(_ALL_CELLS)
            self.few.update((u, d) for u, row in enumerate(self.places)
                            for d in range(1, 10) if row[d] <= 1)

    def place(self, cell: int, digit: int, support: int) -> None:
        cand, why, changed, places, few = self.cand, self.why, self.changed, self.places, self.few
        gone = cand[cell]
        self.grid[cell], self.support[cell], cand[cell] = digit, support, 0
        changed.add(cell)
        bit = 1 << digit
        units = CELL_UNITS[cell]
        for u in units:
            self.holds[u] |= bit
        while gone:  # the cell's other candidates lose a place in its units
            low = gone & -gone
            gone ^= low
            e = low.bit_length() - 1
            for u in units:
                row = places[u]
                row[e] -= 1
                if row[e] <= 1:
                    few.add((u, e))
        for p in PEER_LIST[cell]:
            if cand[p] & bit:
                cand[p] &= ~bit
                why[p][digit] = support
                changed.add(p)
                for u in CELL_UNITS[p]:
                    row = places[u]
                    row[digit] -= 1
                    if row[digit] <= 1:
                        few.add((u, digit))

    def naked(self, todo: dict[int, tuple[int, int]], cells: Iterable[int]) -> int | None:
        """Add every naked single among ``cells`` (ascending) to ``todo``; the support of an
        empty cell, if any."""
        grid, cand, start, why = self.grid, self.cand, self.start, self.why
        for c in cells:
            f = cand[c]
            if grid[c] or (f and f & (f - 1)):
                continue
            digit = f.bit_length() - 1
            support = 1 << c if f else 0
            gone = start[c] & ~(1 << digit) if f else start[c]
            reasons = why[c]
            while gone:
                low = gone & -gone
                gone ^= low
                support |= reasons[low.bit_length() - 1]
            if not f:
                return support
            todo.setdefault(c, (digit, support))
        return None

    def hidden(self, todo: dict[int, tuple[int, int]]) -> int | None:
        """Add every hidden single to ``todo``; the support of a contradiction, if any."""
        grid, cand, start, why, placed = self.grid, self.cand, self.start, self.why, self.support
        few, self.few = sorted(self.few), set()
        for u, d in few:
            bit = 1 << d
            if self.holds[u] & bit:
                continue
            spot, support = -1, 0
            for c in UNITS[u]:
                if grid[c]:
                    support |= placed[c]      # 0 for a cell filled before
                elif cand[c] & bit:
                    spot = c                  # the only one: ``d`` has one place or none
                elif start[c] & bit:
                    support |= why[c][d]
            if spot < 0:
                return support
            support |= 1 << spot
            known = todo.get(spot)
            if known is not None and known[0] != d:
                return known[1] | support
            if known is None or support.bit_count() < known[1].bit_count():
                todo[spot] = (d, support)
        return None


def refutation_length(start: Start, cell: int, digit: int,
                      limit: int | None = None) -> int | None:
    """The placements the contradiction of ``cell = digit`` rests on (module doc), or
    ``None`` when singles reach none. Gives up (``None``) past ``limit`` rounds: a
    contradiction after r rounds rests on at least r placements, one per round."""
    run = _Run(start)
    run.place(cell, digit, 1 << cell)
    rounds = 0
    while limit is None or rounds <= limit:
        todo: dict[int, tuple[int, int]] = {}
        cells, run.changed = sorted(run.changed), set()
        clash = run.naked(todo, cells)
        if clash is None:
            clash = run.hidden(todo)
        if clash is not None:
            return clash.bit_count()
        if not todo:
            return None
        rounds += 1
        holds = run.holds
        for c, (d, support) in todo.items():
            a, b, e = CELL_UNITS[c]
            if (holds[a] | holds[b] | holds[e]) >> d & 1:  # a peer holds d: two singles clash
                other = next(p for p in PEER_LIST[c] if run.grid[p] == d)
                return (support | run.support[other]).bit_count()
            run.place(c, d, support)
    return None
