"""pzprjs' shared body codecs (``src/variety-common/Encode.js``), one function pair each, and
the reader that makes a body cover its grid exactly.

Many genres write their clues with the same codec: ``decodeCircle`` (Masyu), ``decode4Cell``
(Light Up, Slitherlink), ``decodeNumber16`` (Sudoku, Nurikabe, Tents' counts),
``decodeRoomNumber16`` (Heyawake), ``decode1Cell`` (Tents' trees). A body is one or more such
parts, read one after the other as pzprjs reads them: each part starts where the one before
stopped and stops at its last cell (or room).

pzprjs always writes a body that covers every cell, trailing runs of empty cells included,
and nothing after it. So a body that ends before a part's last cell is a cut URL, and data
after the last part is not pzprjs'; both are errors naming the part and the column, never a
smaller or a padded puzzle (pzprjs itself reads a cut body as fewer clues: a different
puzzle). The checks live here, in :class:`Body` and :func:`read_runs`, and nowhere else:

- a part's reader (``read_*``) takes its characters from a :class:`Body`; a run-length part
  goes through :func:`read_runs`, which raises when the body ends before the part's last
  item; a fixed-length part through :meth:`Body.take`, which raises when fewer characters
  are left;
- :func:`body_parts` hands a genre's decoder the :class:`Body` and, when the decoder is done,
  raises if anything is left;
- each ``decode_*`` of a single-part body reads the whole string through both;
- the URL frame runs every genre's decoder inside :func:`read_through_parts`, which fails
  (a programming error, not an InputError) unless a finished :class:`Body` reached the end of
  the body: a decoder that reads its body any other way fails its first test.

So a genre's own part builds on :func:`read_runs` or :meth:`Body.take`, and no genre can
forget the checks; ``tests/formats/test_codec_cuts.py`` cuts and lengthens corpus URLs of
every registered genre as well.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import DIGITS36, describe_char, encode_runs

SOURCE = "<url>"
HEX = "0123456789abcdef"


def url_error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def refuse_flags(flags: str, width: int, height: int, column: int, title: str,
                 type_name: str) -> None:
    """Refuse a flags segment for a genre pzprjs writes without one (``column``: the body's
    first column); reading the URL with its flags ignored could be another puzzle's verdict."""
    if flags:
        raise url_error(f"pzprjs writes no flags for {title}, this URL has {flags!r}",
                        column=column - len(f"{flags}/{width}/{height}/"),
                        hint=f"remove the flags segment, or check that the type is {type_name}")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


class Body:
    """A URL body (the text after ``<cols>/<rows>/``) being read part by part.

    ``pos`` is the index of the next character to read; ``start`` is the 1-based column of
    the body's first character in the URL, so every error points into the URL."""

    def __init__(self, text: str, column: int) -> None:
        self.text = text
        self.start = column
        self.pos = 0
        self.part = ""
        """The last part read (for the error on data after it)."""
        self.unit = "cell"
        self.alphabet = ""
        """The characters of the last part (to call a stray one after it what it is)."""

    def column(self, offset: int = 0) -> int:
        """The URL column of the character ``offset`` past the next one."""
        return self.start + self.pos + offset

    def left(self) -> int:
        return len(self.text) - self.pos

    def peek(self, count: int) -> str:
        """Up to ``count`` characters from the next one on, without reading them."""
        return self.text[self.pos:self.pos + count]

    def take(self, count: int, part: str, unit: str, alphabet: str) -> str:
        """The next ``count`` characters, a fixed-length part of ``unit`` items (cells,
        borders) written in ``alphabet``; an error naming ``part`` when the body ends
        sooner."""
        if self.left() < count:
            raise url_error(f"truncated {part}: the URL ends after "
                            f"{_plural(self.left(), 'character')} of {count}",
                            column=self.column(self.left()), hint="copy the whole URL")
        piece = self.peek(count)
        self.pos += count
        self.part, self.unit, self.alphabet = part, unit, alphabet
        return piece

    def finish(self) -> None:
        """Nothing may follow the last part: pzprjs writes nothing there."""
        self._check_nothing_left()
        finished = _FINISHED.get()
        if finished is not None:
            finished.append(self.start + len(self.text))

    def _check_nothing_left(self) -> None:
        if self.left():
            what = f"the last {self.unit} of the {self.part}" if self.part else "the size"
            stray = [i for i, ch in enumerate(self.text[self.pos:]) if ch not in self.alphabet]
            if self.alphabet and stray:
                raise url_error(f"bad character {describe_char(self.text[self.pos + stray[0]])}"
                                f" after {what}", column=self.column(stray[0]),
                                hint="check the size, or remove the trailing data")
            raise url_error(f"extra data after {what}: "
                            f"{_plural(self.left(), 'character')} too many",
                            column=self.column(),
                            hint="check the size, or remove the trailing data")


