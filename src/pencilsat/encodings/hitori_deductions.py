"""Hitori's forced deductions, made before any clause: most janko grids (all of the 20
largest) end with every cell decided, and such a grid's answer is unique without a solver.

Every deduction here holds in every answer (none assumes the puzzle unique):

- of two equal numbers with one cell between them in a line, the middle one stays unshaded;
- of two equal numbers side by side one is shaded, so every other cell of that number in
  the line is shaded (unshaded, it would shade both, and they touch); a triple is two pairs;
- a shaded cell's neighbours stay unshaded; an unshaded number shades its equals in its
  row and column;
- an undecided cell whose removal splits the cells not shaded stays unshaded: shaded, its
  neighbours would stay unshaded and lie in different parts.

A number that repeats nowhere is not assumed unshaded (an answer may shade it). So once
every cell is decided, no answer but that grid exists; and the grid is one, since the rules
are kept all along (no cell is shaded that would split the cells not shaded: that is a
contradiction). A contradiction means no answer exists; :func:`settle` reports it and leaves
the verdict to the solver, like an undecided cell.

The splitting test is local, by the duality of a grid's 4-connected cells and the
8-connected cells around them: removing cell ``x`` splits the cells not shaded exactly when
two blocked stretches of its 8-cell ring (shaded, or beyond the border) that lie between
different 4-connected open stretches belong to one 8-connected piece of shaded cells (the
border is one piece). A union-find keeps the pieces as cells are shaded, and a table of the
256 ring patterns names the stretches, so a test is a few look-ups. A cell about to be
shaded needs no table: its edge neighbours are open (or beyond the border), so each shaded
diagonal neighbour is a blocked stretch of its own and the border one (two in a 1-wide
grid); it splits exactly when joining its pieces meets one piece twice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.puzzles.hitori import HitoriPuzzle

UNDECIDED, SHADED, UNSHADED = 0, 1, 2
"""A cell's state in :class:`Deductions`."""

DEDUCE_UP_TO = 10_000
"""Grids of at most this many cells are deduced (a 100x100 in about 50 ms); a larger one
goes to the solver at once: the tables here are Python lists, a few hundred bytes a cell,
and the clock is looked at between passes only."""

RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
"""The 8 cells around a cell in cyclic order; odd positions share an edge with it."""


@dataclass
class Deductions:
    """What :func:`settle` found: each cell's state row-major (:data:`UNDECIDED`,
    :data:`SHADED`, :data:`UNSHADED`), whether it met a contradiction (then the states are
    partial and no answer exists), and how many rounds found splitting cells (a measure of
    difficulty: each round needs the connectivity seen anew)."""

    states: list[int]
    contradiction: bool
    rounds: int = 0

    @property
    def settled(self) -> bool:
        """Every cell decided without a contradiction: the states are the only answer."""
        return not self.contradiction and UNDECIDED not in self.states

    @property
    def open_cells(self) -> int:
        return self.states.count(UNDECIDED)


def _separators(mask: int) -> tuple[tuple[int, ...], ...] | None:
    """For a ring whose blocked positions are the set bits of ``mask``: the blocked
    positions between each two consecutive open stretches that hold an edge neighbour (the
    stretches a cell's removal may split), ``None`` when there are fewer than two."""
    blocked = [bool(mask >> i & 1) for i in range(8)]
    if all(blocked) or not any(blocked):
        return None
    start = next(i for i in range(8) if blocked[i] and not blocked[i - 1])
    runs: list[tuple[bool, list[int]]] = []
    for k in range(8):
        pos = (start + k) % 8
        if runs and runs[-1][0] == blocked[pos]:
            runs[-1][1].append(pos)
        else:
            runs.append((blocked[pos], [pos]))
    real = [i for i, (shut, positions) in enumerate(runs)
            if not shut and any(p % 2 for p in positions)]
    if len(real) < 2:
        return None
    out = []
    for here, there in zip(real, real[1:] + [real[0] + len(runs)], strict=True):
        out.append(tuple(p for i in range(here + 1, there) for shut, positions
                         in [runs[i % len(runs)]] if shut for p in positions))
    return tuple(out)


SEPARATORS = tuple(_separators(mask) for mask in range(256))
""":func:`_separators` of every ring pattern."""

HEADS = tuple(None if separators is None else tuple(positions[0] for positions in separators)
              for separators in SEPARATORS)
"""One position of each separator, for the rings :func:`settle` tests: there only corners
and the border are blocked (a cell beside a shaded one is unshaded before it is tested),
so a separator is one blocked stretch, one shaded corner or the border, hence one
piece."""


