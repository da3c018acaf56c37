"""The genres :class:`~pencilsat.generators.clue_maker.ClueMaker` makes: one spec line each,
with the open puzzle (the structure with no clue) of a size."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.generators.clue_maker import ClueGenre


def _at_least_2(width: int, height: int) -> str | None:
    return None if min(width, height) >= 2 else "width and height must be at least 2"


def open_slant(rng: random.Random, width: int, height: int) -> object:
    from pencilsat.puzzles.slant import NO_CLUE, SlantPuzzle

    return SlantPuzzle(np.full((height + 1, width + 1), NO_CLUE, dtype=np.int8))


CLUE_GENRES: dict[str, ClueGenre] = {spec.genre: spec for spec in (
    ClueGenre("slant", open_slant, refuse=_at_least_2,
              frame=lambda width, height: (width + 1, height + 1)),
)}
"""By registry name; ``generators/genres.py`` lists them for the command line."""
