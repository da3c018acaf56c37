"""puzz.link ``lits``: the regions as pzprjs' ``decodeBorder``, and nothing else.

pzprjs reads two forms: today's, the region borders (:mod:`.borders`), which it writes;
and, with the flag ``d``, the first form (``decodeLITS_old``): one character per cell,
row-major, a border between two side-by-side cells whose characters differ. The flag ``c``
is what pzprjs' older application URLs wrote to mark today's form; it changes nothing here.
puzz.link's LITS has no blocked cells, so a puzzle with some (9 janko puzzles) has no URL:
exporting one is an error saying so.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import body_parts, url_error
from pencilsat.formats.puzzlink.borders import (
    decode_borders,
    encode_borders,
    file_rooms,
    room_borders,
    rooms_of,
)
from pencilsat.puzzles.lits import LitsPuzzle

FLAGS = {"c": "today's form of the regions (pzprjs' application URLs)",
         "d": "the first form: one character per cell, regions where they differ"}


def decode(body: str, width: int, height: int, column: int, flags: str) -> LitsPuzzle:
    if "d" in flags:
        return LitsPuzzle(_old_regions(body, width, height, column))
    vertical, horizontal = decode_borders(body, width, height, column)
    return LitsPuzzle(rooms_of(vertical, horizontal))


def _old_regions(body: str, width: int, height: int, column: int) -> np.ndarray:
    """``decodeLITS_old``: W*H characters, any, one per cell."""
    with body_parts(body, column) as parts:
        if not parts.left():
            raise url_error("the first form of LITS (flag 'd') needs one character per cell, "
                            "the URL has none", column=column, hint="copy the whole URL")
        chars = np.array(list(parts.take(width * height, "regions", "cell", "")))
    grid = chars.reshape(height, width)
    return rooms_of(grid[:, :-1] != grid[:, 1:], grid[:-1, :] != grid[1:, :])


def encode(puzzle: LitsPuzzle) -> str:
    if puzzle.blocked.any():
        r, c = (int(v) for v in np.argwhere(puzzle.blocked)[0])
        raise InputError(f"this LITS has blocked cells (the first at row {r + 1}, column "
                         f"{c + 1}), which puzz.link's LITS cannot write",
                         hint="convert --to text keeps them")
    return encode_borders(*room_borders(puzzle.region_ids))


def decode_file(lines: list[str], width: int, height: int) -> LitsPuzzle:
    """pzprjs' file form: the regions in either version (:func:`.borders.file_rooms`); the
    shading and lines after them are the answer and are not read."""
    rooms, _ = file_rooms(lines, width, height, "LITS")
    return LitsPuzzle(rooms)
