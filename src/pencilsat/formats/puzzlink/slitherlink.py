"""puzz.link ``slither`` (Slitherlink): numbers as pzprjs' ``decode4Cell``.

pzprjs (``src/variety/slither.js``) also writes a ``.``, a ``?`` cell (a number not given,
read and written back as one), a ``4``, which a Slitherlink of pencilsat cannot hold, and a
flag ``f`` for its ``slither_full`` variant (the loop visits every dot); the last two are
refused by name, never dropped. The file form ``pzprv3/slither/<rows>/<cols>/`` (``pzprv3.1``
as pzprjs saves it, or the older ``pzprv3``) is read too: an optional line ``f``
(``slither_full``, refused), then a number, ``-`` (a ``?``) or ``.`` per cell; the player's
marks and lines after them are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    BLACK_CELL,
    decode_4cell,
    encode_4cell,
    qnum_file_cells,
    url_error,
)
from pencilsat.puzzles.slitherlink import NO_CLUE, SlitherlinkPuzzle

_UNKNOWN_CELL = -2
"""A file's ``-`` (a ``?`` cell) while it is read, apart from ``NO_CLUE``."""

REFUSED_FLAGS = {"f": "slither_full: the loop visits every dot"}
"""pzprjs' Slitherlink flag, refused by name by the URL frame."""
_FOUR = "49e"
"""``decode4Cell`` tokens of a 4 (alone, then one or two plain cells)."""


def decode(body: str, width: int, height: int, column: int, flags: str) -> SlitherlinkPuzzle:
    flat = decode_4cell(body, width * height, column, "numbers")
    for i, ch in enumerate(body):
        if ch in _FOUR:
            raise url_error("a 4 is not a Slitherlink number", column=column + i,
                            hint="a cell's number counts its sides on the loop: 0 to 3")
    clues = [NO_CLUE if v is None or v == BLACK_CELL else v for v in flat]
    unknown = [v == BLACK_CELL for v in flat]
    return SlitherlinkPuzzle(np.array(clues, dtype=np.int8).reshape(height, width),
                             unknown=np.array(unknown, dtype=bool).reshape(height, width))


def encode(puzzle: SlitherlinkPuzzle) -> str:
    flat = puzzle.clues.ravel().tolist()
    return encode_4cell([BLACK_CELL if unknown else None if v == NO_CLUE else v
                         for v, unknown in zip(flat, puzzle.unknown.ravel().tolist(),
                                               strict=True)])


def decode_file(lines: list[str], width: int, height: int) -> SlitherlinkPuzzle:
    """pzprjs' file form (``decodeCellQnum``): an ``f`` line first for ``slither_full``
    (refused, as its URL flag is), then a number 0-3, ``-`` (``?``) or ``.`` per cell; the
    lines after them (marks, the loop) are the answer and are not read."""
    if lines and lines[0].strip() == "f":
        raise url_error(f"the Slitherlink variant {REFUSED_FLAGS['f']} is not supported",
                        hint="pencilsat would solve another puzzle")
    cells = np.array(qnum_file_cells(lines, width, height, "Slitherlink", 3, _UNKNOWN_CELL,
                                     NO_CLUE, smallest=0), dtype=np.int8)
    return SlitherlinkPuzzle(np.where(cells == _UNKNOWN_CELL, NO_CLUE, cells)
                             .reshape(height, width),
                             unknown=(cells == _UNKNOWN_CELL).reshape(height, width))
