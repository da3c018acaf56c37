"""Tatham's Singles (Hitori): ``WxH:`` then one character per cell, row-major, the number in
base 62 (``1``-``9``, ``a``-``z`` 10-35, ``A``-``Z`` 36-61), each 1..max(W, H)
(sgt-puzzles ``singles.c``, ``unpick_desc``). There are no runs: every cell has a number.

Singles' parameters after the size are ``d<e|k>`` (easy, tricky), which do not change the
puzzle and are dropped. Export writes ``WxH:desc``, what "Game > Specific" shows; a puzzle
with a blank or ``?`` cell, or a number above max(W, H), has no Singles ID.
"""

from __future__ import annotations

import re
import string

import numpy as np

from pencilsat.formats.runs import describe_char
from pencilsat.formats.tatham.cells import game_params, grid_size, id_error
from pencilsat.puzzles.hitori import HitoriPuzzle

BASE62 = string.digits + string.ascii_lowercase + string.ascii_uppercase
_EXTRAS = re.compile(r"(d[ek])?")


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Singles (for the error of a bad ID): base-62 digits
    only, never ``0``, and at least two thirds decimal digits (a Bridges or Loopy ID
    alternates runs and numbers; the numbers above 9 of grids past 12x12 miss this)."""
    dense = sum(ch.isdigit() for ch in desc) * 3 >= 2 * len(desc)
    return 4 if desc and dense and "0" not in desc and set(desc) <= set(BASE62) else 0


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> HitoriPuzzle:
    game_params(extras, _EXTRAS, "Singles", "d<e|k>", column)
    width, height = grid_size(w, h, column)
    largest = max(width, height)
    numbers = []
    for i, ch in enumerate(desc[:width * height]):
        value = BASE62.find(ch)
        if not 1 <= value <= largest:
            what = (f"bad character {describe_char(ch)}" if value < 0
                    else f"number {value} ({ch!r})")
            raise id_error(f"{what} in the Singles description", column=column + i,
                           hint=f"a {width}x{height} Singles cell holds 1..{largest}, written "
                                "1-9, a-z (10-35), A-Z (36-61)")
        numbers.append(value)
    if len(desc) != width * height:
        short = len(desc) < width * height
        raise id_error(f"the Singles description has {len(desc)} characters, the "
                       f"{width}x{height} grid {width * height} cells",
                       column=column + min(len(desc), width * height),
                       hint="copy the whole game ID" if short else "check the size")
    return HitoriPuzzle(np.array(numbers, dtype=np.int32).reshape(height, width))


def encode(puzzle: HitoriPuzzle) -> str:
    largest = min(max(puzzle.width, puzzle.height), len(BASE62) - 1)
    flat = puzzle.numbers.ravel().tolist()
    bad = next((i for i, v in enumerate(flat) if not 1 <= v <= largest), None)
    if bad is not None:
        r, c = divmod(bad, puzzle.width)
        raise id_error(f"the cell at row {r + 1}, column {c + 1} has no Singles form: Singles "
                       f"cells hold a number 1..{largest}", hint="convert --to url or text")
    return f"{puzzle.width}x{puzzle.height}:" + "".join(BASE62[v] for v in flat)
