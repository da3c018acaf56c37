"""Tatham's Towers (sgt-puzzles ``towers.c``): ``N[d<e|h|x|u>]:`` then the ``4N`` clues
separated by ``/`` (an empty one: no clue), in the order top (left to right), bottom, left
(top to bottom), right; then, when some buildings are given, ``,`` and the grid, row-major:
``a``-``z`` runs of empty cells, numbers, ``_`` between two numbers side by side.

Towers fills every cell (the tallest building is N) and has no diagonal rule: a janko puzzle
with empty cells or the diagonals has no Towers ID. Its sides are 3..9 in Tatham's game;
pencilsat reads and writes any side up to 25 (a clue or a height above 9 is written in
decimal, which Tatham's reader takes too).
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.tatham.cells import game_params, id_error
from pencilsat.formats.tatham.solo_parts import read_grid, write_grid
from pencilsat.puzzles.skyscrapers import LARGEST, SkyscrapersPuzzle

_EXTRAS = re.compile(r"(d[ehxu])?")  # towers.c's own: d<difficulty>


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Towers: its clues separated by slashes."""
    return 3 if desc.count("/") >= 11 else 0


def decode(desc: str, a: int | None, b: int | None, extras: str,
           column: int) -> SkyscrapersPuzzle:
    game_params(extras, _EXTRAS, "Towers", "d<e|h|x|u>", column)
    if a is None or (b is not None and b != a) or not 1 <= a <= LARGEST:
        raise id_error(f"a Towers size is one number 1..{LARGEST}", column=column - 1,
                       hint="e.g. 5:2/3//1/...")
    n = a
    clue_part, comma, grid_part = desc.partition(",")
    tokens = clue_part.split("/")
    if len(tokens) != 4 * n:
        raise id_error(f"expected {4 * n} clues separated by '/' (top, bottom, left, right), "
                       f"found {len(tokens)}", column=column + len(clue_part),
                       hint="copy the whole game ID")
    clues = []
    at = column
    for token in tokens:
        if token and not (token.isascii() and token.isdigit() and 1 <= int(token) <= n):
            raise id_error(f"clue {token!r} is not a number 1..{n}", column=at,
                           hint="a clue counts the towers seen, 1..N, or is left empty")
        clues.append(int(token) if token else 0)
        at += len(token) + 1
    givens = np.zeros(n * n, dtype=np.int16)
    if comma:
        if not grid_part:
            raise id_error("the grid after ',' is empty", column=at,
                           hint="copy the whole game ID")
        givens = np.array(read_grid(grid_part, at, n * n, n, "given"), dtype=np.int16)
    return SkyscrapersPuzzle(np.array(clues).reshape(4, n), givens.reshape(n, n), n)


def encode(puzzle: SkyscrapersPuzzle) -> str:
    """The ID ``N:clues[,grid]`` as towers.c writes it."""
    if puzzle.largest != puzzle.size or puzzle.diagonal:
        raise InputError("Tatham's Towers fills every cell and has no diagonal rule; this "
                         "puzzle " + ("has the diagonals" if puzzle.diagonal else
                                      f"leaves cells empty (tallest {puzzle.largest} on "
                                      f"{puzzle.size} cells)"),
                         hint="convert --to text instead")
    if puzzle.gaps.any():
        raise InputError("Tatham's Towers has no gaps (cells without a building); this "
                         "puzzle has " + str(int(puzzle.gaps.sum())),
                         hint="convert --to url or text instead")
    clues = "/".join(str(v) if v else "" for v in puzzle.clues.ravel().tolist())
    grid = "," + write_grid(puzzle.givens.ravel().tolist()) if puzzle.givens.any() else ""
    return f"{puzzle.size}:{clues}{grid}"
