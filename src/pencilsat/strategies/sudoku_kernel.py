"""A compiled (numba) count-to-two of many 9x9 Sudokus in one call: the batch's fast path.

Per puzzle, depth first with an explicit stack of states; a state is, per digit, the cells
where it can still go as three 27-bit band words (rows 0-2, 3-5, 6-8) plus the placed cells.
Placing a digit clears its cell from the other digits and the digit from the cell's peers in
a few word operations. Naked singles are found bit-sliced over the nine digits, hidden
singles per digit whose board changed (rows, columns and boxes by masks), one pass of locked
candidates (pointing and claiming, by tables over the nine box-line segments) per fixed
point, then a split on a bivalue cell whose digits its open peers hold most (bivalue peers
three times; else a cell of fewest candidates). Every deduction is sound and the children of
a split are disjoint, so the completed grids are the solutions and are counted; a puzzle
stops at its second.

Measured (``benchmarks/results/sudoku_numba.md``, records included, two runs): 1.5-2.1,
1.1-1.8 and 1.75-1.85 times the numpy rounds' rate on Royle's 17-clue set, magictour_top1465
and forum_hardest_1905_se11plus.
Only what does not depend on the search's order is decided here: ``UNIQUE`` with its one
solution, and ``NONE``. ``MULTIPLE`` comes without answers (which two are found depends on
the search; :mod:`pencilsat.strategies.sudoku_batch` asks the numpy rounds for theirs), and
a puzzle past ``max_nodes`` branches is ``OPEN``. Importing this module imports numba; the
first call compiles the kernel or loads it from numba's cache. The batch loads it through
:mod:`pencilsat.strategies.sudoku_kernel_loader`, which prefers the same functions compiled
ahead of time (:mod:`pencilsat.strategies.sudoku_kernel_aot`), loaded without numba.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pencilsat.strategies.sudoku_singles import KERNEL_MAX_NODES as MAX_NODES
from pencilsat.strategies.sudoku_singles import MULTIPLE, NONE, OPEN, UNIQUE

ALL = (1 << 27) - 1  # every cell of a band word (bit = row in band * 9 + column)
BOX0 = 7 | (7 << 9) | (7 << 18)  # the first box of a band; shifted by 3 and 6 the others
ROW0 = 511  # the first row of a band; shifted by 9 and 18 the others


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per cell its peers in its own band and its column in a band (27-bit masks), and the
    de Bruijn table of a single bit's position."""
    bandpeer = np.zeros(81, np.int64)
    colm = np.zeros(81, np.int64)
    for cell in range(81):
        r, c = divmod(cell, 9)
        rr = r % 3
        m = 0
        for r2 in range(3):
            for c2 in range(9):
                if (r2, c2) == (rr, c):
                    continue
                if r2 == rr or c2 // 3 == c // 3:
                    m |= 1 << (r2 * 9 + c2)
        bandpeer[cell] = m
        colm[cell] = (1 << c) | (1 << (9 + c)) | (1 << (18 + c))
    debruijn = np.zeros(32, np.int64)
    for i in range(32):
        debruijn[(((1 << i) * 0x077CB531) & 0xFFFFFFFF) >> 27] = i
    return bandpeer, colm, debruijn


BANDPEER, COLM, DEBRUIJN = _tables()


@njit(cache=True, nogil=True, inline="always")
def _pos(bit: int) -> int:
    """The position of a single bit below 2 ** 32."""
    return DEBRUIJN[((bit * 0x077CB531) & 0xFFFFFFFF) >> 27]


