"""Connectivity of a node set by lazy cuts: the graph, the components of a model, the cuts.

A *requirement* says "the nodes whose literal is true form one connected set" over a graph
with nodes ``0..n-1`` (a grid's cells, or Hashiwokakero's islands); a node whose literal is
0 is never in the set. A model's set splits into components; every component C that cannot
be the whole set is cut with one clause, for a node ``a`` in C and a node ``b`` of the set
outside C::

    not x_a  or  not x_b  or  OR(x_n for n in N(C))

where N(C) are the neighbours of C outside C (those that can be in the set). Sound: if
``a`` and ``b`` are both in a connected set, a path inside the set joins them; it starts in
C and ends outside it, so it passes a node of N(C). The model breaks the clause, since a
neighbour of C in the set would be in C. With an *anchor*, a node always in the set (a
clue cell), the cut of a component without the anchor is ``not x_a or OR(x_n ...)``.

Nurikabe uses one requirement for the wall and one per island; Heyawake's unshaded cells
and Hashiwokakero's bridges over islands use the same pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

from pencilsat.core.clock import check_clock

Clause = list[int]


@dataclass(frozen=True)
class Graph:
    """An undirected graph on nodes ``0..size-1``: ``neighbours[v]`` lists v's neighbours."""

    neighbours: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return len(self.neighbours)

    @classmethod
    def from_edges(cls, size: int, edges: Iterable[tuple[int, int]]) -> Graph:
        """The graph on ``size`` nodes with these edges (each pair once, in either order)."""
        adjacent: list[list[int]] = [[] for _ in range(size)]
        for u, v in edges:
            if u == v or not (0 <= u < size and 0 <= v < size):
                raise ValueError(f"bad edge ({u}, {v}) on {size} nodes")
            adjacent[u].append(v)
            adjacent[v].append(u)
        return cls(tuple(tuple(sorted(set(a))) for a in adjacent))


