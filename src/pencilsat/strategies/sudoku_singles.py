"""Naked and hidden singles and locked candidates on many 9x9 Sudokus at once, as numpy bit
operations, and where to branch (the branch-and-count itself is
:mod:`pencilsat.strategies.sudoku_branching`).

This is the batch path's pre-filter: the deductions unit propagation makes on the extended
clause set (singles) plus pointing and claiming, applied to a whole chunk of puzzles with one
array operation per step instead of one SAT call per puzzle. Every deduction is sound, so

* a puzzle whose cells all end with one candidate and whose houses hold each digit once is
  **unique** (the singles force that grid, and it is a solution);
* a cell with no candidate, a digit with no place in a house, or a digit twice in a house means
  **no solution**;
* anything else is *open*: :func:`pencilsat.strategies.sudoku_branching.decide` splits it
  on a cell as soon as a round fills no cell, in the same loop of rounds (past its caps it
  goes to the SAT solver with its original clues).

Candidates are 9-bit masks (bit ``d - 1`` = digit ``d``) in a ``(puzzles, 81)`` uint16 array.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

import numpy as np

N = 9
FULL = (1 << N) - 1
_ROWS = np.arange(81).reshape(9, 9)
HOUSES = np.concatenate([
    _ROWS, _ROWS.T,
    np.array([[(br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3)]
              for br in range(3) for bc in range(3)]),
])
"""(27, 9): rows, columns, boxes as cell indices."""
_IN_HOUSE = (HOUSES[None] == np.arange(81)[:, None, None]).any(axis=2)
CELL_HOUSES = np.nonzero(_IN_HOUSE)[1].reshape(81, 3)
"""(81, 3): the row, column and box of each cell (in one comparison: 2,187 ``in`` tests of
an array row took ~5 ms of every import, a batch worker's fork server's included)."""
BRANCH_WEIGHT = 4
"""Candidates of a cell against its open peers when choosing where to branch (see
:func:`_branch_cells`; at most 4, for the uint8 score of :func:`_branch_columns`)."""

_CELL_INDEX = np.arange(81, dtype=np.uint16)[:, None]
_KIND_CELLS = [HOUSES[9 * k:9 * k + 9].ravel() for k in range(3)]
UNIQUE, NONE, OPEN, MULTIPLE = 0, 1, 2, 3
KERNEL_MAX_NODES = 1_000_000
"""Branches (children) a puzzle may try in the compiled kernel
(:mod:`pencilsat.strategies.sudoku_kernel`) before it is left ``OPEN``: no 9x9 puzzle of the
corpus needs more than a few thousand."""
LOCKED = True
_DIGIT_OF_MASK = np.zeros(FULL + 1, dtype=np.uint8)
for _d in range(N):
    _DIGIT_OF_MASK[1 << _d] = _d + 1


_MASK_OF_CHAR = np.full(256, FULL, dtype=np.uint16)
"""The initial mask of a validated line's character: a digit's bit, else every digit."""
for _d in range(N):
    _MASK_OF_CHAR[ord("1") + _d] = 1 << _d

_MALLOC_SET = False
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters


def keep_freed_memory() -> None:
    """Let glibc keep the memory of freed temporaries for reuse (once per process, Linux).

    A round allocates about a dozen (81, B) temporaries of up to a few megabytes; by
    default glibc serves each of those by mmap and returns it at free, so every round
    page-faults its arrays in anew. With the mmap threshold at 32 MB and the trim threshold
    at 64 MB they are reused from the heap: measured +25-30% on Royle, magictour and the
    forum's hardest in a fresh process (benchmarks/results/lightup_sudoku.md, "mallopt
    gives"). The cost: up to 64 MB freed but kept by the process. The numpy-only way to the
    same effect, every temporary of a round written through ``out=`` into buffers kept
    across rounds, would touch ~60 calls; not done."""
    global _MALLOC_SET
    if _MALLOC_SET:
        return
    _MALLOC_SET = True
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20)
        libc.mallopt(_M_TRIM_THRESHOLD, 64 << 20)
    except (OSError, AttributeError):  # not glibc: its defaults stay
        pass


def candidates(lines: list[str]) -> np.ndarray:
    """Initial masks from 81-character lines (``.``/``0`` empty, ``1``-``9`` clue).

    The lines must already be validated (length 81, only those characters).
    """
    raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(len(lines), 81)
    return candidates_of(raw)


def candidates_of(raw: np.ndarray) -> np.ndarray:
    """:func:`candidates` of validated lines already as a (puzzles, 81) uint8 array of their
    ASCII codes (one table lookup: a quarter of the time of arithmetic on the digits)."""
    out: np.ndarray = _MASK_OF_CHAR[raw]
    return out


def _spread(rows: np.ndarray, cols: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """(81, B) masks: each cell gets the OR of its row's, column's and box's entry.

    ``rows`` and ``cols`` are (9, B), ``boxes`` (3, 3, B) indexed by box row and box column.
    """
    out = rows[:, None, :] | cols[None, :, :]
    b = out.shape[-1]
    out.reshape(3, 3, 3, 3, b)[...] |= boxes[:, None, :, None, :]
    return out.reshape(81, b)


def _at(axis: int, k: int) -> tuple[Any, ...]:
    """The index of entry ``k`` along ``axis`` (a view; cheaper than ``np.moveaxis``)."""
    return (slice(None),) * axis + (k,)


def _twice(x: np.ndarray, axis: int) -> np.ndarray:
    """Digits in at least two of the three entries of ``x`` along ``axis``."""
    a, b, c = x[_at(axis, 0)], x[_at(axis, 1)], x[_at(axis, 2)]
    out = a | b
    out &= c
    out |= a & b
    return out


def _any3(x: np.ndarray, axis: int, out: np.ndarray | None = None) -> np.ndarray:
    """Digits in any of the three entries of ``x`` along ``axis``."""
    out = np.bitwise_or(x[_at(axis, 0)], x[_at(axis, 1)], out=out)
    out |= x[_at(axis, 2)]
    return out


def _locked_candidates(g5: np.ndarray) -> None:
    """Pointing and claiming, in place on a (3, 3, 3, 3, B) view (box row, row in box, box
    column, column in box): a digit of a row (column) confined to one box leaves the box's
    other rows (columns); a digit of a box confined to one row (column) leaves the row's
    (column's) other boxes.

    The box parts of rows (minirows, (band, row in band, box in band)) and of columns
    (minicolumns, transposed to the same form) share one array, so each step is one call
    for both. A digit confined to a part that another part of the same line (box) also
    claims is a contradiction; it is then left in place (a sound subset of the
    eliminations) and found as such later."""
    seg = np.empty((2, *g5.shape[1:]), dtype=g5.dtype)  # (2, band, line, box, B)
    _any3(g5, 3, out=seg[0])  # minirows: (box row, row in box, box column)
    _any3(g5, 1, out=seg[1].transpose(2, 0, 1, 3))  # minicolumns, stored (stack, col, box)
    # confined to this box within its line (claiming) / to this line within its box
    claim = _twice(seg, 3)
    np.invert(claim, out=claim)
    claim = seg & claim[:, :, :, None]
    point = _twice(seg, 2)
    np.invert(point, out=point)
    point = seg & point[:, :, None]
    # keep a digit unless another part of the box claims it / another box's part of the
    # line points at it
    keep = _any3(claim, 2)
    np.invert(keep, out=keep)
    keep = claim | keep[:, :, None]
    keep2 = _any3(point, 3)
    np.invert(keep2, out=keep2)
    keep &= point | keep2[:, :, :, None]
    g5 &= keep[0][:, :, :, None]
    g5 &= keep[1].transpose(2, 0, 1, 3)[:, None]


def _round(c: np.ndarray, locked: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One round of naked singles, hidden singles and (``locked``) locked candidates on
    cell-major masks ``c`` of shape (81, B): the new masks, and per puzzle whether it is
    dead (a contradiction) and whether every cell has one candidate.

    Rows, columns and boxes are views of ``c`` (no gather); what is computed per house goes
    into one (27, B) array (rows, columns, boxes) and back to the cells by broadcasts.
    Temporaries are reused in place. The floor, measured (benchmarks/results/
    lightup_sudoku.md): ~1 us per puzzle and round at a few thousand puzzles, plus ~0.3 ms
    per round whatever the number of puzzles."""
    b = c.shape[1]
    placed = c - 1  # cells with one candidate keep it, the others become 0
    placed &= c
    placed -= 1
    placed >>= 15
    np.negative(placed, out=placed)
    placed &= c
    pg = placed.reshape(9, 9, b)
    p5 = placed.reshape(3, 3, 3, 3, b)
    house_or = np.empty((27, b), dtype=np.uint16)
    house_sum = np.empty((27, b), dtype=np.uint16)
    for reduce, out in ((np.bitwise_or.reduce, house_or), (np.add.reduce, house_sum)):
        reduce(pg, axis=1, out=out[:9])
        reduce(pg, axis=0, out=out[9:18])
        reduce(p5, axis=(1, 3), out=out[18:].reshape(3, 3, b))
    # a digit placed twice in a house: the sum of its bits differs from their OR
    clash = (house_sum != house_or).any(axis=0)
    # naked singles: remove digits placed in any of the cell's houses
    c2 = _to_cells(house_or)
    np.invert(c2, out=c2)
    c2 |= placed
    c2 &= c
    # hidden singles: a digit with one possible cell in a house goes there
    g = c2.reshape(9, 9, b)
    g5 = c2.reshape(3, 3, 3, 3, b)
    once = np.empty((27, b), dtype=np.uint16)
    twice = np.zeros((27, b), dtype=np.uint16)
    parts = ((once[:9], twice[:9], [g[:, k] for k in range(N)]),
             (once[9:18], twice[9:18], [g[k] for k in range(N)]),
             (once[18:].reshape(3, 3, b), twice[18:].reshape(3, 3, b),
              [g5[:, k // 3, :, k % 3] for k in range(N)]))
    for o, t, views in parts:  # the k-th cell of every row / column / box
        o[...] = views[0]
        for m in views[1:]:
            t |= o & m
            o |= m
    missing = (once != FULL).any(axis=0)
    np.invert(twice, out=twice)
    twice &= once
    hidden = _to_cells(twice)
    hidden &= c2
    c3 = hidden - 1  # hidden where any, else c2
    c3 >>= 15
    np.negative(c3, out=c3)
    c3 &= c2
    c3 |= hidden
    if locked:
        _locked_candidates(c3.reshape(3, 3, 3, 3, b))
    dead = (c3 == 0).any(axis=0)
    dead |= missing
    dead |= clash
    single = c3 - 1
    single &= c3
    unfilled = _unfilled(single)
    return c3, dead, unfilled


def houses_full(grid: np.ndarray) -> np.ndarray:
    """Per column of cell-major (81, D) grids of one candidate per cell, whether every row,
    column and box holds every digit (ORs over views: no (27, 9, D) gather)."""
    d = grid.shape[1]
    house_or = np.empty((27, d), dtype=grid.dtype)
    np.bitwise_or.reduce(grid.reshape(9, 9, d), axis=1, out=house_or[:9])
    np.bitwise_or.reduce(grid.reshape(9, 9, d), axis=0, out=house_or[9:18])
    np.bitwise_or.reduce(grid.reshape(3, 3, 3, 3, d), axis=(1, 3),
                         out=house_or[18:].reshape(3, 3, d))
    out: np.ndarray = (house_or == FULL).all(axis=0)
    return out


def _unfilled(rest: np.ndarray) -> np.ndarray:
    """Per puzzle, the cells of (81, B) ``rest`` (a mask with its lowest bit removed) that
    are not 0: the cells with two or more candidates. (``np.count_nonzero`` along an axis
    is ~8x slower than this uint8 sum.)"""
    out: np.ndarray = np.add.reduce((rest != 0).view(np.uint8), axis=0, dtype=np.uint8)
    return out


def _to_cells(per_house: np.ndarray) -> np.ndarray:
    """(81, B): each cell gets the OR of its row's, column's and box's entry of a (27, B)
    array (broadcasts, no gather)."""
    return _spread(per_house[:9], per_house[9:18], per_house[18:].reshape(3, 3, -1))


def singles(cand: np.ndarray, max_rounds: int = 81,
            locked: bool = LOCKED) -> tuple[np.ndarray, np.ndarray]:
    """Apply naked and hidden singles (and, with ``locked``, locked candidates) until a round
    fills no cell (what such a round still eliminates is kept; the round that would confirm
    nothing changes is saved).

    Returns ``(status, cand)``: status per puzzle is UNIQUE, NONE or OPEN, and ``cand`` the
    final masks (a UNIQUE row has one bit per cell). Puzzles that stop leave the working
    set, so each round costs only the puzzles still moving.

    Internally the masks are cell-major, ``(81, B)`` C-contiguous: a row, column or box is
    then a reshaped view (rows ``(9, 9, B)``, boxes ``(3, 3, 3, 3, B)`` as box row, row in
    box, box column, column in box), so every step is a reduction or a broadcast over
    contiguous runs of B puzzles, with no gather. Cell tests use bit arithmetic instead of
    ``np.where``: for a 9-bit mask ``x``, ``-((x - 1) >> 15)`` is all ones when ``x == 0``.
    """
    status = np.full(len(cand), OPEN, dtype=np.uint8)
    c = np.ascontiguousarray(cand.T)
    active = np.arange(len(cand))
    parts, where = [], []  # the columns of the puzzles that left, and which puzzles they are
    before = _unfilled(c & (c - 1))  # unfilled cells per active puzzle
    for _ in range(max_rounds):
        if active.size == 0:
            break
        c3, dead, unfilled = _round(c, locked)
        done = unfilled == 0
        # a round that fills no cell ends the puzzle's singles: the next round would at
        # most find what locked candidates freed (the confirmation round is saved: -7% of
        # the puzzle-rounds of the hard files, the branches the same within 2%)
        finished = dead | done | (unfilled == before)
        status[active[dead]] = NONE
        status[active[done & ~dead]] = UNIQUE
        if finished.any():
            # np.compress along the puzzle axis keeps C order and is ~10x cheaper than
            # writing columns back through fancy indexing every round
            parts.append(np.compress(finished, c3, axis=1))
            where.append(active[finished])
            keep = ~finished
            c = np.compress(keep, c3, axis=1)
            active = active[keep]
            before = unfilled[keep]
        else:
            c = c3
            before = unfilled
    parts.append(c)
    where.append(active)
    cand = np.empty((len(cand), 81), dtype=np.uint16)
    cand[np.concatenate(where)] = np.ascontiguousarray(np.concatenate(parts, axis=1).T)
    unique = np.nonzero(status == UNIQUE)[0]
    if unique.size:  # a full grid from singles must still be checked house by house
        grid = cand[unique]
        ok = (np.bitwise_or.reduce(grid[:, HOUSES], axis=2) == FULL).all(axis=1)
        status[unique[~ok]] = NONE
    return status, cand


def _branch_cells(c: np.ndarray) -> np.ndarray:
    """Per row of (R, 81) masks, the open cell to branch on: the fewest candidates, and
    among cells with about as few the one with the most open peers, bivalue peers counting a
    quarter more (score = candidates x ``BRANCH_WEIGHT`` - open peers - bivalue peers / 4),
    whose digit then removes the most candidates. Against the fewest candidates alone (first
    such cell), open peers halve the branches of the forum's hardest (575 -> 258 per puzzle)
    and magictour's (40 -> 21), and Royle's 3.7 -> 1.5; the bivalue quarter takes a further
    2-4% of the puzzle-rounds (branches: forum 262 -> 256, magictour 21.2 -> 20.1, Royle
    1.49 -> 1.38).

    Open cells in a cell's row, column and box by inclusion-exclusion over sums (row +
    column + box - the row's part of the box - the column's part), all as broadcasts: no
    (R, 81, 20) gather, and no BLAS product (its threads would count as CPU time)."""
    return _branch_columns(np.ascontiguousarray(c.T))


BIVALUE_SHARE = 4
"""An open peer weighs this much in :func:`_branch_columns`' sums, a bivalue peer one more
(a quarter more; 6 does about as well but overflows the uint8 score)."""


def _branch_columns(ct: np.ndarray) -> np.ndarray:
    """:func:`_branch_cells` on cell-major (81, R) masks, in uint8 (half the memory traffic
    of int16), everything scaled by :data:`BIVALUE_SHARE`: the score is shifted by 100 (the
    most a cell's 20 peers can weigh) to stay positive (at most 9 x 16 + 100 = 244), and
    closed cells get 255 by an OR, not a masked store."""
    counts = np.bitwise_count(ct)  # (81, R) uint8
    open_ = (counts > 1).view(np.uint8)
    weight = open_ * np.uint8(BIVALUE_SHARE)
    weight += (counts == 2).view(np.uint8)
    g = weight.reshape(3, 3, 3, 3, -1)  # box row, row in box, box col, col
    minirow = g[:, :, :, 0] + g[:, :, :, 1]  # (3, 3, 3, R); cell-major, every sum is a few
    minirow += g[:, :, :, 2]  # adds of contiguous runs of R
    minicol = g[:, 0] + g[:, 1]
    minicol += g[:, 2]
    row = minirow[:, :, 0] + minirow[:, :, 1]
    row += minirow[:, :, 2]
    col = minicol[0] + minicol[1]
    col += minicol[2]
    box = minirow[:, 0] + minirow[:, 1]
    box += minirow[:, 2]
    seen = (row[:, :, None, None] + col[None, None]) + box[:, None, :, None]
    seen -= minirow[:, :, :, None]
    seen -= minicol[:, None]  # the weights of the peers and the cell itself
    counts *= BRANCH_WEIGHT * BIVALUE_SHARE
    counts += 100
    seen = seen.reshape(81, -1)
    seen -= weight  # the peers' weights alone
    counts -= seen
    open_ -= 1  # 255 where closed, 0 where open
    counts |= open_
    # the first cell of least score: score << 7 | cell, least by a min along axis 0 (a
    # plain reduction; argmin costs ~0.7 us per column, 3x more)
    packed = counts.astype(np.uint16)
    packed <<= 7
    packed |= _CELL_INDEX
    cell: np.ndarray = (packed.min(axis=0) & 127).astype(np.intp)
    return cell


def solution_strings(cand: np.ndarray) -> list[str]:
    """81-character digit strings of rows with one candidate per cell."""
    digits = _DIGIT_OF_MASK[cand] + ord("0")
    text = digits.astype(np.uint8).tobytes().decode("ascii")
    return [text[i:i + 81] for i in range(0, len(text), 81)]
