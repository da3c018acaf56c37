"""The lazy connectivity search: solve, cut the sets that fall apart, solve again.

The solver holds a genre's local rules; connectivity is a list of
:class:`~pencilsat.encodings.connectivity.Requirement` checked on each model. A model whose
sets are all connected is an answer; any other gets every requirement's cuts and the search
solves again. Two backends, one contract (:class:`~pencilsat.strategies.uniqueness.AnswerSearch`):

- :class:`ConnectedSearch` on an incremental PySAT solver (clauses added, learnt clauses
  kept), the time limit as conflict-budget slices;
- :class:`CpSatConnectedSearch` on a :class:`~pencilsat.backends.cpsat_session.CpSatSession`:
  the same model solved again after each batch of cuts (CP-SAT keeps nothing between solves).

Variables are the PySAT numbering ``1..n`` on both; a CP-SAT model maps variable ``v`` to
``variables[v]``. An answer is the truth of the caller's answer literals (a tuple of bools);
``forbid`` adds "some answer literal differs".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import clause_adder
from pencilsat.backends.cpsat_session import CpSatSession
from pencilsat.backends.pysat_calls import solve_until
from pencilsat.core.memory import check_memory
from pencilsat.core.result import TimeLimitReached
from pencilsat.encodings.connectivity import Clause, ConnectivityCuts

Answer = tuple[bool, ...]
STEP_SECONDS = 1.0
"""Under a deadline, PySAT solves in steps of at most this long, each sliced by
``solve_until``: its conflict budget is sized from the rate of the first slice, and
Nurikabe's conflicts slow down as a search goes on (a 60 s limit ran 90 s on janko 1055)."""


class ConflictBudgetSpent(Exception):
    """A search given a conflict budget (:class:`ConnectedSearch`) spent it: the caller
    starts again on another solver (deterministic, unlike a time limit)."""


def solve_in_steps(solver: Any, deadline: float | None, assumptions: Sequence[int] = ()
                   ) -> bool:
    """Whether ``solver`` (an incremental PySAT solver) has a model under ``assumptions``,
    in steps of at most :data:`STEP_SECONDS` with a look at the memory budget before each;
    ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    found = None
    while found is None:
        if deadline is not None and perf_counter() >= deadline:
            raise TimeLimitReached()
        check_memory("search")
        step = None if deadline is None else min(deadline, perf_counter() + STEP_SECONDS)
        found = solve_until(solver, step, assumptions)
    return found


class _LazyCuts:
    """What both searches share: the cut loop over models, the answer, the counts."""

    def __init__(self, cuts: ConnectivityCuts, answer: Sequence[int]) -> None:
        self.cutter = cuts
        self.answer = np.asarray(answer, dtype=np.int64)
        self._answer_list = self.answer.tolist()
        self._answer_vars = np.abs(self.answer)
        self._answer_true = self.answer > 0
        """The answer literals' variables and signs, read from each model."""
        self.top = max([int(self._answer_vars.max(initial=0))]
                       + [int(np.abs(r.literals).max(initial=0)) for r in cuts.requirements])
        """The largest variable the answer and the cuts read."""
        self.calls = 0
        self.added = 0

    @property
    def cut_count(self) -> int:
        return self.cutter.cut_count

    def next_answer(self) -> Answer | None:
        while True:
            self.calls += 1
            values = self._solve()
            if values is None:
                return None
            clauses = self.cutter.cuts(values)
            if not clauses:
                return tuple((values[self._answer_vars] == self._answer_true).tolist())
            for clause in clauses:
                self.add(clause)

    def forbid(self, answer: Answer) -> None:
        self.add([-lit if on else lit
                  for lit, on in zip(self._answer_list, answer, strict=True)])

    def add(self, clause: Clause) -> None:
        self.added += 1
        self._add(clause)

    def atom_values(self, answer: Answer) -> Answer:
        """The answer literals' truth: the atoms the backbone and the solution count compare
        (:mod:`pencilsat.strategies.solution_space`)."""
        return answer

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        """Forbid every answer whose literals at ``positions`` all have these ``values``."""
        lits = self.answer[list(positions)].tolist()
        self.add([-lit if on else lit for lit, on in zip(lits, values, strict=True)])

    def _solve(self) -> np.ndarray | None:  # pragma: no cover - each backend has its own
        raise NotImplementedError

    def _add(self, clause: Clause) -> None:  # pragma: no cover
        raise NotImplementedError


