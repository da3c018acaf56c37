"""puz.link ``mashu`` (Masyu): pearls as pzprjs' ``decodeCircle`` (1 white, 2 black); the
flag ``f`` is pzprjs' ``loop_full`` (the loop passes through every cell)."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    decode_circles,
    encode_circles,
    file_cells,
    url_error,
)
from pencilsat.puzzles.masyu import MasyuPuzzle

FLAGS = {"f": "loop_full: the loop passes through every cell"}


def decode(body: str, width: int, height: int, column: int, flags: str) -> MasyuPuzzle:
    flat = decode_circles(body, width * height, column, "pearls", "pearl")
    return MasyuPuzzle(np.array(flat, dtype=np.uint8).reshape(height, width),
                       loop_full="f" in flags)


def encode(puzzle: MasyuPuzzle) -> str:
    return encode_circles([int(v) for v in puzzle.pearls.ravel()])


def flags(puzzle: MasyuPuzzle) -> str:
    return "f" if puzzle.loop_full else ""


def decode_file(lines: list[str], width: int, height: int) -> MasyuPuzzle:
    """pzprjs' file form: an optional line ``f`` (loop_full), then the cells (``.`` empty,
    ``1`` white, ``2`` black); the answer lines after them are not read."""
    loop_full = bool(lines) and lines[0] == "f"
    cells = file_cells(lines[1:] if loop_full else lines, width, height, "Masyu")
    values = {".": 0, "1": 1, "2": 2}
    if any(token not in values for token in cells):
        bad = next(token for token in cells if token not in values)
        raise url_error(f"bad Masyu cell {bad!r} in the pzprv3 data",
                        hint="Masyu cells are '.', '1' (white) and '2' (black)")
    flat = [values[token] for token in cells]
    return MasyuPuzzle(np.array(flat, dtype=np.uint8).reshape(height, width),
                       loop_full=loop_full)
