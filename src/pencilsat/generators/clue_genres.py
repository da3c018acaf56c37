"""The genres :class:`~pencilsat.generators.clue_maker.ClueMaker` makes: one spec line each,
with the open puzzle (the structure with no clue) of a size."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from pencilsat.generators import (
    hashi,
    heyawake,
    heyawake_trials,
    hitori,
    jigsawsudoku,
    kakuro,
    killersudoku,
    ripple,
    shakashaka,
    shikaku,
    tents,
    yajilin,
)
from pencilsat.generators.clue_maker import ClueGenre
from pencilsat.generators.digit_trials import jigsaw_trials, killer_trials
from pencilsat.generators.grid_answers import random_blocks, random_shading
from pencilsat.generators.slant_trials import slant_trials

BLOCK_DRAWS = 20
"""Fillomino layouts drawn per answer, looking for one without a block past ``LARGEST_PLAIN``."""
LARGEST_PLAIN = 9
"""The largest block a Fillomino answer has when no merge made it (``BLOCK_SIZES`` up to 8,
one cell more to leave a touch)."""


def _at_least_2(width: int, height: int) -> str | None:
    return None if min(width, height) >= 2 else "width and height must be at least 2"


def open_slant(rng: random.Random, width: int, height: int) -> object:
    from pencilsat.puzzles.slant import NO_CLUE, SlantPuzzle

    return SlantPuzzle(np.full((height + 1, width + 1), NO_CLUE, dtype=np.int8))


def open_kurodoko(rng: random.Random, width: int, height: int) -> object:
    from pencilsat.puzzles.kurodoko import KurodokoPuzzle

    return KurodokoPuzzle(np.zeros((height, width), dtype=np.int32))


def draw_kurodoko(open_puzzle: Any, rng: random.Random) -> object:
    from pencilsat.puzzles.kurodoko import KurodokoSolution

    return KurodokoSolution(random_shading(open_puzzle.width, open_puzzle.height, rng))


def open_fillomino(rng: random.Random, width: int, height: int) -> object:
    from pencilsat.puzzles.fillomino import FillominoPuzzle

    return FillominoPuzzle(np.zeros((height, width), dtype=np.int32))


def draw_fillomino(open_puzzle: Any, rng: random.Random) -> object:
    """Block layouts drawn until none has a block merged past ``LARGEST_PLAIN`` cells (at
    10x10 about a third of the layouts; past 15x15 almost none), at most ``BLOCK_DRAWS``,
    the last one kept otherwise: merged blocks make the trials slower."""
    from pencilsat.puzzles.fillomino import FillominoSolution

    for _ in range(BLOCK_DRAWS):
        sizes = random_blocks(open_puzzle.width, open_puzzle.height, rng)
        if int(sizes.max()) <= LARGEST_PLAIN:
            break
    return FillominoSolution(sizes)


def open_skyscrapers(rng: random.Random, width: int, height: int) -> object:
    from pencilsat.puzzles.skyscrapers import SkyscrapersPuzzle

    return SkyscrapersPuzzle(np.zeros((4, width), dtype=np.int16),
                             np.zeros((width, width), dtype=np.int16), width)


def _skyscrapers_size(width: int, height: int) -> str | None:
    if width != height:
        return "the grid is square"
    return None if 3 <= width <= 9 else "the side is 3 to 9 (one digit per height)"


def open_nonogram(rng: random.Random, width: int, height: int) -> object:
    from pencilsat.puzzles.nonogram import NonogramPuzzle

    return NonogramPuzzle((None,) * height, (None,) * width)


CLUE_GENRES: dict[str, ClueGenre] = {spec.genre: spec for spec in (
    ClueGenre("slant", open_slant, refuse=_at_least_2, trials=slant_trials,
              frame=lambda width, height: (width + 1, height + 1)),
    ClueGenre("kurodoko", open_kurodoko, refuse=_at_least_2, draw=draw_kurodoko),
    ClueGenre("fillomino", open_fillomino, refuse=_at_least_2, draw=draw_fillomino,
              start_full=True),
    ClueGenre("skyscrapers", open_skyscrapers, refuse=_skyscrapers_size,
              size_hint="e.g. 6x6", counted="counts"),
    ClueGenre("nonogram", open_nonogram, refuse=_at_least_2, counted="lines"),
    ClueGenre("jigsawsudoku", jigsawsudoku.open_puzzle, refuse=jigsawsudoku.refuse_size,
              trials=jigsaw_trials, size_hint="e.g. 9x9"),
    ClueGenre("killersudoku", killersudoku.open_puzzle, refuse=killersudoku.refuse_size,
              trials=killer_trials, size_hint="e.g. 9x9", counted="sums"),
    ClueGenre("ripple", ripple.open_puzzle, refuse=ripple.refuse_size),
    ClueGenre("heyawake", heyawake.open_puzzle, refuse=heyawake.refuse_size,
              drawn=heyawake_trials.drawn, trials=heyawake_trials.room_trials,
              no_symmetry=heyawake.NO_SYMMETRY),
    ClueGenre("tents", tents.open_puzzle, refuse=tents.refuse_size, counted="counts"),
    ClueGenre("shakashaka", shakashaka.open_puzzle, refuse=shakashaka.refuse_size,
              no_symmetry=shakashaka.NO_SYMMETRY),
    ClueGenre("hashi", hashi.open_puzzle, refuse=hashi.refuse_size, drawn=hashi.drawn,
              counted="islands"),
    ClueGenre("hitori", hitori.open_puzzle, refuse=hitori.refuse_size, draw=hitori.draw_answer,
              given=hitori.given_numbers),
    ClueGenre("kakuro", kakuro.open_puzzle, refuse=kakuro.refuse_size, drawn=kakuro.drawn,
              counted="sums"),
    ClueGenre("shikaku", shikaku.open_puzzle, refuse=shikaku.refuse_size, drawn=shikaku.drawn,
              no_symmetry=shikaku.NO_SYMMETRY),
    ClueGenre("yajilin", yajilin.open_puzzle, refuse=yajilin.refuse_size, drawn=yajilin.drawn,
              given=yajilin.given_arrows),
)}
"""By registry name, which names this table in each genre's ``Genre.generate``."""
