"""Answers of a CP-SAT model as the list of its true edge variables: the answer search of
every CP-SAT loop strategy (Masyu's and Slitherlink's ``circuit``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilsat.backends.cpsat_session import CpSatSession
from pencilsat.core.result import TimeLimitReached


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
