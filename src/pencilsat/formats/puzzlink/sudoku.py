"""puzz.link ``sudoku``: clues as pzprjs' ``decodeNumber16``; square boxes only (4x4 to
25x25; pzprjs also draws 6x6 with 3x2 boxes, which pencilsat's model does not have)."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    decode_number16,
    encode_number16,
    url_error,
)
from pencilsat.puzzles.sudoku import SudokuPuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> SudokuPuzzle:
    if width != height or width not in (4, 9, 16, 25):
        raise url_error(f"a Sudoku must be 4x4, 9x9, 16x16 or 25x25, this one is "
                        f"{width}x{height}", column=column - 1,
                        hint="pencilsat's Sudoku has square boxes")
    flat = decode_number16(body, width * width, column, "Sudoku", largest=width, item="clue",
                           unknown="a '?' clue (unknown digit) cannot be solved")
    clues = [0 if v is None else v for v in flat]
    return SudokuPuzzle(np.array(clues, dtype=np.int16).reshape(width, width))


def encode(puzzle: SudokuPuzzle) -> str:
    return encode_number16([int(v) or None for v in puzzle.clues.ravel()])
