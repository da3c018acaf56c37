"""Answers of a CP-SAT model as the list of its true edge variables: the answer search of
every CP-SAT loop strategy (Masyu's, Slitherlink's and Yajilin's ``circuit``), and the
uniqueness proof they all end with (:func:`prove_on_circuit`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

from pencilsat.backends.cpsat_session import NUM_WORKERS, CpSatSession
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.strategies.uniqueness import solve_and_prove


class EdgeSetSearch:
    """Answers of a CP-SAT model as the list of its true edge variables."""

    def __init__(self, session: CpSatSession, edge_lits: list[Any],
                 deadline: float | None) -> None:
        self.session = session
        self.edge_lits = edge_lits
        self.deadline = deadline

    def next_answer(self) -> list[int] | None:
        found = self.session.solve(self.deadline)
        if found is None:
            raise TimeLimitReached()
        if not found:
            return None
        value = self.session.value
        return [v for v in range(1, len(self.edge_lits)) if value(self.edge_lits[v])]

    def forbid(self, answer: list[int]) -> None:
        self.session.add_clause([self.edge_lits[v].negated() for v in answer])

    def atom_values(self, answer: list[int]) -> list[bool]:
        """Per edge (position ``v - 1``), whether ``answer`` uses it: the atoms the backbone
        and the solution count compare (strategies/solution_space.py)."""
        used = set(answer)
        return [v in used for v in range(1, len(self.edge_lits))]

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        """Forbid every answer that gives the edges at ``positions`` these ``values``."""
        lits = [self.edge_lits[p + 1] for p in positions]
        self.session.add_clause([lit.negated() if on else lit
                                 for lit, on in zip(lits, values, strict=True)])


def prove_on_circuit(puzzle: Any, model: Any, edge_lits: list[Any],
                     decode: Callable[[list[int]], Any], stats: SolveStats, start: float,
                     deadline: float | None,
                     linearization_level: int | None = None) -> SolveResult:
    """Solve a built circuit model and prove its answer unique; ``decode`` turns a list of
    true edge variables into the genre's solution, ``start`` is when the build began (for
    ``encode_s``). Fills ``stats`` with the model's size, CP-SAT's effort and its workers."""
    session = CpSatSession(model)
    if linearization_level is not None:
        session.solver.parameters.linearization_level = linearization_level
    stats.variables, stats.clauses = session.variables(), session.constraints()
    stats.encode_s = perf_counter() - start
    result = solve_and_prove(puzzle, EdgeSetSearch(session, edge_lits, deadline), decode, stats)
    stats.clauses = session.constraints()
    stats.add_effort(session.effort)
    stats.extra["num_workers"] = NUM_WORKERS
    return result
