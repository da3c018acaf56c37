"""Each cut re-justified from the rule it stands for, by code that shares nothing with the
code that found it: a cut that fails voids the certificate.

*Single loop* (Masyu, Slitherlink, Yajilin): the clause says "not all of these edges" (other
literals only weaken it). It holds when those edges are a simple closed cycle plus one more
edge off it: a single loop holding a closed cycle is that cycle, so the extra edge is unused.
"Some edge is used" (every edge, positive) holds as the loop exists. The edge numbering is
recomputed here from the grid's size (row-major points, each point's right edge before its
down edge), not taken from the loop machinery.

*Connected cells* (Nurikabe, Heyawake, Hashiwokakero): for a requirement "the nodes whose
literal is true are connected", the clause says "node a or node b is out of the set, or some
node of B is in it". It holds when every path from a to b through nodes that can be in the
set meets B; with an anchor (a node always in the set) one witness a suffices, the anchor
standing in for b.

*Block sizes* (Fillomino): with cells labelled by their block's size (side-by-side equal
labels are one block), "not all of these ``k + 1`` cells are ``k``" holds when the cells
are 4-connected (they would be one block of more than ``k`` cells), for every label but the
open one (which has no upper bound); "cell c is not ``k``, or some cell of F is ``k``"
holds when the cells reachable from c through cells that may be ``k`` and are not in F are
fewer than ``k`` (with F not ``k``, c's block lies among them): for the open label ``K`` too,
whose areas each hold a block of ``K`` cells or more. The variable numbering (each cell's
labels in turn) is recomputed here from the cells' label lists.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np


@cache
def edge_ends(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """Per edge variable (index 0 unused) its two points ``row * width + col``."""
    ends: list[tuple[int, int]] = [(-1, -1)]
    for r in range(height):
        for c in range(width):
            point = r * width + c
            if c + 1 < width:
                ends.append((point, point + 1))
            if r + 1 < height:
                ends.append((point, point + width))
    return tuple(ends)


def _is_simple_cycle(edges: Sequence[int], ends: Sequence[tuple[int, int]]) -> bool:
    if len(edges) < 4:
        return False
    degree: dict[int, list[int]] = {}
    for e in edges:
        for point in ends[e]:
            degree.setdefault(point, []).append(e)
    if any(len(incident) != 2 for incident in degree.values()):
        return False
    start = ends[edges[0]][0]
    seen = {start}
    queue = deque([start])
    while queue:
        point = queue.popleft()
        for e in degree[point]:
            for other in ends[e]:
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
    return len(seen) == len(degree)


def loop_cut_fault(clause: Sequence[int], width: int, height: int) -> str | None:
    """``None`` when the clause follows from "the used edges form one loop" on a ``width x
    height`` grid of points, else why not."""
    ends = edge_ends(width, height)
    count = len(ends) - 1
    if any(lit == 0 or abs(lit) > count for lit in clause):
        return "a literal is not an edge of the grid"
    positive = sorted(lit for lit in clause if lit > 0)
    if positive == list(range(1, count + 1)):
        return None
    used = sorted({-lit for lit in clause if lit < 0})
    degree: dict[int, int] = {}
    for e in used:
        for point in ends[e]:
            degree[point] = degree.get(point, 0) + 1
    # the edge off the cycle leaves a point of degree 1 or 3: only those edges are tried
    for extra in [e for e in used if any(degree[p] != 2 for p in ends[e])]:
        rest = [e for e in used if e != extra]
        if _is_simple_cycle(rest, ends):
            return None
    return "its negated edges are not a closed cycle plus an edge off it"


def _separated(neighbours: Sequence[Sequence[int]], usable: np.ndarray, start: int,
               goal: int, blocked: set[int]) -> bool:
    """Whether every path from ``start`` to ``goal`` over usable nodes meets ``blocked``."""
    seen = {start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for other in neighbours[node]:
            if other == goal:
                return False
            if other not in seen and other not in blocked and usable[other]:
                seen.add(other)
                queue.append(other)
    return True


def connectivity_cut_fault(clause: Sequence[int], neighbours: Sequence[Sequence[int]],
                           requirements: Iterable[tuple[np.ndarray, int | None]],
                           ) -> str | None:
    """``None`` when the clause follows from one of ``requirements`` (each: the literal of
    every node, 0 where the node is never in the set, and the anchor or ``None``) on the graph
    given by ``neighbours``; else why not."""
    lits = set(clause)
    for literals, anchor in requirements:
        usable = literals != 0
        out = [int(v) for v in np.flatnonzero(usable) if -int(literals[v]) in lits]
        blocked = {int(v) for v in np.flatnonzero(usable) if int(literals[v]) in lits}
        for i, a in enumerate(out):
            goals = out[i + 1:] if anchor is None else [anchor]
            for b in goals:
                if a == b or b in blocked or a in blocked:
                    continue
                if _separated(neighbours, usable, a, b, blocked):
                    return None
    return "no requirement is cut by it: its witnesses are not separated by its boundary"


def _grid_neighbours(cell: int, width: int, height: int) -> list[int]:
    r, c = divmod(cell, width)
    return [(r + dr) * width + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


class BlockCutCheck:
    """The block-size cuts' check on a ``width x height`` grid whose cells take the labels
    ``domains`` (row-major), every label its size but ``open_label`` ("that many or more");
    :meth:`fault` per cut."""

    def __init__(self, width: int, height: int, domains: Sequence[Sequence[int]],
                 open_label: int | None) -> None:
        self.width, self.height, self.open_label = width, height, open_label
        self.cells = len(domains)
        # per variable (index 0 unused): its (cell, label), each cell's labels in turn
        self.atoms: list[tuple[int, int]] = [(-1, -1)]
        for cell, labels in enumerate(domains):
            self.atoms.extend((cell, label) for label in labels)
        self.may = [set(labels) for labels in domains]

    def fault(self, clause: Sequence[int]) -> str | None:
        """``None`` when the clause follows from the block-size rule, else why not."""
        atoms = self.atoms
        if self.cells != self.width * self.height:
            return "the label lists are not the grid's cells"
        if not clause or any(lit == 0 or abs(lit) >= len(atoms) for lit in clause):
            return "a literal is not a cell's label"
        labels = {atoms[abs(lit)][1] for lit in clause}
        if len(labels) != 1:
            return "its literals are not all of one label"
        label = labels.pop()
        negative = {atoms[-lit][0] for lit in clause if lit < 0}
        positive = {atoms[lit][0] for lit in clause if lit > 0}
        if not positive and len(negative) == len(clause) == label + 1:
            if label == self.open_label:
                return "the open label has no largest block"
            if self._connected(negative):
                return None
            return f"its {label + 1} cells are not 4-connected"
        if len(negative) == 1:
            (start,) = negative
            if self._reach_is_below(start, label, positive):
                return None
            return (f"its fence leaves {label} cells or more that may be {label} around "
                    "the cell")
        return "neither k + 1 connected cells of k nor a cell of k with its fence"

    def _connected(self, cells: set[int]) -> bool:
        first = next(iter(cells))
        seen = {first}
        queue = deque([first])
        while queue:
            for other in _grid_neighbours(queue.popleft(), self.width, self.height):
                if other in cells and other not in seen:
                    seen.add(other)
                    queue.append(other)
        return len(seen) == len(cells)

    def _reach_is_below(self, start: int, label: int, fence: set[int]) -> bool:
        """Whether fewer than ``label`` cells are reachable from ``start`` through cells
        that may take ``label`` and are not in ``fence``."""
        seen = {start}
        queue = deque([start])
        while queue:
            for other in _grid_neighbours(queue.popleft(), self.width, self.height):
                if other not in seen and other not in fence and label in self.may[other]:
                    seen.add(other)
                    if len(seen) >= label:
                        return False
                    queue.append(other)
        return len(seen) < label


def open_label_fault(numbers: np.ndarray, open_label: int | None) -> str | None:
    """Why an answer's block sizes (``numbers``) are not all below ``open_label`` (the
    label would stand for several sizes and the blocked clause not say which);
    ``None`` when they are or there is no open label."""
    if open_label is None:
        return None
    largest = int(np.asarray(numbers).max(initial=0))
    if largest >= open_label:
        return f"the answer has a block of {largest} cells, not below the open label " \
               f"{open_label}"
    return None
