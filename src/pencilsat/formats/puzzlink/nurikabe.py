"""puzz.link ``nurikabe``: numbers as pzprjs' ``decodeNumber16`` (``.`` a ``?`` number).

pzprjs serves Nuribou, Mochikoro, Canal View and others from the same file under their own
type names; those are other genres and are not read as Nurikabe. pzprjs writes no flags for
Nurikabe, so a URL with flags is refused rather than read with them ignored.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    UNKNOWN_NUMBER,
    decode_number16,
    encode_number16,
    qnum_file_cells,
    refuse_flags,
)
from pencilsat.puzzles.nurikabe import EMPTY, UNKNOWN, NurikabePuzzle

LARGEST_WRITTEN = 4095
"""The largest number the shared ``encodeNumber16`` writes (``+fff``); pzprjs' longer forms
(``=``, ``@``, ...) are for grids of 4,096 cells and more."""


def decode(body: str, width: int, height: int, column: int, flags: str) -> NurikabePuzzle:
    refuse_flags(flags, width, height, column, "Nurikabe", "nurikabe")
    flat = decode_number16(body, width * height, column, "numbers",
                           largest=min(width * height, LARGEST_WRITTEN), item="number")
    values = [EMPTY if v is None else UNKNOWN if v == UNKNOWN_NUMBER else v for v in flat]
    return NurikabePuzzle(np.array(values, dtype=np.int32).reshape(height, width))


def encode(puzzle: NurikabePuzzle) -> str:
    flat = [int(v) for v in puzzle.numbers.ravel()]
    too_big = [v for v in flat if v > LARGEST_WRITTEN]
    if too_big:
        raise InputError(f"number {too_big[0]} is too large for a puzz.link URL here",
                         hint=f"numbers up to {LARGEST_WRITTEN} can be written; convert --to "
                              "text instead")
    return encode_number16([None if v == EMPTY else UNKNOWN_NUMBER if v == UNKNOWN else v
                            for v in flat])


def decode_file(lines: list[str], width: int, height: int) -> NurikabePuzzle:
    """pzprjs' file form (``decodeCellQnumAns``): per cell a number, ``-`` (a ``?``
    number), or ``.`` / ``#`` (shaded) / ``+`` (marked) for a cell without one; the shading
    is the answer and is not read."""
    values = qnum_file_cells(lines, width, height, "Nurikabe",
                             min(width * height, LARGEST_WRITTEN), UNKNOWN, EMPTY,
                             blanks=(".", "#", "+"))
    return NurikabePuzzle(np.array(values, dtype=np.int32).reshape(height, width))
