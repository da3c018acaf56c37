"""Tatham's Bridges (Hashiwokakero): ``WxHm2:`` then the squares row-major, ``a``-``z`` runs of
water, ``1``-``9`` and ``A``-``G`` (10-16) islands (sgt-puzzles ``bridges.c``).

Bridges' parameters after the size are ``i<n>`` (share of island squares), ``e<n>``
(expansion), ``m<n>`` (most bridges between two islands, 2 when absent), ``L`` (no loops
allowed) and ``d<n>`` (difficulty). The generator's ``i``, ``e`` and ``d`` do not change the
puzzle and are dropped; ``m`` other than 2 and ``L`` change its rules, and pencilsat's
Hashiwokakero (at most two bridges a pair, loops allowed) refuses them by name rather than
solve another puzzle. Export writes what Bridges' "Game > Specific" shows, ``WxHm2:desc``.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import desc_index, grid_size, id_error, read_cells
from pencilsat.puzzles.hashi import LARGEST, UNKNOWN, WATER, HashiPuzzle, adjacent_islands

_EXTRAS = re.compile(r"(?:i(\d+))?(?:e(\d+))?(?:m(\d+))?(L)?(?:d(\d+))?")
_ISLANDS = "123456789ABCDEFG"
MOST_BRIDGES = 2
"""The ``m`` parameter pencilsat's rules have: at most two bridges between two islands."""


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Bridges: island numbers 5-9 or A-G, which Light Up
    and Loopy never write, or digits 1-8 without Light Up's and Loopy's ``0``."""
    if set(desc) & set("56789ABCDEFG"):
        return 3
    return 1 if set(desc) & set("12345678") and "0" not in desc else 0


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> HashiPuzzle:
    where = column - 1 - len(extras)
    params = _EXTRAS.fullmatch(extras)
    if params is None:
        raise id_error(f"unknown Bridges parameters {extras!r}", column=where,
                       hint="Bridges' parameters are WIDTHxHEIGHT, then i<n>, e<n>, m<n>, L "
                            "and d<n>, in that order")
    most = int(params.group(3) or MOST_BRIDGES)
    if most != MOST_BRIDGES:
        raise id_error(f"Bridges with at most {most} bridges between two islands (m{most}) "
                       "is not supported", column=where,
                       hint="pencilsat's Hashiwokakero allows two, Bridges' default m2")
    if params.group(4):
        raise id_error("Bridges without loops (L) is not supported", column=where,
                       hint="pencilsat's Hashiwokakero allows loops, as Nikoli's rules do; "
                            "drop the L only if the puzzle is meant with loops")
    width, height = grid_size(w, h, column)
    cells = read_cells(desc, column, width * height, _ISLANDS, "Bridges")
    numbers = [WATER if t is None else _ISLANDS.index(t) + 1 for t in cells]
    for i, number in enumerate(numbers):
        if number > LARGEST:
            raise id_error(f"an island numbered {number} (square {i + 1}) needs more than two "
                           "bridges a side", column=column + desc_index(desc, i),
                           hint=f"with m2 an island's number is 1..{LARGEST}")
    grid = np.array(numbers, dtype=np.int32).reshape(height, width)
    side_by_side = adjacent_islands(grid)
    if side_by_side is not None:  # Bridges' own check: "contains joined islands"
        (r, c), (r0, c0) = side_by_side
        raise id_error(f"the islands at row {r0 + 1}, column {c0 + 1} and row {r + 1}, "
                       f"column {c + 1} are side by side",
                       column=column + desc_index(desc, r * width + c),
                       hint="Bridges never generates joined islands: check the game ID")
    return HashiPuzzle(grid)


def encode(puzzle: HashiPuzzle) -> str:
    if (puzzle.numbers == UNKNOWN).any():
        raise id_error("an island without a number ('?') has no Bridges game ID",
                       hint="convert --to url or text")

    def token(v: int) -> str | None:
        return None if v == WATER else _ISLANDS[v - 1]

    tokens = [token(int(v)) for v in puzzle.numbers.ravel()]
    return (f"{puzzle.width}x{puzzle.height}m{MOST_BRIDGES}:"
            + encode_runs(tokens, first="a", longest=26))

