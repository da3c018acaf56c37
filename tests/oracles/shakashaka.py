"""Shakashaka's brute-force oracle: every answer of a tiny puzzle, and small random puzzles
made around a random answer.

The enumeration gives each white cell one of its five states, row-major, and keeps only
what the rule checker accepts. Two prunings cut it down, both plain consequences of the
rules: a number is checked once its white neighbours are set; and a triangle's white half
lies in a rectangle at 45 degrees (its hypotenuse is on the area's border), whose border has
no upright piece, so across each of the triangle's two white legs the quarter must be white
too (a white cell whose quarter there is white)."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import shakashaka as S

_ACROSS = {S.TOP: ((-1, 0), S.BOTTOM), S.BOTTOM: ((1, 0), S.TOP),
           S.LEFT: ((0, -1), S.RIGHT), S.RIGHT: ((0, 1), S.LEFT)}
_WHITE_LEGS = {kind: [q for q in range(4) if q not in S.BLACK_QUARTERS[kind]]
               for kind in (S.NW, S.NE, S.SW, S.SE)}


def _legs_allowed(puzzle: S.ShakashakaPuzzle, states: dict[S.Cell, int],
                  cell: S.Cell) -> bool:
    """Whether the triangles of ``cell`` and its set neighbours face white quarters across
    their white legs (neighbours not yet set pass)."""
    state = states[cell]
    for q in _WHITE_LEGS.get(state, []):
        (dr, dc), facing = _ACROSS[q]
        n = (cell[0] + dr, cell[1] + dc)
        if not (0 <= n[0] < puzzle.height and 0 <= n[1] < puzzle.width) \
                or not puzzle.white[n]:
            return False
        if n in states and facing in S.BLACK_QUARTERS[states[n]]:
            return False
    for q, ((dr, dc), facing) in _ACROSS.items():
        n = (cell[0] + dr, cell[1] + dc)
        if n in states and n != cell and facing in _WHITE_LEGS.get(states[n], []) \
                and q in S.BLACK_QUARTERS[state]:
            return False
    return True


def solutions(puzzle: S.ShakashakaPuzzle) -> list[S.ShakashakaSolution]:
    """Every assignment of the white cells that the rule checker accepts."""
    whites = [(int(r), int(c)) for r, c in zip(*np.nonzero(puzzle.white), strict=True)]
    order = {cell: k for k, cell in enumerate(whites)}
    due: dict[int, list[tuple[list[S.Cell], int]]] = {}
    for cell, number in puzzle.numbers():
        around = [n for n in puzzle.neighbours(cell) if n in order]
        due.setdefault(max((order[n] for n in around), default=-1), []).append((around, number))
    if any(number for _, number in due.get(-1, [])):
        return []
    states: dict[S.Cell, int] = {}
    out = []

    def extend(k: int) -> None:
        if k == len(whites):
            triangles = np.zeros(puzzle.cells.shape, dtype=np.int8)
            for cell, state in states.items():
                triangles[cell] = state
            answer = S.ShakashakaSolution(triangles)
            if not S.check(puzzle, answer):
                out.append(answer)
            return
        cell = whites[k]
        for state in range(5):
            states[cell] = state
            if _legs_allowed(puzzle, states, cell) and all(
                    sum(states[n] != S.EMPTY for n in around) == number
                    for around, number in due.get(k, [])):
                extend(k + 1)
        del states[cell]

    extend(0)
    return out


def _place(cells: np.ndarray, triangles: np.ndarray, rng: random.Random) -> bool:
    """Put one white shape on black cells of ``cells`` with a black cell (or the frame)
    between it and the white cells there: an upright block of empty cells, or a 2x2 white
    diamond of four triangles. False when it found no room."""
    height, width = cells.shape
    shapes = [(h, w, False) for h in (1, 2) for w in (1, 2, 3)] + [(2, 2, True)] * 2 \
        + [(2, 2, False), (2, 3, False)] * 2
    for _ in range(20):
        h, w, diamond = rng.choice(shapes)
        if h > height or w > width or (h, w) == (height, width):
            continue  # too big, or no black cell left to number
        r, c = rng.randrange(height - h + 1), rng.randrange(width - w + 1)
        near = cells[max(r - 1, 0):r + h + 1, max(c - 1, 0):c + w + 1] == S.WHITE
        if (near & _halo(near.shape, r, c, h, w)).any():
            continue
        cells[r:r + h, c:c + w] = S.WHITE
        if diamond:
            triangles[r:r + 2, c:c + 2] = [[S.NW, S.NE], [S.SW, S.SE]]
        return True
    return False


def _halo(shape: tuple[int, int], r: int, c: int, h: int, w: int) -> np.ndarray:
    """The cells of the window around a block that share an edge with it, or are in it."""
    top, left = (1 if r > 0 else 0), (1 if c > 0 else 0)
    out = np.zeros(shape, dtype=bool)
    out[top:top + h, :] = True
    out[:, left:left + w] = True
    return out


def random_puzzle(rng: random.Random) -> S.ShakashakaPuzzle:
    """Up to 3x4: one or two white shapes apart on black, the answer they make;
    about a third of the black cells numbered with the triangles next to them in it (so many
    puzzles have several answers: a white 2x2 block may be empty or a diamond)."""
    height, width = rng.choice([(2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (1, 4)])
    cells = np.full((height, width), S.BLACK, dtype=np.int8)
    triangles = np.zeros((height, width), dtype=np.int8)
    for _ in range(rng.choice([1, 2])):
        _place(cells, triangles, rng)
    puzzle = S.ShakashakaPuzzle(cells)
    for r, c in zip(*np.nonzero(cells == S.BLACK), strict=True):
        if rng.random() < 0.35:
            cells[r, c] = sum(1 for n in puzzle.neighbours((int(r), int(c)))
                              if puzzle.white[n] and triangles[n] != S.EMPTY)
    return S.ShakashakaPuzzle(cells)
