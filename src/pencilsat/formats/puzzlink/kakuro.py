"""puzz.link ``kakuro`` (pzprjs ``src/variety/kakuro.js``, ``decodeKakuro``).

pzprjs' board is the grid without its top row and left column: those are its "excells",
which only hold the sums of the runs that start at the board's edge. So a URL's
``<cols>/<rows>`` are one less than the puzzle's width and height, and a puzzle with a white
cell in its top row or left column has no URL.

The body: the board's cells row-major, ``k``-``z`` for 1..16 white cells, ``.`` a black cell
without sums, else two characters (the down sum, then the across sum: ``0``-``9``, ``a``-``j``
10..19, ``A``-``Z`` 20..45, ``-`` none); then one character per column whose top cell is
white (the sum above it), then one per row whose left cell is white (the sum before it).
pzprjs reads a 0 (and ``-``) as no sum; pencilsat writes 0, as pzprjs' own test puzzle
has it. The file form
``pzprv3/kakuro/<rows>/<cols>/`` gives the excells too: rows+1 lines of cols+1 tokens (the
corner ``0``, a sum or ``-1`` over the top and down the left, ``across,down`` for a black
cell, ``.`` white), then the player's digits, which are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    Body,
    Token,
    body_parts,
    file_cells,
    read_runs,
    refuse_flags,
    url_error,
)
from pencilsat.formats.runs import describe_char
from pencilsat.puzzles.kakuro import LARGEST_SUM, KakuroPuzzle, sum_without_run

_WHITES = "klmnopqrstuvwxyz"
_VALUES = "0123456789abcdefghij" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""pzprjs' ``encval``: index = the sum (0 none, as ``-``)."""
_SUM_CHARS = _VALUES + "-"


def _value(ch: str, body: Body, offset: int, part: str) -> int:
    if ch == "-":
        return 0
    if ch not in _VALUES:
        raise url_error(f"bad character {describe_char(ch)} in the {part}",
                        column=body.column(offset),
                        hint="a sum is 0-9, a-j (10-19), A-Z (20-45) or '-' (none)")
    return _VALUES.index(ch)


def _read_board(body: Body, cells: int) -> list[tuple[int, int] | None]:
    """The board's cells: ``None`` white, ``(down, across)`` black (0: no sum)."""

    def token(body: Body) -> Token:
        ch = body.peek(1)
        if ch in _WHITES:
            return None, 1, _WHITES.index(ch) + 1
        if ch == ".":
            return (0, 0), 1, 1
        pair = body.peek(2)
        if len(pair) < 2:
            raise url_error("truncated board: the URL ends inside a clue cell's two sums",
                            column=body.column(1), hint="copy the whole URL")
        return (_value(pair[0], body, 0, "board"), _value(pair[1], body, 1, "board")), 2, 1

    return read_runs(body, cells, "board", token, _WHITES + "." + _SUM_CHARS)


def decode(body: str, width: int, height: int, column: int, flags: str) -> KakuroPuzzle:
    refuse_flags(flags, width, height, column, "Kakuro", "kakuro")
    white = np.zeros((height + 1, width + 1), dtype=bool)
    down = np.zeros(white.shape, dtype=np.int32)
    across = np.zeros(white.shape, dtype=np.int32)
    with body_parts(body, column) as parts:
        for index, cell in enumerate(_read_board(parts, width * height)):
            r, c = divmod(index, width)
            if cell is None:
                white[r + 1, c + 1] = True
            else:
                down[r + 1, c + 1], across[r + 1, c + 1] = cell
        edges = [(0, c + 1, down) for c in range(width) if white[1, c + 1]]
        edges += [(r + 1, 0, across) for r in range(height) if white[r + 1, 1]]
        text = parts.take(len(edges), "edge sums", "sum", _SUM_CHARS)
        for offset, (ch, (r, c, sums)) in enumerate(zip(text, edges, strict=True)):
            sums[r, c] = _value(ch, parts, offset - len(edges), "edge sums")
    return _puzzle(white, down, across)


