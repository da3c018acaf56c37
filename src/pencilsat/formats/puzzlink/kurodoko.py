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

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    decode_number_grid,
    encode_number_grid,
    qnum_file_cells,
    refuse_flags,
)
from pencilsat.puzzles.kurodoko import EMPTY, UNKNOWN, KurodokoPuzzle


def _largest(width: int, height: int) -> int:
    return min(width + height - 1, LARGEST_NUMBER16)


def decode(body: str, width: int, height: int, column: int, flags: str) -> KurodokoPuzzle:
    refuse_flags(flags, width, height, column, "Kurodoko", "kurodoko")
    values = decode_number_grid(body, width, height, column, width + height - 1, EMPTY,
                                UNKNOWN)
    return KurodokoPuzzle(np.array(values, dtype=np.int32).reshape(height, width))


def encode(puzzle: KurodokoPuzzle) -> str:
    return encode_number_grid(puzzle.numbers.ravel().tolist(), EMPTY, UNKNOWN)


def decode_file(lines: list[str], width: int, height: int) -> KurodokoPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number, ``-`` (``?``) or ``.`` per cell."""
    values = qnum_file_cells(lines, width, height, "Kurodoko", _largest(width, height),
                             UNKNOWN, EMPTY)
    return KurodokoPuzzle(np.array(values, dtype=np.int32).reshape(height, width))