_FINISHED: ContextVar[list[int] | None] = ContextVar("finished_bodies", default=None)
"""The URL column just past each :class:`Body` finished inside :func:`read_through_parts`."""


class BodyNotChecked(RuntimeError):
    """A genre's URL decoder returned without reading its body through this module."""


@contextmanager
def read_through_parts(text: str, column: int, genre: str) -> Iterator[None]:
    """Run a genre's decoder of the body ``text`` (at URL ``column``) and require that it
    read the body to its end through a finished :class:`Body` (``body_parts`` or a
    ``decode_*``), so that the cover checks ran: :class:`BodyNotChecked` otherwise."""
    finished: list[int] = []
    token = _FINISHED.set(finished)
    try:
        yield
        if column + len(text) not in finished:
            raise BodyNotChecked(
                f"the {genre} URL decoder did not read its body to the end through "
                "formats/puzzlink/body.py (body_parts, decode_* or read_*), so nothing "
                "checked that the body covers the grid")
    finally:
        _FINISHED.reset(token)


@contextmanager
def body_parts(text: str, column: int) -> Iterator[Body]:
    """The :class:`Body` a genre's decoder reads its parts from; when the decoder is done,
    an error if data is left after the last part."""
    body = Body(text, column)
    yield body
    body.finish()


Token = tuple[Any, int, int]
"""What a run-length part's token reader returns: (value, or ``None`` for a run of items
without one; characters read; items covered)."""


def read_runs(body: Body, count: int, part: str, token: Callable[[Body], Token],
              alphabet: str, unit: str = "cell",
              columns: dict[int, int] | None = None) -> list[Any]:
    """Read a run-length part of ``count`` items (cells, rooms) with ``token`` until its last
    item is covered; an error naming ``part`` when the body ends first or a run of empty
    items goes past the last one. A value may cover items past the last (pzprjs' ``a``-``e``
    in ``decode4Cell``: a number and the empty cells after it, written so at the grid's end).
    ``alphabet``: the part's characters; ``columns``, when given, gets each value's URL
    column by item index."""
    flat: list[Any] = [None] * count
    c = 0
    while c < count:
        if not body.left():
            raise url_error(f"truncated {part}: the URL ends after "
                            f"{c} of {_plural(count, unit)}",
                            column=body.column(), hint="copy the whole URL")
        at = body.column()
        value, chars, covered = token(body)
        if value is None and c + covered > count:
            end = "the end of the grid" if unit == "cell" else f"the last of the {count} {unit}s"
            raise url_error(f"a run of {_plural(covered, unit)} in the {part} goes past {end}",
                            column=at, hint="check the size")
        if value is not None:
            flat[c] = value
            if columns is not None:
                columns[c] = at
        c += covered
        body.pos += chars
    body.part, body.unit, body.alphabet = part, unit, alphabet
    return flat


def decode_whole(text: str, column: int, read: Callable[[Body], Any]) -> Any:
    """``read`` applied to a body of one part: the part must be the whole text."""
    with body_parts(text, column) as body:
        return read(body)


BASE27 = DIGITS36[:27] + DIGITS36[10:27].upper()


