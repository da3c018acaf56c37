"""Cells labelled with the size of their region: the partition machinery for genres whose
regions are free polyominoes named by their size (Fillomino; a region genre that labels
cells with a region's number can take the block and cut parts).

Every cell takes one size ``k`` of its domain (one variable per cell and size, exactly one
true). A *block* is a 4-connected area of cells with one size; the rule is that every block
of size ``k`` has exactly ``k`` cells. So two side-by-side cells are in one region exactly
when their sizes are equal, no boundary variable is needed, and different regions of equal
size never touch. The partition's answer atoms are the cell-size variables.

Clauses written at once (local consequences of the rule): a cell of size 1 has no
neighbour of size 1, one of size ``k >= 2`` a neighbour of size ``k``; no connected set of
``k + 1`` cells all of size ``k``, for ``k`` up to :data:`SMALL_SIZES`.

Each given ``k`` from :data:`ANCHOR_FROM` on whose levels fit :data:`ANCHOR_LEVELS` has its
block written out as reachability levels from the given (:meth:`SizedRegions.
_anchored_blocks`), "exactly ``k`` cells at the last level" among the counts: its block has
``k`` cells in every model, with no cut (janko 266_9x9: 414 SAT calls before, 26 after).

The rest of the rule is left to cuts on each model (:class:`BlockSizeCuts`): a block of
size ``k`` with more than ``k`` cells gets "not all of these ``k + 1`` connected cells are
``k``"; a block with fewer gets "this cell of it is not ``k``, or a cell of the fence around
it is ``k``" for each of its cells and the fences of up to :data:`ENCLOSURE_LAYERS` growing
areas of fewer than ``k`` cells around it (one cut holds for every block shape in the area).
Both hold in every answer, so the search on them is complete; ``rings`` writes the fence
cut of every ball around every cell at once (:meth:`SizedRegions._ring_clauses`). Counts:
an area of cells that may be ``k`` holding a given ``k`` and fewer than ``2k`` cells has
exactly ``k`` cells of ``k``. Domains: a cell's size ``k`` needs a 4-connected area of ``k``
cells through it that may be ``k``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.encodings.connectivity import (
    Clause,
    ShadingEncoding,
    components,
    grid_graph,
    outside_neighbours,
)

Answer = TypeVar("Answer")
SMALL_SIZES = 3
"""Sizes whose "no block larger than k" is written at once as clauses over every connected
set of ``k + 1`` cells (4 cells per tetromino placement: 19 per cell for ``k = 3``)."""
FREE = 0
ANCHOR_FROM = 3
"""The smallest given whose block is written as levels (:meth:`SizedRegions._anchored_blocks`):
a block of 2 is already exact by the local clauses."""
ANCHOR_LEVELS = 800
"""The most level variables a given's block may take (a variable per cell and level within
``k - 1`` steps through cells that may be ``k``); a given beyond is left to the cuts. CPU
seconds at a load of 14 (all givens 3..20 anchored -> this budget): janko 704_20x17 1.19 ->
0.40 (no anchor: 0.22), 266_9x9 4.1 -> 3.8 (no anchor: 7.3); 286_10x10's ten 36s, anchored,
took 5.3 s instead of 2.1 (2,113 cheap calls)."""
"""The largest such given: levels cost a variable per cell and level within ``k - 1`` steps
(janko 286_10x10's ten 36s: 894 -> 23,434 variables, 2.1 -> 5.3 s of CPU, where the cuts
need 2,113 cheap calls). Larger givens' blocks are left to the cuts."""
"""A cell whose size is not given."""
RING_SIZES = 64
"""The largest size given ring clauses (:meth:`SizedRegions._ring_clauses`)."""
ENCLOSURE_LAYERS = 8
"""Fences per block too small (:meth:`SizedRegions.block_cuts`): its own and those of up to
seven rings of cells around it, while the area stays smaller than the block's size
(234_10x10: 4,597 SAT calls with the block's cells in the cut; 339 with one fence of one cell
each, 85 with three). Eight against three, CPU seconds with the open label: 266_9x9 10.4 ->
5.8, 286_10x10 2.40 -> 1.83 (2,709 -> 2,113 calls), 608_10x18 2.70 -> 2.12, 811_10x10 0.77
-> 0.42; fewer calls on each of 7 puzzles measured, 209_20x36 the same."""


