"""Targets on a study measure, for genres without a human-technique grader (Slitherlink,
Nurikabe, Slant, Skyscrapers, Jigsaw Sudoku, Tents).

The measure is ``gup.up_open`` of ``pencilsat study`` (``study.generation.up_open``: the
share of answer atoms unit propagation and the loop rule leave open from the clues; higher
is harder). The study lives in the command line's layer, above the generators, so the
caller hands the function in (``Order(..., measure=up_open)``; the command line does).

``--score A..B`` asks for a band of it; ``--level L`` for one of three named bands, placed
by where Tatham's Loopy levels fall at 10x10 (``corpus/slitherlink/tatham``, 27 puzzles per
level: easy and normal medians 0.82 and 0.85, middle halves 0.71-0.88; tricky and hard
medians 0.96, tenth percentiles 0.85-0.87).

Nurikabe's measure is ``rules_open`` (``study.generation.rules_open``: the share of cells
without a number that the project's Nurikabe rules leave unsettled), its bands placed on
janko's 10x10 puzzles (docs/generate.md). The clue maker's genres with Tatham levels in the
corpus take ``gup.up_open`` on their complete clause list, with bands placed on his levels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pencilsat.generators.loop import Grading

Measure = Callable[[Any], float]
"""A study measure of a unique puzzle (higher: harder)."""

BANDS: dict[str, tuple[tuple[float, float], ...]] = {
    "slitherlink": ((0.0, 0.6), (0.61, 0.9), (0.91, 1.0)),
    "nurikabe": ((0.0, 0.3), (0.31, 0.55), (0.56, 1.0)),
    "slant": ((0.0, 0.79), (0.8, 1.0)),
    "skyscrapers": ((0.0, 0.2), (0.21, 0.49), (0.5, 1.0)),
    "jigsawsudoku": ((0.0, 0.1), (0.11, 0.43), (0.44, 1.0)),
    "tents": ((0.0, 0.5), (0.51, 1.0)),
}
"""``--level L`` is band ``L - 1`` of the measure: 1 easier than most of Tatham's easy
(unit propagation fixes at least 40% of the lines), 2 his easy and normal (their 10th to
90th percentiles: 0.61-0.91), 3 his tricky and hard (medians 0.96). The gaps between bands
are about two lines of 220 at 10x10, so that a score has one level. Nurikabe: janko's 401
10x10 puzzles split at their quartile 0.29 and median 0.56 (106, 88 and 199 of them in
bands 1-3, 8 between), where SAT conflicts per cell rise (medians 0.71, 1.00, 2.55).
Slant (``gup.up_open`` on its complete clause list): Tatham's two levels, split between his
easy (8x8 and 12x10, 20 each: at most 0.74) and his hard (at least 0.84). Skyscrapers:
1 below the first third of Tatham's easy, 2 the rest of his easy (at most 0.46 at 5x5 and
6x6), 3 his hard, extreme and unreasonable (118 of 120 at least 0.5). Jigsaw Sudoku: 1
unit propagation alone solves it (all of his trivial and basic), 2 his intermediate (median
0.39), 3 his advanced and above (median 0.46). Tents, at 10x10: his easy (15 of 20 at most 0.5) and
tricky (19 of 20 from 0.51); at 15x15 16 of his 20 easy fall in band 2. docs/generate.md
has the tables."""

SCORE_CEILING = 1.0
"""The highest value the measure takes (every atom open): a band that reaches it is the
top one, which the loop's chain reaches without grading along it."""

MEASURE_NAMES = {"slitherlink": "gup.up_open", "nurikabe": "rules_open",
                 "slant": "gup.up_open", "skyscrapers": "gup.up_open",
                 "jigsawsudoku": "gup.up_open", "tents": "gup.up_open"}


@dataclass(frozen=True)
class StudyMeasure:
    """A genre's study measure as the loop's grade: the score is the measure, the level the
    band it falls in (``None`` between bands)."""

    genre: str
    function: Measure

    @property
    def bands(self) -> tuple[tuple[float, float], ...]:
        return BANDS[self.genre]

    @property
    def scale(self) -> str:
        return (f"bands of the study measure {MEASURE_NAMES[self.genre]}, "
                f"1-{len(self.bands)}")

    def level_of(self, score: float) -> int | None:
        return next((i + 1 for i, (low, high) in enumerate(self.bands)
                     if low <= score <= high), None)

    def grade(self, puzzle: Any) -> Grading:
        score = float(self.function(puzzle))
        return Grading(self.level_of(score), score)