class ConnectedSearch(_LazyCuts):
    """Lazy connectivity cuts on one incremental PySAT solver (``assumptions`` held for
    every call). ``conflicts``: a budget of conflicts for all calls together, each call one
    limited solve within what is left, :class:`ConflictBudgetSpent` once it is spent (for a
    solver fast on most puzzles but slow on a few, such as MiniCard on Heyawake)."""

    def __init__(self, solver: Any, cuts: ConnectivityCuts, answer: Sequence[int],
                 deadline: float | None, assumptions: Sequence[int] = (),
                 conflicts: int | None = None) -> None:
        super().__init__(cuts, answer)
        self.solver = solver
        self.deadline = deadline
        self.assumptions = list(assumptions)
        self.conflicts = conflicts
        self._adder = clause_adder(solver)
        self._uncut = (not cuts.requirements and cuts.model_cuts is None
                       and bool(self._answer_true.all()))
        """Nothing to cut and every answer literal positive: an answer is read straight
        from PySAT's model list (variable v's literal at index v - 1), with no numpy array
        of every variable (two thirds of the search's own Python on a 10x10 Norinori)."""
        self._answer_index = (self._answer_vars - 1).tolist()

    def next_answer(self) -> Answer | None:
        if not self._uncut:
            return super().next_answer()
        self.calls += 1
        if not self._found():
            return None
        model = self.solver.get_model()
        if len(model) < self.top:  # an answer variable in no clause: the general reading
            return tuple((self._values(model)[self._answer_vars] == self._answer_true
                          ).tolist())
        return tuple([model[i] > 0 for i in self._answer_index])

    def _add(self, clause: Clause) -> None:
        self._adder(clause)

    def last_variable(self) -> int:
        """The largest variable in use: new ones (clauses added later) go past it."""
        return max(self.top, self.solver.nof_vars())

    def variables_up_to(self, top: int) -> None:
        """Take the variables up to ``top`` (PySAT makes them as clauses name them)."""
        self.top = max(self.top, top)

    def next_answer_differing(self, position: int, value: bool) -> Answer | None:
        """An answer whose literal at ``position`` is not ``value``, for this call only (a
        fresh guard assumed now and retired after; the cuts it needed stay, being sound)."""
        self.top = max(self.top, self.solver.nof_vars()) + 1
        guard = self.top
        literal = int(self.answer[position])
        self.add([-guard, -literal if value else literal])
        self.assumptions.append(guard)
        try:
            return self.next_answer()
        finally:
            self.assumptions.pop()
            self.add([-guard])

    def _solve(self) -> np.ndarray | None:
        return self._values(self.solver.get_model()) if self._found() else None

    def _found(self) -> bool:
        return bool(solve_in_steps(self.solver, self.deadline, self.assumptions)
                    if self.conflicts is None else self._solve_within_budget())

    def _values(self, listed: list[int]) -> np.ndarray:
        """The truth of every variable (index 0 false) in a PySAT model."""
        model = np.asarray(listed, dtype=np.int64)
        values = np.zeros(max(len(model), self.top) + 1, dtype=bool)
        values[np.abs(model)] = model > 0
        return values

    def _solve_within_budget(self) -> bool:
        """One solve limited to the conflicts left of the budget (the budget, small, bounds
        its time: the deadline is looked at before it)."""
        assert self.conflicts is not None
        if self.deadline is not None and perf_counter() >= self.deadline:
            raise TimeLimitReached()
        left = self.conflicts - int(self.solver.accum_stats().get("conflicts", 0))
        if left <= 0:
            raise ConflictBudgetSpent()
        self.solver.conf_budget(left)
        found = self.solver.solve_limited(assumptions=self.assumptions)
        if found is None:
            raise ConflictBudgetSpent()
        return bool(found)