def read_circles(body: Body, cells: int, part: str, item: str = "circle") -> list[int]:
    """``decodeCircle``: each character is one base-27 digit 9a + 3b + c for three cells
    (0 none, 1 white, 2 black); ``ceil(cells / 3)`` characters."""
    expected = math.ceil(cells / 3)
    # a bad character first: it explains a wrong length
    for i, ch in enumerate(body.peek(expected)):
        if not 0 <= DIGITS36.find(ch.lower()) < 27:
            raise url_error(f"bad character {describe_char(ch)} in the {part}",
                            column=body.column(i),
                            hint=f"the {part} are written with 0-9 and a-q")
    at = body.column()
    values = [DIGITS36.find(ch.lower()) for ch in body.take(expected, part, "cell", BASE27)]
    flat = [0] * cells
    for i, value in enumerate(values):
        for k, weight in enumerate((9, 3, 1)):
            circle = value // weight % 3
            if 3 * i + k < cells:
                flat[3 * i + k] = circle
            elif circle:
                raise url_error(f"the last character puts a {item} beyond the end of the grid",
                                column=at + i, hint="check the size or the last character")
    return flat


def decode_circles(body: str, cells: int, column: int, what: str,
                   item: str = "circle") -> list[int]:
    """:func:`read_circles` of a whole body (``what``: the part's name)."""
    return decode_whole(body, column, lambda b: read_circles(b, cells, what, item))


def encode_circles(flat: list[int]) -> str:
    padded = flat + [0] * (-len(flat) % 3)
    return "".join(DIGITS36[9 * padded[i] + 3 * padded[i + 1] + padded[i + 2]]
                   for i in range(0, len(padded), 3))


BLACK_CELL = -2
"""``decode4Cell``'s ``.``: a cell with a mark but no number (Light Up's plain wall)."""


def read_4cell(body: Body, cells: int, part: str) -> list[int | None]:
    """``decode4Cell``: ``0-4`` a number; ``5-9`` / ``a-e`` a number then 1 / 2 plain cells;
    ``g-z`` 1..20 plain cells; ``.`` a marked cell without a number (:data:`BLACK_CELL`).
    Plain cells are ``None``."""

    def token(body: Body) -> Token:
        ch = body.peek(1)
        if "0" <= ch <= "4":
            return int(ch), 1, 1
        if "5" <= ch <= "9":
            return int(ch) - 5, 1, 2
        if "a" <= ch <= "e":
            return int(ch, 16) - 10, 1, 3
        if "g" <= ch <= "z":
            return None, 1, int(ch, 36) - 15
        if ch == ".":
            return BLACK_CELL, 1, 1
        raise url_error(f"bad character {describe_char(ch)} in the {part}",
                        column=body.column(),
                        hint=f"the {part} are written with 0-9, a-e, g-z and '.'")

    return read_runs(body, cells, part, token, "0123456789abcdeghijklmnopqrstuvwxyz.")


def decode_4cell(body: str, cells: int, column: int, what: str) -> list[int | None]:
    """:func:`read_4cell` of a whole body (``what``: the part's name)."""
    return decode_whole(body, column, lambda b: read_4cell(b, cells, what))


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


def decode_4cell_grid(body: str, width: int, height: int, column: int, what: str,
                      plain: int, marked: int) -> np.ndarray:
    """:func:`decode_4cell` as a grid of numbers: a plain cell is ``plain``, a marked cell
    without a number ``marked``, a number itself (Light Up's walls, Shakashaka's black
    cells)."""
    flat = decode_4cell(body, width * height, column, what)
    cells = [plain if v is None else marked if v == BLACK_CELL else v for v in flat]
    return np.array(cells, dtype=np.int8).reshape(height, width)


def encode_4cell_grid(cells: np.ndarray, plain: int, marked: int) -> str:
    """:func:`encode_4cell` of a grid that :func:`decode_4cell_grid` reads."""
    flat = [int(v) for v in cells.ravel()]
    return encode_4cell([None if v == plain else BLACK_CELL if v == marked else v
                         for v in flat])


