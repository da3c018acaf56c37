"""Masyu's local rules as clauses over one boolean per grid edge, without the single-loop rule.

Shared by the ``lazy`` (CNF, sub-loop cuts) and ``circuit`` (CP-SAT ``AddCircuit``) strategies:
both state degree and pearl rules the same way and differ only in how they enforce one loop.

The rules are Tamura's (digest, "Constraints" 1, 3-5) restated directly on edges, so no
integer, direction or straightness variable is needed:

- degree in {0, 2}: a used edge at a cell needs another used edge there (no dead end), and no
  three edges of a cell are used together (no branch); a pearl cell has a used edge.
- white pearl: the loop goes straight (left <-> right, up <-> down, and one of the two axes);
  it turns beside the pearl: when the horizontal axis is used, the edges two cells to the left
  and two to the right are not both used (the neighbour already uses the edge towards the pearl
  and has degree 2, so it is straight exactly when it continues outward). Same vertically.
- black pearl: the loop turns (not left and right, not up and down, one of each axis), and an
  arm that leaves the pearl continues straight through the next cell (edge -> next edge on).

Variables are numbered 1..len(edges) in ``MasyuPuzzle.all_edges()`` order (row-major, right
edge before down edge), which PySAT uses directly and CP-SAT maps to its own literals.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, cached_property
from itertools import combinations

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.puzzles.masyu import BLACK, WHITE, Edge, MasyuPuzzle, MasyuSolution

Clause = list[int]
_UP, _LEFT, _RIGHT, _DOWN = range(4)
"""Columns of ``GridEdges.sides``."""


class GridEdges:
    """The edge variables of a grid: edge <-> 1-based variable number, and edges per cell.

    Built with numpy from the cell ids alone (the numbering is a formula, see the module
    docstring): a 100x100 grid has 19,800 edges and a ``lazy`` solve builds this once per
    puzzle. The list and dict views, which only small grids and the slower paths use, are
    made on first use.
    """

    def __init__(self, puzzle: MasyuPuzzle) -> None:
        self.width = width = puzzle.width
        self.height = height = puzzle.height
        ids = np.arange(width * height, dtype=np.int64)
        rows, cols = np.divmod(ids, width)
        has_right = cols + 1 < width
        has_down = rows + 1 < height
        per_cell = has_right.astype(np.int64) + has_down
        first = np.cumsum(per_cell) - per_cell + 1
        right = np.where(has_right, first, 0)
        down = np.where(has_down, first + has_right, 0)
        left = np.zeros_like(right)
        left[1:] = np.where(cols[1:] > 0, right[:-1], 0)
        up = np.zeros_like(down)
        up[width:] = down[:-width]
        self.count = int(per_cell.sum())
        self.sides = np.stack((up, left, right, down), axis=1)
        """Per cell id its edge variables towards up, left, right and down (0 off the grid):
        ascending, since variables are numbered row by row."""
        end_a = np.zeros(self.count + 1, dtype=np.int64)
        end_b = np.zeros(self.count + 1, dtype=np.int64)
        end_a[right[has_right]] = ids[has_right]
        end_b[right[has_right]] = ids[has_right] + 1
        end_a[down[has_down]] = ids[has_down]
        end_b[down[has_down]] = ids[has_down] + width
        packed = np.where(self.sides > 0, self.sides, np.iinfo(np.int64).max)
        packed.sort(axis=1)
        packed[packed == np.iinfo(np.int64).max] = 0
        self._arrays = (end_a, end_b, packed)

    @cached_property
    def ends(self) -> list[tuple[int, int]]:
        """Per variable (index 0 unused): the two cells as ids ``row * width + col``."""
        end_a, end_b, _ = self._arrays
        return list(zip(end_a.tolist(), end_b.tolist(), strict=True))

    @cached_property
    def incident_ids(self) -> list[list[int]]:
        """Edge variables per cell id, in variable order."""
        return [[v for v in row if v] for row in self.side_lists]

    @cached_property
    def side_lists(self) -> list[list[int]]:
        """``sides`` as Python lists, for the per-pearl clause builders."""
        return self.sides.tolist()

    @cached_property
    def edges(self) -> list[Edge]:
        """Per variable v, ``edges[v - 1]``: the edge as a pair of cells."""
        width = self.width
        return [(divmod(a, width), divmod(b, width)) for a, b in self.ends[1:]]

    @cached_property
    def var(self) -> dict[Edge, int]:
        return {e: i + 1 for i, e in enumerate(self.edges)}

    @cached_property
    def incident(self) -> dict[Cell, list[int]]:
        """Edge variables per cell, in variable order."""
        width = self.width
        return {divmod(i, width): vs for i, vs in enumerate(self.incident_ids)}

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """numpy views for per-model work on big grids: the two end cells per variable
        (index 0 unused) and the up-to-four edge variables per cell (ascending, 0 pads)."""
        return self._arrays

    def cell_id(self, cell: Cell) -> int:
        return cell[0] * self.width + cell[1]

    def cell_of(self, cell_id: int) -> Cell:
        return divmod(cell_id, self.width)

    def __len__(self) -> int:
        return self.count

    def between(self, a: Cell, b: Cell) -> int | None:
        """The variable of the edge between ``a`` and ``b``, ``None`` off the grid."""
        return self.var.get((a, b) if a < b else (b, a))

    def solution(self, variables: list[int]) -> MasyuSolution:
        """The answer drawn by the given (true) edge variables. Made from the end arrays, not
        ``edges``: a 100x100 grid's full edge list costs about 5 ms and a solve needs only
        the answer's edges."""
        end_a, end_b, _ = self._arrays
        chosen = np.asarray(variables, dtype=np.int64)
        rows_a, cols_a = np.divmod(end_a[chosen], self.width)
        rows_b, cols_b = np.divmod(end_b[chosen], self.width)
        edges = frozenset(zip(zip(rows_a.tolist(), cols_a.tolist(), strict=True),
                              zip(rows_b.tolist(), cols_b.tolist(), strict=True), strict=True))
        return MasyuSolution(edges, self.width, self.height)


