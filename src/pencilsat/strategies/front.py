"""The one front for solving: pick the genre's strategy and backend by name, solve, prove."""

from __future__ import annotations

from typing import Any

from pencilsat.core.result import SolveResult, Verdict
from pencilsat.solvers.registry import CPSAT_ONLY, NAMED_ON_CNF_ONLY, load_strategy


def solve(
    puzzle: Any,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve ``puzzle`` and prove its solution unique (or find a second one).

    ``encoding`` names a strategy of the puzzle's genre (``None``: the genre's default, or
    the default for ``backend`` when that one does not run on it);
    ``backend`` is ``cnf`` or ``cpsat`` (``None``: the strategy's own default);
    ``sat_solver`` picks the CNF solver (cadical, glucose, minisat); ``time_limit`` in seconds
    bounds the whole run, and a run that hits it reports ``unknown``.
    """
    name, run = load_strategy(puzzle.genre, encoding, backend)
    _refuse_ignored_choices(puzzle.genre, name, encoding, backend, sat_solver)
    kwargs: dict[str, Any] = {"sat_solver": sat_solver, "time_limit": time_limit}
    if backend is not None:
        kwargs["backend"] = backend
    result = run(puzzle, **kwargs)
    result.stats.encoding = result.stats.encoding or name
    _referee(result)
    if result.verdict == Verdict.NONE and not result.message:
        from pencilsat.genres import genre_of

        result.message = genre_of(puzzle).why_none(puzzle)
    return result


def _refuse_ignored_choices(genre: str, name: str, encoding: str | None, backend: str | None,
                            sat_solver: str | None) -> None:
    """A choice the run would ignore is an error, not a silent swap."""
    fallback = NAMED_ON_CNF_ONLY.get((genre, name))
    if encoding is not None and backend == "cpsat" and fallback is not None:
        raise ValueError(f"strategy {name!r} runs on backend 'cnf' only, not 'cpsat' (on "
                         f"CP-SAT use --encoding {fallback}, or leave --encoding out)")
    if sat_solver is not None and (genre, name) in CPSAT_ONLY:
        raise ValueError(f"strategy {name!r} runs on CP-SAT: --sat-solver picks a CNF solver "
                         f"and does not apply to it")


class SolverBugError(RuntimeError):
    """A strategy returned an answer the independent rule checker rejects."""


def _referee(result: SolveResult) -> None:
    """Check every returned solution with the genre's rule checker before reporting it.

    A strategy bug must never become a verdict: an editor relies on "unique" meaning a valid,
    checked answer.
    """
    from pencilsat.genres import genre_of

    check = genre_of(result.puzzle).check
    for sol in (result.solution, result.second_solution):
        if sol is not None:
            problems = check(result.puzzle, sol)
            if problems:
                raise SolverBugError(
                    f"{result.stats.encoding} returned an invalid solution: {problems[0]}")
