"""Numberlink's lines as one CP-SAT circuit: CP-SAT's own ``add_circuit`` (or
``add_multiple_circuit``) over the cells, on top of the clause rules.

Each cell is a node; two arcs (one each way) join side-by-side cells, and an edge of the
clause encoding is used exactly when one of its two arcs is. An unnumbered cell has a
self-loop (it is left out of the circuit: unused). Each pair's line is directed from its
first end (cell ids, row by row) to its second, and a fixed arc leads from each pair's
second end to the next pair's first, so the lines and these arcs make one circuit; with a
depot (``add_multiple_circuit``, node 0) each line is a route from the depot and back
instead. A model of the circuit has no stray loop and every line runs from one number to
another; the clauses' labels make the two numbers equal. So the circuit adds nothing the
rules allow and forbids only loops, which the lazy run drops or cuts anyway: the verdict
stays the rules' (the normal-form argument of docs/encodings.md holds for any model of the
same rules). Why: CP-SAT's circuit propagator knows paths and reachability natively,
where the clauses leave loops to the lazy cuts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.puzzles.numberlink import EMPTY, NumberlinkPuzzle


def pair_ends(puzzle: NumberlinkPuzzle) -> list[tuple[int, int]] | None:
    """Each pair's two cell ids (first, second), in the numbers' order; ``None`` when a number
    is not given exactly twice (no answer: the clauses say so) or no number is given."""
    numbers = puzzle.numbers.ravel()
    out = []
    for value in np.unique(numbers[numbers != EMPTY]).tolist():
        cells = np.flatnonzero(numbers == value).tolist()
        if len(cells) != 2:
            return None
        out.append((cells[0], cells[1]))
    return out or None


def add_circuit(cp: Any, variables: Sequence[Any], puzzle: NumberlinkPuzzle, *,
                depot: bool = False) -> bool:
    """Add the circuit to the CP-SAT model ``cp`` whose ``variables[v]`` is edge variable
    ``v`` (``1..E`` of :class:`~pencilsat.encodings.loops.edges.GridEdges`); ``depot``:
    ``add_multiple_circuit`` with a depot node instead of one circuit. Returns whether it
    was added (not when :func:`pair_ends` is ``None``)."""
    ends = pair_ends(puzzle)
    if ends is None:
        return False
    grid = GridEdges(puzzle.width, puzzle.height)
    end_a, end_b, _ = grid.arrays()
    first = {s for s, _ in ends}
    second = {t for _, t in ends}
    shift = 1 if depot else 0
    arcs: list[tuple[int, int, Any]] = []
    for v in range(1, len(grid) + 1):
        a, b = int(end_a[v]), int(end_b[v])
        directed = []
        for tail, head in ((a, b), (b, a)):
            if tail in second or head in first:
                continue  # a line leaves its first end and enters its second
            arc = cp.new_bool_var(f"arc{tail}_{head}")
            arcs.append((tail + shift, head + shift, arc))
            directed.append(arc)
        cp.add(sum(directed) == variables[v])
    for cell in np.flatnonzero(puzzle.numbers.ravel() == EMPTY).tolist():
        arcs.append((cell + shift, cell + shift, cp.new_bool_var(f"unused{cell}")))
    fixed = cp.new_bool_var("chained")
    cp.add_bool_or([fixed])
    if depot:
        for s, t in ends:
            arcs.append((0, s + 1, fixed))
            arcs.append((t + 1, 0, fixed))
        cp.add_multiple_circuit(arcs)
    else:
        for k, (_, t) in enumerate(ends):
            arcs.append((t, ends[(k + 1) % len(ends)][0], fixed))
        cp.add_circuit(arcs)
    return True
