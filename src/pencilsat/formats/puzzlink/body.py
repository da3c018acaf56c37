"""pzprjs' shared body codecs (``src/variety-common/Encode.js``), one function pair each.

Many genres write their clues with the same codec: ``decodeCircle`` (Masyu's pearls),
``decode4Cell`` (Light Up's walls, Slitherlink's numbers), ``decodeNumber16`` (Sudoku,
Nurikabe). Each decoder reads a body into a flat row-major list of cell values and raises a
positioned :class:`InputError` for what pzprjs would silently ignore; each encoder
reproduces pzprjs' own output character for character.
"""

from __future__ import annotations

import math

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import DIGITS36, describe_char, encode_runs

SOURCE = "<url>"
HEX = "0123456789abcdef"


def url_error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def decode_circles(body: str, cells: int, column: int, what: str,
                   item: str = "circle") -> list[int]:
    """``decodeCircle``: each character is one base-27 digit 9a + 3b + c for three cells
    (0 none, 1 white, 2 black)."""
    expected = math.ceil(cells / 3)
    values = [DIGITS36.find(ch.lower()) for ch in body]
    for i, value in enumerate(values):  # a bad character first: it explains a wrong length
        if not 0 <= value < 27:
            raise url_error(f"bad character {describe_char(body[i])} in the {what} data",
                            column=column + i, hint=f"{what} data uses 0-9 and a-q")
    if len(body) < expected:
        raise url_error(f"the {what} data is truncated: {len(body)} characters, expected "
                        f"{expected}", column=column + len(body), hint="copy the whole URL")
    if len(body) > expected:
        raise url_error(f"extra data after the last cell: {len(body) - expected} characters "
                        "too many", column=column + expected,
                        hint="check the size, or remove the trailing characters")
    flat = [0] * cells
    for i, value in enumerate(values):
        for k, weight in enumerate((9, 3, 1)):
            circle = value // weight % 3
            if 3 * i + k < cells:
                flat[3 * i + k] = circle
            elif circle:
                raise url_error(f"the last character puts a {item} beyond the end of the grid",
                                column=column + i, hint="check the size or the last character")
    return flat


def encode_circles(flat: list[int]) -> str:
    padded = flat + [0] * (-len(flat) % 3)
    return "".join(DIGITS36[9 * padded[i] + 3 * padded[i + 1] + padded[i + 2]]
                   for i in range(0, len(padded), 3))


BLACK_CELL = -2
"""``decode4Cell``'s ``.``: a cell with a mark but no number (Light Up's plain wall)."""


def decode_4cell(body: str, cells: int, column: int, what: str) -> list[int | None]:
    """``decode4Cell``: ``0-4`` a number; ``5-9`` / ``a-e`` a number then 1 / 2 plain cells;
    ``g-z`` 1..20 plain cells; ``.`` a marked cell without a number (:data:`BLACK_CELL`).
    Plain cells are ``None``."""
    flat: list[int | None] = [None] * cells
    c = 0
    for i, ch in enumerate(body):
        if c >= cells:
            raise url_error("extra data after the last cell of the grid", column=column + i,
                            hint="check the size, or remove the trailing data")
        if "0" <= ch <= "4":
            flat[c], c = int(ch), c + 1
        elif "5" <= ch <= "9":
            flat[c], c = int(ch) - 5, c + 2
        elif "a" <= ch <= "e":
            flat[c], c = int(ch, 16) - 10, c + 3
        elif "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if c + run > cells:
                raise url_error(f"a run of {run} cells goes past the end of the grid",
                                column=column + i, hint="check the size")
            c += run
        elif ch == ".":
            flat[c], c = BLACK_CELL, c + 1
        else:
            raise url_error(f"bad character {describe_char(ch)} in the {what} data",
                            column=column + i, hint=f"{what} data uses 0-9, a-e, g-z and '.'")
    if c < cells:
        raise url_error(f"the {what} data is truncated: it describes {c} of {cells} cells",
                        column=column + len(body), hint="copy the whole URL")
    return flat[:cells]


