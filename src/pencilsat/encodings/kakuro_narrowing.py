"""Kakuro's candidates narrowed on bit masks, each run's work a few table look-ups.

The rules are :func:`pencilsat.encodings.cage_sums.narrow`'s (a run keeps the digit sets
whose every digit fits some cell and that meet every cell, a cell the digits of its runs'
kept sets, naked and hidden singles), and a run of two cells keeps in each cell only the
digits with a partner in the other (:func:`~pencilsat.encodings.cage_sums.pair_support`),
which those rules alone sometimes leave (a 2-cell 9 on {1,2,7} and {2,8}: 2 has no 7 beside
it). Kakuro's shape makes them cheap: every white cell is in exactly two runs (across and
down), so a changed cell queues one other run, and a run's kept sets are one integer (bit
``j`` for its ``j``-th digit set). :func:`run_table` keeps, per run length and sum, the
sets meeting each cell mask, those inside each union of masks, and the union and
intersection of each choice of sets, so a visit has no loop over the sets. A run is
narrowed again at once until its own rules change nothing, instead of going back to the
queue. The first pass gives each cell the union of its runs' sets and queues only the runs
with a cell that differs from its union (the others are at their fixpoint). A contradiction
(a cell or run left without a digit or a set, one digit twice) stops the narrowing: there
is no answer. Every rule holds in every answer, so the candidates keep all the answers; at
the fixpoint every run's rules hold on its cells, so a grid settled there keeps every rule.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.cage_sums import pair_support, set_masks
from pencilsat.puzzles.kakuro import DIGITS, KakuroPuzzle

EVERY_DIGIT = sum(1 << d for d in DIGITS)
"""Bit ``d`` for each digit ``d``: a cell nothing has narrowed yet."""

LOOK_EVERY = 256
"""Runs narrowed between two looks at the clock (and the memory budget)."""


class RunTable(NamedTuple):
    """One run length and sum's look-ups (masks: bit ``d`` for digit ``d``; set choices:
    bit ``j`` for the ``j``-th digit set)."""

    meet: list[int]
    """Per cell mask, the sets with a digit in it."""
    inside: list[int]
    """Per union of cell masks, the sets with every digit in it."""
    union: list[int]
    """Per choice of sets, the digits some set of it has."""
    common: list[int]
    """Per choice of sets, the digits every set of it has (0 for no set)."""
    every: int
    """Every set chosen (0: no set has this sum)."""


@lru_cache(maxsize=1024)
def run_table(length: int, total: int | None) -> RunTable:
    """The look-ups of a run of ``length`` cells adding up to ``total`` (``None``: no sum,
    distinct digits only, as one set of every digit that no cell must hold). A run of more
    than nine cells has no set, with a sum or without."""
    masks = np.arange(1 << (max(DIGITS) + 1))
    if total is None and length <= len(DIGITS):
        ones = [1] * len(masks)
        return RunTable(ones, ones, [0, EVERY_DIGIT], [0, 0], 1)
    sets = set_masks(length, total, DIGITS) if total and length <= len(DIGITS) else ()
    meet = np.zeros_like(masks)
    inside = np.zeros_like(masks)
    union = np.zeros(1, dtype=np.int64)
    common = np.full(1, -1, dtype=np.int64)
    for j, s in enumerate(sets):
        meet |= ((masks & s) != 0).astype(np.int64) << j
        inside |= ((masks & s) == s).astype(np.int64) << j
        union = np.concatenate([union, union | s])
        common = np.concatenate([common, common & s])
    common[0] = 0
    return RunTable(meet.tolist(), inside.tolist(), union.tolist(), common.tolist(),
                    (1 << len(sets)) - 1)


class RunLayout(NamedTuple):
    """The runs of one puzzle over its white cells (numbered row-major)."""

    cell_count: int
    cells: list[list[int]]
    """Per run, its cells."""
    read: list[Callable[[Sequence[int]], tuple[int, ...]]]
    """Per run, its cells' masks as a tuple (``itemgetter``: one C call)."""
    pairs: Sequence[Mapping[int, int] | None]
    """Per run of two cells with a sum, :func:`~pencilsat.encodings.cage_sums.pair_support`
    (the digits one cell may hold beside each mask of the other); ``None`` for the others."""
    both: list[int]
    """Per cell, the numbers of its two runs added up (less one run's, the other's)."""
    tables: list[RunTable]
    """Per run, :func:`run_table` of its length and sum."""


