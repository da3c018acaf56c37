"""``score_time``: how long a person takes to solve a Sudoku, in seconds, with an interval.

The technique score (:mod:`score`) ranks puzzles by the hardest steps they need, as solver
ratings do. People's solving times on mostly easy puzzles follow something else: the time
spent *finding* the next step (Pelánek 2011). The estimate is a log-linear model on three
figures of the grade, two of them models of a person scanning by digit (:mod:`finding`):

- ``sweep``: log of the unit checks of a digit-by-digit sweep (cross-hatching each digit in
  turn over every unit still missing it, staying with a digit while it places) until the
  grid is full: how much looking the puzzle asks for in all;
- ``digits``: log of the digit scan costs summed over a person's path (the easiest single
  first; before each step, the (unit, missing digit) pairs a scan looks at before it meets
  one whose digit has a single place left): how hard each next step is to find;
- ``level``: Sato's level (1-3), the technique the hardest step needs.

``log(seconds) = INTERCEPT + sum(COEFFICIENTS[f] * feature[f])``. The coefficients are
non-negative (every figure grows with difficulty), so the estimate is monotone in each. They
were fitted by least squares on log mean solving time of the shared part of the Cloud Sudoku
data (Wang 2024: 1,024 puzzles, each the mean of 10-43 players; ``../shared/corpus/sudoku/
human/``) with ``python benchmarks/score_time.py``, which also reports the 5-fold
cross-validated figures (docs/graders.md). The interval is the 10th to 90th percentile of the
held-out errors on that data: about four in five puzzles' mean times fall in it. It describes
the app's players (phone, mean over players), not a single solver.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.finding import finding_measures

FEATURES: dict[str, str] = {
    "sweep": "log of the unit checks of a digit-by-digit sweep (finding.py)",
    "digits": "log of the digit scan costs summed over a person's path (finding.py)",
    "level": "Sato's level after the level-up rule (1-3)",
}

INTERCEPT = 1.5033
COEFFICIENTS: dict[str, float] = {
    "sweep": 0.4338,
    "digits": 0.2415,
    "level": 0.1186,
}
LOW, HIGH = -0.3119, 0.3633
"""The 10th and 90th percentiles of the held-out errors in log seconds: the interval's
bounds around the estimate."""
FITTED = "python benchmarks/score_time.py"
"""The command that fitted :data:`INTERCEPT`, :data:`COEFFICIENTS`, :data:`LOW` and
:data:`HIGH` (its ``--check`` compares a new fit with them)."""


@dataclass(frozen=True)
class TimeEstimate:
    """A human solving time in seconds, and an interval about four in five puzzles' mean
    times fall in."""

    seconds: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"seconds": round(self.seconds, 1), "low": round(self.low, 1),
                "high": round(self.high, 1)}

    def text(self) -> str:
        """``about 419 s (302-600 s)``: the text report's form."""
        return f"about {self.seconds:.0f} s ({self.low:.0f}-{self.high:.0f} s)"


def time_features(clues: Sequence[int], steps: Sequence[Step], level: int) -> dict[str, float]:
    """The figures of :data:`FEATURES` for a grade with ``steps`` and ``level`` of the puzzle
    with ``clues`` (81 digits, 0 for an empty cell)."""
    found = finding_measures(clues, steps)
    return {"sweep": math.log(max(1.0, found["sweep.checks"])),
            "digits": math.log(max(1.0, found["person.digits.sum"])), "level": float(level)}


def estimate(features: Mapping[str, float]) -> TimeEstimate:
    """The model applied to ``features`` (named as in :data:`FEATURES`)."""
    log_seconds = INTERCEPT + sum(w * features[name] for name, w in COEFFICIENTS.items())
    return TimeEstimate(math.exp(log_seconds), math.exp(log_seconds + LOW),
                        math.exp(log_seconds + HIGH))


def score_time(clues: Sequence[int], steps: Sequence[Step], level: int) -> TimeEstimate:
    """The human-time estimate of a grade (module doc)."""
    return estimate(time_features(clues, steps, level))
