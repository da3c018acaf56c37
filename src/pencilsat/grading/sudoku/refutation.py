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

from pencilsat.grading.sudoku.candidates import PEER_LIST
from pencilsat.grading.sudoku.state import ALL_DIGITS, UNITS


class _Run:
    """One assumption's propagation: the grid, candidates and supports (bitmasks of cells)."""

    def __init__(self, grid: list[int], cand: list[int]) -> None:
        self.grid, self.cand, self.start = grid[:], cand[:], cand
        self.why = [[0] * 10 for _ in range(81)]   # support of digit e leaving cell c
        self.support = [0] * 81                    # support of a probe placement

    def place(self, cell: int, digit: int, support: int) -> None:
        self.grid[cell], self.support[cell], self.cand[cell] = digit, support, 0
        bit = 1 << digit
        for p in PEER_LIST[cell]:
            if self.cand[p] & bit:
                self.cand[p] &= ~bit
                self.why[p][digit] = support

    def naked(self, todo: dict[int, tuple[int, int]]) -> int | None:
        """Add every naked single to ``todo``; the support of an empty cell, if any."""
        for c in range(81):
            f = self.cand[c]
            if self.grid[c] or (f and f & (f - 1)):
                continue
            digit = f.bit_length() - 1
            support = 1 << c if f else 0
            for e in range(1, 10):
                if e != digit and self.start[c] >> e & 1:
                    support |= self.why[c][e]
            if not f:
                return support
            todo.setdefault(c, (digit, support))
        return None

    def hidden(self, todo: dict[int, tuple[int, int]]) -> int | None:
        """Add every hidden single to ``todo``; the support of a contradiction, if any."""
        grid, cand = self.grid, self.cand
        for members in UNITS:
            have = once = twice = 0
            for c in members:
                have |= 1 << grid[c]
                twice |= once & cand[c]
                once |= cand[c]
            few = ALL_DIGITS & ~have & ~twice     # digits with one place left, or none
            for d in range(1, 10):
                bit = 1 << d
                if not few & bit:
                    continue
                spots = [c for c in members if not grid[c] and cand[c] & bit]
                support = 0
                for c in members:
                    if grid[c]:
                        support |= self.support[c]      # 0 for a cell filled before
                    elif c not in spots and self.start[c] & bit:
                        support |= self.why[c][d]
                if not spots:
                    return support
                cell, support = spots[0], support | 1 << spots[0]
                known = todo.get(cell)
                if known is not None and known[0] != d:
                    return known[1] | support
                if known is None or support.bit_count() < known[1].bit_count():
                    todo[cell] = (d, support)
        return None


def refutation_length(grid: list[int], cand: list[int], cell: int, digit: int,
                      limit: int | None = None) -> int | None:
    """The placements the contradiction of ``cell = digit`` rests on (module doc), or
    ``None`` when singles reach none. Gives up (``None``) past ``limit`` rounds: a
    contradiction after r rounds rests on at least r placements, one per round."""
    run = _Run(grid, cand)
    run.place(cell, digit, 1 << cell)
    rounds = 0
    while limit is None or rounds <= limit:
        todo: dict[int, tuple[int, int]] = {}
        clash = run.naked(todo)
        if clash is None:
            clash = run.hidden(todo)
        if clash is not None:
            return clash.bit_count()
        if not todo:
            return None
        rounds += 1
        for c, (d, support) in todo.items():
            other = next((p for p in PEER_LIST[c] if run.grid[p] == d), None)
            if other is not None:
                return (support | run.support[other]).bit_count()
            run.place(c, d, support)
    return None
