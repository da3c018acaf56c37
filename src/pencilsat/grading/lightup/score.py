"""The Light Up score: Kashima's level and what it leaves out, at any size, read from the log
and from a run of the counting techniques alone.

Kashima's habituated cost adds up every step, so it grows with the board and says little about
the single hard deduction a puzzle turns on; Tatham grades by exactly that (the hardest
technique his solver needs). The score mixes the two readings with size-free features:
Kashima's level itself (alone it ranked Tatham's levels within a size better than the score
without it: 0.80 / 0.79 / 0.84 at 10x10 / 18x10 / 24x14 against 0.77 / 0.78 / 0.79), the cost
brought to 10x10 size, the dearest technique used, how many steps needed a technique that
looks past a clue's own neighbours (Table 4.7 cost 7 and up) or one of the pattern techniques
(cost 13 and up) per 100 cells, how early the first pattern came (the share of the solve still
to come), and the contradiction trials (how many, how many assumptions they took, how deep
they ran and nested), how early the first step of cost 7 and up came, and which of the 25
techniques were used at all (one 0/1 feature each, with its own non-negative weight: the fit,
not Table 4.7's cost, says what a technique's use adds), and what counting alone leaves: the
share of white cells the six counting techniques (T1-T4, T8, T9) leave unlit when run by
themselves, and whether they leave any (:mod:`counting`). Tatham's "easy" is exactly what
counting finishes, while the grader's own log, cheapest technique first, may use diagonal
exclusion (cost 7) before rescue (cost 9) on a puzzle that counting finishes. Held out, the
score gives 0.891 / 0.867 / 0.849 on Tatham's 10x10 / 18x10 / 24x14 and 0.840 on Tatham's grade
of janko (docs/graders.md). A step's ``options`` is the number of anchors its technique
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
    "first_mid": "share of the steps still to come at the first one of base cost >= 7 (0 "
                 "without one): how early the solve needs more than a clue's own neighbours",
    "counting_open": "share of the white cells the counting techniques alone (T1-T4, T8, "
                     "T9) leave unlit",
    "beyond_counting": "1 when counting alone does not finish the puzzle, else 0",
    **{f"uses_t{n}": f"1 when technique T{n} (thesis numbering) was used, else 0"
       for n in range(1, 26)},
}

MODEL = ScoreModel({
    "level": 0.0047,
    "size_cost": 0.0011,
    "dearest": 0.0096,
    "mid_steps": 0.0056,
    "hard_steps": 0.0102,
    "distinct_hard": 0.0164,
    "top3": 0.0096,
    "first_hard": 0.0335,
    "lone_steps": 0.0,
    "trials": 0.0037,
    "trial_attempts": 0.0013,
    "trial_depth": 0.0068,
    "nesting": 0.0063,
    "first_mid": 0.0275,
    "counting_open": 0.0266,
    "beyond_counting": 0.0548,
    "uses_t1": 0.0011,
    "uses_t2": 0.0105,
    "uses_t3": 0.0087,
    "uses_t4": 0.0,
    "uses_t5": 0.0,
    "uses_t6": 0.0092,
    "uses_t7": 0.0121,
    "uses_t8": 0.0,
    "uses_t9": 0.0026,
    "uses_t10": 0.0014,
    "uses_t11": 0.0156,
    "uses_t12": 0.0236,
    "uses_t13": 0.0038,
    "uses_t14": 0.0,
    "uses_t15": 0.0224,
    "uses_t16": 0.0023,
    "uses_t17": 0.0131,
    "uses_t18": 0.0021,
    "uses_t19": 0.0,
    "uses_t20": 0.0212,
    "uses_t21": 0.0285,
    "uses_t22": 0.0234,
    "uses_t23": 0.0242,
    "uses_t24": 0.0186,
    "uses_t25": 0.0137,
})
"""Weights fitted by ``python benchmarks/grade_score.py --genre lightup`` (pairwise ranking,
ridge 0.1; docs/graders.md gives the held-out figures)."""


def lightup_features(steps: Sequence[Step], level: int, width: int, height: int, *,
                     counting_open: float = 0.0) -> dict[str, float]:
    """The features of one grade, named as in :data:`FEATURES`; ``counting_open`` is the
    share of white cells the counting techniques alone leave unlit (the grade's
    ``extras.counting_open``, :func:`~pencilsat.grading.lightup.counting.counting_open`)."""
    from pencilsat.grading.lightup.catalogue import BY_NAME

    cells = width * height
    bases = [BY_NAME[s.technique].cost for s in steps]
    used = {s.technique: BY_NAME[s.technique].cost for s in steps}
    numbers = {BY_NAME[s.technique].number for s in steps}
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
        "first_mid": next((1 - i / len(bases) for i, b in enumerate(bases) if b >= MID_COST),
                          0.0),
        "counting_open": counting_open,
        "beyond_counting": float(counting_open > 0),
        **{f"uses_t{n}": float(n in numbers) for n in range(1, 26)},
    }


def lightup_score(steps: Sequence[Step], level: int, width: int, height: int, *,
                  counting_open: float = 0.0) -> float:
    """The score of one grade: :data:`MODEL` applied to :func:`lightup_features`."""
    return MODEL(lightup_features(steps, level, width, height, counting_open=counting_open))
