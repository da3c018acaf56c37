"""``pencilsat grade --batch FILE``: prove each Sudoku unique on the batch path, then grade it.

Uniqueness comes from :func:`pencilsat.strategies.sudoku_batch.solve_batch` (one SAT solver for
the whole file); only ``unique`` puzzles reach Sato's engine, as in the single-puzzle front.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from time import perf_counter
from typing import IO, Any

from pencilsat.batch.sudoku_lines import read_batch_lines, write_records
from pencilsat.core.errors import InputError
from pencilsat.formats.detect import names_a_puzzle
from pencilsat.grading.clock import TIMED_OUT_REASON, GradingTimeOut
from pencilsat.grading.sudoku import grade_sudoku
from pencilsat.puzzles.sudoku import parse_line
from pencilsat.strategies.sudoku_batch import solve_batch


def grade_batch(lines: list[str], *, time_limit: float | None = None) -> Iterator[dict[str, Any]]:
    """One record per line: ``index``, ``verdict`` and, for unique 9x9 puzzles, the grade's
    keys (``level``, ``level_up``, ``finished``, ``techniques``, ``steps``).

    ``time_limit`` bounds each puzzle's proof and grading together, as in ``pencilsat grade``:
    the grading gets what the proof left of it (the proof's ``seconds``, its share of a
    vectorised pass included). A grading cut short has ``level`` null and a ``reason``."""
    for rec in solve_batch(lines, time_limit=time_limit):
        out: dict[str, Any] = {"index": rec["index"], "verdict": rec["verdict"]}
        if "reason" in rec:
            out["reason"] = rec["reason"]
            if names_a_puzzle(lines[rec["index"]]):  # a URL, game ID or file, not a Sudoku
                out["reason"] = ("grade --batch takes one-line Sudokus; grade this puzzle on "
                                 "its own: pencilsat grade " + lines[rec["index"]].strip())
        if rec["verdict"] == "unique":
            deadline = None
            if time_limit is not None:
                deadline = perf_counter() + time_limit - rec["stats"]["seconds"]
            try:
                puzzle = parse_line(lines[rec["index"]].strip())
                out.update(grade_sudoku(puzzle, deadline=deadline).to_json())
            except InputError as err:  # e.g. a 16x16: Sato's grader is 9x9 only
                out.update({"level": None, "reason": f"not graded: {err}"})
            except GradingTimeOut:
                out.update({"level": None, "reason": TIMED_OUT_REASON})
        yield out


def run_grade_batch(path_or_stdin: str, out_stream: IO[str] | None = None,
                    progress: bool | None = None, *, time_limit: float | None = None) -> int:
    lines = read_batch_lines(path_or_stdin)
    if progress is None:
        progress = sys.stderr.isatty()
    write_records(grade_batch(lines, time_limit=time_limit), len(lines),
                  out_stream or sys.stdout, progress, "sudoku grading")
    return 0