def grid_graph(width: int, height: int, *, deadline: float | None = None) -> Graph:
    """The 4-neighbour grid: cell (r, c) is node ``r * width + c``. Built row by row with
    the middle cells' neighbours zipped from ranges (a 1000x1000 in 0.3 s, against 2.5 s
    through :meth:`Graph.from_edges`); ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    neighbours: list[tuple[int, ...]] = []
    for r in range(height):
        if r % 64 == 0:
            check_clock(deadline)
        v0 = r * width
        up, down = r > 0, r < height - 1
        starts = [v0 - width] * up + [v0 - 1, v0 + 1] + [v0 + width] * down
        first = (v0 - width,) * up + (v0 + 1,) * (width > 1) + (v0 + width,) * down
        neighbours.append(first)
        if width > 1:
            neighbours.extend(zip(*(range(s + 1, s + width - 1) for s in starts), strict=True))
            last = v0 + width - 1
            neighbours.append((last - width,) * up + (last - 1,) + (last + width,) * down)
    return Graph(tuple(neighbours))


def components(graph: Graph, members: Iterable[int]) -> list[list[int]]:
    """The connected components of the subgraph induced by ``members``, largest first
    (ties: in order of their first member)."""
    members = list(members)
    inside = bytearray(graph.size)
    for v in members:
        inside[v] = 1
    neighbours = graph.neighbours
    out = []
    for start in members:
        if inside[start] != 1:
            continue
        inside[start] = 2
        component = [start]
        for v in component:  # grows while it is read: a breadth-first search
            for n in neighbours[v]:
                if inside[n] == 1:
                    inside[n] = 2
                    component.append(n)
        out.append(component)
    out.sort(key=len, reverse=True)
    return out


def steps_within(graph: Graph, sources: Sequence[int], limit: int,
                 passable: Callable[[int], bool]) -> dict[int, int]:
    """The nodes within ``limit`` steps of ``sources`` along passable nodes (the sources
    themselves at 0), each with its steps: a breadth-first search by frontiers."""
    dist = dict.fromkeys(sources, 0)
    frontier = list(sources)
    neighbours = graph.neighbours
    for step in range(1, limit + 1):
        grown = []
        for v in frontier:
            for n in neighbours[v]:
                if n not in dist and passable(n):
                    dist[n] = step
                    grown.append(n)
        if not grown:
            break
        frontier = grown
    return dist


def outside_neighbours(graph: Graph, component: Sequence[int]) -> list[int]:
    """N(C): the nodes outside ``component`` next to one of its nodes, each once."""
    seen = set(component)  # the component's nodes and the neighbours found so far
    neighbours = graph.neighbours
    out = []
    for v in component:
        for n in neighbours[v]:
            if n not in seen:
                seen.add(n)
                out.append(n)
    return out


@dataclass(frozen=True)
class Requirement:
    """The nodes whose literal is true must be connected.

    ``literals[v]`` is node v's literal (0: never in the set); ``anchor`` a node always in
    the set, or ``None``; ``name`` says what the set is (for statistics); ``gaps_apart``:
    the genre's rules already keep any two adjacent nodes from both being out of the set
    (Heyawake's "no two shaded cells share an edge"), every node can be in it and the graph
    is connected, so a region's boundary alone makes a cut (:func:`requirement_cuts`)."""

    literals: np.ndarray
    anchor: int | None = None
    name: str = ""
    gaps_apart: bool = False

    def __post_init__(self) -> None:
        lits = np.asarray(self.literals, dtype=np.int64)
        object.__setattr__(self, "literals", lits)
        if self.anchor is not None and lits[self.anchor] == 0:
            raise ValueError("the anchor must be a node that can be in the set")
        if self.gaps_apart and not lits.all():
            raise ValueError("a requirement with gaps apart has every node able to be in "
                             "the set")


def cut_clause(graph: Graph, literals: np.ndarray, component: Sequence[int],
               witnesses: Sequence[int]) -> Clause:
    """Some witness is out of the set (``a`` in C, and ``b`` outside C when there is no
    anchor), or some node of N(C) is in it."""
    boundary = [int(literals[n]) for n in outside_neighbours(graph, component)]
    return [-int(literals[w]) for w in witnesses] + [lit for lit in boundary if lit]


def requirement_cuts(graph: Graph, requirement: Requirement, members: Sequence[int],
                     cut_largest: bool = False, grow: int = 0,
                     boundaries: bool = True) -> list[Clause]:
    """The cuts of one requirement for a model whose set is ``members``; empty when the set
    is connected.

    Every component but the largest is cut (the largest too when ``cut_largest``): the
    short clauses are around the small components. ``b`` is a node of the largest (of the
    second largest for the largest itself); the anchor, always in the set, stands in for
    ``b`` around a component without it and for ``a`` around its own, and its literal
    drops out. With ``grow``, each cut comes with up to that many *grown* cuts around
    :func:`grown_regions` of the component.

    *Boundary cuts* (a requirement with ``gaps_apart``, when ``boundaries``): the clause
    is N(R) alone, "some node next to region R is in the set", no witness. Sound: were every
    node of N(R) out, their neighbours would all be in (gaps apart): nodes of R next to
    N(R), and a node beyond N(R) next to it (one exists when the graph is connected and R
    with N(R) is not all of it, which holds as ``b``'s component stays outside), with every
    path between them through N(R). Shorter and stronger than the witnessed cut, and the
    largest component is cut too. The certificates' checker knows only witnessed cuts, so
    their cut loop asks for those (``boundaries=False``)."""
    parts = components(graph, members)
    if len(parts) < 2:
        return []
    lits = requirement.literals
    anchor = requirement.anchor
    holder = None
    if anchor is not None:  # the part holding the anchor (none if the model breaks it)
        holder = next((i for i, part in enumerate(parts) if anchor in part), None)
    part_of = [-1] * graph.size if grow else []
    if grow:
        for i, part in enumerate(parts):
            for v in part:
                part_of[v] = i
    bare = boundaries and requirement.gaps_apart
    out = []
    for i, part in enumerate(parts):
        if i == 0 and not cut_largest:
            continue
        other = parts[1 if i == 0 else 0][0]
        if holder is None:
            witnesses, outside = [part[0], other], other
        elif i == holder:
            witnesses, outside = [other], other
        else:
            assert anchor is not None  # a holder exists only with an anchor
            witnesses, outside = [part[0]], anchor
        if bare:
            witnesses = []
        out.append(cut_clause(graph, lits, part, witnesses))
        if grow:
            keep_out = part_of[outside] if part_of[outside] >= 0 else None
            for region in grown_regions(graph, parts, part_of, i, keep_out, grow):
                out.append(cut_clause(graph, lits, region, witnesses))
    return out


def grown_regions(graph: Graph, parts: list[list[int]], part_of: list[int], start: int,
                  keep_out: int | None, steps: int) -> list[list[int]]:
    """Regions around component ``start``, each one step wider than the one before: its
    neighbours that do not touch component ``keep_out`` (the one holding ``b``), then every
    component they touch. A region's neighbours are out of the model's set, so its cut
    removes the model too, and ``b`` stays outside it. ``part_of[v]``: the component of
    node v, -1 for a node out of the set."""
    neighbours = graph.neighbours
    region = set(parts[start])
    boundary = set(outside_neighbours(graph, parts[start]))
    stuck: set[int] = set()  # boundary nodes next to ``keep_out``: they stay out
    out = []
    for _ in range(steps):
        ring = []
        for v in boundary:
            if v not in stuck:
                if any(part_of[n] == keep_out for n in neighbours[v]):
                    stuck.add(v)
                else:
                    ring.append(v)
        if not ring:
            break
        region.update(ring)
        added = list(ring)
        for v in ring:
            for n in neighbours[v]:
                j = part_of[n]
                if j >= 0 and n not in region:
                    region.update(parts[j])
                    added.extend(parts[j])
        boundary.difference_update(ring)
        boundary.update(n for v in added for n in neighbours[v] if n not in region)
        out.append(sorted(region))
    return out


ModelCuts = Callable[[np.ndarray], list[Clause]]
"""Rules checked on a whole model (its truth by variable, index 0 unused) rather than
written as clauses: the clauses that cut the model off, empty when it keeps the rules.
Each clause must hold in every answer."""


class ConnectivityCuts:
    """Every requirement's cuts for one model, counted.

    ``cuts(values)`` takes the model as a boolean array indexed by variable (index 0
    unused) and returns the clauses to add, empty when every requirement holds."""

    def __init__(self, graph: Graph, requirements: Sequence[Requirement],
                 cut_largest: bool = False, grow: int = 0,
                 model_cuts: ModelCuts | None = None, boundaries: bool = True,
                 grow_after: int = 0) -> None:
        """``model_cuts``: a genre's further rules checked on each model (a block's size),
        their clauses added beside the requirements' cuts; ``boundaries``: boundary cuts
        where a requirement allows them (:func:`requirement_cuts`); ``grow_after``: the
        first that many models get no grown cuts (most searches end in a few rounds, where
        grown regions cost more to find than they save; the stalemates they end come
        later)."""
        self.graph = graph
        self.boundaries = boundaries
        self.model_cuts = model_cuts
        self.requirements = list(requirements)
        self.cut_largest = cut_largest
        self.grow = grow
        self.grow_after = grow_after
        self.rounds = 0
        """Models cut so far (calls of :meth:`cuts`)."""
        self._nodes = [np.flatnonzero(r.literals) for r in self.requirements]
        self._lits = [r.literals[nodes] for r, nodes in zip(self.requirements, self._nodes,
                                                             strict=True)]
        self.cut_count = 0
        self.cuts_by_name: dict[str, int] = {}

    def cuts(self, values: np.ndarray) -> list[Clause]:
        self.rounds += 1
        out: list[Clause] = []
        for requirement, nodes, lits in zip(self.requirements, self._nodes, self._lits,
                                            strict=True):
            members = nodes[values[np.abs(lits)] == (lits > 0)]
            if len(members) < 2:
                continue
            found = requirement_cuts(self.graph, requirement, members.tolist(),
                                     self.cut_largest,
                                     self.grow if self.rounds > self.grow_after else 0,
                                     self.boundaries)
            if found:
                out.extend(found)
                name = requirement.name
                self.cuts_by_name[name] = self.cuts_by_name.get(name, 0) + len(found)
        if self.model_cuts is not None:
            out.extend(self.model_cuts(values))
        self.cut_count += len(out)
        return out


Answer = TypeVar("Answer")
NativeTail = tuple[int, Sequence[tuple[list[int], int]]]
"""``(n, groups)``: the last ``n`` clauses of an encoding say what ``groups`` say, "at most
``k`` of these literals" each (with the rest of the encoding, the same models), so a solver
with native counts (MiniCard) may load the groups in their place: one call for a 2x2 block
instead of its four L-shaped triples. Every other consumer reads the clauses."""


@dataclass(frozen=True)
class ShadingEncoding(Generic[Answer]):
    """A shading genre's rules (Nurikabe, Heyawake) as clauses over variables
    ``1..num_vars``, the cardinalities, and the connectivity requirements over ``graph``
    (the grid, cell ``r * W + c``)."""

    num_vars: int
    clauses: list[Clause]
    sizes: list[tuple[list[int], int]]
    """Each: exactly ``n`` of these literals are true."""
    graph: Graph
    """The grid graph the requirements are over; an empty graph when there is none."""
    requirements: list[Requirement]
    answer: list[int]
    """The ``shaded`` variables of the cells that can change: what two answers differ in."""
    decode: Callable[[np.ndarray], Answer]
    """The solution of a model given as booleans indexed by variable."""
    model_cuts: ModelCuts | None = None
    """Rules left to cuts on each model besides connectivity (:data:`ModelCuts`)."""
    native_tail: NativeTail = (0, ())
    """Clauses a solver with native "at most k" constraints may load as such instead
    (:data:`NativeTail`)."""
