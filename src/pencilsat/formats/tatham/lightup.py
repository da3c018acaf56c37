"""Tatham's Light Up: ``WxH:`` then ``a``-``z`` runs of white cells, ``B`` wall, ``0``-``4``
numbered wall."""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import game_params, grid_size, read_cells
from pencilsat.puzzles.lightup import WALL, WHITE, LightUpPuzzle


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Light Up: numbered walls 0-4."""
    return 1 if set(desc) & set("01234") else 0


_EXTRAS = re.compile(r"(b\d+)?(s\d+)?(d\d+)?")  # lightup.c's own: black %, symmetry, difficulty


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> LightUpPuzzle:
    game_params(extras, _EXTRAS, "Light Up", "b<n>s<n>d<n>", column)
    width, height = grid_size(w, h, column)
    cells = read_cells(desc, column, width * height, "B01234", "Light Up")
    flat = [WHITE if t is None else WALL if t == "B" else int(t) for t in cells]
    return LightUpPuzzle(np.array(flat).reshape(height, width))


def encode(puzzle: LightUpPuzzle) -> str:
    def token(v: int) -> str | None:
        return None if v == WHITE else "B" if v == WALL else str(v)

    tokens = [token(int(v)) for v in puzzle.cells.ravel()]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)
