"""Tatham's jigsaw Solo: ``Nj:GRID,BOXES`` (sgt-puzzles ``solo.c``): the givens as a Solo
grid, then the boxes as a block structure (:mod:`~pencilsat.formats.tatham.solo_parts`).
Symmetry and difficulty flags after ``j`` do not change the puzzle and are dropped; ``x``
(``9jx:``, ``solo.c``'s ``xtype``) is the X variant, read and written; killer (``k``)
jigsaws are refused by name. ``NxMj`` is a jigsaw of side ``N*M``
(``NxNj`` too, when its grid has ``N**4`` cells; else it reads as side ``N``)."""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.tatham.cells import id_error
from pencilsat.formats.tatham.solo_parts import (
    grid_cells,
    read_blocks,
    read_grid,
    split_parts,
    write_blocks,
    write_grid,
)
from pencilsat.puzzles.digit_houses import LARGEST
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle
from pencilsat.puzzles.regions import Regions

SOLO_OPTIONS = re.compile(r"[rm]d?\d+|a|d[tbiaeu]")
"""Solo's symmetry and difficulty parameters (``r2``, ``m4``, ``md2``, ``a``, ``dt``...)."""


def solo_flags(extras: str, column: int) -> str:
    """The variant letters of Solo parameters (``j``, ``k``, ``x``), options dropped."""
    flags = SOLO_OPTIONS.sub("", extras)
    if set(flags) - set("jkx"):
        raise id_error(f"unknown Solo parameters {extras!r}", column=column - 1 - len(extras),
                       hint="Solo parameters are the size, j (jigsaw), k (killer), x (X), "
                            "symmetry and difficulty")
    return flags


def claims(extras: str) -> bool:
    """Whether the letters after the size make a jigsaw Solo ID (``j``): a cut one is
    then named as such, not as the game that ranked first by its description."""
    return "j" in SOLO_OPTIONS.sub("", extras)


def plausible(desc: str) -> int:
    """A comma and block letters: as likely as Solo with a block structure gets."""
    return 3 if desc.count(",") == 1 else 0


def decode(desc: str, a: int | None, b: int | None, extras: str,
           column: int) -> JigsawSudokuPuzzle:
    flags = solo_flags(extras, column)
    if "j" not in flags:
        raise id_error("this Solo ID has no jigsaw boxes ('j' after the size)",
                       column=column - 1, hint="a jigsaw Solo ID looks like 9j:GRID,BOXES")
    if "k" in flags:
        raise id_error("killer jigsaw Solo is not supported", column=column - 1,
                       hint="pencilsat solves jigsaw Solo without cages")
    (grid, at), (blocks, blocks_at) = split_parts(desc, column, ["givens", "boxes"])
    if a is None or b is None:
        raise id_error("the size is missing", column=column - 1, hint="e.g. 9j:...")
    side = a * b if a != b or grid_cells(grid) == a ** 4 else a
    if not 1 <= side <= LARGEST:
        raise id_error(f"a jigsaw side of {side} is not supported", column=column - 1,
                       hint=f"sides 1..{LARGEST}")
    givens = read_grid(grid, at, side * side, side, "given")
    labels = read_blocks(blocks, blocks_at, side, "boxes")
    boxes = Regions.from_labels(labels)
    sizes = boxes.sizes()
    if len(sizes) != side or (sizes != side).any():
        raise id_error(f"the boxes are {len(sizes)} of sizes {sorted(set(sizes.tolist()))}; a "
                       f"side of {side} needs {side} boxes of {side} cells", column=blocks_at,
                       hint="check the block structure")
    return JigsawSudokuPuzzle(np.array(givens).reshape(side, side), boxes,
                              diagonal="x" in flags)


def encode(puzzle: JigsawSudokuPuzzle) -> str:
    return (f"{puzzle.size}j{'x' if puzzle.diagonal else ''}:"
            + write_grid([int(v) for v in puzzle.givens.ravel()]) + ","
            + write_blocks(puzzle.boxes.ids))
