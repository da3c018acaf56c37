"""The plain values a solve returns: verdict, solutions, differences and statistics.

One convention for every strategy and path: a search that runs out of time raises
:class:`TimeLimitReached` (wherever it is: encoding, first answer, uniqueness proof), and the
one procedure in :mod:`pencilsat.strategies.uniqueness` turns it into ``Verdict.UNKNOWN``
with the phase in the message; one that passes the memory budget raises its kind
:class:`MemoryLimitReached`, whose message says so. Never a guessed verdict.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pencilsat.core.record import Record
from pencilsat.core.values import Cell


class TimeLimitReached(Exception):
    """The time limit passed; ``phase`` says where (``encoding``, ``search``, ``proof``).

    Raised by builders that watch the clock and by searches between solver calls; caught only
    by the uniqueness procedure, which reports ``unknown``."""

    cause = "time"

    def __init__(self, phase: str = "search") -> None:
        super().__init__(phase)
        self.phase = phase

    def message(self, phase: str | None = None) -> str:
        """The ``unknown`` verdict's message: what stopped the run, in ``phase`` (default:
        the phase it was raised in)."""
        return limit_message(phase or self.phase, self.cause)


class MemoryLimitReached(TimeLimitReached):
    """The process passed its memory budget (:mod:`pencilsat.core.memory`) while it built or
    searched. A kind of :class:`TimeLimitReached`, so that every path that stops at the time
    limit stops here the same way; only the message differs."""

    cause = "memory"


PHASE_MESSAGES = {
    "encoding": "time limit reached while encoding",
    "search": "time limit reached before a solution was found",
    "proof": "time limit reached during the uniqueness proof",
}


def limit_message(phase: str, cause: str = "time") -> str:
    """``PHASE_MESSAGES[phase]`` for a run stopped by ``cause`` (``time`` or ``memory``)."""
    return PHASE_MESSAGES[phase].replace("time limit", f"{cause} limit", 1)


class Verdict(StrEnum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        """CLI exit status: 0 unique, 1 multiple, 2 no solution, 3 unknown (time-out)."""
        return {"unique": 0, "multiple": 1, "none": 2, "unknown": 3}[self.value]


class SolveStats(Record):
    """Encoding size and solver effort; ``None`` where a backend does not report a figure.

    ``clauses`` counts CNF clauses, or CP-SAT constraints for that backend. Effort figures are
    summed over the first solve and the uniqueness proof.
    """

    __slots__ = ("backend", "encoding", "sat_solver", "variables", "clauses", "conflicts",
                 "decisions", "propagations", "encode_s", "solve_s", "uniqueness_s", "extra")

    def __init__(self, backend: str = "", encoding: str = "", sat_solver: str | None = None,
                 variables: int | None = None, clauses: int | None = None,
                 conflicts: int | None = None, decisions: int | None = None,
                 propagations: int | None = None, encode_s: float | None = None,
                 solve_s: float | None = None, uniqueness_s: float | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        self.backend = backend
        self.encoding = encoding
        self.sat_solver = sat_solver
        self.variables = variables
        self.clauses = clauses
        self.conflicts = conflicts
        self.decisions = decisions
        self.propagations = propagations
        self.encode_s = encode_s
        self.solve_s = solve_s
        self.uniqueness_s = uniqueness_s
        self.extra: dict[str, Any] = {} if extra is None else extra

    def to_dict(self) -> dict[str, Any]:
        """The fields, with ``extra``'s entries beside them (the JSON ``stats`` object)."""
        data = {name: getattr(self, name) for name in self.__slots__ if name != "extra"}
        data.update(self.extra)
        return data

    to_json = to_dict

    def add_effort(self, effort: dict[str, Any] | None) -> None:
        """Add a solver's ``conflicts`` / ``decisions`` / ``propagations`` to the totals
        (``None``: a solver abandoned at its time limit has none to give)."""
        for key in ("conflicts", "decisions", "propagations"):
            value = (effort or {}).get(key)
            if value is not None:
                setattr(self, key, (getattr(self, key) or 0) + int(value))


class Backbone(Record):
    """The part of the answer every solution shares: the cells where solutions differ
    (``undecided``, row-major) and how it was found. ``complete`` is False when the time
    limit cut the search short: then ``undecided`` lists the cells already seen to differ,
    and the others are not proven the same in every solution."""

    __slots__ = ("undecided", "complete", "solutions_seen", "method")

    def __init__(self, undecided: list[Cell], complete: bool, solutions_seen: int,
                 method: str = "blocking") -> None:
        self.undecided = undecided
        self.complete = complete
        self.solutions_seen = solutions_seen
        self.method = method


class SolutionCount(Record):
    """The solutions listed by ``solve --count N``: ``solutions`` in the order found (at most
    N); ``complete`` says they are all of them (False: there are more than N, or a limit
    came first); ``more`` that there are more than N (an answer past the N was found; a limit
    that cuts the listing at N leaves it False: at least N, not more)."""

    __slots__ = ("solutions", "complete", "limit", "more")

    def __init__(self, solutions: list[Any], complete: bool, limit: int,
                 more: bool = False) -> None:
        self.solutions = solutions
        self.complete = complete
        self.limit = limit
        self.more = more


class SolveResult(Record):
    """What one solve-and-prove run found.

    ``solution`` is set for unique and multiple (and for unknown when the time-out came during
    the uniqueness proof); ``second_solution`` and ``differences`` only for multiple.
    ``backbone`` and ``count`` are set when the run was asked for them
    (:mod:`pencilsat.strategies.solution_space`).
    """

    __slots__ = ("verdict", "puzzle", "solution", "second_solution", "differences", "stats",
                 "message", "backbone", "count", "certificate", "x_variant")

    def __init__(self, verdict: Verdict, puzzle: Any, solution: Any = None,
                 second_solution: Any = None, differences: list[Cell] | None = None,
                 stats: SolveStats | None = None, message: str = "",
                 backbone: Backbone | None = None, count: SolutionCount | None = None) -> None:
        self.verdict = verdict
        self.puzzle = puzzle
        self.solution = solution
        self.second_solution = second_solution
        self.differences: list[Cell] = [] if differences is None else differences
        self.stats = SolveStats() if stats is None else stats
        self.message = message
        self.backbone = backbone
        self.count = count
        self.certificate: Any = None
        """Set under ``--certify`` (:mod:`pencilsat.certify`): an object with ``certified``
        and ``to_dict()``."""
        self.x_variant: Any = None
        """Set on a ``multiple`` plain Sudoku, Killer or Jigsaw Sudoku by the user-facing
        solve paths (:mod:`pencilsat.strategies.x_hint`): the verdict of the same grid as an
        X (diagonal) puzzle, with ``text`` and ``to_dict()``."""

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
            data["count_more"] = self.count.more
            data["solutions"] = [rows(s) for s in self.count.solutions]
        if self.x_variant is not None:
            data["x_variant"] = self.x_variant.to_dict()
        if self.certificate is not None:
            data["certified"] = self.certificate.certified
            data["certificate"] = self.certificate.to_dict()
        data["stats"] = self.stats.to_dict()
        data["message"] = self.message or None
        return data