def _puzzle(white: np.ndarray, down: np.ndarray, across: np.ndarray) -> KakuroPuzzle:
    orphan = sum_without_run(white, down, across)
    if orphan is not None:
        (r, c), direction = orphan
        raise url_error(f"the {direction} sum at row {r}, column {c} of the board has no "
                        "white cell after it", hint="a sum stands just before its run")
    return KakuroPuzzle(white, down, across)


def url_size(puzzle: KakuroPuzzle) -> tuple[int, int]:
    """The board's columns and rows in the URL: the grid without its top row and left
    column."""
    return puzzle.width - 1, puzzle.height - 1


def encode(puzzle: KakuroPuzzle) -> str:
    if puzzle.width < 2 or puzzle.height < 2 or puzzle.white[0].any() \
            or puzzle.white[:, 0].any():
        raise InputError("this Kakuro has a white cell in its top row or left column: "
                         "pzprjs keeps those for the sums", hint="convert --to text")
    if max(int(puzzle.down.max()), int(puzzle.across.max())) > LARGEST_SUM:
        raise InputError(f"a sum above {LARGEST_SUM} has no puzz.link form",
                         hint="no run of different digits 1..9 adds up to more")
    out: list[str] = []
    count = 0
    for r in range(1, puzzle.height):
        for c in range(1, puzzle.width):
            token = ""
            if puzzle.white[r, c]:
                count += 1
            else:
                down, across = int(puzzle.down[r, c]), int(puzzle.across[r, c])
                token = "." if not down and not across else _char(down) + _char(across)
            if count and (token or count == len(_WHITES)):
                out.append(_WHITES[count - 1])
                count = 0
            out.append(token)
    if count:
        out.append(_WHITES[count - 1])
    out += [_char(int(puzzle.down[0, c])) for c in range(1, puzzle.width) if puzzle.white[1, c]]
    out += [_char(int(puzzle.across[r, 0])) for r in range(1, puzzle.height)
            if puzzle.white[r, 1]]
    return "".join(out)


def _char(value: int) -> str:
    return _VALUES[value]


def decode_file(lines: list[str], width: int, height: int) -> KakuroPuzzle:
    """pzprjs' file form (``decodeCellQnum51``): the board with its top row and left
    column of sums."""
    tokens = file_cells(lines, width + 1, height + 1, "Kakuro")
    white = np.zeros((height + 1, width + 1), dtype=bool)
    down = np.zeros(white.shape, dtype=np.int32)
    across = np.zeros(white.shape, dtype=np.int32)

    def number(token: str) -> int:
        if not (token.lstrip("-").isascii() and token.lstrip("-").isdigit()) \
                or int(token) > LARGEST_SUM:
            raise url_error(f"bad Kakuro sum {token!r} in the pzprv3 data",
                            hint=f"a sum is 1..{LARGEST_SUM}, 0 or -1 for none")
        return max(int(token), 0)

    for index, token in enumerate(tokens):
        r, c = divmod(index, width + 1)
        if (r == 0 or c == 0) and token != ".":
            if r and c == 0:
                across[r, c] = number(token)
            elif r == 0 and c:
                down[r, c] = number(token)
        elif r and c and token == ".":
            white[r, c] = True
        elif r and c:
            parts = token.split(",")
            if len(parts) != 2:
                raise url_error(f"bad Kakuro cell {token!r} in the pzprv3 data",
                                hint="a cell is '.' (white) or 'across,down' (sums)")
            across[r, c], down[r, c] = number(parts[0]), number(parts[1])
    # the edge sums over black cells are pzprjs' leftovers: only those before a run count
    down[0, 1:] = np.where(white[1, 1:], down[0, 1:], 0)
    across[1:, 0] = np.where(white[1:, 1], across[1:, 0], 0)
    return _puzzle(white, down, across)
