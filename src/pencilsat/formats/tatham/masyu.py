"""Tatham's Pearl (Masyu): ``WxH:`` then ``a``-``z`` runs of empty cells, ``B`` / ``W`` pearls."""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import game_params, grid_size, read_cells
from pencilsat.puzzles.masyu import BLACK, EMPTY, WHITE, MasyuPuzzle


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Pearl: a ``W`` is found in no other game."""
    return 3 if "W" in desc else 0


_EXTRAS = re.compile(r"(d[a-z])?n?")  # pearl.c's own: d<difficulty>, n (no solver check)


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> MasyuPuzzle:
    game_params(extras, _EXTRAS, "Pearl", "d<difficulty> and n", column)
    width, height = grid_size(w, h, column)
    cells = read_cells(desc, column, width * height, "BW", "Pearl")
    value = {None: EMPTY, "W": WHITE, "B": BLACK}
    return MasyuPuzzle(np.array([value[t] for t in cells]).reshape(height, width))


def encode(puzzle: MasyuPuzzle) -> str:
    if puzzle.loop_full:
        raise InputError("Tatham's Pearl has no loop-full variant",
                         hint="convert --to url or text keeps the variant")
    letter = {EMPTY: None, WHITE: "W", BLACK: "B"}
    tokens = [letter[int(v)] for v in puzzle.pearls.ravel()]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)
