"""Branch-and-count up to two solutions on many 9x9 Sudokus at once, over the numpy rounds
of :mod:`pencilsat.strategies.sudoku_singles`.

A branch (a column of cell-major masks) whose round of singles and locked candidates fills no
cell is split on one unfilled cell, one child per candidate; children of one split take
different digits there, so their solution sets are disjoint and the completed grids that
pass the house check can simply be counted per puzzle. Singles and branching run in one loop
of rounds (no level waits for its slowest branch), lane by lane: a lane holds the branches of
whole puzzles, about :data:`LANE` columns, so that a round's arrays stay in the core's cache
and what a puzzle finds does not depend on the other puzzles of the batch.
"""

from __future__ import annotations

import numpy as np

from pencilsat.strategies.sudoku_singles import (
    CELL_HOUSES,
    FULL,
    HOUSES,
    LOCKED,
    MULTIPLE,
    NONE,
    OPEN,
    UNIQUE,
    N,
    _branch_columns,
    _round,
    _unfilled,
    houses_full,
)


def count_solutions(cand: np.ndarray, max_levels: int = 40, max_open: int = 64,
                    max_rows: int = 65536) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Count solutions up to two by branching on many puzzles at once (:func:`decide`).

    ``cand`` holds masks after :func:`singles` (any sound reduction of the clues works). A
    branch whose round of singles fills no cell is split on one unfilled cell
    (:func:`_branch_columns`), one branch per candidate. The branches of a split take
    different digits at that cell, so their solution sets are disjoint and the completed
    grids (a grid singles fill and the house check accepts is a solution) can simply be
    counted per puzzle; a puzzle stops at its second solution.

    Returns ``(status, first, second)``: status per puzzle is UNIQUE, NONE, MULTIPLE, or OPEN
    when the tree outgrew the caps (more than ``max_open`` live branches of one puzzle,
    a split past ``max_levels`` levels) and the verdict is left to another solver. To bound
    memory, when the live branches of all puzzles together pass ``max_rows`` the puzzles with
    the most branches are dropped and decided again afterwards in smaller groups. ``first``
    holds the solution of UNIQUE and MULTIPLE rows, ``second`` the other solution of MULTIPLE
    rows.
    """
    status, first, second, _ = decide(cand, max_levels, max_open, max_rows)
    return status, first, second


_DIGIT_SHIFTS = np.arange(N, dtype=np.uint16)[:, None]


def _children(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The children of split columns whose branch cells hold the candidates ``mask`` (S,):
    per child its digit (0-8) and the column it comes from, ordered by digit, then column.
    Children of one column take different digits there, so their solution sets are
    disjoint."""
    digit, origin = np.nonzero((mask >> _DIGIT_SHIFTS) & 1)
    return digit, origin


def _placing_table() -> np.ndarray:
    """(81, 81 x 9) masks, column ``cell * 9 + digit``: the digit's bit at the cell, every
    digit but it at the cell's 20 peers, every digit elsewhere."""
    table = np.full((81, 81 * N), FULL, dtype=np.uint16)
    for cell in range(81):
        around = HOUSES[CELL_HOUSES[cell]].ravel()
        peers = around[around != cell]  # repeats set the same masks; np.setdiff1d's np.unique
        # would import numpy.ma: ~0.02 s of every worker's first shard
        for d in range(N):
            table[peers, cell * N + d] = FULL ^ (1 << d)
            table[cell, cell * N + d] = 1 << d
    return table


_PLACING = _placing_table()
"""A child's masks AND its column here: its digit is placed and taken from the peers when the
child is made, so the child's first round already propagates the singles that leaves (the
naked-singles step of that round would only have taken the digit from the peers). Same
verdicts, branches +0.2%, puzzle-rounds -7% (magictour 64.1 -> 59.4 a puzzle, forum's
hardest 651 -> 607); about 80 ns a child."""


LANE = 4096
"""Columns a lane aims at: :func:`decide` runs its rounds lane by lane, so that a round's
arrays stay in the core's cache (a round over 16,384 columns costs ~40% more per column
than over 2,048-4,096)."""


class _Counts:
    """What :func:`decide` keeps per puzzle across its lanes."""

    def __init__(self, puzzles: int, max_levels: int, branching: bool, locked: bool) -> None:
        self.found = np.zeros(puzzles, dtype=np.int64)
        self.first = np.zeros((puzzles, 81), dtype=np.uint16)
        self.second = np.zeros((puzzles, 81), dtype=np.uint16)
        self.given_up = np.zeros(puzzles, dtype=bool)
        self.branched = np.zeros(puzzles, dtype=bool)
        self.max_levels = max_levels
        self.branching = branching
        self.locked = locked


