"""The one front for solving: pick the genre's strategy and backend through the registry,
solve, prove, and referee every returned solution with the genre's rule checker."""

from __future__ import annotations

import math
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.memory import DEFAULT_MAX_MEMORY, check_budget, describe, memory_budget
from pencilsat.core.registry import Genre, Strategy, genre_of, load
from pencilsat.core.result import SolveResult, SolveStats, Verdict
from pencilsat.core.sat_names import check_backend, pysat_name
from pencilsat.strategies.solution_space import (
    Exploration,
    asked,
    exploring,
    fill_unexplored,
)


def solve(
    puzzle: Any,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    max_memory: float | None = DEFAULT_MAX_MEMORY,
    explore: Exploration | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its solution unique (or find a second one).

    ``encoding`` names a strategy of the puzzle's genre (``None``: the genre's default, or the
    default for ``backend`` when that one does not run on it); ``backend`` is ``cnf`` or
    ``cpsat`` (``None``: the strategy's own); ``sat_solver`` picks the CNF solver (cadical,
    glucose, minisat or a PySAT name); ``time_limit`` in seconds bounds the whole run, and a
    run that hits it reports ``unknown``; ``max_memory`` (bytes, ``None``: no budget) is the
    memory a strategy may plan for: one whose model would not fit is not built, and the
    verdict is ``unknown`` naming a cheaper strategy; one that passes it while it builds or
    searches stops there (``unknown``, "memory limit reached"); ``explore`` asks the same search for
    the solution count or the backbone as well
    (:mod:`~pencilsat.strategies.solution_space`). A bad option raises
    :class:`InputError` naming it.
    """
    for option, value in (("encoding", encoding), ("backend", backend),
                          ("sat_solver", sat_solver)):
        if value is not None and not isinstance(value, str):
            raise InputError(f"{value!r} is not a name", source=option,
                             hint=f"give {option} as a string, or None for the default")
    genre = genre_of(puzzle)
    strategy, chosen = genre.pick(encoding, check_backend(backend))
    if sat_solver is not None:
        if chosen != "cnf":
            raise InputError(f"--sat-solver picks a CNF solver; encoding {strategy.name!r} "
                             "runs on CP-SAT", source="sat_solver",
                             hint="leave --sat-solver out, or choose --backend cnf")
        pysat_name(sat_solver, "")  # an unknown name is refused before any work
    limit = check_time_limit(time_limit)
    budget = check_budget(max_memory)
    too_big = _over_budget(genre, strategy, chosen, puzzle, budget)
    if too_big is not None:
        return too_big
    run = load(strategy.run)
    with memory_budget(budget):
        if explore is None and asked() is None:  # nothing to ask nor to hide from the run
            result = run(puzzle, backend=chosen, sat_solver=sat_solver, time_limit=limit)
        else:
            with exploring(explore):
                result = run(puzzle, backend=chosen, sat_solver=sat_solver, time_limit=limit)
    if explore is not None:
        fill_unexplored(result, explore)
    result.stats.encoding = result.stats.encoding or strategy.name
    referee(result)
    if result.verdict == Verdict.NONE and not result.message:
        result.message = genre.rules().why_none(puzzle) or ""
    return result


def _over_budget(genre: Genre, strategy: Strategy, backend: str, puzzle: Any,
                 budget: int | None) -> SolveResult | None:
    """The ``unknown`` of a strategy whose estimated peak passes ``budget``, naming the
    estimate and the cheapest strategy that fits; ``None`` when it fits."""
    if budget is None or strategy.memory is None:
        return None
    need = load(strategy.memory)(puzzle, backend)
    if need <= budget:
        return None
    fits = []
    for other in genre.strategies:
        for where in other.backends:
            cost = load(other.memory)(puzzle, where) if other.memory else 0
            if cost <= budget and (other.name, where) != (strategy.name, backend):
                fits.append((cost, other.name, where))
    size = f"{puzzle.width}x{puzzle.height}"
    advice = (f"encoding {min(fits)[1]!r} (backend {min(fits)[2]}) fits" if fits else
              "no strategy of this genre fits")
    message = (f"memory limit reached: encoding {strategy.name!r} would need about "
               f"{describe(need)} for this {size} grid, more than the memory budget of "
               f"{describe(budget)}; {advice} "
               "(or raise --max-memory)")
    stats = SolveStats(backend=backend, encoding=strategy.name,
                       extra={"memory_estimate": need, "max_memory": budget})
    return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats, message=message)


def check_time_limit(seconds: float | None) -> float | None:
    """A positive number of seconds, ``None`` or ``inf`` for none; else an InputError."""
    if seconds is None or seconds == math.inf:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
            or seconds != seconds or seconds <= 0:  # NaN; isnan() overflows on 10**400
        shown = repr(seconds) if not isinstance(seconds, int) or seconds > -10**30 else \
            "a negative number of 30 digits or more"  # repr() refuses past 4,300 digits
        raise InputError(f"{shown} is not a positive number of seconds",
                         source="time_limit", hint="give seconds > 0, or None for no limit")
    try:
        return float(seconds)
    except OverflowError:  # a whole number past any float: no limit, as inf
        return None


class SolverBugError(RuntimeError):
    """A strategy returned an answer the independent rule checker rejects."""


def referee(result: SolveResult) -> None:
    """Check every returned solution with the genre's rule checker before reporting it.

    A strategy bug must never become a verdict: an editor relies on "unique" meaning a valid,
    checked answer.
    """
    check = genre_of(result.puzzle).rules().check
    listed = result.count.solutions if result.count is not None else []
    for sol in (result.solution, result.second_solution, *listed):
        if sol is not None:
            problems = check(result.puzzle, sol)
            if problems:
                raise SolverBugError(
                    f"{result.stats.encoding} returned an invalid solution: {problems[0]}")
