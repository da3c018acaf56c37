"""Tatham's Light Up: ``WxH:`` then ``a``-``z`` runs of white cells, ``B`` wall, ``0``-``4``
numbered wall."""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import grid_size, id_error, read_cells
from pencilsat.puzzles.lightup import WALL, WHITE, LightUpPuzzle


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Light Up: numbered walls 0-4."""
    return 1 if set(desc) & set("01234") else 0


_EXTRAS = re.compile(r"(b\d+)?(s\d+)?(d\d+)?")  # lightup.c's own: black %, symmetry, difficulty


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> LightUpPuzzle:
    if not _EXTRAS.fullmatch(extras):  # another game's (Loopy's t0d...), not a Light Up ID
        raise id_error(f"Light Up game IDs have at most b<n>s<n>d<n> after the size, "
                       f"this one has {extras!r}",
                       column=column - 1 - len(extras),
                       hint="check the game: a Loopy ID such as 10x10t0:... is Slitherlink")
    width, height = grid_size(w, h, column)
    cells = read_cells(desc, column, width * height, "B01234", "Light Up")
    flat = [WHITE if t is None else WALL if t == "B" else int(t) for t in cells]
    return LightUpPuzzle(np.array(flat).reshape(height, width))


def encode(puzzle: LightUpPuzzle) -> str:
    def token(v: int) -> str | None:
        return None if v == WHITE else "B" if v == WALL else str(v)

    tokens = [token(int(v)) for v in puzzle.cells.ravel()]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)
