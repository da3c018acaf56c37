"""puzz.link ``slither`` (Slitherlink): numbers as pzprjs' ``decode4Cell``.

pzprjs (``src/variety/slither.js``) also writes a ``4`` and a ``.`` (a ``?`` cell, a number
not given), which a Slitherlink of pencilsat cannot hold, and a flag ``f`` for its
``slither_full`` variant (the loop visits every dot); each is refused by name, never dropped.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import decode_4cell, encode_4cell, url_error
from pencilsat.puzzles.slitherlink import NO_CLUE, SlitherlinkPuzzle

REFUSED_FLAGS = {"f": "slither_full: the loop visits every dot"}
"""pzprjs' Slitherlink flag, refused by name by the URL frame."""
_FOUR = "49e"
"""``decode4Cell`` tokens of a 4 (alone, then one or two plain cells)."""


def decode(body: str, width: int, height: int, column: int, flags: str) -> SlitherlinkPuzzle:
    flat = decode_4cell(body, width * height, column, "numbers")
    for i, ch in enumerate(body):
        if ch in _FOUR:
            raise url_error("a 4 is not a Slitherlink number", column=column + i,
                            hint="a cell's number counts its sides on the loop: 0 to 3")
        if ch == ".":
            raise url_error("a '?' cell (a number not given) cannot be solved",
                            column=column + i, hint="replace the '?' by a number or clear it")
    clues = [NO_CLUE if v is None else v for v in flat]
    return SlitherlinkPuzzle(np.array(clues, dtype=np.int8).reshape(height, width))


def encode(puzzle: SlitherlinkPuzzle) -> str:
    return encode_4cell([None if v == NO_CLUE else v for v in puzzle.clues.ravel().tolist()])