@njit(cache=True, nogil=True, inline="always")
def _popcount(v: int) -> int:
    """The set bits of a word below 2 ** 32."""
    v = v - ((v >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    return (((v + (v >> 4)) & 0x0F0F0F0F) * 0x01010101 & 0xFFFFFFFF) >> 24


@njit(cache=True, nogil=True, inline="always")
def _place(st: np.ndarray, d: int, cell: int) -> int:
    """Digit d at cell (d a candidate there, cell open); returns the digits whose boards
    changed (bits)."""
    b = cell // 27
    bit = 1 << (cell - 27 * b)
    changed = 0
    for e in range(9):
        x = st[e * 3 + b]
        changed |= ((x & bit) != 0) << e
        st[e * 3 + b] = x & ~bit
    st[d * 3 + b] = (st[d * 3 + b] & ~BANDPEER[cell]) | bit
    col = COLM[cell]
    for b2 in range(3):
        if b2 != b:
            st[d * 3 + b2] &= ~col
    st[27 + b] |= bit
    return changed | (1 << d)


@njit(cache=True, nogil=True, inline="always")
def _settle(st: np.ndarray, d: int, b: int, cells: int) -> tuple[int, int]:
    """Place digit d on the cells (bits of band b) found to be its only place; returns
    (-1 on a contradiction else placed count, changed digits)."""
    n = 0
    changed = 0
    while cells:
        bit = cells & -cells
        cells ^= bit
        if st[27 + b] & bit:
            if st[d * 3 + b] & bit:
                continue  # already d
            return -1, 0
        if st[d * 3 + b] & bit == 0:
            return -1, 0
        changed |= _place(st, d, 27 * b + _pos(bit))
        n += 1
    return n, changed


@njit(cache=True, nogil=True)
def _propagate(st: np.ndarray, left: int, dirty: int, naked: bool, locked: int) -> int:
    """Singles to a fixed point, with at most ``locked`` passes of locked candidates (one
    measured best: a pass that finds nothing costs more than the branches it saves);
    ``dirty``: the digits whose boards changed since their hidden singles were sought,
    ``naked``: whether cells changed since naked singles were. Returns the open cells left,
    or -1 on a contradiction."""
    passes = locked
    while True:
        if naked:
            naked = False
            for b in range(3):
                one = 0
                two = 0
                for d in range(9):
                    x = st[d * 3 + b]
                    two |= one & x
                    one |= x
                if ~one & ALL:
                    return -1
                singles = one & ~two & ~st[27 + b]
                while singles:
                    bit = singles & -singles
                    singles ^= bit
                    found = -1
                    for d in range(9):
                        if st[d * 3 + b] & bit:
                            found = d
                            break
                    if found < 0:
                        return -1
                    dirty |= _place(st, found, 27 * b + _pos(bit))
                    left -= 1
                    naked = True
            if naked:
                continue
        if left == 0:
            return 0
        if dirty == 0:
            if passes == 0:
                return left
            passes -= 1
            dirty = _locked(st)
            if dirty < 0:
                return -1
            if dirty == 0:
                return left
            naked = True
            continue
        d = 0
        while (dirty >> d) & 1 == 0:
            d += 1
        dirty &= ~(1 << d)
        # columns: once / twice over the nine row fields
        once = 0
        twice = 0
        for b in range(3):
            x = st[d * 3 + b]
            for r in range(3):
                f = (x >> (9 * r)) & ROW0
                twice |= once & f
                once |= f
        if once != ROW0:
            return -1
        colsingle = once & ~twice
        for b in range(3):
            x = st[d * 3 + b]
            hs = 0
            for r in range(3):
                f = (x >> (9 * r)) & ROW0
                if f == 0:
                    return -1
                if f & (f - 1) == 0:
                    hs |= f << (9 * r)
                hs |= (f & colsingle) << (9 * r)
                v = x & (BOX0 << (3 * r))
                if v == 0:
                    return -1
                if v & (v - 1) == 0:
                    hs |= v
            hs &= ~st[27 + b]
            if hs:
                n, ch = _settle(st, d, b, hs)
                if n < 0:
                    return -1
                left -= n
                dirty |= ch
                naked = True


def _locked_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """SEGCLEAR[p]: for 9 segments (bit 3 * line + box) holding a digit, those pointing and
    claiming clear; then the tables of both directions over it."""
    segclear = np.zeros(512, np.int64)
    for p in range(512):
        clear = 0
        for j in range(3):
            lines = [i for i in range(3) if p >> (3 * i + j) & 1]
            if len(lines) == 1:
                clear |= sum(1 << (3 * lines[0] + j2) for j2 in range(3) if j2 != j)
        for i in range(3):
            boxes = [j for j in range(3) if p >> (3 * i + j) & 1]
            if len(boxes) == 1:
                clear |= sum(1 << (3 * i2 + boxes[0]) for i2 in range(3) if i2 != i)
        segclear[p] = clear & p
    rowseg = np.zeros(512, np.int64)
    for f in range(512):
        rowseg[f] = sum(1 << j for j in range(3) if (f >> (3 * j)) & 7)
    rowbox = np.zeros(512, np.int64)
    for idx in range(512):
        c = segclear[idx]
        rowbox[idx] = sum(7 << (9 * i + 3 * j) for i in range(3) for j in range(3)
                          if c >> (3 * i + j) & 1)
    spread = np.array([sum(1 << (3 * c) for c in range(3) if t >> c & 1) for t in range(8)],
                      np.int64)
    stack = np.zeros((3, 512, 3), np.int64)
    for k in range(3):
        for idx in range(512):
            c = segclear[idx]
            for col in range(3):
                for band in range(3):
                    if c >> (3 * col + band) & 1:
                        bit = 1 << (3 * k + col)
                        stack[k, idx, band] |= bit | (bit << 9) | (bit << 18)
    return rowseg, rowbox, spread, stack


ROWSEG, ROWBOX, SPREAD, STACK = _locked_tables()


@njit(cache=True, nogil=True)
def _locked(st: np.ndarray) -> int:
    """One pass of pointing and claiming over every digit; returns the digits changed."""
    changed = 0
    for d in range(9):
        for b in range(3):
            x = st[d * 3 + b]
            idx = ROWSEG[x & ROW0] | (ROWSEG[(x >> 9) & ROW0] << 3) | (ROWSEG[x >> 18] << 6)
            y = x & ~ROWBOX[idx]
            if y != x:
                st[d * 3 + b] = y
                changed |= 1 << d
        x0 = st[d * 3]
        x1 = st[d * 3 + 1]
        x2 = st[d * 3 + 2]
        p0 = (x0 | (x0 >> 9) | (x0 >> 18)) & ROW0
        p1 = (x1 | (x1 >> 9) | (x1 >> 18)) & ROW0
        p2 = (x2 | (x2 >> 9) | (x2 >> 18)) & ROW0
        for k in range(3):
            idx = (SPREAD[(p0 >> (3 * k)) & 7] | (SPREAD[(p1 >> (3 * k)) & 7] << 1)
                   | (SPREAD[(p2 >> (3 * k)) & 7] << 2))
            if STACK[k, idx, 0] | STACK[k, idx, 1] | STACK[k, idx, 2]:
                for b in range(3):
                    x = st[d * 3 + b]
                    y = x & ~STACK[k, idx, b]
                    if y != x:
                        st[d * 3 + b] = y
                        changed |= 1 << d
    return changed


@njit(cache=True, nogil=True)
def _branch_cell(st: np.ndarray, biv: np.ndarray) -> int:
    """A bivalue cell whose digits its open peers hold most (bivalue peers three times),
    else an open cell of fewest candidates."""
    anyb = 0
    for b in range(3):
        o = 0
        t = 0
        h = 0
        for d in range(9):
            x = st[d * 3 + b]
            h |= t & x
            t |= o & x
            o |= x
        biv[b] = t & ~h & ~st[27 + b]
        anyb |= biv[b]
    if anyb == 0:
        best = -1
        fewest = 10
        for cell in range(81):
            b = cell // 27
            bit = 1 << (cell - 27 * b)
            if st[27 + b] & bit:
                continue
            n = 0
            for d in range(9):
                n += (st[d * 3 + b] & bit) != 0
            if n < fewest:
                fewest = n
                best = cell
        return best
    best = -1
    most = -1
    for b in range(3):
        cells = biv[b]
        while cells:
            bit = cells & -cells
            cells ^= bit
            cell = 27 * b + _pos(bit)
            score = 0
            for d in range(9):
                if st[d * 3 + b] & bit == 0:
                    continue
                for b2 in range(3):
                    peers = BANDPEER[cell] if b2 == b else COLM[cell]
                    y = st[d * 3 + b2] & peers
                    score += _popcount(y & ~st[27 + b2]) + 2 * _popcount(y & biv[b2])
            if score > most:
                most = score
                best = cell
    return best


@njit(cache=True, nogil=True)
def _count_one(line: np.ndarray, states: np.ndarray, cells: np.ndarray, rest: np.ndarray,
               lefts: np.ndarray, out: np.ndarray, max_nodes: int,
               locked: int) -> tuple[int, int]:
    """One puzzle (81 ASCII codes): its status and the branches tried; a UNIQUE puzzle's
    solution goes to ``out`` as ASCII digits."""
    st = states[0]
    for k in range(27):
        st[k] = ALL
    st[27] = st[28] = st[29] = 0
    left = 81
    for cell in range(81):
        ch = line[cell]
        if ch < 49 or ch > 57:
            continue
        d = ch - 49
        b = cell // 27
        bit = 1 << (cell - 27 * b)
        if st[d * 3 + b] & bit == 0:
            return NONE, 0
        _place(st, d, cell)
        left -= 1
    left = _propagate(st, left, 511, True, locked)
    if left < 0:
        return NONE, 0
    if left == 0:
        _write(st, out)
        return UNIQUE, 0
    found = 0
    depth = 0
    lefts[0] = left
    cells[0] = _branch_cell(st, lefts[82:])
    rest[0] = _digits_at(st, cells[0])
    nodes = 0
    while depth >= 0:
        r = rest[depth]
        if r == 0:
            depth -= 1
            continue
        dbit = r & -r
        rest[depth] = r ^ dbit
        nodes += 1
        if nodes > max_nodes:
            return OPEN, nodes
        child = states[depth + 1]
        child[:] = states[depth]
        d = _pos(dbit)
        changed = _place(child, d, cells[depth])
        left = _propagate(child, lefts[depth] - 1, changed, True, locked)
        if left < 0:
            continue
        if left == 0:
            found += 1
            if found == 2:
                return MULTIPLE, nodes
            _write(child, out)
            continue
        depth += 1
        lefts[depth] = left
        cells[depth] = _branch_cell(child, lefts[82:])
        rest[depth] = _digits_at(child, cells[depth])
    return (UNIQUE if found == 1 else NONE), nodes


@njit(cache=True, nogil=True, inline="always")
def _digits_at(st: np.ndarray, cell: int) -> int:
    """The candidates of ``cell`` as a 9-bit mask."""
    b = cell // 27
    bit = 1 << (cell - 27 * b)
    m = 0
    for d in range(9):
        m |= ((st[d * 3 + b] & bit) != 0) << d
    return m


@njit(cache=True, nogil=True)
def _write(st: np.ndarray, out: np.ndarray) -> None:
    """A completed state's grid as ASCII digits."""
    for d in range(9):
        for b in range(3):
            x = st[d * 3 + b]
            while x:
                bit = x & -x
                x ^= bit
                out[27 * b + _pos(bit)] = 49 + d


@njit(cache=True, nogil=True)
def _count_lines(raw: np.ndarray, max_nodes: int,
                 locked: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    puzzles = raw.shape[0]
    status = np.empty(puzzles, dtype=np.uint8)
    solution = np.zeros((puzzles, 81), dtype=np.uint8)
    nodes = np.zeros(puzzles, dtype=np.int64)
    states = np.empty((82, 32), dtype=np.int64)
    cells = np.empty(82, dtype=np.int64)
    rest = np.empty(82, dtype=np.int64)
    lefts = np.empty(85, dtype=np.int64)  # and 3 words for _branch_cell
    for i in range(puzzles):
        s, n = _count_one(raw[i], states, cells, rest, lefts, solution[i], max_nodes, locked)
        status[i] = s
        nodes[i] = n
    return status, solution, nodes


def count_lines(raw: np.ndarray, max_nodes: int = MAX_NODES,
                locked: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every row of ``raw`` ((puzzles, 81) ASCII codes of validated lines: ``1``-``9`` a
    clue, anything else empty) counted to two in one call: per puzzle its status (UNIQUE,
    NONE, MULTIPLE, or OPEN past ``max_nodes`` branches), the solution of a UNIQUE one as
    (puzzles, 81) ASCII digits, and the branches (children) it tried."""
    out: Any = _count_lines(np.ascontiguousarray(raw, dtype=np.uint8), max_nodes, locked)
    return out