CORNER_BITS = (1 << 4, 1 << 6, 1 << 0, 1 << 2)
"""A cell's bit in the rings of its diagonal neighbours (up-left, up-right, down-right,
down-left: the positions 0, 2, 4, 6 of its own ring, seen from the other side)."""


@dataclass(frozen=True)
class _Shape:
    """A grid shape's fixed tables, each cell's: ring (cell ids, ``W * H`` beyond the
    border: the border's node, in the union-find and, always unshaded, in the states);
    4-neighbours (positions 1, 3, 5, 7 of the ring); diagonal neighbours (0, 2, 4, 6), each
    with the cell's bit in their ring; ring bits beyond the border. Only corners are marked
    in a ring as cells are shaded: an undecided cell beside a shaded one is about to be
    unshaded, so its ring's edge positions are never shaded when it is tested."""

    rings: list[list[int]]
    neighbours: list[list[int]]
    corners: list[list[tuple[int, int]]]
    outside: list[int]


@lru_cache(maxsize=16)
def _shape(width: int, height: int) -> _Shape:
    """Array steps, not a loop per cell: a user solving one puzzle pays for them."""
    size = width * height
    rows, columns = np.divmod(np.arange(size), width)
    steps = np.array(RING)
    near_rows = rows[:, None] + steps[:, 0]
    near_columns = columns[:, None] + steps[:, 1]
    inside = ((near_rows >= 0) & (near_rows < height)
              & (near_columns >= 0) & (near_columns < width))
    ring = np.where(inside, near_rows * width + near_columns, size)
    outside = (~inside).astype(np.int64) @ (1 << np.arange(8))
    corners = [list(zip(near, CORNER_BITS, strict=True)) for near in ring[:, 0::2].tolist()]
    return _Shape(ring.tolist(), ring[:, 1::2].tolist(), corners, outside.tolist())


def line_classes(puzzle: HitoriPuzzle) -> tuple[list[Sequence[int]], list[Sequence[int]],
                                                 list[int], list[int]]:
    """Each cell's equals in its row and in its column (the other cells of that line
    holding its number, grid order; empty when it has none or no number); the cells pairs
    of equal neighbours shade (the pair's equals in its line); the middles of the
    sandwiches. One stable sort of all the (number, line) keys, then one Python pass over
    the equal neighbours in that order (whole-array steps past the sort cost more: each is
    a few microseconds even on a small grid)."""
    numbers = puzzle.numbers
    height, width = numbers.shape
    size = width * height
    span = width + height
    values = numbers.ravel().astype(np.int64)  # int32 numbers: a product would overflow
    keys = np.concatenate((values, values)) * span + _line_ids(width, height)
    if int(values.max()) * span < 2**15 - 2 * span:
        order = np.argsort(keys.astype(np.int16), kind="stable")  # a radix sort
    else:
        order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    same = (ordered[1:] == ordered[:-1]) & (ordered[1:] >= span)  # a number, not . or ?
    entries = order.tolist()  # below size: a row's entry, else a column's
    cells = (order % size).tolist()
    none: Sequence[int] = ()
    row_equals = [none] * size
    column_equals = [none] * size
    classes: list[tuple[list[int], list[Sequence[int]]]] = []
    pairs: list[tuple[list[int], int, int]] = []
    middles: list[int] = []
    group: list[int] = []
    step, end = 1, -1
    for at in np.flatnonzero(same).tolist():  # entries at and at + 1 share a class
        a, b = cells[at], cells[at + 1]
        if at != end:  # a new class
            group = [a]
            if entries[at] < size:
                classes.append((group, row_equals))
                step = 1
            else:
                classes.append((group, column_equals))
                step = width
        group.append(b)
        end = at + 1
        if b - a == step:  # side by side (a 1-wide grid's columns too)
            pairs.append((group, a, b))
        elif b - a == 2 * step:
            middles.append(a + step)
    for group, equals in classes:
        if len(group) == 2:
            a, b = group
            equals[a], equals[b] = (b,), (a,)
        else:
            for x in group:
                equals[x] = [y for y in group if y != x]
    shaded: list[int] = []
    for group, a, b in pairs:
        if len(group) > 2:
            shaded += [x for x in group if x != a and x != b]
    return row_equals, column_equals, shaded, middles