class CpSatConnectedSearch(_LazyCuts):
    """Lazy connectivity cuts on a CP-SAT session; ``variables[v]`` is variable v's
    Boolean (index 0 unused)."""

    def __init__(self, session: CpSatSession, variables: Sequence[Any], cuts: ConnectivityCuts,
                 answer: Sequence[int], deadline: float | None,
                 escalate: Callable[[], None] | None = None, escalate_after: int = 0,
                 models_per_solve: int = 1, cuts_read: int | None = None) -> None:
        """``escalate``: called once, before solve number ``escalate_after + 1``, to make
        the model stronger where the cut loop converges slowly. ``models_per_solve``: above
        1, a solve goes on through up to that many models (CP-SAT's enumeration, a model
        without cuts ending it), and the cuts of all of them go in before the next solve
        (:class:`_CutCollector`): CP-SAT starts from scratch on each solve, so fewer solves
        cost less where one model's cuts leave many others to cut. ``cuts_read``: the
        largest variable the cuts read (``None``: any); with it, a solve of several models
        reads each model's variables up to it and the answer's one by one
        (:meth:`values_in`) instead of the whole solution (janko 219_20x36: 24,370
        variables, 5,780 of them the answer's, 8 ms a model read whole, 1.3 ms so)."""
        super().__init__(cuts, answer)
        self.models_per_solve = models_per_solve
        self.session = session
        self.variables = variables
        self.deadline = deadline
        self._index = np.array([0] + [v.Index() for v in variables[1:]], dtype=np.int64)
        self._read: list[int] | None = None
        if cuts_read is not None:
            self._read = self._index[:max(self.top, cuts_read) + 1].tolist()
            self._read[0] = -1
        self._escalate = escalate
        self._escalate_after = escalate_after
        self.escalated_at: int | None = None

    def last_variable(self) -> int:
        """The largest variable in use: new ones (clauses added later) go past it."""
        return len(self.variables) - 1

    def variables_up_to(self, top: int) -> None:
        """New Booleans on the session's model for the variables up to ``top``."""
        variables = list(self.variables)
        while len(variables) <= top:
            variables.append(self.session.model.new_bool_var(""))
        self.variables = variables

    def next_answer(self) -> Answer | None:
        if self.models_per_solve <= 1:
            return super().next_answer()
        while True:
            self.calls += 1
            self._escalate_when_due()
            collector = _CutCollector(self, self.models_per_solve)
            found = self.session.solve(self.deadline, collector.callback)
            for clause in collector.clauses:
                self.add(clause)
            if collector.valid is not None:
                return tuple((collector.valid[self._answer_vars] == self._answer_true
                              ).tolist())
            if collector.clauses:
                continue
            if found is None:
                raise TimeLimitReached()
            return None

    def values_of(self, solution: Any) -> np.ndarray:
        """The truth of every variable (index 0 false) in a CP-SAT response's solution."""
        # a model without variables (a Galaxies board all cut out) answers with none
        array = np.asarray(solution, dtype=np.int64) if len(solution) else \
            np.zeros(1, dtype=np.int64)
        values = array[self._index] > 0
        values[0] = False
        return values

    def values_in(self, callback: Any) -> np.ndarray:
        """The truth of the variables the cuts read (index 0 false; the others, past
        ``cuts_read``, false too when it is given) in the model a solution callback holds."""
        if self._read is None:
            return self.values_of(callback.Response().solution)
        value = callback.SolutionBooleanValue
        values = np.zeros(len(self.variables), dtype=bool)
        values[1:len(self._read)] = [value(i) for i in self._read[1:]]
        return values

    def _escalate_when_due(self) -> None:
        """Make the model stronger once, before solve ``escalate_after + 1``."""
        if self._escalate is not None and self.calls > self._escalate_after:
            self._escalate()
            self._escalate = None
            self.escalated_at = self.calls

    def _solve(self) -> np.ndarray | None:
        self._escalate_when_due()
        found = self.session.solve(self.deadline)
        if found is None:
            raise TimeLimitReached()
        if not found:
            return None
        return self.values_of(self.session.solver.ResponseProto().solution)

    def _add(self, clause: Clause) -> None:
        self.session.add_clause([self.variables[lit] if lit > 0 else self.variables[-lit].Not()
                                 for lit in clause])



class _CutCollector:
    """CP-SAT's callback on each model of one solve (made by :func:`_callback`): the
    models' cuts gathered (each clause once), the search stopped at the first model without
    cuts (kept in ``valid``) or after ``most`` models."""

    def __init__(self, search: CpSatConnectedSearch, most: int) -> None:
        self.search = search
        self.most = most
        self.models = 0
        self.clauses: list[Clause] = []
        self.seen: set[tuple[int, ...]] = set()
        self.valid: np.ndarray | None = None
        self.callback = _callback(self)

    def on_model(self, callback: Any) -> bool:
        """Take one model (held by a solution callback); whether the search should stop."""
        self.models += 1
        values = self.search.values_in(callback)
        clauses = self.search.cutter.cuts(values)
        if not clauses:
            self.valid = values
            return True
        for clause in clauses:
            key = tuple(clause)
            if key not in self.seen:
                self.seen.add(key)
                self.clauses.append(clause)
        return self.models >= self.most


def _callback(collector: _CutCollector) -> Any:
    """A ``CpSolverSolutionCallback`` handing each model to ``collector`` (OR-Tools is
    imported here, not when a CNF run imports this module)."""
    from ortools.sat.python import cp_model

    class Callback(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            if collector.on_model(self):
                self.StopSearch()

    return Callback()