def encode_4cell(flat: list[int | None]) -> str:
    """pzprjs' ``encode4Cell``: a number swallows up to two following plain cells."""
    n = len(flat)
    out: list[str] = []
    count = 0
    c = 0
    while c < n:
        value, token = flat[c], ""
        if value is not None and value >= 0:
            if c + 1 < n and flat[c + 1] is not None:
                token = str(value)
            elif c + 2 < n and flat[c + 2] is not None:
                token, c = str(5 + value), c + 1
            else:
                token, c = DIGITS36[10 + value], c + 2
        elif value == BLACK_CELL:
            token = "."
        else:
            count += 1
        if count == 0:
            out.append(token)
        elif token or count == 20:
            out.append(DIGITS36[count + 15] + token)
            count = 0
        c += 1
    if count:
        out.append(DIGITS36[count + 15])
    return "".join(out)


UNKNOWN_NUMBER = -2
"""``decodeNumber16``'s ``.``: a numbered cell whose number is not given (``?``)."""


def decode_number16(body: str, cells: int, column: int, what: str,
                    largest: int | None = None, item: str = "number",
                    unknown: str | None = None) -> list[int | None]:
    """``decodeNumber16``: a hex digit is a number, ``-xx`` / ``+xxx`` longer numbers, ``.``
    a ``?`` number (:data:`UNKNOWN_NUMBER`; refused with the message ``unknown`` when
    given), ``g``-``z`` 1..20 empty cells (``None``)."""
    flat: list[int | None] = [None] * cells
    c = 0
    i = 0
    while i < len(body):
        ch = body[i]
        if c >= cells:
            raise url_error("extra data after the last cell of the grid", column=column + i,
                            hint="remove the trailing data")
        width_of = {"-": 2, "+": 3}.get(ch, 0)
        if ch in HEX or width_of:
            digits = body[i + 1:i + 1 + width_of] if width_of else ch
            if len(digits) < max(width_of, 1) or not set(digits) <= set(HEX):
                raise url_error(f"{ch!r} must be followed by {width_of} hex digits",
                                column=column + i, hint="the URL is cut or mistyped here")
            value = int(digits, 16)
            if largest is not None and not 1 <= value <= largest:
                raise url_error(f"{item} {value} is not a digit 1..{largest}",
                                column=column + i,
                                hint="check the number or the grid size")
            flat[c] = value
            c += 1
            i += 1 + width_of
            continue
        if "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if c + run > cells:
                raise url_error(f"a run of {run} empty cells goes past the end of the grid",
                                column=column + i, hint="check the size")
            c += run
        elif ch == "." and unknown is not None:
            raise url_error(unknown, column=column + i,
                            hint=f"replace the '?' by a {item} or clear the cell")
        elif ch == ".":
            flat[c] = UNKNOWN_NUMBER
            c += 1
        else:
            raise url_error(f"bad character {describe_char(ch)} in the {what} data",
                            column=column + i,
                            hint=f"{what} data uses 0-9, a-f, '-', '+', '.' and g-z")
        i += 1
    if c < cells:
        raise url_error(f"the {what} data is truncated: it describes {c} of {cells} cells",
                        column=column + len(body), hint="copy the whole URL")
    return flat


def encode_number16(flat: list[int | None]) -> str:
    def token(v: int | None) -> str | None:
        if v is None:
            return None
        if v == UNKNOWN_NUMBER:
            return "."
        if v < 16:
            return HEX[v]
        return f"-{v:02x}" if v < 256 else f"+{v:03x}"

    return encode_runs([token(v) for v in flat], first="g", longest=20)


def file_cells(lines: list[str], width: int, height: int, what: str) -> list[str]:
    """The cell tokens of pzprjs' file form (``getItemList``): ``height`` lines of tokens
    separated by spaces, row-major; an error when fewer than ``width * height`` are there."""
    tokens = [token for line in lines[:height] for token in line.split(" ") if token]
    if len(tokens) < width * height:
        raise url_error(f"the pzprv3 {what} data has {len(tokens)} of {width * height} cells",
                        hint="copy the whole URL")
    return tokens[:width * height]
