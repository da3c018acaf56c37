"""Clue trials for :mod:`pencilsat.generators.clue_maker`, the generic ones.

``FrontTrials`` works for every genre with clue rules: a trial solves the kept puzzle (the
open puzzle with the kept clues) through the solving front, the genre's default strategy
and its one uniqueness procedure, and the other answer's broken clues are the candidates
it does not offer (``ClueRules.offered`` on the open puzzle lists every clue an answer
allows, so a clue it leaves out is one that answer breaks). It builds the encoding afresh
per trial; a genre whose clue is a separable set of clauses can give incremental trials
instead (``ClueGenre.trials``).

``AllGivenTrials`` wraps either for a genre whose clues are all part of the puzzle
(Nonogram): with a clue missing the answer never counts as the only one, so the loop keeps
every clue and an answer the full set does not pin is drawn again.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.errors import InputError
from pencilsat.core.result import Verdict
from pencilsat.core.rules import ClueRules
from pencilsat.generators.clue_answer import DrawnAnswer, with_clues
from pencilsat.generators.loop import ClueTrials


class FrontTrials:
    """:class:`~pencilsat.generators.loop.ClueTrials` by full solves (module docstring)."""

    def __init__(self, rules: ClueRules, answer: DrawnAnswer) -> None:
        self.rules, self.answer = rules, answer
        self.kept = np.zeros(len(answer.clues), dtype=bool)
        self.other: Any = None

    def set_kept(self, kept: np.ndarray) -> None:
        self.kept = kept.copy()

    def still_unique(self) -> bool:
        from pencilsat.strategies.front import solve

        result = solve(with_clues(self.rules, self.answer, self.kept))
        if result.verdict == Verdict.UNIQUE:
            self.other = None
            return True
        check_clock(None, "generation")  # the generation's time limit, when it has passed
        if result.verdict != Verdict.MULTIPLE:  # the answer itself fits: a bug or a limit
            raise InputError(f"a generator trial ended {result.verdict.value}: "
                             f"{result.message or 'no reason given'}",
                             hint="try another --seed or a smaller size")
        mine = self.answer.solution
        self.other = (result.second_solution if result.solution == mine
                      else result.solution)
        return False

    def broken(self) -> list[int]:
        if self.other is None:
            return []
        allowed = set(self.rules.offered(self.answer.open_puzzle, self.other))
        return [i for i, clue in enumerate(self.answer.clues) if clue not in allowed]

    def close(self) -> None:
        self.other = None


class AllGivenTrials:
    """Every clue or none: the answer counts as the only one only with all its clues."""

    def __init__(self, inner: ClueTrials) -> None:
        self.inner = inner
        self.complete = False

    def set_kept(self, kept: np.ndarray) -> None:
        self.complete = bool(kept.all())
        if self.complete:
            self.inner.set_kept(kept)

    def still_unique(self) -> bool:
        return self.complete and self.inner.still_unique()

    def broken(self) -> list[int]:
        return self.inner.broken() if self.complete else []

    def close(self) -> None:
        self.inner.close()
