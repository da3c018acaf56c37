"""Tatham's Tents (sgt-puzzles ``tents.c``): ``WxH[d<e|t>]:`` then the trees, then
``,N`` per column (left to right) and per row (top to bottom).

The trees are runs, row-major, each letter ending at a tree: ``_`` a tree, ``a``-``y`` 1..25
empty cells then a tree, ``z`` 25 empty cells (no tree). The last letter puts its tree on the
first cell past the grid. Every count is given, and they add up to one tent per tree across
the columns and across the rows; an ID whose counts do not (a cut or mistyped one) is
refused. Tatham's ``!`` and ``-`` (a tent or a no-tent mark on the previous cell, from a game
in progress) are refused too: they are a player's marks, not the puzzle's.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import describe_char
from pencilsat.formats.tatham.cells import game_params, grid_size, id_error
from pencilsat.puzzles.tents import NO_COUNT, TentsPuzzle

_EXTRAS = re.compile(r"(d[et])?")  # tents.c's own: d<difficulty>, e easy, t tricky
SMALLEST_SIDE = 4
"""tents.c refuses grids narrower or lower than this (``validate_params``)."""


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Tents: the counts after commas, in no other game."""
    return 3 if "," in desc else 0


def decode(desc: str, w: int | None, h: int | None, extras: str, column: int) -> TentsPuzzle:
    game_params(extras, _EXTRAS, "Tents", "d<e|t>", column)
    width, height = grid_size(w, h, column)
    cells = width * height
    grid, _, numbers = desc.partition(",")
    trees = np.zeros(cells, dtype=bool)
    at = 0  # the cell the next letter starts from
    for i, ch in enumerate(grid):
        if ch in "!-":
            raise id_error(f"the description marks a {'tent' if ch == '!' else 'no-tent'} "
                           "cell: a game in progress", column=column + i,
                           hint="pencilsat reads the puzzle only: copy the ID of a new game "
                                "(Game > Specific), or remove the '!' and '-' marks")
        if ch == "_":
            run, tree = 0, True
        elif "a" <= ch <= "y":
            run, tree = ord(ch) - ord("a") + 1, True
        elif ch == "z":
            run, tree = 25, False
        else:
            raise id_error(f"bad character {describe_char(ch)} in the Tents trees",
                           column=column + i, hint="the trees are written with _, a-z, "
                                                   "then the counts after commas")
        at += run
        if at > cells or (at == cells and not tree):
            raise id_error(f"too much data: the trees go past the {cells} cells of the grid",
                           column=column + i, hint="check the size or the description")
        if not tree:
            continue
        if at == cells:
            if i != len(grid) - 1:
                raise id_error("data after the tree that closes the grid",
                               column=column + i + 1, hint="check the size or the description")
            break
        trees[at] = True
        at += 1
    else:
        raise id_error(f"not enough data: the trees fill {at} of {cells} cells and do not "
                       "close the grid", column=column + len(grid),
                       hint="the last letter ends one cell past the grid; copy the whole ID")
    counts = _counts(numbers, width + height, column + len(grid) + 1)
    for index, (count, side) in enumerate(zip(counts, [height] * width + [width] * height,
                                              strict=True)):
        if count > side:
            line = f"column {index}" if index < width else f"row {index - width}"
            raise id_error(f"the count {count} of {line} is more than its {side} cells",
                           column=column + len(grid), hint="check the counts or the size")
    columns, rows = sum(counts[:width]), sum(counts[width:])
    if not columns == rows == int(trees.sum()):
        raise id_error(f"the counts do not add up: {columns} tents by the columns, {rows} by "
                       f"the rows, for {int(trees.sum())} trees", column=column + len(desc),
                       hint="Tatham's counts always give one tent per tree: the ID is cut or "
                            "mistyped; copy the whole game ID")
    return TentsPuzzle(trees.reshape(height, width), np.array(counts[:width]),
                       np.array(counts[width:]))


def _counts(numbers: str, expected: int, column: int) -> list[int]:
    """The ``N,N,...`` after the first comma: ``expected`` whole numbers."""
    if not numbers:
        raise id_error(f"the {expected} counts are missing", column=column - 1,
                       hint="after the trees come ',N' per column, then per row")
    tokens = numbers.split(",")
    out = []
    for token in tokens:
        if not (token.isascii() and token.isdigit()) or len(token) > 6:
            raise id_error(f"bad count {token!r}", column=column,
                           hint="the counts are whole numbers separated by commas")
        out.append(int(token))
        column += len(token) + 1
    if len(out) != expected:
        raise id_error(f"expected {expected} counts (one per column, then one per row), "
                       f"found {len(out)}", column=column - 1, hint="copy the whole game ID")
    return out


def encode(puzzle: TentsPuzzle) -> str:
    """The ID ``WxH:trees,counts``; every row and column needs its count, and both sides
    must be at least 4 (Tatham's game refuses anything else)."""
    if (puzzle.column_counts == NO_COUNT).any() or (puzzle.row_counts == NO_COUNT).any():
        raise InputError("Tatham's Tents gives every row and column a count; this puzzle "
                         "leaves some out", hint="convert --to url or text instead")
    if min(puzzle.width, puzzle.height) < SMALLEST_SIDE:
        raise InputError(f"Tatham's Tents needs at least {SMALLEST_SIDE}x{SMALLEST_SIDE}, this "
                         f"grid is {puzzle.width}x{puzzle.height}",
                         hint="convert --to url or text instead")
    columns, rows = puzzle.column_counts.tolist(), puzzle.row_counts.tolist()
    trees = int(puzzle.trees.sum())
    if max(columns) > puzzle.height or max(rows) > puzzle.width or not (
            sum(columns) == sum(rows) == trees):
        raise InputError(f"Tatham's Tents IDs give one tent per tree and no line more tents than "
                         f"cells; this puzzle's counts give {sum(columns)} tents by the columns "
                         f"and {sum(rows)} by the rows for {trees} trees (it has no answer)",
                         hint="check the counts, or convert --to url or text instead")
    out = []
    run = 0
    for tree in [*puzzle.trees.ravel().tolist(), True]:
        if not tree:
            run += 1
            if run == 26:
                out.append("z")
                run = 1
            continue
        out.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
    counts = [*puzzle.column_counts.tolist(), *puzzle.row_counts.tolist()]
    return (f"{puzzle.width}x{puzzle.height}:" + "".join(out)
            + "".join(f",{n}" for n in counts))
