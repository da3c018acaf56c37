"""The Light Up score: Kashima's level and what it leaves out, at any size, read from the log.

Kashima's habituated cost adds up every step, so it grows with the board and says little about
the single hard deduction a puzzle turns on; Tatham grades by exactly that (the hardest
technique his solver needs). The score mixes the two readings with size-free features:
Kashima's level itself (alone it ranked Tatham's levels within a size better than the score
without it: 0.80 / 0.79 / 0.84 at 10x10 / 18x10 / 24x14 against 0.77 / 0.78 / 0.79), the cost
brought to 10x10 size, the dearest technique used, how many steps needed a technique that
looks past a clue's own neighbours (Table 4.7 cost 7 and up) or one of the pattern techniques
(cost 13 and up) per 100 cells, how early the first pattern came (the share of the solve still
to come), and the contradiction trials (how many, how many assumptions they took, how deep
they ran and nested). Held out, the score now gives 0.84 / 0.79 / 0.84 on Tatham's sizes and
0.79 on Tatham's grade of janko. A step's ``options`` is the number of anchors its technique
applied at when it was chosen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pencilsat.grading.score import ScoreModel, log_count
from pencilsat.grading.steps import Step

HARD_COST = 13
"""Table 4.7 base cost from which a technique is a pattern rather than counting (T20 up)."""

MID_COST = 7
"""Table 4.7 base cost from which a technique looks past a clue's own neighbours (diagonal
exclusion, T11, and up)."""

FEATURES: dict[str, str] = {
    "level": "Kashima's level (1-7) on the cost brought to 10x10 size",
    "size_cost": "habituated cost x sqrt(100 / cells), in tens",
    "dearest": "base cost of the dearest technique used (a trial: 30), in tens",
    "mid_steps": "log(1 + steps of techniques of base cost >= 7 per 100 cells)",
    "hard_steps": "log(1 + steps of techniques of base cost >= 13 per 100 cells)",
    "distinct_hard": "log(1 + distinct techniques of base cost >= 13 used, the trial included)",
    "top3": "mean base cost of the three dearest distinct techniques used, in tens",
    "first_hard": "share of the steps still to come at the first one of base cost >= 13 (0 "
                  "without one): how early the solve needs a pattern",
    "lone_steps": "share of steps whose technique applied at one anchor only",
    "trials": "log(1 + contradiction trials)",
    "trial_attempts": "log(1 + assumptions tried, mean over trials)",
    "trial_depth": "log(1 + deductions in the deciding trial, mean over trials)",
    "nesting": "deepest trial nesting (0 without trials)",
}

MODEL = ScoreModel({
    "level": 0.0091,
    "size_cost": 0.0023,
    "dearest": 0.0138,
    "mid_steps": 0.0211,
    "hard_steps": 0.0156,
    "distinct_hard": 0.0321,
    "top3": 0.0168,
    "first_hard": 0.0624,
    "lone_steps": 0.0161,
    "trials": 0.0035,
    "trial_attempts": 0.0012,
    "trial_depth": 0.0032,
    "nesting": 0.0029,
})
"""Weights fitted by ``python benchmarks/grade_score.py --genre lightup`` (pairwise ranking,
ridge 0.1; docs/graders.md gives the held-out figures)."""


def lightup_features(steps: Sequence[Step], level: int, width: int, height: int
                     ) -> dict[str, float]:
    """The features of one grade, named as in :data:`FEATURES`."""
    from pencilsat.grading.lightup.catalogue import BY_NAME

    cells = width * height
    bases = [BY_NAME[s.technique].cost for s in steps]
    used = {s.technique: BY_NAME[s.technique].cost for s in steps}
    trials = [s.trial for s in steps if s.trial is not None]
    cost = sum(s.cost or 0.0 for s in steps)
    return {
        "level": float(level),
        "size_cost": cost * math.sqrt(100 / cells) / 10,
        "dearest": max(bases, default=0) / 10,
        "mid_steps": log_count(100 * sum(1 for b in bases if b >= MID_COST) / cells),
        "hard_steps": log_count(100 * sum(1 for b in bases if b >= HARD_COST) / cells),
        "distinct_hard": log_count(sum(1 for b in used.values() if b >= HARD_COST)),
        "top3": sum(sorted(used.values(), reverse=True)[:3]) / 30,
        "first_hard": next((1 - i / len(bases) for i, b in enumerate(bases) if b >= HARD_COST),
                           0.0),
        "lone_steps": (sum(1 for s in steps if s.options == 1) / len(steps)) if steps else 0.0,
        "trials": log_count(len(trials)),
        "trial_attempts": log_count(sum(t.attempts for t in trials) / len(trials))
        if trials else 0.0,
        "trial_depth": log_count(sum(t.depth for t in trials) / len(trials))
        if trials else 0.0,
        "nesting": float(max((t.nesting for t in trials), default=0)),
    }


def lightup_score(steps: Sequence[Step], level: int, width: int, height: int) -> float:
    """The score of one grade: :data:`MODEL` applied to :func:`lightup_features`."""
    return MODEL(lightup_features(steps, level, width, height))
