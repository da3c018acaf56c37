"""The Light Up score: Kashima's cost and what it leaves out, at any size, read from the log.

Kashima's habituated cost adds up every step, so it grows with the board and says little about
the single hard deduction a puzzle turns on; Tatham grades by exactly that (the hardest
technique his solver needs). The score mixes the two readings with size-free features: the
cost brought to 10x10 size, the dearest technique used, how many steps needed one of the
pattern techniques (Table 4.7 cost 13 and up) per 100 cells, and the contradiction trials
(how many, how many assumptions they took, how deep they ran and nested). A step's
``options`` is the number of anchors its technique applied at when it was chosen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pencilsat.grading.score import ScoreModel, log_count
from pencilsat.grading.steps import Step

HARD_COST = 13
"""Table 4.7 base cost from which a technique is a pattern rather than counting (T20 up)."""

FEATURES: dict[str, str] = {
    "size_cost": "habituated cost x sqrt(100 / cells), in tens",
    "dearest": "base cost of the dearest technique used (a trial: 30), in tens",
    "hard_steps": "log(1 + steps of techniques of base cost >= 13 per 100 cells)",
    "distinct_hard": "log(1 + distinct techniques of base cost >= 13 used, the trial included)",
    "top3": "mean base cost of the three dearest distinct techniques used, in tens",
    "lone_steps": "share of steps whose technique applied at one anchor only",
    "trials": "log(1 + contradiction trials)",
    "trial_attempts": "log(1 + assumptions tried, mean over trials)",
    "trial_depth": "log(1 + deductions in the deciding trial, mean over trials)",
    "nesting": "deepest trial nesting (0 without trials)",
}

MODEL = ScoreModel({
    "size_cost": 0.0032,
    "dearest": 0.0108,
    "hard_steps": 0.0256,
    "distinct_hard": 0.1176,
    "top3": 0.0,
    "lone_steps": 0.0648,
    "trials": 0.0,
    "trial_attempts": 0.0,
    "trial_depth": 0.0,
    "nesting": 0.0,
})
"""Weights fitted by ``python benchmarks/grade_score.py --genre lightup`` (pairwise ranking;
docs/graders.md gives the held-out figures)."""


def lightup_features(steps: Sequence[Step], width: int, height: int) -> dict[str, float]:
    """The features of one grade, named as in :data:`FEATURES`."""
    from pencilsat.grading.lightup.catalogue import BY_NAME

    cells = width * height
    bases = [BY_NAME[s.technique].cost for s in steps]
    used = {s.technique: BY_NAME[s.technique].cost for s in steps}
    trials = [s.trial for s in steps if s.trial is not None]
    cost = sum(s.cost or 0.0 for s in steps)
    return {
        "size_cost": cost * math.sqrt(100 / cells) / 10,
        "dearest": max(bases, default=0) / 10,
        "hard_steps": log_count(100 * sum(1 for b in bases if b >= HARD_COST) / cells),
        "distinct_hard": log_count(sum(1 for b in used.values() if b >= HARD_COST)),
        "top3": sum(sorted(used.values(), reverse=True)[:3]) / 30,
        "lone_steps": (sum(1 for s in steps if s.options == 1) / len(steps)) if steps else 0.0,
        "trials": log_count(len(trials)),
        "trial_attempts": log_count(sum(t.attempts for t in trials) / len(trials))
        if trials else 0.0,
        "trial_depth": log_count(sum(t.depth for t in trials) / len(trials))
        if trials else 0.0,
        "nesting": float(max((t.nesting for t in trials), default=0)),
    }


def lightup_score(steps: Sequence[Step], width: int, height: int) -> float:
    """The score of one grade: :data:`MODEL` applied to :func:`lightup_features`."""
    return MODEL(lightup_features(steps, width, height))
