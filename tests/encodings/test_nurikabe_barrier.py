"""The barrier rule against every shading of small grids: it refuses exactly the shadings
whose edge holds wall cells of two different wall pieces (one segment per edge cell), and
with fewer segments never refuses a shading whose wall is one piece."""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from pencilsat.encodings.nurikabe_barrier import (
    MIN_SEGMENTS,
    barrier_clauses,
    edge_cycle,
    segment_count,
)


def _pieces(shaded: list[bool], width: int, height: int) -> list[int]:
    """Per cell, the index of its wall piece (side neighbours), -1 for an open cell."""
    piece = [-1] * len(shaded)
    count = 0
    for start, wall in enumerate(shaded):
        if not wall or piece[start] >= 0:
            continue
        piece[start] = count
        stack = [start]
        while stack:
            r, c = divmod(stack.pop(), width)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                u = rr * width + cc
                if 0 <= rr < height and 0 <= cc < width and shaded[u] and piece[u] < 0:
                    piece[u] = count
                    stack.append(u)
        count += 1
    return piece


def _edge_pieces(shaded: list[bool], width: int, height: int) -> int:
    """How many wall pieces have a cell on the grid's edge."""
    piece = _pieces(shaded, width, height)
    edge = [r * width + c for r in range(height) for c in range(width)
            if r in (0, height - 1) or c in (0, width - 1)]
    return len({piece[v] for v in edge if shaded[v]})


def _refused(width: int, height: int, segments: int) -> dict[int, bool]:
    """Per shading (a bit mask, bit v for cell v), whether the rule refuses it."""
    cells = width * height
    clauses, _ = barrier_clauses(width, height, list(range(1, cells + 1)), [True] * cells,
                                 segments, cells)
    out = {}
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        for mask in range(2 ** cells):
            shading = [v + 1 if mask >> v & 1 else -(v + 1) for v in range(cells)]
            out[mask] = not solver.solve(assumptions=shading)
    return out


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 2), (2, 5), (3, 3), (4, 3), (3, 4),
                                               (4, 4), (5, 3)])
def test_one_segment_per_edge_cell_refuses_exactly_the_split_edges(width, height):
    refused = _refused(width, height, len(edge_cycle(width, height)))
    for mask, no in refused.items():
        shaded = [bool(mask >> v & 1) for v in range(width * height)]
        assert no == (_edge_pieces(shaded, width, height) > 1), (width, height, mask)


@pytest.mark.parametrize(("width", "height", "segments"), [(4, 4, 4), (4, 4, 6), (5, 3, 5),
                                                           (4, 3, 4)])
def test_fewer_segments_refuse_no_connected_wall_and_some_split_ones(width, height, segments):
    refused = _refused(width, height, segments)
    split = 0
    for mask, no in refused.items():
        shaded = [bool(mask >> v & 1) for v in range(width * height)]
        if max(_pieces(shaded, width, height)) <= 0:
            assert not no, mask  # one wall piece (or none): never refused
        split += no
    assert split > 0


def test_edge_cycle_walks_the_outline_once():
    cycle = edge_cycle(4, 3)
    assert cycle == [0, 1, 2, 3, 7, 11, 10, 9, 8, 4]
    for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        ra, ca = divmod(a, 4)
        rb, cb = divmod(b, 4)
        assert abs(ra - rb) + abs(ca - cb) == 1


def test_segments_keep_to_the_edge_the_budget_and_the_minimum():
    assert segment_count(4, 3, 12, most=8) == 8
    assert segment_count(3, 2, 6, most=8) == 6  # one per edge cell at most
    assert segment_count(40, 40, 1600, most=8, budget=4_000) == 0  # 2 < MIN_SEGMENTS
    assert segment_count(1, 9, 9, most=8) == 0
    assert barrier_clauses(4, 4, list(range(1, 17)), [True] * 16, MIN_SEGMENTS - 1, 16) == (
        [], 16)