def read_1cell(body: Body, cells: int, part: str) -> list[bool | None]:
    """``decode1Cell``: the cells that hold one kind of mark (Tents' trees), sparse. ``0``-``h``
    a marked cell then 0..17 plain cells; ``i``-``z`` 1..18 plain cells. A marked cell is
    ``True``, a plain one ``None``."""

    def token(body: Body) -> Token:
        ch = body.peek(1)
        value = DIGITS36.find(ch) if ch else -1
        if 0 <= value <= 17:
            return True, 1, value + 1
        if 18 <= value:
            return None, 1, value - 17
        raise url_error(f"bad character {describe_char(ch)} in the {part}",
                        column=body.column(), hint=f"the {part} are written with 0-9 and a-z")

    return read_runs(body, cells, part, token, DIGITS36)


def encode_1cell(marked: list[bool]) -> str:
    """pzprjs' ``encode1Cell``: each marked cell with the plain cells after it (up to 17),
    longer runs of plain cells as ``i``-``z``."""
    out: list[str] = []
    count, have = -1, False
    for mark in marked:
        if mark:
            if count >= 0:
                out.append(DIGITS36[count if have else count + 18])
            have, count = True, 0
            continue
        count += 1
        if count == 17:
            out.append(DIGITS36[count if have else count + 18])
            have, count = False, -1
    if count >= 0:
        out.append(DIGITS36[count if have else count + 18])
    return "".join(out)


UNKNOWN_NUMBER = -2
"""``decodeNumber16``'s ``.``: a numbered cell whose number is not given (``?``)."""


LONG_NUMBERS = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
                "*": (4, 12240), "$": (5, 77776)}
"""pzprjs' ``readNumber16`` longer numbers: prefix -> (hex digits, offset)."""


def read_number16(body: Body, count: int, part: str, largest: int | None = None,
                  item: str = "number", unknown: str | None = None,
                  unit: str = "cell",
                  columns: dict[int, int] | None = None) -> list[int | None]:
    """``genericDecodeNumber16`` over ``count`` items (``decodeNumber16``: the cells;
    ``decodeRoomNumber16``: the rooms, ``unit="room"``): a hex digit is a number, ``-xx``,
    ``+xxx``, ``=xxx``, ``%xxx`` / ``@xxx``, ``*xxxx`` and ``$xxxxx`` longer numbers, ``.`` a
    ``?`` number (:data:`UNKNOWN_NUMBER`; refused with the message ``unknown`` when given),
    ``g``-``z`` 1..20 items without a number (``None``). ``columns``: as for
    :func:`read_runs`."""

    def token(body: Body) -> Token:
        ch = body.peek(1)
        if ch in HEX:
            value, chars = int(ch, 16), 1
        elif ch in LONG_NUMBERS:
            digits, plus = LONG_NUMBERS[ch]
            text = body.peek(1 + digits)[1:]
            if len(text) < digits or not set(text) <= set(HEX):
                raise url_error(f"{ch!r} must be followed by {digits} hex digits",
                                column=body.column(), hint="the URL is cut or mistyped here")
            value, chars = int(text, 16) + plus, 1 + digits
        elif "g" <= ch <= "z":
            return None, 1, int(ch, 36) - 15
        elif ch == "." and unknown is not None:
            raise url_error(unknown, column=body.column(),
                            hint=f"replace the '?' by a {item} or clear the {unit}")
        elif ch == ".":
            return UNKNOWN_NUMBER, 1, 1
        else:
            raise url_error(f"bad character {describe_char(ch)} in the {part}",
                            column=body.column(),
                            hint=f"the {part} are written with 0-9, a-f, g-z, '.' and "
                                 + ", ".join(repr(p) for p in LONG_NUMBERS))
        if largest is not None and not 1 <= value <= largest:
            raise url_error(f"{item} {value} is not a digit 1..{largest}", column=body.column(),
                            hint="check the number or the grid size")
        return value, chars, 1

    return read_runs(body, count, part, token, HEX + DIGITS36[16:] + "." + "".join(LONG_NUMBERS),
                     unit, columns)


