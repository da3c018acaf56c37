"""The Sudoku score: Sato's level plus what it leaves out, read from the step log.

Sato's three levels saturate: every puzzle that needs pair processing or a trial is level 3,
and so is a puzzle solved by singles alone whose singles sit in units with 4-6 empty cells
(the paper's table rates those level 3). The score separates them with the features below,
each a count over the main loop's steps (``FIRSTCLUE`` is not counted, as in the paper), most
as ``log(1 + n)``. A step's ``options`` is the number of cells a single (naked, or hidden in
a unit of any size, by "sees" exclusion) could fill when it was taken: a step taken with no
single open is a bottleneck, the point where a solver must look for something harder.
``long_forcing`` reads the forcing probe (:mod:`forcing`): the stalls of a pencil-mark solve
with the basic techniques and how many placements the shortest contradiction rests on at each,
the chain length the Sudoku Explainer scale rates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from pencilsat.grading.score import ScoreModel, log_count
from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.forcing import ForcingStep

SHORT_REFUTATION = 3
"""The commonest length of a stall's shortest refutation (the assumption, one single, the
clash): 2,080 of the 3,896 stalls on the labelled sets; the score counts the placements
beyond it."""
UNRESOLVED_LENGTH = 15
"""The length a stall counts for when singles refute no candidate (a nested chain is needed;
the longest resolved stall on the labelled sets rests on 14 placements)."""

FEATURES: dict[str, str] = {
    "level": "Sato's level after the level-up rule (1-3)",
    "level2_steps": "log(1 + steps of level-2 techniques)",
    "level3_steps": "log(1 + steps of level-3 techniques other than trials)",
    "pair_steps": "log(1 + PAIRSUSYO steps)",
    "chain_steps": "log(1 + PLTUNAGISYO steps)",
    "bottlenecks": "log(1 + steps taken with no single open)",
    "narrow_steps": "log(1 + steps taken with exactly one single open)",
    "trials": "log(1 + contradiction trials)",
    "trial_attempts": "log(1 + assumptions tried over all trial steps)",
    "trial_depth": "log(1 + placements the deciding trials made)",
    "hardest_trial": "log(1 + the largest, over trial points, of the fewest placements any "
                     "deciding assumption needs there)",
    "scarce_trials": "the largest, over trial points, share of the candidate assumptions that "
                     "decide nothing",
    "first_bottleneck": "share of the main loop's placements still to come at its first "
                        "bottleneck (0 when there is none)",
    "first_trial": "share of the main loop's placements still to come at its first trial",
    "unfinished": "1 when the techniques and depth-1 trials did not fill the grid",
    "long_forcing": "sqrt(placements beyond 3 that the forcing probe's stalls needed, "
                    "summed: how much longer than the shortest refutation the chains were)",
    "forcing_stalls": "log(1 + stalls of the forcing probe: how many times the basic "
                      "techniques ran dry and a chain was needed)",
    "hardest_forcing": "log(1 + the longest, over the forcing probe's stalls, of the shortest "
                       "refutation: the hardest chain the solve needs)",
}

MODEL = ScoreModel({
    "level": 0.0437,
    "level2_steps": 0.0186,
    "level3_steps": 0.0000,
    "pair_steps": 0.0610,
    "chain_steps": 0.0000,
    "bottlenecks": 0.0031,
    "narrow_steps": 0.0054,
    "trials": 0.0000,
    "trial_attempts": 0.0000,
    "trial_depth": 0.0000,
    "hardest_trial": 0.0000,
    "scarce_trials": 0.1344,
    "first_bottleneck": 0.2880,
    "first_trial": 0.0000,
    "unfinished": 0.2234,
    "long_forcing": 0.0090,
    "forcing_stalls": 0.0809,
    "hardest_forcing": 0.0437,
})
"""Weights fitted by ``python benchmarks/grade_score.py --genre sudoku --every 20`` (least
squares on centred ranks, the Radcliffe set weighing twice as much as Tatham's and the SE's:
issue 43; docs/graders.md gives the held-out figures, by puzzle, by set and on puzzles no fit
saw)."""


def sudoku_features(steps: Sequence[Step], level: int, finished: bool,
                    forcing: Sequence[ForcingStep] = ()) -> dict[str, float]:
    """The features of one grade, named as in :data:`FEATURES` (``forcing``: the grade's
    forcing probe, ``SudokuExtras.forcing``)."""
    main = [s for s in steps if s.technique != "FIRSTCLUE"]
    trials = [s.trial for s in main if s.trial is not None]
    plain = [s for s in main if s.trial is None]
    return {
        "level": float(level),
        "level2_steps": log_count(sum(1 for s in plain if s.level == 2)),
        "level3_steps": log_count(sum(1 for s in plain if s.level == 3)),
        "pair_steps": log_count(sum(1 for s in plain if s.technique.startswith("PAIRSUSYO"))),
        "chain_steps": log_count(sum(1 for s in plain if s.technique == "PLTUNAGISYO")),
        "bottlenecks": log_count(sum(1 for s in main if s.options == 0)),
        "narrow_steps": log_count(sum(1 for s in main if s.options == 1)),
        "trials": log_count(len(trials)),
        "trial_attempts": log_count(sum(t.attempts for t in trials)),
        "trial_depth": log_count(sum(t.depth for t in trials)),
        "hardest_trial": log_count(max((t.shortest or 0 for t in trials), default=0)),
        "scarce_trials": max((1 - (t.deciding or 0) / t.candidates for t in trials
                              if t.candidates), default=0.0),
        "first_bottleneck": _still_to_come(main, lambda s: s.options == 0),
        "first_trial": _still_to_come(main, lambda s: s.trial is not None),
        "unfinished": 0.0 if finished else 1.0,
        "long_forcing": _long_forcing(forcing),
        "forcing_stalls": log_count(len(forcing)),
        "hardest_forcing": log_count(max(_lengths(forcing), default=0)),
    }


def _lengths(forcing: Sequence[ForcingStep]) -> list[int]:
    """Each stall's shortest refutation, :data:`UNRESOLVED_LENGTH` where singles refute none."""
    return [UNRESOLVED_LENGTH if f.length is None else f.length for f in forcing]


def _long_forcing(forcing: Sequence[ForcingStep]) -> float:
    return math.sqrt(sum(max(0, n - SHORT_REFUTATION) for n in _lengths(forcing)))


def _still_to_come(steps: Sequence[Step], first: Callable[[Step], bool]) -> float:
    """The share of ``steps`` from the first one ``first`` accepts to the end (0 if none):
    how early in the solve the solver first got stuck that way."""
    at = next((i for i, s in enumerate(steps) if first(s)), len(steps))
    return (len(steps) - at) / len(steps) if steps else 0.0


def sudoku_score(steps: Sequence[Step], level: int, finished: bool,
                 forcing: Sequence[ForcingStep] = ()) -> float:
    """The score of one grade: :data:`MODEL` applied to :func:`sudoku_features`."""
    return MODEL(sudoku_features(steps, level, finished, forcing))
