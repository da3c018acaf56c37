"""Rectangular boxes of the digit genres (Sudoku 6x6, Killer Sudoku, Tatham's Solo ``cxr``):
an ``N x N`` grid cut into boxes ``width`` wide and ``height`` tall (``width * height = N``),
and the header word ``BWxBH`` (``3x2``: boxes 3 wide, 2 tall) the text formats name them by.

Shared by the Sudoku and Killer Sudoku models, which import nothing of each other. The
input detector reads :data:`BOX_WORD` on every run, so the module imports no dataclass
(:class:`Regions` is loaded when boxes are first built).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from pencilsat.puzzles.regions import Regions

BOX_WORD = re.compile(r"([1-9]\d?)x([1-9]\d?)", re.ASCII)
"""The header word of a box shape: width, then height (``3x2``: 3 wide, 2 tall)."""


@lru_cache(maxsize=16)
def rectangular_boxes(side: int, width: int, height: int) -> Regions:
    """The boxes of a grid cut into ``width x height`` rectangles (kept per shape: a
    :class:`Regions` is immutable, and building one costs more than a settled solve)."""
    from pencilsat.puzzles.regions import Regions

    rows, cols = np.indices((side, side))
    return Regions.from_labels((rows // height) * (side // width) + cols // width)


def box_word(text: str) -> tuple[int, int] | None:
    """The ``(width, height)`` of a header word ``BWxBH``, None when ``text`` is no such
    word."""
    match = BOX_WORD.fullmatch(text)
    return (int(match.group(1)), int(match.group(2))) if match else None