def size_domains(given: np.ndarray, *, deadline: float | None = None,
                 open_from: int | None = None, largest: int | None = None) -> list[list[int]]:
    """Each cell's possible sizes, row-major: its given size (``given[r, c] >= 1``), else
    every ``k`` whose area of cells free or given ``k`` through the cell holds ``k`` cells
    (``given`` <= 0: free), none past ``largest`` when given; with ``open_from``, the sizes
    from it on as the one label ``open_from`` (:class:`SizedRegions`)."""
    height, width = given.shape
    graph = grid_graph(width, height, deadline=deadline)
    flat = np.asarray(given).ravel()
    free = flat <= FREE
    domains: list[list[int]] = [[int(v)] if v > FREE else [] for v in flat.tolist()]
    # sizes larger than the largest free area plus the givens of that size are impossible
    values = sorted({int(v) for v in flat[~free].tolist()})
    free_parts = components(graph, np.flatnonzero(free).tolist())
    biggest = max((len(p) for p in free_parts), default=0)
    last = max([biggest, *values])
    stop = last if open_from is None else min(last, open_from)
    for k in range(1, stop + 1 if largest is None else min(stop, largest) + 1):
        check_clock(deadline)
        may = free | (flat == k)
        for part in components(graph, np.flatnonzero(may).tolist()):
            if len(part) < k:
                continue
            for cell in part:
                if free[cell]:
                    domains[cell].append(k)
    return domains


@functools.cache
def fixed_shapes(size: int) -> tuple[tuple[Cell, ...], ...]:
    """Every fixed polyomino of ``size`` cells (turned and mirrored shapes counted apart),
    each as cells moved to touch row 0 and column 0: 2 dominoes, 6 trominoes, 19
    tetrominoes."""
    shapes: set[tuple[Cell, ...]] = set()
    frontier: set[frozenset[Cell]] = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown: set[frozenset[Cell]] = set()
        for shape in frontier:
            for r, c in shape:
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n not in shape:
                        grown.add(normalised_cells(shape | {n}))
        frontier = grown
    shapes = {tuple(sorted(shape)) for shape in frontier}
    return tuple(sorted(shapes))


