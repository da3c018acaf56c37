"""Spiral Galaxies as a label partition (:mod:`~pencilsat.encodings.region_labels`): each
centre is a label, each cell takes one.

A cell may take a centre's label only where its mirror image about the centre lies in the
grid; the cell and its mirror image take it together, so the pair has *one* variable and
the symmetry costs no clause. The cells a centre touches are its anchor (its first) and
forced. Before any variable is made, each centre's cells are narrowed to a fixed point:
no cell another centre touches, only cells joined to the anchor through the centre's cells,
only cells whose mirror image is left too (a pair goes out together). Connectivity is
the labels' requirements (lazy cuts in the runs; ranked parents in the complete CNF).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Graph, ShadingEncoding, steps_within
from pencilsat.encodings.region_labels import LabelGrid, anchored_reach
from pencilsat.puzzles.galaxies import (
    GalaxiesPuzzle,
    GalaxiesSolution,
    Point,
    mirror,
    touching,
)
from pencilsat.puzzles.regions import Regions


def candidate_cells(puzzle: GalaxiesPuzzle, point: Point, touched: np.ndarray,
                    graph: Graph) -> tuple[set[int], list[int]]:
    """The flat cells the galaxy of the centre at ``point`` may hold (``touched``: the
    flat mask of cells some centre touches; only its own among them), narrowed to a fixed
    point, and the cells it touches; no cut-out cell, none whose mirror image is cut out
    (and none at all when the centre touches one). Only cells reached from the centre are
    ever looked at, so a centre hemmed in by others costs what its few cells cost."""
    width, height = puzzle.width, puzzle.height
    own = [r * width + c for r, c in touching(point)]
    holes = puzzle.holes.ravel()
    if holes[own].any():
        return set(), own
    # the box of cells whose mirror image lies in the grid, each with its mirror's index
    y, x = point
    rows = np.arange(max(0, y - height), min(height - 1, y - 1) + 1)
    cols = np.arange(max(0, x - width), min(width - 1, x - 1) + 1)
    cells = (rows[:, None] * width + cols[None, :]).ravel()
    twins = ((y - 1 - rows)[:, None] * width + (x - 1 - cols)[None, :]).ravel()
    mine = np.zeros(width * height, dtype=bool)
    mine[own] = True
    allowed = ~holes[cells] & ~holes[twins] & (~touched[cells] | mine[cells])
    twin_of = dict(zip(cells[allowed].tolist(), twins[allowed].tolist(), strict=True))
    reached = set(steps_within(graph, own, len(twin_of), twin_of.__contains__))
    while True:
        kept = {k for k in reached if twin_of[k] in reached}
        if len(kept) == len(reached):
            return reached, own
        reached = anchored_reach(graph, kept, own)


def build(puzzle: GalaxiesPuzzle, *, deadline: float | None = None
          ) -> ShadingEncoding[GalaxiesSolution]:
    """The label partition of the puzzle's centres (see the module's docstring)."""
    width = puzzle.width
    grid = LabelGrid(width, puzzle.height, deadline=deadline, outside=puzzle.holes)
    points = puzzle.points()
    touched_cells = np.zeros((puzzle.height, width), dtype=bool)
    ys, xs = np.nonzero(puzzle.centres)  # a centre touches 1, 2 or 4 cells (``touching``)
    for rows in ((ys - 1) // 2, ys // 2):
        for cols in ((xs - 1) // 2, xs // 2):
            touched_cells[rows, cols] = True
    touched = touched_cells.ravel()
    for i, point in enumerate(points):
        if i % 16 == 0:
            check_clock(deadline)
        cells, own = candidate_cells(puzzle, point, touched, grid.graph)
        if not cells:  # the centre touches a cut-out cell: no galaxy, no answer
            grid.clauses += [[grid.variable()], [-grid.top]]
            continue
        variables: dict[int, int] = {}
        for k in sorted(cells):
            r, c = mirror(point, divmod(k, width))
            twin = r * width + c
            variables[k] = variables[twin] if twin in variables else grid.variable()
        grid.label(variables, own[0])
    return grid.encoding(lambda labels: GalaxiesSolution(Regions.from_labels(labels)))
