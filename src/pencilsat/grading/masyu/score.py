"""The Masyu score: Sato's level plus what it leaves out, at any size, read from the log.

Sato's three levels say which technique set finished the puzzle, so a puzzle that needs one
level-2 deduction and one that needs fifty are both level 2, and a tricky puzzle whose trick
is one of Sato's level-1 techniques (one-step closing, the long-line retry) is level 1. The
score adds, with size-free features: how much the lower levels left undecided when they
stalled, how often the basic rules ran dry so that a general technique had to be looked for
(the bottlenecks of Pelánek's dependency structure: each general-technique step is taken
where the five basic rules found nothing), how often even the short-line window found nothing
and TJWLONG's long-line retry was needed, the harder techniques' steps per 100 cells, the
trials, and tedium.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pencilsat.grading.score import ScoreModel, log_count
from pencilsat.grading.steps import Step

if TYPE_CHECKING:
    from pencilsat.grading.masyu.engine import MasyuExtras

BASIC_RULES = frozenset({"SIROMSKETU1", "KUROMSKETU1", "AKIMSKETU", "SIROMSKETU2",
                         "KUROMSKETU2", "SIROMSKETU3", "KUROMSKETU3"})
"""The first clues and the basic rules run to a fixpoint before any general technique."""

FEATURES: dict[str, str] = {
    "level": "Sato's level after the tedium rule (1-3)",
    "left_open_1": "share of the borders level 1's solve left undecided (0 if it finished)",
    "left_open_2": "share of the borders level 2's solve left undecided (0 if it finished)",
    "level1_closings": "log(1 + general-technique steps of the level-1 solve per 100 cells)",
    "bottlenecks": "log(1 + general-technique steps of the final solve per 100 cells): "
                   "points where the basic rules ran dry",
    "long_retries": "log(1 + stuck points of the short-line window per 100 cells, every "
                    "level's solve)",
    "long_finds": "log(1 + deductions only the long-line retry found per 100 cells, every "
                  "level's solve)",
    "level2_steps": "log(1 + steps of level-2 techniques per 100 cells)",
    "level3_steps": "log(1 + steps of level-3 techniques other than trials per 100 cells)",
    "trials": "log(1 + MUJYUNSYORI trials run)",
    "tedium": "log(1 + tedium points at the worst stuck point of any level's solve)",
}

MODEL = ScoreModel({
    "level": 0.0,
    "left_open_1": 0.0,
    "left_open_2": 0.1754,
    "level1_closings": 0.0,
    "bottlenecks": 0.0973,
    "long_retries": 0.0,
    "long_finds": 0.0,
    "level2_steps": 0.0182,
    "level3_steps": 0.0575,
    "trials": 0.0209,
    "tedium": 0.0075,
})
"""Weights fitted by ``python benchmarks/grade_score.py --genre masyu --every 2`` (pairwise
ranking; docs/graders.md gives the held-out figures)."""


def masyu_features(steps: Sequence[Step], extras: MasyuExtras, level: int, width: int,
                   height: int) -> dict[str, float]:
    """The features of one grade, named as in :data:`FEATURES`."""
    per_100 = 100 / (width * height)
    general = [s for s in steps if s.technique not in BASIC_RULES]
    left = list(extras.left_open) + [0.0, 0.0]
    return {
        "level": float(level),
        "left_open_1": left[0],
        "left_open_2": left[1],
        "level1_closings": log_count(per_100 * extras.level1_general),
        "bottlenecks": log_count(per_100 * len(general)),
        "long_retries": log_count(per_100 * extras.stuck_points),
        "long_finds": log_count(per_100 * extras.long_finds),
        "level2_steps": log_count(per_100 * sum(1 for s in steps if s.level == 2)),
        "level3_steps": log_count(per_100 * sum(1 for s in steps if s.level == 3
                                                 and s.technique != "MUJYUNSYORI")),
        "trials": log_count(extras.trials),
        "tedium": log_count(extras.tedium_all),
    }


def masyu_score(steps: Sequence[Step], extras: MasyuExtras, level: int, width: int,
                height: int) -> float:
    """The score of one grade: :data:`MODEL` applied to :func:`masyu_features`."""
    return MODEL(masyu_features(steps, extras, level, width, height))
