"""Shikaku as a partition: every number owns one rectangle, chosen among the rectangles of
its area that hold it and no other number, and every cell lies in exactly one chosen
rectangle (:class:`~pencilsat.encodings.partition.PlacementPartition`).

A ``?`` owns any rectangle that holds it and no other number. Every rule is then a count
(one rectangle per number, one per cell), so the encoding has no connectivity requirement:
its complete clause list is the CNF run's own, and a certificate needs nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.partition import PlacementPartition
from pencilsat.encodings.shikaku_narrowing import rectangle_of
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.shikaku import EMPTY, UNKNOWN, ShikakuPuzzle, ShikakuSolution

ARRAY_CANDIDATES = 2_000_000
"""The most candidate positions of a ``?`` found in one step of arrays; past it (a ``?``
in a large empty area) its rectangles are found one at a time, under the clock."""
CLUES_PER_STEP = 4096
"""Clues whose rectangles are found in one step of arrays, between two looks at the clock
and the memory budget."""

ShikakuEncoding = ShadingEncoding[ShikakuSolution]
"""The exact cover of a Shikaku: its counts, the rectangles' variables as the answer."""


def rectangles(puzzle: ShikakuPuzzle, cell: Cell, value: int,
               deadline: float | None = None) -> Iterator[list[Cell]]:
    """Every rectangle of area ``value`` (any area for :data:`UNKNOWN`) inside the grid
    that holds ``cell`` and no other number, as its cells row-major; by height, then top
    row, then left column. One at a time, in plain loops: the reference the arrays of
    :func:`partition` are tested against."""
    height, width = puzzle.height, puzzle.width
    numbered = np.zeros((height + 1, width + 1), dtype=np.int64)
    numbered[1:, 1:] = np.cumsum(np.cumsum(puzzle.numbers != EMPTY, axis=0), axis=1)
    return _rectangles(numbered.tolist(), width, height, cell, value, deadline)


