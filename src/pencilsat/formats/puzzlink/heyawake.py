"""puzz.link ``heyawake``: rooms as pzprjs' ``decodeBorder``, then one clue per room as
``decodeRoomNumber16``.

The room numbers come in the order of the rooms (by first cell, row-major), read by the
shared ``read_number16`` over the rooms: a hex digit, ``-xx``, ``+xxx``, ``=xxx`` (+4096),
``@xxx`` / ``%xxx`` (+8192), ``*xxxx`` (+12240) or ``$xxxxx`` (+77776) is a clue, ``g``-``z``
skip 1..20 rooms without one; the last room is covered and nothing follows (a cut URL is
an error, see :mod:`.body`); a ``.`` is a ``?`` room (a number not given), read and written
back as one. pzprjs puts a room's clue in its top-left cell (the leftmost
column's topmost cell, ``getTopCell``), and so does the decoder; the encoder writes each
room's clue wherever the puzzle has it. pzprjs writes no flags for Heyawake, so a URL with
flags is refused; ``heyawacky`` is pzprjs' other name of the type (its ``alias``) and is read
as Heyawake; Aye-Heya (``ayeheya``, rooms with point-symmetric shading) is another type and is
not read as Heyawake.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    UNKNOWN_NUMBER,
    body_parts,
    encode_number16,
    qnum_file_cells,
    read_number16,
    refuse_flags,
    url_error,
)
from pencilsat.formats.puzzlink.borders import (
    encode_borders,
    file_rooms,
    read_borders,
    room_borders,
    rooms_of,
)
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle


def decode(body: str, width: int, height: int, column: int, flags: str) -> HeyawakePuzzle:
    refuse_flags(flags, width, height, column, "Heyawake", "heyawake")
    columns: dict[int, int] = {}
    with body_parts(body, column) as parts:
        vertical, horizontal = read_borders(parts, width, height)
        rooms = rooms_of(vertical, horizontal)
        numbers = read_number16(parts, int(rooms.max()) + 1, "room numbers", unit="room",
                                columns=columns)
    sizes = np.bincount(rooms.ravel())
    clues = np.full((height, width), NO_CLUE, dtype=np.int32)
    unknown = np.zeros((height, width), dtype=bool)
    for room, number in enumerate(numbers):
        if number is None:
            continue
        if number > sizes[room]:
            raise url_error(f"room {room + 1} has {sizes[room]} cells, its number is {number}",
                            column=columns[room], hint="check the number or the room borders")
        rows, cols = np.nonzero(rooms == room)
        left = int(cols.min())
        top = (int(rows[cols == left].min()), left)
        if number == UNKNOWN_NUMBER:
            unknown[top] = True
        else:
            clues[top] = number
    return HeyawakePuzzle(rooms, clues, unknown=unknown)


def encode(puzzle: HeyawakePuzzle) -> str:
    numbers: list[int | None] = [None if clue is None else clue[1]
                                 for clue in puzzle.room_clues()]
    for r, c in zip(*np.nonzero(puzzle.unknown), strict=True):
        numbers[int(puzzle.rooms[r, c])] = UNKNOWN_NUMBER
    return encode_borders(*room_borders(puzzle.rooms)) + encode_number16(numbers)


def decode_file(lines: list[str], width: int, height: int) -> HeyawakePuzzle:
    """pzprjs' file form: the rooms (either version, :func:`.borders.file_rooms`), then a
    number, ``-`` (a ``?``) or ``.`` per cell (``decodeCellQnum``), in the cell pzprjs keeps
    it in; the shading and lines after them are the answer and are not read."""
    rooms, used = file_rooms(lines, width, height, "Heyawake")
    values = qnum_file_cells(lines[used:], width, height, "Heyawake", width * height,
                             UNKNOWN_NUMBER, NO_CLUE, smallest=0)
    cells = np.array(values, dtype=np.int32).reshape(height, width)
    try:
        return HeyawakePuzzle(rooms, np.where(cells == UNKNOWN_NUMBER, NO_CLUE, cells),
                              unknown=cells == UNKNOWN_NUMBER)
    except ValueError as exc:
        raise url_error(f"the Heyawake file's clues do not fit its rooms: {exc}",
                        hint="a room holds at most one number, at most its size") from None
