"""The plain values a solve returns: verdict, solutions, differences and statistics.

One convention for every strategy and path: a search that runs out of time raises
:class:`TimeLimitReached` (wherever it is: encoding, first answer, uniqueness proof), and the
one procedure in :mod:`pencilsat.strategies.uniqueness` turns it into ``Verdict.UNKNOWN``
with the phase in the message. Never a guessed verdict.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from pencilsat.core.values import Cell


class TimeLimitReached(Exception):
    """The time limit passed; ``phase`` says where (``encoding``, ``search``, ``proof``).

    Raised by builders that watch the clock and by searches between solver calls; caught only
    by the uniqueness procedure, which reports ``unknown``."""

    def __init__(self, phase: str = "search") -> None:
        super().__init__(phase)
        self.phase = phase


PHASE_MESSAGES = {
    "encoding": "time limit reached while encoding",
    "search": "time limit reached before a solution was found",
    "proof": "time limit reached during the uniqueness proof",
}


class Verdict(StrEnum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        """CLI exit status: 0 unique, 1 multiple, 2 no solution, 3 unknown (time-out)."""
        return {"unique": 0, "multiple": 1, "none": 2, "unknown": 3}[self.value]


@dataclass
class SolveStats:
    """Encoding size and solver effort; ``None`` where a backend does not report a figure.

    ``clauses`` counts CNF clauses, or CP-SAT constraints for that backend. Effort figures are
    summed over the first solve and the uniqueness proof.
    """

    backend: str = ""
    encoding: str = ""
    sat_solver: str | None = None
    variables: int | None = None
    clauses: int | None = None
    conflicts: int | None = None
    decisions: int | None = None
    propagations: int | None = None
    encode_s: float | None = None
    solve_s: float | None = None
    uniqueness_s: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The fields, with ``extra``'s entries beside them (the JSON ``stats`` object)."""
        data = asdict(self)
        extra = data.pop("extra")
        data.update(extra)
        return data

    to_json = to_dict

    def add_effort(self, effort: dict[str, Any]) -> None:
        """Add a solver's ``conflicts`` / ``decisions`` / ``propagations`` to the totals."""
        for key in ("conflicts", "decisions", "propagations"):
            value = effort.get(key)
            if value is not None:
                setattr(self, key, (getattr(self, key) or 0) + int(value))


@dataclass
class Backbone:
    """The part of the answer every solution shares: the cells where solutions differ
    (``undecided``, row-major) and how it was found. ``complete`` is False when the time
    limit cut the search short: then ``undecided`` lists the cells already seen to differ,
    and the others are not proven the same in every solution."""

    undecided: list[Cell]
    complete: bool
    solutions_seen: int
    method: str = "blocking"


@dataclass
class SolutionCount:
    """The solutions listed by ``solve --count N``: ``solutions`` in the order found (at most
    N); ``complete`` says they are all of them (False: there are more than N, or the time
    limit came first)."""

    solutions: list[Any]
    complete: bool
    limit: int


@dataclass
class SolveResult:
    """What one solve-and-prove run found.

    ``solution`` is set for unique and multiple (and for unknown when the time-out came during
    the uniqueness proof); ``second_solution`` and ``differences`` only for multiple.
    ``backbone`` and ``count`` are set when the run was asked for them
    (:mod:`pencilsat.strategies.solution_space`).
    """

    verdict: Verdict
    puzzle: Any
    solution: Any = None
    second_solution: Any = None
    differences: list[Cell] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)
    message: str = ""
    backbone: Backbone | None = None
    count: SolutionCount | None = None

    def to_dict(self) -> dict[str, Any]:
        """The ``solve --json`` object: genre, verdict, solutions as rows in the corpus
        solution format, differences as ``[row, col]``, statistics and message."""
        from pencilsat.core.registry import genre_of

        genre = genre_of(self.puzzle)
        rules = genre.rules()

        def rows(solution: Any) -> list[str] | None:
            return None if solution is None else rules.solution_rows(self.puzzle, solution)

        data: dict[str, Any] = {
            "genre": genre.name,
            "verdict": self.verdict.value,
            "solution": rows(self.solution),
            "second_solution": rows(self.second_solution),
            "differences": [list(cell) for cell in self.differences],
        }
        if self.backbone is not None:
            backbone = self.backbone
            partial = (None if self.solution is None or not backbone.complete else
                       rules.partial_rows(self.puzzle, self.solution, backbone.undecided))
            data["backbone"] = {
                "complete": backbone.complete,
                "cells": self.puzzle.width * self.puzzle.height,
                "undecided": [list(cell) for cell in backbone.undecided],
                "rows": partial,
                "solutions_seen": backbone.solutions_seen,
                "method": backbone.method,
            }
        if self.count is not None:
            data["count"] = len(self.count.solutions)
            data["count_complete"] = self.count.complete
            data["solutions"] = [rows(s) for s in self.count.solutions]
        data["stats"] = self.stats.to_dict()
        data["message"] = self.message or None
        return data
