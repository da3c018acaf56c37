"""Clue trials on one incremental PySAT solver: each clue's clauses behind a selector.

The rules go in once; clue ``i``'s clauses carry a selector literal ``s_i`` (``-s_i`` added
to each), so clue ``i`` counts exactly while ``s_i`` is assumed. The known answer is
forbidden once, when the trials start (it never changes), and a trial is the one uniqueness
procedure (``strategies.uniqueness.prove``) started from it: the next answer is a solve
under the kept clues' selectors. UNSAT: still unique; SAT: the other answer, whose broken
clues the genre reads off it. What a genre brings is its search (:class:`SelectorSearch` for
rules that are plain clauses; Heyawake's lazy connectivity search, ``heyawake_trials``),
which holds the kept selectors in ``assumptions``, and how a clue is broken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.backends.bulk_load import clause_adder, load_clauses
from pencilsat.generators.time_limit import unique_in_time
from pencilsat.strategies.uniqueness import prove

SAT_SOLVER = "cadical195"


def add_guarded(add: Callable[[list[int]], Any], selector: int,
                clauses: Sequence[Sequence[int]]) -> None:
    """Add ``clauses`` through ``add``, each counting only while ``selector`` is assumed."""
    for clause in clauses:
        add([-selector, *clause])


class GuardedTrials:
    """:class:`~pencilsat.generators.loop.ClueTrials` over ``search`` (an ``AnswerSearch``
    on ``solver`` with an ``assumptions`` list): ``selectors[i]`` is clue ``i``'s, ``known``
    the answer in the search's terms. The genre's subclass says which clues the last
    ``witness`` (the other answer, ``None`` when the last trial found none) breaks."""

    def __init__(self, solver: Any, search: Any, selectors: np.ndarray, known: Any) -> None:
        self.solver, self.search = solver, search
        self.selectors = selectors
        self.known = known
        self.kept = np.zeros(len(selectors), dtype=bool)
        self.witness: Any = None
        search.forbid(known)
        self._trial_search = _KnownForbidden(search)

    def set_kept(self, kept: np.ndarray) -> None:
        self.kept = kept.copy()
        self.search.assumptions = self.selectors[kept].tolist()

    def still_unique(self) -> bool:
        proof = prove(self._trial_search, known=self.known)
        self.witness = proof.second
        return unique_in_time(proof)

    def broken(self) -> list[int]:  # pragma: no cover - each genre has its own
        raise NotImplementedError

    def close(self) -> None:
        self.solver.delete()


class _KnownForbidden:
    """The search whose known answer was forbidden when the trials started: ``prove``
    forbids it again on every trial, and the clause would only pile up."""

    def __init__(self, search: Any) -> None:
        self.search = search

    def next_answer(self) -> Any:
        return self.search.next_answer()

    def forbid(self, answer: Any) -> None:
        pass


class SelectorSearch:
    """An ``AnswerSearch`` over the answer atoms under the kept clues' selectors, on rules
    that are plain clauses."""

    def __init__(self, solver: object, atoms: Sequence[int]) -> None:
        self.solver = solver
        self.atoms = list(atoms)
        self.assumptions: list[int] = []
        self.model: list[int] | None = None

    def next_answer(self) -> list[int] | None:
        solver = self.solver
        if not pysat_calls.solve_whole(solver, self.assumptions):
            self.model = None
            return None
        self.model = solver.get_model()  # type: ignore[attr-defined]
        model = self.model
        return [lit for lit in (model[a - 1] for a in self.atoms)]

    def forbid(self, answer: list[int]) -> None:
        self.solver.add_clause([-lit for lit in answer])  # type: ignore[attr-defined]


class SelectorTrials(GuardedTrials):
    """The trials of a clause genre: ``rules`` (clauses over variables ``1..top``),
    ``clue_clauses[i]`` the clauses of clue ``i``, ``answer`` the known answer as literals
    over the answer atoms."""

    def __init__(self, top: int, rules: Sequence[Sequence[int]],
                 clue_clauses: Sequence[Sequence[Sequence[int]]], answer: Sequence[int]) -> None:
        from pysat.solvers import Solver

        solver = Solver(name=SAT_SOLVER)
        load_clauses(solver, [list(c) for c in rules])
        selectors = np.arange(top + 1, top + 1 + len(clue_clauses), dtype=np.int64)
        add = clause_adder(solver)
        for selector, clauses in zip(selectors.tolist(), clue_clauses, strict=True):
            add_guarded(add, selector, clauses)
        self.clue_clauses = clue_clauses
        self.answer = list(answer)
        super().__init__(solver, SelectorSearch(solver, [abs(lit) for lit in answer]),
                         selectors, self.answer)

    def broken(self) -> list[int]:
        """The clues the last other answer breaks (a clause of theirs false in its model)."""
        model = self.search.model
        if model is None:
            return []
        true = set(model)
        return [i for i, clauses in enumerate(self.clue_clauses)
                if any(not any(lit in true for lit in clause) for clause in clauses)]
