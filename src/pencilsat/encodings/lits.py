"""LITS as clauses: one tetromino placement per region, a letter per region, the shaded
cells connected by one lazy requirement.

Variables: ``shaded`` per cell, ``1..W*H`` row-major; then per region one variable per
placement of an L, I, T or S inside it
(:func:`~pencilsat.puzzles.polyominoes.region_placements`)
and one per letter. Rules:

- exactly one placement per region (a count: CNF cardinality clauses, CP-SAT a linear sum);
- a placement shades its four cells and names its letter (``not p or s_c``,
  ``not p or x_letter``); a shaded cell lies in a placement of its region that is chosen
  (``not s_c or p_1 or ...``), and a letter holds only through one of its placements; so a
  region's shaded cells are exactly its placement's, and its letter is that placement's;
- cells no placement covers, and blocked cells, are unshaded;
- two cells side by side across a region border are not both shaded with their regions
  holding the same letter (``not s_a or not s_b or not x_A,t or not x_B,t``, per letter);
- no 2x2 block is all shaded (:func:`~pencilsat.encodings.shading.no_full_blocks`);
- the shaded cells are connected: :meth:`~pencilsat.encodings.shading.ShadingGrid.connected`
  over the cells some placement covers, anchored at a cell every placement of its region
  covers when there is one (shaded, as a unit clause: the certificate's cut check takes an
  anchor only so), cut lazily; up front, beside "a shaded cell has a shaded
  neighbour", a chosen placement has a shaded cell next to it outside its region (when
  there are two regions or more): the cut of a lone tetromino, known in advance.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.shading import SHADED, ShadingGrid, no_full_blocks
from pencilsat.puzzles.lits import LETTERS, SHAPES, LitsPuzzle, LitsSolution, named_shading
from pencilsat.puzzles.polyominoes import region_placements

LitsEncoding = ShadingEncoding[LitsSolution]
"""The rules, the one-placement counts and the connectivity requirement of a LITS."""

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def build(puzzle: LitsPuzzle, *, deadline: float | None = None) -> LitsEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    width, height = puzzle.width, puzzle.height
    grid = ShadingGrid(width, height, deadline=deadline)
    ids = puzzle.region_ids
    region_of = ids.tolist()
    count = puzzle.regions.count
    letters = grid.new_variables(len(LETTERS) * count).reshape(-1, len(LETTERS)).tolist()
    covering: dict[tuple[int, int], list[int]] = {}
    clauses: list[list[int]] = []
    anchor = None
    several = count > 1
    for region, fits in enumerate(region_placements(ids, SHAPES, deadline)):
        if region % 1024 == 0:
            check_clock(deadline)
        chosen = grid.new_variables(len(fits)).tolist()
        grid.exactly(chosen, 1)
        by_letter: dict[str, list[int]] = {letter: [] for letter in LETTERS}
        for var, (letter, placed) in zip(chosen, fits, strict=True):
            by_letter[letter].append(var)
            clauses.append([-var, letters[region][LETTERS.index(letter)]])
            for r, c in placed:
                clauses.append([-var, r * width + c + 1])
                covering.setdefault((r, c), []).append(var)
            if several:
                clauses.append([-var, *_outside_neighbours(placed, region_of, region)])
        for k, letter in enumerate(LETTERS):
            clauses.append([-letters[region][k], *by_letter[letter]])
        if anchor is None and fits:
            common = set.intersection(*(set(placed) for _, placed in fits))
            if common:
                r, c = min(common)
                anchor = r * width + c
    possible = np.zeros((height, width), dtype=bool)
    for k, ((r, c), vars_) in enumerate(covering.items()):
        if k % 4096 == 0:
            check_clock(deadline)
        possible[r, c] = True
        clauses.append([-(r * width + c + 1), *vars_])
    clauses.extend([-v] for v in grid.shaded[~possible].tolist())
    can = possible.tolist()
    for k, ((ra, ca), (rb, cb)) in enumerate(puzzle.regions.borders()):
        if k % 4096 == 0:
            check_clock(deadline)
        if can[ra][ca] and can[rb][cb]:
            a, b = ra * width + ca + 1, rb * width + cb + 1
            for x_a, x_b in zip(letters[region_of[ra][ca]], letters[region_of[rb][cb]],
                                strict=True):
                clauses.append([-a, -b, -x_a, -x_b])
    if anchor is not None:  # implied; stated so a certificate's cut check can lean on it
        clauses.append([anchor + 1])
    grid.add(clauses)
    lits = np.where(possible, grid.shaded, 0)
    grid.add(no_full_blocks(lits))
    grid.connected(SHADED, anchor=anchor, lits=lits)
    return grid.encoding(lambda shading: named_shading(puzzle, shading))


def _outside_neighbours(placed: list[tuple[int, int]], region_of: list[list[int]],
                        region: int) -> list[int]:
    """The shaded variables of the cells next to ``placed`` in other regions."""
    height, width = len(region_of), len(region_of[0])
    out = set()
    for r, c in placed:
        for dr, dc in _STEPS:
            nr, nc = r + dr, c + dc
            if 0 <= nr < height and 0 <= nc < width and region_of[nr][nc] not in (region, -1):
                out.add(nr * width + nc + 1)
    return sorted(out)
