"""puzz.link ``numlin`` (Numberlink): the numbers as pzprjs' ``decodeNumber16``, row-major.

pzprjs writes no flags for ``numlin``, so a URL with flags is refused; a ``?`` number
(``.``), which pzprjs' editor allows, is refused too (a line cannot be matched to a number
not given). The file form ``pzprv3/numlin/<rows>/<cols>/...`` gives a number or ``.`` per
cell, then the lines, which are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    decode_number16,
    encode_number16,
    file_cells,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.numberlink import EMPTY, NumberlinkPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> NumberlinkPuzzle:
    refuse_flags(flags, width, height, column, "Numberlink", "numlin")
    flat = decode_number16(body, width * height, column, "numbers", largest=LARGEST_NUMBER16,
                           unknown="a '?' number: Numberlink needs every number given")
    values = [EMPTY if v is None else v for v in flat]
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width))


def encode(puzzle: NumberlinkPuzzle) -> str:
    flat = puzzle.numbers.ravel().tolist()
    return encode_number16([None if v == EMPTY else v for v in flat])


def decode_file(lines: list[str], width: int, height: int) -> NumberlinkPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number or ``.`` per cell."""
    values = []
    for token in file_cells(lines, width, height, "Numberlink"):
        if token == ".":
            values.append(EMPTY)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= LARGEST_NUMBER16:
            values.append(int(token))
        else:
            raise url_error(f"bad Numberlink cell {token!r} in the pzprv3 data",
                            hint="cells are a number 1, 2, ... or '.' (empty)")
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width))
