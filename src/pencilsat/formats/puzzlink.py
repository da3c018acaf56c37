"""puzz.link / pzprjs URLs for Masyu, Light Up and Sudoku: import and export.

A URL is ``<host>/p?<genre>[/<flags>]/<cols>/<rows>/<body>`` (width first), as written by
pzprjs' ``URLData`` (robx/pzprjs ``src/pzpr/parser.js``). The body codecs follow pzprjs'
``decodeCircle`` (Masyu), ``decode4Cell`` (Light Up) and ``decodeNumber16`` (Sudoku) in
``src/variety-common/Encode.js``; export reproduces pzprjs' own encoder character for
character, so the links open on puzz.link exactly as drawn.

Choices (stricter than pzprjs, which silently ignores what it cannot use):

* any host is accepted, and a bare query (``mashu/6/6/...``) too; a ``#fragment`` is dropped
  and trailing ``/`` are ignored;
* a flags segment (any non-numeric segment before the size, pzprjs' ``pflag``) is accepted and
  ignored: none of these three genres' clues depend on it;
* truncated bodies, data beyond the last cell, a Masyu tail character that puts pearls past
  the end of the grid, and runs that overrun the grid are errors, not silently padded or cut;
* Sudoku needs a square grid of side 4, 9, 16 or 25 (pzprjs also draws 6x6 with 3x2 boxes;
  pencilsat's model has square boxes only); pzprjs' ``?`` clue (``.``) is rejected.
"""

from __future__ import annotations

import math
import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import DIGITS36, check_size, describe_char, encode_runs, whole_number
from pencilsat.puzzles import lightup, masyu, sudoku

SOURCE = "<url>"
GENRE_ALIASES = {
    "mashu": "masyu", "masyu": "masyu", "pearl": "masyu",
    "lightup": "lightup", "akari": "lightup", "bijutsukan": "lightup",
    "sudoku": "sudoku",
}
CANONICAL_PID = {"masyu": "mashu", "lightup": "akari", "sudoku": "sudoku"}
URL_PREFIX = "https://puzz.link/p?"
_HOW = "a puzz.link URL looks like https://puzz.link/p?mashu/10/10/<data>"


def _error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def looks_like_url(text: str) -> bool:
    """True when ``text`` is plausibly a pzprjs URL or query (for input detection)."""
    text = text.strip()
    if "?" in text:  # a query, unless a ':' before it makes it a Tatham ID such as "10x10:a?b"
        return ":" not in text.split("?", 1)[0].replace("://", "")
    if "://" in text:
        return ".html#" not in text  # a Tatham web page link carries a game ID instead
    head = text.split("/", 1)[0].lower()
    return head in GENRE_ALIASES and "/" in text


def parse_url(url: str) -> masyu.MasyuPuzzle | lightup.LightUpPuzzle | sudoku.SudokuPuzzle:
    """Read a puzz.link / pzv.jp URL (or its bare query) into a puzzle model."""
    text = url.strip()
    offset = len(url) - len(url.lstrip())
    if not text:
        raise _error("the URL is empty", hint=_HOW)
    if "?" in text:
        start = text.index("?") + 1
    elif "://" in text:
        raise _error("the URL has no '?' before the puzzle data", hint=_HOW)
    else:
        start = 0
    query = text[start:].split("#", 1)[0].rstrip("/")
    base = offset + start + 1  # 1-based column of the query's first character
    parts = query.split("/")
    pid = parts[0]
    genre = GENRE_ALIASES.get(pid.lower())
    if genre is None:
        known = ", ".join(sorted(GENRE_ALIASES))
        raise _error(f"unknown puzzle type {pid!r}", column=base,
                     hint=f"pencilsat reads these puzz.link types: {known}")
    index = 1
    if len(parts) > index and re.fullmatch(r"\d+x\d+", parts[index]):
        w, h = parts[index].split("x")
        raise _error(f"the size is written {w}/{h} in a puzz.link URL, not {parts[index]}",
                     column=base + len(pid) + 1, hint=f"{pid}/{w}/{h}/<data>")
    if len(parts) > index and whole_number(parts[index]) is None:
        index += 1  # pzprjs' flags segment ("pflag"): accepted, not needed by these genres
    column = base + sum(len(p) + 1 for p in parts[:index])
    size_hint = "after the puzzle type come the width and the height: mashu/10/10/<data>"
    if len(parts) < index + 2:
        raise _error("the URL ends before the grid size", column=column, hint=size_hint)
    width, height = check_size(whole_number(parts[index]), whole_number(parts[index + 1]),
                               SOURCE, column, size_hint)
    body = "/".join(parts[index + 2:])
    body_column = column + len(parts[index]) + len(parts[index + 1]) + 2
    decode = _DECODERS[genre]
    return decode(body, width, height, body_column)


