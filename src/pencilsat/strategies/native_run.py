"""The direct run on a SAT solver with native "at most k" constraints (MiniCard, Gluecard).

Genres whose models are small and solved in a handful of conflicts spend a solve mostly in
Python around the solver: their default strategy on such a solver builds a
:class:`NativeModel` (plain clauses, "at most k" and "exactly k" counts over plain lists)
and this run loads it under the clock (:func:`~pencilsat.backends.bulk_load.load_until`,
:func:`~pencilsat.backends.bulk_load.load_natives`), searches the answer variables
(:class:`~pencilsat.strategies.variable_search.VariableSearch` or a genre's subclass) and
runs the one uniqueness procedure. A limit reached while building or loading is
``unknown``. ``clauses`` in the statistics counts the clauses, the native constraints
(an exact count is two) and the clauses the search added.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from pencilsat.backends.bulk_load import load_natives, load_until
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.strategies.uniqueness import solve_and_prove, stopped
from pencilsat.strategies.variable_search import Answer, VariableSearch


@dataclass(frozen=True)
class NativeModel:
    """A genre's rules for a native-count solver: ``clauses``, ``at_most`` ("at most k of
    these literals") and ``exactly`` counts, the variables an answer is read from
    (``answer``), the highest variable (``variables``) and the genre's own statistics."""

    clauses: list[list[int]]
    at_most: Iterable[tuple[list[int], int]]
    exactly: Iterable[tuple[list[int], int]]
    answer: list[int]
    variables: int
    extra: dict[str, Any] = field(default_factory=dict)


def run_native(puzzle: Any, solver_name: str, deadline: float | None, *, encoding: str,
               build: Callable[[float | None], NativeModel],
               decoder: Callable[[NativeModel], Callable[[Answer], Any]],
               search: type[VariableSearch] = VariableSearch,
               by_true: bool = False) -> SolveResult:
    """Solve ``puzzle`` and prove its answer unique on one solver ``solver_name``: the model
    of ``build(deadline)`` loaded, answers decoded by ``decoder(model)``."""
    from pysat.solvers import Solver

    stats = SolveStats(backend="cnf", encoding=encoding, sat_solver=solver_name)
    start = perf_counter()
    with Solver(name=solver_name) as solver:
        try:
            model = build(deadline)
            load_until(solver, model.clauses, deadline)
            natives = load_natives(solver, model.at_most, model.exactly, deadline)
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        stats.variables = model.variables
        stats.clauses = len(model.clauses) + natives
        stats.extra.update(model.extra)
        runner = search(solver, model.answer, deadline, by_true=by_true)
        result = solve_and_prove(puzzle, runner, decoder(model), stats)
        stats.add_effort(solver.accum_stats())
    stats.clauses += runner.added
    stats.extra["sat_calls"] = runner.calls
    return result