_Lane = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Cell-major masks (81, R) of R open branches, and per branch its puzzle, its depth and
its unfilled cells before its last round."""


def _advance(lane: _Lane, counts: _Counts) -> tuple[_Lane, bool]:
    """One round on a lane's branches: completed grids counted, dead and finished branches
    dropped, stalled ones split. Returns the new lane and whether it split."""
    c, parent, level, before = lane
    c3, dead, unfilled = _round(c, counts.locked)
    done = unfilled == 0
    done &= ~dead
    if done.any():
        at = np.nonzero(done)[0]
        grid = np.compress(done, c3, axis=1)
        ok = houses_full(grid)
        _count(counts.found, counts.first, counts.second, parent[at[ok]],
               np.compress(ok, grid, axis=1))
    live = ~(dead | done)
    live &= counts.found[parent] < 2
    live &= ~counts.given_up[parent]
    stalled = unfilled == before
    stalled &= live
    if stalled.any():
        if counts.branching:
            deep = stalled & (level >= counts.max_levels)
            counts.given_up[parent[deep]] = True
            stalled &= ~deep
        else:
            counts.given_up[parent[stalled]] = True
            stalled[:] = False
    moving = live & ~stalled
    if not stalled.any():
        return (np.compress(moving, c3, axis=1), parent[moving], level[moving],
                unfilled[moving]), False
    at = np.nonzero(stalled)[0]
    cell = _branch_columns(np.compress(stalled, c3, axis=1))
    digit, origin = _children(c3[cell, at])
    counts.branched[parent[at]] = True
    kept = np.nonzero(moving)[0]
    # the moving columns and the children's parents in one take: one copy of the lane
    src = np.concatenate([kept, at[origin]])
    c = np.take(c3, src, axis=1, mode="clip")  # in range: "clip" skips the check (-8%)
    # each child's digit placed and taken from the cell's peers at once (see _PLACING)
    c[:, kept.size:] &= np.take(_PLACING, cell[origin].astype(np.intp) * N + digit, axis=1,
                                 mode="clip")
    before = unfilled[src]
    before[kept.size:] -= 1
    level = level[src]
    level[kept.size:] += 1
    return (c, parent[src], level, before), True


def _keep(lane: _Lane, keep: np.ndarray) -> _Lane:
    """The lane's branches where ``keep`` (order kept)."""
    c, parent, level, before = lane
    return np.compress(keep, c, axis=1), parent[keep], level[keep], before[keep]


