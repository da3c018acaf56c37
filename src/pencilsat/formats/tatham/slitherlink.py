"""Tatham's Loopy (Slitherlink): ``WxHt0:`` then the faces row-major, ``a``-``z`` runs of
clueless faces, digits the numbers (sgt-puzzles ``loopy.c``).

Only grid type 0 (squares) is Slitherlink; every other type is refused by its name, as are a
grid description (``..._desc``, the aperiodic tilings) and numbers pencilsat's model cannot
hold. ``d<e|n|t|h>`` (the difficulty Loopy generated for) is read and dropped: it does not
change the puzzle. Export writes Loopy's own game ID, ``WxHt0:desc``; Loopy's square grid is
at least 3x3, so smaller puzzles have none.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import desc_index, grid_size, id_error, read_cells
from pencilsat.puzzles.slitherlink import LARGEST_CLUE, NO_CLUE, SlitherlinkPuzzle

GRID_TYPES = (
    "Squares", "Triangular", "Honeycomb", "Snub-Square", "Cairo", "Great-Hexagonal",
    "Octagonal", "Kites", "Floret", "Dodecagonal", "Great-Dodecagonal", "Penrose (kite/dart)",
    "Penrose (rhombs)", "Great-Great-Dodecagonal", "Kagome", "Compass-Dodecagonal", "Hats",
    "Spectres",
)
"""Loopy's grid types by number (its ``GRIDLIST``)."""
SMALLEST_SIDE = 3
_EXTRAS = re.compile(r"(?:t(\d+))?(?:d([a-z]))?")
_CLUE_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Loopy: numbers 0-3 and runs only (Light Up's IDs
    share the alphabet, and usually hold a ``B``)."""
    digits = set(desc) & set("0123")
    return 2 if digits and set(desc) <= set("0123abcdefghijklmnopqrstuvwxyz") else 0


def decode(desc: str, w: int | None, h: int | None, extras: str,
           column: int) -> SlitherlinkPuzzle:
    params = _EXTRAS.fullmatch(extras)
    if params is None:
        raise id_error(f"unknown Loopy parameters {extras!r}", column=column - 1 - len(extras),
                       hint="Loopy's parameters are WIDTHxHEIGHT, then t<grid type> and "
                       "d<difficulty e, n, t or h>")
    grid_type = int(params.group(1) or 0)
    if grid_type != 0:
        name = GRID_TYPES[grid_type] if grid_type < len(GRID_TYPES) else "unknown"
        raise id_error(f"Loopy grid type {grid_type} ({name}) is not supported",
                       column=column - 1 - len(extras),
                       hint="pencilsat's Slitherlink is the square grid, type t0")
    if params.group(2) is not None and params.group(2) not in "enth":
        raise id_error(f"unknown Loopy difficulty {params.group(2)!r}",
                       column=column - 2, hint="Loopy's difficulties are e, n, t and h")
    if "_" in desc:
        raise id_error("a Loopy grid description is not supported",
                       column=column + desc.index("_"),
                       hint="the square grid (t0) needs none; give the faces only")
    width, height = grid_size(w, h, column)
    cells = read_cells(desc, column, width * height, _CLUE_CHARS, "Loopy")
    for i, token in enumerate(cells):
        if token is not None and _CLUE_CHARS.index(token) > LARGEST_CLUE:
            raise id_error(f"the number {_CLUE_CHARS.index(token)} (face {i + 1}) is not a "
                           "Slitherlink number", column=column + desc_index(desc, i),
                           hint="a square's number counts its sides on the loop: 0 to 3")
    flat = [NO_CLUE if t is None else int(t) for t in cells]
    return SlitherlinkPuzzle(np.array(flat, dtype=np.int8).reshape(height, width))



def encode(puzzle: SlitherlinkPuzzle) -> str:
    if min(puzzle.width, puzzle.height) < SMALLEST_SIDE:
        raise InputError(f"Loopy has no {puzzle.width}x{puzzle.height} grid",
                         hint=f"Loopy's square grids are at least {SMALLEST_SIDE}x"
                         f"{SMALLEST_SIDE}; convert --to text or url")
    if puzzle.unknown.any():
        raise InputError("Loopy has no '?' cell (a number not given)",
                         hint="convert --to text or url, or clear the '?' cells")
    tokens = [None if v == NO_CLUE else str(v) for v in puzzle.clues.ravel().tolist()]
    return (f"{puzzle.width}x{puzzle.height}t0:"
            + encode_runs(tokens, first="a", longest=26))
