"""puzz.link ``heyawake``: rooms as pzprjs' ``decodeBorder``, then one clue per room as
``decodeRoomNumber16``.

The room numbers come in the order of the rooms (by first cell, row-major): a hex digit,
``-xx``, ``+xxx``, ``=xxx`` (+4096), ``%xxx`` (+8192), ``*xxxx`` (+12240) or ``$xxxxx``
(+77776) is a clue, ``g``-``z`` skip 1..20 rooms without one. pzprjs puts a room's clue in
its top-left cell (the leftmost column's topmost cell, ``getTopCell``), and so does the
decoder; the encoder writes each room's clue wherever the puzzle has it. pzprjs writes no
flags for Heyawake, so a URL with flags is refused; Aye-Heya (``ayeheya``, rooms with
point-symmetric shading) is another type and is not read as Heyawake.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import HEX, url_error
from pencilsat.formats.puzzlink.borders import (
    border_length,
    decode_borders,
    encode_borders,
    room_borders,
    rooms_of,
)
from pencilsat.formats.runs import describe_char, encode_runs
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle

_LONG_FORMS = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "*": (4, 12240),
               "$": (5, 77776)}
"""pzprjs' longer room numbers: prefix -> (hex digits, offset)."""


def decode(body: str, width: int, height: int, column: int, flags: str) -> HeyawakePuzzle:
    if flags:
        raise url_error(f"pzprjs writes no flags for Heyawake, this URL has {flags!r}",
                        column=column - len(f"{flags}/{width}/{height}/"),
                        hint="remove the flags segment, or check that the type is heyawake")
    vertical, horizontal = decode_borders(body, width, height, column)
    rooms = rooms_of(vertical, horizontal)
    offset = border_length(width, height)
    numbers = _room_numbers(body[offset:], int(rooms.max()) + 1, column + offset)
    sizes = np.bincount(rooms.ravel())
    clues = np.full((height, width), NO_CLUE, dtype=np.int32)
    for room, number in enumerate(numbers):
        if number is None:
            continue
        if number > sizes[room]:
            raise url_error(f"room {room + 1} has {sizes[room]} cells, its number is {number}",
                            hint="check the number or the room borders")
        rows, cols = np.nonzero(rooms == room)
        left = int(cols.min())
        clues[int(rows[cols == left].min()), left] = number
    return HeyawakePuzzle(rooms, clues)


def _room_numbers(body: str, count: int, column: int) -> list[int | None]:
    """``decodeRoomNumber16``: a number or ``None`` per room."""
    out: list[int | None] = [None] * count
    room = i = 0
    while i < len(body):
        ch = body[i]
        if room >= count:
            raise url_error("extra data after the last room's number", column=column + i,
                            hint="remove the trailing data, or check the borders")
        if ch in HEX:
            out[room] = int(ch, 16)
            room += 1
            i += 1
        elif ch in _LONG_FORMS:
            digits, plus = _LONG_FORMS[ch]
            text = body[i + 1:i + 1 + digits]
            if len(text) < digits or not set(text) <= set(HEX):
                raise url_error(f"{ch!r} must be followed by {digits} hex digits",
                                column=column + i, hint="the URL is cut or mistyped here")
            out[room] = int(text, 16) + plus
            room += 1
            i += 1 + digits
        elif "g" <= ch <= "z":
            room += int(ch, 36) - 15
            if room > count:
                raise url_error(f"a run of {int(ch, 36) - 15} rooms without a number goes past "
                                f"the last of the {count} rooms", column=column + i,
                                hint="check the borders or the size")
            i += 1
        else:
            raise url_error(f"bad character {describe_char(ch)} in the room numbers",
                            column=column + i, hint="room numbers use 0-9, a-f, '-', '+', "
                                                    "'=', '%', '*', '$' and g-z")
    return out


def _token(value: int) -> str:
    if value < 16:
        return HEX[value]
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    for prefix, top in (("=", 8192), ("%", 12240), ("*", 77776)):
        digits, plus = _LONG_FORMS[prefix]
        if value < top:
            return f"{prefix}{value - plus:0{digits}x}"
    return f"${value - 77776:05x}"


def encode(puzzle: HeyawakePuzzle) -> str:
    numbers: list[str | None] = [None] * puzzle.room_count
    for room, clue in enumerate(puzzle.room_clues()):
        if clue is not None:
            numbers[room] = _token(clue[1])
    return encode_borders(*room_borders(puzzle.rooms)) + encode_runs(numbers, first="g",
                                                                       longest=20)