def _shapes(value: int, width: int, height: int) -> list[tuple[int, int]]:
    """The (height, width) of every rectangle of area ``value`` that fits the grid (every
    size for :data:`UNKNOWN`), by height."""
    if value == UNKNOWN:
        return [(h, w) for h in range(1, height + 1) for w in range(1, width + 1)]
    return [(h, value // h) for h in range(1, min(value, height) + 1)
            if value % h == 0 and value // h <= width]


def _rectangles(prefix: list[list[int]], width: int, height: int, cell: Cell, value: int,
                deadline: float | None) -> Iterator[list[Cell]]:
    r, c = cell
    for h, w in _shapes(value, width, height):
        check_clock(deadline)
        for top in range(max(0, r - h + 1), min(r, height - h) + 1):
            above, below = prefix[top], prefix[top + h]
            rows = range(top, top + h)
            for left in range(max(0, c - w + 1), min(c, width - w) + 1):
                if below[left + w] - above[left + w] - below[left] + above[left] == 1:
                    yield [(i, j) for i in rows for j in range(left, left + w)]


def _candidates(puzzle: ShikakuPuzzle) -> tuple[np.ndarray, ...]:
    """Every (clue, height, width) of a rectangle that may hold a number (a ``?`` has
    every shape: :func:`partition` finds its rectangles one at a time), as arrays: the
    clue's index (in :meth:`~pencilsat.puzzles.shikaku.ShikakuPuzzle.clue_cells` order),
    row, column and the shape; numbers grouped by value, so a grid of a million clues takes
    one step per value and divisor."""
    height, width = puzzle.height, puzzle.width
    rows, cols = np.nonzero(puzzle.numbers != EMPTY)
    values = puzzle.numbers[rows, cols]
    parts: list[tuple[np.ndarray, int, int]] = []
    for value in np.unique(values[values > 0]).tolist():
        which = np.flatnonzero(values == value)
        parts += [(which, h, w) for h, w in _shapes(int(value), width, height)]
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, empty, empty
    clue = np.concatenate([which for which, _, _ in parts])
    shape_h = np.concatenate([np.full(len(which), h) for which, h, _ in parts])
    shape_w = np.concatenate([np.full(len(which), w) for which, _, w in parts])
    order = np.lexsort((shape_w, shape_h, clue))
    clue, shape_h, shape_w = clue[order], shape_h[order], shape_w[order]
    return clue, rows[clue], cols[clue], shape_h, shape_w


def _free_shapes(numbers: np.ndarray, cell: Cell) -> np.ndarray:
    """The (height, width) of the rectangles that may hold the ``?`` at ``cell``, by height:
    no taller than the run of cells without a number through it in its column, no wider
    than the run in its row (a rectangle holds that column's and that row's stretch)."""
    r, c = cell
    column, row = numbers[:, c] != EMPTY, numbers[r, :] != EMPTY
    up = next((k for k in range(1, r + 1) if column[r - k]), r + 1) - 1
    down = next((k for k in range(1, len(column) - r) if column[r + k]), len(column) - r) - 1
    left = next((k for k in range(1, c + 1) if row[c - k]), c + 1) - 1
    right = next((k for k in range(1, len(row) - c) if row[c + k]), len(row) - c) - 1
    h, w = np.meshgrid(np.arange(1, up + down + 2), np.arange(1, left + right + 2),
                       indexing="ij")
    return np.stack([h.ravel(), w.ravel()], axis=1).astype(np.int64)


def _placed(prefix: np.ndarray, width: int, height: int, clue: np.ndarray, row: np.ndarray,
            col: np.ndarray, shape_h: np.ndarray, shape_w: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rectangles of the candidate shapes given (:func:`_candidates`' arrays, or a
    slice): each one's clue, its number of cells, and all their flat cells."""
    shape, offset = _spread(shape_h * shape_w)
    top = row[shape] - offset // shape_w[shape]
    left = col[shape] - offset % shape_w[shape]
    h, w = shape_h[shape], shape_w[shape]
    fits = (top >= 0) & (left >= 0) & (top + h <= height) & (left + w <= width)
    top, left, h, w, shape = top[fits], left[fits], h[fits], w[fits], shape[fits]
    inside = (prefix[top + h, left + w] - prefix[top, left + w] - prefix[top + h, left]
              + prefix[top, left])
    keep = inside == 1
    top, left, h, w, owner = top[keep], left[keep], h[keep], w[keep], clue[shape[keep]]
    return owner, h * w, _cells(top, left, h, w, width)


def _cells(top: np.ndarray, left: np.ndarray, h: np.ndarray, w: np.ndarray,
           width: int) -> np.ndarray:
    """The flat cells of the rectangles given (top row, left column, height, width), one
    rectangle after another, each row-major."""
    placement, index = _spread(h * w)
    return ((top[placement] + index // w[placement]) * width
            + left[placement] + index % w[placement])


def _spread(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For items with ``counts[k]`` parts each: every part's item and its index within."""
    item = np.repeat(np.arange(len(counts)), counts)
    first = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    return item, np.arange(len(item)) - first[item]


def build(puzzle: ShikakuPuzzle, *, deadline: float | None = None,
          masks: list[list[int]] | None = None) -> ShikakuEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed. ``masks``: every number's rectangles as
    :mod:`~pencilsat.encodings.shikaku_narrowing` left them (``None``: all of them)."""

    def decode(labels: np.ndarray) -> ShikakuSolution:
        if (labels < 0).any():  # not a model of the cover: let Regions say what is wrong
            return ShikakuSolution(Regions.from_labels(labels))
        return ShikakuSolution(Regions(by_first_cell(labels)))

    found = (partition(puzzle, deadline=deadline) if masks is None
             else masks_partition(puzzle, masks, deadline))
    return found.encoding(decode)


def masks_partition(puzzle: ShikakuPuzzle, masks: list[list[int]],
                    deadline: float | None = None) -> PlacementPartition:
    """The partition of the rectangles ``masks`` gives per number (the numbers in
    :meth:`~pencilsat.puzzles.shikaku.ShikakuPuzzle.clue_cells` order), e.g. those
    :func:`~pencilsat.encodings.shikaku_narrowing.narrow` left."""
    width = puzzle.width
    out = PlacementPartition(width, puzzle.height, deadline=deadline)
    rects = np.array([rectangle_of(m, width) for ms in masks for m in ms],
                     dtype=np.int64).reshape(-1, 4)
    owner = np.repeat(np.arange(len(masks)), [len(ms) for ms in masks])
    top, left, h, w = rects.T
    out.owners(owner, h * w, _cells(top, left, h, w, width), count=len(masks))
    return out


def by_first_cell(labels: np.ndarray) -> np.ndarray:
    """``labels`` renumbered 0..R-1 in the order of each label's first cell (row-major):
    the numbering of :class:`~pencilsat.puzzles.regions.Regions` when each label is one
    rectangle, so that ``Regions`` computes it once, to check it (``from_labels`` computed
    it a second time: 0.3 of a median solve's 4.4 ms)."""
    _, first, inverse = np.unique(labels.ravel(), return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.int32)
    rank[np.argsort(first)] = np.arange(len(first), dtype=np.int32)
    return rank[inverse].reshape(labels.shape)


def partition(puzzle: ShikakuPuzzle, *, deadline: float | None = None) -> PlacementPartition:
    """The rectangles of every clue as a partition, the clues its owners in
    :meth:`~pencilsat.puzzles.shikaku.ShikakuPuzzle.clue_cells` order.

    The rectangles are found in arrays: per candidate shape of a clue, every position that
    holds the clue (top ``row - dt``, left ``col - dl``), kept when it lies inside the grid
    and holds one numbered cell (a 2-D prefix sum); then each rectangle's cells."""
    height, width = puzzle.height, puzzle.width
    out = PlacementPartition(width, height, deadline=deadline)
    prefix = np.zeros((height + 1, width + 1), dtype=np.int64)
    prefix[1:, 1:] = np.cumsum(np.cumsum(puzzle.numbers != EMPTY, axis=0), axis=1)
    candidates = _candidates(puzzle)
    where = np.nonzero(puzzle.numbers != EMPTY)
    clue_values = puzzle.numbers[where]
    clues = len(clue_values)
    unknown = np.flatnonzero(clue_values == UNKNOWN).tolist()
    stops = sorted({*range(0, clues, CLUES_PER_STEP), *unknown, *(u + 1 for u in unknown),
                    clues})
    plain: list[list[int]] | None = None
    for a, b in zip([0, *stops], stops, strict=False):
        if a == b:
            continue
        check_clock(deadline)
        if b == a + 1 and clue_values[a] == UNKNOWN:  # any area
            cell = (int(where[0][a]), int(where[1][a]))
            shapes = _free_shapes(puzzle.numbers, cell)
            if len(shapes) and int((shapes[:, 0] * shapes[:, 1]).sum()) <= ARRAY_CANDIDATES:
                owner, sizes, cells = _placed(
                    prefix, width, height, np.zeros(len(shapes), dtype=np.int64),
                    np.full(len(shapes), cell[0]), np.full(len(shapes), cell[1]),
                    shapes[:, 0], shapes[:, 1])
                out.owners(owner, sizes, cells, count=1)
            else:  # too many to hold at once: one at a time, the clock inside
                plain = prefix.tolist() if plain is None else plain
                out.owner(_rectangles(plain, width, height, cell, UNKNOWN, deadline))
            continue
        first, last = np.searchsorted(candidates[0], [a, b]).tolist()
        owner, sizes, cells = _placed(prefix, width, height,
                                      *(part[first:last] for part in candidates))
        out.owners(owner - a, sizes, cells, count=b - a)
    return out
