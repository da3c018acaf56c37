"""The one record every batch path writes, for every genre, solving or grading: schema 1.

``solve --batch``, ``grade --batch``, ``solve P1 P2 --json`` and ``pencilsat.solve_many`` all
give one JSON object per puzzle with the same keys (``KEYS``, plus ``grade`` when grading),
null where a key does not apply, so a reader never has to know which path or genre wrote it;
``docs/batch.md`` describes each key. The JSON text is made where the puzzle was solved (in a
worker), so the main process only writes lines: a record travels as :class:`BatchRecord`, the
JSON line plus the few fields the summary and ``--resume`` read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from pencilsat.core.result import SolveResult

SCHEMA = 1
KEYS = ("schema", "line", "input", "genre", "size", "verdict", "solution", "second_solution",
        "differences", "stats", "seconds", "message")
"""The keys of every record, in the order written; a grading run adds ``grade``."""
STATS_KEYS = ("backend", "encoding", "sat_solver", "variables", "clauses", "conflicts",
              "decisions", "propagations", "encode_s", "solve_s", "uniqueness_s", "decided_by")
"""The keys of ``stats`` (those of ``solve --json``, with ``decided_by`` for every genre); a
figure a path does not measure is null. A strategy may add its own (an over-budget
``unknown`` adds ``memory_estimate`` and ``max_memory``)."""
VERDICTS = ("unique", "multiple", "none", "unknown", "invalid", "error")
EXIT_STATUS = {"unique": 0, "multiple": 1, "none": 2, "unknown": 3, "invalid": 4, "error": 5}
"""The exit status each verdict stands for, as for one puzzle (``error``: a bug in pencilsat
or a worker that died)."""

_encode = json.JSONEncoder(separators=(",", ":")).encode


class BatchRecord(NamedTuple):
    """One puzzle's record: the fields the summary reads and the whole record as JSON."""

    line: int
    """The input's line number in the batch file (its position, from 1, for arguments and
    ``solve_many``)."""
    input: str
    genre: str | None
    size: str | None
    verdict: str
    seconds: float
    message: str | None
    json_text: str
    """The whole record as one JSON line, without the newline."""

    def to_dict(self) -> dict[str, Any]:
        """The record as the JSON object (``docs/batch.md``)."""
        data: dict[str, Any] = json.loads(self.json_text)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BatchRecord:
        """The record of a JSON object read back (``--resume``)."""
        return cls(data["line"], data["input"], data["genre"], data["size"], data["verdict"],
                   float(data["seconds"] or 0.0), data["message"], _encode(data))


def make_record(line: int, input: str, verdict: str, *, genre: str | None = None,
                size: str | None = None, solution: list[str] | None = None,
                second_solution: list[str] | None = None,
                differences: Sequence[Sequence[int]] = (), stats: dict[str, Any] | None = None,
                seconds: float = 0.0, message: str | None = None,
                grade: dict[str, Any] | None = None,
                certificate: dict[str, Any] | None = None,
                generated: dict[str, Any] | None = None) -> BatchRecord:
    """A record with every key; ``grade`` (a grading run's), ``certified`` with
    ``certificate`` (a certifying run's) and ``generated`` (``generate --count``'s) are added
    when given."""
    data: dict[str, Any] = {
        "schema": SCHEMA, "line": line, "input": input, "genre": genre, "size": size,
        "verdict": verdict, "solution": solution, "second_solution": second_solution,
        "differences": [list(cell) for cell in differences],
        "stats": {**dict.fromkeys(STATS_KEYS), **(stats or {})},
        "seconds": round(seconds, 6), "message": message or None,
    }
    if grade is not None:
        data["grade"] = grade
    if certificate is not None:
        data["certified"] = certificate["certified"]
        data["certificate"] = certificate
    if generated is not None:
        data["generated"] = generated
    return BatchRecord(line, input, genre, size, verdict, data["seconds"], data["message"],
                       _encode(data))


def from_result(line: int, input: str, result: SolveResult, seconds: float,
                grade: dict[str, Any] | None = None,
                certificate: dict[str, Any] | None = None) -> BatchRecord:
    """The record of a solve (``solve --json``'s fields: ``SolveResult.to_dict``)."""
    data = result.to_dict()
    return make_record(line, input, data["verdict"], genre=data["genre"],
                       size=puzzle_size(result.puzzle), solution=data["solution"],
                       second_solution=data["second_solution"],
                       differences=data["differences"], stats=data["stats"], seconds=seconds,
                       message=data["message"], grade=grade, certificate=certificate)


def not_solved(line: int, input: str, message: str, *, error: bool = False,
               grading: bool = False, seconds: float = 0.0) -> BatchRecord:
    """The record of an input that could not be read (``invalid``), or of one that met a bug
    or a worker that died (``error``), with the message saying which and where."""
    grade = not_graded("the puzzle was not solved") if grading else None
    return make_record(line, input, "error" if error else "invalid", message=message,
                       seconds=seconds, grade=grade)


def not_graded(reason: str) -> dict[str, Any]:
    """The ``grade`` of a puzzle without one (as ``grade --json`` writes it)."""
    return {"level": None, "score": None, "finished": None, "techniques": {}, "steps": [],
            "reason": f"not graded: {reason}"}


def puzzle_size(puzzle: Any) -> str:
    """``WxH`` (Sudoku: ``NxN``)."""
    if hasattr(puzzle, "width"):
        return f"{puzzle.width}x{puzzle.height}"
    return f"{puzzle.size}x{puzzle.size}"


def results_of(record: dict[str, Any]) -> dict[str, Any]:
    """A record without ``seconds`` and ``stats``: what cannot depend on the machine, the
    worker count or the executor (the figures in ``stats`` are timings and solver effort;
    on the Sudoku batch path the effort depends on the puzzles solved before on the same
    solver)."""
    out = {key: value for key, value in record.items() if key not in ("seconds", "stats")}
    if isinstance(out.get("certificate"), dict):  # its times are the machine's too
        out["certificate"] = {key: value for key, value in out["certificate"].items()
                              if not key.endswith("_seconds")}
    return out
