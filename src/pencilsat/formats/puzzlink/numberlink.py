"""puzz.link ``numlin`` (Numberlink): the numbers as pzprjs' ``decodeNumber16``, row-major.

pzprjs writes no flags for ``numlin``, so a URL with flags is refused; a ``?`` number
(``.``) is a ``?`` end (:data:`~pencilsat.puzzles.numberlink.UNKNOWN`: pzprjs' checker
joins it only to another ``?``). The file form ``pzprv3/numlin/<rows>/<cols>/...`` gives a
number, ``-`` (a ``?``) or ``.`` per cell, then the lines, which are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    UNKNOWN_NUMBER,
    decode_number16,
    encode_number16,
    file_cells,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.numberlink import EMPTY, UNKNOWN, NumberlinkPuzzle

_READ = {None: EMPTY, UNKNOWN_NUMBER: UNKNOWN}
_WRITTEN = {EMPTY: None, UNKNOWN: UNKNOWN_NUMBER}


def decode(body: str, width: int, height: int, column: int, flags: str) -> NumberlinkPuzzle:
    refuse_flags(flags, width, height, column, "Numberlink", "numlin")
    flat = decode_number16(body, width * height, column, "numbers", largest=LARGEST_NUMBER16)
    values = [_READ.get(v, v) for v in flat]
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width))


def encode(puzzle: NumberlinkPuzzle) -> str:
    flat = puzzle.numbers.ravel().tolist()
    return encode_number16([_WRITTEN.get(v, v) for v in flat])


def decode_file(lines: list[str], width: int, height: int) -> NumberlinkPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number, ``-`` (a ``?``) or ``.`` per
    cell."""
    values = []
    for token in file_cells(lines, width, height, "Numberlink"):
        if token in (".", "-"):
            values.append(EMPTY if token == "." else UNKNOWN)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= LARGEST_NUMBER16:
            values.append(int(token))
        else:
            raise url_error(f"bad Numberlink cell {token!r} in the pzprv3 data",
                            hint="cells are a number 1, 2, ..., '-' (a '?') or '.' (empty)")
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width))
