"""puzz.link ``skyscrapers`` (also ``building``, ``skyscraper``): the clues outside the grid
as pzprjs' ``decodeNumber16ExCell`` over its ``4N`` outside cells (top left to right, bottom,
left top to bottom, right: the model's order), then, when some cells are given, the cells as
``decodeNumber16``.

pzprjs' Skyscrapers fills every cell with 1..N and has no diagonal rule or flags; a puzzle
with empty cells or the diagonals has no URL. A ``?`` in a cell (``.``) is a gap (pzprjs'
checker reads it as a cell without a building, :mod:`pencilsat.puzzles.skyscrapers`), written
back the same way. A ``?`` clue is refused: pzprjs' editor cannot enter one outside the grid
and its checker compares it, as -2, with the buildings seen, so no answer passes it; the
message says so and to give the clue or clear it. The file form
``pzprv3/skyscrapers/<rows>/<cols>/`` is read too: ``N + 2`` lines of ``N + 2`` tokens, the
outside cells' clues around the grid, ``q<N>`` a given building, ``q-2`` a gap (an answer's
digits and pencil marks are not read).
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    UNKNOWN_NUMBER,
    body_parts,
    encode_number16,
    file_cells,
    read_number16,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.skyscrapers import LARGEST, SkyscrapersPuzzle


def _side(width: int, height: int) -> int:
    if width != height or not 1 <= width <= LARGEST:
        raise url_error(f"pencilsat solves square Skyscrapers up to {LARGEST}x{LARGEST}; "
                        f"this one is {width}x{height}", hint="check the size")
    return width


def decode(body: str, width: int, height: int, column: int, flags: str) -> SkyscrapersPuzzle:
    refuse_flags(flags, width, height, column, "Skyscrapers", "skyscrapers")
    n = _side(width, height)
    with body_parts(body, column) as parts:
        clues = read_number16(parts, 4 * n, "clues", largest=n, item="clue", unit="clue",
                              unknown="a '?' clue has no meaning in Skyscrapers: pzprjs' "
                                      "editor cannot enter one, and its checker fails every "
                                      "answer against it")
        givens: list[int | None] = [None] * (n * n)
        if parts.left():
            givens = read_number16(parts, n * n, "givens", largest=n, item="given")
    gaps = np.array([v == UNKNOWN_NUMBER for v in givens]).reshape(n, n)
    return SkyscrapersPuzzle(np.array([v or 0 for v in clues]).reshape(4, n),
                             np.array([0 if v in (None, UNKNOWN_NUMBER) else v
                                       for v in givens]).reshape(n, n), n, gaps=gaps)


def encode(puzzle: SkyscrapersPuzzle) -> str:
    if puzzle.largest != puzzle.size or puzzle.diagonal:
        raise InputError("puzz.link's Skyscrapers fills every cell and has no diagonal rule; "
                         "this puzzle " + ("has the diagonals" if puzzle.diagonal else
                                           "leaves cells empty"),
                         hint="convert --to text instead")
    out = encode_number16([v or None for v in puzzle.clues.ravel().tolist()])
    if puzzle.givens.any() or puzzle.gaps.any():
        cells = np.where(puzzle.gaps, UNKNOWN_NUMBER, puzzle.givens).ravel().tolist()
        out += encode_number16([v or None for v in cells])
    return out


def decode_file(lines: list[str], width: int, height: int) -> SkyscrapersPuzzle:
    """pzprjs' file form (``decodeCellExCell``): ``N + 2`` lines of ``N + 2`` tokens."""
    n = _side(width, height)
    tokens = file_cells(lines, n + 2, n + 2, "Skyscrapers")
    grid = np.zeros((n + 2, n + 2), dtype=np.int16)
    gaps = np.zeros((n, n), dtype=bool)
    for index, token in enumerate(tokens):
        r, c = divmod(index, n + 2)
        outside = r in (0, n + 1) or c in (0, n + 1)
        corner = r in (0, n + 1) and c in (0, n + 1)
        text = (token if outside and token != "." else token[1:] if token.startswith("q")
                and not outside else "")
        if corner or not text:
            continue  # a corner, an empty cell, or a player's answer / pencil marks
        if text == "-2" and not outside:  # pzprjs' '?' in a cell
            gaps[r - 1, c - 1] = True
            continue
        if not (text.isascii() and text.isdigit() and 1 <= int(text) <= n):
            raise url_error(f"bad Skyscrapers {'clue' if outside else 'given'} {token!r} in "
                            "the pzprv3 data", hint=f"numbers are 1..{n}")
        grid[r, c] = int(text)
    clues = np.array([grid[0, 1:-1], grid[-1, 1:-1], grid[1:-1, 0], grid[1:-1, -1]])
    return SkyscrapersPuzzle(clues, grid[1:-1, 1:-1], n, gaps=gaps)
