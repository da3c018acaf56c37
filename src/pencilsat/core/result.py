"""The plain values a solve returns: verdict, solutions, differences and statistics."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from pencilsat.core.values import Cell


class EncodingTimeOut(Exception):
    """The time limit ran out while a puzzle was still being encoded (the verdict is
    ``unknown``): big Tamura encodings take seconds to build before any solving starts."""


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

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        data.update(extra)
        return data


@dataclass
class SolveResult:
    """What one solve-and-prove run found.

    ``solution`` is set for unique and multiple (and for unknown when the time-out came during
    the uniqueness proof); ``second_solution`` and ``differences`` only for multiple.
    """

    verdict: Verdict
    puzzle: Any
    solution: Any = None
    second_solution: Any = None
    differences: list[Cell] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)
    message: str = ""


def encoding_timed_out(puzzle: Any, stats: SolveStats) -> SolveResult:
    """The ``unknown`` result of a run whose time limit passed before encoding was done: one
    wording for every strategy."""
    return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats,
                       message="time limit reached while encoding")
