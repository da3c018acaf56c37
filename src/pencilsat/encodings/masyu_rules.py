"""Masyu's local rules as clauses over one boolean per grid edge, without the single-loop rule.

Shared by the ``lazy`` (CNF, sub-loop cuts) and ``circuit`` (CP-SAT ``AddCircuit``) strategies:
both state degree and pearl rules the same way and differ only in how they enforce one loop.

The rules are Tamura's (digest, "Constraints" 1, 3-5) restated directly on edges, so no
integer, direction or straightness variable is needed:

- degree in {0, 2} (:mod:`pencilsat.encodings.loops.degree`, shared by every loop genre); a
  pearl cell has a used edge.
- white pearl: the loop goes straight (left <-> right, up <-> down, and one of the two axes);
  it turns beside the pearl: when the horizontal axis is used, the edges two cells to the left
  and two to the right are not both used (the neighbour already uses the edge towards the pearl
  and has degree 2, so it is straight exactly when it continues outward). Same vertically.
- black pearl: the loop turns (not left and right, not up and down, one of each axis), and an
  arm that leaves the pearl continues straight through the next cell (edge -> next edge on).

Variables are the cell-centre grid's edges (:class:`~pencilsat.encodings.loops.edges.GridEdges`,
numbered in ``MasyuPuzzle.all_edges()`` order).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.encodings.clause_arrays import Clause, ordered_clauses, true_literals
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import DOWN, LEFT, RIGHT, UP, GridEdges
from pencilsat.puzzles.masyu import BLACK, WHITE, MasyuPuzzle, MasyuSolution


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
           for side, step in ((UP, -grid.width), (LEFT, -1), (RIGHT, 1),
                              (DOWN, grid.width))]
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
    for slot, (side, cell) in zip((5, 6, 7, 8), ((UP, 1), (LEFT, 3), (RIGHT, 5), (DOWN, 7)),
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


_AXES = ((LEFT, RIGHT, 1), (UP, DOWN, None))
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


def masyu_solution(grid: GridEdges, variables: list[int]) -> MasyuSolution:
    """The answer drawn by the given (true) edge variables."""
    return MasyuSolution(grid.edge_pairs(variables), grid.width, grid.height)
