"""Tatham's Rectangles (Shikaku): ``WxH[e<expansion>][u]:`` then ``a``-``z`` runs of empty
cells and decimal numbers, ``_`` between two numbers side by side (sgt-puzzles ``rect.c``,
``validate_desc``); the parameters after the size steer only the generator. A description
must fill the grid exactly (:func:`~pencilsat.formats.tatham.cells.read_tokens`).

Range (Kurodoko) writes descriptions of the same alphabet; a Rectangles description's
numbers add up to the grid's area (the rectangles tile it), which is checked here, so a
Range ID is not read as Rectangles by accident (a puzzle whose numbers do not tile the grid
has no answer either). Export writes what the generator writes; a ``?`` has no Rectangles
form, and a puzzle whose numbers do not add up to the area is refused rather than written as
an ID this reader would refuse.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import game_params, grid_size, id_error, read_numbers
from pencilsat.puzzles.shikaku import EMPTY, ShikakuPuzzle

_EXTRAS = re.compile(r"(?:e[0-9.]+)?u?")


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Rectangles: letters, decimal numbers and ``_``."""
    allowed = set(desc) <= set("abcdefghijklmnopqrstuvwxyz_0123456789")
    return 2 if desc and allowed else 0


def decode(desc: str, w: int | None, h: int | None, extras: str,
           column: int) -> ShikakuPuzzle:
    game_params(extras, _EXTRAS, "Rectangles", "an expansion factor e<x> and u", column)
    width, height = grid_size(w, h, column)
    area = width * height

    flat = read_numbers(desc, column, area, area, "Rectangles",
                        f"is larger than the {width}x{height} grid")
    total = sum(flat)
    if total != area:
        raise id_error(f"the numbers add up to {total}, not to the {area} cells of the grid: "
                       "this is no Rectangles puzzle", column=column,
                       hint="check the game (a Range ID looks alike) and copy the whole ID")
    return ShikakuPuzzle(np.array(flat, dtype=np.int64).reshape(height, width))


def encode(puzzle: ShikakuPuzzle) -> str:
    flat = puzzle.numbers.ravel().tolist()
    bad = next((i for i, v in enumerate(flat) if v < EMPTY), None)
    if bad is not None:
        r, c = divmod(bad, puzzle.width)
        raise id_error(f"the cell at row {r + 1}, column {c + 1} has no Rectangles form: "
                       "Rectangles cells hold a number or nothing (no '?')",
                       hint="convert --to url or text")
    total, area = sum(flat), puzzle.width * puzzle.height
    if total != area:  # the reader refuses such an ID (a Range ID looks alike)
        raise id_error(f"the numbers add up to {total}, not to the {area} cells of the grid: "
                       "a Rectangles ID holds only puzzles whose numbers tile the grid",
                       hint="convert --to url or text")
    tokens = [str(v) if v else None for v in flat]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26,
                                                             separator="_")