def decode_number16(body: str, cells: int, column: int, what: str,
                    largest: int | None = None, item: str = "number",
                    unknown: str | None = None) -> list[int | None]:
    """:func:`read_number16` of a whole body of cells (``what``: the part's name)."""
    return decode_whole(body, column,
                        lambda b: read_number16(b, cells, what, largest, item, unknown))


def number16_token(value: int) -> str:
    """pzprjs' ``writeNumber16`` of a number (``.`` for :data:`UNKNOWN_NUMBER`)."""
    if value == UNKNOWN_NUMBER:
        return "."
    if value < 16:
        return HEX[value]
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    for prefix, top in (("=", 8192), ("@", 12240), ("*", 77776)):
        digits, plus = LONG_NUMBERS[prefix]
        if value < top:
            return f"{prefix}{value - plus:0{digits}x}"
    return f"${value - 77776:05x}"


def encode_number16(flat: list[int | None]) -> str:
    """pzprjs' ``genericEncodeNumber16`` of cells or rooms (``None``: no number)."""
    return encode_runs([None if v is None else number16_token(v) for v in flat], first="g",
                       longest=20)


def file_cells(lines: list[str], width: int, height: int, what: str) -> list[str]:
    """The cell tokens of pzprjs' file form (``getItemList``): ``height`` lines of tokens
    separated by spaces, row-major; an error when fewer than ``width * height`` are there."""
    tokens = [token for line in lines[:height] for token in line.split(" ") if token]
    if len(tokens) < width * height:
        short = next(((row, line) for row, line in enumerate(lines[:height], start=1)
                      if len(line.split()) < width), None)
        where = "" if short is None else (
            f": its row {short[0]}, {short[1].strip()[:40]!r}, has {len(short[1].split())} of "
            f"{width}")
        raise url_error(f"the pzprv3 {what} data has {len(tokens)} of {width * height} cells"
                        + where, hint="copy the whole URL")
    return tokens[:width * height]


def qnum_file_cells(lines: list[str], width: int, height: int, what: str, largest: int,
                    unknown: int, empty: int, smallest: int = 1,
                    blanks: tuple[str, ...] = (".",)) -> list[int]:
    """pzprjs' file form of numbered cells (``decodeCellQnum``): per cell a number
    ``smallest``..``largest``, ``-`` (a ``?``, read as ``unknown``) or one of ``blanks`` (no
    number, ``empty``: ``.``, and in ``decodeCellQnumAns`` the answer's ``#`` and ``+``)."""
    values = []
    for token in file_cells(lines, width, height, what):
        if token == "-" or token in blanks:
            values.append(unknown if token == "-" else empty)
        elif token.isascii() and token.isdigit() and smallest <= int(token) <= largest:
            values.append(int(token))
        else:
            raise url_error(f"bad {what} cell {token!r} in the pzprv3 data",
                            hint=f"cells are a number {smallest}..{largest}, '-' (?) or "
                                 + " or ".join(f"'{b}'" for b in blanks) + " (no number)")
    return values


LARGEST_NUMBER16 = 4095
"""The largest number the shared ``encodeNumber16`` writes (``+fff``); pzprjs' longer forms
(``=``, ``@``, ...) are for grids of 4,096 cells and more."""


def decode_number_grid(body: str, width: int, height: int, column: int, largest: int,
                       empty: int, unknown: int) -> list[int]:
    """A grid of numbers as ``decodeNumber16`` writes it (Nurikabe's, Kurodoko's cells):
    each cell's number 1..``largest``, ``empty`` where there is none and ``unknown`` for a
    ``?`` (``.``), row-major."""
    flat = decode_number16(body, width * height, column, "numbers",
                           largest=min(largest, LARGEST_NUMBER16), item="number")
    return [empty if v is None else unknown if v == UNKNOWN_NUMBER else v for v in flat]


