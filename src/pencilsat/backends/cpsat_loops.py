"""A single loop on a grid graph in CP-SAT: ``AddCircuit`` over the grid edges.

Each grid edge gives two arcs u->v and v->u, made exclusive (``arc(u,v) + arc(v,u) = edge``:
``AddCircuit`` would accept a two-point circuit u->v->u); each point that may stay off the
loop gets a self-loop literal meaning "off"; points every answer visits get none. The degree
constraint ``sum of edges at a point = 2 * on-loop`` is redundant but made Masyu's prototype
about 2.5x faster. ``AddCircuit`` accepts the empty circuit, so a caller whose answer must
have an edge says so (``some_edge=True``).
"""

from __future__ import annotations

from typing import Any

from pencilsat.core.clock import check_clock
from pencilsat.encodings.loops.edges import GridEdges

CHECK_EVERY = 5000
"""Edges or points added between two looks at the clock."""


def add_single_loop(model: Any, grid: GridEdges, visited: set[int],
                    some_edge: bool = False, deadline: float | None = None) -> list[Any]:
    """Add one loop on ``grid`` to ``model``; return the edge literals (index = edge
    variable, index 0 unused). ``visited``: point ids every answer passes through;
    ``TimeLimitReached`` once ``deadline`` has passed."""
    edge_lits: list[Any] = [None]
    arcs = []
    for v in range(1, len(grid) + 1):
        if v % CHECK_EVERY == 0:
            check_clock(deadline)
        a, b = grid.ends[v]
        used = model.new_bool_var(f"e{v}")
        forward, backward = model.new_bool_var(f"a{a}_{b}"), model.new_bool_var(f"a{b}_{a}")
        model.add(forward + backward == used)
        arcs += [(a, b, forward), (b, a, backward)]
        edge_lits.append(used)
    for point, incident in enumerate(grid.incident_ids):
        if point % CHECK_EVERY == 0:
            check_clock(deadline)
        degree = sum(edge_lits[v] for v in incident)
        if point in visited:
            model.add(degree == 2)
            continue
        off_loop = model.new_bool_var(f"off{point}")
        arcs.append((point, point, off_loop))
        model.add(degree + 2 * off_loop == 2)
    model.add_circuit(arcs)
    if some_edge:
        model.add_bool_or(edge_lits[1:])
    return edge_lits


def literal(edge_lits: list[Any], lit: int) -> Any:
    """The CP-SAT literal of a signed edge-variable literal."""
    return edge_lits[lit] if lit > 0 else edge_lits[-lit].negated()
