"""Solve a CSP encoding, then prove the answer unique: forbid it and solve again.

This is the one uniqueness procedure every CSP-based strategy shares. The encoding names the
atoms that make up the *answer* (for Masyu: "edge used", never its direction); the blocking
constraint says "at least one answer atom differs", so a second model is a genuinely
different answer and UNSAT proves the first one unique.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pencilsat.core.result import (
    EncodingTimeOut,
    SolveResult,
    SolveStats,
    Verdict,
    encoding_timed_out,
)
from pencilsat.encodings.csp import Constraint, IntVar, Model, Not, Or, evaluate
from pencilsat.solvers.registry import BACKENDS, DEFAULT_SAT_SOLVER, SAT_SOLVERS


@dataclass
class Encoding:
    """A compiled-to-CSP puzzle: the model, its answer atoms and how to read a solution."""

    name: str
    model: Model
    answer: list[Constraint]
    decode: Callable[[Callable[[IntVar], int]], Any]


def resolve_sat_solver(name: str | None) -> str:
    """Map a user-facing name (cadical, glucose, minisat, or a PySAT name) to PySAT's."""
    name = name or DEFAULT_SAT_SOLVER
    if name in SAT_SOLVERS:
        return SAT_SOLVERS[name]
    if name in SAT_SOLVERS.values():
        return name
    raise ValueError(f"unknown SAT solver {name!r} (choose from {', '.join(SAT_SOLVERS)})")


def make_backend(model: Model, backend: str, sat_solver: str | None,
                 log_min_domain: int | None = None, deadline: float | None = None) -> Any:
    """``log_min_domain``: CNF only, log-encode integers with at least that many values;
    ``deadline``: CNF compilation stops with :class:`EncodingTimeOut` once it has passed."""
    if backend == "cnf":
        from pencilsat.backends.cnf import CnfBackend

        return CnfBackend(model, resolve_sat_solver(sat_solver), log_min_domain, deadline)
    if backend == "cpsat":
        from pencilsat.backends.cpsat import CpSatBackend

        return CpSatBackend(model)
    raise ValueError(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")


def remaining(deadline: float | None) -> float | None:
    return None if deadline is None else deadline - time.perf_counter()


def solve_encoding(
    puzzle: Any,
    build: Callable[[], Encoding],
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
    log_min_domain: int | None = None,
) -> SolveResult:
    """Encode, solve, forbid the answer, solve again; honour ``time_limit`` throughout (a
    ``build`` that watches the clock itself raises ``EncodingTimeOut``)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    encoding = None
    try:
        encoding = build()
        if deadline is not None and time.perf_counter() > deadline:
            raise EncodingTimeOut
        solver = make_backend(encoding.model, backend, sat_solver, log_min_domain, deadline)
    except EncodingTimeOut as stop:
        return stopped_encoding(puzzle, backend, encoding, stop, start)
    stats = SolveStats(backend=backend, encoding=encoding.name,
                       sat_solver=getattr(solver, "sat_solver", None),
                       variables=solver.num_variables, clauses=solver.num_clauses)
    stats.encode_s = time.perf_counter() - start

    def block() -> None:
        truth = [evaluate(a, solver.value) for a in encoding.answer]
        solver.add(Or(tuple(Not(a) if v else a
                            for a, v in zip(encoding.answer, truth, strict=True))))

    return prove_unique(puzzle, solver, stats, deadline,
                        decode=lambda: encoding.decode(solver.value), block=block)


def stopped_encoding(puzzle: Any, backend: str, encoding: Any, stop: EncodingTimeOut,
                     start: float) -> SolveResult:
    """The ``unknown`` of a run stopped by ``stop`` while encoding: named after ``encoding``
    when it was built, else after the builder that stopped itself (the exception's
    argument)."""
    name = encoding.name if encoding is not None else str(stop.args[0]) if stop.args else ""
    stats = SolveStats(backend=backend, encoding=name, encode_s=time.perf_counter() - start)
    return encoding_timed_out(puzzle, stats)


def prove_unique(
    puzzle: Any,
    solver: Any,
    stats: SolveStats,
    deadline: float | None,
    *,
    decode: Callable[[], Any],
    block: Callable[[], None],
) -> SolveResult:
    """The procedure every strategy on a ready solver shares: solve; read the answer; forbid it
    (``block``); solve again. ``solver`` has ``solve(seconds) -> True/False/None``,
    ``stats()`` and ``close()``; it is closed here."""
    try:
        t = time.perf_counter()
        first = solver.solve(remaining(deadline))
        stats.solve_s = time.perf_counter() - t
        if first is None:
            return _finish(SolveResult(Verdict.UNKNOWN, puzzle, stats=stats,
                                       message="time limit reached before a solution was found"),
                           solver)
        if first is False:
            return _finish(SolveResult(Verdict.NONE, puzzle, stats=stats), solver)
        solution = decode()
        block()
        t = time.perf_counter()
        second = solver.solve(remaining(deadline))
        stats.uniqueness_s = time.perf_counter() - t
        if second is None:
            return _finish(SolveResult(Verdict.UNKNOWN, puzzle, solution, stats=stats,
                                       message="time limit reached during the uniqueness proof"),
                           solver)
        if second is False:
            return _finish(SolveResult(Verdict.UNIQUE, puzzle, solution, stats=stats), solver)
        other = decode()
        return _finish(SolveResult(Verdict.MULTIPLE, puzzle, solution, other,
                                   solution.differing_cells(other), stats=stats), solver)
    finally:
        solver.close()


def _finish(result: SolveResult, solver: Any) -> SolveResult:
    for key, val in solver.stats().items():
        setattr(result.stats, key, val)
    return result
