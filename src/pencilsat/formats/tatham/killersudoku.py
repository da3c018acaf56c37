"""Tatham's killer Solo: ``CxRk:GRID,CAGES,SUMS`` (sgt-puzzles ``solo.c``): boxes ``R``
wide and ``C`` tall (``Nk``: square), the givens as a Solo grid, the cages as a block
structure and each cage's sum as a grid with the sum at one cell of the cage
(:mod:`~pencilsat.formats.tatham.solo_parts`). Symmetry and difficulty flags are dropped;
``x`` (``3x3xk:``, ``solo.c``'s ``xtype``, written before the ``k``) is the X variant, read
and written; jigsaw (``j``) killers are refused by name."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.tatham.cells import id_error
from pencilsat.formats.tatham.jigsawsudoku import SOLO_OPTIONS, solo_flags
from pencilsat.formats.tatham.solo_parts import (
    read_blocks,
    read_grid,
    split_parts,
    write_blocks,
    write_grid,
)
from pencilsat.puzzles.digit_houses import LARGEST
from pencilsat.puzzles.killersudoku import KillerSudokuPuzzle
from pencilsat.puzzles.regions import Regions


def claims(extras: str) -> bool:
    """Whether the letters after the size make a killer Solo ID (``k``; see the jigsaw
    codec's ``claims``)."""
    return "k" in SOLO_OPTIONS.sub("", extras)


def plausible(desc: str) -> int:
    """Two commas: a killer description's three parts."""
    return 3 if desc.count(",") == 2 else 0


def decode(desc: str, a: int | None, b: int | None, extras: str,
           column: int) -> KillerSudokuPuzzle:
    flags = solo_flags(extras, column)
    if "k" not in flags:
        raise id_error("this Solo ID has no cages ('k' after the size)", column=column - 1,
                       hint="a killer Solo ID looks like 3x3k:GRID,CAGES,SUMS")
    if "j" in flags:
        raise id_error("jigsaw killer Solo is not supported", column=column - 1,
                       hint="pencilsat solves killer Solo with rectangular boxes")
    if a is None or b is None:
        raise id_error("the size is missing", column=column - 1, hint="e.g. 3x3k:...")
    side = a * b
    if not 1 <= side <= LARGEST:
        raise id_error(f"a killer side of {side} is not supported", column=column - 1,
                       hint=f"sides 1..{LARGEST}")
    (grid, at), (blocks, blocks_at), (sums, sums_at) = split_parts(
        desc, column, ["givens", "cages", "sums"])
    givens = read_grid(grid, at, side * side, side, "given")
    cages = Regions.from_labels(read_blocks(blocks, blocks_at, side, "cages"))
    totals = np.array(read_grid(sums, sums_at, side * side, side ** 3, "cage sum"))
    per_cage = np.bincount(cages.ids.ravel()[totals > 0], minlength=cages.count)
    if (per_cage > 1).any():
        raise id_error("a cage has two sums", column=sums_at,
                       hint="each cage's sum stands at one cell of it")
    return KillerSudokuPuzzle(totals.reshape(side, side), cages, b, a,
                              np.array(givens).reshape(side, side), diagonal="x" in flags)


def encode(puzzle: KillerSudokuPuzzle) -> str:
    """``CxRk:`` as Tatham writes it (``C`` the box height, ``R`` its width), the three
    parts."""
    return (f"{puzzle.box_height}x{puzzle.box_width}{'x' if puzzle.diagonal else ''}k:"
            + write_grid([int(v) for v in puzzle.givens.ravel()]) + ","
            + write_blocks(puzzle.cages.ids) + ","
            + write_grid([int(v) for v in puzzle.sums.ravel()]))
