"""Helpers for the batch tests: a mixed batch file (every genre, every verdict, bad lines),
running ``--batch`` in this process or as a command, and reading the records back."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, REPO, WORKERS_AT_ONCE

from pencilsat.batch.records import results_of
from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.batch.task import BatchTask


def tdoku(kind: str, count: int) -> list[str]:
    """One-line Sudokus of tdoku's test set with 0 (``none``), 1 (``unique``) or more
    (``multiple``) solutions."""
    wanted = {"none": lambda n: n == 0, "unique": lambda n: n == 1,
              "multiple": lambda n: n > 1}[kind]
    rows = [line.split("\t") for line in
            (CORPUS / "sudoku/tdoku_test_puzzles.tsv").read_text().splitlines()]
    return [row[0] for row in rows if len(row[0]) == 81 and wanted(int(row[1]))][:count]


def janko(genre: str, count: int, step: int = 1) -> list[str]:
    return [str(p) for p in sorted((CORPUS / genre / "janko").glob("*.txt"))[::step][:count]]


def mixed_lines() -> list[str]:
    """Every genre and verdict: Masyu and Light Up files, a puzz.link URL, a Tatham game ID,
    one-line Sudokus that are unique, multiple and contradictory, a Sudoku as a file path
    would be, a comment, a blank line and unreadable lines."""
    url = (CORPUS / "masyu/pzprjs/mashu_example.url").read_text().strip()
    return [
        "# a week of submissions", *janko("masyu", 6, 97), url, *tdoku("unique", 4),
        *janko("lightup", 5, 131), "", *tdoku("multiple", 3), *tdoku("none", 2),
        "pearl:3x2:aBd", "no-such-file.txt", "12345", "https://puzz.link/p?mashu/3/3/0z0",
        str(CORPUS / "masyu/seed_10x10.txt"), "masyu 3 3 is not a puzzle line",
    ]


def write_batch(tmp_path: Path, lines: list[str], name: str = "batch.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def batch_records(path: Path, task: BatchTask | None = None, **options) -> list[dict]:
    """The records of ``--batch path`` run in this process (``options``: BatchRun's)."""
    out = io.StringIO()
    run_batch(BatchRun(str(path), task or BatchTask(), **options), out, io.StringIO())
    return [json.loads(line) for line in out.getvalue().splitlines()]


def results(records: list[dict]) -> list[dict]:
    """The records by line, without the figures that depend on the machine."""
    return [results_of(record) for record in sorted(records, key=lambda r: r["line"])]


def pencilsat(*args: str, env: dict[str, str] | None = None,
              timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``pencilsat ARGS`` as a new process."""
    return subprocess.run([sys.executable, "-m", "pencilsat.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env=command_env(env))


def command_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO / "src"), **(extra or {})}


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def in_session(session: int) -> list[int]:
    """The processes of ``session`` (the run's workers, fork server and tracker)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(name))
    return found


def left_in_session(session: int, guard: float = 60.0) -> list[int]:
    """The processes of ``session`` still there once they have left (an event waited for,
    with a guard of ``guard`` seconds against a hang): ``[]`` when all exited."""
    deadline = time.monotonic() + guard
    while in_session(session) and time.monotonic() < deadline:
        time.sleep(0.01)  # waiting for an event: the workers' exit
    return in_session(session)


GUARD_SECONDS = 120.0
"""The longest a stopped run may take to end before the test calls it hung."""


@contextmanager
def guarded(run: subprocess.Popen) -> Iterator[None]:
    """Inside, a run that hangs is killed after ``GUARD_SECONDS`` (so that a read of its
    output ends and the test fails instead of hanging the suite); on leaving, whatever of
    its session is left is killed."""
    guard = threading.Timer(GUARD_SECONDS, kill_what_is_left, [run])
    guard.start()
    try:
        yield
    finally:
        guard.cancel()
        kill_what_is_left(run)


def ended(run: subprocess.Popen, hung: str) -> tuple[Any, Any]:
    """The rest of ``run``'s output and its stderr once it and every process of its session
    ended (events waited for); a run still going after ``GUARD_SECONDS`` fails the test with
    ``hung``. Called inside :func:`guarded`."""
    try:
        out, err = run.communicate(timeout=GUARD_SECONDS)
    except subprocess.TimeoutExpired:
        kill_what_is_left(run)
        pytest.fail(hung)
    assert left_in_session(run.pid) == [], err
    return out, err


def kill_what_is_left(run: subprocess.Popen) -> None:
    """A test's cleanup: the run's session killed if anything of it still runs."""
    if run.poll() is None or in_session(run.pid):
        os.killpg(run.pid, signal.SIGKILL)


def long_two_worker_batch(tmp_path: Path, before: Any = None) -> tuple[subprocess.Popen, Path]:
    """A 2-worker batch of seconds of work (stopped before it ends), started as a command in
    its own session (``before``: a ``preexec_fn``), and its ``--out`` file."""
    batch = tmp_path / "batch.txt"
    batch.write_text((tdoku("unique", 1)[0] + "\n") * 131072)
    out = tmp_path / "records.jsonl"
    env = command_env()
    env.pop(WORKERS_AT_ONCE[0])
    run = subprocess.Popen(
        [sys.executable, "-m", "pencilsat.cli", "solve", "--batch", str(batch), "--workers",
         "2", "--out", str(out)], stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True, preexec_fn=before)
    return run, out


def wait_for_records(run: subprocess.Popen, out: Path) -> None:
    """Until the first records are in ``out`` (an event) or the run has ended."""
    while not (out.exists() and out.stat().st_size) and run.poll() is None:
        time.sleep(0.01)  # polling for the event, not waiting for a time
