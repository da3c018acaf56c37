"""Slitherlink test helpers: every loop of a small grid, puzzles built from a loop."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
from cell_masks import side_connected

from pencilsat.puzzles import slitherlink as S


def boundary(inside: set[tuple[int, int]], width: int, height: int) -> S.SlitherlinkSolution:
    """The lines between the cells of ``inside`` and the other cells (or the rim)."""
    lines = set()
    for cell in inside:
        r, c = cell
        neighbours = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
        for side, other in zip(S.cell_sides(cell), neighbours, strict=True):
            if other not in inside:
                lines.add(side)
    return S.SlitherlinkSolution(frozenset(lines), width, height)


@cache
def all_loops(width: int, height: int) -> tuple[S.SlitherlinkSolution, ...]:
    """Every single loop of a small grid: a loop is the boundary of the cells it encloses,
    so the valid boundaries of all cell sets are all loops (4,096 sets at 4x3). Only the
    sets whose cells are side-connected, with no hole (every cell outside side-connected to
    the rim), go to the rule checker: a single loop encloses such a set (two cells meeting
    only at a corner would put the loop through that corner twice; a hole is a second
    loop), and the checker is most of the cost (65,535 sets at 4x4, 9,349 loops)."""
    cells = list(itertools.product(range(height), range(width)))
    blank = S.SlitherlinkPuzzle(np.full((height, width), S.NO_CLUE))
    full = 2 ** len(cells) - 1
    rim = sum(1 << (r * width + c) for r, c in cells
              if r in (0, height - 1) or c in (0, width - 1))
    out = []
    for mask in range(1, 2 ** len(cells)):
        if not (side_connected(mask, mask & -mask, width, height)
                and side_connected(full & ~mask, full & ~mask & rim, width, height)):
            continue
        inside = {cell for k, cell in enumerate(cells) if mask >> k & 1}
        loop = boundary(inside, width, height)
        if not S.check(blank, loop):
            out.append(loop)
    return tuple(out)


def clues_of(loop: S.SlitherlinkSolution) -> np.ndarray:
    """Every cell's number for ``loop`` (4 where it encloses a single cell)."""
    out = np.zeros((loop.height, loop.width), dtype=np.int8)
    for r, c in itertools.product(range(loop.height), range(loop.width)):
        out[r, c] = sum(side in loop.edges for side in S.cell_sides((r, c)))
    return out


def answers(puzzle: S.SlitherlinkPuzzle) -> list[S.SlitherlinkSolution]:
    """Every answer of a small puzzle, by brute force over :func:`all_loops`: each loop
    whose numbers agree with the puzzle's given ones (compared for all loops at once) must
    also pass the rule checker."""
    given = puzzle.clues != S.NO_CLUE
    agree = (_loop_numbers(puzzle.width, puzzle.height)[:, given] == puzzle.clues[given]).all(1)
    return [loop for loop, fits in zip(all_loops(puzzle.width, puzzle.height), agree.tolist(),
                                       strict=True) if fits and not S.check(puzzle, loop)]


@cache
def _loop_numbers(width: int, height: int) -> np.ndarray:
    """:func:`clues_of` each loop of :func:`all_loops`, stacked in the same order."""
    return np.stack([clues_of(loop) for loop in all_loops(width, height)])


def grid(rows: list[str]) -> S.SlitherlinkPuzzle:
    return S.parse_puzzle(f"slitherlink {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")
