"""One 9x9 Sudoku decided by a branch-and-count search over unit propagation computed on
bitsets: the reproducible path for one puzzle at a time, whose figures the library reports
(the answers come from a solver kept per thread: :mod:`pencilsat.strategies.sudoku_shared`).

Unit propagation on the extended clauses (each cell exactly one digit, each digit exactly
once per row, column and box, at-most-one pairwise) reaches the same fixpoint as placing
naked singles (a cell with one candidate) and hidden singles (a house with one place for a
digit) and striking a placed digit from the cell and from its peers; it fails exactly when a
cell or a house-digit runs out of candidates or two placements clash in a cell or a house.
So it is computed here without a solver, on one 729-bit integer (bit ``digit * 81 + cell``,
set while the digit is still possible in the cell): a round counts the candidates of every
cell (and, once that places nothing new, of every house-digit) at once, a once/twice fold
over the 9 members by shifts, places every single, and strikes what each new placement rules
out (its cell's other digits, its digit in the 20 peers: one precomputed mask); rounds
repeat until nothing new is placed.
It is a function of the puzzle alone, so every figure is the puzzle's own whatever was
solved before (tested: call for call the same as a SAT solver's own propagation on the
extended clauses, and the same in any order).

The search: propagate the clues; a conflict means no solution below this node, a full grid is
a solution (every cell forced); otherwise branch on the open cell with the fewest candidates
left (the lowest such cell), one branch per candidate, smallest digit first, depth first, and
stop at the second solution. Branches take different digits at a cell, so their solutions
are disjoint and counting the full grids counts solutions. The effort figures are this
search's: ``decisions`` (branches tried), ``conflicts`` (dead ends) and ``propagations``
(nodes propagated to their fixpoint: one per clue set or branch, as a SAT solver's
``propagate`` call under the node's assumptions would be; not the solver's count of literals
propagated).
"""

from __future__ import annotations

import time

import numpy as np

from pencilsat.core.clock import check_clock

N = 9
CELLS = N * N
CLOCK_EVERY = 16
MAX_PENDING = 6
"""Branches waiting on the stack before the search gives a puzzle up: a wide tree is a hard
puzzle. With ``MAX_CALLS`` 32 (puzzles per CPU second in one loaded run, 100 of each file,
when a node cost a SAT solver's propagation call): no limit gave Royle 555, magictour 90,
the forum's hardest 60; 6 gave 590, 112 and 71; 4 gave 504, 120 and 77."""
MAX_CALLS = 128
"""Nodes propagated before the search gives a puzzle up: 91.5% of the first 1,000 of
Royle's 17-clue puzzles need at most 32 (68% at most 8) and the first 100 all at most 127;
the forum's hardest need hundreds to thousands (a fresh CaDiCaL decides those faster), and
``MAX_PENDING`` gives most of those up early."""

_ALL = (1 << N * CELLS) - 1
_CELL_MASK = (1 << CELLS) - 1
_EVERY_DIGIT = sum(1 << CELLS * d for d in range(N))
"""A cell's bit in each digit's block: a cell's mask of 81 bits times this covers its 9 digits."""
_ROW_FIRST = sum(1 << N * k for k in range(N * N))
"""The first cell of every row of every digit: where a row fold leaves its answer."""
_COLUMN_FIRST = sum(1 << CELLS * d + c for d in range(N) for c in range(N))
_BOX_FIRST = sum(1 << CELLS * d + o for d in range(N) for o in (0, 3, 6, 27, 30, 33, 54, 57, 60))
_ROW = (1 << N) - 1
_COLUMN = sum(1 << N * r for r in range(N))
_BOX = sum(1 << o for o in (0, 1, 2, 9, 10, 11, 18, 19, 20))


