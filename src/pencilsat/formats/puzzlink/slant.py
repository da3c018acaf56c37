"""puzz.link ``gokigen`` (Slant): the vertex numbers as pzprjs' ``decode4Cross``, which is
``decode4Cell`` over the (W+1) x (H+1) vertices, row-major: ``0``-``4`` a number, ``5``-``9``
and ``a``-``e`` a number then one or two vertices without, ``g``-``z`` 1..20 vertices
without, ``.`` a number not given (``?``).

pzprjs then reads Wagiri's cell numbers with ``decodeNumber10``, which Gokigen never writes:
data after the last vertex is refused, as is a URL with flags (pzprjs writes none). The
file form ``pzprv3/gokigen/<rows>/<cols>/...`` gives H+1 lines of W+1 vertex tokens (a
number, ``-`` for ``?``, ``.`` none), then the cells, which are read past.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    BLACK_CELL,
    decode_4cell,
    encode_4cell,
    file_cells,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.slant import NO_CLUE, UNKNOWN, SlantPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> SlantPuzzle:
    refuse_flags(flags, width, height, column, "Gokigen", "gokigen")
    flat = decode_4cell(body, (width + 1) * (height + 1), column, "vertex numbers")
    clues = [NO_CLUE if v is None else UNKNOWN if v == BLACK_CELL else v for v in flat]
    return SlantPuzzle(np.array(clues, dtype=np.int8).reshape(height + 1, width + 1))


def encode(puzzle: SlantPuzzle) -> str:
    flat = puzzle.clues.ravel().tolist()
    return encode_4cell([None if v == NO_CLUE else BLACK_CELL if v == UNKNOWN else v
                         for v in flat])


def decode_file(lines: list[str], width: int, height: int) -> SlantPuzzle:
    """pzprjs' file form (``decodeCrossNum``): a number, ``-`` (``?``) or ``.`` per vertex."""
    values = []
    for token in file_cells(lines, width + 1, height + 1, "Gokigen vertex"):
        if token in ("-", "."):
            values.append(UNKNOWN if token == "-" else NO_CLUE)
        elif token in ("0", "1", "2", "3", "4"):
            values.append(int(token))
        else:
            raise url_error(f"bad Gokigen vertex {token!r} in the pzprv3 data",
                            hint="vertices are a number 0-4, '-' (?) or '.' (no number)")
    return SlantPuzzle(np.array(values, dtype=np.int8).reshape(height + 1, width + 1))