def local_rule_clauses(puzzle: MasyuPuzzle, grid: GridEdges) -> list[Clause]:
    """Degree and pearl clauses for every cell; an empty clause means no answer exists."""
    clauses = degree_clauses(grid)
    clauses.extend(pearl_clauses(puzzle, grid))
    return clauses


def local_rule_parts(puzzle: MasyuPuzzle, grid: GridEdges, band: int,
                     values: np.ndarray | None = None) -> Iterator[list[Clause]]:
    """``local_rule_clauses`` in pieces of at most ``band`` cells each, in the same order
    (degree clauses band by band, then pearl clauses band by band): a caller with a time
    limit looks at the clock between pieces, as a 1000x1000 grid takes seconds to build.
    With ``values`` (settled edges, see ``open_rows``) the clauses they satisfy are left
    out."""
    cells = grid.width * grid.height
    for first in range(0, cells, band):
        yield degree_clauses(grid, slice(first, first + band), values)
    for first in range(0, cells, band):
        yield pearl_clauses(puzzle, grid, slice(first, first + band), values)


def degree_clauses(grid: GridEdges, cells: slice = slice(None),
                   values: np.ndarray | None = None) -> list[Clause]:
    """Per cell (of the cell-id range ``cells``; every cell by default), in cell order: no
    dead end (for each of its edges, that edge implies one of the others) and no branch (not
    three of its edges together), each in the order of the cell's edge variables. Built per
    number of edges with numpy; the tests keep the cell-by-cell definition as the reference.
    An earlier numpy version was dropped (787080d) when ``GridEdges`` built its per-cell lists
    anyway; those lists are now made on first use, and a per-cell build pays for them: 2.4
    against 0.8 ms on the seed 36x20, 42 against 19 ms on a 100x100 (garbage collector off,
    as in ``lazy``)."""
    sides = grid.sides[cells]
    present = sides > 0
    degree = present.sum(axis=1)
    count = degree + degree * (degree - 1) * (degree - 2) // 6
    offset = np.cumsum(count) - count
    parts = []
    for k in range(1, 5):
        chosen = degree == k
        if not chosen.any():
            continue
        edges = sides[chosen][present[chosen]].reshape(-1, k)
        at = offset[chosen][:, None]
        others = [[j for j in range(k) if j != i] for i in range(k)]
        dead_ends = np.concatenate((-edges[:, :, None], edges[:, others]), axis=2)
        parts.append((at + np.arange(k), dead_ends))
        if k >= 3:
            triples = list(combinations(range(k), 3))
            parts.append((at + k + np.arange(len(triples)), -edges[:, triples]))
    return ordered_clauses(parts, int(count.sum()), values)