def normalised_cells(cells: Iterable[Cell]) -> frozenset[Cell]:
    """``cells`` moved to touch row 0 and column 0."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def shape_placements(mask: np.ndarray, size: int) -> np.ndarray:
    """Every placement of a fixed polyomino of ``size`` cells on cells where ``mask`` is
    true: one row of flat cell indices (``r * W + c``) per placement."""
    height, width = mask.shape
    index = np.arange(height * width).reshape(height, width)
    out = []
    for shape in fixed_shapes(size):
        rows = max(r for r, _ in shape) + 1
        cols = max(c for _, c in shape) + 1
        if rows > height or cols > width:
            continue
        fits = np.ones((height - rows + 1, width - cols + 1), dtype=bool)
        for r, c in shape:
            fits &= mask[r:r + height - rows + 1, c:c + width - cols + 1]
        tops, lefts = np.nonzero(fits)
        out.append(np.stack([index[tops + r, lefts + c] for r, c in shape], axis=1))
    return np.concatenate(out) if out else np.zeros((0, size), dtype=np.int64)


class SizedRegions:
    """The builder: ``variable[cell][k]`` is "cell (flat ``r * W + c``) has size ``k``"
    for every ``k`` of its domain; :meth:`encoding` returns the counts, the local clauses
    and the block-size cuts as a :class:`~pencilsat.encodings.connectivity.ShadingEncoding`
    whose decoder receives the size grid.

    With ``open_from`` (above every given and :data:`SMALL_SIZES`), the label ``open_from``
    stands for every size from ``open_from`` on: its blocks are the areas of such cells,
    each cut only when smaller than ``open_from``. Every answer's sizes, with those from
    ``open_from`` on written ``open_from``, are a model; a model is an answer with each open
    area one block of its cell count; so a model without an open cell is exactly one answer
    (an open area might split into several blocks: a caller gives up on such a model). The
    free cells of a large empty area take ``open_from`` labels instead of hundreds (janko
    209_20x36: 254,232 cell-size variables, ...)."""

    def __init__(self, given: np.ndarray, *, deadline: float | None = None,
                 open_from: int | None = None, anchor_levels: int = ANCHOR_LEVELS,
                 largest: int | None = None, rings: bool = False) -> None:
        """``anchor_levels``: the most level variables a given's block may take to be
        anchored (:data:`ANCHOR_LEVELS` by default); ``largest``: no size past it (a
        variant's rule, pzprjs' Fillomino ``t``); ``rings``: the ring clauses too
        (:meth:`_ring_clauses`)."""
        self.given = np.asarray(given)
        self.height, self.width = self.given.shape
        if open_from is not None and open_from <= max(SMALL_SIZES, int(self.given.max())):
            raise ValueError(f"open_from {open_from} must exceed every given and "
                             f"{SMALL_SIZES}")
        self.open_from = open_from
        self.deadline = deadline
        self.graph = grid_graph(self.width, self.height, deadline=deadline)
        self.domains = size_domains(self.given, deadline=deadline, open_from=open_from,
                                    largest=largest)
        self.variable: list[dict[int, int]] = []
        top = 0
        for domain in self.domains:
            self.variable.append({k: top + 1 + i for i, k in enumerate(domain)})
            top += len(domain)
        self.top = top
        self.clauses: list[Clause] = []
        self._local_clauses()
        if rings:
            self._ring_clauses()
        self.anchor_counts: list[tuple[list[int], int]] = []
        self._anchored_blocks(anchor_levels)

    def _local_clauses(self) -> None:
        neighbours = self.graph.neighbours
        variable = self.variable
        out = self.clauses
        for cell, sizes in enumerate(variable):
            if cell % 4096 == 0:
                check_clock(self.deadline)
            for k, v in sizes.items():
                if k == 1:
                    out.extend([-v, -variable[n][1]] for n in neighbours[cell]
                               if 1 in variable[n] and n > cell)
                else:
                    out.append([-v, *(variable[n][k] for n in neighbours[cell]
                                      if k in variable[n])])
        for k in range(2, SMALL_SIZES + 1):
            check_clock(self.deadline)
            mask = np.array([k in sizes for sizes in variable]).reshape(self.height, self.width)
            lits = np.zeros(self.width * self.height, dtype=np.int64)
            for cell in np.flatnonzero(mask).tolist():
                lits[cell] = -variable[cell][k]
            out.extend(lits[shape_placements(mask, k + 1)].tolist())

    def _ring_clauses(self) -> None:
        """For each cell ``c`` and size ``k >= 3`` of its domain, and each ``d >= 2`` such
        that fewer than ``k`` cells that may be ``k`` lie within ``d - 1`` steps of ``c``
        (through such cells): "``c`` is not ``k``, or a cell exactly ``d`` steps away is
        ``k``". A block of ``k`` through ``c`` does not fit within ``d - 1`` steps, and a
        path inside it to a farther cell meets every distance on the way (each step changes
        the distance by one at most), so every answer satisfies it; the open label's areas,
        of at least ``open_from`` cells, too. It is the enclosure cut
        (:meth:`_enclosure_cuts`) of each ball around each cell, written at once: ``d = 1``
        is the local "a neighbour of ``k``". Up to :data:`RING_SIZES` only."""
        neighbours = self.graph.neighbours
        variable = self.variable
        out = self.clauses
        for cell, sizes in enumerate(variable):
            if cell % 256 == 0:
                check_clock(self.deadline)
            for k, v in sizes.items():
                if k < 3 or k > RING_SIZES:
                    continue
                seen = {cell}
                ring = [cell]
                while len(seen) < k and ring:
                    ring = list(dict.fromkeys(n for c in ring for n in neighbours[c]
                                              if n not in seen and k in variable[n]))
                    if len(seen) > 1:
                        out.append([-v, *(variable[n][k] for n in ring)])
                    seen.update(ring)

    def _anchored_blocks(self, budget: int) -> None:
        """Each given ``k`` (from :data:`ANCHOR_FROM` on, within ``budget`` level variables)
        with its block as levels: ``L(c, j)`` is "cell ``c`` is ``k`` and joined to the given
        by ``j`` steps or fewer through cells of ``k``", for ``j`` up to ``k - 1`` over the
        cells that may be ``k`` within ``j`` steps. The given is at every level; a cell at
        level ``j`` is at level ``j + 1``; a cell at level ``j`` is at level ``j - 1`` or next
        to one that is (support); a cell of ``k`` next to a cell at level ``j - 1`` is at level
        ``j``, and at the last level a cell of ``k`` next to a cell at it is at it too
        (closure: a cell of ``k`` too far to be at the last level cannot be next to it). So the
        last level is the given's block exactly (a block reaching past ``k - 1`` steps has more
        than ``k`` cells and is refused), and "exactly ``k`` cells at the last level" is its
        size rule, with no cut."""
        neighbours = self.graph.neighbours
        variable = self.variable
        flat = self.given.ravel()
        top = self.top
        out = self.clauses
        for g in np.flatnonzero(flat >= ANCHOR_FROM).tolist():
            check_clock(self.deadline)
            k = int(flat[g])
            dist = {g: 0}
            ring = [g]
            for d in range(1, k):
                ring = [n for c in ring for n in neighbours[c]
                        if k in variable[n] and n not in dist and dist.setdefault(n, d) == d]
            if sum(k - d for d in dist.values()) > budget:
                continue
            level: dict[int, list[int]] = {}
            for c, d in dist.items():
                level[c] = [0] * d + list(range(top + 1, top + 1 + k - d))
                top += k - d
            out.append([level[g][0]])
            for c, d in dist.items():
                here = level[c]
                out.append([-here[k - 1], variable[c][k]])
                for j in range(d, k - 1):
                    out.append([-here[j], here[j + 1]])
                for j in range(max(d, 1), k):
                    out.append([-here[j], *([here[j - 1]] if j > d else []),
                                *(level[n][j - 1] for n in neighbours[c]
                                  if dist.get(n, k) <= j - 1)])
                for n in neighbours[c]:
                    if k not in variable[n]:
                        continue
                    if n not in dist:
                        out.append([-here[k - 1], -variable[n][k]])
                        continue
                    for j in range(d + 1, k):
                        out.append([-here[j - 1], -variable[n][k], level[n][j]])
                    out.append([-here[k - 1], -variable[n][k], level[n][k - 1]])
            self.anchor_counts.append(([level[c][k - 1] for c in dist], k))
        self.top = top

    def counts(self) -> list[tuple[list[int], int]]:
        """Exactly one size per cell (a cell whose domain is empty makes the puzzle
        unsatisfiable: see :meth:`encoding`)."""
        return [(list(sizes.values()), 1) for sizes in self.variable if sizes]

    def single_block_counts(self) -> list[tuple[list[int], int]]:
        """"Exactly ``k`` cells are ``k``" over each area of cells that may be ``k``
        (4-connected) holding a given ``k`` and fewer than ``2k`` cells: the given's block
        lies in it and leaves no room for another block of ``k``. The count tells the solver
        a block's size at once (janko 291_10x10's two 76s, 485_10x10's 55): it is written
        as clauses (:func:`~pencilsat.encodings.cardinality.exactly_clauses`) by
        :meth:`encoding`, since MiniCard's native count of 55 of 75 cells made each call
        slower (485_10x10: 18 calls in 40 s; 26 calls in 1.4 s as clauses)."""
        variable = self.variable
        flat = self.given.ravel()
        out = []
        for k in sorted({int(v) for v in flat.tolist() if v > FREE}):
            if k < 2:
                continue
            may = [cell for cell, sizes in enumerate(variable) if k in sizes]
            for part in components(self.graph, may):
                if len(part) < 2 * k and any(flat[c] == k for c in part):
                    out.append(([variable[c][k] for c in part], k))
        return out

    def sizes_of(self, values: np.ndarray) -> np.ndarray:
        """The size grid of a model (``values[v]``: the truth of variable ``v``); 0 where a
        cell has none."""
        out = np.zeros(self.width * self.height, dtype=np.int32)
        for cell, sizes in enumerate(self.variable):
            for k, v in sizes.items():
                if values[v]:
                    out[cell] = k
                    break
        return out.reshape(self.height, self.width)

    def block_cuts(self, values: np.ndarray) -> list[Clause]:
        """The clauses that cut off a model whose blocks are not all of their size (empty
        when every block is); see the module's docstring."""
        flat = self.sizes_of(values).ravel()
        neighbours = self.graph.neighbours
        variable = self.variable
        out: list[Clause] = []
        for k in np.unique(flat).tolist():
            if k < 1:
                continue
            for block in components(self.graph, np.flatnonzero(flat == k).tolist()):
                if len(block) > k and k != self.open_from:
                    first = _breadth_first(neighbours, block, k + 1)
                    out.append([-variable[c][k] for c in first])
                elif len(block) < k:
                    out.extend(self._enclosure_cuts(block, k))
        return out

    def _enclosure_cuts(self, block: list[int], k: int) -> list[Clause]:
        """For a block of ``k`` with fewer than ``k`` cells: "cell ``c`` is not ``k``, or a
        cell of the fence is ``k``" for each cell of the block, where the fence is the cells
        that may be ``k`` around an area of fewer than ``k`` cells holding the block (the
        block, then the block and its fence, ...: :data:`ENCLOSURE_LAYERS` areas). With the
        whole fence not ``k``, the block of ``c`` stays inside the area, too small; so every
        answer satisfies it, whatever the other cells of the area hold."""
        variable = self.variable
        area = list(block)
        out: list[Clause] = []
        for _ in range(ENCLOSURE_LAYERS):
            fence = [n for n in outside_neighbours(self.graph, area) if k in variable[n]]
            lits = [variable[n][k] for n in fence]
            out.extend([-variable[c][k], *lits] for c in block)
            if not fence or len(area) + len(fence) >= k:
                break
            area.extend(fence)
        return out

    def encoding(self, decode: Callable[[np.ndarray], Answer]) -> ShadingEncoding[Answer]:
        """The encoding as the shared runs take it; ``decode`` turns a model's size grid
        into the genre's answer."""
        check_clock(self.deadline)
        clauses = list(self.clauses)
        top = self.top
        if any(not sizes for sizes in self.variable):
            top += 1
            clauses += [[top], [-top]]
        more, top = exactly_clauses(self.single_block_counts(), top, deadline=self.deadline)
        clauses += more
        answer = [v for sizes in self.variable for v in sizes.values()]

        def decode_model(values: np.ndarray) -> Answer:
            return decode(self.sizes_of(values))

        return ShadingEncoding(top, clauses, self.counts() + self.anchor_counts, self.graph, [],
                               answer,
                               decode_model, model_cuts=self.block_cuts)