def _rebalance(lanes: list[_Lane]) -> list[_Lane]:
    """Lanes of about :data:`LANE` columns: a lane past twice that is cut in two between
    puzzles, neighbours that fit in one are joined. A puzzle's branches stay in one lane in
    their order, so what a puzzle finds does not depend on the lanes."""
    out: list[_Lane] = []
    todo = lanes[::-1]
    while todo:
        lane = todo.pop()
        width = lane[1].size
        if width == 0:
            continue
        if width > 2 * LANE:
            parent = lane[1]
            cut = np.partition(parent, width // 2)[width // 2]
            low = parent < cut
            if low.any():
                todo += [_keep(lane, ~low), _keep(lane, low)]
                continue
        if out and out[-1][1].size + width <= LANE:
            a = out[-1]
            out[-1] = (np.concatenate([a[0], lane[0]], axis=1),
                       np.concatenate([a[1], lane[1]]), np.concatenate([a[2], lane[2]]),
                       np.concatenate([a[3], lane[3]]))
            continue
        out.append(lane)
    return out


def decide(cand: np.ndarray, max_levels: int = 40, max_open: int = 64,
           max_rows: int = 65536, branching: bool = True,
           locked: bool = LOCKED) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Singles, then (``branching``) a branch-and-count up to two solutions per puzzle, in
    one loop of rounds over every open branch of every puzzle at once.

    ``cand``: (puzzles, 81) masks (from :func:`candidates`, or any sound reduction). Each
    round runs :func:`_round` on all live columns; a column whose round filled no cell is
    split at once on :func:`_branch_columns`' cell, its children join the next round with
    the columns still moving. So the rounds are not synchronised by levels: a puzzle whose
    singles stall branches while others still run theirs, and a round's fixed cost (~0.3
    ms, whatever the number of columns) is paid once per round of a lane of the chunk
    (:data:`LANE` columns, whole puzzles), not once per round of each level. Completed grids
    that pass the house check are solutions, counted per puzzle as in
    :func:`count_solutions`; a puzzle stops at its second.

    Returns ``(status, first, second, branched)``: status UNIQUE, NONE, MULTIPLE, or OPEN
    (past the caps of :func:`count_solutions`, or a stall with ``branching`` off), the
    solutions as in :func:`count_solutions`, and whether the puzzle needed a split (its
    verdict then comes from branching, else from singles alone).
    """
    puzzles = len(cand)
    counts = _Counts(puzzles, max_levels, branching, locked)
    deferred = np.zeros(puzzles, dtype=bool)
    c = np.ascontiguousarray(cand.T)
    lanes = [(c, np.arange(puzzles), np.zeros(puzzles, dtype=np.int32), _unfilled(c & (c - 1)))]
    while lanes:
        lanes = _rebalance(lanes)
        split = False
        for i, lane in enumerate(lanes):
            lanes[i], did = _advance(lane, counts)
            split |= did
        if not split:
            continue
        given_up = counts.given_up
        per_puzzle = np.bincount(np.concatenate([lane[1] for lane in lanes]),
                                 minlength=puzzles)
        given_up |= per_puzzle > max_open
        per_puzzle[given_up] = 0
        if per_puzzle.sum() > max_rows:  # keep the puzzles with the fewest branches
            order = np.argsort(per_puzzle, kind="stable")
            over = np.cumsum(per_puzzle[order]) > max_rows
            given_up[order[over]] = True
            deferred[order[over]] = True
        for i, lane in enumerate(lanes):
            keep = ~given_up[lane[1]]
            if not keep.all():
                lanes[i] = _keep(lane, keep)
    found = counts.found
    out = np.where(found >= 2, MULTIPLE, np.where(found == 1, UNIQUE, NONE)).astype(np.uint8)
    out[counts.given_up & (found < 2)] = OPEN
    if deferred.any():
        _decide_again(cand, np.nonzero(deferred)[0], out, counts, max_levels, max_open,
                      max_rows)
    return out, counts.first, counts.second, counts.branched


def _decide_again(cand: np.ndarray, at: np.ndarray, out: np.ndarray, counts: _Counts,
                  max_levels: int, max_open: int, max_rows: int) -> None:
    """The puzzles ``at`` that :func:`decide` dropped to keep its live branches within
    ``max_rows``, decided again from their candidates in groups of ``max_rows // max_open``
    (a group's branches never pass ``max_rows``, as a puzzle with more than ``max_open``
    is given up), their verdicts, answers and splits written over the dropped ones. A puzzle's
    answers do not depend on the other puzzles it runs with, so each gets what it would
    alone; before, these went to the SAT search, which made hard lines cost 4-7 times as
    much (forum_hardest_1905_se11plus, CPU a line: 4,096 at once 1,455-1,704 against 370 us
    now, 1,833 of them dropped; 16,384 at once 2,860 against 395 us)."""
    group = max(1, max_rows // max(max_open, 1))
    for start in range(0, at.size, group):
        part = at[start:start + group]
        status, first, second, branched = decide(cand[part], max_levels, max_open, max_rows,
                                                 counts.branching, counts.locked)
        out[part] = status
        counts.first[part] = first
        counts.second[part] = second
        counts.branched[part] = branched


def _count(found: np.ndarray, first: np.ndarray, second: np.ndarray, who: np.ndarray,
           grids: np.ndarray) -> None:
    """Count the solutions ``grids`` (81, D) of puzzles ``who`` (D,): the first two of each
    puzzle, in column order, into ``first`` and ``second``."""
    if who.size == 0:
        return
    order = np.argsort(who, kind="stable")
    who = who[order]
    new = np.ones(who.size, dtype=bool)  # the first grid of its puzzle in this round
    np.not_equal(who[1:], who[:-1], out=new[1:])
    rank = found[who]
    if new.all():
        found[who] += 1
    else:  # a puzzle completed two grids or more in this round
        place = np.arange(who.size)
        rank += place - np.maximum.accumulate(np.where(new, place, 0))
        np.add.at(found, who, 1)
    one, two = rank == 0, rank == 1
    first[who[one]] = grids[:, order[one]].T
    second[who[two]] = grids[:, order[two]].T
