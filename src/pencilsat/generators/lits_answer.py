"""LITS answers for ``pencilsat generate lits``: a chain of tetrominoes drawn at random, and
the ways a shading splits into tetrominoes (what a second answer's regions could be).

The chain: a random L, I, T or S, then, while one fits, a random one beside the shaded cells
that overlaps none, leaves no 2x2 block shaded and touches no tetromino of its own letter.
The shading is connected by construction and every rule of LITS but the regions holds.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np

from pencilsat.core.values import Cell, grid_neighbours
from pencilsat.puzzles.lits import LETTERS, SHAPES
from pencilsat.puzzles.polyominoes import orientations

Piece = tuple[str, tuple[Cell, ...]]
"""A tetromino: its letter and its cells, row-major."""
FORMS: list[tuple[str, tuple[Cell, ...]]] = [
    (letter, tuple(sorted(form))) for letter in LETTERS for form in orientations(SHAPES[letter])]
"""Every turned and mirrored L, I, T, S, cells moved to row 0 and column 0."""


def draw_chain(rng: random.Random, width: int, height: int,
               start: list[Piece] | None = None) -> list[Piece]:
    """A random maximal chain of tetrominoes (module docstring), grown from the connected
    chain ``start`` when given."""
    letters = np.full((height, width), "", dtype="<U1")
    pieces: list[Piece] = list(start or [])
    for letter, cells in pieces:
        for cell in cells:
            letters[cell] = letter
    while True:
        fits = [piece for piece in _all_pieces(width, height) if _fits(letters, piece, pieces)]
        if not fits:
            return pieces
        letter, cells = rng.choice(fits)
        pieces.append((letter, cells))
        for cell in cells:
            letters[cell] = letter


def _all_pieces(width: int, height: int) -> list[Piece]:
    out = []
    for letter, form in FORMS:
        rows = height - max(r for r, _ in form)
        cols = width - max(c for _, c in form)
        for top in range(rows):
            for left in range(cols):
                out.append((letter, tuple((top + r, left + c) for r, c in form)))
    return out


def _fits(letters: np.ndarray, piece: Piece, pieces: list[Piece]) -> bool:
    """``piece`` overlaps no shaded cell, touches the shading (unless it is the first),
    touches no tetromino of its letter and leaves no 2x2 block shaded."""
    letter, cells = piece
    if any(letters[cell] for cell in cells):
        return False
    height, width = letters.shape
    own = set(cells)
    beside = {letters[n] for cell in cells for n in grid_neighbours(cell, height, width)
              if n not in own and letters[n]}
    if letter in beside or (pieces and not beside):
        return False
    for r, c in cells:
        for top in (r - 1, r):
            for left in (c - 1, c):
                if 0 <= top < height - 1 and 0 <= left < width - 1 and all(
                        (top + dr, left + dc) in own or letters[top + dr, left + dc]
                        for dr in (0, 1) for dc in (0, 1)):
                    return False
    return True


def largest_group(pieces: list[Piece], height: int, width: int) -> list[Piece]:
    """The pieces of the largest group of pieces side by side (by cells; the first one
    found when two are as large)."""
    owner = {cell: k for k, (_, cells) in enumerate(pieces) for cell in cells}
    best: list[int] = []
    seen: set[int] = set()
    for first in range(len(pieces)):
        if first in seen:
            continue
        group, stack = [first], [first]
        seen.add(first)
        while stack:
            for cell in pieces[stack.pop()][1]:
                for n in grid_neighbours(cell, height, width):
                    k = owner.get(n)
                    if k is not None and k not in seen:
                        seen.add(k)
                        group.append(k)
                        stack.append(k)
        if len(group) > len(best):
            best = group
    return [pieces[k] for k in sorted(best)]


def tilings(shaded: np.ndarray, limit: int = 64) -> list[list[Piece]]:
    """The ways (up to ``limit``) the shaded cells split into L, I, T and S tetrominoes
    with no two of one letter side by side."""
    cells = {(int(r), int(c)) for r, c in np.argwhere(shaded)}
    height, width = shaded.shape
    placements = _placements(height, width)
    out: list[list[Piece]] = []

    def extend(left: set[Cell], chosen: list[tuple[str, tuple[Cell, ...], frozenset[Cell]]]
               ) -> None:
        if len(out) >= limit:
            return
        if not left:
            out.append([(letter, placed) for letter, placed, _ in chosen])
            return
        for letter, placed, own, near in placements[min(left)]:
            if not own <= left:
                continue
            if any(other == letter and not near.isdisjoint(taken)
                   for other, _, taken in chosen):
                continue
            chosen.append((letter, placed, own))
            extend(left - own, chosen)
            chosen.pop()

    extend(cells, [])
    return out


Placement = tuple[str, tuple[Cell, ...], frozenset[Cell], frozenset[Cell]]
"""A tetromino placed: its letter, its cells, them as a set, and the cells beside them."""


@cache
def _placements(height: int, width: int) -> dict[Cell, list[Placement]]:
    """Per cell, every tetromino inside the grid whose first cell (row-major) it is, in the
    order of ``FORMS``."""
    out: dict[Cell, list[Placement]] = {}
    for first in ((r, c) for r in range(height) for c in range(width)):
        out[first] = []
        for letter, form in FORMS:
            anchor = form[0]
            placed = tuple((first[0] + r - anchor[0], first[1] + c - anchor[1])
                           for r, c in form)
            if all(0 <= r < height and 0 <= c < width for r, c in placed):
                near = {n for cell in placed for n in grid_neighbours(cell, height, width)}
                out[first].append((letter, placed, frozenset(placed), frozenset(near)))
    return out


