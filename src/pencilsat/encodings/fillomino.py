"""Fillomino as cells labelled with their block's size
(:class:`~pencilsat.encodings.sized_regions.SizedRegions`): a given number fixes its cell's
size, a ``?`` or an empty cell takes any size its area allows; block sizes are checked on
each model and cut (:meth:`~pencilsat.encodings.sized_regions.SizedRegions.block_cuts`).
"""

from __future__ import annotations

import numpy as np

from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.sized_regions import SizedRegions
from pencilsat.puzzles.fillomino import FillominoPuzzle, FillominoSolution

FillominoEncoding = ShadingEncoding[FillominoSolution]


def regions(puzzle: FillominoPuzzle, *, deadline: float | None = None) -> SizedRegions:
    """The size-labelled cells of ``puzzle`` (a ``?`` is free, as an empty cell)."""
    return SizedRegions(np.where(puzzle.numbers > 0, puzzle.numbers, 0), deadline=deadline)


def build(puzzle: FillominoPuzzle, *, deadline: float | None = None) -> FillominoEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    return regions(puzzle, deadline=deadline).encoding(FillominoSolution)
