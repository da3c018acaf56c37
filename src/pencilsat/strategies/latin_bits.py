"""Naked and hidden singles of an ``n x n`` Latin square with ``n`` boxes of any shape (Jigsaw
Sudoku), on one integer: the candidates of every cell and digit at once.

Bit ``d * (n * n + 1) + c`` is set while digit ``d + 1`` may stand in cell ``c`` (row-major):
one block of ``n * n`` bits per digit and a guard bit above each block, always 0 in a state.
A round folds the ``n`` blocks of every cell into "at least one" and "at least two" bits
(shifts of the whole integer, :func:`_fold`): a cell with none is a contradiction, one with
exactly one digit is placed. Only when that places nothing new are the houses read: rows
and columns by the same folds (members 1 and ``n`` bits apart), each box by the guard bits
(the box's cells of every digit at once: adding ``2 ** (n * n) - 1`` to each block carries
into its guard bit when the block holds a cell, and ``y & (y - 1)`` per block, borrowing
from the guard, keeps a second one). A house with no place for a digit is a contradiction,
one place places it. Each placement strikes its cell's other digits and its digit in the
cell's peers; a placement struck by another is a contradiction.

These are the rules :class:`~pencilsat.encodings.cage_sums.Narrowing` applies to the houses
(a cell keeps the digits its houses allow, a single leaves its peers, a hidden single takes
its cell, a contradiction ends the run): the fixpoint of such rules does not depend on the
order they run in, so both reach the same candidates (tested) or both a contradiction. A
janko puzzle's first fixpoint, layout included, costs a third of the house visits' (median
55 against 172 us of CPU, ``benchmarks/results/jigsawsudoku.md``): a visit reads one house,
a fold reads them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np


class LatinBits:
    """The constants of an ``n x n`` grid whose cells (row-major) lie in the boxes
    ``box_ids`` (``0..n-1``, each ``n`` cells): the masks a round and a placement read."""

    def __init__(self, n: int, box_ids: Sequence[int]) -> None:
        lines = _lines(n)
        self.n = n
        self.lines = lines
        cells_of = [0] * n
        for c, box in enumerate(box_ids):
            cells_of[box] |= 1 << c
        every = lines.every
        self.box_masks = [cells * every for cells in cells_of]
        """Per box, its cells in every digit's block."""
        self.marks = [cells_of[box] | near for box, near in zip(box_ids, lines.near)]  # noqa: B905
        """Per cell, the cell and its peers (row, column, box): a placement's digit leaves
        them but the cell (:attr:`_Lines.off_cell` XOR these in the digit's block)."""

    def start(self, givens: Sequence[int]) -> tuple[int, int]:
        """The state with the given digits (row-major, 0: empty) placed and struck from
        their peers, and the placements (state 0 when two givens clash)."""
        lines = self.lines
        x, placed = lines.all, 0
        width = lines.width
        for c, v in enumerate(givens):
            if v:
                shift = (v - 1) * width
                low = 1 << shift + c
                x &= lines.off_cell[c] ^ self.marks[c] << shift
                placed |= low
        if placed & ~x:
            return 0, 0
        return x, placed

    def place(self, x: int, c: int, d: int) -> int:
        """``x`` with digit ``d + 1`` placed in cell ``c`` (struck from its peers)."""
        lines = self.lines
        shift = d * lines.width
        return x & (lines.off_cell[c] ^ self.marks[c] << shift)

    def fixpoint(self, x: int, placed: int) -> tuple[int, int, int]:
        """Naked and hidden singles from the state ``x`` whose placements ``placed`` have
        been struck: the state and placements at the fixpoint (state 0 at a contradiction)
        and the rounds it took."""
        lines = self.lines
        n, width, every, cells, everything, guard = (
            lines.n, lines.width, lines.every, lines.cells, lines.all, lines.guard)
        cell_shifts, row_shifts, column_shifts = (
            lines.cell_shifts, lines.row_shifts, lines.column_shifts)
        row_first, column_first = lines.row_first, lines.column_first
        row_span, column_span = lines.row_span, lines.column_span
        off_cell, marks = lines.off_cell, self.marks
        box_masks = self.box_masks
        area = n * n
        rounds = 0
        while True:
            rounds += 1
            once, twice = x, 0
            for shift in cell_shifts:
                a = x >> shift
                twice |= once & a
                once |= a
            if once & cells != cells:
                return 0, 0, rounds
            new = (((once ^ twice) & cells) * every) & (x ^ placed)
            if not new:
                once, twice = _fold(x, row_shifts)
                if once & row_first != row_first:
                    return 0, 0, rounds
                found = (((once ^ twice) & row_first) * row_span) & x
                once, twice = _fold(x, column_shifts)
                if once & column_first != column_first:
                    return 0, 0, rounds
                found |= (((once ^ twice) & column_first) * column_span) & x
                for box in box_masks:
                    y = x & box
                    if (y + everything) & guard != guard:
                        return 0, 0, rounds
                    two = ((y & ((y | guard) - every)) + everything) & guard
                    if two != guard:
                        found |= y & (((guard ^ two) >> area) * cells)
                new = found & ~placed
                if not new:
                    return x, placed, rounds
            placed |= new
            while new:
                low = new & -new
                new ^= low
                i = low.bit_length() - 1
                c = i % width
                x &= off_cell[c] ^ marks[c] << i - c
            if placed & ~x:
                return 0, 0, rounds

    def branch_cell(self, x: int) -> int:
        """The first open cell (row-major) with the fewest candidates of a state at its
        fixpoint with an open cell: one with two when there is one (a fold that also keeps
        "at least three"), else by counting every cell's."""
        lines = self.lines
        once, twice, thrice = x, 0, 0
        for shift in lines.cell_shifts:
            a = x >> shift
            thrice |= twice & a
            twice |= once & a
            once |= a
        pairs = twice & ~thrice & lines.cells
        if pairs:
            return (pairs & -pairs).bit_length() - 1
        counts = self._bits(x).sum(axis=0)
        counts[counts < 2] = self.n + 1
        return int(counts.argmin())

    def masks(self, x: int) -> list[int]:
        """Per cell, its candidates as a mask with bit ``d`` for digit ``d``."""
        bits = self._bits(x)
        weights = np.left_shift(1, np.arange(1, self.n + 1, dtype=np.int64))
        masks: list[int] = (weights @ bits.astype(np.int64)).tolist()
        return masks

    def digits(self, x: int) -> np.ndarray:
        """The ``n x n`` digits (int16) of a state with one candidate per cell."""
        n = self.n
        return (self._bits(x).argmax(axis=0) + 1).astype(np.int16).reshape(n, n)

    def _bits(self, x: int) -> np.ndarray:
        """(n, n * n) 0/1 (uint8): digit by cell."""
        lines = self.lines
        size = lines.n * lines.width
        raw = np.frombuffer(x.to_bytes(size // 8 + 1, "little"), dtype=np.uint8)
        bits = np.unpackbits(raw, count=size, bitorder="little")
        return bits.reshape(lines.n, lines.width)[:, :-1]


def _fold(x: int, shifts: tuple[int, ...]) -> tuple[int, int]:
    """The bits set in at least one and in at least two of ``x``'s members ``shifts`` bits
    above each group's first (:attr:`_Lines.cell_shifts`), at the group's first member."""
    once, twice = x, 0
    for shift in shifts:
        a = x >> shift
        twice |= once & a
        once |= a
    return once, twice


class _Lines:
    """What depends on ``n`` alone: the block layout, the folds of cells, rows and columns,
    and each cell's strike masks by its row and column."""

    def __init__(self, n: int) -> None:
        area = n * n
        width = area + 1
        self.n, self.width = n, width
        self.cells = (1 << area) - 1
        self.every = sum(1 << d * width for d in range(n))
        self.all = self.cells * self.every
        self.guard = self.every << area
        self.row_first = sum(1 << r * n for r in range(n)) * self.every
        self.column_first = ((1 << n) - 1) * self.every
        self.row_span = (1 << n) - 1
        self.column_span = sum(1 << r * n for r in range(n))
        self.cell_shifts = tuple(range(width, n * width, width))
        """The folds' shifts: a cell's digits ``width`` apart, a row's cells 1, a column's
        ``n``."""
        self.row_shifts = tuple(range(1, n))
        self.column_shifts = tuple(range(n, area, n))
        self.near = [(self.row_span << c - c % n | self.column_span << c % n)
                     for c in range(area)]
        """Per cell, the cells of its row and column (itself among them)."""
        self.off_cell = [self.all ^ self.every << c for c in range(area)]
        """Per cell, every candidate but the cell's: XORed with the cell and its peers in a
        digit's block, what a placement of that digit leaves."""


@lru_cache(maxsize=32)
def _lines(n: int) -> _Lines:
    return _Lines(n)
