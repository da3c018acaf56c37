"""Cuts, made in advance, against the models that split a found Masyu answer by one 2x2 swap.

Once ``lazy`` has found an answer A it blocks A and searches on for a second one. The solver
starts from A (its saved phases), so the next models are A with one local change. The most
common is a *swap*: where A runs along two opposite sides of a 2x2 block of cells (a face),
trade those two edges for the face's other two. For a simple loop this always gives two loops:
the face flips between the inside and the outside of A, and in a simple loop such a face
joins two parts of the inside (or of the outside) that meet nowhere else. Each such model
used to cost a SAT call and a cut, and the places where a loop runs beside itself grow with
the grid: the uniqueness proof of a generated 100x100 took 75 calls, most of them swaps.

Here every swap face of A is found at once, and for the smaller of its two pieces (at most
``MAX_PIECE_CELLS`` cells) one clause is made: *some edge leaves the piece's cells*. It is the
region cut of :mod:`masyu_lazy` on the piece's cells alone, sound for the same reason: an
answer visits every pearl, so when the cells hold some but not all pearls the answer has
cells on both sides of their border. The clause holds for every answer whatever A is, so it
forbids no answer, and it is false in the swapped model (the piece is a closed loop and the
cells it encloses hold no edge of A). The piece's enclosed area would make a stronger clause;
on a generated 100x100 it saved 3 calls of 90 (scratch), not worth a per-piece scan.

Everything is computed with numpy from A's cycle order: a piece is a run of consecutive
positions along A, so its pearl count comes from prefix sums and "leaves the piece" is a test
on positions. See ``MAX_PIECE_CELLS`` for the measurements.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pencilsat.encodings.clause_arrays import Clause
from pencilsat.encodings.loops.edges import GridEdges

MAX_PIECE_CELLS = 400
"""Only swaps whose smaller piece has at most this many cells get a cut: a cut lists about
two edges per cell of the piece, and the solver rarely meets a swap that splits A in halves."""


def cycle_order(grid: GridEdges, edge_vars: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """One closed loop's cells and edges in walking order: edge ``k`` joins cell ``k`` and
    cell ``k + 1`` (mod the length). Each cell's two loop edges come from numpy; the walk
    itself is a Python loop over integers, once per solve (about 9,000 steps at 100x100)."""
    end_a, end_b, incident = grid.arrays()
    chosen = np.asarray(edge_vars, dtype=np.int64)
    used = np.zeros(len(grid) + 1, dtype=bool)
    used[chosen] = True
    slots = np.where(used[incident], incident, 0)
    slots.sort(axis=1)
    high, low = slots[:, 3].tolist(), slots[:, 2].tolist()
    ends_a, ends_b = end_a.tolist(), end_b.tolist()
    v = int(chosen.min())
    cell = ends_a[v]
    cells, edges = [], []
    for _ in range(len(chosen)):
        cells.append(cell)
        edges.append(v)
        a = ends_a[v]
        cell = ends_b[v] if a == cell else a
        v = low[cell] if high[cell] == v else high[cell]
    return np.array(cells, dtype=np.int64), np.array(edges, dtype=np.int64)


def swap_cuts(grid: GridEdges, answer: Sequence[int], pearl_mask: np.ndarray,
              max_cells: int = MAX_PIECE_CELLS) -> list[Clause]:
    """One clause per swap face of the loop ``answer`` (its edge variables) whose smaller
    piece has at most ``max_cells`` cells and holds some but not all pearls (``pearl_mask``:
    a boolean per cell id): some edge leaves that piece's cells."""
    cells, edges = cycle_order(grid, answer)
    length = len(edges)
    if length < 8:
        return []
    width = grid.width
    edge_pos = np.full(len(grid) + 1, -1, dtype=np.int64)
    edge_pos[edges] = np.arange(length)
    first, second = _swap_positions(grid, edge_pos)
    if not len(first):
        return []
    low, high = np.minimum(first, second), np.maximum(first, second)
    inner = high - low
    use_inner = inner <= length - inner
    start = np.where(use_inner, low + 1, high + 1) % length
    size = np.where(use_inner, inner, length - inner)
    pearls_on = pearl_mask[cells].astype(np.int64)
    total = int(pearl_mask.sum())
    prefix = np.concatenate(([0], np.cumsum(np.concatenate((pearls_on, pearls_on)))))
    held = prefix[start + size] - prefix[start]
    keep = (size <= max_cells) & (held > 0) & (held < total)
    start, size, low, high = start[keep], size[keep], low[keep], high[keep]
    if not len(start):
        return []
    # per position: the up to two edges of its cell that are not A's, and the position of
    # the cell at their other end (-1 when that cell is off A)
    cell_pos = np.full(width * grid.height, -1, dtype=np.int64)
    cell_pos[cells] = np.arange(length)
    end_a, end_b, incident = grid.arrays()
    around = incident[cells]
    own = (around == edges[:, None]) | (around == np.roll(edges, 1)[:, None])
    other = np.where(own, 0, around)
    other.sort(axis=1)
    other = other[:, 2:]
    neighbour = np.where(end_a[other] == cells[:, None], end_b[other], end_a[other])
    other_pos = np.where(other > 0, cell_pos[neighbour], -1)
    # every (piece, position in it) pair, then its leaving edges
    count = len(start)
    piece = np.repeat(np.arange(count), size)
    offset = np.arange(len(piece)) - np.repeat(np.cumsum(size) - size, size)
    pos = (start[piece] + offset) % length
    leaving_edges = other[pos]
    there = other_pos[pos]
    inside = (there >= 0) & ((there - start[piece][:, None]) % length < size[piece][:, None])
    leaves = (leaving_edges > 0) & ~inside
    edge_list = leaving_edges[leaves]
    owner = np.broadcast_to(piece[:, None], leaves.shape)[leaves]
    # the two swapped edges of A leave the piece too
    edge_list = np.concatenate((edge_list, edges[low], edges[high]))
    owner = np.concatenate((owner, np.arange(count), np.arange(count)))
    order = np.argsort(owner, kind="stable")
    bounds = np.searchsorted(owner[order], np.arange(count + 1)).tolist()
    flat = edge_list[order].tolist()
    return [flat[bounds[i]:bounds[i + 1]] for i in range(count)]


def _swap_positions(grid: GridEdges, edge_pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The positions along A of the two edges of every swap face: a 2x2 block with A on two
    opposite sides and not on the other two."""
    width, height = grid.width, grid.height
    if width < 2 or height < 2:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    corner = np.arange(width * height).reshape(height, width)[:-1, :-1].ravel()
    sides = grid.sides  # per cell: up, left, right, down
    top, bottom = edge_pos[sides[corner, 2]], edge_pos[sides[corner + width, 2]]
    left, right = edge_pos[sides[corner, 3]], edge_pos[sides[corner + 1, 3]]
    across = (top >= 0) & (bottom >= 0) & (left < 0) & (right < 0)
    down = (left >= 0) & (right >= 0) & (top < 0) & (bottom < 0)
    return (np.concatenate((top[across], left[down])),
            np.concatenate((bottom[across], right[down])))
