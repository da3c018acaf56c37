"""puzz.link ``mashu`` (Masyu): pearls as pzprjs' ``decodeCircle`` (1 white, 2 black)."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import decode_circles, encode_circles
from pencilsat.puzzles.masyu import MasyuPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> MasyuPuzzle:
    flat = decode_circles(body, width * height, column, "Masyu", "pearl")
    return MasyuPuzzle(np.array(flat, dtype=np.uint8).reshape(height, width))


def encode(puzzle: MasyuPuzzle) -> str:
    return encode_circles([int(v) for v in puzzle.pearls.ravel()])
