"""Heyawake as clauses, room counts as cardinalities, connectivity as one lazy requirement.

Variables: ``shaded`` per cell, ``1..W*H`` row-major (nothing else). Rules:

- no two shaded cells share an edge (``not s_a or not s_b``);
- a clued room holds exactly N shaded cells (``sizes``: cardinalities, written by the CNF
  strategy with PySAT's ``CardEnc`` and by CP-SAT as linear sums);
- no run of unshaded cells crosses two room borders: for two borders met one after the
  other along a row (after columns p < q), one of the cells p..q+1 is shaded (a run across
  two or more borders holds such a stretch between two consecutive ones);
- the unshaded cells are connected: a :class:`~pencilsat.encodings.connectivity.Requirement`
  over the grid with the literal ``not s`` per cell, anchored in a room whose clue is 0 when
  there is one, cut lazily; the cuts of single cells are known in advance and written as
  clauses (an unshaded cell has an unshaded neighbour), since a model leaves them most
  often.

The clauses come from numpy in blocks, with a look at the clock between blocks, so a
1000x1000 grid stops within its time limit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import (
    Clause,
    Requirement,
    ShadingEncoding,
    grid_graph,
)
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


BLOCK_ROWS = 100_000
"""Clauses turned from numpy rows into lists between two looks at the clock."""


def _extend(clauses: list[Clause], block: np.ndarray, deadline: float | None) -> None:
    for first in range(0, len(block), BLOCK_ROWS):
        check_clock(deadline)
        clauses.extend(block[first:first + BLOCK_ROWS].tolist())


def lonely_cell_clauses(shaded: np.ndarray) -> list[np.ndarray]:
    """``s_v or not s_n for every neighbour n``: an unshaded cell has an unshaded
    neighbour. One block per shape of neighbourhood (corner, side, inside), each built
    whole by numpy."""
    height, width = shaded.shape
    around = np.zeros((height, width, 4), dtype=np.int64)  # up, left, right, down; 0: none
    around[1:, :, 0] = shaded[:-1, :]
    around[:, 1:, 1] = shaded[:, :-1]
    around[:, :-1, 2] = shaded[:, 1:]
    around[:-1, :, 3] = shaded[1:, :]
    flat_around = around.reshape(-1, 4)
    code = (flat_around != 0) @ np.array([1, 2, 4, 8])
    out = []
    for shape in np.unique(code).tolist():
        rows = np.flatnonzero(code == shape)
        columns = [k for k in range(4) if shape >> k & 1]
        out.append(np.concatenate([shaded.ravel()[rows, None], -flat_around[rows][:, columns]],
                                  axis=1))
    return out


def build(puzzle: HeyawakePuzzle, *, deadline: float | None = None,
          settings: HeyawakeSettings | None = None) -> HeyawakeEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    settings = settings or HeyawakeSettings()
    width, height = puzzle.width, puzzle.height
    cells = width * height
    shaded = np.arange(1, cells + 1, dtype=np.int64).reshape(height, width)
    clauses: list[Clause] = []
    pairs = [np.stack([-shaded[:, :-1].ravel(), -shaded[:, 1:].ravel()], axis=1),
             np.stack([-shaded[:-1, :].ravel(), -shaded[1:, :].ravel()], axis=1)]
    for block in pairs:
        _extend(clauses, block, deadline)
    flat = shaded.ravel().tolist()
    if settings.lonely_cell_clauses and cells > 1:
        for block in lonely_cell_clauses(shaded):
            _extend(clauses, block, deadline)
    check_clock(deadline)
    clauses.extend([flat[v] for v in stretch] for stretch in border_stretches(puzzle.rooms))
    sizes: list[tuple[list[int], int]] = []
    anchor = None
    for cells_of_room, clue in zip(puzzle.room_cells(), puzzle.room_clues(), strict=True):
        if clue is None:
            continue
        lits = [flat[r * width + c] for r, c in cells_of_room]
        sizes.append((lits, clue[1]))
        if clue[1] == 0 and anchor is None:
            anchor = cells_of_room[0][0] * width + cells_of_room[0][1]
    check_clock(deadline)
    graph = grid_graph(width, height, deadline=deadline)
    unshaded = Requirement(-shaded.ravel(), anchor=anchor, name="unshaded")

    def decode(values: np.ndarray) -> HeyawakeSolution:
        return HeyawakeSolution(values[shaded])

    return HeyawakeEncoding(cells, clauses, sizes, graph, [unshaded], flat, decode)
