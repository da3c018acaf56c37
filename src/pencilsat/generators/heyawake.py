"""Heyawake's open puzzle for the clue maker: the grid tiled with random rectangular rooms
(:func:`~pencilsat.puzzles.random_regions.random_rectangles`), no number.

Rooms are rectangles, as Nikoli's are, of 2 to :data:`LARGEST_ROOM` cells and sides of at
most :data:`LONGEST_SIDE` (a 1x1 room only where nothing larger fits); janko's rooms are
mostly 2 to 12 cells. The clues are the rooms' numbers. Larger rooms leave more answers
that every number together does not pin: at 10x10, seeds 1-10, rooms up to 16 cells and 4
a side took a median 8 answers per puzzle (0.7 s of CPU), up to 9 cells and 3 a side 2
(0.16 s).

The answer and the trials are on incremental solvers with lazy connectivity
(``generators/heyawake_trials.py``): the complete clause list (reachability layers) and the
default strategy's full solves per trial took a median 2.5 s of CPU at 15x15 and minutes on
some 20x20 seeds.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle
from pencilsat.puzzles.random_regions import random_rectangles

LARGEST_ROOM = 9
LONGEST_SIDE = 3
SMALLEST_SIDE = 2
"""The narrowest grid drawn (a 1-wide Heyawake has a room per stretch and little to ask)."""
LARGEST_CELLS = 400
"""The largest grid drawn: the rooms' numbers together pin fewer drawn answers as the grid
grows (20x20, seeds 1-24: 2-118 answers per puzzle; 25x25: none of 200), so past 20x20 the
budget runs out."""

NO_SYMMETRY = ("a room's number stands at the room's first cell and the rooms are drawn without "
               "symmetry")
"""Why ``--symmetry`` is refused."""


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if min(width, height) < SMALLEST_SIDE:
        return f"width and height must be at least {SMALLEST_SIDE}"
    if width * height > LARGEST_CELLS:
        return (f"at most {LARGEST_CELLS} cells (e.g. 20x20): past it the rooms' numbers "
                "rarely pin a drawn answer, and the budget of answers runs out")
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> HeyawakePuzzle:
    """The grid tiled with random rooms, none numbered."""
    rooms = random_rectangles(rng, width, height, LARGEST_ROOM, largest_side=LONGEST_SIDE,
                              smallest_area=2)
    return HeyawakePuzzle(rooms.ids, np.full((height, width), NO_CLUE, dtype=np.int32))
