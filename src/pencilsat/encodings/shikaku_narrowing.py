"""Shikaku's candidate rectangles as bit masks, narrowed by exact-cover deductions before any
clause is written: 388 of 448 janko grids end with one rectangle per number, an answer
proved unique without a solver, and trials (:func:`covers`) settle most of the others.

A rectangle is a Python integer whose bit ``r * W + c`` is cell ``(r, c)``; a number's
rectangles are read off a table per area and grid width (every shape and every offset of
the number inside it, :func:`_offsets`), kept when they lie in the grid and hold no other
number. Narrowing removes a rectangle only when no answer takes it, repeating until nothing
changes:

- the cells every rectangle of a number holds are that number's (its rectangles'
  intersection): another number's rectangle over one of them dies;
- a cell only one number's rectangles reach is that number's: its rectangles without the
  cell die.

A number left without rectangles, or a cell no rectangle reaches, means no answer. Both
rules follow from "every cell in exactly one rectangle, every number in exactly one", so
the answers after narrowing are exactly the answers before; once every number keeps one
rectangle and they cover the grid, that cover is the only answer. On a median janko the
masks take 0.27 ms and narrowing 0.39 ms of CPU.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import and_, or_

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.shikaku import EMPTY, UNKNOWN, ShikakuPuzzle, ShikakuSolution

MOST_CELLS = 1600
"""The largest grid narrowed as masks (a 40x40; janko's largest is 20x36): a mask holds a
bit per cell, so a larger grid's rectangles take the arrays of
:func:`pencilsat.encodings.shikaku.partition` instead."""
CLUES_PER_LOOK = 64
"""Numbers whose rectangles are listed between two looks at the clock."""

Offset = tuple[int, int, int, int, int, int]
"""One shape and one position of a number in it: height, width, rows above the number,
columns left of it, the shape's mask at the grid's corner, and the number's bit in it."""


def takes_masks(puzzle: ShikakuPuzzle) -> bool:
    """Whether :func:`rectangle_masks` takes ``puzzle``: no ``?`` (whose rectangles have
    any area) and at most :data:`MOST_CELLS` cells."""
    return puzzle.width * puzzle.height <= MOST_CELLS and not (puzzle.numbers == UNKNOWN).any()


@lru_cache(maxsize=512)
def _offsets(value: int, width: int) -> tuple[Offset, ...]:
    """Every (height, width) of area ``value`` no wider than the grid, and every cell of
    it the number may sit on; the shape as a mask with its top left at bit 0."""
    out = []
    for h in range(1, value + 1):
        w = value // h
        if value % h or w > width:
            continue
        row = (1 << w) - 1
        block = reduce(or_, (row << (i * width) for i in range(h)))
        out += [(h, w, dt, dl, block, dt * width + dl) for dt in range(h) for dl in range(w)]
    return tuple(out)


def rectangle_masks(puzzle: ShikakuPuzzle, deadline: float | None = None) -> list[list[int]]:
    """Every number's rectangles as masks, the numbers in
    :meth:`~pencilsat.puzzles.shikaku.ShikakuPuzzle.clue_cells` order (no ``?``:
    :func:`takes_masks`). An offset is tried only when the rectangle stays within the
    number's free cross: the cells without a number up, down, left and right of it (a
    rectangle holds the stretch of its number's row and column it spans)."""
    height, width = puzzle.height, puzzle.width
    rows, cols = np.nonzero(puzzle.numbers != EMPTY)
    clues = list(zip(rows.tolist(), cols.tolist(), puzzle.numbers[rows, cols].tolist(),
                     strict=True))
    numbered = reduce(or_, (1 << (r * width + c) for r, c, _ in clues), 0)
    up, down = _column_runs(clues, height)
    out = []
    row = col = -1
    for k, (r, c, v) in enumerate(clues):
        if k % CLUES_PER_LOOK == 0:
            check_clock(deadline)
        left = c - col - 1 if row == r else c  # free cells left of the number
        # cells from the number to the next one (or the edge) on its right
        right = clues[k + 1][1] - c if k + 1 < len(clues) and clues[k + 1][0] == r \
            else width - c
        row, col = r, c
        above, below = up[k], down[k]
        at = r * width + c
        bit = 1 << at
        out.append([m for h, w, dt, dl, block, off in _offsets(v, width)
                    if dt <= above and h - dt <= below and dl <= left and w - dl <= right
                    and (m := block << (at - off)) & numbered == bit])
    return out


def _column_runs(clues: list[tuple[int, int, int]], height: int) -> tuple[list[int], list[int]]:
    """For each number (row-major ``clues``): the free cells above it in its column, and
    the cells from it down to the next number (or the edge)."""
    up, down = [0] * len(clues), [0] * len(clues)
    last: dict[int, int] = {}  # column -> the number seen last in it
    for k, (r, c, _) in enumerate(clues):
        before = last.get(c)
        if before is None:
            up[k] = r
        else:
            up[k] = r - clues[before][0] - 1
            down[before] = r - clues[before][0]
        last[c] = k
    for k in last.values():
        down[k] = height - clues[k][0]
    return up, down


def narrow(masks: list[list[int]], cells: int, deadline: float | None = None) -> bool:
    """Narrow every number's rectangles (``masks``, changed in place) by the module's two
    rules until nothing changes; ``cells``: the number of cells of the grid. False when
    they show there is no answer (``masks`` then partly narrowed).

    ``held`` (the cells some number holds: every intersection) only grows, so it is kept
    from round to round; the intersections stay apart, as a rectangle over another number's
    cell is removed. Each round recounts which cells one number alone reaches."""
    full = (1 << cells) - 1
    unions = [reduce(or_, ms, 0) for ms in masks]
    inters = [reduce(and_, ms, -1) for ms in masks]
    held = covered = 0
    for ms, i in zip(masks, inters, strict=True):
        if not ms or held & i:  # no rectangle, or two numbers both hold a cell
            return False
        held |= i
        if len(ms) == 1:
            covered |= i
    active = [k for k, ms in enumerate(masks) if len(ms) != 1]
    while active:
        check_clock(deadline)
        once = twice = 0
        for k in active:
            u = unions[k]
            twice |= once & u
            once |= u
        if once | covered != full:  # a cell no rectangle reaches
            return False
        free = ~(twice | covered)  # the cells only one number's rectangles reach
        either = held | free
        still = []
        changed = False
        for k in active:
            i = inters[k]
            # u & either holds i; more when u reaches another number's cell, or a cell
            # only this number reaches that not all its rectangles hold
            if unions[k] & either == i:
                still.append(k)
                continue
            taken = held ^ i  # the others' cells (i lies within held)
            must = unions[k] & free  # apart from taken: a cell of both is reached twice
            keep = taken | must
            ms = [m for m in masks[k] if m & keep == must]
            if not ms:
                return False
            masks[k] = ms
            unions[k], inters[k] = reduce(or_, ms), reduce(and_, ms)
            held |= inters[k]  # seen by the numbers after this one in this round
            either |= inters[k]
            changed = True
            if len(ms) == 1:
                covered |= ms[0]
            else:
                still.append(k)
        if not changed:
            return True
        active = still
    return covered == full


def covers(masks: list[list[int]], cells: int, deadline: float | None = None, *,
           most: int = 2, nodes: int = 8) -> list[list[int]] | None:
    """Up to ``most`` answers of narrowed ``masks`` (each one rectangle per number), by
    trying each rectangle of the number with fewest left and narrowing again; ``None`` when
    that takes more than ``nodes`` narrowings (a grid for the clauses). Every answer is
    found: a branch is left only when narrowing shows it has none."""
    found: list[list[int]] = []
    budget = [nodes]

    def walk(state: list[list[int]]) -> bool:  # False: out of budget
        open_ = [k for k, ms in enumerate(state) if len(ms) > 1]
        if not open_:
            found.append([ms[0] for ms in state])
            return True
        k = min(open_, key=lambda j: len(state[j]))
        for m in state[k]:
            if len(found) >= most:
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            trial = list(state)
            trial[k] = [m]
            if narrow(trial, cells, deadline) and not walk(trial):
                return False
        return True

    return found if walk(masks) else None


def rectangle_of(mask: int, width: int) -> tuple[int, int, int, int]:
    """The top row, left column, height and width of a rectangle's mask."""
    low = (mask & -mask).bit_length() - 1
    run = mask >> low
    w = min(((run + 1) & ~run).bit_length() - 1, width)  # full rows run on as one
    return low // width, low % width, mask.bit_count() // w, w


def settled_answer(puzzle: ShikakuPuzzle, rectangles: list[int]) -> ShikakuSolution:
    """The answer of one rectangle mask per number that together cover the grid: each
    region numbered in the order of its lowest bit (its top left cell, so its first cell
    row-major, as :class:`~pencilsat.puzzles.regions.Regions` numbers them), the masks'
    bits unpacked into one row per region. When the masks are shown to cut the grid
    (their cells add up to the grid's and together cover it, so no two overlap), that
    numbering is :class:`Regions`' own (a rectangle is 4-connected) and is taken without
    :func:`~pencilsat.puzzles.regions.canonical_regions`' check; otherwise the checking
    constructor decides. The referee's rule check still sees every answer."""
    cells = puzzle.width * puzzle.height
    size = (cells + 7) // 8
    ordered = sorted(rectangles, key=lambda m: m & -m)
    packed = np.frombuffer(b"".join(m.to_bytes(size, "little") for m in ordered),
                           dtype=np.uint8).reshape(len(ordered), size)
    bits = np.unpackbits(packed, axis=1, count=cells, bitorder="little")
    labels = bits.argmax(axis=0).astype(np.int32).reshape(puzzle.height, puzzle.width)
    cut = sum(m.bit_count() for m in ordered) == cells \
        and reduce(or_, ordered, 0) == (1 << cells) - 1
    return ShikakuSolution(Regions.numbered(labels) if cut else Regions(labels))