def to_url(puzzle: masyu.MasyuPuzzle | lightup.LightUpPuzzle | sudoku.SudokuPuzzle) -> str:
    """The puzz.link URL of ``puzzle`` with the canonical type name (mashu, akari, sudoku)."""
    genre = getattr(puzzle, "genre", None)
    if genre not in _ENCODERS:
        raise TypeError(f"no puzz.link codec for {type(puzzle).__name__}")
    body = _ENCODERS[genre](puzzle)
    return f"{URL_PREFIX}{CANONICAL_PID[genre]}/{puzzle.width}/{puzzle.height}/{body}"


# ---------------------------------------------------------------- Masyu: base-27 triples

_TRIPLE = (9, 3, 1)


def _decode_masyu(body: str, width: int, height: int, column: int) -> masyu.MasyuPuzzle:
    """Each character is one base-27 digit 9a + 3b + c for three cells (0 none, 1 W, 2 B)."""
    cells = width * height
    expected = math.ceil(cells / 3)
    values = [DIGITS36.find(ch.lower()) for ch in body]
    for i, value in enumerate(values):  # a bad character first: it explains a wrong length
        if not 0 <= value < 27:
            raise _error(f"bad character {describe_char(body[i])} in the Masyu data",
                         column=column + i, hint="Masyu data uses 0-9 and a-q")
    if len(body) < expected:
        raise _error(f"the Masyu data is truncated: {len(body)} characters, expected {expected}"
                     f" for {width}x{height}", column=column + len(body),
                     hint="copy the whole URL")
    if len(body) > expected:
        raise _error(f"extra data after the last cell: {len(body) - expected} characters too"
                     f" many for {width}x{height}", column=column + expected,
                     hint="check the size, or remove the trailing characters")
    flat = np.zeros(cells, dtype=np.uint8)
    for i, value in enumerate(values):
        for k, weight in enumerate(_TRIPLE):
            pearl = value // weight % 3
            if 3 * i + k < cells:
                flat[3 * i + k] = pearl
            elif pearl:
                raise _error("the last character puts a pearl beyond the end of the grid",
                             column=column + i, hint="check the size or the last character")
    return masyu.MasyuPuzzle(flat.reshape(height, width))


def _encode_masyu(puzzle: masyu.MasyuPuzzle) -> str:
    flat = [int(v) for v in puzzle.pearls.ravel()]
    flat += [0] * (-len(flat) % 3)
    return "".join(DIGITS36[9 * flat[i] + 3 * flat[i + 1] + flat[i + 2]]
                   for i in range(0, len(flat), 3))


# ---------------------------------------------------------------- Light Up: pzprjs "4-cell"

def _decode_lightup(body: str, width: int, height: int, column: int) -> lightup.LightUpPuzzle:
    """``0-4`` clue; ``5-9``/``a-e`` clue then 1/2 white cells; ``g-z`` 1..20 whites; ``.`` wall."""
    cells = width * height
    flat = np.full(cells, lightup.WHITE, dtype=np.int8)
    c = 0
    for i, ch in enumerate(body):
        if c >= cells:
            raise _error(f"extra data after the last cell of the {width}x{height} grid",
                         column=column + i, hint="check the size, or remove the trailing data")
        if "0" <= ch <= "4":
            flat[c], c = int(ch), c + 1
        elif "5" <= ch <= "9":
            flat[c], c = int(ch) - 5, c + 2
        elif "a" <= ch <= "e":
            flat[c], c = int(ch, 16) - 10, c + 3
        elif "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if c + run > cells:
                raise _error(f"a run of {run} white cells goes past the end of the grid",
                             column=column + i, hint="check the size")
            c += run
        elif ch == ".":
            flat[c], c = lightup.WALL, c + 1
        else:
            raise _error(f"bad character {describe_char(ch)} in the Light Up data",
                         column=column + i, hint="Light Up data uses 0-9, a-e, g-z and '.'")
    if c < cells:
        raise _error(f"the Light Up data is truncated: it describes {c} of {cells} cells",
                     column=column + len(body), hint="copy the whole URL")
    return lightup.LightUpPuzzle(flat.reshape(height, width))


