"""puzz.link ``shikaku``: numbers as pzprjs' ``decodeNumber16`` (``.`` a ``?`` number).

pzprjs serves Aho-ni-Narikire (``aho``) from the same file: another genre (its areas of a
multiple of three are L shapes), not read as Shikaku. pzprjs writes no flags for Shikaku, so
a URL with flags is refused rather than read with them ignored. The file form
``pzprv3/shikaku/<rows>/<cols>/...`` gives a number, ``-`` (``?``) or ``.`` per cell, then
the player's borders, which are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    decode_number_grid,
    encode_number_grid,
    qnum_file_cells,
    refuse_flags,
)
from pencilsat.puzzles.shikaku import EMPTY, UNKNOWN, ShikakuPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> ShikakuPuzzle:
    refuse_flags(flags, width, height, column, "Shikaku", "shikaku")
    values = decode_number_grid(body, width, height, column, width * height, EMPTY, UNKNOWN)
    return ShikakuPuzzle(np.array(values, dtype=np.int64).reshape(height, width))


def encode(puzzle: ShikakuPuzzle) -> str:
    return encode_number_grid(puzzle.numbers.ravel().tolist(), EMPTY, UNKNOWN)


def decode_file(lines: list[str], width: int, height: int) -> ShikakuPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number, ``-`` (``?``) or ``.`` per cell."""
    largest = min(width * height, LARGEST_NUMBER16)
    values = qnum_file_cells(lines, width, height, "Shikaku", largest, UNKNOWN, EMPTY)
    return ShikakuPuzzle(np.array(values, dtype=np.int64).reshape(height, width))
