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

The grid is kept twice: a candidate mask per cell and, per digit, an 81-bit mask of the cells
that may still take it, so a placement clears its peers with one AND and a hidden single is a
unit's mask with at most one bit. A probe runs hundreds of these propagations per stall: on
the Radcliffe and top1465 samples they are still about half of the Sudoku grade's time.
"""

from __future__ import annotations

from typing import NamedTuple

from pencilsat.grading.sudoku.candidates import PEER_LIST, digit_positions
from pencilsat.grading.sudoku.state import CELL_UNITS, PEER_MASK, UNIT_MASK

ALL_CELLS = (1 << 81) - 1
CELL_UNIT_BITS: tuple[int, ...] = tuple(sum(1 << u for u in units) for units in CELL_UNITS)
"""For each cell, its three units as a 27-bit mask."""


class Start(NamedTuple):
    """What every refutation from one stall shares: the grid, its candidates, for each digit
    the mask of the cells that may take it (``pos[d]``) and of the units that hold it
    (``held[d]``), and whether the grid has no single and no contradiction (as after the
    basic techniques stall)."""

    grid: list[int]
    cand: list[int]
    pos: list[int]
    held: list[int]
    settled: bool


def start_of(grid: list[int], cand: list[int]) -> Start:
    pos = digit_positions(cand)
    held = [0] * 10
    for c in range(81):
        held[grid[c]] |= CELL_UNIT_BITS[c]
    held[0] = 0
    start = Start(grid, cand, pos, held, settled=False)
    run = _Run(start)
    todo: dict[int, tuple[int, int]] = {}
    quiet = run.naked(todo, ALL_CELLS) is None and run.hidden(todo) is None and not todo
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
        self.pos, self.start_pos = start.pos[:], start.pos
        self.held = start.held[:]
        self.why = [0] * 810                       # support of digit e leaving cell c: c*10+e
        self.support = [0] * 81                    # support of a probe placement
        self.unit_support = [0] * 27               # their union over each unit's cells
        self.placed = 0                            # cells the probe filled
        # cells whose candidates changed; per digit, the units where its places fell
        self.changed = 0 if start.settled else ALL_CELLS
        self.touched = [0] * 10 if start.settled else [(1 << 27) - 1] * 10

    def place(self, cell: int, digit: int, support: int) -> None:
        cand, pos, touched = self.cand, self.pos, self.touched
        gone = cand[cell]
        self.grid[cell], self.support[cell], cand[cell] = digit, support, 0
        here = 1 << cell
        self.changed |= here
        self.placed |= here
        unit_support = self.unit_support
        for u in CELL_UNITS[cell]:
            unit_support[u] |= support
        units = CELL_UNIT_BITS[cell]
        self.held[digit] |= units
        keep = ~here
        while gone:  # the cell's candidates lose a place in its units
            low = gone & -gone
            gone ^= low
            e = low.bit_length() - 1
            pos[e] &= keep
            touched[e] |= units
        hit = pos[digit] & PEER_MASK[cell]
        if hit:
            pos[digit] ^= hit
            self.changed |= hit
            why, drop, units = self.why, ~(1 << digit), touched[digit]
            while hit:
                low = hit & -hit
                hit ^= low
                p = low.bit_length() - 1
                cand[p] &= drop
                why[p * 10 + digit] = support
                units |= CELL_UNIT_BITS[p]
            touched[digit] = units

    def naked(self, todo: dict[int, tuple[int, int]], cells: int) -> int | None:
        """Add every naked single among ``cells`` (a mask, read ascending) to ``todo``; the
        support of an empty cell, if any."""
        grid, cand, start, why = self.grid, self.cand, self.start, self.why
        while cells:
            low = cells & -cells
            cells ^= low
            c = low.bit_length() - 1
            f = cand[c]
            if grid[c] or (f and f & (f - 1)):
                continue
            digit = f.bit_length() - 1
            support = low if f else 0
            gone = start[c] & ~(1 << digit) if f else start[c]
            base = c * 10
            while gone:
                g = gone & -gone
                gone ^= g
                support |= why[base + g.bit_length() - 1]
            if not f:
                return support
            todo.setdefault(c, (digit, support))
        return None

    def hidden(self, todo: dict[int, tuple[int, int]]) -> int | None:
        """Add every hidden single to ``todo``; the support of a contradiction, if any."""
        pos, held, touched = self.pos, self.held, self.touched
        few = []
        for d in range(1, 10):
            units = touched[d] & ~held[d]
            if not units:
                continue
            where = pos[d]
            while units:
                low = units & -units
                units ^= low
                u = low.bit_length() - 1
                spots = where & UNIT_MASK[u]
                if not spots & (spots - 1):   # one place or none
                    few.append(u * 10 + d)
        self.touched = [0] * 10
        if not few:
            return None
        few.sort()
        why, start_pos, unit_support, placed = (self.why, self.start_pos, self.unit_support,
                                                self.placed)
        for key in few:
            u, d = divmod(key, 10)
            where = pos[d]
            support = unit_support[u]         # the probe's placements in the unit
            lost = start_pos[d] & UNIT_MASK[u] & ~where & ~placed
            while lost:                       # empty cells of the unit that lost ``d``
                low = lost & -lost
                lost ^= low
                support |= why[(low.bit_length() - 1) * 10 + d]
            spots = where & UNIT_MASK[u]
            if not spots:
                return support
            support |= spots
            spot = spots.bit_length() - 1
            known = todo.get(spot)
            if known is not None and known[0] != d:
                return known[1] | support
            if known is None or support.bit_count() < known[1].bit_count():
                todo[spot] = (d, support)
        return None


def refutation_length(start: Start, cell: int, digit: int,
                      limit: int | None = None) -> int | None:
    """The placements the contradiction of ``cell = digit`` rests on (module doc), or
    ``None`` when singles reach none. With a ``limit`` it may give up (``None``) once the
    contradiction would rest on more than ``limit`` placements: a round's placements rest on
    one more than the last round's (each single needs a change the last round made), so from
    a settled start a contradiction seen after r rounds rests on at least r + 1 placements."""
    run = _Run(start)
    run.place(cell, digit, 1 << cell)
    rounds = 0
    last = None if limit is None else limit - 1 if start.settled else limit
    while last is None or rounds <= last:
        todo: dict[int, tuple[int, int]] = {}
        cells, run.changed = run.changed, 0
        clash = run.naked(todo, cells)
        if clash is None:
            clash = run.hidden(todo)
        if clash is not None:
            return clash.bit_count()
        if not todo:
            return None
        rounds += 1
        held = run.held
        for c, (d, support) in todo.items():
            if held[d] & CELL_UNIT_BITS[c]:  # a peer holds d: two singles clash
                other = next(p for p in PEER_LIST[c] if run.grid[p] == d)
                return (support | run.support[other]).bit_count()
            run.place(c, d, support)
    return None
