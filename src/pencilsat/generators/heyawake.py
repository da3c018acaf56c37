"""Heyawake's open puzzle for the clue maker: the grid tiled with random rectangular rooms
(:func:`~pencilsat.puzzles.random_regions.random_rectangles`), no number.

Rooms are rectangles, as Nikoli's are, of 2 to :data:`LARGEST_ROOM` cells and sides of at
most :data:`LONGEST_SIDE` (a 1x1 room only where nothing larger fits); janko's 10x10 rooms
are mostly 2 to 12 cells. The clues are the rooms' numbers.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle
from pencilsat.puzzles.random_regions import random_rectangles

LARGEST_ROOM = 12
LONGEST_SIDE = 4
SMALLEST_SIDE = 2
"""The narrowest grid drawn (a 1-wide Heyawake has a room per stretch and little to ask)."""


def check_size(width: int, height: int) -> None:
    """An ``InputError`` for a size not drawn."""
    if min(width, height) < SMALLEST_SIDE:
        raise InputError(f"cannot generate a {width}x{height} Heyawake",
                         hint=f"width and height must be at least {SMALLEST_SIDE}")


def open_puzzle(rng: random.Random, width: int, height: int) -> HeyawakePuzzle:
    """The grid tiled with random rooms, none numbered."""
    check_size(width, height)
    rooms = random_rectangles(rng, width, height, LARGEST_ROOM, largest_side=LONGEST_SIDE,
                              smallest_area=2)
    return HeyawakePuzzle(rooms.ids, np.full((height, width), NO_CLUE, dtype=np.int32))
