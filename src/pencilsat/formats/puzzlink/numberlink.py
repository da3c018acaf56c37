"""puzz.link ``numlin`` and ``arukone`` (Numberlink): the numbers as pzprjs' ``decodeNumber16``,
row-major, for both types.

pzprjs' ``arukone`` is Numberlink in which every cell is on a line (the model's ``filled``)
unless its URL has the flag ``e`` (``dontpassallcell``, then it is ``numlin``'s rule); pzprjs
writes no flags for ``numlin``, so a ``numlin`` URL with flags is refused. Export writes a
filled puzzle as ``arukone`` and the other as ``numlin``. A ``?`` number (``.``) is a ``?``
end (:data:`~pencilsat.puzzles.numberlink.UNKNOWN`: pzprjs' checker joins it only to another
``?``). The file form ``pzprv3/numlin/<rows>/<cols>/...`` gives a number, ``-`` (a ``?``) or
``.`` per cell, ``pzprv3/arukone/...`` a line ``passallcell`` or ``dontpassallcell`` then a
letter (``A``..``Z`` 1..26, ``a``..``z`` 27..52), ``-`` or ``.`` per cell; the lines after
are not read. pzprjs writes no letter for a number above 52, so its arukone file of such a
puzzle is short of cells: refused with a hint to copy the URL instead.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    LARGEST_NUMBER16,
    UNKNOWN_NUMBER,
    decode_number16,
    encode_number16,
    file_cells,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.numberlink import EMPTY, UNKNOWN, NumberlinkPuzzle

_READ = {None: EMPTY, UNKNOWN_NUMBER: UNKNOWN}
_WRITTEN = {EMPTY: None, UNKNOWN: UNKNOWN_NUMBER}

ARUKONE = "arukone"
NUMLIN = "numlin"
FLAGS = {"e": "arukone: cells may stay unused (pzprjs' dontpassallcell)"}

def decode_as(pid: str, body: str, width: int, height: int, column: int,
              flags: str) -> NumberlinkPuzzle:
    """The puzzle of a ``numlin`` or ``arukone`` URL (``pid``)."""
    if pid != ARUKONE:
        refuse_flags(flags, width, height, column, NUMLIN, ARUKONE)
    flat = decode_number16(body, width * height, column, "numbers", largest=LARGEST_NUMBER16)
    values = [_READ.get(v, v) for v in flat]
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width),
                            filled=pid == ARUKONE and "e" not in flags)


def decode(body: str, width: int, height: int, column: int, flags: str) -> NumberlinkPuzzle:
    """A ``numlin`` URL's puzzle."""
    return decode_as(NUMLIN, body, width, height, column, flags)


def encode(puzzle: NumberlinkPuzzle) -> str:
    flat = puzzle.numbers.ravel().tolist()
    return encode_number16([_WRITTEN.get(v, v) for v in flat])


def type_name(puzzle: NumberlinkPuzzle) -> str:
    """``arukone`` for a filled puzzle, else ``numlin``."""
    return ARUKONE if puzzle.filled else NUMLIN


def decode_file_as(pid: str, lines: list[str], width: int, height: int) -> NumberlinkPuzzle:
    """pzprjs' file form of ``numlin`` (``decodeCellQnum``: a number or ``.`` per cell) or of
    ``arukone`` (its rule line, then ``decodeCellQnum_letter``)."""
    if pid != ARUKONE:
        return decode_file(lines, width, height)
    if not lines or lines[0] not in ("passallcell", "dontpassallcell"):
        raise url_error("the pzprv3 arukone data starts with 'passallcell' or "
                        f"'dontpassallcell', not {(lines or [''])[0]!r}",
                        hint="copy the whole file")
    try:
        tokens = file_cells(lines[1:], width, height, "Numberlink")
    except InputError as short:  # pzprjs writes nothing for a number past 52 (no letter)
        raise url_error(short.message, hint=f"{short.hint} (pzprjs's arukone file has no "
                        "letter for a number above 52 and leaves its cell out: for such a "
                        "puzzle, copy its URL, File > Export URL)") from None
    values = [_letter_value(token) for token in tokens]
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width),
                            filled=lines[0] == "passallcell")


def _letter_value(token: str) -> int:
    if token == ".":
        return EMPTY
    if token == "-":
        return UNKNOWN
    if len(token) == 1 and "A" <= token <= "Z":
        return ord(token) - ord("A") + 1
    if len(token) == 1 and "a" <= token <= "z":
        return ord(token) - ord("a") + 27
    raise url_error(f"bad arukone cell {token!r} in the pzprv3 data",
                    hint="cells are a letter A..Z, a..z, '-' (a '?') or '.' (empty)")


def decode_file(lines: list[str], width: int, height: int) -> NumberlinkPuzzle:
    """pzprjs' file form (``decodeCellQnum``): a number, ``-`` (a ``?``) or ``.`` per
    cell."""
    values = []
    for token in file_cells(lines, width, height, "Numberlink"):
        if token in (".", "-"):
            values.append(EMPTY if token == "." else UNKNOWN)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= LARGEST_NUMBER16:
            values.append(int(token))
        else:
            raise url_error(f"bad Numberlink cell {token!r} in the pzprv3 data",
                            hint="cells are a number 1, 2, ..., '-' (a '?') or '.' (empty)")
    return NumberlinkPuzzle(np.array(values, dtype=np.int32).reshape(height, width))