def _breadth_first(neighbours: Sequence[Sequence[int]], block: Sequence[int],
                   count: int) -> list[int]:
    """The first ``count`` cells of ``block`` met breadth-first from its first cell, inside
    the block (a connected set)."""
    inside = set(block)
    seen = [block[0]]
    marked = {block[0]}
    for v in seen:
        for n in neighbours[v]:
            if n in inside and n not in marked:
                marked.add(n)
                seen.append(n)
                if len(seen) == count:
                    return seen
    return seen[:count]


COMPLETE_LIMIT = 200_000
"""The most connected sets :func:`complete_clauses` enumerates before it gives up."""


def connected_subsets(neighbours: Sequence[Sequence[int]], allowed: Sequence[bool],
                      largest: int, budget: list[int]) -> list[list[int]]:
    """Every connected set of at most ``largest`` allowed nodes, each once (grown from its
    smallest node, Redelmeier's way); ``budget[0]`` counts down per set, and a
    ``ValueError`` is raised when it runs out."""
    out: list[list[int]] = []

    def grow(chosen: list[int], frontier: list[int], seen: set[int], root: int) -> None:
        out.append(chosen)
        budget[0] -= 1
        if budget[0] < 0:
            raise ValueError("too many connected sets")
        if len(chosen) == largest:
            return
        frontier = list(frontier)
        while frontier:
            v = frontier.pop()
            new = [n for n in neighbours[v] if n > root and allowed[n] and n not in seen]
            grow(chosen + [v], frontier + new, seen | set(new), root)

    for root in range(len(neighbours)):
        if allowed[root]:
            first = [n for n in neighbours[root] if n > root and allowed[n]]
            grow([root], first, {root, *first}, root)
    return out


def complete_clauses(regions: SizedRegions) -> list[Clause]:
    """The block-size rule as a fixed clause list (besides the local clauses): for every
    size ``k`` and connected set ``S`` of cells that may all be ``k``, "not all ``k``" when
    ``|S| = k + 1`` and "not all ``k``, or a neighbour is ``k``" when ``|S| < k``. A model
    of the counts, the local clauses and these has every block of its size (the block
    itself, or ``k + 1`` of its cells, would break one). Exponential in the sizes: a
    ``ValueError`` past :data:`COMPLETE_LIMIT` sets (small grids only)."""
    variable = regions.variable
    neighbours = regions.graph.neighbours
    budget = [COMPLETE_LIMIT]
    out: list[Clause] = []
    for k in sorted({k for sizes in variable for k in sizes}):
        allowed = [k in sizes for sizes in variable]
        for block in connected_subsets(neighbours, allowed, k + 1, budget):
            lits = [-variable[c][k] for c in block]
            if len(block) == k + 1:
                out.append(lits)
            elif len(block) < k:
                inside = set(block)
                around = {n for c in block for n in neighbours[c] if n not in inside}
                out.append(lits + [variable[n][k] for n in sorted(around) if allowed[n]])
    return out