def ordered_clauses(parts: list[tuple[np.ndarray, np.ndarray]], total: int,
                    values: np.ndarray | None = None) -> list[Clause]:
    """The clauses of several integer arrays (the last axis is a clause), each clause put at
    its given position of the result: how the builders keep the cell-by-cell order of the
    clauses without a Python loop per cell. With ``values`` (see ``open_rows``) the clauses
    they satisfy are left out and the rest keep their order."""
    if values is not None:
        open_parts = []
        for positions, rows in parts:
            flat = rows.reshape(-1, rows.shape[-1])
            keep = open_rows(flat, values)
            open_parts.append((positions.ravel()[keep], flat[keep]))
        parts = open_parts
        kept = np.zeros(total, dtype=bool)
        for positions, _ in parts:
            kept[positions] = True
        renumber = np.cumsum(kept) - 1
        parts = [(renumber[positions], rows) for positions, rows in parts]
        total = int(kept.sum())
    out = np.empty(total, dtype=object)
    for positions, rows in parts:
        clauses = rows.reshape(-1, rows.shape[-1]).tolist()
        out[positions.ravel()] = np.fromiter(clauses, dtype=object, count=len(clauses))
    return out.tolist()


def open_rows(rows: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per row of clause literals (0 pads), whether no literal is already true under
    ``values`` (per variable 1 true, -1 false, 0 open; index 0 unused and 0)."""
    return ~(values[np.abs(rows)] * np.sign(rows) > 0).any(axis=-1)


def true_literals(values: np.ndarray) -> np.ndarray:
    """The literals ``values`` makes true: ``v`` for a variable set to 1, ``-v`` for -1."""
    settled = np.flatnonzero(values)
    return settled * values[settled]


def drop_satisfied(rows: np.ndarray, values: np.ndarray | None) -> np.ndarray:
    """``rows`` without the clauses ``values`` satisfy (all of them without values)."""
    return rows if values is None else rows[open_rows(rows, values)]


def pearl_clauses(puzzle: MasyuPuzzle, grid: GridEdges, cells: slice = slice(None),
                  values: np.ndarray | None = None) -> list[Clause]:
    """Every pearl (of the cell-id range ``cells``; all by default) is on the loop and obeys
    its colour's rule (digest, constraints 4-5), pearl by pearl in cell order; with
    ``values`` (see ``open_rows``) without the clauses they satisfy.

    Built with numpy: the pearls fall into a few kinds (colour, and which of their edges and
    far edges exist), and ``_pearl_rule`` run once per kind on a symbolic neighbourhood gives
    that kind's clauses in terms of neighbourhood slots, filled in for all its pearls at once
    (random 100x100, 3,840 pearls: 14-18 against 21-34 ms pearl by pearl, three runs on a
    slow machine; most of what is left is making the Python lists)."""
    colours = puzzle.pearls.ravel()
    first = cells.indices(len(colours))[0]
    chosen = colours[cells]
    ids = np.flatnonzero(chosen) + first
    kinds = chosen[ids - first].astype(np.int64)
    slots = _pearl_slots(grid, ids)
    signature = kinds * 256 + ((slots[:, 1:] > 0) << np.arange(8)).sum(axis=1)
    keys, group = np.unique(signature, return_inverse=True)
    templates = [_pearl_template(int(key)) for key in keys.tolist()]
    count = np.array([len(t) for t in templates], dtype=np.int64)[group]
    offset = np.cumsum(count) - count
    if any(not clause for template in templates for clause in template):
        # a pearl with no way through gets the empty clause, which the arrays cannot hold
        return _pearl_clauses_one_by_one(grid, ids, kinds, values)
    parts = []
    for number, template in enumerate(templates):
        members = group == number
        chosen_slots, at = slots[members], offset[members]
        for position, clause in enumerate(template):
            literals = np.array(clause, dtype=np.int64)
            parts.append((at + position, np.sign(literals) * chosen_slots[:, np.abs(literals)]))
    return ordered_clauses(parts, int(count.sum()), values)


def _pearl_clauses_one_by_one(grid: GridEdges, ids: np.ndarray, kinds: np.ndarray,
                              values: np.ndarray | None) -> list[Clause]:
    clauses: list[Clause] = []
    true = set() if values is None else set(true_literals(values).tolist())
    for cell_id, colour in zip(ids.tolist(), kinds.tolist(), strict=True):
        rule = _pearl_rule(grid.side_lists, grid.width, cell_id, colour)
        clauses.extend(c for c in rule if true.isdisjoint(c))
    return clauses


def _pearl_slots(grid: GridEdges, ids: np.ndarray) -> np.ndarray:
    """Per pearl cell id its neighbourhood's edge variables (0 where off the grid): slot 0
    unused, 1-4 its own edges (up, left, right, down), 5-8 the far edges its rule reads
    (the edge beyond each neighbour, on the same side)."""
    sides = grid.sides
    here = sides[ids]
    far = [np.where(here[:, side] > 0, sides[np.clip(ids + step, 0, len(sides) - 1), side], 0)
           for side, step in ((_UP, -grid.width), (_LEFT, -1), (_RIGHT, 1),
                              (_DOWN, grid.width))]
    return np.concatenate((np.zeros((len(ids), 1), dtype=np.int64), here,
                           np.stack(far, axis=1).reshape(len(ids), 4)), axis=1)


@cache
def _pearl_template(key: int) -> list[Clause]:
    """``_pearl_rule`` for one kind of pearl (``colour * 256 + bits``: which of slots 1-8
    exist) on a symbolic 3x3 neighbourhood whose variables are the slot numbers."""
    colour, bits = divmod(key, 256)
    exists = [bool(bits >> i & 1) for i in range(8)]
    table = [[0, 0, 0, 0] for _ in range(9)]
    table[4] = [slot if exists[slot - 1] else 0 for slot in (1, 2, 3, 4)]
    for slot, (side, cell) in zip((5, 6, 7, 8), ((_UP, 1), (_LEFT, 3), (_RIGHT, 5), (_DOWN, 7)),
                                  strict=True):
        table[cell][side] = slot if exists[slot - 1] else 0
    return _pearl_rule(table, 3, 4, colour)


def pearl_rule(grid: GridEdges, cell: Cell, colour: int) -> list[Clause]:
    """The clauses of one pearl: on the loop, then its colour's rule."""
    return _pearl_rule(grid.side_lists, grid.width, grid.cell_id(cell), colour)


def _pearl_rule(sides: list[list[int]], width: int, cell_id: int, colour: int) -> list[Clause]:
    """``pearl_rule`` on the per-cell edge table (``GridEdges.sides`` as lists); the edge two
    steps away on an axis is the neighbour's edge on the same side (0 off the grid)."""
    rule = _white_pearl if colour == WHITE else _black_pearl if colour == BLACK else None
    if rule is None:
        raise ValueError(f"no pearl at {divmod(cell_id, width)}")
    return [[v for v in sides[cell_id] if v], *rule(sides, width, cell_id)]


_AXES = ((_LEFT, _RIGHT, 1), (_UP, _DOWN, None))
"""Per axis: the side before, the side after, the cell-id step (None: the grid width)."""


def _white_pearl(sides: list[list[int]], width: int, cell_id: int) -> list[Clause]:
    """Straight through the pearl, and a turn in at least one of the two cells beside it."""
    here = sides[cell_id]
    out: list[Clause] = []
    open_axes = []
    for side_before, side_after, step in _AXES:
        step = step or width
        before, after = here[side_before], here[side_after]
        if not before or not after:
            out.extend([-e] for e in (before, after) if e)
            continue
        out.append([-before, after])
        out.append([-after, before])
        open_axes.append(before)
        far_before = sides[cell_id - step][side_before]
        far_after = sides[cell_id + step][side_after]
        if far_before and far_after:
            out.append([-before, -far_before, -far_after])
    out.append(open_axes)
    return out


def _black_pearl(sides: list[list[int]], width: int, cell_id: int) -> list[Clause]:
    """A turn on the pearl (one edge of each axis), each arm straight through the next cell."""
    here = sides[cell_id]
    out: list[Clause] = []
    for side_before, side_after, step in _AXES:
        step = step or width
        before, after = here[side_before], here[side_after]
        present = [e for e in (before, after) if e]
        out.append(present)
        if len(present) == 2:
            out.append([-before, -after])
        for arm, side, near in ((before, side_before, cell_id - step),
                                (after, side_after, cell_id + step)):
            if not arm:
                continue
            far = sides[near][side]
            out.append([-arm, far] if far else [-arm])
    return out


def no_square_loops(grid: GridEdges, values: np.ndarray | None = None) -> list[Clause]:
    """Forbid every 2x2 loop: it turns in all four cells, so no pearl can lie on it.

    Valid only when the puzzle has a pearl (the answer must visit it); a cheap, static share
    of the sub-loop cuts that the lazy strategy would otherwise learn one model at a time.
    With ``values`` the squares they already break are left out.
    """
    width, height = grid.width, grid.height
    right, down = grid.sides[:, _RIGHT], grid.sides[:, _DOWN]
    corner = np.arange(width * height).reshape(height, width)[:-1, :-1].ravel()
    if not len(corner):
        return []
    rows = np.stack((-right[corner], -down[corner], -down[corner + 1], -right[corner + width]),
                    axis=1)
    return drop_satisfied(rows, values).tolist()
