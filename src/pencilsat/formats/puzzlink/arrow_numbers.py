"""pzprjs' ``decodeArrowNumber16`` / ``encodeArrowNumber16`` (``src/variety-common/Encode.js``):
numbers with an arrow, shared by Yajilin and pzprjs' other arrow genres (Hebi, Firefly, ...).

A cell is ``(direction, number)``: direction 0 none, 1 up, 2 down, 3 left, 4 right (pzprjs'
``qdir``); number ``0..4095``, :data:`UNKNOWN_NUMBER` (``.``, a ``?``) or :data:`PLUS`
(``+``). Tokens: ``d`` then one hex digit or ``.`` (d = 0-4), ``d+5`` then two hex digits,
``-`` then d and three hex digits, ``+``; letters ``a``-``z`` are 1..26 cells without one.
The decoder raises a positioned error where pzprjs would read garbage (a ``NaN``) or
silently stop (a body that ends before the last cell, see :mod:`.body`); the encoder
writes pzprjs' output character for character.
"""

from __future__ import annotations

from pencilsat.formats.puzzlink.body import (
    HEX,
    UNKNOWN_NUMBER,
    Body,
    Token,
    decode_whole,
    read_runs,
    url_error,
)
from pencilsat.formats.runs import DIGITS36, describe_char, encode_runs

PLUS = -3
"""``+``: pzprjs' ``qnum`` -3 (a cell with a mark but no number or arrow)."""
LARGEST = 4095
"""The largest number the format writes (``-d`` and three hex digits)."""

ArrowNumber = tuple[int, int]
"""(direction 0..4, number)."""

__all__ = ["LARGEST", "PLUS", "UNKNOWN_NUMBER", "decode_arrow_number16",
           "encode_arrow_number16", "read_arrow_number16"]


def read_arrow_number16(body: Body, cells: int, part: str,
                        columns: dict[int, int] | None = None) -> list[ArrowNumber | None]:
    """The cells of the next part of ``body`` (``None``: no clue), row-major; ``columns``,
    when given, gets the column of each clue's token by cell index (for a genre's own
    errors)."""

    def token(body: Body) -> Token:
        ch = body.peek(1)
        if "a" <= ch <= "z":
            return None, 1, int(ch, 36) - 9
        if ch == "+":
            return (0, PLUS), 1, 1
        if "0" <= ch <= "4":
            direction, digits, start = int(ch), 1, 1
        elif "5" <= ch <= "9":
            direction, digits, start = int(ch) - 5, 2, 1
        elif ch == "-":
            direction_ch = body.peek(2)[1:]
            if direction_ch not in list("01234"):
                raise url_error("'-' must be followed by a direction 0-4 and three hex digits",
                                column=body.column(), hint="the URL is cut or mistyped here")
            direction, digits, start = int(direction_ch), 3, 2
        else:
            raise url_error(f"bad character {describe_char(ch)} in the {part}",
                            column=body.column(),
                            hint=f"the {part} are written with 0-9, '-', '+', '.', hex "
                                 "digits and a-z")
        number = body.peek(start + digits)[start:]
        if number == "." and digits == 1:
            value = UNKNOWN_NUMBER
        elif len(number) == digits and set(number) <= set(HEX):
            value = int(number, 16)
        else:
            raise url_error(f"{body.peek(start)!r} must be followed by {digits} hex digit"
                            + ("s" if digits > 1 else " or '.'"), column=body.column(),
                            hint="the URL is cut or mistyped here")
        return (direction, value), start + digits, 1

    return read_runs(body, cells, part, token, DIGITS36 + "-+.", columns=columns)


def decode_arrow_number16(body: str, cells: int, column: int, what: str,
                          columns: dict[int, int] | None = None) -> list[ArrowNumber | None]:
    """:func:`read_arrow_number16` of a whole body (``what``: the part's name)."""
    return decode_whole(body, column,
                        lambda b: read_arrow_number16(b, cells, what, columns))


def encode_arrow_number16(flat: list[ArrowNumber | None]) -> str:
    """pzprjs' ``encodeArrowNumber16`` of row-major cells (``None``: no clue)."""

    def token(cell: ArrowNumber | None) -> str | None:
        if cell is None:
            return None
        direction, number = cell
        if number == UNKNOWN_NUMBER:
            return f"{direction}."
        if number == PLUS:
            return "+"
        if not 0 <= number <= LARGEST:
            raise ValueError(f"number {number} cannot be written (0..{LARGEST})")
        if number < 16:
            return f"{direction}{number:x}"
        if number < 256:
            return f"{direction + 5}{number:02x}"
        return f"-{direction}{number:03x}"

    return encode_runs([token(cell) for cell in flat], first="a", longest=26)
