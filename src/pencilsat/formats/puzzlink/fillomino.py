"""puzz.link ``fillomino``: pzprjs' ``decodeNumber16`` (``.`` a ``?`` number), then, when
present, ``decodeBorder``: borders drawn by the setter.

pzprjs writes the border part only when some border is drawn (``encodeBorderIfPresent``);
a part with every border clear reads as the plain puzzle, one with a border drawn is
refused (the bordered variant: pencilsat would solve another puzzle). The flag ``t``
(``fillomino_tri``: no block larger than 3) is refused for the same reason. pzprjs serves
other genres from the same file (Pentominous, Snake Pit, ...), which are not read as
Fillomino.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    UNKNOWN_NUMBER,
    body_parts,
    encode_number_grid,
    read_number16,
    url_error,
)
from pencilsat.formats.puzzlink.borders import read_borders
from pencilsat.puzzles.fillomino import EMPTY, UNKNOWN, FillominoPuzzle

REFUSED_FLAGS = {"t": "fillomino_tri: no block larger than 3 cells"}


def decode(body: str, width: int, height: int, column: int, flags: str) -> FillominoPuzzle:
    with body_parts(body, column) as parts:
        flat = read_number16(parts, width * height, "numbers",
                             largest=min(width * height, LARGEST_NUMBER16))
        if parts.left():
            at = parts.column()
            vertical, horizontal = read_borders(parts, width, height, "given borders")
            if vertical.any() or horizontal.any():
                raise url_error("this Fillomino has borders drawn by the setter, a variant "
                                "pencilsat does not solve", column=at,
                                hint="remove the border part only if the borders are not "
                                     "part of the puzzle")
    values = [EMPTY if v is None else UNKNOWN if v == UNKNOWN_NUMBER else v for v in flat]
    return FillominoPuzzle(np.array(values, dtype=np.int64).reshape(height, width))


def encode(puzzle: FillominoPuzzle) -> str:
    return encode_number_grid(puzzle.numbers.ravel().tolist(), EMPTY, UNKNOWN)
