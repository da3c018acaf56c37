"""Solve and prove an encoding built in the CSP layer or written as clauses.

``solve_encoding`` compiles an :class:`~pencilsat.encodings.encoding.Encoding` for the CNF
backend (order encoding, PySAT) or CP-SAT; ``solve_clauses`` loads a
:class:`~pencilsat.encodings.encoding.ClauseEncoding` into PySAT directly (the CSP layer's
Python costs tens of microseconds per constraint, which dominates a 100x100 Light Up).
Both hand the solver to the one uniqueness procedure; the time limit covers encoding,
compiling and both searches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

from pencilsat.core.clock import check_clock, deadline_of, remaining
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.csp import Not, Or, evaluate
from pencilsat.encodings.encoding import ClauseEncoding, Encoding
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

DEFAULT_SAT_SOLVER = "cadical195"


class BackendSearch:
    """An answer search on a ready backend (``solve(seconds) -> True/False/None``): an
    answer is (the truth of each answer atom, the decoded solution)."""

    def __init__(self, solver: Any, answer: Sequence[Any], truth: Callable[[Any], bool],
                 decode: Callable[[], Any],
                 forbid: Callable[[Sequence[Any], list[bool]], None],
                 deadline: float | None) -> None:
        self.solver = solver
        self.answer = answer
        self.truth = truth
        self.decode = decode
        self._forbid = forbid
        self.deadline = deadline

    def next_answer(self) -> tuple[list[bool], Any] | None:
        found = self.solver.solve(remaining(self.deadline))
        if found is None:
            raise TimeLimitReached()
        if not found:
            return None
        return [self.truth(atom) for atom in self.answer], self.decode()

    def forbid(self, answer: tuple[list[bool], Any]) -> None:
        self._forbid(self.answer, answer[0])

    def atom_values(self, answer: tuple[list[bool], Any]) -> list[bool]:
        return answer[0]

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        self._forbid([self.answer[p] for p in positions], list(values))


class ClauseSearch(BackendSearch):
    """A :class:`BackendSearch` on clauses, whose atoms are literals: it can also ask for one
    answer with an atom flipped, under a guard literal retired after the call."""

    def next_answer_differing(self, position: int, value: bool) -> tuple[list[bool], Any] | None:
        solver = self.solver
        guard = solver.new_var()
        literal = self.answer[position]
        solver.add_clause([-guard, -literal if value else literal])
        try:
            found = solver.solve(remaining(self.deadline), assumptions=[guard])
        finally:
            solver.add_clause([-guard])
        if found is None:
            raise TimeLimitReached()
        if not found:
            return None
        return [self.truth(atom) for atom in self.answer], self.decode()


def solve_encoding(
    puzzle: Any,
    build: Callable[[], Encoding],
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
    log_min_domain: int | None = None,
) -> SolveResult:
    """Encode, compile, solve, forbid the answer, solve again (``log_min_domain``: CNF only,
    log-encode integers with at least that many values)."""
    from pencilsat.backends.select import make_backend

    start = perf_counter()
    deadline = deadline_of(time_limit)
    stats = SolveStats(backend=backend)
    try:
        encoding = build()
        stats.encoding = encoding.name
        check_clock(deadline)
        solver = make_backend(encoding.model, backend,
                              pysat_name(sat_solver, DEFAULT_SAT_SOLVER) if backend == "cnf"
                              else None, log_min_domain, deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    stats.sat_solver = getattr(solver, "sat_solver", None)
    stats.variables, stats.clauses = solver.num_variables, solver.num_clauses
    stats.encode_s = perf_counter() - start

    def forbid(atoms: Sequence[Any], truth: list[bool]) -> None:
        solver.add(Or(tuple(Not(a) if v else a for a, v in zip(atoms, truth, strict=True))))

    search = BackendSearch(solver, encoding.answer, lambda a: bool(evaluate(a, solver.value)),
                           lambda: encoding.decode(solver.value), forbid, deadline)
    try:
        result = solve_and_prove(puzzle, search, lambda answer: answer[1], stats)
        stats.add_effort(solver.stats())
    finally:
        solver.close()
    return result


def solve_clauses(
    puzzle: Any,
    build: Callable[[], ClauseEncoding],
    *,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    at_most_one: Callable[[], Sequence[list[int]]] | None = None,
) -> SolveResult:
    """Encode, load, solve, forbid the answer, solve again on PySAT. ``at_most_one``
    (called after ``build``): groups of literals of which at most one may hold, loaded as
    native constraints (a solver with ``add_atmost``, such as MiniCard): one constraint
    where pairwise clauses would take ``k (k - 1) / 2``."""
    from pencilsat.backends.bulk_load import LOAD_CHUNK, at_most_adder
    from pencilsat.backends.clauses import ClauseBackend

    start = perf_counter()
    deadline = deadline_of(time_limit)
    stats = SolveStats(backend="cnf")
    natives = 0
    try:
        enc = build()
        stats.encoding = enc.name
        solver = ClauseBackend(enc.clauses, enc.num_vars,
                               pysat_name(sat_solver, DEFAULT_SAT_SOLVER), deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    if at_most_one is not None:
        at_most = at_most_adder(solver.solver)
        groups = at_most_one()
        natives = len(groups)
        try:
            for first in range(0, natives, LOAD_CHUNK):
                check_clock(deadline)
                for lits in groups[first:first + LOAD_CHUNK]:
                    at_most(lits, 1)
        except TimeLimitReached:
            solver.close()
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
    stats.sat_solver = solver.sat_solver
    stats.variables, stats.clauses = enc.num_vars, len(enc.clauses) + natives
    stats.encode_s = perf_counter() - start

    def forbid(literals: Sequence[int], truth: list[bool]) -> None:
        solver.add_clause([-lit if on else lit for lit, on in zip(literals, truth, strict=True)])

    search = ClauseSearch(solver, list(enc.answer), lambda lit: lit in solver.model_set,
                          lambda: enc.decode(solver.model_set), forbid, deadline)
    try:
        result = solve_and_prove(puzzle, search, lambda answer: answer[1], stats)
        stats.add_effort(solver.stats())
    finally:
        solver.close()
    return result
