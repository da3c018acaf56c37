"""Tatham's Range (Kurodoko): ``WxH:`` then ``a``-``z`` runs of empty cells and decimal
numbers 1..W+H-1, ``_`` between two numbers side by side (sgt-puzzles ``range.c``,
``validate_desc``). Range has no parameters beyond the size. A description must fill the
grid exactly (:func:`~pencilsat.formats.tatham.cells.read_tokens`); Tatham ignores a ``_``
anywhere, and so does pencilsat. Export writes what the generator writes (longer runs
repeat ``z``); a ``?`` number has no Range form.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import describe_char, encode_runs
from pencilsat.formats.tatham.cells import Token, game_params, grid_size, id_error, read_tokens
from pencilsat.puzzles.kurodoko import EMPTY, KurodokoPuzzle

_EXTRAS = re.compile(r"")


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Range: letters and decimal numbers, at least one
    number of two digits or a ``_`` (Solo's alphabet, but a Range grid is W x H cells)."""
    allowed = set(desc) <= set("abcdefghijklmnopqrstuvwxyz_0123456789")
    return 2 if desc and allowed else 0


def decode(desc: str, w: int | None, h: int | None, extras: str,
           column: int) -> KurodokoPuzzle:
    game_params(extras, _EXTRAS, "Range", "nothing", column)
    width, height = grid_size(w, h, column)
    largest = width + height - 1

    def token(desc: str, i: int) -> Token:
        ch = desc[i]
        if "a" <= ch <= "z":
            return EMPTY, 1, ord(ch) - ord("a") + 1
        if ch == "_":
            return EMPTY, 1, 0
        if "1" <= ch <= "9":
            j = i
            while j < len(desc) and "0" <= desc[j] <= "9":
                j += 1
            value = int(desc[i:j])
            if value > largest:
                raise id_error(f"number {value} is out of range in a {width}x{height} Range",
                               column=column + i, hint=f"numbers are 1..{largest} (W+H-1)")
            return value, j - i, 1
        raise id_error(f"bad character {describe_char(ch)} in the Range description",
                       column=column + i,
                       hint="Range descriptions use a-z (empty cells), numbers 1-9... and '_'")

    flat = read_tokens(desc, column, width * height, token)
    return KurodokoPuzzle(np.array(flat, dtype=np.int32).reshape(height, width))


def encode(puzzle: KurodokoPuzzle) -> str:
    flat = puzzle.numbers.ravel().tolist()
    largest = puzzle.width + puzzle.height - 1
    bad = next((i for i, v in enumerate(flat) if not EMPTY <= v <= largest), None)
    if bad is not None:
        r, c = divmod(bad, puzzle.width)
        raise id_error(f"the cell at row {r + 1}, column {c + 1} has no Range form: Range "
                       f"cells hold a number 1..{largest} or nothing (no '?')",
                       hint="convert --to url or text")
    tokens = [str(v) if v else None for v in flat]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26,
                                                             separator="_")
