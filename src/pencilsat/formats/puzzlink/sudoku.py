"""puzz.link ``sudoku``: clues as pzprjs' ``decodeNumber16``; square boxes (4x4 to 25x25)
and the 6x6, whose boxes pzprjs draws 3 wide and 2 tall (``variety/sudoku.js``'s
``initBoardSize``: ``roomsizex`` 6 half-cells, ``roomsizey`` 4), read as ``sudoku 6 6 3x2``;
other box shapes have no URL (pzprjs would draw other boxes), so writing one is refused.
A ``?`` cell (``decodeNumber16``'s ``.``; the file form's ``-``, qnum -2) is a gap, a given
cell without a digit (``puzzles/sudoku.py``), read and written back.
pzprjs' Sudoku has no diagonal rule (``variety/sudoku.js`` checks rows, columns and boxes),
so an X puzzle has no URL: writing one is refused, never a plain Sudoku in its place."""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    UNKNOWN_NUMBER,
    decode_number16,
    encode_number16,
    file_cells,
    url_error,
)
from pencilsat.puzzles.sudoku import SudokuPuzzle

FILE_SQUARE = True
"""The file form gives one size line (the side)."""


_SIDES = (4, 6, 9, 16, 25)
"""The sides pzprjs draws a Sudoku's boxes on (6: 3 wide, 2 tall)."""
_SIZES = "4x4, 6x6, 9x9, 16x16 or 25x25"
_SIX = (3, 2)
"""pzprjs' 6x6 boxes: 3 wide, 2 tall."""


def _puzzle(clues: list[int], width: int) -> SudokuPuzzle:
    """The puzzle of ``clues`` (row-major, 0 empty, :data:`UNKNOWN_NUMBER` a gap)."""
    width_of_box, height_of_box = _SIX if width == 6 else (0, 0)
    grid = np.array(clues, dtype=np.int16).reshape(width, width)
    gaps = grid == UNKNOWN_NUMBER
    return SudokuPuzzle(np.where(gaps, 0, grid), box_width=width_of_box,
                        box_height=height_of_box, gaps=gaps)


def decode(body: str, width: int, height: int, column: int, flags: str) -> SudokuPuzzle:
    if width != height or width not in _SIDES:
        raise url_error(f"a Sudoku must be {_SIZES}, this one is {width}x{height}",
                        column=column - 1,
                        hint="pzprjs draws Sudoku boxes on these sizes only")
    flat = decode_number16(body, width * width, column, "clues", largest=width, item="clue")
    clues = [0 if v is None else v for v in flat]
    return _puzzle(clues, width)


def encode(puzzle: SudokuPuzzle) -> str:
    if puzzle.diagonal:
        raise InputError("puzz.link's Sudoku has no X (diagonal) rule, so this X puzzle has no "
                         "URL: the URL would be a plain Sudoku, with other answers",
                         hint="write it as a Tatham ID (convert --to tatham: Solo's 'x' flag, "
                              "e.g. 3x3x:...) or as text (convert --to text: 'sudoku 9 9 D')")
    if puzzle.rectangular and (puzzle.size, *puzzle.box_dims) != (6, 3, 2):
        width, height = puzzle.box_dims
        raise InputError(f"puzz.link's Sudoku draws the boxes of a {puzzle.size}x{puzzle.size} "
                         f"{'as 3 wide, 2 tall' if puzzle.size == 6 else 'square or not at all'}"
                         f", so boxes {width}x{height} have no URL: the URL would be another "
                         "puzzle, with other answers",
                         hint=f"write it as a Tatham ID (convert --to tatham: {height}x{width}:"
                              f"...) or as text (convert --to text)")
    gaps = puzzle.gap_grid.ravel().tolist()
    return encode_number16([UNKNOWN_NUMBER if gap else int(v) or None
                            for v, gap in zip(puzzle.clues.ravel().tolist(), gaps, strict=True)])


def decode_file(lines: list[str], width: int, height: int) -> SudokuPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a digit, ``.`` or ``-`` (a gap) per cell."""
    if width not in _SIDES:
        raise url_error(f"a Sudoku must be {_SIZES}, this one is {width}x{width}",
                        hint="pzprjs draws Sudoku boxes on these sizes only")
    clues = []
    for token in file_cells(lines, width, height, "Sudoku"):
        if token == "-":
            clues.append(UNKNOWN_NUMBER)
            continue
        number = 0 if token == "." else int(token) if token.isdigit() else -1
        if token == "0":
            raise url_error("a Sudoku cell '0' in the pzprv3 data: pzprjs reads it as a given "
                            "without a digit (as '-', a gap), not as an empty cell, and the "
                            "URL form refuses it too",
                            hint="write '-' for a gap or '.' for an empty cell")
        if not 0 <= number <= width:
            raise url_error(f"bad Sudoku cell {token!r} in the pzprv3 data",
                            hint=f"cells are '.', '-' (a '?') and the digits 1..{width}")
        clues.append(number)
    return _puzzle(clues, width)
