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
from pencilsat.puzzles.regions import NO_REGION

LitsEncoding = ShadingEncoding[LitsSolution]
"""The rules, the one-placement counts and the connectivity requirement of a LITS."""



def build(puzzle: LitsPuzzle, *, deadline: float | None = None) -> LitsEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed. Per placement a few list operations over the cells'
    variables (each cell's neighbours in other regions listed once, up front); the border
    clauses by numpy."""
    width, height = puzzle.width, puzzle.height
    grid = ShadingGrid(width, height, deadline=deadline)
    ids = puzzle.region_ids
    count = puzzle.regions.count
    letters = grid.new_variables(len(LETTERS) * count).reshape(-1, len(LETTERS))
    region_letters = letters.tolist()
    outside = _outside_neighbours(ids) if count > 1 else None
    covering: dict[int, list[int]] = {}
    clauses: list[list[int]] = []
    anchor = None
    for region, fits in enumerate(region_placements(ids, SHAPES, deadline)):
        if region % 1024 == 0:
            check_clock(deadline)
        chosen = grid.new_variables(len(fits)).tolist()
        grid.exactly(chosen, 1)
        own = region_letters[region]
        by_letter: dict[str, list[int]] = {letter: [] for letter in LETTERS}
        for var, (letter, placed) in zip(chosen, fits, strict=True):
            by_letter[letter].append(var)
            clauses.append([-var, own[_LETTER_INDEX[letter]]])
            cells = [r * width + c + 1 for r, c in placed]
            for cell in cells:
                clauses.append([-var, cell])
                covering.setdefault(cell, []).append(var)
            if outside is not None:
                clauses.append([-var, *sorted({n for cell in cells for n in outside[cell]})])
        clauses.extend([-own[k], *by_letter[letter]] for k, letter in enumerate(LETTERS))
        if anchor is None and fits:
            common = set.intersection(*(set(placed) for _, placed in fits))
            if common:
                r, c = min(common)
                anchor = r * width + c
    check_clock(deadline)
    clauses.extend([-cell, *vars_] for cell, vars_ in covering.items())
    covered = np.zeros(width * height + 1, dtype=bool)
    covered[list(covering)] = True
    possible = covered[1:].reshape(height, width)
    clauses.extend([-v] for v in grid.shaded[~possible].tolist())
    check_clock(deadline)
    clauses.extend(_same_letter_clauses(ids, possible, grid.shaded, letters).tolist())
    if anchor is not None:  # implied; stated so a certificate's cut check can lean on it
        clauses.append([anchor + 1])
    check_clock(deadline)
    grid.clauses.extend(clauses)
    lits = np.where(possible, grid.shaded, 0)
    grid.add(no_full_blocks(lits))
    grid.connected(SHADED, anchor=anchor, lits=lits)
    return grid.encoding(lambda shading: named_shading(puzzle, shading))


_LETTER_INDEX = {letter: k for k, letter in enumerate(LETTERS)}


def _outside_neighbours(ids: np.ndarray) -> list[list[int]]:
    """Per cell variable (index 0 unused), the shaded variables of its neighbours in
    other regions (not blocked)."""
    height, width = ids.shape
    var = np.arange(1, width * height + 1).reshape(height, width)
    out: list[list[int]] = [[] for _ in range(width * height + 1)]
    for a, b, ra, rb in ((var[:, :-1], var[:, 1:], ids[:, :-1], ids[:, 1:]),
                         (var[:-1, :], var[1:, :], ids[:-1, :], ids[1:, :])):
        apart = (ra != rb) & (ra != NO_REGION) & (rb != NO_REGION)
        for x, y in zip(a[apart].tolist(), b[apart].tolist(), strict=True):
            out[x].append(y)
            out[y].append(x)
    return out


def _same_letter_clauses(ids: np.ndarray, possible: np.ndarray, shaded: np.ndarray,
                         letters: np.ndarray) -> np.ndarray:
    """``not s_a or not s_b or not x_A,t or not x_B,t`` per letter ``t`` for two cells side
    by side across a region border (both shadable): the pairs side by side in a row first,
    row-major, then those one above the other, each pair's four letters in order."""
    parts = []
    for sa, sb, ra, rb, pa, pb in (
            (shaded[:, :-1], shaded[:, 1:], ids[:, :-1], ids[:, 1:],
             possible[:, :-1], possible[:, 1:]),
            (shaded[:-1, :], shaded[1:, :], ids[:-1, :], ids[1:, :],
             possible[:-1, :], possible[1:, :])):
        pair = (ra != rb) & pa & pb
        a, b = sa[pair], sb[pair]
        xa, xb = letters[ra[pair]], letters[rb[pair]]
        cells = np.broadcast_to(np.stack([a, b], axis=1)[:, None, :], (len(a), len(LETTERS), 2))
        parts.append(-np.concatenate([cells, xa[:, :, None], xb[:, :, None]], axis=2)
                     .reshape(-1, 4))
    return np.concatenate(parts)
