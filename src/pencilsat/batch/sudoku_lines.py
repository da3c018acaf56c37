"""Files of one-line Sudokus in and JSON lines out: the I/O of ``solve --batch`` on the
vectorised Sudoku path (:func:`pencilsat.strategies.sudoku_batch.solve_batch`)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable
from typing import IO, Any

from pencilsat.strategies.sudoku_batch import solve_batch


def read_batch_lines(path_or_stdin: str) -> list[str]:
    """The lines of a batch file, or of standard input for ``-``; InputError if unreadable."""
    from pencilsat.core.errors import InputError

    if path_or_stdin == "-":
        return sys.stdin.read().removeprefix("\ufeff").splitlines()
    try:
        with open(path_or_stdin, encoding="utf-8-sig") as fh:  # a BOM (Windows Notepad) dropped
            return fh.read().splitlines()
    except FileNotFoundError:
        raise InputError(f"no such file: {path_or_stdin}",
                         hint="give a file of one-line Sudokus, or - for stdin") from None
    except (IsADirectoryError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read {path_or_stdin}: {err}") from None


def write_records(records: Iterable[dict[str, Any]], total: int, out: IO[str],
                  progress: bool, label: str) -> None:
    """One compact JSON line per record; a rich progress bar on stderr when ``progress``."""
    write = out.write
    dumps = json.JSONEncoder(separators=(",", ":")).encode
    if not progress:
        for rec in records:
            write(dumps(rec) + "\n")
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]:,.0f}/s"))
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(label, total=total, rate=0.0)
        start = time.perf_counter()
        step = max(1, min(2000, total // 100))
        for i, rec in enumerate(records, start=1):
            write(dumps(rec) + "\n")
            if i % step == 0 or i == total:
                bar.update(task, completed=i, rate=i / max(time.perf_counter() - start, 1e-9))


def run_batch(source: str | list[str], out_stream: IO[str] | None = None, progress: bool = True,
              *, sat_solver: str | None = None, time_limit: float | None = None) -> int:
    """``pencilsat solve --batch FILE``: JSON lines on ``out_stream``, progress on stderr.

    ``source`` is a file path, ``-``, or the lines already read. Exit status: 0 when every
    line was read (whatever the verdicts; they are in the records), 4 when the file cannot be
    read.
    """
    lines = read_batch_lines(source) if isinstance(source, str) else source
    records = solve_batch(lines, sat_solver=sat_solver, time_limit=time_limit)
    write_records(records, len(lines), out_stream or sys.stdout, progress, "sudoku batch")
    return 0
