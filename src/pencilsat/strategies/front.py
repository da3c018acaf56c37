"""The one front for solving: pick the genre's strategy and backend through the registry,
solve, prove, and referee every returned solution with the genre's rule checker."""

from __future__ import annotations

import math
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import genre_of, load
from pencilsat.core.result import SolveResult, Verdict
from pencilsat.core.sat_names import check_backend, pysat_name


def solve(
    puzzle: Any,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its solution unique (or find a second one).

    ``encoding`` names a strategy of the puzzle's genre (``None``: the genre's default, or the
    default for ``backend`` when that one does not run on it); ``backend`` is ``cnf`` or
    ``cpsat`` (``None``: the strategy's own); ``sat_solver`` picks the CNF solver (cadical,
    glucose, minisat or a PySAT name); ``time_limit`` in seconds bounds the whole run, and a
    run that hits it reports ``unknown``. A bad option raises :class:`InputError` naming it.
    """
    genre = genre_of(puzzle)
    strategy, chosen = genre.pick(encoding, check_backend(backend))
    if sat_solver is not None:
        if chosen != "cnf":
            raise InputError(f"--sat-solver picks a CNF solver; encoding {strategy.name!r} "
                             "runs on CP-SAT", source="sat_solver",
                             hint="leave --sat-solver out, or choose --backend cnf")
        pysat_name(sat_solver, "")  # an unknown name is refused before any work
    result = load(strategy.run)(puzzle, backend=chosen, sat_solver=sat_solver,
                                time_limit=check_time_limit(time_limit))
    result.stats.encoding = result.stats.encoding or strategy.name
    referee(result)
    if result.verdict == Verdict.NONE and not result.message:
        result.message = genre.rules().why_none(puzzle) or ""
    return result


def check_time_limit(seconds: float | None) -> float | None:
    """A positive number of seconds, ``None`` or ``inf`` for none; else an InputError."""
    if seconds is None or seconds == math.inf:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
            or math.isnan(seconds) or seconds <= 0:
        raise InputError(f"{seconds!r} is not a positive number of seconds",
                         source="time_limit", hint="give seconds > 0, or None for no limit")
    return float(seconds)


class SolverBugError(RuntimeError):
    """A strategy returned an answer the independent rule checker rejects."""


def referee(result: SolveResult) -> None:
    """Check every returned solution with the genre's rule checker before reporting it.

    A strategy bug must never become a verdict: an editor relies on "unique" meaning a valid,
    checked answer.
    """
    check = genre_of(result.puzzle).rules().check
    for sol in (result.solution, result.second_solution):
        if sol is not None:
            problems = check(result.puzzle, sol)
            if problems:
                raise SolverBugError(
                    f"{result.stats.encoding} returned an invalid solution: {problems[0]}")
