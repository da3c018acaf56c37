"""puzz.link ``sudoku``: clues as pzprjs' ``decodeNumber16``; square boxes only (4x4 to
25x25; pzprjs also draws 6x6 with 3x2 boxes, which pencilsat's model does not have).
pzprjs' Sudoku has no diagonal rule (``variety/sudoku.js`` checks rows, columns and boxes),
so an X puzzle has no URL: writing one is refused, never a plain Sudoku in its place."""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    decode_number16,
    encode_number16,
    file_cells,
    url_error,
)
from pencilsat.puzzles.sudoku import SudokuPuzzle

FILE_SQUARE = True
"""The file form gives one size line (the side)."""


def decode(body: str, width: int, height: int, column: int, flags: str) -> SudokuPuzzle:
    if width != height or width not in (4, 9, 16, 25):
        raise url_error(f"a Sudoku must be 4x4, 9x9, 16x16 or 25x25, this one is "
                        f"{width}x{height}", column=column - 1,
                        hint="pencilsat's Sudoku has square boxes")
    flat = decode_number16(body, width * width, column, "clues", largest=width, item="clue",
                           unknown="a '?' clue (unknown digit) cannot be solved")
    clues = [0 if v is None else v for v in flat]
    return SudokuPuzzle(np.array(clues, dtype=np.int16).reshape(width, width))


def encode(puzzle: SudokuPuzzle) -> str:
    if puzzle.diagonal:
        raise InputError("puzz.link's Sudoku has no X (diagonal) rule, so this X puzzle has no "
                         "URL: the URL would be a plain Sudoku, with other answers",
                         hint="write it as a Tatham ID (convert --to tatham: Solo's 'x' flag, "
                              "e.g. 3x3x:...) or as text (convert --to text: 'sudoku 9 9 D')")
    return encode_number16([int(v) or None for v in puzzle.clues.ravel()])


def decode_file(lines: list[str], width: int, height: int) -> SudokuPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a digit or ``.`` per cell."""
    if width not in (4, 9, 16, 25):
        raise url_error(f"a Sudoku must be 4x4, 9x9, 16x16 or 25x25, this one is {width}x{width}",
                        hint="pencilsat's Sudoku has square boxes")
    clues = []
    for token in file_cells(lines, width, height, "Sudoku"):
        number = 0 if token == "." else int(token) if token.isdigit() else -1
        if not 0 <= number <= width:
            raise url_error(f"bad Sudoku cell {token!r} in the pzprv3 data",
                            hint=f"cells are '.' and the digits 1..{width}")
        clues.append(number)
    return SudokuPuzzle(np.array(clues, dtype=np.int16).reshape(width, width))
