"""puzz.link ``hitori``: one token per cell, row-major (pzprjs ``decodeHitori``).

``0``-``9`` and ``a``-``z`` are a number in base 36, ``-`` and two base-36 digits a number of
36..1295, ``@`` (also ``%``) a ``?`` number, ``.`` a cell without a number. pzprjs reads any
other character as a blank cell and ignores what follows the last cell; pencilsat refuses
both, and a number 0 (which pzprjs' editor never writes and its checker skips). The file
form ``pzprv3/hitori/<rows>/<cols>/...`` gives a number, ``-`` (``?``) or ``.`` per cell.
pzprjs writes no flags for Hitori, so a URL with flags is refused.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    Body,
    Token,
    body_parts,
    qnum_file_cells,
    read_runs,
    refuse_flags,
    url_error,
)
from pencilsat.formats.runs import DIGITS36, describe_char
from pencilsat.puzzles.hitori import EMPTY, UNKNOWN, HitoriPuzzle

LARGEST = 36 * 36 - 1
"""The largest number a URL holds: ``-zz``."""
_UNKNOWN = "@%"


def decode(body: str, width: int, height: int, column: int, flags: str) -> HitoriPuzzle:
    refuse_flags(flags, width, height, column, "Hitori", "hitori")
    with body_parts(body, column) as parts:
        flat = read_runs(parts, width * height, "numbers", _cell, _ALPHABET)
    return HitoriPuzzle(np.array(flat, dtype=np.int32).reshape(height, width))


_ALPHABET = DIGITS36 + "-.@%"


def _cell(body: Body) -> Token:
    """One cell's token: a base-36 digit, ``-`` and two digits, ``@``/``%`` or ``.``."""
    ch = body.peek(1)
    if ch == "-":
        digits = body.peek(3)[1:]
        if len(digits) < 2 or not all(d in DIGITS36 for d in digits):
            raise url_error("'-' must be followed by two base-36 digits (0-9, a-z)",
                            column=body.column(), hint="the URL is cut or mistyped here")
        return int(digits, 36), 3, 1
    if ch in DIGITS36:
        if ch == "0":
            raise url_error("number 0 in a Hitori", column=body.column(),
                            hint="Hitori numbers are 1 or more")
        return int(ch, 36), 1, 1
    if ch in _UNKNOWN:
        return UNKNOWN, 1, 1
    if ch == ".":
        return EMPTY, 1, 1
    raise url_error(f"bad character {describe_char(ch)} in the Hitori data",
                    column=body.column(),
                    hint="Hitori data uses 0-9 and a-z (numbers), '-' before a "
                         "two-digit number, '@' (?) and '.' (no number)")


def _token(value: int) -> str:
    if value == EMPTY:
        return "."
    if value == UNKNOWN:
        return "@"
    if value > LARGEST:
        raise InputError(f"number {value} is too large for a puzz.link URL",
                         hint=f"numbers up to {LARGEST} can be written; convert --to text "
                              "instead")
    return DIGITS36[value] if value < 36 else "-" + DIGITS36[value // 36] + DIGITS36[value % 36]


def encode(puzzle: HitoriPuzzle) -> str:
    return "".join(_token(v) for v in puzzle.numbers.ravel().tolist())


def decode_file(lines: list[str], width: int, height: int) -> HitoriPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number, ``-`` (``?``) or ``.`` per cell."""
    values = qnum_file_cells(lines, width, height, "Hitori", LARGEST, UNKNOWN, EMPTY)
    return HitoriPuzzle(np.array(values, dtype=np.int32).reshape(height, width))
