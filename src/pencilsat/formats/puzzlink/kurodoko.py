"""puzz.link ``kurodoko``: numbers as pzprjs' ``decodeNumber16`` (``.`` a ``?`` number).

pzprjs serves Nurimisaki, Cave, Territory and City Space from the same file under their own
type names; those are other genres and are not read as Kurodoko. pzprjs writes no flags for
Kurodoko, so a URL with flags is refused rather than read with them ignored. pzprjs' editor
takes numbers 2..W+H-1; a 1 (a cell whose four neighbours are shaded, which Tatham's Range
writes) is read too. The file form ``pzprv3/kurodoko/<rows>/<cols>/...`` gives a number,
``-`` (``?``) or ``.`` per cell, then the answer, which is not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    UNKNOWN_NUMBER,
    decode_number16,
    encode_number16,
    file_cells,
    url_error,
)
from pencilsat.puzzles.kurodoko import EMPTY, UNKNOWN, KurodokoPuzzle

LARGEST_WRITTEN = 4095
"""The largest number the shared ``encodeNumber16`` writes (``+fff``)."""


def _largest(width: int, height: int) -> int:
    return min(width + height - 1, LARGEST_WRITTEN)


def decode(body: str, width: int, height: int, column: int, flags: str) -> KurodokoPuzzle:
    if flags:
        raise url_error(f"pzprjs writes no flags for Kurodoko, this URL has {flags!r}",
                        column=column - len(f"{flags}/{width}/{height}/"),
                        hint="remove the flags segment, or check that the type is kurodoko")
    flat = decode_number16(body, width * height, column, "numbers",
                           largest=_largest(width, height), item="number")
    values = [EMPTY if v is None else UNKNOWN if v == UNKNOWN_NUMBER else v for v in flat]
    return KurodokoPuzzle(np.array(values, dtype=np.int32).reshape(height, width))


def encode(puzzle: KurodokoPuzzle) -> str:
    flat = [int(v) for v in puzzle.numbers.ravel()]
    too_big = [v for v in flat if v > LARGEST_WRITTEN]
    if too_big:
        raise InputError(f"number {too_big[0]} is too large for a puzz.link URL",
                         hint=f"numbers up to {LARGEST_WRITTEN} can be written; convert --to "
                              "text instead")
    return encode_number16([None if v == EMPTY else UNKNOWN_NUMBER if v == UNKNOWN else v
                            for v in flat])


def decode_file(lines: list[str], width: int, height: int) -> KurodokoPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number, ``-`` (``?``) or ``.`` per cell."""
    largest = _largest(width, height)
    values = []
    for token in file_cells(lines, width, height, "Kurodoko"):
        if token in ("-", "."):
            values.append(UNKNOWN if token == "-" else EMPTY)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= largest:
            values.append(int(token))
        else:
            raise url_error(f"bad Kurodoko cell {token!r} in the pzprv3 data",
                            hint=f"cells are a number 1..{largest}, '-' (?) or '.' (no "
                                 "number)")
    return KurodokoPuzzle(np.array(values, dtype=np.int32).reshape(height, width))
