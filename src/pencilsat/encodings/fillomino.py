"""Fillomino as cells labelled with their block's size
(:class:`~pencilsat.encodings.sized_regions.SizedRegions`): a given number fixes its cell's
size, a ``?`` or an empty cell takes any size its area allows; block sizes are checked on
each model and cut (:meth:`~pencilsat.encodings.sized_regions.SizedRegions.block_cuts`).

The strategies first build it *open* (:func:`open_label`): every size above the givens is
one label, and a model holding it is refused by :class:`OpenSizeFound` (the run starts again
with every size apart), since such a model may stand for several answers.
"""

from __future__ import annotations

import numpy as np

from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.sized_regions import ANCHOR_LEVELS, SMALL_SIZES, SizedRegions
from pencilsat.puzzles.fillomino import FillominoPuzzle, FillominoSolution

FillominoEncoding = ShadingEncoding[FillominoSolution]


class OpenSizeFound(Exception):
    """A model of the open encoding has a cell of the open label: the run must be made
    again with every size apart."""


def open_label(puzzle: FillominoPuzzle) -> int:
    """The label of every size above the givens (and above
    :data:`~pencilsat.encodings.sized_regions.SMALL_SIZES`)."""
    return max(SMALL_SIZES, int(puzzle.numbers.max(initial=0))) + 1


def regions(puzzle: FillominoPuzzle, *, deadline: float | None = None,
            open_from: int | None = None, anchor_levels: int = ANCHOR_LEVELS,
            rings: bool = False) -> SizedRegions:
    """The size-labelled cells of ``puzzle`` (a ``?`` is free, as an empty cell); sizes from
    ``open_from`` on as one label when given; a given's block anchored as levels within
    ``anchor_levels`` variables; no size past the puzzle's largest block when it has one;
    the ring clauses with ``rings``."""
    return SizedRegions(np.where(puzzle.numbers > 0, puzzle.numbers, 0), deadline=deadline,
                        open_from=open_from, anchor_levels=anchor_levels,
                        largest=puzzle.largest or None, rings=rings)


def solution_of(sizes: np.ndarray, open_from: int | None = None) -> FillominoSolution:
    """The answer of a model's size grid; :class:`OpenSizeFound` when a cell has the open
    label ``open_from``."""
    if open_from is not None and bool((sizes == open_from).any()):
        raise OpenSizeFound(f"a block of {open_from} cells or more")
    return FillominoSolution(sizes)


def build(puzzle: FillominoPuzzle, *, deadline: float | None = None,
          open_from: int | None = None, anchor_levels: int = ANCHOR_LEVELS,
          rings: bool = False) -> FillominoEncoding:
    """The encoding of ``puzzle`` (sizes from ``open_from`` on as one label when given;
    ``anchor_levels`` and ``rings`` as :func:`regions`); ``TimeLimitReached`` once
    ``deadline`` (a ``perf_counter`` time) has passed."""
    return regions(puzzle, deadline=deadline, open_from=open_from,
                   anchor_levels=anchor_levels, rings=rings).encoding(
        lambda sizes: solution_of(sizes, open_from))
