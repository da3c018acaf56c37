"""Tatham's Filling (Fillomino): ``WxH:`` then one character per given cell, ``a``-``z``
runs of empty cells (``z`` 26 of them) and ``0`` an empty cell too (sgt-puzzles
``filling.c``: ``validate_desc`` takes the characters ``0`` up to ``'0' + max(W, H, 3)``,
past ``9`` the ASCII ``:``, ``;``, ... for 10, 11, ...). The description must fill the grid
exactly. A Filling description reads as a Range one too, so an ID is read as Filling only
when the game is named (:data:`NAMED_ONLY`); export names it. Export writes what the
generator writes (runs, no ``0``); a ``?`` or a number past ``max(W, H, 3)`` has no Filling
form.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import describe_char as _describe
from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import (
    Token,
    game_params,
    grid_size,
    id_error,
    read_tokens,
)
from pencilsat.puzzles.fillomino import EMPTY, FillominoPuzzle

_EXTRAS = re.compile(r"")
NAMED_ONLY = True
"""A Filling ID is read only with its game named (``filling:WxH:...``, the page
``filling.html#...`` or the genre option): its digits and runs read as a Range ID too."""


def largest(width: int, height: int) -> int:
    """The largest given a Filling description holds (``validate_desc``)."""
    return max(width, height, 3)


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Filling: letters and single digits only."""
    return 1 if desc and set(desc) <= set("abcdefghijklmnopqrstuvwxyz0123456789:;<=>?@") \
        else 0


def decode(desc: str, w: int | None, h: int | None, extras: str,
           column: int) -> FillominoPuzzle:
    game_params(extras, _EXTRAS, "Filling", "nothing", column)
    width, height = grid_size(w, h, column)
    top = chr(ord("0") + largest(width, height))

    def token(desc: str, i: int) -> Token:
        ch = desc[i]
        if "a" <= ch <= "z":
            return EMPTY, 1, ord(ch) - ord("a") + 1
        if "0" <= ch <= top:
            return ord(ch) - ord("0"), 1, 1
        raise id_error(f"bad character {_describe(ch)} in the Filling description",
                       column=column + i,
                       hint=f"Filling descriptions use a-z (empty cells) and 0..{top}")

    flat = read_tokens(desc, column, width * height, token)
    return FillominoPuzzle(np.array(flat, dtype=np.int64).reshape(height, width))


def encode(puzzle: FillominoPuzzle) -> str:
    if puzzle.largest:
        raise id_error(f"Filling has no largest block (this puzzle allows none past "
                       f"{puzzle.largest})", hint="convert --to url or text")
    top = largest(puzzle.width, puzzle.height)
    flat = puzzle.numbers.ravel().tolist()
    bad = next((i for i, v in enumerate(flat) if v < EMPTY or v > top), None)
    if bad is not None:
        r, c = divmod(bad, puzzle.width)
        raise id_error(f"the cell at row {r + 1}, column {c + 1} has no Filling form: Filling "
                       f"cells hold a number 1..{top} or nothing (no '?')",
                       hint="convert --to url or text")
    tokens = [chr(ord("0") + v) if v else None for v in flat]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)
