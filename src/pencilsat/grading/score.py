"""A difficulty score beside the paper's level: a weighted sum of figures read from the log.

A paper's level is coarse (Sato's Sudoku and Masyu have three) and saturates on hard sets; the
score keeps the level's reading of the log but adds what the level ignores: how many steps
needed a hard technique, how many trials there were and how long they ran, and how often the
solver stood at a bottleneck with few deductions open (Pelánek's finding that the dependency
structure of the steps, not only the hardest technique, makes a puzzle hard).

Each genre's ``score`` module computes its named features from a grade's steps (every feature
grows with difficulty) and holds a :class:`ScoreModel`, weights fitted by
``benchmarks/grade_score.py``: non-negative weights that order the pairs of each labelled set
of the corpus as the labels do (a logistic loss on score differences), checked by 5-fold
cross-validation with folds from a hash of the puzzle id (``docs/graders.md`` gives the
formulas, the weights and the held-out figures). Non-negative weights keep the score
monotone: one more hard step, trial or bottleneck never lowers it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreModel:
    """``score = scale * sum(weight[f] * feature[f])`` over the named features."""

    weights: Mapping[str, float]
    scale: float = 10.0

    def __call__(self, features: Mapping[str, float]) -> float:
        total = sum(weight * features[name] for name, weight in self.weights.items())
        return self.scale * total


def log_count(n: float) -> float:
    """``log(1 + n)``: a count whose first occurrences matter most (the first trial says more
    than the tenth)."""
    return math.log1p(n)
