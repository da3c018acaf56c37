"""An answer of the generic clue maker as the generator loop carries it, and its puzzles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.rules import Clue, ClueRules


@dataclass(frozen=True)
class DrawnAnswer:
    """The open puzzle it answers, the solution, and the clues it allows (the loop's
    candidates, in order)."""

    open_puzzle: Any
    solution: Any
    clues: list[Clue]


def with_clues(rules: ClueRules, answer: DrawnAnswer, kept: np.ndarray) -> Any:
    """The open puzzle with the kept clues."""
    puzzle = answer.open_puzzle
    for i in np.flatnonzero(kept).tolist():
        puzzle = rules.with_(puzzle, answer.clues[i])
    return puzzle


def other_answer(puzzle: Any, answer: Any) -> Any | None:
    """An answer of ``puzzle`` other than ``answer`` (which must be one), by the solving
    front's default strategy; ``None``: ``answer`` is the only one."""
    from pencilsat.core.result import Verdict
    from pencilsat.strategies.front import solve

    result = solve(puzzle)
    if result.verdict == Verdict.UNKNOWN:  # the generation's time limit, past: stop
        check_clock(None, "generation")
    if result.verdict != Verdict.MULTIPLE:
        return None
    return result.second_solution if result.solution == answer else result.solution
