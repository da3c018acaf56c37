"""Numberlink for ``pencilsat generate``: a random path through every cell, cut into lines
that cannot be shortened, cut again where a second answer differs, until unique.

1. **One path**: the rows walked in a zigzag, then ``BACKBITES`` per cell of random
   "backbite" moves (an end steps to a grid neighbour on the path, and the part of the
   path between them turns round): a random path through every cell.
2. **Lines**: the path cut, in its order, wherever the next cell would touch the line's
   earlier cells beside its last one (a line touching itself could be shortened: janko's
   rules allow unused cells), and at random (a line longer than ``LONGEST``); the two ends
   of each line carry its number. A single cell left at a cut stays unused.
3. **Unique**: the genre's default strategy proves the numbers. A second answer that
   differs at a cell of our line cuts that line there (the cell becomes an end, its
   neighbour along the line the other line's end), while every part keeps two cells
   (``TRIALS`` proofs, then the path is given up: one candidate).

With ``--symmetry`` the lines are drawn on half the grid and copied onto the other half
(``numberlink_symmetric.py``), and each cut is made at its image too: the ends stand
symmetric, their numbers do not (numbered in reading order, as janko's). Puzzles are
janko's form (cells may stay unused), though every answer uses nearly all; ``--variant
full`` (``with_variant``) makes the filled variant, a layout that leaves a cell unused
given up. Sides up to ``SIDES``' end: the proofs of these short lines take under 3 s of CPU
at 20x20 (benchmarks/results/numberlink_generate.md).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import partial

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.generators.numberlink_lines import Line, around, backbite, cut_lines
from pencilsat.generators.numberlink_symmetric import split_symmetric, symmetric_lines
from pencilsat.generators.structure_maker import Made, StructureGenre, prove
from pencilsat.puzzles.numberlink import FILLED, NumberlinkPuzzle, NumberlinkSolution

SIDES = range(3, 41)
TRIALS = 30
"""Uniqueness proofs (cuts + 1) per path before it is given up."""
NO_SYMMETRY = "the lines are drawn at random"


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not made (``None``: it is)."""
    if width not in SIDES or height not in SIDES:
        return (f"width and height are {SIDES[0]} to {SIDES[-1]} (the largest offered: "
                f"{SIDES[-1]}x{SIDES[-1]}; janko's largest is 30x30)")
    return None


def with_variant(spec: StructureGenre, variant: str) -> StructureGenre:
    """Numberlink's spec for a variant of its text header (``full``: every cell on a line)."""
    if variant != FILLED:
        raise InputError(f"unknown Numberlink variant {variant!r}", source="--variant",
                         hint=f"--variant {FILLED} (every cell on a line), or leave it out")
    return replace(spec, search=partial(search, filled=True),
                   symmetric=partial(search_symmetric, filled=True))


def search(rng: random.Random, width: int, height: int, filled: bool = False) -> Made | None:
    """One candidate: a path, its lines, cut where a second answer differs."""
    return made_unique(rng, cut_lines(rng, random_path(rng, width, height), width, height),
                       width, height, None, filled)


def search_symmetric(rng: random.Random, width: int, height: int, symmetry: str,
                     filled: bool = False) -> Made | None:
    """One candidate whose ends stand symmetric (``rot2`` or ``mirror``)."""
    return made_unique(rng, symmetric_lines(rng, width, height, symmetry), width, height,
                       symmetry, filled)


def made_unique(rng: random.Random, lines: list[Line], width: int, height: int,
                symmetry: str | None, filled: bool = False) -> Made | None:
    """The lines cut where a second answer differs until unique (module docstring, step 3);
    ``None``: given up. ``filled``: the ``full`` variant, whose lines must use every cell
    (a layout leaving one unused is given up)."""
    if filled and sum(map(len, lines)) < width * height:
        return None
    for _ in range(TRIALS):
        if symmetry is not None:  # numbered in reading order of their first ends, as janko
            lines = sorted(line if line[0] < line[-1] else line[::-1] for line in lines)
        puzzle, ours = _puzzle(lines, width, height, filled)
        unique, answer, other = prove(puzzle)
        if unique:
            return Made(puzzle, answer, [line[0] for line in lines])
        theirs = other if answer == ours else answer
        differ = set(ours.differing_cells(theirs))
        cuts = [cut for i, line in enumerate(lines) for k in range(2, len(line) - 1)
                if line[k] in differ
                and (cut := split_symmetric(lines, i, k, width, height, symmetry))]
        if not cuts:
            return None
        lines = rng.choice(cuts)
    return None


def _puzzle(lines: list[Line], width: int, height: int,
            filled: bool = False) -> tuple[NumberlinkPuzzle, NumberlinkSolution]:
    numbers = np.zeros((height, width), dtype=np.int32)
    edges = []
    for n, line in enumerate(lines, 1):
        numbers[line[0]] = numbers[line[-1]] = n
        edges += list(itertools.pairwise(line))
    return NumberlinkPuzzle(numbers, filled=filled), NumberlinkSolution.of(edges, width, height)


def random_path(rng: random.Random, width: int, height: int) -> Line:
    """A path through every cell (module docstring, step 1)."""
    path = [(r, c if r % 2 == 0 else width - 1 - c) for r in range(height)
            for c in range(width)]
    return backbite(rng, path, lambda cell: around(cell, height, width))

