"""A connectivity requirement made exact on CP-SAT by integer levels: no cut loop for it.

Each node that can be in the set gets a level in ``0..n-1``; a root (the requirement's
anchor, or else the first node of the set in index order, picked by a prefix chain) has
level 0, and every other node in the set has a neighbour in the set one level or more
below it. Levels fall along the parents to the root, so every node in the set is joined to
it: the set is connected. Conversely a connected set takes the breadth-first distances from
its root.

On CNF the same would need a Boolean per node and level (distance layers); CP-SAT takes the
integer and the ``level[u] < level[v]`` for each chosen parent directly. Nurikabe's wall on
``lazy-cpsat``, from solve ``strategies/nurikabe.WALL_LEVELS_AFTER`` on: janko 683_14x24,
open at 300 s with lazy cuts alone (CP-SAT solves again from scratch after each batch),
unique in 39-50 s; 1108_20x15 84-227 s -> 8-13 s (``benchmarks/results/nurikabe.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Graph, Requirement

CLOCK_EVERY = 4_096


def add_levels(cp: Any, graph: Graph, requirement: Requirement,
               literal: Callable[[int], Any], deadline: float | None = None) -> None:
    """Add ``requirement`` to the ``CpModel`` ``cp`` exactly; ``literal(lit)`` is the CP-SAT
    literal of a PySAT-numbered one. ``TimeLimitReached`` once ``deadline`` has passed."""
    lits = requirement.literals
    nodes = [v for v in range(graph.size) if lits[v]]
    if len(nodes) < 2:
        return
    top = len(nodes) - 1
    level = {v: cp.new_int_var(0, top, "") for v in nodes}
    if requirement.anchor is not None:
        roots = {requirement.anchor: None}
        cp.add(level[requirement.anchor] == 0)
    else:
        roots = _first_in_set(cp, nodes, lits, literal, level)
    for i, v in enumerate(nodes):
        if i % CLOCK_EVERY == 0:
            check_clock(deadline)
        if v in roots and roots[v] is None:
            continue
        parents = []
        for u in graph.neighbours[v]:
            if not lits[u]:
                continue
            parent = cp.new_bool_var("")
            cp.add_implication(parent, literal(int(lits[u])))
            cp.add(level[u] < level[v]).only_enforce_if(parent)
            parents.append(parent)
        condition = [literal(int(lits[v]))]
        if v in roots:
            condition.append(roots[v])  # v is not the root: some node before it is in
        cp.add_bool_or(parents).only_enforce_if(condition)


def _first_in_set(cp: Any, nodes: list[int], lits: Any, literal: Callable[[int], Any],
                  level: dict[int, Any]) -> dict[int, Any]:
    """The root as the first node of the set: ``before[v]`` says some earlier node is in; v
    is the root when it is in and ``before[v]`` is false, and then has level 0. Returns, per
    node, the literal "some earlier node is in" (None for the first node, always the root
    when in)."""
    cp.add(level[nodes[0]] == 0)
    before: dict[int, Any] = {nodes[0]: None}
    previous, previous_before = literal(int(lits[nodes[0]])), None
    for v in nodes[1:]:
        # earlier <-> the previous node is in, or some node before it is
        parts = [previous] if previous_before is None else [previous, previous_before]
        earlier = cp.new_bool_var("")
        cp.add_bool_or(parts).only_enforce_if(earlier)
        for part in parts:
            cp.add_implication(part, earlier)
        before[v] = previous_before = earlier
        previous = literal(int(lits[v]))
        cp.add(level[v] == 0).only_enforce_if([previous, earlier.Not()])
    return before
