"""One-line Sudokus through the vectorised batch path, as the same records as any puzzle.

:func:`pencilsat.strategies.sudoku_batch.solve_batch` decides most 9x9 lines in numpy, a
whole shard at once, and the rest on one cached SAT solver per size; this module writes its
verdicts as schema-1 records (rows, differences, a full ``stats``) and, for ``grade --batch``,
grades the unique ones. A shard's lines are solved together but each is graded only as its
record is asked for, so a one-worker ``grade --batch`` writes its first record after the
shard's vectorised pass and one grading, not after every grading of the shard (39 s on
Royle's lines before). The SAT figures (``variables`` ... ``propagations``) are null where
numpy decided (``decided_by`` ``singles`` or ``branching``, ``backend`` ``numpy``) or the
compiled kernel did (``decided_by`` ``kernel``, ``backend`` ``numba``: another search, so
its ``solve_s`` is not comparable with the numpy rounds'); where SAT decided they are this
puzzle's share of the shared solver's work.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.one_puzzle import where
from pencilsat.batch.records import BatchRecord, make_record, not_solved
from pencilsat.batch.task import BatchTask
from pencilsat.core.result import PHASE_MESSAGES, SolveResult, Verdict
from pencilsat.grading.front import grade_proven
from pencilsat.puzzles.sudoku import clue_clash, parse_line
from pencilsat.strategies.sudoku_batch import GridSolvers, solve_batch, uniqueness_seconds

_BY_SAT = ("propagation", "search")
_BACKEND = {"kernel": "numba"}


def sudoku_verdicts(items: list[BatchItem], task: BatchTask,
                    grids: GridSolvers) -> dict[int, dict[str, Any]]:
    """The vectorised pass's findings on ``items`` (one-line Sudokus), by line number, solved
    together on ``grids``: ``sudoku_record`` makes each one's record."""
    found = solve_batch([item.input for item in items], time_limit=task.time_limit,
                        grids=grids)
    return {items[rec["index"]].line: rec for rec in found}


def sudoku_record(item: BatchItem, rec: dict[str, Any], task: BatchTask,
                  grids: GridSolvers) -> BatchRecord:
    """The record of ``item`` from its ``rec`` (``sudoku_verdicts``), graded here when the
    task grades."""
    seconds = rec.get("stats", {}).get("seconds", 0.0)
    if rec["verdict"] == "invalid":
        return not_solved(item.line, item.input, f"{where(item, task)}: {rec['reason']}",
                          grading=task.grade, seconds=seconds)
    line = item.input
    n = round(len(line) ** 0.5)
    first, second = rec.get("solution"), rec.get("second_solution")
    differences = [] if first is None or second is None else [
        (i // n, i % n) for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    verdict = rec["verdict"]
    message = None
    if verdict == "unknown":
        message = PHASE_MESSAGES["proof" if first is not None else "search"]
    elif verdict == "none":
        message = clue_clash(parse_line(line))
    grade = None
    if task.grade:
        start = perf_counter()
        grade = _grade(line, verdict, task.time_limit, seconds, task.faithful, task.score)
        seconds += perf_counter() - start
    return make_record(item.line, item.input, verdict, genre="sudoku", size=f"{n}x{n}",
                       solution=_rows(first, n), second_solution=_rows(second, n),
                       differences=differences, stats=_stats(rec, n, grids),
                       seconds=seconds, message=message, grade=grade)


def _rows(text: str | None, n: int) -> list[str] | None:
    return None if text is None else [text[r * n:(r + 1) * n] for r in range(n)]


def _stats(rec: dict[str, Any], n: int, grids: GridSolvers) -> dict[str, Any]:
    found = rec["stats"]
    by_sat = found["decided_by"] in _BY_SAT
    proof_s = found.get("uniqueness_seconds") or 0.0
    stats: dict[str, Any] = {
        "backend": "cnf" if by_sat else _BACKEND.get(found["decided_by"], "numpy"),
        "encoding": "batch",
        "solve_s": round(found["seconds"] - proof_s, 6),
        "uniqueness_s": uniqueness_seconds(rec), "decided_by": found["decided_by"]}
    if by_sat:
        grid = grids(n)
        stats.update(sat_solver=grids.sat_solver, variables=grid.num_vars,
                     clauses=len(grid.clauses), conflicts=found.get("conflicts"),
                     decisions=found.get("decisions"), propagations=found.get("propagations"))
    return stats


def _grade(line: str, verdict: str, time_limit: float | None,
           proof_seconds: float, faithful: bool = False, score: bool = True
           ) -> dict[str, Any]:
    """The grade of a line whose verdict the batch proved; the grading gets what the proof
    left of ``time_limit`` (its share of a vectorised pass included)."""
    deadline = None if time_limit is None else perf_counter() + time_limit - proof_seconds
    puzzle = parse_line(line)
    graded = grade_proven(puzzle, SolveResult(Verdict(verdict), puzzle), deadline=deadline,
                          faithful=faithful, score=score)
    return {k: v for k, v in graded.to_dict().items() if k != "verdict"}
