"""Answers of one incremental PySAT solver as the truth of some of its variables.

The search of the direct runs that load their clauses and native counts into a PySAT solver
themselves (Tents, Light Up): an answer is the tuple of truths of the ``answer`` variables,
read straight from the model (no set of true literals, no call per variable), and
``forbid`` adds "some answer variable differs". It offers what the solution count and the
backbone need (:mod:`pencilsat.strategies.solution_space`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilsat.backends.bulk_load import clause_adder
from pencilsat.strategies.connected_search import solve_in_steps

Answer = tuple[bool, ...]


class VariableSearch:
    """Answers of one incremental PySAT solver as the truth of the ``answer`` variables
    (positive variable numbers); ``forbid`` adds "some of them differs", or with
    ``by_true`` "one of the answer's true ones is false": the same answers excluded when
    every answer has as many true variables (Tents: a tent per tree), since one answer's
    true variables then never include another's, in a clause a third to half as long."""

    def __init__(self, solver: Any, answer: list[int], deadline: float | None, *,
                 by_true: bool = False) -> None:
        self.solver = solver
        self.answer = answer
        self.deadline = deadline
        self.by_true = by_true
        self.calls = 0
        self.added = 0
        self._add = clause_adder(solver)

    def next_answer(self, assumptions: Sequence[int] = ()) -> Answer | None:
        self.calls += 1
        if not solve_in_steps(self.solver, self.deadline, assumptions):
            return None
        model = self.solver.get_model()
        return tuple(model[v - 1] > 0 for v in self.answer)

    def next_answer_differing(self, position: int, value: bool) -> Answer | None:
        """An answer whose variable at ``position`` is not ``value``, for this call only: a
        fresh guard variable assumed now and retired after (the backbone's
        ``assumptions`` method, :mod:`pencilsat.strategies.solution_space`)."""
        guard = self.solver.nof_vars() + 1
        var = self.answer[position]
        self._add([-guard, -var if value else var])
        try:
            return self.next_answer([guard])
        finally:
            self._add([-guard])

    def forbid(self, answer: Answer) -> None:
        self.added += 1
        if self.by_true:
            self._add([-var for var, on in zip(self.answer, answer, strict=True) if on])
        else:
            self._add([-var if on else var for var, on in zip(self.answer, answer, strict=True)])

    def atom_values(self, answer: Answer) -> Answer:
        """The answer variables' truth: the atoms the backbone and the solution count
        compare (:mod:`pencilsat.strategies.solution_space`)."""
        return answer

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        """Forbid every answer whose variables at ``positions`` all have these ``values``."""
        self.added += 1
        answer = self.answer
        self._add([-answer[p] if on else answer[p]
                   for p, on in zip(positions, values, strict=True)])
