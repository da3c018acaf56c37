"""Pipe letters, the answer rows of the loop genres through cell centres (Masyu, Yajilin),
read strictly.

A letter says which neighbours its cell joins (``-`` left and right, ``L`` up and right, ...),
so every loop step is written twice, once by each of its cells. Reading a step from either
end alone would accept ``F.--7``: the ``.`` is joined from both sides although it draws
nothing. So the reader keeps each step either cell draws (the rule checker then sees the
line as drawn) and also lists every step one cell draws and its neighbour does not draw
back; the checker names both cells of each (:func:`unmatched_violations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pencilsat.core.values import Cell, Violation

Step = tuple[int, int]
UP: Step = (-1, 0)
DOWN: Step = (1, 0)
LEFT: Step = (0, -1)
RIGHT: Step = (0, 1)

LOOP_PIPES: dict[str, frozenset[Step]] = {
    "-": frozenset({LEFT, RIGHT}),
    "|": frozenset({UP, DOWN}),
    "L": frozenset({UP, RIGHT}),
    "J": frozenset({UP, LEFT}),
    "7": frozenset({LEFT, DOWN}),
    "F": frozenset({RIGHT, DOWN}),
}
"""The six letters of a loop cell: the steps to the two neighbours it joins."""

_NAME = {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right"}

Unmatched = frozenset[tuple[Cell, Cell]]
"""Loop steps written by one cell only: (the cell that draws it, the neighbour that does not
draw it back)."""


def pipe_edges(rows: list[str],
               pipes: Mapping[str, frozenset[Step]]) -> tuple[set[tuple[Cell, Cell]], Unmatched]:
    """The loop steps ``rows`` draw (each as its two cells, smaller first) and the steps only
    one of the two cells draws. A step that leaves the grid is kept among the steps and not
    listed as unmatched: the genre's checker names it as leaving the grid."""
    height = len(rows)
    edges: set[tuple[Cell, Cell]] = set()
    unmatched: set[tuple[Cell, Cell]] = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            for dr, dc in pipes.get(ch, ()):
                other = (r + dr, c + dc)
                edges.add(((r, c), other) if (r, c) < other else (other, (r, c)))
                inside = 0 <= other[0] < height and 0 <= other[1] < len(rows[other[0]])
                if inside and (-dr, -dc) not in pipes.get(rows[other[0]][other[1]], ()):
                    unmatched.add(((r, c), other))
    return edges, frozenset(unmatched)


def unmatched_violations(unmatched: Iterable[tuple[Cell, Cell]]) -> list[Violation]:
    """One ``pipe-not-joined`` violation per step only one cell draws, at that cell, naming
    the neighbour (row-major)."""
    out = []
    for cell, other in sorted(unmatched):
        step = (other[0] - cell[0], other[1] - cell[1])
        out.append(Violation("pipe-not-joined", cell,
                             f"the line here goes {_NAME.get(step, 'on')} into row {other[0]}, "
                             f"column {other[1]}, whose letter does not join it back"))
    return out
