"""puzz.link ``shakashaka``: the black cells as pzprjs' ``decode4Cell`` (``.`` a black cell
without a number).

pzprjs (``src/variety/shakashaka.js``) writes ``shakashaka/W/H/<cells>`` with no flags; its
file form (``pzprv3/shakashaka/H/W``, ``decodeCellQnumb``) gives per cell ``.`` white,
``5`` black without a number, ``0``-``4`` a number; the answer rows after them are ignored.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    BLACK_CELL,
    decode_4cell,
    encode_4cell,
    file_cells,
    url_error,
)
from pencilsat.puzzles.shakashaka import BLACK, WHITE, ShakashakaPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> ShakashakaPuzzle:
    if flags:
        raise url_error(f"pzprjs writes no flags for Shakashaka, this URL has {flags!r}",
                        column=column - len(f"{flags}/{width}/{height}/"),
                        hint="remove the flags segment, or check that the type is shakashaka")
    flat = decode_4cell(body, width * height, column, "black cells")
    cells = [WHITE if v is None else BLACK if v == BLACK_CELL else v for v in flat]
    return ShakashakaPuzzle(np.array(cells, dtype=np.int8).reshape(height, width))


def encode(puzzle: ShakashakaPuzzle) -> str:
    flat = [int(v) for v in puzzle.cells.ravel()]
    return encode_4cell([None if v == WHITE else BLACK_CELL if v == BLACK else v for v in flat])


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
