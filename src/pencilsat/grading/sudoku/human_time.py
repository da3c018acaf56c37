"""``score_time``: how long a person takes to solve a Sudoku, in seconds, with an interval.

The technique score (:mod:`score`) ranks puzzles by the hardest steps they need, as solver
ratings do. People's solving times on mostly easy puzzles follow something else: the time
spent *finding* the next step (Pelánek 2011). The estimate is a log-linear model on three
figures of the grade, two of them models of a person scanning by digit (:mod:`finding`):

- ``sweep``: log of the unit checks of a digit-by-digit sweep (cross-hatching each digit in
  turn over every unit still missing it, staying with a digit while it places) until the
  grid is full: how much looking the puzzle asks for in all;
- ``digits2``: log of the squared digit scan costs summed over a person's path (the easiest
  single first; before each step, the (unit, missing digit) pairs a scan looks at before it
  meets one whose digit has a single place left): the steps that are hard to find, weighed
  more than their share;
- ``technique``: log(1 + the technique score), the hardest steps the grade needs.

``log(seconds) = INTERCEPT + sum(COEFFICIENTS[f] * feature[f])``. The coefficients are
non-negative (every figure grows with difficulty), so the estimate is monotone in each. The
three figures are the ones a forward selection from a declared pool of seventeen figures of
the grade picks on every puzzle and in 12 of 15 training parts of a nested cross-validation
(``benchmarks/score_time.py``). They were fitted by least squares on log mean solving time of
the shared part of the Cloud Sudoku data (Wang 2024: 1,024 puzzles, each the mean of 10-43
players; ``../shared/corpus/sudoku/human/``) with ``python benchmarks/score_time.py``, which
also reports the cross-validated figures (docs/graders.md). The interval is the 10th to 90th
percentile of the held-out errors on that data: about four in five puzzles' mean times fall
in it. It describes the app's players (phone, mean over players), not a single solver.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.finding import finding_measures

FEATURES: dict[str, str] = {
    "sweep": "log of the unit checks of a digit-by-digit sweep (finding.py)",
    "digits2": "log of the squared digit scan costs summed over a person's path (finding.py)",
    "technique": "log(1 + the technique score) (score.py)",
}

INTERCEPT = 2.4506
COEFFICIENTS: dict[str, float] = {
    "sweep": 0.3668,
    "digits2": 0.1143,
    "technique": 0.2330,
}
LOW, HIGH = -0.3026, 0.3632
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


def time_features(clues: Sequence[int], steps: Sequence[Step], technique: float
                  ) -> dict[str, float]:
    """The figures of :data:`FEATURES` for a grade with ``steps`` and technique score
    ``technique`` of the puzzle with ``clues`` (81 digits, 0 for an empty cell)."""
    found = finding_measures(clues, steps)
    return features_of(found, technique)


def features_of(found: Mapping[str, float], technique: float) -> dict[str, float]:
    """The figures of :data:`FEATURES` from a grade's finding measures and technique score."""
    return {"sweep": math.log(max(1.0, found["sweep.checks"])),
            "digits2": math.log(max(1.0, found["person.digits.sq"])),
            "technique": math.log1p(max(0.0, technique))}


def estimate(features: Mapping[str, float]) -> TimeEstimate:
    """The model applied to ``features`` (named as in :data:`FEATURES`)."""
    log_seconds = INTERCEPT + sum(w * features[name] for name, w in COEFFICIENTS.items())
    return TimeEstimate(math.exp(log_seconds), math.exp(log_seconds + LOW),
                        math.exp(log_seconds + HIGH))


def score_time(clues: Sequence[int], steps: Sequence[Step], technique: float) -> TimeEstimate:
    """The human-time estimate of a grade with ``steps`` and technique score ``technique``
    (module doc)."""
    return estimate(time_features(clues, steps, technique))
