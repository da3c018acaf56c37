"""Naked and hidden singles on many 9x9 Sudokus at once, as numpy bit operations.

This is the batch path's pre-filter: the same deductions unit propagation makes on the extended
clause set, applied to a whole chunk of puzzles with one array operation per step instead of one
SAT call per puzzle. Every deduction is sound, so

* a puzzle whose cells all end with one candidate and whose houses hold each digit once is
  **unique** (the singles force that grid, and it is a solution);
* a cell with no candidate, a digit with no place in a house, or a digit twice in a house means
  **no solution**;
* anything else is *open* and goes to the SAT solver with its original clues.

Candidates are 9-bit masks (bit ``d - 1`` = digit ``d``) in a ``(puzzles, 81)`` uint16 array.
"""

from __future__ import annotations

import numpy as np

N = 9
FULL = (1 << N) - 1
_ROWS = np.arange(81).reshape(9, 9)
HOUSES = np.concatenate([
    _ROWS, _ROWS.T,
    np.array([[(br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3)]
              for br in range(3) for bc in range(3)]),
])
"""(27, 9): rows, columns, boxes as cell indices."""
CELL_HOUSES = np.array([[h for h in range(27) if c in HOUSES[h]] for c in range(81)])
"""(81, 3): the row, column and box of each cell."""

_KIND_CELLS = [HOUSES[9 * k:9 * k + 9].ravel() for k in range(3)]
UNIQUE, NONE, OPEN = 0, 1, 2
_DIGIT_OF_MASK = np.zeros(FULL + 1, dtype=np.uint8)
for _d in range(N):
    _DIGIT_OF_MASK[1 << _d] = _d + 1


def candidates(lines: list[str]) -> np.ndarray:
    """Initial masks from 81-character lines (``.``/``0`` empty, ``1``-``9`` clue).

    The lines must already be validated (length 81, only those characters).
    """
    raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(len(lines), 81)
    digit = raw.astype(np.int16) - ord("0")
    digit[raw == ord(".")] = 0
    return np.where(digit > 0, np.left_shift(1, np.maximum(digit - 1, 0)), FULL).astype(np.uint16)


def singles(cand: np.ndarray, max_rounds: int = 81) -> tuple[np.ndarray, np.ndarray]:
    """Apply naked and hidden singles until nothing changes.

    Returns ``(status, cand)``: status per puzzle is UNIQUE, NONE or OPEN, and ``cand`` the
    final masks (a UNIQUE row has one bit per cell). Puzzles that stop changing leave the
    working set, so each round costs only the puzzles still moving.
    """
    cand = cand.copy()
    status = np.full(len(cand), OPEN, dtype=np.uint8)
    active = np.arange(len(cand))
    for _ in range(max_rounds):
        if active.size == 0:
            break
        c = cand[active]
        before = c.copy()
        single = np.bitwise_count(c) == 1
        placed = np.where(single, c, 0)
        in_house = placed[:, HOUSES]  # (B, 27, 9)
        house_or = np.bitwise_or.reduce(in_house, axis=2)
        clash = in_house.sum(axis=2, dtype=np.int32) != house_or  # a digit placed twice
        # naked singles: remove digits placed in any of the cell's houses
        taken = np.bitwise_or.reduce(house_or[:, CELL_HOUSES], axis=2)
        c = np.where(single, c, c & ~taken)
        # hidden singles: a digit with one possible cell in a house goes there
        once = np.zeros(house_or.shape, dtype=np.uint16)
        twice = np.zeros_like(once)
        cells = c[:, HOUSES]
        for k in range(N):
            m = cells[:, :, k]
            twice |= once & m
            once |= m
        exactly_once = once & ~twice
        missing = (once != FULL).any(axis=1)
        per_house = cells & exactly_once[:, :, None]  # (B, 27, 9)
        hidden = np.zeros_like(c)
        spread = np.empty_like(c)
        for kind in range(3):  # rows, columns, boxes each cover every cell once
            spread[:, _KIND_CELLS[kind]] = per_house[:, 9 * kind:9 * kind + 9].reshape(-1, 81)
            hidden |= spread
        c = np.where(hidden != 0, hidden, c)
        dead = (c == 0).any(axis=1) | missing | clash.any(axis=1)
        cand[active] = c
        done = np.bitwise_count(c).sum(axis=1) == 81
        status[active[dead]] = NONE
        finished = dead | done | (c == before).all(axis=1)
        status[active[done & ~dead]] = UNIQUE
        active = active[~finished]
    unique = np.nonzero(status == UNIQUE)[0]
    if unique.size:  # a full grid from singles must still be checked house by house
        grid = cand[unique]
        ok = (np.bitwise_or.reduce(grid[:, HOUSES], axis=2) == FULL).all(axis=1)
        status[unique[~ok]] = NONE
    return status, cand


def solution_strings(cand: np.ndarray) -> list[str]:
    """81-character digit strings of rows with one candidate per cell."""
    digits = _DIGIT_OF_MASK[cand] + ord("0")
    text = digits.astype(np.uint8).tobytes().decode("ascii")
    return [text[i:i + 81] for i in range(0, len(text), 81)]
