"""puzz.link ``akari`` (Light Up): walls as pzprjs' ``decode4Cell`` (``.`` a plain wall)."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    BLACK_CELL,
    decode_4cell,
    encode_4cell,
    file_cells,
    url_error,
)
from pencilsat.puzzles.lightup import WALL, WHITE, LightUpPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> LightUpPuzzle:
    flat = decode_4cell(body, width * height, column, "walls")
    cells = [WHITE if v is None else WALL if v == BLACK_CELL else v for v in flat]
    return LightUpPuzzle(np.array(cells, dtype=np.int8).reshape(height, width))


def encode(puzzle: LightUpPuzzle) -> str:
    flat = [int(v) for v in puzzle.cells.ravel()]
    return encode_4cell([None if v == WHITE else BLACK_CELL if v == WALL else v for v in flat])


def decode_file(lines: list[str], width: int, height: int) -> LightUpPuzzle:
    """pzprjs' file form (``decodeCellQnumAns``): ``-`` a plain wall, ``0``-``4`` a numbered
    wall, ``.`` / ``#`` (a bulb) / ``+`` (marked empty) a white cell."""
    cells = []
    for token in file_cells(lines, width, height, "Light Up"):
        if token in (".", "#", "+"):
            cells.append(WHITE)
        elif token == "-":
            cells.append(WALL)
        elif token in ("0", "1", "2", "3", "4"):
            cells.append(int(token))
        else:
            raise url_error(f"bad Light Up cell {token!r} in the pzprv3 data",
                            hint="cells are '.', '#', '+', '-' and 0-4")
    return LightUpPuzzle(np.array(cells, dtype=np.int8).reshape(height, width))
