"""puzz.link ``ripple`` (Ripple Effect): rooms as pzprjs' ``decodeBorder``, the given numbers
as ``decodeNumber16`` over the cells, then, only when some cell is empty (cut out of the
board, pzprjs' ``ques = 7``), ``decodeEmpty`` (a bit per cell).

pencilsat's Ripple Effect has no cut-out cells, so an empty-cell part that marks a cell is
refused (one with every bit clear reads as the plain puzzle, which is what pzprjs makes of
it). A ``?`` number (``.``) is read and written back: a cell of its room whose number the
ripple rule does not see (:mod:`pencilsat.puzzles.ripple`). A number must be 1..the size of
its room. pzprjs writes no flags for Ripple Effect; it serves Cojun, Meander and Suguru
from the same file under their own type names, which are other genres and are not read as
Ripple Effect. The file form
``pzprv3/ripple/<rows>/<cols>/`` gives the borders (``decodeBorderQues``), then a number,
``.``, ``-`` (``?``) or ``#`` (an empty cell) per cell (``decodeCellQnum``), then the answer,
which is not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    UNKNOWN_NUMBER,
    body_parts,
    encode_number_grid,
    file_cells,
    read_binary,
    read_number16,
    refuse_flags,
    url_error,
)
from pencilsat.formats.puzzlink.borders import (
    encode_borders,
    file_borders,
    read_borders,
    rooms_of,
)
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.ripple import RipplePuzzle

_EMPTY_HINT = ("pencilsat's Ripple Effect has no empty cells; fill the board or clear the "
               "empty-cell marks")


def decode(body: str, width: int, height: int, column: int, flags: str) -> RipplePuzzle:
    refuse_flags(flags, width, height, column, "Ripple Effect", "ripple")
    columns: dict[int, int] = {}
    with body_parts(body, column) as parts:
        vertical, horizontal = read_borders(parts, width, height)
        flat = read_number16(parts, width * height, "numbers",
                             largest=min(width * height, LARGEST_NUMBER16), columns=columns)
        if parts.left():
            at = parts.column()
            empty = read_binary(parts, width * height, "empty cells")
            if any(empty):
                cell = empty.index(True)
                raise url_error(f"the empty-cell part cuts cell r{cell // width + 1}"
                                f"c{cell % width + 1} out of the board", column=at + cell // 5,
                                hint=_EMPTY_HINT)
    rooms = rooms_of(vertical, horizontal)
    givens = np.array([0 if v is None or v == UNKNOWN_NUMBER else v for v in flat],
                      dtype=np.int32)
    unknown = np.array([v == UNKNOWN_NUMBER for v in flat], dtype=bool)
    _check_sizes(givens, rooms.ravel(), width, columns)
    return RipplePuzzle(givens.reshape(height, width), Regions(rooms),
                        unknown=unknown.reshape(height, width))


def _check_sizes(givens: np.ndarray, rooms: np.ndarray, width: int,
                 columns: dict[int, int] | None = None) -> None:
    """Each given (flat, row-major) at most its room's size: an error naming the first that
    is larger (at its URL column when ``columns`` has it)."""
    sizes = np.bincount(rooms)[rooms]
    over = np.nonzero(givens > sizes)[0]
    if over.size:
        c = int(over[0])
        raise url_error(f"the number {int(givens[c])} in r{c // width + 1}c{c % width + 1} is "
                        f"larger than its room of {int(sizes[c])} cells",
                        column=None if columns is None else columns.get(c),
                        hint="a room of n cells holds the numbers 1..n: check the number or "
                             "the room borders")


def encode(puzzle: RipplePuzzle) -> str:
    return (encode_borders(*puzzle.rooms.border_masks())
            + encode_number_grid(np.where(puzzle.unknown, -1, puzzle.givens).ravel().tolist(),
                                 0, -1))


def decode_file(lines: list[str], width: int, height: int) -> RipplePuzzle:
    """pzprjs' file form: the border marks, then a token per cell."""
    vertical, horizontal = file_borders(lines, width, height)
    givens, unknown = [], []
    for i, token in enumerate(file_cells(lines[2 * height - 1:], width, height,
                                         "Ripple Effect number")):
        where = f"r{i // width + 1}c{i % width + 1}"
        unknown.append(token == "-")
        if token in (".", "-"):
            givens.append(0)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= width * height:
            givens.append(int(token))
        elif token == "#":
            raise url_error(f"the pzprv3 data cuts cell {where} out of the board ('#')",
                            hint=_EMPTY_HINT)
        else:
            raise url_error(f"bad Ripple Effect cell {token!r} at {where} in the pzprv3 data",
                            hint="cells are a number 1..(the room's size), '.' (no number) or "
                                 "'-' (a number not told)")
    rooms = rooms_of(vertical, horizontal)
    flat = np.array(givens, dtype=np.int32)
    _check_sizes(flat, rooms.ravel(), width)
    return RipplePuzzle(flat.reshape(height, width), Regions(rooms),
                        unknown=np.array(unknown, dtype=bool).reshape(height, width))
