"""Heyawake as clauses, room counts as cardinalities, connectivity as one lazy requirement.

Variables: ``shaded`` per cell, ``1..W*H`` row-major (nothing else). Rules:

- no two shaded cells share an edge (``not s_a or not s_b``);
- a clued room holds exactly N shaded cells (``sizes``: cardinalities, written by the CNF
  strategy with PySAT's ``CardEnc`` and by CP-SAT as linear sums);
- no run of unshaded cells crosses two room borders: for two borders met one after the
  other along a row (after columns p < q), one of the cells p..q+1 is shaded (a run across
  two or more borders holds such a stretch between two consecutive ones);
- the unshaded cells are connected: :meth:`~pencilsat.encodings.shading.ShadingGrid.connected`,
  anchored in a room whose clue is 0 when there is one, cut lazily; the cuts of single
  cells are known in advance and written as clauses (an unshaded cell has an unshaded
  neighbour), since a model leaves them most often.

Built on :class:`~pencilsat.encodings.shading.ShadingGrid`: the clauses come from numpy in
blocks, with a look at the clock between blocks, so a 1000x1000 grid stops within its time
limit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.shading import UNSHADED, ShadingGrid, no_two_adjacent
from pencilsat.puzzles.heyawake import HeyawakePuzzle, HeyawakeSolution


@dataclass(frozen=True)
class HeyawakeSettings:
    """What the encoding adds to the rules themselves (module docstring)."""

    lonely_cell_clauses: bool = True
    """Write "an unshaded cell has an unshaded neighbour" up front rather than as cuts."""


HeyawakeEncoding = ShadingEncoding[HeyawakeSolution]
"""The rules, cardinalities and connectivity requirements of a Heyawake."""


def border_stretches(rooms: np.ndarray) -> list[list[int]]:
    """Per row and then per column, each stretch of cells between two consecutive room
    borders, with one cell beyond each border, as cell indices ``r * W + c``: one of them
    must be shaded."""
    height, width = rooms.shape
    index = np.arange(height * width).reshape(height, width)
    out = []
    for lines, ids in ((rooms, index), (rooms.T, index.T)):
        for labels, cells in zip(lines, ids, strict=True):
            borders = np.flatnonzero(labels[:-1] != labels[1:])
            for p, q in zip(borders[:-1].tolist(), borders[1:].tolist(), strict=True):
                out.append(cells[p:q + 2].tolist())
    return out


def build(puzzle: HeyawakePuzzle, *, deadline: float | None = None,
          settings: HeyawakeSettings | None = None) -> HeyawakeEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    settings = settings or HeyawakeSettings()
    grid = ShadingGrid(puzzle.width, puzzle.height, deadline=deadline)
    grid.add(no_two_adjacent(grid.shaded))
    anchor = None
    for cells_of_room, clue in zip(puzzle.room_cells(), puzzle.room_clues(), strict=True):
        if clue is not None and clue[1] == 0 and anchor is None:
            anchor = cells_of_room[0][0] * puzzle.width + cells_of_room[0][1]
    # a lone unshaded cell is an answer only below 4 cells (#.# on 1x3): no clause there
    grid.connected(UNSHADED, anchor=anchor, neighbour_clauses=settings.lonely_cell_clauses
                   and puzzle.width * puzzle.height >= 4, gaps_apart=True)
    flat = grid.shaded.ravel().tolist()
    grid.add([flat[v] for v in stretch] for stretch in border_stretches(puzzle.rooms))
    for cells_of_room, clue in zip(puzzle.room_cells(), puzzle.room_clues(), strict=True):
        if clue is not None:
            grid.exactly([flat[r * puzzle.width + c] for r, c in cells_of_room], clue[1])
    return grid.encoding(HeyawakeSolution)
