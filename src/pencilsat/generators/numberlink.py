"""Numberlink for ``pencilsat generate``: few long lines that cannot be shortened, cut
where a second answer differs until unique, then joined while they stay unique.

1. **Lines** (up to ``LONG_UP_TO`` cells): long winding lines grown, joined and rewired
   (``numberlink_long.py``), none touching itself (it could be shortened: janko's rules
   allow unused cells). Larger grids: a random path through every cell (``BACKBITES``
   backbite moves per cell from a zigzag) cut wherever it would touch itself and at random
   past ``LONGEST`` (``numberlink_lines.py``): short lines, whose proofs stay quick.
2. **Unique**: the genre's default strategy proves the numbers. A second answer that
   differs at a cell of our line cuts that line there (the cell becomes an end, its
   neighbour along the line the other line's end), while every part keeps two cells
   (``TRIALS`` proofs, then the layout is given up: one candidate).
3. **Joined**: two lines whose ends lie side by side are joined when the joined line does
   not touch itself and the puzzle stays unique (``JOIN_TRIALS`` proofs; a failed join is
   not tried again): fewer pairs, as editors publish.

With ``--symmetry`` the short lines are drawn on half the grid and copied onto the other
half (``numberlink_symmetric.py``), each cut made at its image too, no join: the ends stand
symmetric, their numbers do not (numbered in reading order, as janko's). Puzzles are
janko's form (cells may stay unused); ``--variant full`` (``with_variant``) makes the
filled variant from the short lines, no join (long ones took 10-40 s at 15x15), a layout
that leaves a cell unused given up. Sides up to ``SIDES``' end
(benchmarks/results/numberlink_generate.md).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import partial

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell, grid_neighbours
from pencilsat.generators.numberlink_lines import Line, backbite, cut_lines
from pencilsat.generators.numberlink_long import joins, long_lines
from pencilsat.generators.numberlink_symmetric import split_symmetric, symmetric_lines
from pencilsat.generators.size_limits import sides_within
from pencilsat.generators.structure_maker import Made, StructureGenre, prove
from pencilsat.puzzles.numberlink import FILLED, NumberlinkPuzzle, NumberlinkSolution

SIDES = range(3, 41)
TRIALS = 30
"""Uniqueness proofs (cuts + 1) per path before it is given up."""
LONG_UP_TO = 400
"""Cells of the largest grid drawn with long lines (20x20); larger grids keep the short
lines, whose proofs stay quick (a long-lined 30x30 took 54 s for one proof)."""
JOIN_TRIALS = 20
"""Proofs of joined layouts once the lines are unique (module docstring, step 4)."""
NO_SYMMETRY = "the lines are drawn at random"


refuse_size = sides_within(
    SIDES, f"the largest offered: {SIDES[-1]}x{SIDES[-1]}; janko's largest is 30x30")
"""Why a size is not made (``None``: it is)."""


def with_variant(spec: StructureGenre, variant: str) -> StructureGenre:
    """Numberlink's spec for a variant of its text header (``full``: every cell on a line)."""
    if variant != FILLED:
        raise InputError(f"unknown Numberlink variant {variant!r}", source="--variant",
                         hint=f"--variant {FILLED} (every cell on a line), or leave it out")
    return replace(spec, search=partial(search, filled=True),
                   symmetric=partial(search_symmetric, filled=True))


def search(rng: random.Random, width: int, height: int, filled: bool = False) -> Made | None:
    """One candidate: a path, its lines, cut where a second answer differs."""
    lines = (long_lines(rng, width, height) if width * height <= LONG_UP_TO and not filled else
             cut_lines(rng, random_path(rng, width, height), width, height))
    return made_unique(rng, lines, width, height, None, filled)


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
            if symmetry is None and not filled:
                lines, answer = _joined_while_unique(rng, lines, width, height, filled, answer)
                puzzle, _ = _puzzle(lines, width, height, filled)
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


def _joined_while_unique(rng: random.Random, lines: list[Line], width: int, height: int,
                         filled: bool, answer: NumberlinkSolution
                         ) -> tuple[list[Line], NumberlinkSolution]:
    """Unique ``lines`` with two of them joined end to end while the puzzle stays unique,
    within ``JOIN_TRIALS`` proofs (module docstring, step 4), and their answer."""
    failed: set[tuple[Cell, ...]] = set()
    for _ in range(JOIN_TRIALS):
        layouts = [trial for trial in joins(lines, width, height)
                   if tuple(trial[-1]) not in failed]
        if not layouts:
            break
        trial = rng.choice(layouts)
        unique, proven, _ = prove(_puzzle(trial, width, height, filled)[0])
        if unique:
            lines, answer = trial, proven
        else:
            failed.add(tuple(trial[-1]))
    return lines, answer


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
    return backbite(rng, path, lambda cell: grid_neighbours(cell, height, width))

