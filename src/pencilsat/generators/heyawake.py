"""Heyawake's open puzzle for the clue maker: the grid tiled with random rectangular rooms
(:func:`~pencilsat.puzzles.random_regions.random_rectangles`), no number.

Rooms are rectangles, as Nikoli's are, of 2 to :data:`LARGEST_ROOM` cells and sides of at
most :data:`LONGEST_SIDE` (a 1x1 room only where nothing larger fits); janko's rooms are
mostly 2 to 12 cells. The clues are the rooms' numbers. Larger rooms leave more answers
that every number together does not pin: at 10x10, seeds 1-10, rooms up to 16 cells and 4
a side took a median 8 answers per puzzle (0.7 s of CPU), up to 9 cells and 3 a side 2
(0.16 s).

The registry names no complete clause list for Heyawake (the study measures none), so the
answer is drawn from the one its encoding gives (:func:`draw_answer`: the rules, with the
unshaded cells' connectivity as reachability layers). The trials are the default
strategy's full solves (lazy cuts): trials on one solver over that list, each number's count
behind a selector, were slower (seeds 1-10, median CPU per puzzle at 10x10 0.76 s against
0.16 s; at 15x15, seeds 1-3, 20 s against 2.5 s), the layers being hard for the solver.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from pencilsat.generators.clue_maker import random_model
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle, HeyawakeSolution
from pencilsat.puzzles.random_regions import random_rectangles

if TYPE_CHECKING:
    from pencilsat.encodings.encoding import ClauseEncoding

LARGEST_ROOM = 9
LONGEST_SIDE = 3
SMALLEST_SIDE = 2
"""The narrowest grid drawn (a 1-wide Heyawake has a room per stretch and little to ask)."""

NO_SYMMETRY = ("a room's number stands at the room's first cell and the rooms are drawn without "
               "symmetry")
"""Why ``--symmetry`` is refused."""


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if min(width, height) < SMALLEST_SIDE:
        return f"width and height must be at least {SMALLEST_SIDE}"
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> HeyawakePuzzle:
    """The grid tiled with random rooms, none numbered."""
    rooms = random_rectangles(rng, width, height, LARGEST_ROOM, largest_side=LONGEST_SIDE,
                              smallest_area=2)
    return HeyawakePuzzle(rooms.ids, np.full((height, width), NO_CLUE, dtype=np.int32))


def complete_list(open_puzzle: HeyawakePuzzle) -> ClauseEncoding:
    """The complete clause list of ``encodings.heyawake.build`` (models: the answers)."""
    from pencilsat.encodings.heyawake import build
    from pencilsat.encodings.shading import complete_encoding

    return complete_encoding("heyawake", build(open_puzzle))


def draw_answer(open_puzzle: HeyawakePuzzle, rng: random.Random) -> HeyawakeSolution | None:
    """A random answer of the rooms: :func:`complete_list` under random phases."""
    answer: HeyawakeSolution | None = random_model(complete_list(open_puzzle), rng)
    return answer
