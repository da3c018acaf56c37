"""puzz.link ``fillomino``: pzprjs' ``decodeNumber16`` (``.`` a ``?`` number), then, when
present, ``decodeBorder``: borders drawn by the setter.

pzprjs writes the border part only when some border is drawn (``encodeBorderIfPresent``);
a part with every border clear reads as the plain puzzle, one with a border drawn is
refused (the bordered variant: pencilsat would solve another puzzle). The flag ``t``
(``fillomino_tri``: no block larger than 3, pzprjs' ``checkMaxNum``) is read as the
puzzle's largest block 3 and written back; a puzzle with another largest block has no URL.
The file form ``pzprv3/fillomino/<rows>/<cols>/`` is read too: an optional line ``t``, then
a number, ``-`` (a ``?``) or ``.`` per cell, then the answer's numbers and the borders,
which are not read but for the setter's (``X`` or ``-X``), refused as in the URL. pzprjs
serves other genres from the same file (Pentominous, Snake Pit, ...), which are not read
as Fillomino.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    UNKNOWN_NUMBER,
    body_parts,
    encode_number_grid,
    qnum_file_cells,
    read_number16,
    url_error,
)
from pencilsat.formats.puzzlink.borders import read_borders
from pencilsat.puzzles.fillomino import EMPTY, UNKNOWN, FillominoPuzzle

TRI = 3
"""The largest block of pzprjs' flag ``t`` (``fillomino_tri``)."""
FLAGS = {"t": "fillomino_tri: no block larger than 3 cells"}


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
    return _puzzle(values, width, height, TRI if "t" in flags else 0)


def _puzzle(values: list[int], width: int, height: int, largest: int) -> FillominoPuzzle:
    """The puzzle; an error when a given passes the largest block."""
    if largest and max(values) > largest:
        cell = next(i for i, v in enumerate(values) if v > largest)
        raise url_error(f"the number {values[cell]} in r{cell // width + 1}c{cell % width + 1} "
                        f"is past the largest block {largest} (flag 't')",
                        hint="check the number, or the flag 't' (no block past 3 cells)")
    return FillominoPuzzle(np.array(values, dtype=np.int64).reshape(height, width),
                           largest=largest)


def encode(puzzle: FillominoPuzzle) -> str:
    if puzzle.largest not in (0, TRI):
        raise InputError(f"puzz.link's Fillomino has no largest block {puzzle.largest} (only "
                         f"the flag 't', {TRI})", hint="convert --to text instead")
    return encode_number_grid(puzzle.numbers.ravel().tolist(), EMPTY, UNKNOWN)


def flags(puzzle: FillominoPuzzle) -> str:
    return "t" if puzzle.largest == TRI else ""


def decode_file(lines: list[str], width: int, height: int) -> FillominoPuzzle:
    """pzprjs' file form (``decodeConfigFlag``, ``decodeCellQnum``; see the module
    docstring)."""
    tri = bool(lines) and lines[0] == "t"
    cells = lines[1:] if tri else lines
    values = qnum_file_cells(cells, width, height, "Fillomino",
                             min(width * height, LARGEST_NUMBER16), UNKNOWN, EMPTY)
    borders = cells[2 * height:4 * height - 1]  # after the givens and the answer's numbers
    if any(token in ("X", "-X") for line in borders for token in line.split()):
        raise url_error("this Fillomino has borders drawn by the setter ('X' in the pzprv3 "
                        "borders), a variant pencilsat does not solve",
                        hint="remove them only if they are not part of the puzzle")
    return _puzzle(values, width, height, TRI if tri else 0)