def _strike_masks() -> dict[int, int]:
    """For each candidate's bit, the candidates left when it is placed: its cell's other
    digits and its digit in the 20 peers struck."""
    peers = [0] * CELLS
    for cell in range(CELLS):
        row, column = divmod(cell, N)
        for other in range(CELLS):
            r, c = divmod(other, N)
            if other != cell and (r == row or c == column
                                  or (r // 3, c // 3) == (row // 3, column // 3)):
                peers[cell] |= 1 << other
    return {1 << CELLS * d + c: _ALL ^ (_EVERY_DIGIT << c | peers[c] << CELLS * d)
            | 1 << CELLS * d + c for c in range(CELLS) for d in range(N)}


_STRIKE = _strike_masks()


def fixpoint(x: int, placed: int) -> tuple[int, int] | None:
    """Unit propagation from the candidates ``x`` in which the placements ``placed`` (the
    clues, a branch's digit) have been struck (``x & _STRIKE[bit]``): the candidates and
    the placements at the fixpoint, or ``None`` for a conflict.

    A round folds the 9 digits of every cell into "at least one" and "at least two" bits; a
    cell with none is a conflict, one with exactly one digit is placed. Only when that places
    nothing new are the 9 cells of every row, column and box of every digit folded the same
    way (a house-digit with none is a conflict, one with exactly one cell is placed): each
    fold of the houses costs three of the cells', and the fixpoint is the same in any order.
    Each new placement strikes its cell's other digits and its digit in its peers; a
    placement struck by another is a conflict (two placements in one cell or house)."""
    cell_mask, every_digit = _CELL_MASK, _EVERY_DIGIT
    row_first, column_first, box_first = _ROW_FIRST, _COLUMN_FIRST, _BOX_FIRST
    strike = _STRIKE
    while True:
        # each cell's 9 digits: blocks 81 apart
        a = x >> 81
        o1 = x | a
        t1 = x & a
        a = o1 >> 162
        o2 = o1 | a
        t2 = t1 | (t1 >> 162) | (o1 & a)
        a = o2 >> 324
        o3 = o2 | a
        t3 = t2 | (t2 >> 324) | (o2 & a)
        a = x >> 648
        if (o3 | a) & cell_mask != cell_mask:
            return None
        single = ((t3 | (o3 & a)) & cell_mask ^ cell_mask) * every_digit
        new = single & x & ~placed
        if new:  # naked singles first: the houses are folded once they stall
            while new:
                low = new & -new
                x &= strike[low]
                placed |= low
                new ^= low
            if placed & ~x:
                return None
            continue
        # each row's 9 cells: 1 apart (the first three also start the box fold)
        a = x >> 1
        o1 = x | a
        t1 = x & a
        a = x >> 2
        o = o1 | a
        t = t1 | (o1 & a)
        a = o1 >> 2
        o2 = o1 | a
        t2 = t1 | (t1 >> 2) | (o1 & a)
        a = o2 >> 4
        o3 = o2 | a
        t3 = t2 | (t2 >> 4) | (o2 & a)
        a = x >> 8
        if (o3 | a) & row_first != row_first:
            return None
        single |= ((t3 | (o3 & a)) & row_first ^ row_first) * 511
        # each column's 9 cells: 9 apart
        a = x >> 9
        o1 = x | a
        t1 = x & a
        a = o1 >> 18
        o2 = o1 | a
        t2 = t1 | (t1 >> 18) | (o1 & a)
        a = o2 >> 36
        o3 = o2 | a
        t3 = t2 | (t2 >> 36) | (o2 & a)
        a = x >> 72
        if (o3 | a) & column_first != column_first:
            return None
        single |= ((t3 | (o3 & a)) & column_first ^ column_first) * _COLUMN
        # each box's 9 cells: three rows of three (o, t from the row fold)
        o9 = o >> 9
        o18 = o >> 18
        o1 = o | o9
        if (o1 | o18) & box_first != box_first:
            return None
        t = t | (t >> 9) | (t >> 18) | (o & o9) | (o1 & o18)
        p = (single | (t & box_first ^ box_first) * _BOX) & x
        new = p & ~placed
        if not new:
            return x, p
        while new:
            low = new & -new
            x &= strike[low]
            new ^= low
        if p & ~x:  # two placements in one cell or house struck each other
            return None
        placed = p


def _branch_cell(x: int) -> int:
    """The open cell with the fewest candidates (the lowest of them) in a propagated state
    with no conflict and an open cell: each cell's 9 digits counted bit-sliced, by full
    adders over the digit blocks (three blocks at a time, then the three sums)."""
    a = x >> 81
    b = x >> 162
    c = x ^ a
    s = c ^ b  # digits 3k..3k+2, weight 1, in block 3k
    carry = (x & a) | (b & c)  # weight 2
    a = s >> 243
    b = s >> 486
    c = s ^ a
    ones = c ^ b
    two = (s & a) | (b & c)
    a = carry >> 243
    b = carry >> 486
    c = carry ^ a
    s = c ^ b
    four = (carry & a) | (b & c)
    twos = s ^ two
    carry = s & two
    cell_mask = _CELL_MASK
    fours = (four ^ carry) & cell_mask
    eights = four & carry & cell_mask
    ones &= cell_mask
    twos &= cell_mask
    low = cell_mask ^ (fours | eights)
    for mask in (twos & ~ones & low, twos & ones & low, fours & ~twos & ~ones,
                 fours & ~twos & ones, fours & twos & ~ones, fours & twos & ones,
                 eights & ~ones, eights & ones):
        if mask:
            return (mask & -mask).bit_length() - 1
    raise AssertionError("no open cell")  # the caller checked the grid is not full


class Count:
    """Effort of one search: branches tried, dead ends, nodes propagated."""

    __slots__ = ("decisions", "conflicts", "propagations", "first_at", "root")

    def __init__(self) -> None:
        self.decisions = 0
        self.conflicts = 0
        self.propagations = 0
        self.first_at: float | None = None  # perf_counter when the first solution was found
        self.root = 0  # the placements propagation makes from the clues alone (bits)

    def root_literals(self) -> list[int]:
        """The true literals (cell * 9 + digit) the clues force by propagation, clues
        included: what a fresh solver may assume with them."""
        out = []
        bits = self.root
        while bits:
            low = bits & -bits
            index = low.bit_length() - 1
            out.append(index % CELLS * N + index // CELLS + 1)
            bits ^= low
        return sorted(out)


def search(clues: list[int], deadline: float | None = None, limit: int = 2,
           max_calls: int | None = None) -> tuple[list[np.ndarray] | None, Count]:
    """Up to ``limit`` solutions of the 9x9 puzzle whose clue literals (cell * 9 + digit)
    are ``clues``, each as its 81 digits in cell order (:func:`digits`), and the search's
    effort; ``None`` for the solutions when the search would propagate more than ``max_calls`` nodes
    (``None``: ``MAX_CALLS``) or leave more than ``MAX_PENDING`` branches waiting: a hard
    puzzle, for which CDCL's learning pays for a fresh solver.
    Raises ``TimeLimitReached`` (phase ``search``) once ``deadline`` has passed (looked at
    every ``CLOCK_EVERY`` nodes)."""
    if max_calls is None:
        max_calls = MAX_CALLS
    found: list[np.ndarray] = []
    count = Count()
    strike = _STRIKE
    x, placed = _ALL, 0
    for lit in clues:
        bit = 1 << CELLS * ((lit - 1) % N) + (lit - 1) // N
        x &= strike[bit]
        placed |= bit
    stack = [(x, placed)]
    while stack:
        if count.propagations % CLOCK_EVERY == 0:
            check_clock(deadline, "search")
        if count.propagations == max_calls or len(stack) > MAX_PENDING:
            return None, count
        x, placed = stack.pop()
        count.propagations += 1
        out = fixpoint(x, placed)
        if out is None:
            count.conflicts += 1
            continue
        x, placed = out
        if count.propagations == 1:
            count.root = placed
        if placed.bit_count() == CELLS:
            found.append(digits(x))
            if count.first_at is None:
                count.first_at = time.perf_counter()
            if len(found) >= limit:
                break
            continue
        cell = _branch_cell(x)
        for digit in range(N - 1, -1, -1):  # the smallest digit is tried first
            bit = 1 << CELLS * digit + cell
            if x & bit:
                stack.append((x & strike[bit], placed | bit))
    count.decisions = count.propagations - 1  # every node but the first tried a branch
    return found, count


def digits(x: int) -> np.ndarray:
    """The 81 digits (int16) of a full grid's state, in cell order."""
    bits = np.unpackbits(np.frombuffer(x.to_bytes(92, "little"), dtype=np.uint8),
                         count=N * CELLS, bitorder="little")
    return (bits.reshape(N, CELLS).argmax(axis=0) + 1).astype(np.int16)