@lru_cache(maxsize=16)
def _line_ids(width: int, height: int) -> np.ndarray:
    """Each cell's row, then each cell's column numbered after the rows (``2 * W * H``)."""
    rows, columns = np.indices((height, width))
    return np.concatenate((rows.ravel(), height + columns.ravel()))


def _splits(separators: tuple[tuple[int, ...], ...], ring: list[int],
            parent: list[int], find: Callable[[int], int]) -> bool:
    """Whether two of ``separators`` (:data:`SEPARATORS`: ring positions) hold cells of one
    shaded piece (``parent``: the union-find's links, ``find``: a node's piece)."""
    seen: dict[int, int] = {}
    for k, positions in enumerate(separators):
        for pos in positions:
            root = parent[ring[pos]]
            if parent[root] != root:
                root = find(root)
            if seen.setdefault(root, k) != k:
                return True
    return False


def cut_cells(shaded: list[bool], width: int, height: int) -> set[int]:
    """The cells not shaded whose removal splits the cells not shaded (row-major ids), by
    the ring test :func:`settle` makes, for any shading: what a search checks it against."""
    shape = _shape(width, height)
    size = width * height
    parent = list(range(size + 1))

    def find(node: int) -> int:
        while parent[node] != node:
            parent[node] = node = parent[parent[node]]
        return node

    out = set()
    for cell in range(size):
        if shaded[cell]:
            for x in shape.rings[cell]:
                if x == size or shaded[x]:
                    parent[find(x)] = find(cell)
    for cell in range(size):
        mask = sum(1 << pos for pos, x in enumerate(shape.rings[cell])
                   if x == size or shaded[x])
        separators = SEPARATORS[mask]
        if not shaded[cell] and separators is not None \
                and _splits(separators, shape.rings[cell], parent, find):
            out.add(cell)
    return out


def settle(puzzle: HitoriPuzzle, deadline: float | None = None) -> Deductions:
    """The forced deductions of ``puzzle``, run to their fixed point;
    ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    width, height = puzzle.width, puzzle.height
    size = width * height
    shape = _shape(width, height)
    row_equals, column_equals, to_shade, to_unshade = line_classes(puzzle)
    states = [UNDECIDED] * size + [UNSHADED]  # the border's node last
    parent = list(range(size + 1))
    masks = list(shape.outside)
    candidates: set[int] = set()  # cells whose ring may make them a cut
    neighbours, rings, corners = shape.neighbours, shape.rings, shape.corners
    outside, table = shape.outside, SEPARATORS

    rounds = 0

    def done(contradiction: bool) -> Deductions:
        return Deductions(states[:size], contradiction, rounds)

    def find(node: int) -> int:
        while parent[node] != node:
            parent[node] = node = parent[parent[node]]
        return node

    def splits(cell: int) -> bool:
        """Whether two separators of the undecided ``cell``'s ring are one piece."""
        ring = rings[cell]
        heads = HEADS[masks[cell]]
        assert heads is not None
        if len(heads) == 2:  # most often
            return find(ring[heads[0]]) == find(ring[heads[1]])
        roots = [find(ring[pos]) for pos in heads]
        return len(set(roots)) < len(roots)

    while True:
        while to_shade or to_unshade:
            for cell in to_unshade:
                now = states[cell]
                if now:
                    if now == SHADED:
                        return done(True)
                    continue
                states[cell] = UNSHADED
                to_shade += row_equals[cell]
                to_shade += column_equals[cell]
            to_unshade = []
            shading, to_shade = to_shade, []
            for cell in shading:
                now = states[cell]
                if now == SHADED:
                    continue
                if now == UNSHADED:
                    return done(True)
                states[cell] = SHADED
                if outside[cell]:  # join the border's piece
                    if table[outside[cell]] is not None:  # the border twice in its ring
                        return done(True)
                    parent[find(size)] = cell
                for x, bit in corners[cell]:
                    now = states[x]
                    if now == SHADED:  # join the shaded piece it touches
                        root = x
                        while parent[root] != root:  # find, inline: the hottest loop
                            parent[root] = root = parent[parent[root]]
                        if root == cell:  # a piece touched twice: the cell splits
                            return done(True)
                        parent[root] = cell
                    elif not now:  # an undecided cell with it in its ring
                        mask = masks[x] = masks[x] | bit
                        if table[mask] is not None:
                            candidates.add(x)
                to_unshade += neighbours[cell]
        check_clock(deadline)
        candidates = {x for x in candidates if not states[x]}
        if not candidates:
            return done(False)
        to_unshade = [x for x in candidates if splits(x)]
        if not to_unshade:
            return done(False)
        rounds += 1
