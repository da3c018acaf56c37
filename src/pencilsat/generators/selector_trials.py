"""Clue trials on one incremental PySAT solver, for genres whose rules are plain clauses.

The rule clauses go in once; clue ``i``'s clauses carry a selector literal ``s_i`` (``-s_i``
added to each), so clue ``i`` counts exactly while ``s_i`` is assumed. A trial is the one
uniqueness procedure (``strategies.uniqueness.prove``) started from the known answer: its
``forbid`` adds "some answer atom differs" (once: the answer never changes), and the next
answer is a solve under the kept clues' selectors. UNSAT: still unique; SAT: the model is the
other answer, whose broken clues are read straight off it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.backends.bulk_load import load_clauses
from pencilsat.generators.time_limit import unique_in_time
from pencilsat.strategies.uniqueness import prove

SAT_SOLVER = "cadical195"


class SelectorSearch:
    """An ``AnswerSearch`` over the answer atoms under the kept clues' selectors."""

    def __init__(self, solver: object, atoms: Sequence[int]) -> None:
        self.solver = solver
        self.atoms = list(atoms)
        self.assumptions: list[int] = []
        self.model: list[int] | None = None
        self._forbidden = False

    def next_answer(self) -> list[int] | None:
        solver = self.solver
        if not pysat_calls.solve_whole(solver, self.assumptions):
            self.model = None
            return None
        self.model = solver.get_model()  # type: ignore[attr-defined]
        model = self.model
        return [lit for lit in (model[a - 1] for a in self.atoms)]

    def forbid(self, answer: list[int]) -> None:
        if not self._forbidden:  # the trials only ever forbid the one known answer
            self.solver.add_clause([-lit for lit in answer])  # type: ignore[attr-defined]
            self._forbidden = True


class SelectorTrials:
    """:class:`~pencilsat.generators.loop.ClueTrials` for clause genres: ``rules`` (clauses
    over variables ``1..top``), ``clue_clauses[i]`` the clauses of clue ``i``, ``answer`` the
    known answer as literals over the answer atoms."""

    def __init__(self, top: int, rules: Sequence[Sequence[int]],
                 clue_clauses: Sequence[Sequence[Sequence[int]]], answer: Sequence[int]) -> None:
        from pysat.solvers import Solver

        self.solver = Solver(name=SAT_SOLVER)
        load_clauses(self.solver, [list(c) for c in rules])
        self.selectors = np.arange(top + 1, top + 1 + len(clue_clauses), dtype=np.int64)
        for selector, clauses in zip(self.selectors.tolist(), clue_clauses, strict=True):
            load_clauses(self.solver, [[-selector, *clause] for clause in clauses])
        self.clue_clauses = clue_clauses
        self.answer = list(answer)
        self.search = SelectorSearch(self.solver, [abs(lit) for lit in answer])
        self.kept = np.zeros(len(clue_clauses), dtype=bool)

    def set_kept(self, kept: np.ndarray) -> None:
        self.kept = kept.copy()
        self.search.assumptions = self.selectors[kept].tolist()

    def still_unique(self) -> bool:
        return unique_in_time(prove(self.search, known=self.answer))

    def broken(self) -> list[int]:
        """The clues the last other answer breaks (a clause of theirs false in its model)."""
        model = self.search.model
        if model is None:
            return []
        true = set(model)
        return [i for i, clauses in enumerate(self.clue_clauses)
                if any(not any(lit in true for lit in clause) for clause in clauses)]

    def close(self) -> None:
        self.solver.delete()
