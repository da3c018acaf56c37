"""Clauses that make a connected set easier to find than lazy cuts alone do.

Both take a graph (:class:`~pencilsat.encodings.connectivity.Graph`) and a literal per node
("the node is in the set", 0: never), and add variables from ``top + 1`` on:

- :func:`distance_layers`, *exact*: every node of the set lies within ``deepest`` steps of
  an anchor along the set (``r[v][t]``: v is in the set within t steps). Nothing is left to
  the cuts; a node's layers start at a lower bound of its distance (a breadth-first search),
  so the cost is the sum of ``deepest - distance + 1``. Nurikabe's islands: the distance is
  below the island's size, and a cell is kept out of reach as soon as the cells around it
  are shaded.
- :func:`parent_pointers`, *partial*: every node of the set but one root points to a
  neighbour in the set that does not point back. A piece without the root must then hold a
  cycle of pointers, so tree-shaped pieces are gone and only pieces around a hole are left
  to the lazy cuts. Without a known root, one root is chosen among the nodes (at most one:
  a sequential counter). Nurikabe's wall: on a grid without 2x2 wall blocks a cycle
  encloses an island, which is rare in a wrong model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause, Graph

CLOCK_EVERY = 4096
"""Nodes between two looks at the clock when a deadline is given."""


def distance_layers(graph: Graph, literals: Mapping[int, int], anchor: int,
                    distance: Mapping[int, int], deepest: int, top: int,
                    monotone: bool = True, deadline: float | None = None
                    ) -> tuple[list[Clause], int]:
    """Clauses "every node of the set is within ``deepest`` steps of ``anchor`` along the
    set" (the anchor is always in it); ``distance[v]`` is a lower bound of v's distance for
    each node of ``literals``. With ``monotone`` (``r[v][t] -> r[v][t + 1]``) only the
    deepest layer names the node's literal. Returns the clauses and the last variable used;
    raises ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed.
    """
    first: dict[int, int] = {}  # node -> (its layer t's variable is first[v] + t)
    for v, d in distance.items():
        if v != anchor and max(d, 1) <= deepest:
            first[v] = top + 1 - max(d, 1)
            top += deepest - max(d, 1) + 1
    clauses: list[Clause] = []
    for i, (v, x) in enumerate(literals.items()):
        if i % CLOCK_EVERY == 0:
            check_clock(deadline)
        if v == anchor:
            continue
        if v not in first:  # too far: never in the set
            clauses.append([-x])
            continue
        base = first[v]
        low = max(distance[v], 1)
        clauses.append([-x, base + deepest])
        clauses.append([-(base + deepest), x])
        near_anchor = anchor in graph.neighbours[v]
        others = [(first[n], max(distance[n], 1)) for n in graph.neighbours[v] if n in first]
        for t in range(low, deepest + 1):
            r = base + t
            if t < deepest:
                clauses.append([-r, base + t + 1] if monotone else [-r, x])
            if near_anchor:
                continue  # reached in one step
            support = [r - 1] if t > low else []
            support += [n_first + t - 1 for n_first, n_low in others if n_low <= t - 1]
            clauses.append([-r, *support])
    return clauses, top


def parent_pointers(graph: Graph, literals: Sequence[int], root: int | None, top: int,
                    deadline: float | None = None) -> tuple[list[Clause], int]:
    """Clauses "each node of the set but the root points to a neighbour in the set, never to
    one pointing back" (``literals[v]``: 0 never in the set; ``root`` ``None``: at most one
    node of the set is chosen as the root). Returns the clauses and the last variable used;
    raises ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    clauses: list[Clause] = []
    pointer: dict[tuple[int, int], int] = {}
    chosen: list[int] = []
    for v in range(graph.size):
        if v % CLOCK_EVERY == 0:
            check_clock(deadline)
        x = literals[v]
        if not x or v == root:
            continue
        parents = []
        if root is None:
            top += 1
            chosen.append(top)
            parents.append(top)
            clauses.append([-top, x])
        for n in graph.neighbours[v]:
            if literals[n]:
                top += 1
                pointer[v, n] = top
                parents.append(top)
                clauses.append([-top, literals[n]])
        clauses.append([-x, *parents])
    check_clock(deadline)
    for (v, n), p in pointer.items():
        back = pointer.get((n, v))
        if back is not None and v < n:
            clauses.append([-p, -back])
    if len(chosen) > 1:
        more, top = at_most_one(chosen, top)
        clauses.extend(more)
    return clauses, top


def at_most_one(lits: Sequence[int], top: int) -> tuple[list[Clause], int]:
    """Sinz's sequential counter: ``s_i`` = "one of the first i literals is true"."""
    clauses: list[Clause] = []
    previous = 0
    for i, x in enumerate(lits):
        if i == len(lits) - 1:
            if previous:
                clauses.append([-x, -previous])
            break
        top += 1
        s = top
        clauses.append([-x, s])
        if previous:
            clauses.append([-previous, s])
            clauses.append([-x, -previous])
        previous = s
    return clauses, top