def run_layout(puzzle: KakuroPuzzle) -> RunLayout:
    """The cell numbers of each run and the other run of each cell, read off the grid's
    rows (the across runs row by row, then the down runs column by column, as
    :meth:`~pencilsat.puzzles.kakuro.KakuroPuzzle.runs` lists them; on plain lists, a few
    times cheaper than numpy's calls on a janko grid)."""
    rows = puzzle.white.tolist()
    across_sums, down_sums = puzzle.across.tolist(), puzzle.down.tolist()
    width = len(rows[0])
    number = [[-1] * width for _ in rows]
    cells: list[list[int]] = []
    totals: list[int] = []
    across_of: list[int] = []
    count = 0
    for row, numbers, sums in zip(rows, number, across_sums, strict=True):
        c = 0
        while c < width:
            if not row[c]:
                c += 1
                continue
            totals.append(sums[c - 1] if c else 0)
            start = count
            while c < width and row[c]:
                numbers[c] = count
                count += 1
                c += 1
            across_of += [len(cells)] * (count - start)
            cells.append(list(range(start, count)))
    both = across_of  # per cell, its across run's number plus its down run's
    for c in range(width):
        r = 0
        while r < len(rows):
            k = number[r][c]
            if k < 0:
                r += 1
                continue
            totals.append(down_sums[r - 1][c] if r else 0)
            members = []
            while k >= 0:
                members.append(k)
                both[k] += len(cells)
                r += 1
                k = number[r][c] if r < len(rows) else -1
            cells.append(members)
    rules = [_run_rules(len(members), total or None)
             for members, total in zip(cells, totals, strict=True)]
    read = [itemgetter(*members) if len(members) > 1 else _one(members[0])
            for members in cells]
    return RunLayout(count, cells, read, [pair for _, pair in rules], both,
                     [table for table, _ in rules])


@lru_cache(maxsize=1024)
def _run_rules(length: int, total: int | None) -> tuple[RunTable, Mapping[int, int] | None]:
    """:func:`run_table` and, for two cells with a sum, their
    :func:`~pencilsat.encodings.cage_sums.pair_support`."""
    pair = (pair_support(set_masks(2, total, DIGITS)) if total is not None and length == 2
            else None)
    return run_table(length, total), pair


def _one(i: int) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """:func:`operator.itemgetter` of one index, still giving a tuple."""
    return lambda masks: (masks[i],)


def narrow_runs(layout: RunLayout, deadline: float | None = None) -> list[int] | None:
    """Each white cell's candidates (bit ``d`` for digit ``d``) at the rules' fixpoint;
    ``None`` at a contradiction (no answer). Past ``deadline`` (or the memory budget),
    :class:`~pencilsat.core.result.TimeLimitReached`."""
    group_cells, both, tables = layout.cells, layout.both, layout.tables
    read, pairs = layout.read, layout.pairs
    masks = [EVERY_DIGIT] * layout.cell_count
    for members, table in zip(group_cells, tables, strict=True):
        whole = table.union[table.every]
        for i in members:
            masks[i] &= whole
    if not all(masks):
        return None
    kept = [table.every for table in tables]
    waiting: deque[int] = deque()
    queued = [False] * len(group_cells)
    for g, (members, table) in enumerate(zip(group_cells, tables, strict=True)):
        whole = table.union[table.every]
        for i in members:
            if masks[i] != whole:
                waiting.append(g)
                queued[g] = True
                break
    visits = 0
    while waiting:
        g = waiting.popleft()
        queued[g] = False
        visits += 1
        if visits % LOOK_EVERY == 0:
            check_clock(deadline)
        members = group_cells[g]
        support = pairs[g]
        if support is not None:  # two cells: each keeps the digits the other supports
            i, j = members
            a, b = masks[i], masks[j]
            a_new = a & support[b]
            b_new = b & support[a_new]
            if not b_new:
                return None
            if a_new != a:
                masks[i] = a_new
                h = both[i] - g
                if not queued[h]:
                    queued[h] = True
                    waiting.append(h)
            if b_new != b:
                masks[j] = b_new
                h = both[j] - g
                if not queued[h]:
                    queued[h] = True
                    waiting.append(h)
            continue
        meet, inside, union, common, _ = tables[g]
        choice = kept[g]
        while True:
            old = read[g](masks)
            once = twice = taken = 0
            for mask in old:
                if not mask & (mask - 1):
                    if not mask or taken & mask:
                        return None
                    taken |= mask
                twice |= once & mask
                once |= mask
                choice &= meet[mask]
            choice &= inside[once]
            if not choice:
                return None
            allowed, must = union[choice], common[choice]
            if must & ~once:
                return None
            hidden = must & ~twice & ~taken
            if not (once & ~allowed or twice & taken or hidden):
                break
            keep = allowed & ~taken
            # digits outside ``allowed`` alone leave the sets and singles as they were: the
            # run is narrowed again only after a single or a hidden digit
            again = hidden or twice & taken
            for pos, mask in enumerate(old):
                if mask & hidden:
                    new = mask & hidden
                    if new & (new - 1):  # two digits that must stand in one cell
                        return None
                elif mask & (mask - 1):
                    new = mask & keep
                    if not new & (new - 1):
                        if not new:
                            return None
                        again = True
                else:
                    new = mask & allowed
                if new != mask:
                    if not new:
                        return None
                    i = members[pos]
                    masks[i] = new
                    h = both[i] - g
                    if not queued[h]:
                        queued[h] = True
                        waiting.append(h)
            if not again:
                break
        kept[g] = choice
    return masks
