"""A fork server's workers import the main module again, as ``multiprocessing`` starts them.
A script read from standard input has none to import, so each dies at once: workers that die
as they start (before running anything) leave the batch to this process, every line gets the
verdict one worker gives, and the summary says why (before, each puzzle was then tried alone
on a new pool and recorded as ``error``: 3,529 of Royle's 49,158 lines, and 60 s instead of
2). A script whose top level calls the CLI is run again by each worker: the CLI refuses to
run there, so the batch runs once (before, each worker ran it again onto the same
``--out``, whose lines then ran into each other)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from batch_support import command_env, janko, results, tdoku, write_batch

from pencilsat.batch import pool
from pencilsat.cli import WORKER_IMPORTING_MAIN

FROM_STDIN = "import sys\nfrom pencilsat.cli import main\nsys.exit(main(sys.argv[1:]))\n"
# One write per process: under PYTHONUNBUFFERED, print's "4" and "\n" are two writes, and two
# workers' lines could run into each other ("44").
UNGUARDED = ("import os\nfrom pencilsat.cli import main\n"
             "os.write(1, (str(main({args!r})) + '\\n').encode())\n")


def _at_once(tmp_path: Path) -> tuple[Path, int]:
    """A batch handed to the workers at once (an unreadable line weighs a unit), with six
    puzzles."""
    lines = [f"oops {n}" for n in range(int(pool.AT_ONCE_UNITS))]
    lines[::100] = [*janko("masyu", 3, 200), *tdoku("unique", 3)]
    return write_batch(tmp_path, lines), len(lines)


def _records(out: Path) -> list[dict]:
    return [json.loads(line) for line in out.read_text().splitlines()]


def _options(batch: Path, out: Path, workers: str) -> list[str]:
    return ["solve", "--batch", str(batch), "--out", str(out), "--workers", workers,
            "--fail-on", "never"]


@pytest.mark.skipif(sys.platform != "linux", reason="the fork server is Linux's")
def test_a_batch_whose_workers_die_as_they_start_is_solved_here(tmp_path):
    batch, count = _at_once(tmp_path)
    runs = {}
    for workers in ("1", "2"):
        out = tmp_path / f"records-{workers}.jsonl"
        done = subprocess.run([sys.executable, "-", *_options(batch, out, workers)],
                              input=FROM_STDIN, capture_output=True, text=True,
                              env=command_env(), timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        runs[workers] = (_records(out), done.stderr)
    records, summary = runs["2"]
    assert results(records) == results(runs["1"][0])
    assert len(records) == count
    assert "this process: 2 worker processes died as they started" in summary
    assert sum(record["verdict"] == "unique" for record in records) == 6


@pytest.mark.skipif(sys.platform != "linux", reason="the fork server is Linux's")
def test_an_unguarded_script_runs_its_batch_once(tmp_path):
    batch, count = _at_once(tmp_path)
    out = tmp_path / "records.jsonl"
    script = tmp_path / "unguarded.py"
    script.write_text(UNGUARDED.format(args=_options(batch, out, "2")))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=command_env(), timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    *workers, own = done.stdout.split()  # each worker's import ran the script: refused
    assert (own, set(workers)) == ("0", {"4"})
    assert WORKER_IMPORTING_MAIN in done.stderr
    records = _records(out)
    assert sorted(record["line"] for record in records) == list(range(1, count + 1))
    assert sum(record["verdict"] == "unique" for record in records) == 6
