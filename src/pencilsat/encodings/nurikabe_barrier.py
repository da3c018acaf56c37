"""The barrier rule: no chain of open cells crosses a Nurikabe grid between two walls.

A chain of open cells, each touching the next at a side or a corner, from a cell on the
grid's edge to another, splits the wall in two when the edge holds a wall cell on both
arcs between the chain's ends (proof in ``docs/encodings.md``, Nurikabe); the wall is
connected, so no answer has one. A cut of the lazy loop rules out one such barrier at a
time (janko 683_14x24's 1,941 cuts are nearly all barriers of nine islands); these clauses
rule them out together, by reachability the solver propagates:

- the edge's cells in their cyclic order are split into ``K`` arcs (*segments*); per
  segment a and cell v, ``reach[a][v]``: "v is open and joined to an open cell of segment
  a by such a chain". Forward implications only (an open cell of a is reached; a reached
  cell reaches its open neighbours at sides and corners; a reached cell is open): in an
  answer the least solution of them is the true reach, so they exclude no answer;
- ``wall_in[s]`` per segment ("some cell of s is wall") and, per pair of segments, "some
  segment strictly between them, clockwise, holds a wall";
- a cell of segment b that segment a reaches, with a wall strictly between a and b on both
  sides: never.

With one segment per edge cell it is the whole rule; with fewer, chains whose ends share a
segment or lie in neighbouring ones go uncaught (the cuts still see them). ``K`` is
``SEGMENTS`` or fewer (:func:`segment_count`). The strategies add these clauses once the cut
loop has cut two models (``strategies/nurikabe.BARRIER_AFTER``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause

REACH_BUDGET = 25_000
"""Reach variables at most (segments x cells): fewer segments on grids over 3,125 cells."""
SEGMENTS = 8
"""Segments at most. On janko 683_14x24, 1108_20x15 and 1091_15x15 (built from the start),
4 segments left 6-19 SAT calls, 6 left 2-4, 8 to 20 ended each in 2-5 calls (0-9 cuts) at
about the same CPU; every segment costs a variable and up to 9 clauses per cell."""
MIN_SEGMENTS = 4
"""Fewer segments say nothing: a clause needs a segment strictly between on both sides."""


def edge_cycle(width: int, height: int) -> list[int]:
    """The grid's edge cells (``r * W + c``) in clockwise order from the top-left corner:
    each cell's outer sides follow the last one's along the grid's outline (grids of at
    least 2x2)."""
    top = list(range(width))
    right = [r * width + width - 1 for r in range(1, height)]
    bottom = [(height - 1) * width + c for c in range(width - 2, -1, -1)]
    left = [r * width for r in range(height - 2, 0, -1)]
    return top + right + bottom + left


def segment_count(width: int, height: int, open_cells: int, most: int,
                  budget: int = REACH_BUDGET) -> int:
    """The segments: at most ``most``, one per edge cell and what the budget allows; 0 when
    under ``MIN_SEGMENTS`` or the grid is narrower than 2."""
    if min(width, height) < 2:
        return 0
    count = min(most, len(edge_cycle(width, height)), budget // max(open_cells, 1))
    return count if count >= MIN_SEGMENTS else 0


def barrier_clauses(width: int, height: int, shaded: Sequence[int], may_open: Sequence[bool],
                    segments: int, top: int, deadline: float | None = None
                    ) -> tuple[list[Clause], int]:
    """The barrier rule's clauses (module docstring) over the literals ``shaded`` ("the cell
    is wall", row-major) with ``segments`` segments, reach variables only for cells that
    ``may_open``; new variables after ``top``. Returns the clauses and the last variable."""
    if segments < MIN_SEGMENTS or min(width, height) < 2:
        return [], top
    cycle = edge_cycle(width, height)
    segment_of = [p * segments // len(cycle) for p in range(len(cycle))]
    open_cells = [v for v in range(width * height) if may_open[v]]
    clauses: list[Clause] = []
    reach: list[dict[int, int]] = []
    for _ in range(segments):
        check_clock(deadline)
        reach.append({v: top + 1 + i for i, v in enumerate(open_cells)})
        top += len(open_cells)
    for a in range(segments):
        check_clock(deadline)
        clauses.extend(_reach_clauses(width, height, shaded, reach[a]))
    for p, v in enumerate(cycle):
        if may_open[v]:
            clauses.append([shaded[v], reach[segment_of[p]][v]])
    wall_in = list(range(top + 1, top + 1 + segments))
    top += segments
    members: list[list[int]] = [[] for _ in range(segments)]
    for p, v in enumerate(cycle):
        members[segment_of[p]].append(v)
    for s, cells in enumerate(members):
        clauses.extend([-shaded[v], wall_in[s]] for v in cells)
        clauses.append([-wall_in[s], *(shaded[v] for v in cells)])
    between, more, top = _between(wall_in, top)
    clauses.extend(more)
    for p, v in enumerate(cycle):
        b = segment_of[p]
        if not may_open[v]:
            continue
        for a in range(segments):
            if 2 <= (b - a) % segments <= segments - 2:
                clauses.append([-reach[a][v], -between[a, b], -between[b, a]])
    return clauses, top


def _reach_clauses(width: int, height: int, shaded: Sequence[int],
                   reach: dict[int, int]) -> list[Clause]:
    """A reached cell is open, and reaches its open neighbours at sides and corners."""
    clauses: list[Clause] = []
    for v, x in reach.items():
        r, c = divmod(v, width)
        clauses.append([-x, -shaded[v]])
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width:
                    u = v + dr * width + dc
                    if u in reach:
                        clauses.append([-x, shaded[u], reach[u]])
    return clauses


def _between(wall_in: list[int], top: int
             ) -> tuple[dict[tuple[int, int], int], list[Clause], int]:
    """Per pair (a, b) of segments at least two apart clockwise, a literal "some segment
    strictly between a and b, clockwise from a, holds a wall" (both ways), from a chain of
    ORs per a."""
    segments = len(wall_in)
    between: dict[tuple[int, int], int] = {}
    clauses: list[Clause] = []
    for a in range(segments):
        previous = wall_in[(a + 1) % segments]
        between[a, (a + 2) % segments] = previous
        for d in range(3, segments):
            top += 1
            added = wall_in[(a + d - 1) % segments]
            clauses.extend([[-previous, top], [-added, top], [-top, previous, added]])
            between[a, (a + d) % segments] = previous = top
    return between, clauses, top