def connected_layers(graph: Graph, literals: Sequence[int], anchor: int | None, top: int,
                     deadline: float | None = None) -> tuple[list[Clause], int]:
    """Clauses "the nodes whose literal is true are connected" with nothing left to cuts
    (``literals[v]``: 0 never in the set), for a complete fixed CNF: every node of the set
    is reached within ``n - 1`` steps along the set from a root, ``r[v][t]`` "v is reached
    within t steps". The root is ``anchor`` (then in the set), or else the set's first node
    in node order (a prefix chain ``p[v]``: some node up to v is in the set), so an answer
    has one root. Variables from ``top + 1`` on; returns the clauses and the last one used.
    Quadratic in the nodes: for the small grids the study measures."""
    nodes = [v for v in range(graph.size) if literals[v]]
    clauses: list[Clause] = []
    if len(nodes) < 2:
        return clauses, top
    if anchor is not None:
        clauses.append([literals[anchor]])
    deepest = len(nodes) - 1
    first: dict[int, int] = {}  # node -> its layer t's variable is first[v] + t
    for v in nodes:
        first[v] = top + 1
        top += deepest + 1
    previous = 0
    every = max(1, CLOCK_EVERY // (deepest + 1))  # each node costs a layer per step
    for i, v in enumerate(nodes):
        if i % every == 0:
            check_clock(deadline)
        x, root = literals[v], first[v]
        if anchor is not None:
            clauses.append([root] if v == anchor else [-root])
        else:  # root <-> x and no earlier node in the set
            top += 1
            prefix = top
            clauses += [[-x, prefix], [-prefix, x] + ([previous] if previous else [])]
            if previous:
                clauses += [[-previous, prefix], [-root, -previous]]
            clauses += [[-root, x], [root, -x] + ([previous] if previous else [])]
            previous = prefix
        clauses.append([-x, first[v] + deepest])
        others = [first[n] for n in graph.neighbours[v] if n in first]
        for t in range(1, deepest + 1):
            r = first[v] + t
            clauses.append([-r, x])
            clauses.append([-r, r - 1, *(n_first + t - 1 for n_first in others)])
    return clauses, top


def ranked_parents(graph: Graph, literals: Sequence[int], anchor: int, deepest: int,
                   top: int, lowest: Mapping[int, int] | None = None,
                   deadline: float | None = None,
                   through: Mapping[tuple[int, int], int] | None = None
                   ) -> tuple[list[Clause], int]:
    """Clauses "the nodes whose literal is true are connected to ``anchor``" with nothing
    left to cuts, when every node of the set lies within ``deepest`` steps of the anchor
    along the set: each node of the set but the anchor has a *parent*, a neighbour in the
    set of a smaller *rank* (ranks 1..``deepest`` in the order encoding, the anchor's 0).
    Following parents lowers the rank, so it ends at the anchor; a connected set has such
    ranks (its distances). ``lowest[v]``, when given, is a lower bound of v's distance (a
    breadth-first search over the nodes that can be in the set), where v's rank starts.
    ``through[v, u]``, when given for a pair of neighbours, is a literal the step from v to
    its parent u also needs (an edge that is in the graph only when it holds, as a diagonal
    is in Slant's): the set is then connected along such edges.

    Linear in ``deepest`` per edge, where :func:`connected_layers` is quadratic in the
    nodes: a complete fixed CNF for graphs whose paths to the anchor are known to be short
    (Slant's vertices reach the border within the inner vertices of one parity). Variables
    from ``top + 1`` on; returns the clauses and the last one used (the anchor's literal is
    asserted)."""
    nodes = [v for v in range(graph.size) if literals[v] and v != anchor]
    clauses: list[Clause] = [[literals[anchor]]]
    low = {v: max(1, (lowest or {}).get(v, 1)) for v in nodes}
    low[anchor] = 0
    at_least: dict[int, int] = {}  # node -> the variable of "rank >= low + 1"; then +1 each

    def rank_at_least(v: int, t: int) -> int | bool:
        """The literal "rank(v) >= t", or a constant."""
        if t <= low[v]:
            return True
        if t > deepest or v == anchor:
            return False
        return at_least[v] + t - low[v] - 1

    for v in nodes:
        if low[v] > deepest:
            clauses.append([-literals[v]])  # too far: never in the set
            continue
        at_least[v] = top + 1
        top += deepest - low[v]
        clauses.extend([-x, x - 1] for x in range(at_least[v] + 1, top + 1))  # monotone
    every = max(1, CLOCK_EVERY // (deepest + 1))  # each node costs a rank per step
    for i, v in enumerate(nodes):
        if i % every == 0:
            check_clock(deadline)
        if v not in at_least:
            continue
        parents = []
        for u in graph.neighbours[v]:
            if not literals[u] or (u != anchor and (u not in at_least or low[u] >= deepest)):
                continue
            top += 1
            parent = top
            parents.append(parent)
            if u != anchor:
                clauses.append([-parent, literals[u]])
            if through is not None and (v, u) in through:
                clauses.append([-parent, through[v, u]])
            for t in range(low[u], deepest + 1):  # parent, rank(u) >= t -> rank(v) >= t + 1
                above = rank_at_least(v, t + 1)
                if above is True:
                    continue
                below = rank_at_least(u, t)
                if below is False:
                    continue
                clause = [-parent]
                if below is not True:
                    clause.append(-int(below))
                if above is not False:
                    clause.append(int(above))
                clauses.append(clause)
        clauses.append([-literals[v], *parents])
    return clauses, top
