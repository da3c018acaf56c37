"""puzz.link ``shakashaka``: the black cells as pzprjs' ``decode4Cell`` (``.`` a black cell
without a number).

pzprjs (``src/variety/shakashaka.js``) writes ``shakashaka/W/H/<cells>`` with no flags; its
file form (``pzprv3/shakashaka/H/W``, ``decodeCellQnumb``) gives per cell ``.`` white,
``5`` black without a number, ``0``-``4`` a number; the answer rows after them are ignored.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    decode_4cell_grid,
    encode_4cell_grid,
    file_cells,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.shakashaka import BLACK, WHITE, ShakashakaPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> ShakashakaPuzzle:
    refuse_flags(flags, width, height, column, "Shakashaka", "shakashaka")
    return ShakashakaPuzzle(decode_4cell_grid(body, width, height, column, "black cells",
                                              plain=WHITE, marked=BLACK))


def encode(puzzle: ShakashakaPuzzle) -> str:
    return encode_4cell_grid(puzzle.cells, plain=WHITE, marked=BLACK)


def decode_file(lines: list[str], width: int, height: int) -> ShakashakaPuzzle:
    """pzprjs' file form (``decodeCellQnumb``): ``.`` white, ``5`` black without a number,
    ``0``-``4`` a numbered black cell."""
    cells = []
    for token in file_cells(lines, width, height, "Shakashaka"):
        if token == ".":
            cells.append(WHITE)
        elif token == "5":
            cells.append(BLACK)
        elif token in ("0", "1", "2", "3", "4"):
            cells.append(int(token))
        else:
            raise url_error(f"bad Shakashaka cell {token!r} in the pzprv3 data",
                            hint="cells are '.', '5' (black) and 0-4")
    return ShakashakaPuzzle(np.array(cells, dtype=np.int8).reshape(height, width))