def _encode_lightup(puzzle: lightup.LightUpPuzzle) -> str:
    """pzprjs' ``encode4Cell``: a clue swallows up to two following white cells."""
    flat = [int(v) for v in puzzle.cells.ravel()]
    n = len(flat)
    out: list[str] = []
    count = 0
    c = 0
    while c < n:
        value, token = flat[c], ""
        if value >= 0:
            if c + 1 < n and flat[c + 1] != lightup.WHITE:
                token = str(value)
            elif c + 2 < n and flat[c + 2] != lightup.WHITE:
                token, c = str(5 + value), c + 1
            else:
                token, c = DIGITS36[10 + value], c + 2
        elif value == lightup.WALL:
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


# ---------------------------------------------------------------- Sudoku: pzprjs "Number16"

_HEX = "0123456789abcdef"


def _decode_sudoku(body: str, width: int, height: int, column: int) -> sudoku.SudokuPuzzle:
    """Hex digit = clue, ``-xx`` / ``+xxx`` = longer numbers, ``g``-``z`` = 1..20 empty cells."""
    if width != height or width not in (4, 9, 16, 25):
        raise _error(f"a Sudoku must be 4x4, 9x9, 16x16 or 25x25, this one is {width}x{height}",
                     column=column - 1, hint="pencilsat's Sudoku has square boxes")
    n = width
    cells = n * n
    flat = np.zeros(cells, dtype=np.int16)
    c = 0
    i = 0
    while i < len(body):
        ch = body[i]
        if c >= cells:
            raise _error(f"extra data after the last cell of the {n}x{n} grid",
                         column=column + i, hint="remove the trailing data")
        width_of = {"-": 2, "+": 3}.get(ch, 0)
        if ch in _HEX or width_of:
            digits = body[i + 1:i + 1 + width_of] if width_of else ch
            if len(digits) < max(width_of, 1) or not set(digits) <= set(_HEX):
                raise _error(f"{ch!r} must be followed by {width_of} hex digits",
                             column=column + i, hint="the URL is cut or mistyped here")
            value = int(digits, 16)
            if not 1 <= value <= n:
                raise _error(f"clue {value} is not a digit 1..{n}", column=column + i,
                             hint="check the clue or the grid size")
            flat[c] = value
            c += 1
            i += 1 + width_of
            continue
        if "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if c + run > cells:
                raise _error(f"a run of {run} empty cells goes past the end of the grid",
                             column=column + i, hint="check the size")
            c += run
        elif ch == ".":
            raise _error("a '?' clue (unknown digit) cannot be solved", column=column + i,
                         hint="replace the '?' by a digit or clear the cell")
        else:
            raise _error(f"bad character {describe_char(ch)} in the Sudoku data",
                         column=column + i, hint="Sudoku data uses 0-9, a-f, '-', '+' and g-z")
        i += 1
    if c < cells:
        raise _error(f"the Sudoku data is truncated: it describes {c} of {cells} cells",
                     column=column + len(body), hint="copy the whole URL")
    return sudoku.SudokuPuzzle(flat.reshape(n, n))


def _encode_sudoku(puzzle: sudoku.SudokuPuzzle) -> str:
    def token(v: int) -> str | None:
        if v == 0:
            return None
        return _HEX[v] if v < 16 else f"-{v:02x}"

    return encode_runs([token(int(v)) for v in puzzle.clues.ravel()], first="g", longest=20)


_DECODERS = {"masyu": _decode_masyu, "lightup": _decode_lightup, "sudoku": _decode_sudoku}
_ENCODERS = {"masyu": _encode_masyu, "lightup": _encode_lightup, "sudoku": _encode_sudoku}
