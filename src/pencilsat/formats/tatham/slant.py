"""Tatham's Slant: ``WxH:`` then the (W+1) x (H+1) vertices row-major, ``a``-``z`` runs of
vertices without a number, ``0``-``4`` the numbers (sgt-puzzles ``slant.c``,
``validate_desc``). The parameter after the size, ``d<e|h>`` (easy, hard), does not change
the puzzle and is dropped; export writes ``WxH:desc``. A puzzle with a ``?`` vertex has no
Slant ID.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import game_params, grid_size, id_error, read_cells
from pencilsat.puzzles.slant import NO_CLUE, UNKNOWN, SlantPuzzle

_EXTRAS = re.compile(r"(d[eh])?")


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Slant: numbers 0-4 and runs only (as Loopy's, whose
    numbers stop at 3; a 4 says Slant)."""
    if not desc or not set(desc) <= set("01234abcdefghijklmnopqrstuvwxyz"):
        return 0
    return 3 if "4" in desc else 1


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> SlantPuzzle:
    game_params(extras, _EXTRAS, "Slant", "d<e|h>", column)
    width, height = grid_size(w, h, column)
    cells = read_cells(desc, column, (width + 1) * (height + 1), "01234", "Slant")
    flat = [NO_CLUE if t is None else int(t) for t in cells]
    return SlantPuzzle(np.array(flat, dtype=np.int8).reshape(height + 1, width + 1))


def encode(puzzle: SlantPuzzle) -> str:
    flat = puzzle.clues.ravel().tolist()
    if UNKNOWN in flat:
        r, c = divmod(flat.index(UNKNOWN), puzzle.width + 1)
        raise id_error(f"the vertex at row {r + 1}, column {c + 1} is '?': Slant IDs hold "
                       "numbers 0-4 only", hint="convert --to url or text")
    tokens = [None if v == NO_CLUE else str(v) for v in flat]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)