def encode_number_grid(flat: list[int], empty: int, unknown: int) -> str:
    """``encodeNumber16`` of a row-major grid of numbers (``empty``: no number, ``unknown``:
    ``?``); a number past :data:`LARGEST_NUMBER16` is an error that says what to do."""
    too_big = [v for v in flat if v > LARGEST_NUMBER16]
    if too_big:
        raise InputError(f"number {too_big[0]} is too large for a puzz.link URL here",
                         hint=f"numbers up to {LARGEST_NUMBER16} can be written; convert --to "
                              "text instead")
    return encode_number16([None if v == empty else UNKNOWN_NUMBER if v == unknown else v
                            for v in flat])


def read_dots(body: Body, count: int, part: str) -> list[int | None]:
    """``decodeDot``: dots on the ``count`` inner lattice points (cells, edges, corners;
    pzprjs' ``bd.dots``), sparse. ``0``-``f`` a dot of kind ``v % 2 + 1`` (1 white, 2
    black) then ``v // 2`` empty points; ``g``-``z`` 1..20 empty points."""

    def token(body: Body) -> Token:
        ch = body.peek(1)
        value = DIGITS36.find(ch) if ch else -1
        if 0 <= value <= 15:
            return value % 2 + 1, 1, value // 2 + 1
        if 16 <= value:
            return None, 1, value - 15
        raise url_error(f"bad character {describe_char(ch)} in the {part}",
                        column=body.column(), hint=f"the {part} are written with 0-9 and a-z")

    return read_runs(body, count, part, token, DIGITS36, unit="point")


def encode_dots(dots: list[int]) -> str:
    """pzprjs' ``encodeDot``: each dot (kind 1 or 2) with the empty points up to the next
    dot when it lies within 7 (else 7 of them), longer runs of empty points as ``g``-``z``."""
    out: list[str] = []
    empty = 0
    s = 0
    while s < len(dots):
        token = ""
        if dots[s] > 0:
            gap = next((i for i in range(1, 8) if s + i < len(dots) and dots[s + i] > 0), None)
            if gap is not None:
                token = HEX[2 * (gap - 1) + dots[s] - 1]
                s += gap - 1
            else:
                token = HEX[13 + dots[s]]
                s += 7
        else:
            empty += 1
        if empty and (token or empty == 20):
            out.append(DIGITS36[empty + 15])
            empty = 0
        out.append(token)
        s += 1
    if empty:
        out.append(DIGITS36[empty + 15])
    return "".join(out)


BASE32 = DIGITS36[:32]


def read_binary(body: Body, cells: int, part: str) -> list[bool]:
    """``decodeBinary``: five cells a base-32 digit, the first the highest bit;
    ``ceil(cells / 5)`` characters (a bit past the last cell is an error)."""
    expected = math.ceil(cells / 5)
    for i, ch in enumerate(body.peek(expected)):
        if ch not in BASE32:
            raise url_error(f"bad character {describe_char(ch)} in the {part}",
                            column=body.column(i),
                            hint=f"the {part} are written with 0-9 and a-v")
    at = body.column()
    flat = [False] * cells
    for i, ch in enumerate(body.take(expected, part, "cell", BASE32)):
        value = BASE32.index(ch)
        for k in range(5):
            bit = bool(value >> (4 - k) & 1)
            if 5 * i + k < cells:
                flat[5 * i + k] = bit
            elif bit:
                raise url_error(f"the last character of the {part} marks a cell beyond the end "
                                "of the grid", column=at + i,
                                hint="check the size or the last character")
    return flat


def encode_binary(marked: list[bool]) -> str:
    """pzprjs' ``encodeBinary``: five cells a base-32 digit, the first the highest bit."""
    padded = marked + [False] * (-len(marked) % 5)
    return "".join(BASE32[sum(16 >> k for k in range(5) if padded[i + k])]
                   for i in range(0, len(padded), 5))
