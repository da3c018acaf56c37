"""puzz.link ``ripple`` (Ripple Effect): rooms as pzprjs' ``decodeBorder``, the given numbers
as ``decodeNumber16`` over the cells, then, only when some cell is empty (cut out of the
board, pzprjs' ``ques = 7``), ``decodeEmpty`` (a bit per cell).

An empty cell is a cut-out cell (no room, no number: pzprjs' room graph leaves it out, so a
room it splits is two rooms), written back the same way when there is one; an empty-cell
part with every bit clear reads as the plain puzzle, which is what pzprjs makes of it. A
number on an empty cell is refused. A ``?`` number (``.``) is read and written back: a cell
of its room whose number the ripple rule does not see (:mod:`pencilsat.puzzles.ripple`). A
number must be 1..the size of its room. pzprjs writes no flags for Ripple Effect; it serves
Cojun, Meander and Suguru from the same file under their own type names, which are other
genres and are not read as Ripple Effect. The file form ``pzprv3/ripple/<rows>/<cols>/``
gives the borders (``decodeBorderQues``), then a number, ``.``, ``-`` (``?``) or ``#`` (an
empty cell) per cell (``decodeCellQnum``), then the answer, which is not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    UNKNOWN_NUMBER,
    body_parts,
    encode_binary,
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
from pencilsat.puzzles.regions import NO_REGION, Regions
from pencilsat.puzzles.ripple import RipplePuzzle

_EMPTY_HINT = "an empty cell (cut out of the board) has no number: clear it or the mark"


def decode(body: str, width: int, height: int, column: int, flags: str) -> RipplePuzzle:
    refuse_flags(flags, width, height, column, "Ripple Effect", "ripple")
    columns: dict[int, int] = {}
    with body_parts(body, column) as parts:
        vertical, horizontal = read_borders(parts, width, height)
        flat = read_number16(parts, width * height, "numbers",
                             largest=min(width * height, LARGEST_NUMBER16), columns=columns)
        at = parts.column()
        empty = (read_binary(parts, width * height, "empty cells") if parts.left()
                 else [False] * (width * height))
    numbered = [v is not None and e for v, e in zip(flat, empty, strict=True)]
    if any(numbered):
        cell = numbered.index(True)
        raise url_error(f"the empty cell r{cell // width + 1}c{cell % width + 1} has a number",
                        column=at + cell // 5, hint=_EMPTY_HINT)
    rooms = _rooms(rooms_of(vertical, horizontal), np.array(empty, dtype=bool), height, width)
    givens = np.array([0 if v is None or v == UNKNOWN_NUMBER else v for v in flat],
                      dtype=np.int32)
    unknown = np.array([v == UNKNOWN_NUMBER for v in flat], dtype=bool)
    _check_sizes(givens, rooms.ids.ravel(), width, columns)
    return RipplePuzzle(givens.reshape(height, width), rooms,
                        unknown=unknown.reshape(height, width))


def _rooms(pieces: np.ndarray, empty: np.ndarray, height: int, width: int) -> Regions:
    """The rooms of the border pieces without the empty cells (pzprjs' room graph leaves them
    out: a piece they split is two rooms); an error when every cell is empty."""
    if empty.all():
        raise url_error("every cell is empty (cut out of the board)",
                        hint="a Ripple Effect needs at least one room")
    labels = np.where(empty.reshape(height, width), NO_REGION, pieces)
    return Regions.from_labels(labels)


def _check_sizes(givens: np.ndarray, rooms: np.ndarray, width: int,
                 columns: dict[int, int] | None = None) -> None:
    """Each given (flat, row-major) at most its room's size: an error naming the first that
    is larger (at its URL column when ``columns`` has it)."""
    sizes = np.where(rooms == NO_REGION, 0, np.bincount(rooms[rooms != NO_REGION],
                                                        minlength=rooms.max() + 1)[rooms])
    over = np.nonzero(givens > sizes)[0]
    if over.size:
        c = int(over[0])
        raise url_error(f"the number {int(givens[c])} in r{c // width + 1}c{c % width + 1} is "
                        f"larger than its room of {int(sizes[c])} cells",
                        column=None if columns is None else columns.get(c),
                        hint="a room of n cells holds the numbers 1..n: check the number or "
                             "the room borders")


def encode(puzzle: RipplePuzzle) -> str:
    cut = puzzle.cut_out()
    return (encode_borders(*puzzle.rooms.border_masks())
            + encode_number_grid(np.where(puzzle.unknown, -1, puzzle.givens).ravel().tolist(),
                                 0, -1)
            + (encode_binary(cut.ravel().tolist()) if cut.any() else ""))


def decode_file(lines: list[str], width: int, height: int) -> RipplePuzzle:
    """pzprjs' file form: the border marks, then a token per cell."""
    vertical, horizontal = file_borders(lines, width, height)
    givens, unknown, empty = [], [], []
    for i, token in enumerate(file_cells(lines[2 * height - 1:], width, height,
                                         "Ripple Effect number")):
        where = f"r{i // width + 1}c{i % width + 1}"
        unknown.append(token == "-")
        empty.append(token == "#")
        if token in (".", "-", "#"):
            givens.append(0)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= width * height:
            givens.append(int(token))
        else:
            raise url_error(f"bad Ripple Effect cell {token!r} at {where} in the pzprv3 data",
                            hint="cells are a number 1..(the room's size), '.' (no number), "
                                 "'-' (a number not told) or '#' (an empty cell)")
    rooms = _rooms(rooms_of(vertical, horizontal), np.array(empty, dtype=bool), height, width)
    flat = np.array(givens, dtype=np.int32)
    _check_sizes(flat, rooms.ids.ravel(), width)
    return RipplePuzzle(flat.reshape(height, width), rooms,
                        unknown=np.array(unknown, dtype=bool).reshape(height, width))
